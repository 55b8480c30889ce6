import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

extension CLI {
    /// Runs `command` (`command[0]` is the executable's path) with its arguments as bytes, which `Process`
    /// cannot pass when they are not UTF-8.
    static func runProcess(bytes command: [[UInt8]]) throws -> Run {
        let scratch = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outPath = scratch.appendingPathComponent("stdout").path, errPath = scratch.appendingPathComponent("stderr").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let arguments: [UnsafeMutablePointer<CChar>?] = command.map { bytes in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
            copy[bytes.count] = 0
            return copy
        } + [nil]
        defer { for argument in arguments { argument?.deallocate() } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0]!, &actions, nil, arguments, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return Run(status: (status >> 8) & 0xFF,
                   stdout: String(decoding: try Data(contentsOf: URL(fileURLWithPath: outPath)), as: UTF8.self),
                   stderr: String(decoding: try Data(contentsOf: URL(fileURLWithPath: errPath)), as: UTF8.self))
    }

    /// Runs `gestures` with arguments given as bytes.
    static func run(bytes arguments: [[UInt8]]) throws -> Run {
        try runProcess(bytes: [Array(binary.path.utf8)] + arguments)
    }
}

/// Issue 7: careless inputs get clear results; paths are bytes.
@Suite struct InputsTests: WritesFiles {
    let directory: URL

    init() throws {
        directory = try CLI.temporaryDirectory()
    }

    /// Writes `contents` to the file named by the bytes `name` in the test's directory; its path's bytes.
    func write(bytes name: [UInt8], _ contents: String) throws -> [UInt8] {
        let path = Array(directory.path.utf8) + [UInt8(ascii: "/")] + name
        let fd = (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        }
        guard fd >= 0 else { throw POSIXError(.EIO) }
        defer { close(fd) }
        let bytes = Array(contents.utf8)
        guard Glibc.write(fd, bytes, bytes.count) == bytes.count else { throw POSIXError(.EIO) }
        return path
    }

    /// The test's directory followed by `name`, for messages.
    func shown(_ name: String) -> String { directory.path + "/" + name }

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

