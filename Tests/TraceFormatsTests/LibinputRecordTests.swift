import EvdevModel
import GestureCore
import GestureRuntime
import SystemCalls
import Testing
import TraceFormats
import TracePlayback

/// A small libinput recording, written after libinput-record's output: unknown keys, a `hid:` item, a
/// `libinput:` note, a frame split across two `evdev:` items, and a second device that is not read.
let smallRecording = libinputRecordStart(devices: 2) + """
        # Name: Test Touchscreen
        name: "Test Touchscreen"
        id: [3, 1267, 9999, 273]
        codes:
          0: [0, 1, 2, 3, 4]
          1: [330]
          3: [0, 1, 47, 53, 54, 57]
        absinfo:
          0: [0, 2000, 0, 0, 10]
          1: [0, 1000, 0, 0, 10]
          47: [0, 9, 0, 0, 0]
          53: [0, 2000, 0, 0, 10]
          54: [0, 1000, 0, 0, 10]
          57: [0, 65535, 0, 0, 0]
        properties: [1]
      hid: [0x05, 0x0d, 0x09, 0x04]
      udev:
        properties:
        - ID_INPUT=1
        - ID_INPUT_TOUCHSCREEN=1
      quirks:
      future-key: {anything: [1, 2]}
      events:
      # Current time is 14:51:15
      - evdev:
        - [  0,      0,   3,  47,       0] # EV_ABS / ABS_MT_SLOT               0
        - [  0,      0,   3,  57,     100] # EV_ABS / ABS_MT_TRACKING_ID      100
        - [  0,      0,   3,  53,     500] # EV_ABS / ABS_MT_POSITION_X       500
        - [  0,      0,   3,  54,     250] # EV_ABS / ABS_MT_POSITION_Y       250
        - [  0,      0,   1, 330,       1] # EV_KEY / BTN_TOUCH                 1
        - [  0,      0,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +0ms
      - hid: {time: [0, 5000], hidraw0: [0x01, 0x02]}
      - evdev:
        - [  0,  10000,   3,  53,     520] # EV_ABS / ABS_MT_POSITION_X       520
        libinput:
        - "a free-form note"
      - evdev:
        - [  0,  12000,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +12ms
        - [  1,      5,   3,  57,      -1] # EV_ABS / ABS_MT_TRACKING_ID       -1
        - [  1,      5,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +988ms
    - node: /dev/input/event7
      evdev:
        name: "Second"
        id: [3, 1, 2, 3]
      events:
      - evdev:
        - [0, 0, 0, 0, 0]

    """

