import EvdevModel
import Foundation
import GestureCore
import GestureRuntime
import SystemCalls
import Testing
@testable import TraceFormats
import TracePlayback

/// Writes a recording in libinput record's layout (as `libinput record` 1.22 writes it). With `extras`,
/// the events also hold what the reader must skip or accept: `# Current time is` comments, `hid:` items,
/// `libinput:` notes (as an item's key and as items of their own, over several lines), frames split over
/// two `evdev:` items, and rows spaced otherwise than libinput spaces them.
func libinputRecording(description: DeviceDescription, events: [InputEvent], extras: Bool) -> String {
    var text = libinputRecordStart(dmi: "dmi:bvnLENOVO:bvrN32ET86W(1.62):bd07/12/2023") + """
            # Name: \(description.name)
            name: "\(description.name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))"
            id: [\(description.id.bustype), \(description.id.vendor), \(description.id.product), \(description.id.version)]
            codes:

        """
    for type in description.codes.keys.sorted() {
        text += "      \(type): [\(description.codes(ofType: type).members.map(String.init).joined(separator: ", "))] # type \(type)\n"
    }
    text += "    absinfo:\n"
    for (code, info) in description.absinfo.sorted(by: { $0.key < $1.key }) {
        text += "      \(code): [\(info.minimum), \(info.maximum), \(info.fuzz), \(info.flat), \(info.resolution)]\n"
    }
    text += "    properties: [\(description.properties.members.map(String.init).joined(separator: ", "))]\n"
    text += """
          hid: [0x05, 0x0d, 0x09, 0x04, 0xa1, 0x01]
          udev:
            properties:
            - ID_INPUT=1
            - ID_INPUT_TOUCHSCREEN=1
            virtual: false
          quirks:
          events:

        """
    var rowNumber = 0
    func row(_ event: InputEvent) -> String {
        rowNumber += 1
        let seconds = event.time.microseconds / 1_000_000, microseconds = event.time.microseconds % 1_000_000
        let comment = " # EV_\(event.type) / \(event.code) \(event.value)"
        guard extras else {
            return "    - [" + pad(seconds, 3) + ", " + pad(microseconds, 6) + ", " + pad(event.type, 3) + ", "
                + pad(event.code, 3) + ", " + pad(event.value, 7) + "]" + comment + "\n"
        }
        switch rowNumber % 13 {
        case 3: return "    - [\(seconds),\(microseconds),\(event.type),\(event.code),\(event.value)]\n"
        case 5: return "    -   [ \(seconds) ,\t\(microseconds) , +\(event.type),\(event.code)  ,  \(event.value) ]\t#\(comment)\n"
        case 8: return "    - [\(seconds), \(microseconds), \(event.type), \(event.code), \(event.value)]   \(comment)\n"
        default:
            return "    - [" + pad(seconds, 3) + ", " + pad(microseconds, 6) + ", " + pad(event.type, 3) + ", "
                + pad(event.code, 3) + ", " + pad(event.value, 7) + "]" + comment + "\n"
        }
    }
    var frame: [InputEvent] = []
    var frameNumber = 0
    func writeFrame() {
        frameNumber += 1
        if extras && frameNumber % 5 == 1 { text += "  # Current time is 14:51:\(10 + frameNumber % 50)\n" }
        text += "  - evdev:\n"
        for (index, event) in frame.enumerated() {
            if extras && frameNumber % 3 == 0 && index == frame.count / 2 && index > 0 {
                // A frame split over two items, a comment between them.
                text += "    # (split)\n  - evdev:\n"
            }
            text += row(event)
        }
        if extras && frameNumber % 7 == 0 {
            text += "    libinput:\n    - {time: \(frameNumber).0, type: TOUCH_MOTION, slot: 0, point: [1.0, 2.0], note: 'it''s [', x: \"{\\\"\"}\n"
        }
        if extras && frameNumber % 4 == 0 {
            text += "  - hid: {time: [\(frameNumber), 5000], hidraw0: [0x01, 0x02, 0x03]}\n"
        }
        if extras && frameNumber % 6 == 0 {
            text += "  - libinput:\n    - a note over\n      two lines\n    -\n      evdev: not the events\n"
        }
        frame.removeAll(keepingCapacity: true)
    }
    for event in events {
        frame.append(event)
        if event.type == EventType.syn && event.code == SynCode.report { writeFrame() }
    }
    if !frame.isEmpty { writeFrame() }
    return text
}

