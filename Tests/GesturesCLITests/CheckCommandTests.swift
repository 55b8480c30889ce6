import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `gestures check`: golden-gesture checks of a directory of traces, each with its layout and its
/// `NAME.expected.jsonl` beside it.
@Suite struct CheckCommandTests {
    /// A directory with copies of pinned recordings (trace, layout, expected output), for the length of a test.
    struct Corpus {
        let directory: URL

        /// Runs `body` with a corpus of the recordings `names`, and removes the corpus after it.
        static func with(_ names: [String], _ body: (Corpus) throws -> Void) throws {
            let corpus = Corpus(directory: try CLI.temporaryDirectory())
            defer { try? FileManager.default.removeItem(at: corpus.directory) }
            for name in names {
                for suffix in [".evemu", ".layout.json", ".expected.jsonl"] {
                    try FileManager.default.copyItem(at: PinnedRecordings.directory.appendingPathComponent(name + suffix),
                                                     to: corpus.file(name + suffix))
                }
            }
            try body(corpus)
        }

        /// The file `name` in the corpus.
        func file(_ name: String) -> URL { directory.appendingPathComponent(name) }

        /// The expected output of the recording `name`.
        func expected(_ name: String) -> URL { file(name + ".expected.jsonl") }

        /// `gestures` with `arguments`, run in the corpus.
        func run(_ arguments: [String]) throws -> Run { try CLI.run(arguments, in: directory) }
    }

