import GestureFormat
import Synchronization
import SystemCalls
import TraceFormats

#if canImport(Glibc)
import Glibc
#endif

// `gestures check`: golden-gesture checks. Every trace is replayed as `replay` does and its output
// compared, as it is produced, with the trace's `NAME.expected.jsonl` (docs/SPEC.md "Command line").

/// A trace to check and the file its output must equal.
package struct CheckedTrace: Equatable, Sendable {
    package var path: FilePath
    /// `NAME.expected.jsonl` beside the trace (NAME as for the layout: the name without its extension).
    package var expected: FilePath
    /// The trace's size in bytes (0 when it cannot be read), for estimating the time left.
    package var size: Int
    /// Why the path cannot be checked at all (a directory that cannot be read): reported as its outcome.
    package var problem: ReplayError?

    package init(path: FilePath) {
        self.path = path
        self.expected = (path.removingExtension() ?? path).appending(".expected.jsonl")
        if case .success(let status) = path.withCString({ fileStatus($0) }) {
            self.size = Int(status.st_size)
        } else {
            self.size = 0
        }
    }

    /// A directory that cannot be read, for `error`.
    init(unreadableDirectory path: FilePath, _ error: Errno) {
        self.path = path
        self.expected = path
        self.size = 0
        self.problem = ReplayError(.unreadable, "\(path): cannot read the directory: \(error)")
    }

    /// An entry of a directory that cannot be reached (a path longer than the system takes, a link that
    /// cannot be followed), for `error`: it may be a trace, or a directory of traces.
    init(unreachable path: FilePath, _ error: Errno) {
        self.path = path
        self.expected = path
        self.size = 0
        self.problem = ReplayError(.unreadable, "\(path): cannot read: \(error)")
    }

    /// The traces to check among `arguments`: a directory stands for every trace below it (recursively,
    /// hidden directories and links to directories aside, so that a link cannot make a loop; regular files
    /// only, or links to them, so that a pipe named like a trace cannot make the check wait forever), a file
    /// for itself. In order: the arguments', each directory's sorted by path. A path that does not exist is
    /// kept, and so is a directory that cannot be read, an entry that cannot be reached at all, and a link
    /// named like a trace that cannot be followed: checking them reports them.
    package static func find(in arguments: [FilePath]) -> [CheckedTrace] {
        var found: [CheckedTrace] = []
        for argument in arguments {
            if case .success(let status) = argument.withCString({ fileStatus($0) }), status.isDirectory {
                found += tracesBelow(argument)
            } else {
                found.append(CheckedTrace(path: argument))
            }
        }
        return found
    }

    /// What `replay` reads as a trace: evemu and libinput-record files by their extension.
    static let extensions: Set<String> = ["evemu", "events", "event", "yml", "yaml"]

    private static func isNamedLikeTrace(_ path: FilePath) -> Bool {
        extensions.contains { path.hasSuffix(ignoringCase: "." + $0) }
    }

    private static func tracesBelow(_ directory: FilePath) -> [CheckedTrace] {
        let names: [[UInt8]]
        switch directory.withCString({ directoryEntryNames($0) }) {
        case .success(let found): names = found
        case .failure(let error): return [CheckedTrace(unreadableDirectory: directory, error)]
        }
        var traces: [CheckedTrace] = []
        let prefix = directory.bytes.last == UInt8(ascii: "/") ? directory : directory.appending("/")
        for name in names {
            guard name != [UInt8(ascii: ".")], name != [UInt8(ascii: "."), UInt8(ascii: ".")] else { continue }
            let path = FilePath(bytes: prefix.bytes + name)
            var status: stat
            switch path.withCString({ fileStatus($0, followingLinks: false) }) {
            case .success(let found): status = found
            case .failure(let error):
                // Gone since the directory was listed: nothing to check. Anything else is said.
                if error.rawValue != ENOENT { traces.append(CheckedTrace(unreachable: path, error)) }
                continue
            }
            if status.isDirectory {
                if name.first != UInt8(ascii: ".") { traces += tracesBelow(path) }
                continue
            }
            if status.st_mode & S_IFMT == S_IFLNK {
                switch path.withCString({ fileStatus($0) }) {
                case .success(let followed): status = followed
                case .failure(let error):
                    if isNamedLikeTrace(path) { traces.append(CheckedTrace(unreachable: path, error)) }
                    continue
                }
                if status.isDirectory { continue }  // a link to a directory: not followed
            }
            if status.isRegularFile, isNamedLikeTrace(path) {
                traces.append(CheckedTrace(path: path))
            }
        }
        return traces.sorted { $0.path.bytes.lexicographicallyPrecedes($1.path.bytes) }
    }
}

