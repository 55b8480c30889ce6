import FuzzSupport
import GesturesCommand
import TraceFormats

#if canImport(Glibc)
import Glibc
#endif

// `gestures check` of the scratch folder (`Scratch`), emptied for each input: a trace, maybe its description and its
// layout, and its expected file, which may be the trace's output, other bytes, or one of the inputs by a link; with or
// without `--update`.
//
// The input: two bytes of options, then the trace's bytes, then, after the line `--expected--`, the expected
// file's bytes (none when there is no such line).
//
// - byte 0, bit 0: `--update`.
// - byte 0, bits 1-3: the expected file (`ExpectedFile`).
// - byte 0, bits 4-5: the layout beside the trace (`LayoutBeside`).
// - byte 0, bit 6: no `trace.desc` (the fixed header) beside the trace.
// - byte 0, bit 7: a twin: `other.evemu`, a link to the trace, with links to its description and layout, and its
//   expected file a link to the trace's (the expected file of two traces: neither may be written).
// - byte 1: where the expected bytes go into the trace's output (`ExpectedFile.splicedIntoOutput`): bits 0-1 how
//   (before line K, instead of line K, after the whole output, after the first K lines instead of the rest), bits
//   2-7 the line K (from 0).

/// What the expected file is.
enum ExpectedFile: UInt8 {
    /// None: the check says NEW (with `--update`, WRITTEN).
    case absent
    /// The input's expected bytes.
    case fuzzed
    /// The trace's output, byte for byte: the check passes.
    case replayOutput
    /// The trace's output with the input's expected bytes put in (byte 1 says where).
    case splicedIntoOutput
    /// A symbolic link to the trace, to the layout's name, or to the description.
    case linkToTrace, linkToLayout, linkToDescription
    /// A second name of the trace.
    case hardLinkToTrace
}

/// What the layout beside the trace is.
enum LayoutBeside: UInt8 {
    /// None: the default layout, the whole surface.
    case absent
    /// The date chart and timer dial of `Recordings/synthetic-dial-rotate` (`chartAndDialLayout`, fuzz-pipeline's).
    case chartAndDial
    /// Targets that take the other gestures: taps, long presses, drags, pinches, rotations, swipes, edge swipes.
    case targets
    /// A symbolic link to the expected file: the expected file is an input then, which `--update` may not write.
    case linkToExpected
}

/// `LayoutBeside.targets`: a target for every other gesture, and one for taps, drags and swipes.
let targets = """
    {
      "surface": {"width": 215.5, "height": 134.7},
      "regions": [
        {"name": "photo", "kind": "target", "shape": {"kind": "rectangle", "x": 5, "y": 5, "width": 120, "height": 125},
         "gestures": [{"kind": "tap", "count": 2}, {"kind": "tap"}, {"kind": "long-press"}, {"kind": "drag"},
                      {"kind": "magnify"}, {"kind": "rotation", "combine": "simultaneous"},
                      {"kind": "swipe", "combine": "simultaneous"}, {"kind": "edge-swipe", "edge": "left"}]},
        {"name": "list", "kind": "target", "shape": {"kind": "rectangle", "x": 130, "y": 5, "width": 80, "height": 125},
         "gestures": [{"kind": "tap"}, {"kind": "drag"}, {"kind": "swipe"}]}
      ]
    }

    """

/// The line between the trace and the expected bytes.
let separator = Array("\n--expected--\n".utf8)

