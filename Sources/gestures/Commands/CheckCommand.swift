import ArgumentParser
import GestureFormat
import Synchronization
import SystemCalls
import TraceFormats
import TracePlayback

#if canImport(Glibc)
import Glibc
#endif

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Replay traces and compare their gestures with their NAME.expected.jsonl (golden-gesture checks).",
        discussion: """
        Every trace found (directories are searched recursively) is replayed as `replay` does, with the layout \
        beside it, and its output compared with NAME.expected.jsonl beside it. Exit status: 0 when all pass, \
        1 when one differs or has no expected file, else the first failing trace's (65 malformed, 66 missing).
        """
    )

    @Argument(help: ArgumentHelp("Directories (searched recursively) and trace files.", valueName: "dir-or-trace"))
    var paths: [FilePath]

    @Flag(help: "Write the expected files anew where they differ or are missing, and say which changed.")
    var update = false

    @Option(help: ArgumentHelp("Traces checked at once (default: the number of cores).", valueName: "n"))
    var jobs: Int?

    @Option(help: "Output format: text (for people) or junit (JUnit XML, for CI).")
    var format: CheckFormat = .text

    enum CheckFormat: String, ExpressibleByArgument {
        case text, junit
    }

    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("Missing expected argument '<dir-or-trace> ...'") }
        if let jobs, jobs < 1 || jobs > 1024 { throw ValidationError("--jobs must be between 1 and 1024") }
    }

    func run() throws {
        let traces = CheckedTrace.find(in: paths)
        let printer = CheckPrinter(traces: traces, format: format, update: update,
                                   progress: format == .text && isatty(1) == 1)
        let cores = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        checkAll(traces, options: ReplayOptions(warn: { Diagnostics.warn($0) }), update: update, jobs: jobs ?? max(1, cores)) { index, outcome, seconds in
            printer.report(index, outcome, seconds: seconds)
        }
        let status = printer.finish()
        if status != 0 { throw ExitCode(status) }
    }
}

/// Prints the outcomes as they come, in order: a line per trace (a diff for a failure), a progress bar on
/// a terminal, and the closing tally; or JUnit XML at the end.
///
/// `report` is only ever called by `checkAll`, one call at a time (under its lock), and `finish` after
/// every call: hence `@unchecked Sendable`.
final class CheckPrinter: @unchecked Sendable {
    let traces: [CheckedTrace]
    let format: CheckCommand.CheckFormat
    let update: Bool
    let progress: Bool
    private let output = LineWriter(descriptor: 1, buffering: .line)
    private let start = monotonicSeconds()
    private let totalBytes: Int
    private var doneBytes = 0
    private var done = 0
    private var passed = 0
    private var differs = 0
    private var new = 0
    private var errors = 0
    private var status: Int32 = 0
    private var junitCases: [String] = []
    private var barShown = false

    init(traces: [CheckedTrace], format: CheckCommand.CheckFormat, update: Bool, progress: Bool) {
        self.traces = traces
        self.format = format
        self.update = update
        self.progress = progress
        self.totalBytes = traces.reduce(0) { $0 + max($1.size, 1) }
        if progress { drawBar() }
    }

    func report(_ index: Int, _ outcome: CheckOutcome, seconds: Double) {
        let trace = traces[index]
        done += 1
        doneBytes += max(trace.size, 1)
        if status == 0 { status = outcome.status }
        switch outcome.tally {
        case .passed: passed += 1
        case .differs: differs += 1
        case .new: new += 1
        case .error: errors += 1
        }
        switch format {
        case .text: printText(trace, outcome)
        case .junit: junitCases.append(JUnit.testCase(trace, outcome, seconds: seconds))
        }
        if progress { drawBar() }
    }

    private func printText(_ trace: CheckedTrace, _ outcome: CheckOutcome) {
        clearBar()
        switch outcome {
        case .passed(let lines):
            say("ok       \(trace.path) (\(count(lines, "line")))")
        case .differs(let difference, let updated):
            let position = "line \(difference.line)" + (difference.time.map { " at \($0)" } ?? "")
            say((updated ? "UPDATED  " : "FAIL     ") + "\(trace.path): \(position): \(difference.summary)")
            for line in difference.diff { say("    " + line) }
            say("    (\(count(difference.actualLines, "line")), expected \(difference.expectedLines) in \(trace.expected))")
        case .new(let lines, let written):
            say(written
                ? "WRITTEN  \(trace.path): \(trace.expected) (\(count(lines, "line")))"
                : "NEW      \(trace.path): no \(trace.expected) (\(count(lines, "line"))); --update writes it")
        case .failed(let error):
            // (Messages name their file already, mostly the trace.)
            say("ERROR    " + (error.message.hasPrefix(trace.path.description) ? "" : "\(trace.path): ") + error.message)
        }
    }