    /// A libinput recording under another name is read as evemu, as its name says, and refused at its
    /// `version: 1` line, with a word on how to name it.
    @Test func aLibinputRecordingNamedOtherwiseSaysHowToNameIt() throws {
        let trace = try write("recording.txt", try String(contentsOf: Self.recording, encoding: .utf8))
        let run = try CLI.run(["replay", trace])
        #expect(run.status == 65)
        #expect(run.stderr == "gestures: \(trace):6: expected a description line (N:, I:, P:, B:, A:, L:, S:), an event line (E:) "
                + "or a # comment, found 'version: 1' (a libinput record file? it is read as one when its name ends in .yml or .yaml)\n")
    }

    /// Flow collections nested 500,000 deep (1 MB of `[` and `]`): libyaml's scanner took minutes over them
    /// (each token looks at every open collection), before Yams's parser refused them at 1,000 levels.
    @Test(.timeLimit(.minutes(1))) func aFlowNestedHalfAMillionDeepIs65AtOnce() throws {
        let deep = String(repeating: "[", count: 500_000) + String(repeating: "]", count: 500_000)
        let trace = try write("deep.yml", "version: 1\nndevices: 1\ndevices: " + deep + "\n")
        let run = try CLI.run(["replay", trace])
        #expect(run.status == 65)
        #expect(run.stdout == "")
        #expect(run.stderr == "gestures: \(trace):3: expected valid YAML: Maximum nesting level reached, set with yaml_set_max_nest_level())\n")
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

    // MARK: Layouts

    @Test func anUnknownKeyIsNamedBeforeAMissingOne() throws {
        let layout = try write("regionz.json", #"{"regionz": []}"#)
        let run = try CLI.run(["replay", "--layout", layout, try write("tap.evemu", header + tap)])
        #expect(run.status == 65)
        #expect(run.stderr == "gestures: \(layout):1: regionz: unknown key (expected one of: surface, regions)\n")
    }

    // MARK: Paths are bytes

    static let latin1: [UInt8] = Array("caf".utf8) + [0xE9]
    static let besideLayout = #"{"regions": [{"name": "beside", "kind": "timeline", "rect": {"x": 0, "y": 0, "width": 100, "height": 50}, "domain": {"start": 0, "end": 100}, "bucket": 1}]}"#

    /// A trace path that is not UTF-8 was "No such file": opened now by its bytes, with the layout and the
    /// description beside it found by bytes too, and shown with `\xNN` in messages and in `"trace"`.
    @Test func tracesLayoutsAndDescriptionsOpenByTheirBytes() throws {
        let trace = try write(bytes: Self.latin1 + Array(".evemu".utf8), header + tap)
        _ = try write(bytes: Self.latin1 + Array(".layout.json".utf8), Self.besideLayout)
        let besideLine = tapLine.replacingOccurrences(of: "\"surface\"", with: "\"beside\"")
        let run = try CLI.run(bytes: [Array("replay".utf8), trace])
        #expect(run.status == 0)
        #expect(run.lines == [besideLine])
        #expect(run.stderr == "")

        // Given: --layout and --device; a header-less trace whose .desc is beside it.
        let layout = try write(bytes: Self.latin1 + [0xFF] + Array(".json".utf8), Self.besideLayout)
        let description = try write(bytes: Self.latin1 + [0xFF] + Array(".desc".utf8), header)
        let bare = try write(bytes: Array("bare".utf8) + [0xFE] + Array(".events".utf8), tap)
        _ = try write(bytes: Array("bare".utf8) + [0xFE] + Array(".desc".utf8), header)
        let given = try CLI.run(bytes: [Array("replay".utf8), Array("--layout".utf8), layout, Array("--device".utf8), description, bare])
        #expect(given.lines == [besideLine])
        #expect(given.stderr == "")
        let found = try CLI.run(bytes: [Array("replay".utf8), Array("--layout=".utf8) + layout, bare])
        #expect(found.lines == [besideLine])

        // Several traces: each line names its trace as given, the byte that is not UTF-8 written \xe9.
        let both = try CLI.run(bytes: [Array("replay".utf8), trace, Array(try write("plain.evemu", header + tap).utf8)])
        #expect(both.lines.first == #"{"trace":"\#(shown("caf\\\\xe9.evemu"))","time":1.080000,"region":"beside","type":"tap","x":50,"y":25,"count":1,"value":50,"selection":{"start":50,"end":50}}"#)
        #expect(both.lines.count == 2)
    }

    @Test func aMissingPathThatIsNotUTF8IsShownWithItsBytes() throws {
        let missing = Array(directory.path.utf8) + Array("/nope".utf8) + [0xFF] + Array(".evemu".utf8)
        let run = try CLI.run(bytes: [Array("replay".utf8), missing])
        #expect(run.status == 66)
        #expect(run.stderr == "gestures: \(shown("nope\\xff.evemu")): cannot open: No such file or directory\n")
        let layout = try CLI.run(bytes: [Array("replay".utf8), Array("--layout".utf8), missing, Array(try write("t.evemu", header + tap).utf8)])
        #expect(layout.status == 66)
        #expect(layout.stderr == "gestures: \(shown("nope\\xff.evemu")): cannot open: No such file or directory\n")
    }

    /// The code points that carry the bytes through the argument parser, given as themselves, are
    /// themselves: a file named with one opens.
    @Test func aPathWithThePrivateUseCodePointsOfTheCarrierOpens() throws {
        for name in ["plane16-\u{10FE80}.evemu", "plane16-\u{10FE00}\u{10FEFF}.evemu"] {
            let trace = try write(name, header + tap)
            let run = try CLI.run(["replay", trace])
            #expect(run.status == 0)
            #expect(run.lines == [tapLine])
        }
    }

    /// `record -o` and `live --record` write to the file named by the bytes given. (umockdev-run refuses
    /// arguments that are not UTF-8: a shell inside the emulation makes the path's last byte.)
    @Test(.enabled(if: Emulated.available, "umockdev is missing: run `make test`, which installs it"))
    func recordingsAreWrittenToPathsThatAreNotUTF8() throws {
        let trace = Emulated.fixtures.appendingPathComponent("traces/tap-longpress-mt.events").path
        for (command, name) in [("record /dev/input/event20 -o", "record"), ("live /dev/input/event20 --record", "live")] {
            let script = #"exec "$0" \#(command) "$1$(printf '\351').evemu""#
            let run = try CLI.runProcess([Emulated.harness.path, "--interrupt-after", "2.5", "touchscreen-mt", trace, "--",
                                          "/bin/sh", "-c", script, CLI.binary.path, shown(name)])
            #expect(run.status == 0, "\(name): \(run.stderr)")
            let output = Array(shown(name).utf8) + [0xE9] + Array(".evemu".utf8)
            let replayed = try CLI.run(bytes: [Array("replay".utf8), output])
            #expect(replayed.status == 0, "\(name): \(replayed.stderr)")
            #expect(replayed.lines.count >= 2, "\(name)")
            #expect(replayed.lines.first?.contains(#""type":"tap""#) == true, "\(name)")
        }
    }
}