/// One input, taken apart.
struct CheckInput {
    var update: Bool
    var expected: ExpectedFile
    var layout: LayoutBeside
    var description: Bool
    var twin: Bool
    var spliceHow: UInt8
    var spliceLine: Int
    var trace: ArraySlice<UInt8>
    var expectedBytes: ArraySlice<UInt8>

    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count >= 2 else { return nil }
        let options = bytes[0]
        update = options & 1 != 0
        expected = ExpectedFile(rawValue: (options >> 1) & 7)!
        layout = LayoutBeside(rawValue: (options >> 4) & 3)!
        description = options & 0x40 == 0
        twin = options & 0x80 != 0
        spliceHow = bytes[1] & 3
        spliceLine = Int(bytes[1] >> 2)
        let rest = Array(bytes[2...])[...]
        if let at = rest.firstRange(of: separator) {
            trace = rest[..<at.lowerBound]
            expectedBytes = rest[at.upperBound...]
        } else {
            trace = rest
            expectedBytes = []
        }
    }

    /// The trace's output with the expected bytes put in, as byte 1 says.
    func spliced(into output: [UInt8]) -> [UInt8] {
        let lines = output.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast().map { $0 + [UInt8(ascii: "\n")] }
        let at = min(spliceLine, lines.count)
        switch spliceHow {
        case 0: return Array(lines[..<at].joined()) + expectedBytes + lines[at...].joined()
        case 1: return Array(lines[..<at].joined()) + expectedBytes + lines[min(at + 1, lines.count)...].joined()
        case 2: return output + expectedBytes
        default: return Array(lines[..<at].joined()) + expectedBytes
        }
    }
}

/// What a file of the folder is, without following a link: what the check must leave as it is.
enum Entry: Equatable {
    case file(inode: UInt64, mode: UInt32, bytes: [UInt8])
    case link(to: String)
    case other(mode: UInt32)

    init?(_ name: String) {
        var status = stat()
        let path = Scratch.directory + "/" + name
        guard lstat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            self = .file(inode: UInt64(status.st_ino), mode: UInt32(status.st_mode), bytes: Scratch.read(name) ?? [])
        case S_IFLNK:
            var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(path, &target, target.count - 1)
            guard count >= 0 else { finding("cannot read the link \(path)") }
            self = .link(to: String(decoding: target[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self))
        default:
            self = .other(mode: UInt32(status.st_mode))
        }
    }

    static func folder() -> [String: Entry] {
        var entries: [String: Entry] = [:]
        for name in Scratch.names() { entries[name] = Entry(name) }
        return entries
    }
}

/// A file's identity, a link followed (nil when there is none): what makes two names the same file.
func identity(_ name: String) -> [UInt64]? {
    var status = stat()
    guard stat(Scratch.directory + "/" + name, &status) == 0 else { return nil }
    return [UInt64(status.st_dev), UInt64(status.st_ino)]
}

/// The lines of `bytes` as `check` counts them: each newline ends one, and bytes after the last newline make one.
func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    if lines.last?.isEmpty == true { lines.removeLast() }
    return lines
}

// MARK: The bound of a report

/// The most a quoted line's text holds, in Unicode scalars (each byte of the shown part gives one at most): its first
/// 4,096 bytes (`CheckedLine.shownLimit`), then `… (N bytes in all)`, 17 scalars and N's digits, 19 at most.
let quotedLine = 4096 + 17 + 19
/// What a diff line adds to the line it quotes: `- `, and for a last line without its newline ` (no newline at the
/// end of the file)`.
let diffLineWords = 2 + 36
/// The longest fixed words of a summary: `: the expected line ends with a carriage return (CR LF line ends), the
/// output's with a newline alone` (100), or `; and N more` (30 at most) after 4,096 bytes of fields that differ.
let summaryWords = 128
/// The most a report's piece holds, but for the summary: a diff line, the time (a value of a quoted line), an error's
/// message.
let pieceLimit = quotedLine + diffLineWords
/// The lines of a diff: 2 lines of context before the first change, then up to 22 (up to the last change within the
/// first 20 edits, and 2 after it).
let diffLines = 2 + 22
/// docs/SPEC.md, Command line, `check`: "its report by 45 such lines a trace".
let reportLimit = 45 * pieceLimit

