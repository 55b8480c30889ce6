import Synchronization
import SystemCalls
import TraceFormats
import TracePlayback

/// `gestures check` and `gestures replay` as the fuzz target `fuzz-check` of `Fuzz/` runs them (that package compiles
/// this folder, but for `main.swift`, as a module of its own): the commands' own code on the files of a folder, as
/// the command line runs it, their warnings left out.
package enum CheckFuzzing {
    /// What checking one trace found, in the pieces the command's text report quotes.
    package struct Report: Sendable, Equatable {
        /// The report's word for it: `ok` (passed), `FAIL` or `UPDATED` (differs), `NEW` or `WRITTEN` (new), `ERROR`.
        package enum Outcome: Sendable, Equatable {
            case passed, differs, new, failed
        }

        /// The trace checked.
        package var trace: String
        /// What the check found.
        package var outcome: Outcome
        /// With `--update`: the expected file was written (`UPDATED`, `WRITTEN`).
        package var written: Bool
        /// The output's lines (none for `failed`).
        package var lines: Int
        /// For `differs`: the first line that differs, from 1.
        package var firstDifferentLine: Int?
        /// For `differs`: the time of the first line that differs, when it has one.
        package var time: String?
        /// For `differs`: what differs in the first line that differs.
        package var summary: String?
        /// For `differs`: the lines around the first difference, as the report shows them (`  `, `- `, `+ `).
        package var diff: [String]
        /// For `differs`: the expected file's lines.
        package var expectedLines: Int?
        /// For `failed`: its kind, which decides the exit status.
        package var failure: FileError.Kind?
        /// For `failed`: its message.
        package var message: String?
    }

    /// `gestures check DIRECTORY`, with `--update` when `update`, on one thread: one report per trace found, in the
    /// order the command reports them.
    package static func check(directory: String, update: Bool) -> [Report] {
        let traces = CheckedTrace.find(in: [FilePath(directory)])
        let reports = Mutex<[Report]>([])
        checkAll(traces, options: ReplayOptions(warn: { _ in }), update: update, jobs: 1) { index, outcome, _ in
            let report = Report(trace: traces[index].path.description, outcome)
            reports.withLock { $0.append(report) }
        }
        return reports.withLock { $0 }
    }

    /// `gestures replay TRACE`: its output, and its error's message when it fails (after the lines written before
    /// it, as the command writes them).
    package static func replayOutput(trace: String) -> (output: [UInt8], failure: String?) {
        var output: [UInt8] = []
        let writer = LineWriter { bytes in
            output += bytes
            return true
        }
        do {
            try replay(trace: FilePath(trace), options: ReplayOptions(warn: { _ in }), output: writer)
        } catch {
            return (output, error.message)
        }
        return (output, nil)
    }
}

extension CheckFuzzing.Report {
    init(trace: String, _ outcome: CheckOutcome) {
        self.init(trace: trace, outcome: .failed, written: false, lines: 0, diff: [])
        switch outcome {
        case .passed(let lines):
            self.outcome = .passed
            self.lines = lines
        case .differs(let difference, let updated):
            self.outcome = .differs
            written = updated
            lines = difference.actualLines
            firstDifferentLine = difference.line
            time = difference.time
            summary = difference.summary
            diff = difference.diff
            expectedLines = difference.expectedLines
        case .new(let lines, let written):
            self.outcome = .new
            self.lines = lines
            self.written = written
        case .failed(let error):
            failure = error.kind
            message = error.message
        }
    }
}