/// The files of a check that `--update` must not write over, by identity (`FileIdentity`): every file its
/// replays may read (`inputFiles(ofTrace:layout:device:)`), and every trace's expected file, which only its
/// own trace's update may replace.
package struct CheckInputs: Sendable {
    private struct Input {
        var path: FilePath
        var what: String
        /// The index of the trace it belongs to.
        var trace: Int
        var isExpectedFile: Bool
        /// Another trace whose expected file it is too (a link between two expected files): neither is written.
        var sharedWith: Int?
    }

    private let traces: [CheckedTrace]
    private var files: [FileIdentity: Input] = [:]

    package init(_ traces: [CheckedTrace], device: FilePath?) {
        self.traces = traces
        for (index, trace) in traces.enumerated() where trace.problem == nil {
            for (path, what) in inputFiles(ofTrace: trace.path, layout: nil, device: device) {
                if let identity = FileIdentity(path), files[identity] == nil {
                    files[identity] = Input(path: path, what: what, trace: index, isExpectedFile: false)
                }
            }
        }
        for (index, trace) in traces.enumerated() where trace.problem == nil {
            guard let identity = FileIdentity(trace.expected) else { continue }
            if let known = files[identity] {
                if known.isExpectedFile && known.trace != index { files[identity]?.sharedWith = index }
            } else {
                files[identity] = Input(path: trace.expected, what: "the expected output", trace: index, isExpectedFile: true)
            }
        }
    }

    /// Why the expected file of the trace at `index` may not be written: the input it is, by whatever path.
    func refusal(toUpdate index: Int) -> ReplayError? {
        let expected = traces[index].expected
        guard let identity = FileIdentity(expected), var input = files[identity] else { return nil }
        if input.isExpectedFile && input.trace == index {
            guard let other = input.sharedWith else { return nil }
            input.trace = other
            input.path = traces[other].expected
        }
        let whose = input.trace == index ? "" : " of \(traces[input.trace].path)"
        return ReplayError(.io, "\(expected) is \(input.what)\(whose) (\(input.path)): --update would write over it; it was left as it is")
    }
}

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

/// Checks `traces` on `jobs` threads, handing each outcome to `report` in the order of the traces,
/// whatever order they finish in (`report` is called on one thread at a time, with the outcome's index
/// and the seconds its check took).
package func checkAll(_ traces: [CheckedTrace], options: ReplayOptions, update: Bool, jobs: Int,
                     report: @escaping @Sendable (Int, CheckOutcome, Double) -> Void) {
    struct Progress {
        var next = 0
        var outcomes: [(CheckOutcome, Double)?]
        var reported = 0
    }
    let progress = Mutex(Progress(outcomes: Array(repeating: nil, count: traces.count)))
    // Known before any trace is replayed: the files no update may write over.
    let inputs = update ? CheckInputs(traces, device: options.device) : nil
    let work: @Sendable () -> Void = {
        while true {
            let index: Int? = progress.withLock { state in
                guard state.next < traces.count else { return nil }
                defer { state.next += 1 }
                return state.next
            }
            guard let index else { return }
            let start = monotonicSeconds()
            let outcome = check(traces[index], options: options, update: inputs.map { inputs in { inputs.refusal(toUpdate: index) } })
            let seconds = monotonicSeconds() - start
            progress.withLock { state in
                state.outcomes[index] = (outcome, seconds)
                while state.reported < traces.count, let (ready, took) = state.outcomes[state.reported] {
                    report(state.reported, ready, took)
                    state.outcomes[state.reported] = nil  // reported: its memory goes
                    state.reported += 1
                }
            }
        }
    }
    let threads = max(1, min(jobs, traces.count))
    var handles: [pthread_t] = []
    for _ in 1..<max(threads, 1) {
        let box = Unmanaged.passRetained(WorkBox(work))
        var handle = pthread_t()
        let created = pthread_create(&handle, nil, { raw in
            let box = Unmanaged<WorkBox>.fromOpaque(raw!).takeRetainedValue()
            box.work()
            return nil
        }, box.toOpaque())
        if created == 0 {
            handles.append(handle)
        } else {
            box.release()
        }
    }
    work()  // this thread works too
    for handle in handles { pthread_join(handle, nil) }
}

