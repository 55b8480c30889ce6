import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The robustness rules of SPEC "Command line" for files (issue 21's classes): a command knows its inputs,
/// sidecars included, before it writes anything, and writes onto none of them by whatever path; a file found
/// beside a trace is read only when it is a regular file, and a FIFO is never waited on; a line of an
/// expected file is kept in bounded memory; a path that cannot be reached is reported; text for a terminal
/// shows its control characters.
@Suite struct InputsAreNeverWrittenTests {
    /// The N-Trig recording: a header-less trace with its description, layout and expected output beside it.
    static let recording = "N-Trig MultiTouch"

    /// A directory holding `a.events`, `a.desc`, `a.layout.json` and `a.expected.jsonl` (the N-Trig recording).
    static func corpus() throws -> URL {
        let directory = try CLI.temporaryDirectory()
        let trace = "\(recording).2-fingers-touch-release"
        for (from, to) in [(trace + ".events", "a.events"), (recording + ".desc", "a.desc"), (trace + ".layout.json", "a.layout.json"),
                           (trace + ".expected.jsonl", "a.expected.jsonl")] {
            try FileManager.default.copyItem(at: PinnedRecordings.directory.appendingPathComponent(from),
                                             to: directory.appendingPathComponent(to))
        }
        return directory
    }

    static func bytes(_ url: URL) throws -> Data { try Data(contentsOf: url) }

    static func makeFIFO(_ url: URL) throws {
        try #require(mkfifo(url.path, 0o644) == 0)
    }

    // MARK: Outputs onto inputs

    /// `render -o` onto a file beside the trace that the replay reads (its layout, its description) is refused
    /// as `-o` onto the trace is: status 64, and the file is as it was.
    @Test(arguments: [("a.layout.json", "the layout beside the trace"), ("a.desc", "a device description beside the trace")])
    func renderOntoASidecarIsRefused(sidecar: String, what: String) throws {
        let directory = try Self.corpus()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(sidecar)
        let before = try Self.bytes(file)
        let link = directory.appendingPathComponent("picture.svg")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: sidecar)
        for output in [sidecar, "./" + sidecar, "picture.svg"] {
            let run = try CLI.run(["render", "a.events", "-o", output], in: directory)
            #expect(run.status == 64)
            #expect(run.stdout == "")
            #expect(run.stderr == "gestures: -o \(output) is \(what) (\(sidecar)): it would be written over; name another file\n")
            #expect(try Self.bytes(file) == before)
        }
        #expect(try CLI.run(["replay", "a.events"], in: directory).stdout == String(decoding: try Self.bytes(directory.appendingPathComponent("a.expected.jsonl")), as: UTF8.self))
    }

    /// `check --update` whose expected file is, through a link, the trace, its layout or its description, or
    /// another trace's expected file, writes nothing: an error (74) that names what it would have destroyed.
    @Test(arguments: [("a.events", "the trace"), ("a.layout.json", "the layout beside the trace"),
                      ("a.desc", "a device description beside the trace")])
    func updateThroughALinkOntoAnInputIsRefused(target: String, what: String) throws {
        let directory = try Self.corpus()
        defer { try? FileManager.default.removeItem(at: directory) }
        let expected = directory.appendingPathComponent("a.expected.jsonl")
        try FileManager.default.removeItem(at: expected)
        try FileManager.default.createSymbolicLink(atPath: expected.path, withDestinationPath: target)
        let before = try Self.bytes(directory.appendingPathComponent(target))
        let run = try CLI.run(["check", "--update", "."], in: directory)
        #expect(run.status == 74)
        #expect(run.stderr == "")
        #expect(run.lines == [
            "ERROR    ./a.events: ./a.expected.jsonl is \(what) (./\(target)): --update would write over it; it was left as it is",
            "(0 differ, 0 new, 1 error)",
            "0 passed, 1 failed",
        ])
        #expect(try Self.bytes(directory.appendingPathComponent(target)) == before)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: expected.path) == target)
    }

    /// Two traces whose expected files are one file (a link from one to the other): updating either would
    /// change the other's, so neither is written.
    @Test func twoTracesSharingAnExpectedFileUpdateNeither() throws {
        let directory = try Self.corpus()
        defer { try? FileManager.default.removeItem(at: directory) }
        for suffix in [".events", ".layout.json"] {
            try FileManager.default.copyItem(at: directory.appendingPathComponent("a" + suffix), to: directory.appendingPathComponent("b" + suffix))
        }
        try FileManager.default.removeItem(at: directory.appendingPathComponent("a.expected.jsonl"))
        try Data("{}\n".utf8).write(to: directory.appendingPathComponent("b.expected.jsonl"))
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("a.expected.jsonl").path,
                                                   withDestinationPath: "b.expected.jsonl")
        try FileManager.default.copyItem(at: directory.appendingPathComponent("a.desc"), to: directory.appendingPathComponent("b.desc"))
        let run = try CLI.run(["check", "--update", "."], in: directory)
        #expect(run.status == 74)
        #expect(run.lines == [
            "ERROR    ./a.events: ./a.expected.jsonl is the expected output of ./b.events (./b.expected.jsonl): --update would write over it; it was left as it is",
            "ERROR    ./b.events: ./b.expected.jsonl is the expected output of ./a.events (./a.expected.jsonl): --update would write over it; it was left as it is",
            "(0 differ, 0 new, 2 errors)",
            "0 passed, 2 failed",
        ])
        #expect(try Self.bytes(directory.appendingPathComponent("b.expected.jsonl")) == Data("{}\n".utf8))
    }

    // MARK: FIFOs and devices beside a trace

    /// A FIFO (with no writer) or a device in place of a file beside a trace is refused at once, 66, not read
    /// as empty nor waited on; `--update` writes nothing.
    @Test(.timeLimit(.minutes(1)), arguments: [
        ("a.expected.jsonl", "./a.expected.jsonl: cannot read the expected output: it is a pipe (FIFO), not a regular file"),
        ("a.layout.json", "./a.layout.json: cannot read the layout beside the trace: it is a pipe (FIFO), not a regular file"),
        ("a.desc", "./a.desc: cannot read the trace's device description: it is a pipe (FIFO), not a regular file"),
    ])
    func aFIFOBesideATraceIsRefused(sidecar: String, message: String) throws {
        let directory = try Self.corpus()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.removeItem(at: directory.appendingPathComponent(sidecar))
        try Self.makeFIFO(directory.appendingPathComponent(sidecar))
        for arguments in [["check", "."], ["check", "--update", "."]] {
            let run = try CLI.run(arguments, in: directory)
            #expect(run.status == 66)
            #expect(run.lines == ["ERROR    ./a.events: " + message, "(0 differ, 0 new, 1 error)", "0 passed, 1 failed"])
        }
        let replay = try CLI.run(["replay", "./a.events"], in: directory)
        if sidecar != "a.expected.jsonl" {
            #expect(replay.status == 66)
            #expect(replay.stderr == "gestures: " + message + "\n")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
                == ["a.desc", "a.events", "a.expected.jsonl", "a.layout.json"])
    }

    /// An expected file linked to `/dev/zero` (endless) is no regular file: refused, 66, at once.
    @Test(.timeLimit(.minutes(1))) func anExpectedFileLinkedToAnEndlessDeviceIsRefused() throws {
        let directory = try Self.corpus()
        defer { try? FileManager.default.removeItem(at: directory) }
        let expected = directory.appendingPathComponent("a.expected.jsonl")
        try FileManager.default.removeItem(at: expected)
        try FileManager.default.createSymbolicLink(atPath: expected.path, withDestinationPath: "/dev/zero")
        let run = try CLI.run(["check", "--update", "."], in: directory)
        #expect(run.status == 66)
        #expect(run.lines == [
            "ERROR    ./a.events: ./a.expected.jsonl: cannot read the expected output: it is a character device, not a regular file",
            "(0 differ, 0 new, 1 error)", "0 passed, 1 failed",
        ])
    }

    /// A layout named on the command line may be a FIFO (`--layout <(…)`): it is opened without waiting for a
    /// writer, and one with none reads as an empty file.
    @Test(.timeLimit(.minutes(1))) func aNamedFIFOWithoutAWriterReadsAsEmpty() throws {
        let directory = try Self.corpus()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.makeFIFO(directory.appendingPathComponent("fifo.json"))
        let run = try CLI.run(["replay", "--layout", "fifo.json", "a.events"], in: directory)
        #expect(run.status == 65)
        #expect(run.stdout == "")
        #expect(run.stderr == "gestures: fifo.json:1: not valid JSON: expected a value, found the end of the file\n")
    }

    // MARK: Bounded memory, reported paths, terminal text

    /// An expected line of 5 MiB is read through a fixed buffer and shown by its first 4,096 bytes, and its
    /// length: the report stays small whatever the line.
    @Test func aHugeExpectedLineIsShownByItsBeginningAndLength() throws {
        let directory = try Self.corpus()
        defer { try? FileManager.default.removeItem(at: directory) }
        let expected = directory.appendingPathComponent("a.expected.jsonl")
        let pinned = String(decoding: try Self.bytes(expected), as: UTF8.self)
        try Data((String(repeating: "x", count: 5 << 20) + "\n" + pinned).utf8).write(to: expected)
        let run = try CLI.run(["check", "a.events"], in: directory)
        #expect(run.status == 1)
        let shown = String(repeating: "x", count: 4096) + "… (5242880 bytes in all)"
        #expect(run.lines == [
            "FAIL     a.events: line 1: the line differs: nothing, expected " + shown,
            "    - " + shown,
        ] + pinned.split(separator: "\n").prefix(2).map { "      " + $0 } + [
            "    (3 lines, expected 4 in a.expected.jsonl)", "(1 differs, 0 new, 0 errors)", "0 passed, 1 failed",
        ])
        #expect(run.stdout.utf8.count < 16_384)
    }

    /// An entry below a directory that cannot be reached (its path longer than the system takes) is an error,
    /// 66, not skipped: "0 passed, 0 failed" with status 0 hid it.
    @Test func aPathThatCannotBeReachedIsReported() throws {
        let directory = try Self.corpus()
        defer { try? FileManager.default.removeItem(at: directory) }
        let deep = Array(repeating: String(repeating: "d", count: 200), count: 22).joined(separator: "/")
        let mkdir = try CLI.runProcess(["/bin/mkdir", "-p", deep], in: directory)
        try #require(mkdir.status == 0)
        // The deepest directory whose path the system still takes holds the one it does not.
        let run = try CLI.run(["check", "."], in: directory)
        #expect(run.status == 66)
        let reachable = Array(repeating: String(repeating: "d", count: 200), count: 20).joined(separator: "/")
        #expect(run.lines == [
            "ok       ./a.events (3 lines)",
            "ERROR    ./\(reachable)/\(String(repeating: "d", count: 200)): cannot read: File name too long",
            "(0 differ, 0 new, 1 error)",
            "1 passed, 1 failed",
        ])
    }

    /// The report quotes an expected file's bytes with their control characters shown (`\x1b`), never sent to
    /// the terminal.
    @Test func theReportShowsControlCharacters() throws {
        let directory = try Self.corpus()
        defer { try? FileManager.default.removeItem(at: directory) }
        let expected = directory.appendingPathComponent("a.expected.jsonl")
        let pinned = String(decoding: try Self.bytes(expected), as: UTF8.self).split(separator: "\n").map(String.init)
        try Data((pinned[0] + "\n" + "\u{1B}[2J\u{07}\0bell\r\n").utf8).write(to: expected)
        let run = try CLI.run(["check", "a.events"], in: directory)
        #expect(run.status == 1)
        #expect(run.lines == [
            #"FAIL     a.events: line 2 at 1357751032.016015: got haptic at 1357751032.016015 in chart (kind press), expected a line that is not ours: \x1b[2J\x07\x00bell\x0d"#,
            "      " + pinned[0],
            #"    - \x1b[2J\x07\x00bell\x0d"#,
            "    + " + pinned[1],
            "    + " + pinned[2],
            "    (3 lines, expected 2 in a.expected.jsonl)", "(1 differs, 0 new, 0 errors)", "0 passed, 1 failed",
        ])
        #expect(!run.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }
}
