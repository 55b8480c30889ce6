import GestureFormat
import Synchronization
import SystemCalls
import TraceFormats
import TracePlayback

#if canImport(Glibc)
import Glibc
#endif

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
