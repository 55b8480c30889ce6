import Foundation
import Testing

/// What `gestures replay` and `gestures check` do with the inputs the fuzz targets of `Fuzz/` found
/// (`Tests/Fixtures/fuzz/`): the exact message or report and exit status. The readers' side of the trace findings is in
/// `TraceFormatsTests/FuzzRegressionTests`.
@Suite struct FuzzFindingsCommandTests {
    static let fixtures = "Tests/Fixtures/fuzz"
    /// A dial wound through its limit: the trace the layouts below would have run on.
    static let trace = "Recordings/synthetic-dial-wind-limit.evemu"

    // MARK: fuzz-layout: layouts that were accepted and were not safe to run

    /// Each layout with the message that refuses it now (after the file's name): the line, the key and the
    /// limit (docs/SPEC.md, Layout file, Limits).
    static let layouts: [(file: String, message: String)] = [
        // Found by fuzz-layout (3 crashes): `initialDegrees ÷ detentDegrees` (150 ÷ 2.1e-299) beyond
        // `Int.max` trapped as soon as the engine was made. Refused by the finest detent, 0.1°.
        ("dial-detent-index-overflow.layout.json",
         "1: regions[0].detentDegrees: expected at least 0.1 (the finest detent), found 2.1e-299"),
        // Found by fuzz-layout (out of memory at 2 GB): a detent of 1.3e-6° stepped through millions of
        // detents in a frame, keeping each. Refused by the finest detent.
        ("dial-tiny-detent-runaway.layout.json",
         "1: regions[0].detentDegrees: expected at least 0.1 (the finest detent), found 1.3e-06"),
        // Found by fuzz-layout's finiteness check: a denormal bucket (10 ÷ 1.5e-323 buckets overflow to
        // infinity) made a tap's selection start at `inf` (`null` in JSON Lines). Refused by the most
        // buckets in a domain, 10^9.
        ("numeric-domain-bucket-count-overflow.layout.json",
         "1: regions[0].bucket: expected at most 1000000000 buckets in the domain (a bucket of at least 1e-08), found 1.5e-323"),
        // Issue 7's example, which fuzz-layout's finiteness check flagged too: a span of -1e308 to 1e308
        // overflows a Double. Refused by the widest domain, ±10^15.
        ("numeric-domain-span-overflow.layout.json",
         "1: regions[0].domain.start: expected a number from -1000000000000000 to 1000000000000000, found -1e+308"),
        // Found by fuzz-layout once pans ended with a velocity (a least-squares fit over the last 100 ms):
        // a surface of 1e308 mm maps a device without a resolution onto positions that far apart, and the
        // fit overflowed to NaN (`null` in JSON Lines); a rectangle as tall put the touches there. Refused
        // by the largest length, 10^6 mm, for every position and size.
        ("huge-surface-velocity-overflow.layout.json",
         "2: surface.height: expected at most 1000000 mm, found 1e+308"),
        ("huge-rect-velocity-overflow.layout.json",
         "4: regions[0].rect.height: expected at most 1000000 mm, found 1e+308"),
    ]

    @Test(arguments: layouts)
    func aLayoutThatWasNotSafeToRunIsRefused(file: String, message: String) throws {
        let layout = "\(Self.fixtures)/fuzz-layout/\(file)"
        let run = try CLI.run(["replay", "--layout", layout, Self.trace])
        #expect(run.status == 65)
        #expect(run.stdout == "")
        #expect(run.stderr == "gestures: \(layout):\(message)\n")
    }