/// `value` right-aligned in `width` columns, as libinput's `%3d`.
private func pad(_ value: some BinaryInteger, _ width: Int) -> String {
    let text = String(value)
    return String(repeating: " ", count: max(0, width - text.count)) + text
}

@Suite struct LibinputRecordStreamingTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// The description and events, streamed; and whether the reader kept to streaming.
    private func streamed(_ path: String, limit: Int = LibinputRecordReader.wholeDocumentLimit) throws
        -> (description: DeviceDescription, events: [InputEvent], streaming: Bool)
    {
        let reader = try LibinputRecordReader(path: FilePath(path), wholeDocumentLimit: limit)
        var events: [InputEvent] = []
        while let event = try reader.next() { events.append(event) }
        return (reader.description, events, !reader.readsWholeDocument)
    }

    /// Streams `path`, and checks that Yams, reading the whole document, gives the same.
    @discardableResult
    private func streamedAsYams(_ path: String, streaming: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> [InputEvent]
    {
        let stream = try streamed(path)
        let whole = try LibinputRecordReader.readWholeDocument(path: FilePath(path))
        #expect(stream.streaming == streaming, sourceLocation: sourceLocation)
        #expect(stream.description == whole.description, sourceLocation: sourceLocation)
        #expect(stream.events == whole.events, sourceLocation: sourceLocation)
        let trace = try TraceReader.open(path: path)
        #expect(trace.description == whole.description, sourceLocation: sourceLocation)
        #expect(try trace.readAll() == whole.events, sourceLocation: sourceLocation)
        return stream.events
    }

    /// The error of reading `text` as `rec.yml`, streamed, as `file:line: message` with the file's name only;
    /// checked to be the whole document's error when `sameAsYams`.
    private func error(_ text: String, sameAsYams: Bool = true, limit: Int = LibinputRecordReader.wholeDocumentLimit,
                       sourceLocation: SourceLocation = #_sourceLocation) throws -> String? {
        let path = try directory.write("rec.yml", text)
        let error = traceError { _ = try streamed(path, limit: limit) }
        #expect(error?.kind == .malformed, sourceLocation: sourceLocation)
        if sameAsYams {
            let whole = traceError { _ = try LibinputRecordReader.readWholeDocument(path: FilePath(path)) }
            #expect(error == whole, sourceLocation: sourceLocation)
        }
        return error.map { $0.description.replacingOccurrences(of: directory.path + "/", with: "") }
    }

    /// Checks the error of reading `text` (see `error`), showing both when they differ.
    private func check(_ text: String, _ expected: String, sameAsYams: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let actual = try error(text, sameAsYams: sameAsYams, sourceLocation: sourceLocation)
        #expect(actual == expected, sourceLocation: sourceLocation)
    }

    // MARK: The same events as Yams

    @Test func thePinnedRecording() throws {
        let events = try streamedAsYams(Recordings.path("synthetic-libinput-record.yml"))
        #expect(events.count > 50)
    }

    @Test func theSmallRecording() throws {
        let events = try streamedAsYams(directory.write("small.yml", smallRecording))
        // Only the first device's: the second's [0, 0, 0, 0, 0] is not read.
        #expect(events.count == 10)
        #expect(events.last == InputEvent(time: Timestamp(microseconds: 1_000_005), type: 0, code: 0, value: 0))
    }

    /// Each real recording, written as a libinput recording in libinput's own layout, and again with
    /// comments, `hid:` and `libinput:` items between its frames and rows spaced in other ways.
    @Test(arguments: recordingExpectations.map(\.file))
    func recordingsAsLibinputRecords(file: String) throws {
        let trace = try TraceReader.open(path: Recordings.path(file))
        let events = try trace.readAll()
        for extras in [false, true] {
            let text = libinputRecording(description: trace.description, events: events, extras: extras)
            let path = try directory.write("copy.yml", text)
            #expect(try streamedAsYams(path) == events, "\(file), extras: \(extras)")
            #expect(try streamed(path).description == trace.description)
        }
    }

    @Test func onlyTheFirstDeviceOfSeveral() throws {
        let device = """
              evdev:
                name: "Touch"
                id: [3, 1, 2, 3]
                codes:
                  3: [53, 54, 57]
                absinfo:
                  53: [0, 1000, 0, 0, 10]
                  54: [0, 500, 0, 0, 10]
                  57: [0, 65535, 0, 0, 0]
              events:

            """
        let first = "  - evdev:\n    - [0, 0, 3, 57, 1]\n    - [0, 0, 0, 0, 0]\n  # Current time is 14:51:15\n  - evdev:\n    - [0, 8000, 3, 57, -1]\n    - [0, 8000, 0, 0, 0]\n"
        let second = "  - evdev:\n    - [0, 5, 3, 57, 99]\n    - [0, 5, 0, 0, 0]\n"
        let expected = [
            InputEvent(time: Timestamp(microseconds: 0), type: 3, code: 57, value: 1),
            InputEvent(time: Timestamp(microseconds: 0), type: 0, code: 0, value: 0),
            InputEvent(time: Timestamp(microseconds: 8000), type: 3, code: 57, value: -1),
            InputEvent(time: Timestamp(microseconds: 8000), type: 0, code: 0, value: 0),
        ]
        let text = "version: 1\nndevices: 2\ndevices:\n- node: /dev/input/event6\n" + device + first
            + "- node: /dev/input/event7\n" + device + second
        #expect(try streamedAsYams(directory.write("two.yml", text)) == expected)

        // The devices indented, and the events' items more indented than their key.
        func indented(_ text: String, by spaces: Int) -> String {
            text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? "" : String(repeating: " ", count: spaces) + $0 }.joined(separator: "\n")
        }
        let deeper = "version: 1\nndevices: 2\ndevices:\n  - node: /dev/input/event6\n" + indented(device, by: 2)
            + indented(first, by: 4) + "  - node: /dev/input/event7\n" + indented(device, by: 2) + indented(second, by: 4)
            + "extra: {after: devices}\n"
        #expect(try streamedAsYams(directory.write("deeper.yml", deeper)) == expected)

        // The device's keys after its events are not read (nor needed).
        let keysAfter = "version: 1\ndevices:\n- node: /dev/input/event6\n" + device + first + "  udev: {virtual: false}\n  quirks:\n"
        #expect(try streamedAsYams(directory.write("after.yml", keysAfter)) == expected)
    }

    /// Integers as YAML also writes them: read by Yams, row alone, and the same as the whole document's.
    @Test func otherSpellingsOfIntegers() throws {
        let text = smallRecording
            .replacingOccurrences(of: "[  0,  10000,   3,  53,     520]", with: "[0, 0x2710, 3, 0o65, \"520\"]")
            .replacingOccurrences(of: "[  1,      5,   3,  57,      -1]", with: "[1, 5, 3, 57, -1,]")
        let events = try streamedAsYams(directory.write("spellings.yml", text))
        #expect(events[6] == InputEvent(time: Timestamp(microseconds: 10000), type: 3, code: 53, value: 520))
        #expect(events[8] == InputEvent(time: Timestamp(microseconds: 1_000_005), type: 3, code: 57, value: -1))
    }

    @Test func recordingWithoutEventsOrWithEmptyEvents() throws {
        let head = "version: 1\ndevices:\n- evdev:\n    name: x\n    id: [0, 0, 0, 0]\n"
        #expect(try streamedAsYams(directory.write("a.yml", head + "  events:\n")) == [])
        #expect(try streamedAsYams(directory.write("b.yml", head + "  events:\n  # nothing yet\n  udev: {}\n")) == [])
        #expect(try streamedAsYams(directory.write("c.yml", head + "  events:\n- node: second\n")) == [])
        // No events: key at all: read whole (a small file).
        #expect(try streamedAsYams(directory.write("d.yml", head), streaming: false) == [])
    }

    // MARK: Malformed rows and items

    @Test func malformedRows() throws {
        let row = "[  0,  10000,   3,  53,     520]"
        func with(_ replacement: String) -> String { smallRecording.replacingOccurrences(of: row, with: replacement) }
        let at = "rec.yml:47: devices[0].events[2].evdev[0]"
        let five = "expected [sec, usec, type, code, value] (5 integers)"
        try check(with("[0, 0, 3, 53]"), "\(at): \(five), found 4 items")
        try check(with("[0, 0, 3, 53, 520, 1]"), "\(at): \(five), found 6 items")
        try check(with("[]"), "\(at): \(five), found 0 items")
        try check(with("5"), "\(at): \(five), found a scalar")
        try check(with("{sec: 0}"), "\(at): \(five), found a mapping")
        try check(with("[0, 0, 3, x, 520]"), "\(at)[3] (code): expected an integer, found 'x'")
        try check(with("[0, 0, 3, 53, 5.5]"), "\(at)[4] (value): expected an integer, found '5.5'")
        try check(with("[-1, 0, 3, 53, 520]"), "\(at)[0] (sec): expected an integer from 0 to 9223372036854775807, found -1")
        try check(with("[0, 0, 65536, 53, 520]"), "\(at)[2] (type): expected an integer from 0 to 65535, found 65536")
        try check(
            with("[0, 0, 3, 53, -2147483649]"),
            "\(at)[4] (value): expected an integer from -2147483648 to 2147483647, found -2147483649")
        try check(
            with("[0, 0, 3, 53, 99999999999999999999]"), "\(at)[4] (value): expected an integer, found '99999999999999999999'")
        try check(
            with("[9223372036854, 775808, 3, 53, 520]"),
            "\(at): timestamp 9223372036854.775808 is out of range (at most 9223372036854.775807 seconds)")

        // The last row of the file without its newline: read; cut short: an error.
        let first = String(smallRecording.prefix(upTo: smallRecording.range(of: "- node: /dev/input/event7")!.lowerBound))
        #expect(try streamedAsYams(directory.write("last.yml", String(first.dropLast()))).count == 10)
        let cut = first.replacingOccurrences(
            of: "    - [  1,      5,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +988ms\n", with: "    - [  1,      5,   0,   0")
        try check(cut, "rec.yml:54: expected valid YAML: did not find expected ',' or ']'")
    }

    @Test func malformedRowsAtTheirLines() throws {
        // A row in the middle of a long recording: its line, its item, its row.
        var text = "version: 1\ndevices:\n- evdev:\n    name: x\n    id: [0, 0, 0, 0]\n  events:\n"
        for frame in 0..<1000 {
            text += "  # Current time is 14:51:15\n  - evdev:\n    - [0, \(frame), 3, 53, 1] # x\n    - [0, \(frame), 0, 0, 0]\n"
            if frame % 2 == 0 { text += "  - hid: {time: [0, \(frame)], hidraw0: [0x01]}\n" }
        }
        #expect(try streamedAsYams(directory.write("long.yml", text)).count == 2000)
        let bad = text.replacingOccurrences(of: "[0, 777, 0, 0, 0]", with: "[0, 777, 0, 0, 0, 0]")
        let line = bad.prefix(upTo: bad.range(of: "[0, 777, 0, 0, 0, 0]")!.lowerBound).filter { $0 == "\n" }.count + 1
        #expect(line == 3507)
        try check(bad, "rec.yml:3507: devices[0].events[1166].evdev[1]: expected [sec, usec, type, code, value] (5 integers), found 6 items")
    }

    @Test func itemsTheWholeDocumentRejects() throws {
        // `evdev:` without rows: before another key, and at the end of the events.
        let x520 = "    - [  0,  10000,   3,  53,     520] # EV_ABS / ABS_MT_POSITION_X       520\n"
        try check(
            smallRecording.replacingOccurrences(of: x520, with: ""),
            "rec.yml:46: devices[0].events[2].evdev: expected a list of [sec, usec, type, code, value]")
        let lastItem = """
              - evdev:
                - [  0,  12000,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +12ms
                - [  1,      5,   3,  57,      -1] # EV_ABS / ABS_MT_TRACKING_ID       -1
                - [  1,      5,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +988ms

            """
        try check(
            smallRecording.replacingOccurrences(of: lastItem, with: "  - evdev:\n"),
            "rec.yml:50: devices[0].events[3].evdev: expected a list of [sec, usec, type, code, value]")
        // Two `evdev:` keys in one item.
        try check(
            smallRecording.replacingOccurrences(of: "    libinput:\n", with: "    evdev:\n"),
            "rec.yml:46: expected unique keys in a mapping, found evdev twice")
    }

    /// Lines the streaming does not skip, where the whole document's parse finds an error.
    @Test func linesOutOfPlace() throws {
        let rows = "  - evdev:\n    - [0, 1, 3, 53, 5]\n    - [0, 1, 0, 0, 0]\n"
        let head = "version: 1\ndevices:\n- node: n\n  evdev:\n    name: x\n    id: [0, 0, 0, 0]\n  events:\n" + rows
        // Not a key, at the column of the keys of an item.
        try check(head + "  - evdev:\n    - [0, 2, 3, 53, 6]\n    -[0, 2, 0, 0, 0]\n", "rec.yml:14: expected valid YAML: could not find expected ':'")
        // Less indented than the items, but not a key of the device, a device or a top-level key.
        try check(head + " - evdev:\n    - [0, 2, 0, 0, 0]\n", "rec.yml:11: expected valid YAML: did not find expected key")
        // A second `events:`.
        try check(head + "  events:\n" + rows, "rec.yml:7: expected unique keys in a mapping, found events twice")
    }

    @Test func bytesThatAreNotText() throws {
        let row = "[  0,  10000,   3,  53,     520]"
        let nul = smallRecording.replacingOccurrences(of: row, with: "[0, 10000, 3, 53, 5\u{0}20]")
        try check(nul, "rec.yml:47: unexpected NUL byte in column 26: expected a YAML text file", sameAsYams: false)
        var bytes = Array(smallRecording.utf8)
        let comment = Array("# EV_ABS / ABS_MT_POSITION_X       520".utf8)
        let at = try #require(bytes.indices.first { bytes[$0...].starts(with: comment) })
        bytes[at + 2] = 0xFF
        let path = try directory.write("rec.yml", bytes: bytes)
        let invalid = traceError { _ = try streamed(path) }
        #expect(invalid == FileError(.malformed, path: path, line: 47, message: "expected UTF-8 text (YAML), found invalid bytes"))
        // A file that does not exist.
        let missing = traceError { _ = try TraceReader.open(path: directory.path + "/missing.yml") }
        #expect(missing?.kind == .unreadable)
    }

    // MARK: Other layouts: read whole when small, an error when large

    /// YAML that is not in libinput record's layout, and where the streaming sees it.
    static let otherLayouts: [(name: String, text: String, line: Int?, expected: String)] = {
        let head = "version: 1\ndevices:\n- node: n\n  evdev:\n    name: x\n    id: [0, 0, 0, 0]\n"
        let rows = "  - evdev:\n    - [0, 1, 3, 53, 5]\n    - [0, 1, 0, 0, 0]\n"
        return [
            ("flow events", head + "  events: [{evdev: [[0, 1, 3, 53, 5], [0, 1, 0, 0, 0]]}]\n", 7,
             "expected a top-level devices: list whose first device has its events: key on a line of its own, after its evdev: key"),
            ("flow devices", "version: 1\ndevices: [{evdev: {name: x, id: [0, 0, 0, 0]}, events: [{evdev: [[0, 1, 0, 0, 0]]}]}]\n", 2,
             "expected a top-level devices: list whose first device has its events: key on a line of its own, after its evdev: key"),
            ("events before evdev", "version: 1\ndevices:\n- events:\n" + rows + "  evdev:\n    name: x\n    id: [0, 0, 0, 0]\n", 3,
             "expected a top-level devices: list whose first device has its events: key on a line of its own, after its evdev: key"),
            ("flow item", head + "  events:\n" + rows + "  - {evdev: [[0, 2, 3, 53, 6], [0, 2, 0, 0, 0]]}\n", 11,
             "expected each item of events: as a block mapping (- evdev:), found a flow mapping"),
            ("flow rows", head + "  events:\n" + rows + "  - evdev: [[0, 2, 3, 53, 6], [0, 2, 0, 0, 0]]\n", 11,
             "expected the rows of evdev: on the lines below it (- [sec, usec, type, code, value]), found a value on its line"),
            ("a row over two lines", head + "  events:\n" + rows + "  - evdev:\n    - [0, 2, 3,\n       53, 6]\n    - [0, 2, 0, 0, 0]\n", 12,
             "expected [sec, usec, type, code, value] on one line, found invalid YAML (did not find expected node content)"),
            ("block rows", head + "  events:\n" + rows + "  - evdev:\n    - - 0\n      - 2\n      - 0\n      - 0\n      - 0\n", 12,
             "expected one - [sec, usec, type, code, value] row per line under evdev:, the rows at one column"),
            ("quoted key", head + "  events:\n" + rows + "  - \"evdev\":\n    - [0, 2, 0, 0, 0]\n", 11,
             "expected plain keys in the items of events: (evdev:, not quoted, tagged, anchored or complex)"),
            ("a flow mapping over two lines", head + "  events:\n" + rows + "  - libinput: {time: [0,\n1]}\n" + rows, 11,
             "expected each {…}, […] and quoted string in events: to end on the line where it begins"),
            ("a quoted string over two lines", head + "  events:\n" + rows + "  - evdev:\n    - [0, 2, 0, 0, 0]\n    libinput: 'a\n  - b'\n" + rows, 13,
             "expected each {…}, […] and quoted string in events: to end on the line where it begins"),
        ]
    }()

    @Test(arguments: otherLayouts.indices)
    func otherLayoutsAreReadWholeWhenSmall(index: Int) throws {
        let (name, text, line, expected) = Self.otherLayouts[index]
        let path = try directory.write("other.yml", text)
        // Small: as Yams reads it (the events streamed before the change of layout are not read twice).
        let events = try streamedAsYams(path, streaming: false)
        #expect(events.count >= 1, "\(name)")
        #expect(events.last == InputEvent(time: Timestamp(microseconds: events.last!.time.microseconds), type: 0, code: 0, value: 0))
        // Large (here: over 16 bytes): an error that says what was expected.
        let error = traceError { _ = try streamed(path, limit: 16) }
        #expect(
            error == FileError(
                .malformed, path: path, line: line,
                message: expected + " (libinput record's own layout: a recording of more than 16 bytes is streamed, not read whole as YAML)"),
            "\(name)")
    }

    @Test func aLargeFileWithAHeaderYamsRejects() throws {
        let path = try directory.write("v2.yml", smallRecording.replacingOccurrences(of: "version: 1\n", with: "version: 2\n"))
        let error = traceError { _ = try streamed(path, limit: 16) }
        #expect(error?.description == path + ":2: version: expected version 1 (the only libinput record format), found 2")
    }
}