/// The bounds of a report (docs/fuzzing.md, fuzz-check): at most `diffLines` lines of diff, each within `pieceLimit`,
/// and so the time and an error's message; the summary, which quotes the first differing output line (the time twice
/// when it differs) and expected line, within `quotedLine` and twice the longest output line and `summaryWords`; and
/// all of it within the SPEC's 45 lines.
func checkBounds(_ report: CheckFuzzing.Report, longestOutputLine: Int) {
    guard report.diff.count <= diffLines else { finding("\(report.trace): \(report.diff.count) lines of diff, more than \(diffLines)") }
    let summaryLimit = quotedLine + 2 * longestOutputLine + summaryWords
    let summary = report.summary?.unicodeScalars.count ?? 0
    guard summary <= summaryLimit else {
        finding("\(report.trace): a summary of \(summary) scalars, more than \(summaryLimit): \(report.summary!.prefix(200))…")
    }
    var total = summary
    for piece in [report.time, report.message].compactMap({ $0 }) + report.diff {
        let size = piece.unicodeScalars.count
        guard size <= pieceLimit else {
            finding("\(report.trace): a piece of the report of \(size) scalars, more than \(pieceLimit): \(piece.prefix(200))…")
        }
        total += size
    }
    guard total <= reportLimit else { finding("\(report.trace): a report of \(total) scalars, more than \(reportLimit)") }
}

// MARK: The run

