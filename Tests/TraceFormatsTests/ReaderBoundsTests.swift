import EvdevModel
import Foundation
import GestureCore
import GestureRuntime
import SystemCalls
import Testing
@testable import TraceFormats
import TracePlayback

/// Issue 7: the readers do bounded work and memory for any input of a given size, read alike whatever the
/// line ends, and every malformed input names its line.
@Suite struct ReaderBoundsTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// The error `body` throws, as `file:line: message` with the file's name only.
    private func message(_ body: () throws -> Void) -> String? {
        traceError(body).map { $0.description.replacingOccurrences(of: directory.path + "/", with: "") }
    }

    /// The error of a recording: through `TraceReader` (read whole, when small), read whole, and (when
    /// `streamed`, for a recording in libinput record's layout) streamed with a whole-document limit of 16
    /// bytes: the same from each.
    private func recordingError(_ bytes: [UInt8], streamed: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> String?
    {
        let path = try directory.write("rec.yml", bytes: bytes)
        let opened = message { _ = try TraceReader.open(path: path).readAll() }
        let whole = message { _ = try LibinputRecordReader.readWholeDocument(path: FilePath(path)) }
        #expect(whole == opened, sourceLocation: sourceLocation)
        if streamed {
            let onlyStreamed = message {
                let reader = try LibinputRecordReader(path: FilePath(path), wholeDocumentLimit: 16)
                while try reader.next() != nil {}
            }
            #expect(onlyStreamed == opened, sourceLocation: sourceLocation)
        }
        return opened
    }

    private func recordingError(_ text: String, streamed: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> String?
    {
        try recordingError(Array(text.utf8), streamed: streamed, sourceLocation: sourceLocation)
    }

    /// A recording's description and events: streamed, and read whole, which must agree.
    private func recording(_ bytes: [UInt8]) throws -> (description: DeviceDescription, events: [InputEvent], streamed: Bool) {
        let path = try directory.write("rec.yml", bytes: bytes)
        let reader = try LibinputRecordReader(path: FilePath(path))
        var events: [InputEvent] = []
        while let event = try reader.next() { events.append(event) }
        let whole = try LibinputRecordReader.readWholeDocument(path: FilePath(path))
        #expect(whole.description == reader.description)
        #expect(whole.events == events)
        return (reader.description, events, !reader.readsWholeDocument)
    }

    // MARK: YAML aliases

    /// Anchors `a0` … `a(depth − 1)`, each a list of ten aliases of the one before, and a mapping whose key is
    /// the last: 10^depth nodes that Yams would hash, in a few hundred bytes.
    static func aliasBomb(depth: Int) -> String {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1..<depth {
            text += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        return text + "k: {*a\(depth - 1): 1}\n"
    }

    /// Issue 7: a header with an alias used as a mapping key hung the CPU (ten times the work per level).
    @Test(.timeLimit(.minutes(1))) func anAliasBombInTheHeaderIsRefusedAtOnce() throws {
        let bomb = Self.aliasBomb(depth: 9)
        #expect(bomb.utf8.count < 600)
        let text = smallRecording.replacingOccurrences(of: "version: 1\n", with: "version: 1\n" + bomb)
        #expect(try recordingError(text) == "rec.yml:4: expected no YAML aliases (libinput record writes none), found *a0")
    }

    /// Issue 7: the same inside an event row, which the streaming hands to Yams alone.
    @Test(.timeLimit(.minutes(1))) func anAliasBombInAnEventRowIsRefusedAtOnce() throws {
        let ten = Array(repeating: "1", count: 10).joined(separator: ", ")
        let nine = { (name: String) in Array(repeating: "*\(name)", count: 9).joined(separator: ", ") }
        let row = "[&a [&b [&c [&d [\(ten)], \(nine("d"))], \(nine("c"))], \(nine("b"))], {*a: 1}]"
        let text = smallRecording.replacingOccurrences(of: "[  0,  10000,   3,  53,     520]", with: row)
        #expect(try recordingError(text) == "rec.yml:47: expected no YAML aliases (libinput record writes none), found *d")
    }

    @Test func anAliasInAFlowStyleRecordingIsRefused() throws {
        let text = "version: 1\ndevices:\n- evdev: {name: x, id: [0, 0, 0, 0]}\n  events:\n"
            + "  - {evdev: &frame [[0, 1, 0, 0, 0]]}\n  - {evdev: *frame}\n"
        #expect(try recordingError(text, streamed: false) == "rec.yml:6: expected no YAML aliases (libinput record writes none), found *frame")
    }

    /// An anchor alone names a node and costs nothing: read as before.
    @Test func anchorsWithoutAliasesAreRead() throws {
        let plain = try recording(Array(smallRecording.utf8))
        let anchored = try recording(Array(smallRecording.replacingOccurrences(of: "version: 1\n", with: "version: &v 1\n").utf8))
        #expect(anchored.streamed)
        #expect(anchored.description == plain.description)
        #expect(anchored.events == plain.events)
    }

    // MARK: The whole-document limit

    /// Issue 7: a flow-style recording of 56 MB peaked at 2.6 GB read whole. Now at most 2 MiB is read
    /// whole (at most ~240 MB at Yams's worst, 100 bytes of nodes per byte); anything larger must be in
    /// libinput record's own layout, which is streamed.
    @Test func aFlowStyleRecordingIsReadWholeUpTo2MiB() throws {
        #expect(LibinputRecordReader.wholeDocumentLimit == 2 << 20)
        #expect(LibinputRecordReader.headerLimit == 2 << 20)
        let head = "version: 1\ndevices:\n- node: n\n  evdev:\n    name: x\n    id: [0, 0, 0, 0]\n"
            + "  events: [{evdev: [[0, 1, 3, 53, 5], [0, 1, 0, 0, 0]]}]\n"
        /// The recording, then comment lines of up to 1000 bytes up to `size` bytes.
        func padded(to size: Int) -> [UInt8] {
            var bytes = Array(head.utf8)
            while bytes.count < size {
                let line = min(1000, size - bytes.count)
                if line > 1 { bytes += [UInt8(ascii: "#")] + Array(repeating: UInt8(ascii: "x"), count: line - 2) }
                bytes.append(0x0A)
            }
            return bytes
        }
        let atLimit = padded(to: 2 << 20)
        #expect(atLimit.count == 2 << 20)
        let read = try recording(atLimit)
        #expect(!read.streamed)
        #expect(read.events == [InputEvent(time: Timestamp(microseconds: 1), type: 3, code: 53, value: 5),
                                InputEvent(time: Timestamp(microseconds: 1), type: 0, code: 0, value: 0)])
        let path = try directory.write("big.yml", bytes: padded(to: (2 << 20) + 1))
        #expect(
            message { _ = try TraceReader.open(path: path).readAll() }
                == "big.yml:7: expected a top-level devices: list whose first device has its events: key on a line of its own, "
                + "after its evdev: key (libinput record's own layout: a recording of more than 2 MiB is streamed, not read whole as YAML)")
    }

    // MARK: Line ends, byte order marks, bytes that are not text

    static let events = """
        E: 1.000000 0003 0039 0001
        E: 1.000000 0003 0035 0100
        E: 1.000000 0000 0000 0000
        E: 1.010000 0003 0039 -001
        E: 1.010000 0000 0000 0000

        """

    /// Issue 7: CR line ends made an evemu trace one comment line, and a 65 without a line. CR, LF and
    /// CR LF are all line ends now, in both formats, as in YAML.
    @Test func crLineEndsAreLineEnds() throws {
        let lf = try directory.write("lf.evemu", smallHeader + Self.events)
        let expected = try TraceReader.open(path: lf)
        let expectedEvents = try expected.readAll()
        #expect(expectedEvents.count == 5)
        for (name, end) in [("cr", "\r"), ("crlf", "\r\n")] {
            let path = try directory.write(name + ".evemu", (smallHeader + Self.events).replacingOccurrences(of: "\n", with: end))
            let trace = try TraceReader.open(path: path)
            #expect(trace.description == expected.description)
            #expect(try trace.readAll() == expectedEvents)
            #expect(trace.cutShortLine == nil)
        }
        // Mixed, and a CR then a CR LF: an empty line between.
        let mixed = try directory.write("mixed.evemu", smallHeader + "E: 1.000000 0003 0039 0001\r\r\nE: 1.000000 0003 0035 0100\n\r"
                                        + "E: 1.000000 0000 0000 0000\r\nE: 1.010000 0003 0039 -001\rE: 1.010000 0000 0000 0000\n")
        #expect(try TraceReader.open(path: mixed).readAll() == expectedEvents)
        // An error names its line, counted the same way.
        let bad = (smallHeader + "E: 1.0 0 0 0\nE: 1.0 0 zz 0\n").replacingOccurrences(of: "\n", with: "\r")
        #expect(message { _ = try TraceReader.open(path: try directory.write("bad.evemu", bad)).readAll() }
                == "bad.evemu:18: expected a hexadecimal event code (0 to ffff), found 'zz'")
        // YAML: streamed as before, the same events; an error at its line.
        let yaml = try recording(Array(smallRecording.replacingOccurrences(of: "\n", with: "\r").utf8))
        #expect(yaml.streamed)
        #expect(yaml.events == (try recording(Array(smallRecording.utf8))).events)
        let badRow = smallRecording.replacingOccurrences(of: "[  0,  10000,   3,  53,     520]", with: "[0, 10000, 3, 53]")
        #expect(try recordingError(badRow.replacingOccurrences(of: "\n", with: "\r"))
                == "rec.yml:47: devices[0].events[2].evdev[0]: expected [sec, usec, type, code, value] (5 integers), found 4 items")
    }

    /// A long trace with CR line ends: every line end is found without searching the buffer again.
    @Test(.timeLimit(.minutes(1))) func manyCRLinesAreReadInLinearTime() throws {
        var text = smallHeader
        for frame in 0..<100_000 { text += "E: \(frame / 1000).\(frame % 1000) 0003 0035 \(frame % 1000)\nE: \(frame / 1000).\(frame % 1000) 0000 0000 0\n" }
        let path = try directory.write("long.evemu", text.replacingOccurrences(of: "\n", with: "\r"))
        #expect(try TraceReader.open(path: path).readAll().count == 200_000)
    }

    /// Issue 7: a UTF-8 byte order mark was refused before an evemu trace, accepted before YAML. Skipped
    /// before both now.
    @Test func aByteOrderMarkIsSkippedInBothFormats() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let plain = try TraceReader.open(path: directory.write("plain.evemu", smallHeader + Self.events))
        let marked = try TraceReader.open(path: directory.write("bom.evemu", bytes: bom + Array((smallHeader + Self.events).utf8)))
        #expect(marked.description == plain.description)
        #expect(try marked.readAll() == (try plain.readAll()))
        // A header-less trace too, with its description beside it.
        try directory.write("bare.desc", bytes: bom + Array(smallHeader.utf8))
        let bare = try TraceReader.open(path: directory.write("bare.events", bytes: bom + Array(Self.events.utf8)))
        #expect(bare.description == plain.description)
        #expect(try bare.readAll().count == 5)
        // YAML, streamed or read whole: as without the mark.
        let yaml = try recording(bom + Array(smallRecording.utf8))
        #expect(yaml.streamed)
        #expect(yaml.events == (try recording(Array(smallRecording.utf8))).events)
        // Only at the start of the file.
        let inside = Array((smallHeader + "E: 1.0 0 0 0\n").utf8) + bom + Array(Self.events.utf8)
        #expect(message { _ = try TraceReader.open(path: try directory.write("inside.evemu", bytes: inside)).readAll() }
                == "inside.evemu:18: expected an event line (E:) or a # comment, found '\\xef\\xbb\\xbfE: 1.000000 0003 0039 0001'")
    }

    /// Issue 7: a NUL in a small YAML file (read whole) gave a byte offset; the line and column now, as
    /// streamed.
    @Test func aNULInYAMLNamesItsLineAndColumn() throws {
        var bytes = Array(smallRecording.utf8)
        let at = try #require(bytes.indices.first { bytes[$0...].starts(with: Array("ndevices".utf8)) })
        bytes.insert(0, at: at + 3)
        #expect(try recordingError(bytes) == "rec.yml:3: unexpected NUL byte in column 4: expected a YAML text file")
    }

    /// A control character, which YAML does not allow: its line, from libyaml's offset.
    @Test func aControlCharacterInYAMLNamesItsLine() throws {
        let text = smallRecording.replacingOccurrences(of: "name: \"Test Touchscreen\"", with: "name: \"Test\u{1}Touchscreen\"")
        #expect(try recordingError(text) == "rec.yml:15: expected valid YAML: control characters are not allowed")
    }

    @Test func invalidUTF8InAYAMLHeaderNamesItsLine() throws {
        var bytes = Array(smallRecording.utf8)
        let at = try #require(bytes.indices.first { bytes[$0...].starts(with: Array("debian".utf8)) })
        bytes[at] = 0xFF
        #expect(try recordingError(bytes) == "rec.yml:8: expected UTF-8 text (YAML), found invalid bytes")
    }

    // MARK: Line limits

    /// One limit for every line of both formats: 1 MiB. A longer line, comment or not, is refused at its
    /// line, in YAML whether streamed or read whole.
    @Test func theLineLimitIsTheSameInYAML() throws {
        let long = "# " + String(repeating: "x", count: 1 << 20) + "\n"
        #expect(try recordingError(smallRecording.replacingOccurrences(of: "system:\n", with: long + "system:\n"))
                == "rec.yml:7: expected a line of at most 1048576 bytes (1 MiB), found a longer one")
        let text = smallRecording.replacingOccurrences(of: "  - hid: {time: [0, 5000], hidraw0: [0x01, 0x02]}\n", with: long)
        #expect(try recordingError(text) == "rec.yml:45: expected a line of at most 1048576 bytes (1 MiB), found a longer one")
        // A comment of 1 MB is no problem.
        let fine = smallRecording.replacingOccurrences(of: "system:\n", with: "# " + String(repeating: "x", count: 1_000_000) + "\nsystem:\n")
        #expect(try recording(Array(fine.utf8)).events.count == 10)
    }

    // MARK: A last line without its line end

    /// Issue 7: a last line of 1 MB without its line end gave 65. Any last line without its line end, up to the
    /// line limit, is a write cut short: dropped, as SPEC says, whatever it holds.
    static let cutLastLines: [String: String] = [
        "an event line of 1 MB": "E: 1.020000 0003 0035 " + String(repeating: "1", count: 1_000_000),
        "an E alone": "E",
        "garbage": "garbage",
        "NULs": "\u{0}\u{0}\u{0}\u{0}",
        "a description line": "A: 35 0 1000 0 0 10",
    ]

    @Test(arguments: cutLastLines.keys.sorted())
    func aCutLastLineIsDropped(last: String) throws {
        let text = smallHeader + "E: 1.000000 0003 0039 0001\nE: 1.000000 0000 0000 0000\n" + Self.cutLastLines[last]!
        let trace = try TraceReader.open(path: directory.write("cut.evemu", text))
        #expect(try trace.readAll() == [InputEvent(time: T(1_000_000), type: 3, code: 0x39, value: 1),
                                        InputEvent(time: T(1_000_000), type: 0, code: 0, value: 0)])
        #expect(trace.cutShortLine == 19)
    }

    /// A last line longer than the line limit is refused as any other (SPEC "Input files", Line length), whatever it
    /// holds, without reading its rest: an endless one (`/dev/zero` given as a trace) is refused too, where reading
    /// it to its end to learn that it was the last never ended.
    @Test(arguments: ["E: 1.020000 0003 0035 " + String(repeating: "1", count: 2_000_000), "# " + String(repeating: "x", count: 2 << 20),
                      String(repeating: "\u{0}", count: 2 << 20)])
    func aLastLineOverTheLimitIsRefused(last: String) throws {
        let text = smallHeader + "E: 1.000000 0003 0039 0001\nE: 1.000000 0000 0000 0000\n" + last
        let path = try directory.write("long.evemu", text)
        let expected = last.hasPrefix("\u{0}") ? "long.evemu:19: unexpected NUL byte in column 1: expected a text evemu file"
            : "long.evemu:19: expected a line of at most 1048576 bytes (1 MiB), found a longer one"
        #expect(message { _ = try TraceReader.open(path: path).readAll() } == expected)
    }

    /// A comment has nothing to drop; a description file need not end with a line end.
    @Test func aLastCommentOrDescriptionLineWithoutItsLineEndIsRead() throws {
        let comment = try TraceReader.open(path: directory.write("c.evemu", smallHeader + "E: 1.0 0 0 0\n# " + String(repeating: "x", count: 1_000_000)))
        #expect(try comment.readAll().count == 1)
        #expect(comment.cutShortLine == nil)
        // Before any event, an unterminated E: line is cut short; other lines are read (or refused) as usual.
        let event = try TraceReader.open(path: directory.write("e.evemu", smallHeader + "E: 1.0 0 0"))
        #expect(try event.readAll() == [])
        #expect(event.cutShortLine == 17)
        #expect(message { _ = try TraceReader.open(path: try directory.write("g.evemu", smallHeader + "garbage")) }
                == "g.evemu:17: expected a description line (N:, I:, P:, B:, A:, L:, S:), an event line (E:) or a # comment, found 'garbage'")
    }

    // MARK: The line reader itself

    /// Lines by a plain reading of the bytes: the reference for `LineReader`.
    private func referenceLines(_ bytes: [UInt8], limit: Int) -> [String] {
        var bytes = bytes[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        var lines: [String] = []
        var current: [UInt8] = []
        func emit(_ ending: String) {
            // An overlong line is handed out before its end is read: it has no ending.
            let kept = current.count > limit ? Array(current.prefix(min(4096, (limit + 1) / 2))) : current
            lines.append(String(decoding: kept, as: UTF8.self) + (current.count > limit ? " (overlong)" : " " + ending))
            current = []
        }
        var index = bytes.startIndex
        while index < bytes.endIndex {
            switch bytes[index] {
            case 0x0A:
                emit("end")
            case 0x0D:
                emit("end")
                if index + 1 < bytes.endIndex && bytes[index + 1] == 0x0A { index += 1 }
            default:
                current.append(bytes[index])
            }
            index += 1
        }
        if !current.isEmpty { emit("eof") }
        return lines
    }

    /// Every line limit from 3 to 24 bytes, so that line ends, CR LF pairs and overlong lines fall across the
    /// buffer's refills in every way: the lines of the simple reading.
    @Test func theLineReaderAgreesWithAPlainReading() throws {
        let texts = [
            "ab\r\ncd\ref\n\r\nghijklmnopqrstu\rq\r\n\n\rvwxyz0123456789abcdefghij\r\n",
            "\u{FEFF}one\rtwo\r\nthree\nthe last line, long and without its line end",
            "\r\r\n\n\n\r",
            "\u{FEFF}",
        ]
        for text in texts {
            let path = try directory.write("lines.txt", text)
            for limit in 3...24 {
                let reader = try LineReader(path: FilePath(path), lineLimit: limit)
                var lines: [String] = []
                while let line = try reader.next() {
                    let ending = switch line.ending {
                    case .lineEnd: " end"
                    case .endOfFile: " eof"
                    case .notRead: ""
                    }
                    lines.append(String(decoding: line.bytes, as: UTF8.self) + (line.isOverlong ? " (overlong)" : "") + ending)
                    #expect(line.isOverlong == (line.ending == .notRead))
                    #expect(line.number == lines.count)
                }
                #expect(lines == referenceLines(Array(text.utf8), limit: limit), "limit \(limit): \(text.debugDescription)")
            }
        }
    }
}