    /// The same class through `--size`, which sizes a device without a resolution as a layout's surface
    /// does: beyond 10^6 mm, a usage error.
    @Test func aSizeBeyondTheLargestLengthIsAUsageError() throws {
        let run = try CLI.run(["replay", "--size", "100x1e308", Self.trace])
        #expect(run.status == 64)
        #expect(run.stdout == "")
        #expect(run.stderr == """
            Error: The value '100x1e308' is invalid for '--size <WxH>'
            Help:  --size <WxH>  The surface's size in mm (each side above 0, at most 1000000), for devices that report no resolution.
            Usage: gestures replay [--layout <file>] [--format <format>] [--device <desc>] [--size <WxH>] [--explain] <trace> ...
              See 'gestures replay --help' for more information.

            """)
    }

    // MARK: fuzz-evemu: names cut by a carriage return

    /// The evemu headers that fuzz-evemu's write-and-read-back check stopped at: a carriage return ends a
    /// line, here inside the name and before it.
    @Test(arguments: [
        ("name-with-carriage-return.evemu",
         "2: expected a description line (N:, I:, P:, B:, A:, L:, S:), an event line (E:) or a # comment, found 'Pad'"),
        ("name-with-leading-blanks.evemu", "1: expected the device name after N:"),
    ])
    func aNameCutByACarriageReturnIsRefusedAtItsLine(file: String, message: String) throws {
        let path = "\(Self.fixtures)/fuzz-evemu/\(file)"
        let run = try CLI.run(["replay", path])
        #expect(run.status == 65)
        #expect(run.stdout == "")
        #expect(run.stderr == "gestures: \(path):\(message)\n")
    }

    // MARK: fuzz-check: a summary beyond a line, and files under /dev/ written in place

    /// A trace of one tap on the date chart of `tap.layout.json`, and the one line it replays to.
    static let tap = "\(fixtures)/fuzz-check/tap"
    static let tapLine = #"{"time":0.580000,"region":"chart","type":"tap","x":40,"y":30,"count":1,"value":"2025-11-05T12:00:00Z","#
        + #""selection":{"start":"2025-11-05","end":"2025-11-05"}}"#

    /// Copies the tap's trace and layout into `directory` as NAME.evemu and NAME.layout.json.
    static func copyTap(to directory: URL, as name: String, layout: Bool = true) throws {
        try FileManager.default.copyItem(at: CLI.root.appendingPathComponent(tap + ".evemu"), to: directory.appendingPathComponent(name + ".evemu"))
        if layout {
            try FileManager.default.copyItem(at: CLI.root.appendingPathComponent(tap + ".layout.json"),
                                             to: directory.appendingPathComponent(name + ".layout.json"))
        }
    }

    /// Found by fuzz-check's bound on a report's lines: an expected line of 4,007 bytes with the tap's type and region
    /// and 660 keys of its own (`"aa":,"ab":,…`) made a summary naming each, `aa none, expected ` (20 bytes for 6 of the
    /// line): 13,347 characters. The summary names the fields that differ while it stays within 4,096 bytes, then says
    /// how many more; the diff shows the line as it is.
    @Test func aSummaryNamesTheFieldsThatDifferWithinALine() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.copyTap(to: directory, as: "tap")
        let expected = try String(contentsOfFile: CLI.root.appendingPathComponent("\(Self.fixtures)/fuzz-check/many-keys.expected.jsonl").path,
                                  encoding: .utf8)
        try expected.write(to: directory.appendingPathComponent("tap.expected.jsonl"), atomically: false, encoding: .utf8)
        let letters = "abcdefghijklmnopqrstuvwxyz".map(String.init)
        let keys = letters.flatMap { first in letters.map { first + $0 } }
        #expect(expected == #"{"time":0.580000,"region":"chart","type":"tap","# + keys.prefix(660).map { "\"\($0)\":" }.joined(separator: ",") + "}\n")
        let run = try CLI.run(["check", "tap.evemu"], in: directory)
        #expect(run.status == 1)
        #expect(run.stderr == "")
        let summary = "tap at 0.580000 in chart: x 40, expected none; y 30, expected none; count 1, expected none; "
            + "value 2025-11-05T12:00:00Z, expected none; selection 2025-11-05…2025-11-05, expected none; "
            + keys.prefix(195).map { "\($0) none, expected " }.joined(separator: "; ") + "; and 465 more"
        // 4,083 bytes of fields: the next, `; hn none, expected `, would make 4,103.
        #expect(summary.utf8.count == 4083 + "; and 465 more".utf8.count)
        #expect(run.lines == [
            "FAIL     tap.evemu: line 1 at 0.580000: " + summary,
            "    - " + expected.dropLast(),
            "    + " + Self.tapLine,
            "    (1 line, expected 1 in tap.expected.jsonl)",
            "(1 differs, 0 new, 0 errors)",
            "0 passed, 1 failed",
        ])
    }

    /// Found by fuzz-check in its scratch folder in /dev/shm, a tmpfs: files written anew anywhere under /dev/ were
    /// written in place, as devices are. `check --update` of a trace there, by its absolute path, opened the expected
    /// file to write (emptying it) before comparing it (`UPDATED … unexpected tap …`, `expected 0`); a trace that
    /// failed to replay left in its expected file the lines written before the error; and an expected file that was a
    /// link naming no file (here the layout's name) made that file, empty, which the replay then read as its layout
    /// (65). A regular file under /dev/ is replaced as any other now, and a link that names no file is replaced.
    @Test(.enabled(if: FileManager.default.isWritableFile(atPath: "/dev/shm"), "a tmpfs at /dev/shm"))
    func updateUnderDevShmComparesFirst_andWritesOnlyAWholeOutput() throws {
        let directory = URL(fileURLWithPath: "/dev/shm/gestures-tests-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.path
        func contents(_ name: String) throws -> String { try String(contentsOfFile: "\(path)/\(name)", encoding: .utf8) }

        try Self.copyTap(to: directory, as: "tap")
        let changed = Self.tapLine.replacingOccurrences(of: #""x":40"#, with: #""x":41"#)
        try (changed + "\n").write(toFile: "\(path)/tap.expected.jsonl", atomically: false, encoding: .utf8)
        let update = try CLI.run(["check", "--update", "\(path)/tap.evemu"])
        #expect(update.status == 0)
        #expect(update.stderr == "")
        #expect(update.lines == [
            "UPDATED  \(path)/tap.evemu: line 1 at 0.580000: tap at 0.580000 in chart: x 40, expected 41",
            "    - " + changed,
            "    + " + Self.tapLine,
            "    (1 line, expected 1 in \(path)/tap.expected.jsonl)",
            "1 passed, 0 failed",
        ])
        #expect(try contents("tap.expected.jsonl") == Self.tapLine + "\n")

        try (try contents("tap.evemu") + "E: 0.600000 0003 zz 1\n").write(toFile: "\(path)/bad.evemu", atomically: false, encoding: .utf8)
        try "old\n".write(toFile: "\(path)/bad.expected.jsonl", atomically: false, encoding: .utf8)
        let failing = try CLI.run(["check", "--update", "\(path)/bad.evemu"])
        #expect(failing.status == 65)
        #expect(failing.stderr == "")
        #expect(failing.lines == [
            "ERROR    \(path)/bad.evemu:48: expected a hexadecimal event code (0 to ffff), found 'zz'",
            "(0 differ, 0 new, 1 error)",
            "0 passed, 1 failed",
        ])
        #expect(try contents("bad.expected.jsonl") == "old\n")

        try Self.copyTap(to: directory, as: "new", layout: false)
        try FileManager.default.createSymbolicLink(atPath: "\(path)/new.expected.jsonl", withDestinationPath: "new.layout.json")
        let written = try CLI.run(["check", "--update", "\(path)/new.evemu"])
        #expect(written.status == 0)
        #expect(written.stderr == "")
        #expect(written.lines == ["WRITTEN  \(path)/new.evemu: \(path)/new.expected.jsonl (1 line)", "1 passed, 0 failed"])
        // With no layout, the default one: the whole surface.
        #expect(try contents("new.expected.jsonl")
                == #"{"time":0.580000,"region":"surface","type":"tap","x":40,"y":30,"count":1,"value":18.559,"selection":{"start":18,"end":18}}"# + "\n")
        #expect(try FileManager.default.attributesOfItem(atPath: "\(path)/new.expected.jsonl")[.type] as? FileAttributeType == .typeRegular)
        #expect(try FileManager.default.contentsOfDirectory(atPath: path).sorted() == [
            "bad.evemu", "bad.expected.jsonl", "new.evemu", "new.expected.jsonl", "tap.evemu", "tap.expected.jsonl", "tap.layout.json",
        ])
    }

    /// Found by fuzz-check (3 inputs; its own model of the check was at fault, which had the replay's error come
    /// first): an expected file and the layout beside the trace that are links to each other. The check reports the
    /// expected file it cannot open (66) before anything is replayed, as it reports one it cannot read; `--update`
    /// writes nothing, and the links stay.
    @Test func anExpectedFileInALoopOfLinksIsAnError_andUpdateWritesNothing() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.copyTap(to: directory, as: "tap", layout: false)
        let expected = directory.appendingPathComponent("tap.expected.jsonl").path, layout = directory.appendingPathComponent("tap.layout.json").path
        try FileManager.default.createSymbolicLink(atPath: expected, withDestinationPath: "tap.layout.json")
        try FileManager.default.createSymbolicLink(atPath: layout, withDestinationPath: "tap.expected.jsonl")
        for arguments in [["check", "tap.evemu"], ["check", "--update", "tap.evemu"]] {
            let run = try CLI.run(arguments, in: directory)
            #expect(run.status == 66)
            #expect(run.stderr == "")
            #expect(run.lines == [
                "ERROR    tap.evemu: tap.expected.jsonl: cannot open the expected output: Too many levels of symbolic links",
                "(0 differ, 0 new, 1 error)",
                "0 passed, 1 failed",
            ])
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: expected) == "tap.layout.json")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: layout) == "tap.expected.jsonl")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["tap.evemu", "tap.expected.jsonl", "tap.layout.json"])
        }
    }
}