    static func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    @Test func passingTracesPrintALineEach_andTheTally() throws {
        try Corpus.with(["synthetic-taps", "synthetic-pan"]) { corpus in
            let run = try corpus.run(["check", "."])
            #expect(run.status == 0)
            #expect(run.stderr == "")
            #expect(run.lines == [
                "ok       ./synthetic-pan.evemu (61 lines)",
                "ok       ./synthetic-taps.evemu (8 lines)",
                "2 passed, 0 failed",
            ])
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "util-linux's script gives a terminal"))
    func onATerminalAProgressBarShowsTheTracesDone_andIsClearedForEachLine() throws {
        try Corpus.with(["synthetic-taps", "synthetic-pan"]) { corpus in
            // Not a terminal: no bar at all.
            #expect(try !corpus.run(["check", "."]).stdout.contains("\r"))
            let run = try CLI.runProcess(["/usr/bin/script", "-q", "-e", "-c", "\(CLI.binary.path) check .", "/dev/null"], in: corpus.directory)
            #expect(run.status == 0)
            let clear = "\r\u{1B}[K"
            #expect(run.stdout.hasPrefix(clear + "[" + String(repeating: ".", count: 30) + "] 0/2 traces" + clear + "ok       ./synthetic-pan.evemu (61 lines)"))
            #expect(run.stdout.contains("] 1/2 traces, about 0:0"))
            #expect(run.stdout.contains(clear + "[" + String(repeating: "#", count: 30) + "] 2/2 traces" + clear + "2 passed, 0 failed"))
        }
    }

    @Test func aDifferenceIsShownAsADiff_withTheFirstLinesTimeAndASummary() throws {
        try Corpus.with(["synthetic-date-chart", "synthetic-taps"]) { corpus in
            let expected = corpus.expected("synthetic-date-chart")
            try Self.text(expected).replacingOccurrences(
                of: #"{"time":2.350000,"region":"chart","type":"select","phase":"ended","anchor":"2025-11-13","selection":{"start":"2025-11-13","end":"2025-11-19"}}"#,
                with: #"{"time":2.350000,"region":"chart","type":"select","phase":"ended","anchor":"2025-11-13","selection":{"start":"2025-11-13","end":"2025-11-29"}}"#)
                .write(to: expected, atomically: false, encoding: .utf8)
            let run = try corpus.run(["check", "."])
            #expect(run.status == 1)
            #expect(run.lines == [
                "FAIL     ./synthetic-date-chart.evemu: line 11 at 2.350000: select ended at 2.350000 in chart: "
                    + "selection 2025-11-13…2025-11-19, expected 2025-11-13…2025-11-29",
                #"      {"time":2.180000,"region":"chart","type":"select","phase":"changed","anchor":"2025-11-13","selection":{"start":"2025-11-13","end":"2025-11-18"}}"#,
                #"      {"time":2.250000,"region":"chart","type":"select","phase":"changed","anchor":"2025-11-13","selection":{"start":"2025-11-13","end":"2025-11-19"}}"#,
                #"    - {"time":2.350000,"region":"chart","type":"select","phase":"ended","anchor":"2025-11-13","selection":{"start":"2025-11-13","end":"2025-11-29"}}"#,
                #"    + {"time":2.350000,"region":"chart","type":"select","phase":"ended","anchor":"2025-11-13","selection":{"start":"2025-11-13","end":"2025-11-19"}}"#,
                #"      {"time":3.300000,"region":"chart","type":"select","phase":"began","anchor":"2025-11-04","selection":{"start":"2025-11-04","end":"2025-11-04"}}"#,
                #"      {"time":3.300000,"region":"chart","type":"haptic","kind":"press"}"#,
                "    (46 lines, expected 46 in ./synthetic-date-chart.expected.jsonl)",
                "ok       ./synthetic-taps.evemu (8 lines)",
                "(1 differs, 0 new, 0 errors)",
                "1 passed, 1 failed",
            ])
        }
    }

    @Test func missingAndExtraLinesAreNamed() throws {
        try Corpus.with(["synthetic-taps"]) { corpus in
            let expected = corpus.expected("synthetic-taps")
            let lines = try Self.text(expected).split(separator: "\n")
            try (lines.dropLast().joined(separator: "\n") + "\n").write(to: expected, atomically: false, encoding: .utf8)
            let shorter = try corpus.run(["check", "synthetic-taps.evemu"])
            #expect(shorter.status == 1)
            #expect(shorter.lines.first?.hasPrefix("FAIL     synthetic-taps.evemu: line 8 at ") == true)
            #expect(shorter.lines.first?.contains(": unexpected tap at ") == true)
            try (lines.joined(separator: "\n") + "\n" + lines[0] + "\n").write(to: expected, atomically: false, encoding: .utf8)
            let longer = try corpus.run(["check", "synthetic-taps.evemu"])
            #expect(longer.status == 1)
            #expect(longer.lines.first?.hasSuffix("line 9 at 0.580000: missing tap at 0.580000 in chart (x 40, y 30, count 1, value 3, selection 3…3)") == true)
            // A line missing in the middle: the summary speaks of that line, as the diff does.
            var middle = lines
            let third = String(middle.remove(at: 2))
            try (middle.joined(separator: "\n") + "\n").write(to: expected, atomically: false, encoding: .utf8)
            let inserted = try corpus.run(["check", "synthetic-taps.evemu"])
            let time = third.dropFirst(#"{"time":"#.count).prefix { $0 != "," }
            #expect(inserted.lines.first?.hasPrefix("FAIL     synthetic-taps.evemu: line 3 at \(time): unexpected tap at \(time) in chart (") == true)
            #expect(inserted.lines.contains("    + " + third))
            // Byte for byte: an expected file without its last newline differs.
            try lines.joined(separator: "\n").write(to: expected, atomically: false, encoding: .utf8)
            let unterminated = try corpus.run(["check", "synthetic-taps.evemu"])
            #expect(unterminated.status == 1)
            #expect(unterminated.lines.first?.hasSuffix(": the expected file's last line has no newline at its end") == true)
        }
    }

    @Test func aTraceWithoutExpectedOutputIsNew_andFails_unlessUpdateWritesIt() throws {
        try Corpus.with(["synthetic-pan"]) { corpus in
            let expected = corpus.expected("synthetic-pan")
            let pinned = try Self.text(expected)
            try FileManager.default.removeItem(at: expected)
            let run = try corpus.run(["check", "."])
            #expect(run.status == 1)
            #expect(run.lines == [
                "NEW      ./synthetic-pan.evemu: no ./synthetic-pan.expected.jsonl (61 lines); --update writes it",
                "(0 differ, 1 new, 0 errors)",
                "0 passed, 1 failed",
            ])
            #expect(!FileManager.default.fileExists(atPath: expected.path))
            let update = try corpus.run(["check", "--update", "."])
            #expect(update.status == 0)
            #expect(update.lines == [
                "WRITTEN  ./synthetic-pan.evemu: ./synthetic-pan.expected.jsonl (61 lines)",
                "1 passed, 0 failed",
            ])
            #expect(try Self.text(expected) == pinned)
        }
    }

    @Test func updateRewritesWhatDiffers_saysWhich_andLeavesTheRestAlone() throws {
        try Corpus.with(["synthetic-taps", "synthetic-pan"]) { corpus in
            let taps = corpus.expected("synthetic-taps")
            let pinned = try Self.text(taps)
            try "{}\n".write(to: taps, atomically: false, encoding: .utf8)
            let pan = corpus.expected("synthetic-pan")
            let panModified = try FileManager.default.attributesOfItem(atPath: pan.path)[.modificationDate] as? Date
            let run = try corpus.run(["check", "--update", "."])
            #expect(run.status == 0)
            #expect(run.lines.first == "ok       ./synthetic-pan.evemu (61 lines)")
            #expect(run.lines.dropFirst().first?.hasPrefix("UPDATED  ./synthetic-taps.evemu: line 1 at 0.580000: got tap at 0.580000 in chart") == true)
            #expect(run.lines.last == "2 passed, 0 failed")
            #expect(try Self.text(taps) == pinned)
            #expect(try FileManager.default.attributesOfItem(atPath: pan.path)[.modificationDate] as? Date == panModified)
            // No temporary file is left behind.
            #expect(try FileManager.default.contentsOfDirectory(atPath: corpus.directory.path).filter { $0.contains(".tmp") } == [])
            #expect(try corpus.run(["check", "."]).status == 0)
        }
    }

    /// Lines whose fields are the same but whose bytes differ say how, as the diff's lines look alike: an
    /// expected file with CR LF line ends (the summary was `tap at 0.580000 in chart: `, and no more), one
    /// with its keys in another order.
    @Test func aLineThatDiffersInItsBytesOnlySaysHow() throws {
        try Corpus.with(["synthetic-taps"]) { corpus in
            let expected = corpus.expected("synthetic-taps")
            let pinned = try Self.text(expected)
            try pinned.replacingOccurrences(of: "\n", with: "\r\n").write(to: expected, atomically: false, encoding: .utf8)
            let crlf = try corpus.run(["check", "synthetic-taps.evemu"])
            #expect(crlf.status == 1)
            #expect(crlf.lines.first == "FAIL     synthetic-taps.evemu: line 1 at 0.580000: tap at 0.580000 in chart: "
                    + "the expected line ends with a carriage return (CR LF line ends), the output's with a newline alone")
            let reordered = pinned.replacingOccurrences(of: #""x":40,"y":30,"#, with: #""y":30,"x":40,"#)
            try reordered.write(to: expected, atomically: false, encoding: .utf8)
            let run = try corpus.run(["check", "synthetic-taps.evemu"])
            #expect(run.status == 1)
            #expect(run.lines.first == "FAIL     synthetic-taps.evemu: line 1 at 0.580000: tap at 0.580000 in chart: "
                    + "the same fields, written otherwise (spacing, order of keys): expected " + reordered.prefix { $0 != "\n" })
        }
    }

    /// A trace without expected output, in JUnit: a `new` failure that counts its lines, `1 line` for one.
    @Test func junitSaysANewTracesLines() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try (header + tap).write(to: directory.appendingPathComponent("tap.evemu"), atomically: false, encoding: .utf8)
        let run = try CLI.run(["check", "--format", "junit", "tap.evemu"], in: directory)
        #expect(run.status == 1)
        #expect(run.stdout.contains(#"<failure type="new" message="no tap.expected.jsonl (1 line); gestures check --update writes it"/>"#))
    }

    /// An expected line that is not one of ours is shown as it is, whatever it holds: one cut short inside
    /// an object (a file written part-way), and one of objects nested 300,000 deep (a Swift trap and a stack
    /// overflow when the summary read them).
    @Test func anExpectedLineCutShortOrNestedDeepIsShownAsItIs() throws {
        try Corpus.with(["synthetic-pan"]) { corpus in
            let expected = corpus.expected("synthetic-pan")
            let first = try #require(try Self.text(expected).split(separator: "\n").first.map(String.init))
            for line in [#"{"time":0.520000,"region":"chart","type":"pan","phase":"began","dx":{"a":1"#,
                         #"{"time":0.520000,"dx":"# + String(repeating: #"{"a":"#, count: 300_000)] {
                try (line + "\n").write(to: expected, atomically: false, encoding: .utf8)
                let run = try corpus.run(["check", "synthetic-pan.evemu"])
                #expect(run.status == 1)
                #expect(run.stderr == "")
                // (A line longer than 4,096 bytes is shown by its beginning and its length.)
                let shown = line.utf8.count <= 4096 ? line : String(line.prefix(4096)) + "… (\(line.utf8.count) bytes in all)"
                let summary: String = "FAIL     synthetic-pan.evemu: line 1 at 0.520000: got pan began at 0.520000 in chart (dx -4, dy 0.526), "
                    + "expected a line that is not ours: " + shown
                let lines: [String] = [summary, "    - " + shown, "    + " + first]
                #expect(Array(run.lines.prefix(3)) == lines)
            }
        }
    }

    /// An expected file that exists but cannot be read is an error, not a trace without expected output (nor
    /// an empty one): a directory is 66, with `--update` too, which writes nothing; a file whose reading fails
    /// part-way is 74 (a link to /proc/self/mem, whose first page is not mapped: EIO).
    @Test func anExpectedFileThatCannotBeReadIsAnError_andUpdateWritesNothing() throws {
        try Corpus.with(["synthetic-pan"]) { corpus in
            let expected = corpus.expected("synthetic-pan")
            try FileManager.default.removeItem(at: expected)
            try FileManager.default.createDirectory(at: expected, withIntermediateDirectories: false)
            for arguments in [["check", "."], ["check", "--update", "."]] {
                let run = try corpus.run(arguments)
                #expect(run.status == 66)
                #expect(run.lines == [
                    "ERROR    ./synthetic-pan.evemu: ./synthetic-pan.expected.jsonl: cannot read the expected output: it is a directory",
                    "(0 differ, 0 new, 1 error)",
                    "0 passed, 1 failed",
                ])
                #expect(try FileManager.default.contentsOfDirectory(atPath: expected.path) == [])
                #expect(try FileManager.default.contentsOfDirectory(atPath: corpus.directory.path).sorted()
                        == ["synthetic-pan.evemu", "synthetic-pan.expected.jsonl", "synthetic-pan.layout.json"])
            }
            try FileManager.default.removeItem(at: expected)
            try FileManager.default.createSymbolicLink(atPath: expected.path, withDestinationPath: "/proc/self/mem")
            let failing = try corpus.run(["check", "."])
            #expect(failing.status == 74)
            #expect(failing.lines == [
                "ERROR    ./synthetic-pan.evemu: ./synthetic-pan.expected.jsonl: cannot read the expected output: Input/output error",
                "(0 differ, 0 new, 1 error)",
                "0 passed, 1 failed",
            ])
        }
    }

    /// An expected file whose first line is 3 MiB long (48 chunks of the reader's 64 KiB) is read through once
    /// (the search for a newline goes on where it stopped, a long line was searched again with each chunk:
    /// one of 64 MiB took 11 s), and compared as any other: its lines after the long one are counted. The
    /// report shows its first 4,096 bytes and its length.
    @Test func aLongExpectedLineIsReadOnce_andComparedAsAnyOther() throws {
        try Corpus.with(["synthetic-pan"]) { corpus in
            let expected = corpus.expected("synthetic-pan")
            let pinned = try Self.text(expected)
            try (String(repeating: "x", count: 3 << 20) + "\n" + pinned).write(to: expected, atomically: false, encoding: .utf8)
            let run = try corpus.run(["check", "synthetic-pan.evemu"])
            #expect(run.status == 1)
            let long = String(repeating: "x", count: 4096) + "… (3145728 bytes in all)"
            let first = pinned.split(separator: "\n").prefix(2).map { "      " + $0 }
            #expect(run.lines == [
                "FAIL     synthetic-pan.evemu: line 1: the line differs: nothing, expected " + long,
                "    - " + long,
            ] + first + [
                "    (61 lines, expected 62 in synthetic-pan.expected.jsonl)", "(1 differs, 0 new, 0 errors)", "0 passed, 1 failed",
            ])
        }
    }

    /// A new expected file that cannot be written whole (here past the file size limit, with SIGXFSZ ignored
    /// so that the write fails with EFBIG) leaves the old one as it was, and no temporary file: status 74.
    @Test func anUpdateThatCannotBeWrittenLeavesTheOldFile() throws {
        try Corpus.with(["synthetic-pan"]) { corpus in
            let expected = corpus.expected("synthetic-pan")
            try "{}\n".write(to: expected, atomically: false, encoding: .utf8)
            // 4 blocks of 512 bytes: the new file (5,230 bytes) does not fit.
            let run = try CLI.runProcess(["/bin/sh", "-c", "ulimit -f 4 && trap '' XFSZ && exec \"$0\" check --update .", CLI.binary.path],
                                         in: corpus.directory)
            #expect(run.status == 74)
            #expect(run.lines == [
                "ERROR    ./synthetic-pan.evemu: ./synthetic-pan.expected.jsonl: cannot write: File too large",
                "(0 differ, 0 new, 1 error)",
                "0 passed, 1 failed",
            ])
            #expect(try Self.text(expected) == "{}\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: corpus.directory.path).sorted()
                    == ["synthetic-pan.evemu", "synthetic-pan.expected.jsonl", "synthetic-pan.layout.json"])
        }
    }

    @Test func aMalformedTraceAmongGoodOnesIsReported_andTheOthersAreChecked() throws {
        try Corpus.with(["synthetic-taps", "synthetic-pan"]) { corpus in
            try "E: 0.1 0003 0039 5\n".write(to: corpus.file("broken.evemu"), atomically: false, encoding: .utf8)
            let garbled = corpus.file("garbled.evemu")
            try String(try Self.text(corpus.file("synthetic-taps.evemu")).prefix(2000) + "\nE: x\n")
                .write(to: garbled, atomically: false, encoding: .utf8)
            let run = try corpus.run(["check", "."])
            #expect(run.status == 65)
            #expect(run.lines.count == 6)
            #expect(run.lines[0] == "ERROR    ./broken.evemu: expected a device description: the trace has no header (N:, I:, … lines) and there is no ./broken.desc beside it")
            #expect(run.lines[1].hasPrefix("ERROR    ./garbled.evemu:"))
            #expect(run.lines[2] == "ok       ./synthetic-pan.evemu (61 lines)")
            #expect(run.lines[3] == "ok       ./synthetic-taps.evemu (8 lines)")
            #expect(run.lines[4] == "(0 differ, 0 new, 2 errors)")
            #expect(run.lines[5] == "2 passed, 2 failed")
            // A missing path named on the command line is reported too.
            let missing = try corpus.run(["check", "nothing-here.evemu", "synthetic-taps.evemu"])
            #expect(missing.status == 66)
            #expect(missing.lines.first?.hasPrefix("ERROR    nothing-here.evemu: ") == true)
            #expect(missing.lines.last == "1 passed, 1 failed")
        }
    }

    @Test func linksToDirectoriesAreNotFollowed_soALoopEnds() throws {
        try Corpus.with(["synthetic-taps"]) { corpus in
            try FileManager.default.createSymbolicLink(atPath: corpus.file("loop").path, withDestinationPath: ".")
            try FileManager.default.createSymbolicLink(atPath: corpus.file("again").path, withDestinationPath: "..")
            try FileManager.default.createSymbolicLink(atPath: corpus.file("linked.evemu").path,
                                                       withDestinationPath: "synthetic-taps.evemu")
            try FileManager.default.copyItem(at: corpus.expected("synthetic-taps"),
                                             to: corpus.expected("linked"))
            try FileManager.default.copyItem(at: corpus.file("synthetic-taps.layout.json"),
                                             to: corpus.file("linked.layout.json"))
            let run = try corpus.run(["check", "."])
            #expect(run.status == 0)
            #expect(run.lines == ["ok       ./linked.evemu (8 lines)", "ok       ./synthetic-taps.evemu (8 lines)", "2 passed, 0 failed"])
        }
    }

    /// Below a directory only regular files (and links to them) are traces: a pipe named like one, which no
    /// one writes, made the check wait forever.
    @Test(.timeLimit(.minutes(1))) func aPipeNamedLikeATraceIsNotATrace() throws {
        try Corpus.with(["synthetic-taps"]) { corpus in
            #expect(mkfifo(corpus.file("pipe.evemu").path, 0o644) == 0)
            let run = try corpus.run(["check", "."])
            #expect(run.status == 0)
            #expect(run.lines == ["ok       ./synthetic-taps.evemu (8 lines)", "1 passed, 0 failed"])
        }
    }

    @Test func failingTracesLeaveNoFileOpen() throws {
        // 80 malformed traces with expected files under a limit of 64 open files, then a good one.
        try Corpus.with(["synthetic-taps"]) { corpus in
            for index in 0..<80 {
                try "E: 0.1 0003 0039 5\n".write(to: corpus.file("bad\(index).evemu"), atomically: false, encoding: .utf8)
                try "{}\n".write(to: corpus.file("bad\(index).expected.jsonl"), atomically: false, encoding: .utf8)
            }
            let run = try CLI.runProcess(["/bin/bash", "-c", "ulimit -n 64 && exec \"$0\" check --jobs 1 .", CLI.binary.path], in: corpus.directory)
            #expect(run.status == 65)
            #expect(run.lines.suffix(3) == ["ok       ./synthetic-taps.evemu (8 lines)", "(0 differ, 0 new, 80 errors)", "1 passed, 80 failed"])
        }
    }

    @Test func theOutputFollowsTheTracesOrder_whateverOrderTheyFinishIn() throws {
        // A long trace first, short ones after: with 4 jobs the short ones finish first.
        try Corpus.with(["synthetic-taps", "synthetic-pan", "synthetic-date-chart", "synthetic-dial-rotate"]) { corpus in
            let long = corpus.file("a-long.yml")
            try LargeRecording.write(to: long, periods: 3_000)
            #expect(try corpus.run(["check", "--update", "a-long.yml"]).status == 0)
            let run = try corpus.run(["check", "--jobs", "4", "."])
            #expect(run.status == 0)
            #expect(run.lines.map { $0.split(separator: " ").dropFirst().first.map(String.init) ?? "" }.dropLast() == [
                "./a-long.yml", "./synthetic-date-chart.evemu", "./synthetic-dial-rotate.evemu", "./synthetic-pan.evemu",
                "./synthetic-taps.evemu",
            ])
            #expect(run.lines.last == "5 passed, 0 failed")
        }
    }

    @Test func junitIsValidXML_withATestCasePerTrace() throws {
        try Corpus.with(["synthetic-taps", "synthetic-pan"]) { corpus in
            try "{\"time\":0.1} <&> \u{1}\n".write(to: corpus.expected("synthetic-taps"),
                                                    atomically: false, encoding: .utf8)
            try "E: 0.1 0003 0039 5\n".write(to: corpus.file("broken.evemu"), atomically: false, encoding: .utf8)
            let run = try corpus.run(["check", "--format", "junit", "."])
            #expect(run.status == 65)
            let parser = XMLParser(data: Data(run.stdout.utf8))
            let collector = JUnitCollector()
            parser.delegate = collector
            #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
            #expect(collector.suites == [["name": "gestures check", "tests": "3", "failures": "1", "errors": "1", "skipped": "0"]])
            #expect(collector.cases.map { $0["name"] } == ["./broken.evemu", "./synthetic-pan.evemu", "./synthetic-taps.evemu"])
            #expect(collector.outcomes == ["./broken.evemu": "error", "./synthetic-taps.evemu": "failure"])
            #expect(collector.failureText.contains("+ {\"time\":0.580000"))
        }
    }
}

/// Reads a JUnit document's suites, cases and outcomes.
final class JUnitCollector: NSObject, XMLParserDelegate {
    var suites: [[String: String]] = []
    var cases: [[String: String]] = []
    var outcomes: [String: String] = [:]
    var failureText = ""
    private var current: String?
    private var inFailure = false

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        switch name {
        case "testsuite": suites.append(attributes.filter { $0.key != "time" })
        case "testcase": cases.append(attributes); current = attributes["name"]
        case "failure", "error": outcomes[current ?? "?"] = name; inFailure = name == "failure"
        default: break
        }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "failure" { inFailure = false }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inFailure { failureText += string }
    }
}
