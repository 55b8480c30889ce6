import Foundation
import Testing

/// `gestures render`: where the picture goes, what it is drawn with, and its errors. What the picture holds
/// is tested in Tests/RenderTests.
@Suite struct RenderCommandTests {
    let directory: URL

    init() throws {
        directory = try CLI.temporaryDirectory()
    }

    func write(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Standard output by default, the file of `-o` otherwise, the same bytes; a trace's name is its title.
    @Test func theStillPictureToStandardOutputOrAFile() throws {
        let trace = try write("tap.evemu", header + tap)
        let run = try CLI.run(["render", trace])
        #expect(run.status == 0 && run.stderr == "")
        #expect(run.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(run.stdout.hasSuffix("</svg>\n"))
        #expect(run.stdout.contains("<title>tap.evemu</title>"))
        #expect(run.stdout.contains("data-target=\"surface\""))   // the default layout, as replay has it
        #expect(!run.stdout.contains("<animate"))
        let output = directory.appendingPathComponent("tap.svg").path
        let toFile = try CLI.run(["render", trace, "-o", output])
        #expect(toFile.status == 0 && toFile.stdout == "" && toFile.stderr == "")
        #expect(try String(contentsOfFile: output, encoding: .utf8) == run.stdout)
    }

    @Test func animatedWithTheLayoutGiven() throws {
        let trace = try write("pan.evemu", header + tap + pan)
        let layout = try write("knob.json", """
            {"regions": [{"name": "knob", "kind": "dial", "center": {"x": 50, "y": 25}, "radius": 20}]}
            """)
        let run = try CLI.run(["render", "--animate", "--layout", layout, trace])
        #expect(run.status == 0)
        #expect(run.stdout.contains("data-target=\"knob\"") && !run.stdout.contains("data-target=\"surface\""))
        #expect(run.stdout.contains("<animate ") && run.stdout.contains("repeatCount=\"indefinite\""))
    }

    /// A finger still down at the end of the trace whose last move was shorter than a picture keeps (0.1 mm): the
    /// animated picture trapped on the lift time it does not have (issue 21); its path now ends at that last move,
    /// drawn as the finger reached it, with no lift ring. Here on a touchscreen of 100 units/mm, where a move of
    /// one unit is 0.01 mm.
    @Test func aFingerStillDownAfterATinyMoveIsDrawnAnimated() throws {
        let fine = header.replacingOccurrences(of: "A: 35 0 1000 0 0 10", with: "A: 35 0 10000 0 0 100")
            .replacingOccurrences(of: "A: 36 0 500 0 0 10", with: "A: 36 0 5000 0 0 100")
        let trace = try write("still-down.evemu", fine + """
            E: 1.000000 0003 002f 0
            E: 1.000000 0003 0039 1
            E: 1.000000 0003 0035 2000
            E: 1.000000 0003 0036 2500
            E: 1.000000 0000 0000 0
            E: 1.050000 0003 0035 2500
            E: 1.050000 0000 0000 0
            E: 1.100000 0003 0035 2505
            E: 1.100000 0000 0000 0

            """)
        let run = try CLI.run(["render", "--animate", trace])
        #expect(run.status == 0 && run.stderr == "")
        #expect(run.stdout.hasSuffix("</svg>\n"))
        let contact = run.stdout.components(separatedBy: "<g class=\"contact\" ").dropFirst().map { $0.components(separatedBy: "</g>")[0] }
        #expect(contact == ["""
            data-contact="0" stroke="#1f77b4">
            <path d="M20,25L25,25 25.05,25" stroke-width="0.53" stroke-opacity="0.85" pathLength="1000" stroke-dasharray="1000 1000">
            <animate attributeName="stroke-dashoffset" values="1000;9.9;0;0" keyTimes="0;0.03125;0.0625;1" calcMode="linear" dur="1.6s" repeatCount="indefinite"/>
            </path>
            <circle class="down" cx="20" cy="25" r="1.08" fill="#1f77b4" stroke="#ffffff" stroke-width="0.24">
            <animate attributeName="opacity" values="1;1" keyTimes="0;1" calcMode="discrete" dur="1.6s" repeatCount="indefinite"/>
            </circle>

            """])
        #expect(run.stdout.contains("<desc>Touch gestures: 1 contacts, 1 gestures, 0.1 s. Written by gestures render.</desc>"))
    }

    /// `--explain`: a decision on the strip for each line `replay --explain` prints, and none without it.
    @Test func explainedDecisionsOnTheStrip() throws {
        let trace = try write("tap.evemu", header + tap)
        let replayed = try CLI.run(["replay", "--explain", trace])
        let lines = replayed.stdout.split(separator: "\n").filter { $0.contains(#""type":"explain""#) }
        #expect(replayed.status == 0 && !lines.isEmpty)
        let run = try CLI.run(["render", "--explain", trace])
        #expect(run.status == 0 && run.stderr == "")
        #expect(run.stdout.components(separatedBy: "<g class=\"decision\"").count - 1 == lines.count)
        #expect(run.stdout.contains(">decisions</text>"))
        let plain = try CLI.run(["render", trace])
        #expect(!plain.stdout.contains("class=\"decision\"") && !plain.stdout.contains(">decisions</text>"))
    }

    /// A picture that cannot be written whole (here past the file size limit, with SIGXFSZ ignored so that
    /// the write fails with EFBIG) leaves the old file as it was, and no temporary file: status 74. A picture
    /// that can replaces the file a link names, keeping the link and the file's permissions; a device, and standard
    /// output by its name, are written in place.
    @Test func aPictureReplacesTheOldFileOnlyOnceWrittenWhole() throws {
        let trace = try write("tap.evemu", header + tap)
        let output = try write("tap.svg", "<svg>old</svg>\n")
        // 4 blocks of 512 bytes: the picture does not fit.
        let run = try CLI.runProcess(["/bin/sh", "-c", "ulimit -f 4 && trap '' XFSZ && exec \"$0\" render \"$1\" -o \"$2\"",
                                      CLI.binary.path, trace, output])
        #expect(run.status == 74)
        #expect(run.stdout == "" && run.stderr == "gestures: \(output): cannot write: File too large\n")
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "<svg>old</svg>\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["tap.evemu", "tap.svg"])

        let picture = try CLI.run(["render", trace]).stdout
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: output)
        let link = directory.appendingPathComponent("link.svg").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "tap.svg")
        let throughLink = try CLI.run(["render", trace, "-o", link])
        #expect(throughLink.status == 0 && throughLink.stderr == "")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "tap.svg")
        #expect(try String(contentsOfFile: output, encoding: .utf8) == picture)
        #expect(try FileManager.default.attributesOfItem(atPath: output)[.posixPermissions] as? Int == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["link.svg", "tap.evemu", "tap.svg"])
        let device = try CLI.run(["render", trace, "-o", "/dev/null"])
        #expect(device.status == 0 && device.stderr == "")
        // Standard output by its name, a regular file here (the run's capture): written in place, not replaced.
        let standardOutput = try CLI.run(["render", trace, "-o", "/dev/stdout"])
        #expect(standardOutput.status == 0 && standardOutput.stderr == "" && standardOutput.stdout == picture)
    }

    /// A picture is not written over a file its user may not write, though the directory would let a new file
    /// be renamed over it: run as nobody, in a directory open to all, over a read-only file of root's.
    @Test(.enabled(if: Emulated.canSwitchUser, "running `gestures` as another user needs root"),
          .enabled(if: Emulated.temporaryDirectoryIsOpenToOthers,
                   "the user nobody cannot reach the temporary directory, where a copy of `gestures` would go"))
    func aFileThatMayNotBeWrittenIsNotReplaced() throws {
        let binary = directory.appendingPathComponent("gestures")
        try FileManager.default.copyItem(at: CLI.binary, to: binary)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: directory.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: binary.path)
        let trace = try write("tap.evemu", header + tap)
        let output = try write("tap.svg", "<svg>old</svg>\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: output)
        let run = try CLI.runProcess(["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                                      binary.path, "render", trace, "-o", output])
        #expect(run.status == 74)
        #expect(run.stderr == "gestures: \(output): cannot create: Permission denied\n")
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "<svg>old</svg>\n")
    }

    /// An output that names one of the command's inputs, by any path, is refused with 64 before anything is
    /// written, and the input stays as it was: `render`'s `-o` the trace, the layout or the description;
    /// `live`'s `--record` its layout (refused before the device is looked at).
    @Test func anOutputThatNamesAnInputIsRefused() throws {
        let text = header + tap
        let trace = try write("tap.evemu", text)
        let layout = try write("knob.json", #"{"regions": [{"name": "knob", "kind": "dial", "center": {"x": 50, "y": 25}, "radius": 20}]}"#)
        let sameTrace = directory.appendingPathComponent("./tap.evemu").path
        let render = try CLI.run(["render", trace, "-o", sameTrace])
        #expect(render.status == 64 && render.stdout == "")
        #expect(render.stderr == "gestures: -o \(sameTrace) is the trace (\(trace)): it would be written over; name another file\n")
        #expect(try String(contentsOfFile: trace, encoding: .utf8) == text)
        let link = directory.appendingPathComponent("link.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "knob.json")
        let overLayout = try CLI.run(["render", "--layout", layout, trace, "-o", link])
        #expect(overLayout.status == 64)
        #expect(overLayout.stderr == "gestures: -o \(link) is the layout (\(layout)): it would be written over; name another file\n")
        let live = try CLI.run(["live", "--layout", layout, "--record", layout, "/dev/input/event99"])
        #expect(live.status == 64)
        #expect(live.stderr == "gestures: --record \(layout) is the layout (\(layout)): it would be written over; name another file\n")
        #expect(try String(contentsOfFile: layout, encoding: .utf8).hasPrefix(#"{"regions": [{"name": "knob""#))
        #expect(try CLI.run(["render", trace, "-o", directory.appendingPathComponent("tap.svg").path]).status == 0)
    }

    /// The errors of `replay`, with its statuses; a picture that cannot be written is 74; nothing is written
    /// on failure.
    @Test func errors() throws {
        let missing = try CLI.run(["render", directory.appendingPathComponent("none.evemu").path])
        #expect(missing.status == 66 && missing.stdout == "")
        #expect(missing.stderr.hasPrefix("gestures: ") && missing.stderr.contains("none.evemu"))
        let trace = try write("tap.evemu", header + tap)
        let layout = try write("bad.json", #"{"regions": [{"name": "x", "kind": "wheel"}]}"#)
        let malformed = try CLI.run(["render", "--layout", layout, trace])
        #expect(malformed.status == 65 && malformed.stdout == "" && malformed.stderr.contains("bad.json"))
        let unwritable = try CLI.run(["render", trace, "-o", directory.appendingPathComponent("no/such/dir.svg").path])
        #expect(unwritable.status == 74 && unwritable.stderr.contains("dir.svg"))
        let empty = try CLI.run(["render", trace, "-o", ""])
        #expect(empty.status == 74 && empty.stderr == "gestures: : cannot create: No such file or directory\n")
        let usage = try CLI.run(["render"])
        #expect(usage.status == 64)
    }
}
