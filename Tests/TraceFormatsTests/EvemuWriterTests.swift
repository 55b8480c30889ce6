import EvdevModel
import Foundation
import GestureCore
import GestureRuntime
import SystemCalls
import Testing
import TraceFormats
import TracePlayback

@Suite struct EvemuWriterTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    @Test func eventLines() {
        var lastSyn: Timestamp?
        func line(_ microseconds: Int64, _ type: UInt16, _ code: UInt16, _ value: Int32) -> String {
            EvemuFormat.eventLine(InputEvent(time: T(microseconds), type: type, code: code, value: value), lastSyn: &lastSyn)
        }
        // Microseconds and values without zero padding, for umockdev: 1.10000 is 1 s + 10000 µs.
        #expect(line(1_010_000, EventType.abs, AbsCode.mtPositionX, 358) == "E: 1.10000 0003 0035 358\t# EV_ABS / ABS_MT_POSITION_X    358\n")
        #expect(line(2_000_005, EventType.abs, AbsCode.mtTrackingID, -1) == "E: 2.5 0003 0039 -1\t# EV_ABS / ABS_MT_TRACKING_ID   -1\n")
        #expect(line(2_000_005, EventType.msc, 5, 1_472_800) == "E: 2.5 0004 0005 1472800\t# EV_MSC / MSC_TIMESTAMP        1472800\n")
        #expect(line(2_000_005, 0x1e, 0x1234, 0) == "E: 2.5 001e 1234 0\t# ? / ?                    0\n")
        #expect(
            line(2_000_005, EventType.syn, SynCode.mtReport, 0) == "E: 2.5 0000 0002 0\t# ++++++++++++ SYN_MT_REPORT (0) ++++++++++\n")
        #expect(
            line(2_000_005, EventType.syn, SynCode.report, 0) == "E: 2.5 0000 0000 0\t# ------------ SYN_REPORT (0) ---------- +0ms\n")
        #expect(
            line(2_012_999, EventType.syn, SynCode.report, 0) == "E: 2.12999 0000 0000 0\t# ------------ SYN_REPORT (0) ---------- +12ms\n")
        #expect(
            line(2_010_000, EventType.syn, SynCode.dropped, 0) == "E: 2.10000 0000 0003 0\t# ------------ SYN_DROPPED (0) ---------- -2ms\n")
        // A time before 0 is written as 0.
        #expect(line(-5, EventType.key, KeyCode.btnTouch, 1) == "E: 0.0 0001 014a 1\t# EV_KEY / BTN_TOUCH            1\n")
    }

    @Test func header() {
        let description = DeviceDescription(
            name: "Tiny\nPad", id: InputID(bustype: 0x18, vendor: 0xabc, product: 1, version: 0x100),
            properties: [InputProperty.direct],
            codes: [EventType.key: [KeyCode.btnTouch], EventType.msc: [5]],
            absinfo: [
                AbsCode.mtPositionY: AbsInfo(minimum: -5, maximum: 500, fuzz: 1, flat: 2, resolution: 3),
                AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 1000),
            ])
        let zeros = "00 00 00 00 00 00 00 00"
        #expect(
            EvemuFormat.header(for: description) == """
                # EVEMU 1.3
                N: Tiny Pad
                I: 0018 0abc 0001 0100
                P: 02 00 00 00 00 00 00 00
                B: 00 1b 00 00 00 00 00 00 00
                B: 01 \(zeros)
                B: 01 \(zeros)
                B: 01 \(zeros)
                B: 01 \(zeros)
                B: 01 \(zeros)
                B: 01 00 04 00 00 00 00 00 00
                B: 01 \(zeros)
                B: 01 \(zeros)
                B: 01 \(zeros)
                B: 01 \(zeros)
                B: 01 \(zeros)
                B: 01 \(zeros)
                B: 02 \(zeros)
                B: 03 00 00 00 00 00 00 60 00
                B: 04 20 00 00 00 00 00 00 00
                B: 05 \(zeros)
                B: 11 \(zeros)
                B: 12 \(zeros)
                B: 14 \(zeros)
                B: 15 \(zeros)
                B: 15 \(zeros)
                A: 35 0 1000 0 0 0
                A: 36 -5 500 1 2 3

                """)
    }

    /// Every real recording, written out with its description as one evemu file and read back, gives
    /// the same description and the same events.
    @Test(arguments: recordingExpectations.map(\.file))
    func roundTrip(file: String) throws {
        let original = try TraceReader.open(path: Recordings.path(file))
        let events = try original.readAll()
        let path = directory.path + "/copy.evemu"
        try writeEvemu(original.description, events, to: path)

        let copy = try TraceReader.open(path: path)
        #expect(copy.descriptionSource == .header)
        #expect(copy.description == original.description)
        #expect(try copy.readAll() == events)

        // No microseconds or value with a leading zero (umockdev would read them as octal).
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let padded = text.split(separator: "\n").filter { line in
            guard line.hasPrefix("E: ") else { return false }
            let fields = line.dropFirst(3).prefix { $0 != "\t" }.split(separator: " ")
            let microseconds = fields[0].split(separator: ".")[1]
            let value = fields[3].drop { $0 == "-" }
            return (microseconds.count > 1 && microseconds.hasPrefix("0")) || (value.count > 1 && value.hasPrefix("0"))
        }
        #expect(text.contains("\nE: "))
        #expect(padded.isEmpty)
    }

    @Test func libinputRecordingToEvemu() throws {
        let recording = try TraceReader.open(path: directory.write("r.yml", smallRecording))
        let events = try recording.readAll()
        let path = directory.path + "/r.evemu"
        try writeEvemu(recording.description, events, to: path)
        let copy = try TraceReader.open(path: path)
        #expect(copy.description == recording.description)
        #expect(try copy.readAll() == events)
    }

    @Test func writeErrors() throws {
        let path = directory.path + "/missing-directory/x.evemu"
        let error = traceError { _ = try EvemuWriter(path: path) }
        #expect(error == FileError(.io, path: path, message: "cannot create: No such file or directory"))
    }
}