    /// A line of the report: what it quotes (an expected file's lines) may hold control characters, shown, not
    /// sent to the terminal (`TerminalText`).
    private func say(_ line: String) {
        output.write(line: TerminalText.escaped(line))
    }

    /// "1 line", "2 lines".
    private func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

    private func drawBar() {
        let width = 30
        let filled = totalBytes == 0 ? width : width * doneBytes / totalBytes
        var line = "\r\u{1B}[K[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] "
            + "\(done)/\(traces.count) traces"
        let elapsed = monotonicSeconds() - start
        if doneBytes > 0, done < traces.count {
            let left = Int((elapsed * Double(totalBytes - doneBytes) / Double(doneBytes)).rounded())
            line += ", about \(left / 60):" + (left % 60 < 10 ? "0" : "") + "\(left % 60) left"
        }
        writeRaw(line)
        barShown = true
    }

    private func clearBar() {
        guard barShown else { return }
        writeRaw("\r\u{1B}[K")
        barShown = false
    }

    private func writeRaw(_ text: String) {
        output.flush()
        var text = text
        _ = text.withUTF8 { SystemCalls.writeAll(1, UnsafeRawBufferPointer($0)) }
    }

    /// The closing lines; returns the exit status.
    func finish() -> Int32 {
        clearBar()
        let seconds = monotonicSeconds() - start
        switch format {
        case .text:
            let failed = done - passed
            if failed > 0 {
                output.write(line: "(\(differs) differ\(differs == 1 ? "s" : ""), \(new) new, \(errors) error\(errors == 1 ? "" : "s"))")
            }
            output.write(line: "\(passed) passed, \(failed) failed")
        case .junit:
            output.write(line: JUnit.document(cases: junitCases, tests: done, failures: differs + new, errors: errors, seconds: seconds))
        }
        output.flush()
        // A report that could not be written (its reader gone) is an I/O error, whatever it said.
        return output.failed ? CommandError.io : status
    }
}

/// JUnit XML, as CI systems read it.
enum JUnit {
    static func testCase(_ trace: CheckedTrace, _ outcome: CheckOutcome, seconds: Double) -> String {
        let head = "    <testcase classname=\"gestures.check\" name=\"\(XMLText.escaped(trace.path.description))\" time=\"\(Numbers.decimal(seconds))\""
        switch outcome {
        case .passed, .differs(_, true), .new(_, true):
            // (Passed: `CheckOutcome.tally`.)
            return head + "/>"
        case .differs(let difference, false):
            let text = (["line \(difference.line)" + (difference.time.map { " at \($0)" } ?? "") + ": " + difference.summary]
                        + difference.diff).joined(separator: "\n")
            return head + ">\n      <failure type=\"differs\" message=\"\(XMLText.escaped(difference.summary))\">"
                + XMLText.escaped(text) + "</failure>\n    </testcase>"
        case .new(let lines, false):
            let message = "no \(trace.expected) (\(lines) line\(lines == 1 ? "" : "s")); gestures check --update writes it"
            return head + ">\n      <failure type=\"new\" message=\"\(XMLText.escaped(message))\"/>\n    </testcase>"
        case .failed(let error):
            return head + ">\n      <error type=\"status \(CommandError(error).status)\" message=\"\(XMLText.escaped(error.message))\"/>\n    </testcase>"
        }
    }

    static func document(cases: [String], tests: Int, failures: Int, errors: Int, seconds: Double) -> String {
        let counts = "tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(Numbers.decimal(seconds))\""
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"gestures check\" \(counts)>\n"
            + "  <testsuite name=\"gestures check\" \(counts) skipped=\"0\">\n"
            + cases.map { $0 + "\n" }.joined() + "  </testsuite>\n</testsuites>"
    }
}