/// The monotonic clock, in seconds.
package func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// A closure handed to a thread.
private final class WorkBox: Sendable {
    let work: @Sendable () -> Void
    init(_ work: @escaping @Sendable () -> Void) { self.work = work }
}

// MARK: Comparing as the output comes

/// A line of an expected file or of an output, as a check keeps it: its first `shownLimit` bytes, for the
/// report, its length and a hash of all its bytes, so that lines of any length are kept in bounded memory and
/// told apart in the report's diff. Whether an output line equals an expected one is decided byte for byte
/// as the expected line is read (`ExpectedLines.next(comparingWith:)`), never by the hash.
struct CheckedLine: Equatable {
    /// A line's bytes beyond these are not kept: the report shows them as `… (N bytes in all)`.
    static let shownLimit = 4096

    private(set) var shown: [UInt8] = []
    private(set) var length = 0
    private var hash: UInt64 = 0xcbf2_9ce4_8422_2325

    init() {}

    init(_ bytes: some Collection<UInt8>) {
        add(bytes)
    }

    /// More of the line's bytes (FNV-1a over all of them).
    mutating func add(_ bytes: some Collection<UInt8>) {
        if shown.count < Self.shownLimit { shown += bytes.prefix(Self.shownLimit - shown.count) }
        length += bytes.count
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    }

    /// The line for people: its text (invalid UTF-8 replaced), the bytes beyond `shownLimit` left out and said.
    var text: String {
        String(decoding: shown, as: UTF8.self) + (length > shown.count ? "… (\(length) bytes in all)" : "")
    }
}

/// Reads an expected file a line at a time (without the newline) through one fixed buffer, whatever the
/// length of its lines (an expected file linked to a large file, or made of one line of 64 MB, is read in
/// bounded memory); closes it when done or dropped.
final class ExpectedLines {
    private var descriptor: Int32
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0
    private var end = 0
    private var ended = false
    /// The file's last line had no newline (its output would have had one).
    private(set) var lastLineUnterminated = false

    /// Why reading failed part-way: the lines up to there were read, and the reader ended.
    private(set) var readError: Errno?

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// A reader of the expected output at `path`; nil when there is no such file. One that exists but
    /// cannot be read (a directory, a file without permission) is an error, 66 as an unreadable trace: it
    /// is not a trace without expected output. So is anything but a regular file (or a link to one): a FIFO
    /// would wait for a writer (it is opened without waiting, `openWithoutWaiting`), and a device such as
    /// `/dev/zero` never ends.
    static func open(_ path: FilePath) throws(ReplayError) -> ExpectedLines? {
        let descriptor: Int32
        switch path.withCString({ openWithoutWaiting($0, flags: O_RDONLY | O_CLOEXEC) }) {
        case .success(let opened):
            descriptor = opened
        case .failure(let error):
            if error.rawValue == ENOENT { return nil }
            throw ReplayError(.unreadable, "\(path): cannot open the expected output: \(error)")
        }
        if case .success(let status) = fileStatus(descriptor: descriptor), !status.isRegularFile {
            _ = closeDescriptor(descriptor)
            let kind = status.isDirectory ? "it is a directory" : "it is \(status.kindInWords), not a regular file"
            throw ReplayError(.unreadable, "\(path): cannot read the expected output: \(kind)")
        }
        return ExpectedLines(descriptor: descriptor)
    }

    deinit {
        if descriptor >= 0 { _ = closeDescriptor(descriptor) }
    }

    /// The next line, or nil at the end (a last line without its newline still counts, and is noted); with
    /// `actual`, also whether the line is byte for byte `actual`.
    func next(comparingWith actual: [UInt8]? = nil) -> (line: CheckedLine, equal: Bool)? {
        var line = CheckedLine()
        var equal = actual != nil
        var any = false
        while true {
            if start == end {
                guard fill() else {
                    if any { lastLineUnterminated = true }
                    return any ? (line, equal && line.length == actual?.count) : nil
                }
            }
            any = true
            let newline = buffer[start..<end].firstIndex(of: UInt8(ascii: "\n"))
            let piece = buffer[start..<(newline ?? end)]
            if equal, let actual {
                equal = line.length + piece.count <= actual.count
                    && actual[line.length..<(line.length + piece.count)].elementsEqual(piece)
            }
            line.add(piece)
            if let newline {
                start = newline + 1
                return (line, equal && line.length == actual?.count)
            }
            start = end
        }
    }

