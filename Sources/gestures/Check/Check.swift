import GestureFormat
import Synchronization
import SystemCalls
import TraceFormats
import TracePlayback

#if canImport(Glibc)
import Glibc
#endif

// `gestures check`: golden-gesture checks. Every trace is replayed as `replay` does and its output
// compared, as it is produced, with the trace's `NAME.expected.jsonl` (docs/SPEC.md "Command line"). This file: what
// is checked and what checking one trace found; CheckDiscovery.swift the traces found below directories,
// CheckInputs.swift what `--update` must not write over, CheckRunner.swift the traces checked on several threads,
// ExpectedLines.swift the expected file read in bounded memory, OutputComparison.swift the comparison as the output
// comes, OutputSummary.swift the summary of a difference for people.

/// What checking one trace found.
package enum CheckOutcome: Sendable, Equatable {
    /// The output equals the expected file.
    case passed(lines: Int)
    /// The output differs from the expected file (with `--update`: the file was rewritten).
    case differs(CheckDifference, updated: Bool)
    /// No expected file (with `--update`: it was written).
    case new(lines: Int, written: Bool)
    /// The trace or its layout is unreadable or malformed: `replay`'s error.
    case failed(ReplayError)

    /// True when the check counts as passed: equal output, or an expected file written by `--update`.
    package var passed: Bool {
        switch self {
        case .passed: true
        case .differs(_, let updated): updated
        case .new(_, let written): written
        case .failed: false
        }
    }

    /// How the closing tally counts an outcome.
    package enum Tally: Sendable {
        case passed, differs, new, error
    }

    package var tally: Tally {
        switch self {
        case .passed, .differs(_, true), .new(_, true): .passed
        case .differs(_, false): .differs
        case .new(_, false): .new
        case .failed: .error
        }
    }
}

/// How an output differs from its expected file, for people.
package struct CheckDifference: Sendable, Equatable {
    /// The first line (from 1) that differs.
    package var line: Int
    /// The `time` of the first differing line, actual or else expected.
    package var time: String?
    /// One line: what differs in the first differing line ("select ended at 13.650000 in chart: selection
    /// 2025-11-04…2025-11-30, expected 2025-11-04…2025-11-29").
    package var summary: String
    /// The lines around the first difference: `  ` in both, `- ` expected only, `+ ` output only.
    package var diff: [String]
    package var expectedLines: Int
    package var actualLines: Int
}

/// Checks one trace: replays it as `replay` would, comparing its output line by line with the expected
/// file as it is produced (memory stays that of a replay). With `update`, a differing or missing expected
/// file is written anew: into a temporary file beside it first, renamed over it only once complete.
/// With `--update`, `refusal` is given: it says why the expected file may not be written, if it may not
/// (`CheckInputs`), before anything is read.
func check(_ trace: CheckedTrace, options: ReplayOptions, update refusal: (() -> ReplayError?)?) -> CheckOutcome {
    if let problem = trace.problem { return .failed(problem) }
    let update = refusal != nil
    var comparison: OutputComparison
    do {
        comparison = OutputComparison(expected: try ExpectedLines.open(trace.expected))
    } catch {
        return .failed(error)
    }
    var rewrite: FileReplacement?
    if update {
        if let refused = refusal?() { return .failed(refused) }
        do {
            rewrite = try FileReplacement(trace.expected)
        } catch {
            return .failed(ReplayError(error))
        }
    }
    let output = LineWriter { bytes in
        comparison.take(bytes)
        return rewrite?.write(bytes) ?? true
    }
    do {
        try replay(trace: trace.path, options: options, output: output)
    } catch {
        rewrite?.abandon()
        return .failed(error)
    }
    let result = comparison.finish()
    if let error = comparison.readError {
        rewrite?.abandon()
        return .failed(ReplayError(.io, "\(trace.expected): cannot read the expected output: \(error)"))
    }
    guard let rewrite else {
        switch result {
        case .equal(let lines): return .passed(lines: lines)
        case .noExpectedFile(let lines): return .new(lines: lines, written: false)
        case .different(let difference): return .differs(difference, updated: false)
        }
    }
    switch result {
    case .equal(let lines):
        rewrite.abandon()
        return .passed(lines: lines)
    case .noExpectedFile(let lines):
        do { try rewrite.commit() } catch { return .failed(ReplayError(error)) }
        return .new(lines: lines, written: true)
    case .different(let difference):
        do { try rewrite.commit() } catch { return .failed(ReplayError(error)) }
        return .differs(difference, updated: true)
    }
}
