import Synchronization
import TraceFormats

/// `gestures check` and `gestures replay` as the fuzz target `fuzz-check` of `Fuzz/` runs them: that package cannot
/// reach this module's package API, so it calls these, which run the commands' own code on the files of a folder as
/// the command line does, their warnings left out. Not an API for anything else.
@_spi(Fuzzing) public enum CheckFuzzing {
    /// What checking one trace found, in the pieces the command's text report quotes.
    public struct Report: Sendable, Equatable {
        /// The report's word for it: `ok` (passed), `FAIL` or `UPDATED` (differs), `NEW` or `WRITTEN` (new), `ERROR`.
        public enum Outcome: Sendable, Equatable {
            case passed, differs, new, failed
        }

        /// The trace checked.
        public var trace: String
        /// What the check found.
        public var outcome: Outcome
        /// With `--update`: the expected file was written (`UPDATED`, `WRITTEN`).
        public var written: Bool
        /// The output's lines (none for `failed`).
        public var lines: Int
        /// For `differs`: the first line that differs, from 1.
        public var firstDifferentLine: Int?
        /// For `differs`: the time of the first line that differs, when it has one.
        public var time: String?
        /// For `differs`: what differs in the first line that differs.
        public var summary: String?
        /// For `differs`: the lines around the first difference, as the report shows them (`  `, `- `, `+ `).
        public var diff: [String]
        /// For `differs`: the expected file's lines.
        public var expectedLines: Int?
        /// For `failed`: its kind, which decides the exit status.
        public var failure: TraceError.Kind?
        /// For `failed`: its message.
        public var message: String?
    }

    /// `gestures check DIRECTORY`, with `--update` when `update`, on one thread: one report per trace found, in the
    /// order the command reports them.
    public static func check(directory: String, update: Bool) -> [Report] {
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
    public static func replay(trace: String) -> (output: [UInt8], failure: String?) {
        var output: [UInt8] = []
        let writer = LineWriter { bytes in
            output += bytes
            return true
        }
        do {
            try Replay.replay(trace: FilePath(trace), options: ReplayOptions(warn: { _ in }), output: writer)
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
