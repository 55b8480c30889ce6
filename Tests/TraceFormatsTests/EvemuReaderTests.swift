import EvdevModel
import GestureCore
import GestureRuntime
import SystemCalls
import Testing
import TraceFormats
import TracePlayback

/// A small evemu header: a 2-slot touchscreen, 0…1000 × 0…500 at 10 units/mm, whose name has a `#` that is no comment.
let smallHeader = smallTouchHeader(name: "Small Touch # not a comment")

@Suite struct EvemuReaderTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    private func read(_ text: String, name: String = "trace.evemu") throws -> (TraceReader, [InputEvent]) {
        let path = try directory.write(name, text)
        let trace = try TraceReader.open(path: path)
        return (trace, try trace.readAll())
    }

    /// The error reading `text` gives, as `file:line: message` with the file's name only.
    private func error(_ text: String, name: String = "trace.evemu") throws -> String? {
        let path = try directory.write(name, text)
        let error = traceError { _ = try TraceReader.open(path: path).readAll() }
        return error.map { $0.description.replacingOccurrences(of: directory.path + "/", with: "") }
    }

    @Test func headerAndEvents() throws {
        let (trace, events) = try read(
            smallHeader + """
                E: 0.000001 0003 002f 0000\t# EV_ABS / ABS_MT_SLOT          0
                E: 0.000001 0003 0039 0007\t# EV_ABS / ABS_MT_TRACKING_ID   7
                E: 0.000001 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +0ms
                E: 1.10000 0003 0039 -001
                E: 1.010000 0000 0000 0

                """)
        let description = trace.description
        #expect(description.name == "Small Touch # not a comment")
        #expect(description.id == InputID(bustype: 3, vendor: 0x1234, product: 0x5678, version: 1))
        #expect(description.touchProtocol == .multitouchSlots(slots: 2))
        #expect(description.absinfo[AbsCode.mtPositionX] == AbsInfo(minimum: 0, maximum: 1000, resolution: 10))
        #expect(trace.descriptionSource == .header)
        #expect(trace.format == .evemu)
        #expect(
            events == [
                InputEvent(time: T(1), type: EventType.abs, code: AbsCode.mtSlot, value: 0),
                InputEvent(time: T(1), type: EventType.abs, code: AbsCode.mtTrackingID, value: 7),
                InputEvent(time: T(1), type: EventType.syn, code: SynCode.report, value: 0),
                // Unpadded and padded microseconds are the same integer: 1.10000 is 10000 µs.
                InputEvent(time: T(1_010_000), type: EventType.abs, code: AbsCode.mtTrackingID, value: -1),
                InputEvent(time: T(1_010_000), type: EventType.syn, code: SynCode.report, value: 0),
            ])
    }

    /// Real files disagree with their version line: four or five numbers per `A:` line are accepted
    /// whatever the version says.
    @Test(arguments: ["# EVEMU 1.3\n", "# EVEMU 1.1\n", ""])
    func absLinesWithFourOrFiveNumbers(version: String) throws {
        let (trace, _) = try read(
            version + """
                N: Mixed
                I: 0000 0000 0000 0000
                A: 35 0 1000 0 0
                A: 36 0 500 0 0 20

                """)
        #expect(trace.description.absinfo[AbsCode.mtPositionX] == AbsInfo(minimum: 0, maximum: 1000))
        #expect(trace.description.absinfo[AbsCode.mtPositionY] == AbsInfo(minimum: 0, maximum: 500, resolution: 20))
        #expect(trace.description.codes(ofType: EventType.abs) == [AbsCode.mtPositionX, AbsCode.mtPositionY])
    }

    /// Comments anywhere, after data too; empty lines; CRLF line ends; blanks of several kinds.
    @Test func commentsEmptyLinesAndCRLF() throws {
        let (trace, events) = try read(
            "# a comment\r\nN: CRLF Device\r\n\r\n  # indented comment\r\nI: 0001 0002 0003 0004 # ids\r\n"
                + "A: 35 0 10 0 0 1 # x\r\n# between\r\nE: 2.5\t0003  0035 +7 # plus sign\r\n\r\nE: 3.000000 0000 0000 0#glued\r\n")
        #expect(trace.description.name == "CRLF Device")
        #expect(trace.description.id == InputID(bustype: 1, vendor: 2, product: 3, version: 4))
        #expect(
            events == [
                InputEvent(time: T(2_000_005), type: EventType.abs, code: AbsCode.mtPositionX, value: 7),
                InputEvent(time: T(3_000_000), type: EventType.syn, code: SynCode.report, value: 0),
            ])
    }

    @Test func extremeButValidValues() throws {
        let (_, events) = try read(
            smallHeader + """
                E: 9223372036854.775807 ffff FFFF 2147483647
                E: 0.0 0 0 -2147483648

                """)
        #expect(
            events == [
                InputEvent(time: T(.max), type: 0xFFFF, code: 0xFFFF, value: .max),
                InputEvent(time: T(0), type: 0, code: 0, value: .min),
            ])
    }

    // MARK: Malformed input

    /// A malformed line: the text read and its exact error.
    struct Malformed: Sendable, CustomTestStringConvertible {
        var text: String
        var message: String
        init(_ text: String, _ message: String) { (self.text, self.message) = (text, message) }
        var testDescription: String { text.replacingOccurrences(of: smallHeader, with: "(the small header) ").debugDescription }
    }

    @Test(arguments: [
        // Bad hexadecimal numbers.
        Malformed(smallHeader + "E: 1.000000 00zz 0000 0\n", "trace.evemu:17: expected a hexadecimal event type (0 to ffff), found '00zz'"),
        Malformed(smallHeader + "E: 1.000000 0003 10000 0\n", "trace.evemu:17: expected a hexadecimal event code (0 to ffff), found '10000'"),
        Malformed("N: x\nI: 0000 g000 0000 0000\n", "trace.evemu:2: expected a hexadecimal number (0 to ffff) on the I: line, found 'g000'"),
        Malformed("N: x\nI: 0 0 0 0\nB: 03 00 00 00 00 00 00 0x 00\n",
                  "trace.evemu:3: expected a hexadecimal byte (00 to ff) on the B: line, found '0x'"),
        Malformed("N: x\nI: 0 0 0 0\nP: 100 00 00 00 00 00 00 00\n",
                  "trace.evemu:3: expected a hexadecimal byte (00 to ff) on the P: line, found '100'"),
        // Missing or extra fields, and values that are not numbers.
        Malformed(smallHeader + "E: 0.000001 0003 0035\n", "trace.evemu:17: expected 5 fields on an E: line (sec.usec type code value), found 4"),
        Malformed(smallHeader + "E: 1.000000 0003\n", "trace.evemu:17: expected 5 fields on an E: line (sec.usec type code value), found 3"),
        Malformed(smallHeader + "E: 1.000000 0003 0035 1 2\n", "trace.evemu:17: expected 5 fields on an E: line (sec.usec type code value), found 6"),
        Malformed(smallHeader + "E: 1.000000 0003 0035 one\n", "trace.evemu:17: expected a signed decimal value (32 bits), found 'one'"),
        Malformed(smallHeader + "E: 1.000000 0003 0035 2147483648\n",
                  "trace.evemu:17: expected a signed decimal value (32 bits), found '2147483648'"),
        Malformed("N: x\nI: 0003 0001 0002\n", "trace.evemu:2: expected 5 fields on an I: line (bus vendor product version, in hex), found 4"),
        Malformed("N: x\nI: 0 0 0 0\nB: 01 00 00\n", "trace.evemu:3: expected 10 fields on a B: line (event type and 8 hexadecimal bytes), found 4"),
        Malformed("N:   \nI: 0 0 0 0\n", "trace.evemu:1: expected the device name after N:"),
        // A: lines.
        Malformed("N: x\nI: 0 0 0 0\nA: 35 0 1000\n",
                  "trace.evemu:3: expected 6 or 7 fields on an A: line (axis min max fuzz flat [resolution]), found 4"),
        Malformed("N: x\nI: 0 0 0 0\nA: 35 0 1000 0 0 1 2\n",
                  "trace.evemu:3: expected 6 or 7 fields on an A: line (axis min max fuzz flat [resolution]), found 8"),
        Malformed("N: x\nI: 0 0 0 0\nA: 40 0 1000 0 0\n", "trace.evemu:3: expected a hexadecimal axis (00 to 3f) on the A: line, found '40'"),
        Malformed("N: x\nI: 0 0 0 0\nA: 35 0 1e3 0 0\n", "trace.evemu:3: expected a decimal number (32 bits) on the A: line, found '1e3'"),
        // Timestamps out of range or not sec.usec.
        Malformed(smallHeader + "E: 99999999999999999999.000000 0000 0000 0\n",
                  "trace.evemu:17: timestamp '99999999999999999999.000000' is out of range (at most 9223372036854.775807 seconds)"),
        Malformed(smallHeader + "E: 9223372036854.775808 0000 0000 0\n",
                  "trace.evemu:17: timestamp '9223372036854.775808' is out of range (at most 9223372036854.775807 seconds)"),
        Malformed(smallHeader + "E: -1.000000 0000 0000 0\n",
                  "trace.evemu:17: expected a timestamp sec.usec (decimal seconds, a dot, decimal microseconds), found '-1.000000'"),
        Malformed(smallHeader + "E: 12 0000 0000 0\n",
                  "trace.evemu:17: expected a timestamp sec.usec (decimal seconds, a dot, decimal microseconds), found '12'"),
        Malformed(smallHeader + "E: 1. 0000 0000 0\n",
                  "trace.evemu:17: expected a timestamp sec.usec (decimal seconds, a dot, decimal microseconds), found '1.'"),
        // Too many digits of microseconds.
        Malformed(smallHeader + "E: 1.1234567 0000 0000 0\n",
                  "trace.evemu:17: expected at most 6 digits of microseconds in the timestamp, found 7 in '1.1234567'"),
        // A description without its name or id, or with two names.
        Malformed("I: 0 0 0 0\nE: 1.0 0 0 0\n", "trace.evemu: expected an N: line (the device name) in the description"),
        Malformed("N: only a name\nE: 1.0 0 0 0\n", "trace.evemu: expected an I: line (bus vendor product version) in the description"),
        Malformed("N: one\nN: two\nI: 0 0 0 0\n", "trace.evemu:2: expected one N: line (one device per file), found a second one"),
        // Description lines after the events.
        Malformed(smallHeader + "E: 1.0 0 0 0\nN: another device\n",
                  "trace.evemu:18: expected an event line (E:): the description lines come before the events, and a file holds one device"),
        Malformed(smallHeader + "E: 1.0 0 0 0\nX: what\n", "trace.evemu:18: expected an event line (E:) or a # comment, found 'X: what'"),
    ])
    func aMalformedTraceGivesItsExactError(_ malformed: Malformed) throws {
        #expect(try error(malformed.text) == malformed.message)
    }

    @Test func nulBytes() throws {
        let bytes = Array((smallHeader + "E: 1.000000 0003 0035 0").utf8) + [0] + Array("12\n".utf8)
        let path = try directory.write("nul.evemu", bytes: bytes)
        let error = traceError { _ = try TraceReader.open(path: path).readAll() }
        #expect(error?.kind == .malformed)
        #expect(error?.line == 17)
        #expect(error?.message == "unexpected NUL byte in column 24: expected a text evemu file")
    }

    @Test func randomBinaryBytes() throws {
        let garbage: [UInt8] = [0xDE, 0xAD, 0xBE, 0xEF, 0x01, 0x02, 0xFF, 0x0A, 0x00, 0x45, 0x3A]
        let path = try directory.write("garbage.evemu", bytes: garbage)
        let error = traceError { _ = try TraceReader.open(path: path) }
        #expect(
            error
                == FileError(
                    .malformed, path: path, line: 1,
                    message: "expected a description line (N:, I:, P:, B:, A:, L:, S:), an event line (E:) or a # comment, found '\\xde\\xad\\xbe\\xef\\x01\\x02\\xff'"
                ))
    }

    /// 200 KB of pseudo-random bytes (a fixed seed) without a line end: one long line, with NULs in it.
    /// A clear error, neither a crash nor a hang.
    @Test func longRandomBinary() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var bytes: [UInt8] = []
        for _ in 0..<200_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let byte = UInt8(truncatingIfNeeded: state >> 56)
            bytes.append(byte == 0x0A || byte == 0x0D ? 0x0B : byte)
        }
        let path = try directory.write("random.evemu", bytes: bytes)
        let column = try #require(bytes.firstIndex(of: 0)) + 1
        let error = traceError { _ = try TraceReader.open(path: path).readAll() }
        #expect(
            error == FileError(.malformed, path: path, line: 1, message: "unexpected NUL byte in column \(column): expected a text evemu file"))
    }

    /// One limit for every line, comments included: 1 MiB (SPEC "Input files").
    @Test func lineLongerThanTheLimit() throws {
        let tooLong = String(repeating: "x", count: 1 << 20)
        let message = "expected a line of at most 1048576 bytes (1 MiB), found a longer one"
        #expect(try error(smallHeader + "E: 1.0 0 0 \(tooLong)\n") == "trace.evemu:17: " + message)
        #expect(try error(smallHeader + "E: 1.0 0 0 0 # \(tooLong)\n") == "trace.evemu:17: " + message)
        #expect(try error(smallHeader + "# \(tooLong)\nE: 1.0 0 0 0\n") == "trace.evemu:17: " + message)
        #expect(try error("# \(tooLong)\n" + smallHeader) == "trace.evemu:1: " + message)
    }

    /// A comment of 1 MB is read alike alone and after an event's data (issue 7).
    @Test func aLongCommentAloneOrAfterAnEvent() throws {
        let comment = "# " + String(repeating: "x", count: 1_000_000)
        let event = InputEvent(time: T(1_000_000), type: 0, code: 0, value: 0)
        #expect(try read(smallHeader + comment + "\nE: 1.0 0 0 0\n").1 == [event])
        #expect(try read(smallHeader + "E: 1.0 0 0 0 " + comment + "\n").1 == [event])
        // At the limit exactly: 1048576 bytes.
        let atLimit = "E: 1.0 0 0 0 # " + String(repeating: "x", count: (1 << 20) - 15)
        #expect(try read(smallHeader + atLimit + "\r\n").1 == [event])
    }

    @Test func missingDescription() throws {
        let path = try directory.write("Some Device.gesture.events", "E: 1.000000 0000 0000 0\n")
        let error = traceError { _ = try TraceReader.open(path: path) }
        #expect(
            error
                == FileError(
                    .malformed, path: path,
                    message: "expected a device description: the trace has no header (N:, I:, … lines) and there is no "
                        + "\(directory.path)/Some Device.gesture.desc or \(directory.path)/Some Device.desc beside it"))
    }

    @Test func missingFile() throws {
        let path = directory.path + "/absent.evemu"
        let error = traceError { _ = try TraceReader.open(path: path) }
        #expect(error == FileError(.unreadable, path: path, message: "cannot open: No such file or directory"))
        let given = traceError { _ = try TraceReader.open(path: Recordings.path("n4.events"), device: path) }
        #expect(given == FileError(.unreadable, path: path, message: "cannot open: No such file or directory"))
        let directoryError = traceError { _ = try TraceReader.open(path: directory.path) }
        #expect(directoryError == FileError(.unreadable, path: directory.path, message: "cannot read: it is a directory"))
    }

    /// After an error, the reader gives no more events.
    @Test func noEventsAfterAnError() throws {
        let path = try directory.write("t.evemu", smallHeader + "E: 1.0 0 0 0\nE: bad\nE: 2.0 0 0 0\n")
        let trace = try TraceReader.open(path: path)
        #expect(try trace.next() == InputEvent(time: T(1_000_000), type: 0, code: 0, value: 0))
        #expect(throws: FileError.self) { try trace.next() }
        #expect(try trace.next() == nil)
    }

    // MARK: Header-less traces

    @Test func descriptionCandidates() {
        #expect(
            TraceReader.descriptionCandidates(forTrace: "dir.d/Device Name.gesture.events")
                == ["dir.d/Device Name.gesture.desc", "dir.d/Device Name.desc"])
        #expect(TraceReader.descriptionCandidates(forTrace: "n4.events") == ["n4.desc"])
        #expect(TraceReader.descriptionCandidates(forTrace: "/tmp/trace") == ["/tmp/trace.desc"])
    }

    @Test func headerlessTraceFindsItsDescription() throws {
        try directory.write("Pad.desc", smallHeader)
        let path = try directory.write("Pad.two-taps.events", "# recorded by hand\nE: 5.000001 0000 0000 0000\n")
        let trace = try TraceReader.open(path: path)
        #expect(trace.description.name == "Small Touch # not a comment")
        #expect(trace.descriptionSource == .file(path: FilePath(directory.path + "/Pad.desc")))
        #expect(try trace.readAll() == [InputEvent(time: T(5_000_001), type: 0, code: 0, value: 0)])
    }

    @Test func descriptionFileWithoutDescription() throws {
        let path = try directory.write("empty.desc", "# nothing here\n")
        let error = traceError { _ = try TraceReader.readDescription(path: path) }
        #expect(error == FileError(.malformed, path: path, message: "expected a device description (N:, I:, P:, B:, A: lines), found none"))
    }

    // MARK: The end of the file

    /// How a trace ends: the text after the small header, and what the frame assembler makes of it.
    struct Ending: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var events: String
        var droppedPartialLine: Bool
        var eventCount: Int
        var frames: Int
        var finish: FrameAssembler.FinishResult
    }

    @Test(arguments: [
        // A last `E:` line without its newline is cut short: dropped and reported, not parsed.
        Ending(testDescription: "a file ending mid-line",
               events: "E: 1.000000 0003 0039 0001\nE: 1.000000 0003 0035 0100\nE: 1.000000 0000 0000 0000\n"
                   + "E: 1.010000 0003 0035 0200\nE: 1.010000 00",
               droppedPartialLine: true, eventCount: 4, frames: 1,
               finish: FrameAssembler.FinishResult(partialFrameDropped: true, lastFrameTime: T(1_000_000))),
        // Even a complete-looking `SYN_REPORT` without its newline is dropped: the frame before it is partial.
        Ending(testDescription: "a last report without its newline",
               events: "E: 1.000000 0003 0039 0001\nE: 1.000000 0000 0000 0000",
               droppedPartialLine: true, eventCount: 1, frames: 0,
               finish: FrameAssembler.FinishResult(partialFrameDropped: true, lastFrameTime: nil)),
        Ending(testDescription: "a file ending mid-frame",
               events: "E: 1.000000 0003 0039 0001\nE: 1.000000 0000 0000 0000\nE: 1.010000 0003 0039 -001\n",
               droppedPartialLine: false, eventCount: 3, frames: 1,
               finish: FrameAssembler.FinishResult(partialFrameDropped: true, lastFrameTime: T(1_000_000))),
    ])
    func theEndOfTheFile(_ ending: Ending) throws {
        let result = try replay(path: directory.write("end.evemu", smallHeader + ending.events))
        #expect(result.droppedPartialLine == ending.droppedPartialLine)
        #expect(result.events == ending.eventCount)
        #expect(result.frames.count == ending.frames)
        #expect(result.finish == ending.finish)
    }

    /// A last comment or description line without its newline is complete: nothing is dropped.
    @Test func lastNonEventLineWithoutNewline() throws {
        let (trace, events) = try read(smallHeader + "E: 1.000000 0000 0000 0000\n# the end")
        #expect(events.count == 1)
        #expect(trace.droppedPartialLine == false)
        let description = try TraceReader.readDescription(path: directory.write("x.desc", "N: x\nI: 0 0 0 0\nA: 35 0 9 0 0 1"))
        #expect(description.absinfo[AbsCode.mtPositionX] == AbsInfo(minimum: 0, maximum: 9, resolution: 1))
    }
}