    /// Reads the next chunk into the buffer; false at the end of the file or after a failed read.
    private func fill() -> Bool {
        guard !ended else { return false }
        let read = buffer.withUnsafeMutableBytes { readDescriptor(descriptor, into: $0.baseAddress!, count: $0.count) }
        if case .success(let count) = read, count > 0 {
            start = 0
            end = count
            return true
        }
        if case .failure(let error) = read { readError = error }
        ended = true
        _ = closeDescriptor(descriptor)
        descriptor = -1
        return false
    }
}

/// Compares output lines, as they come, with the expected file's; keeps only what a report shows.
struct OutputComparison {
    /// Lines of context shown before the first difference, and lines of each side kept after it.
    static let context = 2
    static let window = 40

    enum Result {
        case equal(lines: Int)
        case noExpectedFile(lines: Int)
        case different(CheckDifference)
    }

    private enum State {
        /// Equal so far; the last lines, for context.
        case matching(recent: [CheckedLine])
        /// Different from line `first` on; the context before it and the first lines of each side.
        case differing(first: Int, context: [CheckedLine], actual: [CheckedLine], expected: [CheckedLine])
        /// No expected file.
        case unexpected
    }

    private var expected: ExpectedLines?
    private var state: State
    /// Why reading the expected file failed part-way, if it did.
    var readError: Errno? { expected?.readError }
    private var actualLines = 0
    private var pending: [UInt8] = []

    init(expected: ExpectedLines?) {
        self.expected = expected
        self.state = expected == nil ? .unexpected : .matching(recent: [])
    }

    /// Output bytes: whole lines, as the line writer hands them over (a line cut across two calls is
    /// joined all the same).
    mutating func take(_ bytes: UnsafeRawBufferPointer) {
        var lineStart = 0
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            if pending.isEmpty {
                line(Array(bytes[lineStart..<index]))
            } else {
                line(pending + bytes[lineStart..<index])
                pending.removeAll()
            }
            lineStart = index + 1
        }
        if lineStart < bytes.count { pending += bytes[lineStart...] }
    }

    private mutating func line(_ line: [UInt8]) {
        actualLines += 1
        switch state {
        case .unexpected:
            break
        case .matching(var recent):
            let wanted = expected?.next(comparingWith: line)
            if let wanted, wanted.equal {
                recent.append(wanted.line)
                if recent.count > Self.context { recent.removeFirst() }
                state = .matching(recent: recent)
            } else {
                state = .differing(first: actualLines, context: recent, actual: [CheckedLine(line)], expected: wanted.map { [$0.line] } ?? [])
            }
        case .differing(let first, let context, var actual, var wanted):
            if actual.count < Self.window { actual.append(CheckedLine(line)) }
            if wanted.count < Self.window, let next = expected?.next() { wanted.append(next.line) }
            state = .differing(first: first, context: context, actual: actual, expected: wanted)
        }
    }

    /// The end of the output: the rest of the expected file decides.
    mutating func finish() -> Result {
        if !pending.isEmpty { line(pending) }
        switch state {
        case .unexpected:
            return .noExpectedFile(lines: actualLines)
        case .matching(let recent):
            guard let extra = expected?.next() else {
                guard expected?.lastLineUnterminated == true, let last = recent.last else { return .equal(lines: actualLines) }
                // Byte for byte: the output's last line ends with a newline, the file's does not.
                let text = last.text
                return .different(CheckDifference(
                    line: actualLines, time: OutputLine(text)?.value(of: "time"),
                    summary: "the expected file's last line has no newline at its end",
                    diff: ["- " + text + " (no newline at the end of the file)", "+ " + text],
                    expectedLines: actualLines, actualLines: actualLines))
            }
            var wanted = [extra.line]
            var count = actualLines + 1
            while let next = expected?.next() {
                if wanted.count < Self.window { wanted.append(next.line) }
                count += 1
            }
            return .different(Self.difference(first: actualLines + 1, context: recent, actual: [], expected: wanted,
                                              actualLines: actualLines, expectedLines: count))
        case .differing(let first, let context, let actual, var wanted):
            var count = first - 1 + wanted.count
            while let next = expected?.next() {
                if wanted.count < Self.window { wanted.append(next.line) }
                count += 1
            }
            return .different(Self.difference(first: first, context: context, actual: actual, expected: wanted,
                                              actualLines: actualLines, expectedLines: count))
        }
    }

    private static func difference(first: Int, context: [CheckedLine], actual: [CheckedLine], expected: [CheckedLine],
                                   actualLines: Int, expectedLines: Int) -> CheckDifference {
        var diff = context.map { "  " + $0.text }
        var edits = lineDiff(expected, actual)
        // The first block of changes (a line may match again after a few insertions), which the summary
        // and the line number speak of.
        let firstChange = edits.firstIndex { $0.edit != .kept } ?? 0
        let block = edits[firstChange...].prefix { $0.edit != .kept }
        let removed = block.first { $0.edit == .removed }?.line.text
        let added = block.first { $0.edit == .added }?.line.text
        // Up to the last change within the first 20 lines, then as much context as before it.
        if let lastChange = edits.prefix(20).lastIndex(where: { $0.edit != .kept }) {
            edits = Array(edits[...min(lastChange + Self.context, edits.count - 1)])
        }
        diff += edits.prefix(20 + Self.context).map { $0.edit.prefix + $0.line.text }
        let time = (added ?? removed).flatMap { OutputLine($0)?.value(of: "time") }
        return CheckDifference(line: first + firstChange, time: time, summary: summarize(actual: added, expected: removed),
                               diff: diff, expectedLines: expectedLines, actualLines: actualLines)
    }
}