@Suite struct LibinputRecordTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    private func error(_ text: String) throws -> String? {
        let path = try directory.write("rec.yml", text)
        let error = traceError { _ = try TraceReader.open(path: path).readAll() }
        #expect(error?.kind == .malformed)
        return error.map { $0.description.replacingOccurrences(of: directory.path + "/", with: "") }
    }

    @Test func readsTheFirstDevice() throws {
        let path = try directory.write("recording.yml", smallRecording)
        let trace = try TraceReader.open(path: path)
        #expect(trace.format == .libinputRecord)
        #expect(trace.descriptionSource == .header)
        let description = trace.description
        #expect(description.name == "Test Touchscreen")
        #expect(description.id == InputID(bustype: 3, vendor: 1267, product: 9999, version: 273))
        #expect(description.properties == [InputProperty.direct])
        #expect(description.codes(ofType: EventType.key) == [KeyCode.btnTouch])
        #expect(description.codes(ofType: EventType.abs) == [0, 1, 47, 53, 54, 57])
        #expect(description.absinfo[AbsCode.mtPositionX] == AbsInfo(minimum: 0, maximum: 2000, resolution: 10))
        #expect(description.touchProtocol == .multitouchSlots(slots: 10))
        #expect(description.kind == .touchscreen)

        let result = try replay(path: path)
        #expect(result.events == 10)
        // Frames are made by SYN_REPORT, not by the YAML items.
        #expect(
            result.frames == [
                TouchFrame(time: T(0), contacts: [C(0, 50, 25, .began)]),
                TouchFrame(time: T(12000), contacts: [C(0, 52, 25, .moved)]),
                TouchFrame(time: T(1_000_005), contacts: [C(0, 52, 25, .ended)]),
            ])
        #expect(result.finish == FrameAssembler.FinishResult(partialFrameDropped: false, lastFrameTime: T(1_000_005)))
    }

    @Test func recordingWithoutEvents() throws {
        let path = try directory.write(
            "none.yaml", "version: 1\ndevices:\n- evdev:\n    name: x\n    id: [0, 0, 0, 0]\n  events:\n")
        let trace = try TraceReader.open(path: path)
        #expect(trace.description == DeviceDescription(name: "x"))
        #expect(try trace.readAll() == [])
    }

    /// The small recording with one piece of its text replaced: the version, an event row or the device.
    struct Edit: Sendable, CustomTestStringConvertible {
        var replacing: String
        var with: String
        var message: String
        init(_ replacing: String, _ with: String, _ message: String) {
            (self.replacing, self.with, self.message) = (replacing, with, message)
        }
        var testDescription: String { "\(replacing.debugDescription) → \(with.debugDescription)" }
    }

    static let row = "[  0,  10000,   3,  53,     520]"

    @Test(arguments: [
        // Other versions.
        Edit("version: 1\n", "version: 2\n", "rec.yml:2: version: expected version 1 (the only libinput record format), found 2"),
        Edit("version: 1\n", "", "rec.yml:2: version: expected the key version: 1 (libinput record format)"),
        Edit("version: 1\n", "version: one\n", "rec.yml:2: version: expected an integer, found 'one'"),
        // Malformed rows.
        Edit(row, "[0, 10000, 3]", "rec.yml:47: devices[0].events[2].evdev[0]: expected [sec, usec, type, code, value] (5 integers), found 3 items"),
        Edit(row, "[0, 1000000, 3, 53, 520]", "rec.yml:47: devices[0].events[2].evdev[0][1] (usec): expected an integer from 0 to 999999, found 1000000"),
        Edit(row, "[0, 0, 3, 53, 2147483648]",
             "rec.yml:47: devices[0].events[2].evdev[0][4] (value): expected an integer from -2147483648 to 2147483647, found 2147483648"),
        Edit(row, "[9223372036854, 775808, 3, 53, 520]",
             "rec.yml:47: devices[0].events[2].evdev[0]: timestamp 9223372036854.775808 is out of range (at most 9223372036854.775807 seconds)"),
        Edit(row, "{sec: 0}", "rec.yml:47: devices[0].events[2].evdev[0]: expected [sec, usec, type, code, value] (5 integers), found a mapping"),
        // Malformed devices.
        Edit("id: [3, 1267, 9999, 273]", "id: [3, 1267]", "rec.yml:16: devices[0].evdev.id: expected 4 integers [bus, vendor, product, version], found 2"),
        Edit("53: [0, 2000, 0, 0, 10]", "53: [0, 2000]",
             "rec.yml:25: devices[0].evdev.absinfo.53: expected 5 integers [min, max, fuzz, flat, resolution], found 2"),
    ])
    func aBrokenRecordingIsRejectedNamingItsPlace(_ edit: Edit) throws {
        let text = smallRecording.replacingOccurrences(of: edit.replacing, with: edit.with)
        #expect(text != smallRecording)
        #expect(try error(text) == edit.message)
    }

    @Test func noDeviceOrADeviceWithoutEvdev() throws {
        #expect(try error("version: 1\ndevices: []\n") == "rec.yml:2: devices: expected a list of devices with at least one device")
        #expect(
            try error("version: 1\ndevices:\n- node: /dev/input/event1\n")
                == "rec.yml:3: devices[0].evdev: expected a mapping with the device's name, id, codes and absinfo")
    }

    @Test func notYAMLOrNotARecording() throws {
        #expect(try error("- 1\n- 2\n") == "rec.yml:1: expected a libinput recording (a YAML mapping with version: 1)")
        #expect(try error("") == "rec.yml: expected a libinput recording (a YAML mapping with version: 1)")
        #expect(
            try error("version: 1\ndevices: [1\n")
                == "rec.yml:3: expected valid YAML: did not find expected ',' or ']'")
        let path = try directory.write("binary.yml", bytes: [0x76, 0x00, 0xFF])
        let error = traceError { _ = try TraceReader.open(path: path) }
        #expect(error == FileError(.malformed, path: path, line: 1, message: "unexpected NUL byte in column 2: expected a YAML text file"))
    }
}

/// The libinput-record writer (`TraceFormat.libinputRecord.document`) on what a device or a caller may hand it.
@Suite struct LibinputRecordWriterTests {
    /// A name with a line end, quotes and a backslash, a node with a space, and a partial frame at the end: the file
    /// reads back to the same name and every event, the partial frame included (the pipeline drops it, as any).
    @Test func anOddNameANodeWithASpaceAndAPartialFrameReadBackAsWritten() throws {
        let directory = try TemporaryDirectory()
        let evemu = try directory.write("small.evemu", smallTouchHeader())
        var description = try TraceReader.readDescription(path: evemu)
        description.name = "Odd\n\"Touch\" \\ \u{1B}[31m"
        let events = [
            InputEvent(time: T(1_000_000), type: EventType.abs, code: 0, value: 10),
            InputEvent(time: T(1_000_000), type: EventType.syn, code: SynCode.report, value: 0),
            InputEvent(time: T(1_010_000), type: EventType.abs, code: 0, value: 12),
        ]
        let text = TraceFormat.libinputRecord.document(description: description, node: "/dev/input/event 7",
                                                       comments: ["a comment\nwith a line end"], events: events)
        #expect(text.contains("- node: \"/dev/input/event 7\"\n"))
        #expect(text.contains("# a comment\\x0awith a line end\n"))
        #expect(text.contains("    # Name: Odd\\x0a\"Touch\" \\ \\x1b[31m\n"))
        #expect(text.contains("    name: \"Odd\\x0a\\\"Touch\\\" \\\\ \\x1b[31m\"\n"))
        let trace = try TraceReader.open(path: try directory.write("odd.yml", text))
        #expect(trace.description.name == description.name)
        #expect(try trace.readAll() == events)
    }
}