/// Checks the folder as `gestures check` does (`CheckFuzzing.check(directory:update:)`), then:
/// - no trap, and each report within its bound (`checkBounds`);
/// - each outcome as the bytes say: an expected file that cannot be opened (a loop of links between it and the layout)
///   fails with that, before anything is replayed (status 66); a trace that fails to replay fails with replay's
///   message; with `--update`, an
///   expected file that is an input (the trace, the layout or description beside it, by any name, or the expected
///   file of the other trace too) fails with status 74's refusal; else no expected file is NEW (WRITTEN), an expected
///   file byte for byte the output passes, and any other differs, from its first differing line (UPDATED);
/// - nothing written but the expected files that were written (WRITTEN, UPDATED), and each of those the output:
///   every other name of the folder the same file (inode, mode and bytes) or the same link, and no name added.
func fuzzCheck(_ input: FuzzInput) {
    guard let run = CheckInput(input.bytes) else { return }
    for name in Scratch.names() { Scratch.remove(name) }
    let trace = write("trace.evemu", Array(run.trace))
    if run.description { Scratch.write("trace.desc", fixedHeader + "\n") }
    switch run.layout {
    case .absent: break
    case .chartAndDial: Scratch.write("trace.layout.json", chartAndDialLayout)
    case .targets: Scratch.write("trace.layout.json", targets)
    case .linkToExpected: Scratch.symlink("trace.layout.json", to: "trace.expected.jsonl")
    }
    var traces = ["trace"]
    if run.twin {
        traces.insert("other", at: 0)  // checked first: sorted by path
        Scratch.symlink("other.evemu", to: "trace.evemu")
        if run.description { Scratch.symlink("other.desc", to: "trace.desc") }
        if run.layout != .absent { Scratch.symlink("other.layout.json", to: "trace.layout.json") }
        Scratch.symlink("other.expected.jsonl", to: "trace.expected.jsonl")
    }
    let expected = "trace.expected.jsonl"
    switch run.expected {
    case .absent: break
    case .fuzzed: write(expected, Array(run.expectedBytes))
    case .replayOutput: write(expected, CheckFuzzing.replayOutput(trace: trace).output)
    case .splicedIntoOutput: write(expected, run.spliced(into: CheckFuzzing.replayOutput(trace: trace).output))
    case .linkToTrace: Scratch.symlink(expected, to: "trace.evemu")
    case .linkToLayout: Scratch.symlink(expected, to: "trace.layout.json")
    case .linkToDescription: Scratch.symlink(expected, to: "trace.desc")
    case .hardLinkToTrace: Scratch.hardLink(expected, to: "trace.evemu")
    }

    let before = Entry.folder()
    // Every file a replay may read, and the expected files (SPEC, Command line: --update's inputs).
    var inputs = Set<[UInt64]>()
    for name in traces {
        for input in [name + ".evemu", name + ".layout.json", name + ".evemu.layout.json", name + ".desc"] {
            if let identity = identity(input) { inputs.insert(identity) }
        }
    }
    let expectedIdentities = traces.map { identity($0 + ".expected.jsonl") }
    // What each trace's replay writes, now that every file is in place (the layout may be the expected file).
    let outputs = traces.map { CheckFuzzing.replayOutput(trace: Scratch.directory + "/" + $0 + ".evemu") }
    // Each expected file's bytes, a link followed; nil when there is none, or the link names none.
    let olds = traces.map { Scratch.read($0 + ".expected.jsonl") }
    // Why an expected file that is there cannot be opened, if it cannot (ENOENT: there is none).
    let openProblems = traces.map { name -> String? in
        var status = stat()
        guard stat(Scratch.directory + "/" + name + ".expected.jsonl", &status) != 0, errno != ENOENT else { return nil }
        return String(cString: strerror(errno))
    }

    let reports = CheckFuzzing.check(directory: Scratch.directory, update: run.update)

    let after = Entry.folder()
    guard reports.count == traces.count else { finding("\(reports.count) traces checked, \(traces.count) in the folder") }
    var written = Set<String>()
    for (index, name) in traces.enumerated() {
        let report = reports[index]
        let expectedName = name + ".expected.jsonl"
        let expectedPath = Scratch.directory + "/" + expectedName
        let (output, failure) = outputs[index]
        guard report.trace == Scratch.directory + "/" + name + ".evemu" else { finding("report \(index) is of \(report.trace), not \(name)") }
        let outputLines = lines(output)
        checkBounds(report, longestOutputLine: outputLines.map { String(decoding: $0, as: UTF8.self).unicodeScalars.count }.max() ?? 0)
        if let problem = openProblems[index] {
            guard report.outcome == .failed, report.failure == .unreadable,
                  report.message == "\(expectedPath): cannot open the expected output: \(problem)" else {
                finding("\(name): the expected file cannot be opened (\(problem)): \(report)")
            }
            continue
        }
        // One of the inputs, or the other trace's expected file too.
        let isInput = run.update && expectedIdentities[index].map { own in
            inputs.contains(own) || expectedIdentities.indices.contains { $0 != index && expectedIdentities[$0] == own }
        } == true
        if isInput {
            guard report.outcome == .failed, report.failure == .io,
                  let message = report.message, message.hasPrefix(expectedPath + " is "),
                  message.hasSuffix(": --update would write over it; it was left as it is") else {
                finding("\(name): --update onto an input: \(report)")
            }
            continue
        }
        if let failure {
            guard report.outcome == .failed, report.message == failure, report.written == false else {
                finding("\(name): replay fails with \(failure), the check gave \(report)")
            }
            continue
        }
        guard let old = olds[index] else {
            guard report.outcome == .new, report.lines == outputLines.count, report.written == run.update else {
                finding("\(name): no expected file: \(report)")
            }
            if run.update { written.insert(expectedName) }
            continue
        }
        if old == output {
            guard report.outcome == .passed, report.lines == outputLines.count, report.written == false else {
                finding("\(name): the expected file is the output: \(report)")
            }
            continue
        }
        let expectedLines = lines(old)
        var first = firstDifference(expectedLines.map(Array.init), outputLines.map(Array.init)) ?? expectedLines.count
        if first == expectedLines.count && first == outputLines.count { first -= 1 }  // only the last newline differs
        guard report.outcome == .differs, report.lines == outputLines.count, report.expectedLines == expectedLines.count,
              report.firstDifferentLine == first + 1, report.written == run.update else {
            finding("\(name): the expected file differs from line \(first + 1) on (\(expectedLines.count) lines, "
                    + "the output \(outputLines.count)): \(report)")
        }
        if run.update { written.insert(expectedName) }
    }
    // Nothing written but the expected files written, and those the output (a link that named no file replaced).
    for (name, entry) in after where !written.contains(name) {
        guard before[name] == entry else { finding("\(name) changed: \(String(describing: before[name])) → \(entry)") }
    }
    for name in before.keys where after[name] == nil && !written.contains(name) { finding("\(name) was removed") }
    for name in written {
        let index = traces.firstIndex { $0 + ".expected.jsonl" == name }!
        guard case .file(_, _, let bytes)? = after[name], bytes == outputs[index].output else {
            finding("\(name) was written, and is not the output: \(String(describing: after[name]))")
        }
    }
}

@discardableResult
func write(_ name: String, _ bytes: [UInt8]) -> String {
    bytes.withUnsafeBufferPointer { Scratch.write(name, $0) }
}