/// One step of a diff: a line in both, only in the old, or only in the new.
enum LineEdit: Equatable {
    case kept, removed, added

    /// How a diff's line begins: `  `, `- `, `+ `.
    var prefix: String {
        switch self {
        case .kept: "  "
        case .removed: "- "
        case .added: "+ "
        }
    }
}

/// The edits from `old` to `new` (a longest common subsequence); at a change, what is removed comes first.
func lineDiff<Line: Equatable>(_ old: [Line], _ new: [Line]) -> [(edit: LineEdit, line: Line)] {
    let n = old.count, m = new.count
    var lengths = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
        for j in stride(from: m - 1, through: 0, by: -1) {
            lengths[i][j] = old[i] == new[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
        }
    }
    var edits: [(edit: LineEdit, line: Line)] = []
    var i = 0, j = 0
    while i < n || j < m {
        if i < n, j < m, old[i] == new[j] {
            edits.append((.kept, old[i])); i += 1; j += 1
        } else if i < n, j == m || lengths[i + 1][j] >= lengths[i][j + 1] {
            edits.append((.removed, old[i])); i += 1
        } else {
            edits.append((.added, new[j])); j += 1
        }
    }
    return edits
}

// MARK: Summaries

/// One JSON Lines output line, read back as its keys and values in order (nested objects as one value).
struct OutputLine {
    var fields: [(key: String, value: String)] = []

    /// Nil when the line is not one flat JSON object of ours.
    init?(_ line: String) {
        var scalars = Array(line.unicodeScalars)[...]
        guard scalars.popFirst() == "{" else { return nil }
        while let first = scalars.first, first != "}" {
            guard let key = Self.string(&scalars), scalars.popFirst() == ":" else { return nil }
            guard let value = Self.value(&scalars, depth: 1) else { return nil }
            fields.append((key, value))
            if scalars.first == "," { scalars.removeFirst() }
        }
    }

    func value(of key: String) -> String? { fields.first { $0.key == key }?.value }

