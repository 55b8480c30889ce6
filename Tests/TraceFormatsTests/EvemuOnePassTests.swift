import EvdevModel
import GestureCore
import GestureRuntime
import SystemCalls
import Testing
@_spi(Fuzzing) @testable import TraceFormats
import TracePlayback

/// The one-pass reading of plain event lines (`EvemuSyntax.plainEvent`) against the validating path that
/// reads every other line: whatever the one pass takes, it reads as the validating path does, and what it
/// leaves gives the same events, or the same error at the same line, as before.
@Suite struct EvemuOnePassTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// Lines as evemu-record, umockdev and our own writer write them, and the edges of the one pass's
    /// grammar: each is read in one pass, as the event given.
    static let plainLines: [(line: String, event: InputEvent)] = [
        ("E: 0.000001 0003 0035 1805\t# EV_ABS / ABS_MT_POSITION_X    1805", event(1, 3, 0x35, 1805)),
        ("E: 0.0 0000 0000 0", event(0, 0, 0, 0)),
        ("E: 0.000001 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +0ms", event(1, 0, 0, 0)),
        ("E: 12.5 0003 0039 -001", event(12_000_005, 3, 0x39, -1)),
        ("E: 1.10000 0001 014a 1", event(1_010_000, 1, 0x14a, 1)),
        ("E: 1.010000 0001 014A 0001", event(1_010_000, 1, 0x14a, 1)),
        ("E: 0.1 3 35 -0", event(1, 3, 0x35, 0)),
        ("E: 0000.000001 0003 0035 0", event(1, 3, 0x35, 0)),
        ("E: 999999999999.999999 ffff FFFF 999999999", event(999_999_999_999_999_999, 0xFFFF, 0xFFFF, 999_999_999)),
        ("E: 1.000000 0003 0036 -999999999", event(1_000_000, 3, 0x36, -999_999_999)),
        ("E: 0.1 0003 0035 12#comment", event(1, 3, 0x35, 12)),
        ("E: 0.1 0003 0035 12 ", event(1, 3, 0x35, 12)),
        ("E: 0.1 0003 0035 12 \t # # #", event(1, 3, 0x35, 12)),
        ("E: 0.1 0003 0035 12\t#", event(1, 3, 0x35, 12)),
        ("E: 0.1 0003 0035 1 # caf\u{E9}", event(1, 3, 0x35, 1)),
    ]

    /// Lines the one pass leaves to the validating path, which reads some and refuses the others.
    static let otherLines: [String] = [
        // Blanks other than one space between the fields.
        "E:0.1 0003 0035 1", "E:  0.1 0003 0035 1", "E:\t0.1 0003 0035 1", "E: 0.1\t0003 0035 1",
        "E: 0.1 0003  0035 1", "E: 0.1 0003 0035\t1", " E: 0.1 0003 0035 1", "\tE: 0.1 0003 0035 1",
        // Signs and numbers beyond the one pass's lengths, within Int32 or not.
        "E: 0.1 0003 0035 +5", "E: 0.1 0003 0035 1234567890", "E: 0.1 0003 0035 2147483647",
        "E: 0.1 0003 0035 -2147483648", "E: 0.1 0003 0035 2147483648", "E: 0.1 0003 0035 -2147483649",
        "E: 0.1 0003 0035 0000000000001", "E: 0.1 0003 0035 99999999999999999999999",
        "E: 0.1 00003 0035 1", "E: 0.1 0003 0000035 1", "E: 0.1 10000 0035 1", "E: 0.1 0003 fffff 1",
        "E: 0.1234567 0003 0035 1", "E: 0.0000001 0003 0035 1", "E: 1000000000000.0 0003 0035 1",
        "E: 9223372036854.775807 0003 0035 1", "E: 9223372036854.775808 0003 0035 1",
        "E: 99999999999999999999.0 0003 0035 1",
        // Malformed fields, missing or extra ones.
        "E: 0. 0003 0035 1", "E: .5 0003 0035 1", "E: 0 0003 0035 1", "E: 0,5 0003 0035 1", "E: 0.5.5 0003 0035 1",
        "E: 0.1 0003 0035", "E: 0.1 0003", "E: 0.1", "E:", "E: ", "E: 0.1 0003 0035 1 2", "E: 0.1 0003 0035 -",
        "E: 0.1 0003 0035 --1", "E: 0.1 0003 0035 1x", "E: 0.1 0x03 0035 1", "E: 0.1 g 0035 1", "E: 0.1 0003 0035 1.5",
        "E: 0.1 0003 0035 # 1", "E: # 0.1 0003 0035 1", "E: 0.1 0003 0035 1 x # y",
        // Other kinds of line.
        "e: 0.1 0003 0035 1", "E 0.1 0003 0035 1", "N: Touch", "# E: 0.1 0003 0035 1", "", "garbage",
        // A NUL byte in the data (one in a comment is for the line reader to find).
        "E: 0.1 0003\u{0} 0035 1", "E: 0.1 0003 0035 1\u{0}",
    ]

    private static func event(_ microseconds: Int64, _ type: UInt16, _ code: UInt16, _ value: Int32) -> InputEvent {
        InputEvent(time: Timestamp(microseconds: microseconds), type: type, code: code, value: value)
    }

    /// `line` read in one pass, followed by its line end and the bytes that may be read past it, as `plainEvent` needs.
    private static func plainEvent(_ line: String) -> InputEvent? {
        plainEvent(bytes: Array(line.utf8))
    }

    private static func plainEvent(bytes line: [UInt8]) -> InputEvent? {
        let withLineEnd = line + [0x0A] + [UInt8](repeating: 0, count: LineReader.readAheadSlack)
        return withLineEnd.withUnsafeBufferPointer { EvemuSyntax.plainEvent(UnsafeBufferPointer(rebasing: $0.prefix(line.count))) }
    }

    private static func validatedEvent(_ line: String) -> InputEvent? {
        Array(line.utf8).withUnsafeBufferPointer { EvemuSyntax.kind(of: $0) == .event ? EvemuSyntax.event($0) : nil }
    }

    @Test func plainLinesAreReadInOnePassAsTheValidatingPathReadsThem() {
        for (line, event) in Self.plainLines {
            #expect(Self.plainEvent(line) == event, "\(line.debugDescription)")
            #expect(Self.validatedEvent(line) == event, "\(line.debugDescription)")
        }
    }

    /// Every byte as the type's last digit: a hexadecimal digit (either case) is read as such, any other byte
    /// leaves the line to the validating path.
    @Test func everyByteIsReadAsAHexadecimalDigitOrLeft() {
        for byte in UInt8.min...UInt8.max where byte != 0x0A && byte != 0x0D {
            let event = Self.plainEvent(bytes: Array("E: 0.1 000".utf8) + [byte] + Array(" 0035 1".utf8))
            let expected = EvemuSyntax.hexDigit(byte).map { Self.event(1, UInt16($0), 0x35, 1) }
            #expect(event == expected, "byte \(byte)")
        }
    }

    /// Every byte (but the line ends and NUL, which the line reader finds first) at every place of a line as
    /// evemu writes it, and as our writer writes one under 100,000 µs: whatever the one pass reads, the
    /// validating path reads the same. At the places read several bytes at once (the microseconds' digits, the
    /// type's and the code's), exactly the digits are read.
    @Test(arguments: [
        ("E: 12.000001 0003 002f -12", [6...11, 13...16, 18...21]),
        ("E: 0.10001 0003 0035 7", [5...9, 11...14, 16...19]),
    ])
    func everyByteAtEveryPlaceIsReadAsTheValidatingPathReadsIt(text: String, digitPlaces: [ClosedRange<Int>]) {
        let line = Array(text.utf8)
        for index in line.indices {
            for byte in UInt8.min...UInt8.max where byte != 0x0A && byte != 0x0D && byte != 0 {
                var changed = line
                changed[index] = byte
                let event = Self.plainEvent(bytes: changed)
                let validated = changed.withUnsafeBufferPointer { EvemuSyntax.kind(of: $0) == .event ? EvemuSyntax.event($0) : nil }
                if event != nil { #expect(event == validated, "byte \(byte) at \(index)") }
                if digitPlaces[0].contains(index) {
                    #expect((event != nil) == (EvemuSyntax.decimalDigit(byte) != nil), "byte \(byte) at \(index)")
                } else if digitPlaces[1].contains(index) || digitPlaces[2].contains(index) {
                    #expect((event != nil) == (EvemuSyntax.hexDigit(byte) != nil), "byte \(byte) at \(index)")
                }
            }
        }
    }

    @Test func otherLinesAreLeftToTheValidatingPath() {
        for line in Self.otherLines {
            #expect(Self.plainEvent(line) == nil, "\(line.debugDescription)")
        }
    }

    /// Both ways of reading a trace of `lines`, each after a good event line and followed by another, with
    /// `lineEnd`: the same events, the same error (line and message) and the same last line cut short.
    private func expectBothPathsAgree(_ lines: [String], lineEnd: String, header: String = smallHeader) throws {
        for line in lines {
            let text = header + "E: 0.000001 0000 0000 0" + lineEnd + line + lineEnd + "E: 0.000002 0000 0000 0" + lineEnd
            let path = try directory.write("trace.evemu", text)
            let onePass = EvemuPaths.read(path: path, onePass: true)
            let validating = EvemuPaths.read(path: path, onePass: false)
            #expect(onePass == validating, "\(line.debugDescription) with \(lineEnd.debugDescription)")
            for batch in [1, 2, 64] {
                #expect(EvemuPaths.read(path: path, onePass: true, batch: batch) == validating,
                        "\(line.debugDescription) with \(lineEnd.debugDescription), \(batch) at a time")
            }
        }
    }

    @Test(arguments: ["\n", "\r\n", "\r"])
    func bothPathsReadTheSameTrace(lineEnd: String) throws {
        let lines = Self.plainLines.map(\.line) + Self.otherLines + ["E: 0.1 0003 0035 1 # a\u{0}b"]
        try expectBothPathsAgree(lines, lineEnd: lineEnd)
        try expectBothPathsAgree(lines, lineEnd: lineEnd, header: "")
    }

    /// A plain line as the last one, without its line end: cut short, as before, not read.
    @Test func aPlainLastLineWithoutItsLineEndIsCutShort() throws {
        let path = try directory.write("trace.evemu", smallHeader + "E: 0.000001 0000 0000 0\nE: 0.000002 0003 0035 5")
        let expected = EvemuPaths.Reading(events: [Self.event(1, 0, 0, 0)], error: nil, cutShortLine: 18)
        #expect(EvemuPaths.read(path: path, onePass: true) == expected)
        #expect(EvemuPaths.read(path: path, onePass: true, batch: 8) == expected)
        #expect(EvemuPaths.read(path: path, onePass: false) == expected)
    }

    /// A NUL byte in a plain line's comment is refused, at its column, as before: the line reader finds it.
    @Test func aNULByteInTheCommentOfAPlainLineIsRefused() throws {
        let path = try directory.write("trace.evemu", smallHeader + "E: 0.000001 0000 0000 0\nE: 0.1 0003 0035 1 # a\u{0}b\n")
        for reading in [EvemuPaths.read(path: path, onePass: true), EvemuPaths.read(path: path, onePass: true, batch: 8)] {
            #expect(reading.events == [Self.event(1, 0, 0, 0)])
            #expect(reading.error?.description == path + ":18: unexpected NUL byte in column 23: expected a text evemu file")
        }
    }

    /// A long trace, across many refills of the line reader's buffer, with an odd line now and then and a
    /// NUL byte near its end: both paths read it the same.
    @Test func bothPathsReadALongTraceTheSame() throws {
        var text = smallHeader
        var expected: [InputEvent] = []
        for index in 0..<3000 {
            let (line, event) = Self.plainLines[index % Self.plainLines.count]
            text += line + (index % 7 == 0 ? "\r\n" : "\n")
            expected.append(event)
            if index % 500 == 499 { text += "# a comment\n\n" }
        }
        let path = try directory.write("long.evemu", text + "E: 0.1 0003 0035 1 # \u{0}\n")
        let onePass = EvemuPaths.read(path: path, onePass: true)
        #expect(onePass == EvemuPaths.read(path: path, onePass: false))
        #expect(onePass.events == expected)
        #expect(onePass.error?.line == 16 + 3000 + 12 + 1)
        for batch in [1, 7, 4096] {
            #expect(EvemuPaths.read(path: path, onePass: true, batch: batch) == onePass, "\(batch) at a time")
        }
    }

    /// Read in batches straight from the line reader's buffer (`EvemuReader.read(into:)`), a trace gives what
    /// the validating path gives, one event at a time: with buffers of a few lines (line limits of 26 to 70
    /// bytes), so that lines are cut by the buffer's end at every place, and batches of every size up to 9.
    @Test func batchesAcrossRefillsReadAsTheValidatingPath() throws {
        let lines = Self.plainLines.map(\.line).filter { $0.utf8.count <= 24 }  // within every line limit
        var text = ""  // no header, whose lines are longer
        for index in 0..<400 {
            let line = lines[(index * 7) % lines.count]
            text += line + (index % 11 == 0 ? "\r\n" : index % 13 == 0 ? "\r" : "\n")
            if index % 37 == 36 { text += "# a comment\n\n" }
        }
        for ending in ["", "E: 0.1 0003 0035 1 x\n", "E: 0.2 0003 0035 5"] {
            let path = try directory.write("batches.evemu", text + ending)
            for lineLimit in stride(from: 26, through: 70, by: 11) {
                let validating = EvemuPaths.read(path: path, onePass: false, batch: nil, lineLimit: lineLimit)
                #expect(validating.events.count == 400)
                for batch in 1...9 {
                    #expect(EvemuPaths.read(path: path, onePass: true, batch: batch, lineLimit: lineLimit) == validating,
                            "\(ending.debugDescription), line limit \(lineLimit), \(batch) at a time")
                }
            }
        }
    }

    // MARK: NUL bytes found by the line reader

    /// The line reader's `nulColumn`, found by searches that go on from line to line and across refills,
    /// against a plain reading: every line limit from 3 to 24 bytes, NUL bytes at the start, the end and
    /// in the middle of lines, and in overlong ones.
    @Test func theLineReaderFindsNULBytesAsAPlainReadingDoes() throws {
        let texts = [
            "ab\u{0}c\nd\u{0}\u{0}\r\n\u{0}\n\nxyz\r\u{0}0123456789abcdefghijklmnop\u{0}\nlast\u{0}",
            "\u{FEFF}\u{0}\r\u{0}\r\n0123456789abcdefghijklmnopqrstuvwxyz\u{0}\n\u{0}",
            "no NUL byte here\r\nnor here\n0123456789abcdefghijklmnopqrstuvwxyz\nend",
        ]
        for text in texts {
            let bytes = Array(text.utf8)
            let path = try directory.write("lines.txt", bytes: bytes)
            for limit in 3...24 {
                let reader = try LineReader(path: FilePath(path), lineLimit: limit)
                while let line = try reader.next() {
                    let expected = line.bytes.firstIndex(of: 0).map { $0 + 1 }
                    #expect(line.nulColumn == expected, "limit \(limit), line \(line.number): \(text.debugDescription)")
                }
            }
        }
    }
}
