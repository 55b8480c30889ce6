import Foundation
import Testing

/// Issue 7: careless inputs get clear results.
@Suite struct InputsTests {
    let directory: URL

    init() throws {
        directory = try CLI.temporaryDirectory()
    }

    func write(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    // MARK: The end of a trace

    /// A last line of 1 MB without its line end was 65: dropped now, with a warning that names it.
    @Test func aLongCutLastLineIsDroppedWithAWarning() throws {
        let trace = try write("cut.evemu", header + tap + "E: 2.000000 0003 0035 " + String(repeating: "1", count: 1_000_000))
        let run = try CLI.run(["replay", trace])
        #expect(run.status == 0)
        #expect(run.lines == [tapLine])
        #expect(run.stderr == "gestures: warning: \(trace):24: the last line has no line end (the trace was cut short): it was dropped, "
                + "with any events after the final SYN_REPORT\n")
    }

    @Test func crLineEndsAndAByteOrderMarkReplayAsUsual() throws {
        let plain = try CLI.run(["replay", try write("plain.evemu", header + tap + pan)])
        #expect(plain.lines.count == 4)
        let cr = try CLI.run(["replay", try write("cr.evemu", (header + tap + pan).replacingOccurrences(of: "\n", with: "\r"))])
        #expect(cr.status == 0)
        #expect(cr.stdout == plain.stdout)
        #expect(cr.stderr == "")
        let marked = try CLI.run(["replay", try write("bom.evemu", "\u{FEFF}" + header + tap + pan)])
        #expect(marked.status == 0)
        #expect(marked.stdout == plain.stdout)
        #expect(marked.stderr == "")
    }

    // MARK: YAML

    static let recording = PinnedRecordings.directory.appendingPathComponent("synthetic-libinput-record.yml")

    /// The recording with `replace` put in place of `of`.
    func recording(_ name: String, replacing of: String, with replacement: String) throws -> String {
        let text = try String(contentsOf: Self.recording, encoding: .utf8)
        #expect(text.contains(of))
        return try write(name, text.replacingOccurrences(of: of, with: replacement))
    }

    @Test(.timeLimit(.minutes(1))) func anAliasBombIs65AtOnce() throws {
        var bomb = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1..<9 { bomb += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n" }
        bomb += "k: {*a8: 1}\n"
        let trace = try recording("bomb.yml", replacing: "version: 1\n", with: "version: 1\n" + bomb)
        let run = try CLI.run(["replay", trace])
        #expect(run.status == 65)
        #expect(run.stdout == "")
        #expect(run.stderr == "gestures: \(trace):8: expected no YAML aliases (libinput record writes none), found *a0\n")
    }

    @Test func aNULInASmallYAMLFileNamesItsLine() throws {
        let trace = try recording("nul.yml", replacing: "ndevices: 1\n", with: "ndevices: 1\u{0}\n")
        let run = try CLI.run(["replay", trace])
        #expect(run.status == 65)
        #expect(run.stderr == "gestures: \(trace):7: unexpected NUL byte in column 12: expected a YAML text file\n")
    }

    // MARK: Descriptions

    /// An axis whose range is 0 had the surface assumed 250 mm wide: no position can be told on it, so
    /// the description is malformed, and the message names the axis.
    @Test func aPositionAxisWithoutRangeIs65() throws {
        let trace = try write("zero.evemu", header.replacingOccurrences(of: "A: 35 0 1000 0 0 10", with: "A: 35 0 0 0 0 10") + tap)
        let run = try CLI.run(["replay", trace])
        #expect(run.status == 65)
        #expect(run.stdout == "")
        #expect(run.stderr == "gestures: \(trace): expected the position axis ABS_MT_POSITION_X to span a range (maximum above minimum), "
                + "found 0 to 0: positions on it cannot be told apart\n")
        // Without resolutions either (where the 250 mm were assumed), and from a description file: that file is named.
        let description = try write("zero.desc", header.replacingOccurrences(of: "A: 35 0 1000 0 0 10", with: "A: 35 0 1000 0 0 0")
            .replacingOccurrences(of: "A: 36 0 500 0 0 10", with: "A: 36 7 7 0 0 0"))
        let bare = try write("bare.events", tap)
        let described = try CLI.run(["replay", "--device", description, bare])
        #expect(described.status == 65)
        #expect(described.stderr == "gestures: \(description): expected the position axis ABS_MT_POSITION_Y to span a range "
                + "(maximum above minimum), found 7 to 7: positions on it cannot be told apart\n")
    }

    /// `--device` replaced a trace's own description silently: it says so now, once per trace.
    @Test func aDeviceThatReplacesATracesOwnDescriptionSaysSo() throws {
        let description = try write("device.desc", header)
        let trace = try write("tap.evemu", header + tap)
        let run = try CLI.run(["replay", "--device", description, trace, trace])
        #expect(run.status == 0)
        #expect(run.lines.count == 2)
        #expect(run.stderr == "gestures: warning: \(trace) has its own device description; --device \(description) replaces it\n")
        // A trace without a header of its own: nothing to say.
        let bare = try CLI.run(["replay", "--device", description, try write("bare.events", tap)])
        #expect(bare.lines == [tapLine])
        #expect(bare.stderr == "")
    }
}