    private static func string(_ scalars: inout ArraySlice<Unicode.Scalar>) -> String? {
        guard scalars.popFirst() == "\"" else { return nil }
        var text = ""
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "\"": return text
            case "\\": if let escaped = scalars.popFirst() { text.unicodeScalars.append(escaped) }
            default: text.unicodeScalars.append(scalar)
            }
        }
        return nil
    }

    /// Objects nested deeper than this are not ours (ours nest one level: `selection`, `center`): an expected
    /// file's line nested 300,000 deep overflowed the stack.
    private static let deepestObject = 4

    /// A value as people read it: a string without quotes, a number as printed, `{start, end}` as
    /// `start…end`, any other object as `(a, b)`; nil when it is not one of ours (an object not closed, as in
    /// a file cut short, or nested deeper than `deepestObject`). `depth` is the object's that holds it.
    private static func value(_ scalars: inout ArraySlice<Unicode.Scalar>, depth: Int) -> String? {
        switch scalars.first {
        case "\"":
            return string(&scalars)
        case "{":
            guard depth < deepestObject else { return nil }
            scalars.removeFirst()
            var parts: [(String, String)] = []
            while let first = scalars.first, first != "}" {
                guard let key = string(&scalars), scalars.popFirst() == ":", let value = value(&scalars, depth: depth + 1) else {
                    return nil
                }
                parts.append((key, value))
                if scalars.first == "," { scalars.removeFirst() }
            }
            guard scalars.popFirst() == "}" else { return nil }
            if parts.map(\.0) == ["start", "end"] { return parts[0].1 + "…" + parts[1].1 }
            return "(" + parts.map(\.1).joined(separator: ", ") + ")"
        default:
            var text = ""
            while let scalar = scalars.first, scalar != ",", scalar != "}" { text.unicodeScalars.append(scalar); scalars.removeFirst() }
            return text
        }
    }

    /// "select ended at 13.650000 in chart".
    var heading: String {
        [value(of: "type"), value(of: "phase")].compactMap { $0 }.joined(separator: " ")
            + (value(of: "time").map { " at " + $0 } ?? "") + (value(of: "region").map { " in " + $0 } ?? "")
    }

    /// The fields after the heading's, as "key value".
    var details: [String] {
        fields.filter { !["trace", "time", "region", "type", "phase"].contains($0.key) }.map { "\($0.key) \($0.value)" }
    }
}

/// `summary` then the fields that differ, `; ` between them, as many as keep the summary within a line's shown bytes
/// (`CheckedLine.shownLimit`), the first always, then how many more: each field that one line has and the other has
/// not is named, and an expected line of 4 KiB with 670 keys of its own made a summary of 13,641 characters.
private func named(_ differences: [String], after summary: String) -> String {
    var summary = summary
    for (index, difference) in differences.enumerated() {
        if index > 0 && summary.utf8.count + 2 + difference.utf8.count > CheckedLine.shownLimit {
            return summary + "; and \(differences.count - index) more"
        }
        summary += (index > 0 ? "; " : "") + difference
    }
    return summary
}

/// What differs between the first differing lines, in one line.
func summarize(actual: String?, expected: String?) -> String {
    switch (actual.flatMap(OutputLine.init), expected.flatMap(OutputLine.init)) {
    case (let got?, let wanted?):
        guard got.value(of: "type") == wanted.value(of: "type"), got.value(of: "phase") == wanted.value(of: "phase"),
              got.value(of: "region") == wanted.value(of: "region") else {
            return "got \(got.heading) (\(got.details.joined(separator: ", "))), expected \(wanted.heading) (\(wanted.details.joined(separator: ", ")))"
        }
        var differences: [String] = []
        if got.value(of: "time") != wanted.value(of: "time") {
            differences.append("time \(got.value(of: "time") ?? "none"), expected \(wanted.value(of: "time") ?? "none")")
        }
        let keys = (got.fields.map(\.key) + wanted.fields.map(\.key)).filter { !["trace", "time", "region", "type", "phase"].contains($0) }
        var seen = Set<String>()
        for key in keys where seen.insert(key).inserted && got.value(of: key) != wanted.value(of: key) {
            differences.append("\(key) \(got.value(of: key) ?? "none"), expected \(wanted.value(of: key) ?? "none")")
        }
        guard differences.isEmpty, let actual, let expected else { return named(differences, after: got.heading + ": ") }
        // The same fields, other bytes: say which, as the diff's lines look alike.
        if expected == actual + "\r" {
            return got.heading + ": the expected line ends with a carriage return (CR LF line ends), the output's with a newline alone"
        }
        return got.heading + ": the same fields, written otherwise (spacing, order of keys): expected " + expected
    case (let got?, nil) where expected == nil:
        return "unexpected \(got.heading)" + (got.details.isEmpty ? "" : " (\(got.details.joined(separator: ", ")))")
    case (nil, let wanted?) where actual == nil:
        return "missing \(wanted.heading)" + (wanted.details.isEmpty ? "" : " (\(wanted.details.joined(separator: ", ")))")
    case (let got?, nil):
        return "got \(got.heading) (\(got.details.joined(separator: ", "))), expected a line that is not ours: \(expected ?? "")"
    case (nil, _?), (nil, nil):
        return "the line differs: \(actual ?? "nothing"), expected \(expected ?? "nothing")"
    }
}
