import GestureRuntime
import SystemCalls
import Testing
@testable import TraceFormats
import TracePlayback

/// Text for a terminal shows its control characters as `\xNN`, as a path does.
@Suite struct TerminalTextTests {
    @Test func controlCharactersAreShown_everythingElseKept() {
        #expect(TerminalText.escaped("plain, é, ✓, \\x1b") == "plain, é, ✓, \\x1b")
        #expect(TerminalText.escaped("\u{1B}[31mred\r\nbell\u{07}\0tab\t") == "\\x1b[31mred\\x0d\\x0abell\\x07\\x00tab\\x09")
        #expect(TerminalText.escaped("del\u{7F} csi\u{9B} nel\u{85}") == "del\\x7f csi\\xc2\\x9b nel\\xc2\\x85")
        // Escaped once, the same twice.
        let once = TerminalText.escaped("a\u{1B}b")
        #expect(TerminalText.escaped(once) == once)
    }

    @Test func aPathShowsItsControlCharactersAndItsInvalidBytesAlike() {
        #expect(FilePath(bytes: Array("a\u{1B}b\u{9B}c".utf8) + [0xE9]).description == "a\\x1bb\\xc2\\x9bc\\xe9")
    }
}
