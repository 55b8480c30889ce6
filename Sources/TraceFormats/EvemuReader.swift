import EvdevModel
import GestureCore
import SystemCalls

/// Reads an evemu file (versions 1.0 to 1.3): its description header, if it has one, then its events,
/// one at a time, line by line through a fixed buffer. Traces can be hundreds of MB; this never holds more
/// than the buffer, and reading an event allocates nothing.
///
/// Accepted: `#` comments on any line (after the data too, except on `N:`, where `#` is part of the name),
/// empty lines, LF, CR LF and CR line ends, a UTF-8 byte order mark at the start (`LineReader`), and
/// header-less files of `E:` lines (their description comes from a separate file).
/// `E: sec.usec type code value`: usec is an integer number of microseconds in up to six decimal digits,
/// with or without zero padding; type and code are hexadecimal, value signed decimal. Every line, comments
/// included, is at most `LineReader.defaultLineLimit` bytes.
///
/// Time going backwards is accepted here; the frame assembler keeps frame times from decreasing.
///
/// Plain event lines, nearly all of a trace, are read in one pass over their bytes
/// (`EvemuSyntax.plainEvent`); every other line, and any line that pass does not take, by the validating
/// path, which alone says what is wrong with a line. Both read an event line the same (`EvemuPaths`).
///
/// A last line without its line end is a write cut short: it is dropped without being parsed
/// (`cutShortLine`), so that a trace cut in the middle of a write ends in a warning, not an error, whatever
/// that line holds and however long it is. Only a comment, or a description line before any event (a
/// description file need not end with a line end), is read as usual.
final class EvemuReader {
    let path: FilePath
    /// The description from the file's own header; nil for a header-less file.
    let headerDescription: DeviceDescription?
    /// The number of the last line, once it was dropped for having no line end.
    private(set) var cutShortLine: Int?

    private let lines: LineReader
    /// True when plain event lines are read in one pass (`EvemuSyntax.plainEvent`), as always but to check
    /// that pass against the validating one (`EvemuPaths`).
    private let readsPlainLinesInOnePass: Bool
    /// The first event, read with the header.
    private var pending: InputEvent?
    /// A problem with the first event line, thrown by the first `next()`.
    private var pendingError: FileError?
    private var finished = false

    /// Opens `path` and reads its description header, up to the first `E:` line. (A `lineLimit` other than
    /// the default is for tests: the line reader's buffer then holds a few lines at a time.)
    init(path: FilePath, readsPlainLinesInOnePass: Bool = true, lineLimit: Int = LineReader.defaultLineLimit) throws(FileError) {
        let lines = try LineReader(path: path, lineLimit: lineLimit)
        var parser = EvemuDescriptionParser(path: path.description)
        var pending: InputEvent?
        var pendingError: FileError?
        var cutShortLine: Int?
        var finished = true
        scan: while let line = try lines.next() {
            switch try Self.use(of: line, afterEvents: false, lines: lines) {
            case .skip:
                continue
            case .description(let tag):
                try parser.parse(line.bytes, tag: tag, number: line.number)
            case .cutShort:
                cutShortLine = line.number
                break scan
            case .event:
                finished = false
                if let event = EvemuSyntax.event(line.bytes) {
                    pending = event
                } else {
                    pendingError = FileError(.malformed, path: path, line: line.number, message: EvemuSyntax.eventProblem(line.bytes))
                }
                break scan
            case .unknown:
                // A libinput recording named otherwise is read as evemu (by its name): its `version: 1` says so.
                let recording = line.bytes.starts(with: "version:".utf8)
                    ? " (a libinput record file? it is read as one when its name ends in "
                        + TraceFormat.libinputRecord.suffixes.map { "." + $0 }.joined(separator: " or ") + ")" : ""
                throw FileError(
                    .malformed, path: path, line: line.number,
                    message: "expected a description line (N:, I:, P:, B:, A:, L:, S:), an event line (E:) or a # comment, found '\(EvemuSyntax.text(line.bytes))'"
                        + recording)
            }
        }
        self.path = path
        self.lines = lines
        self.readsPlainLinesInOnePass = readsPlainLinesInOnePass
        self.headerDescription = parser.hasLines ? try parser.build() : nil
        self.pending = pending
        self.pendingError = pendingError
        self.cutShortLine = cutShortLine
        self.finished = finished
    }

    /// The description of an `evemu-describe` file (or the header of a trace).
    static func readDescription(path: FilePath) throws(FileError) -> DeviceDescription {
        let reader = try EvemuReader(path: path)
        guard let description = reader.headerDescription else {
            throw FileError(.malformed, path: path, message: "expected a device description (N:, I:, P:, B:, A: lines), found none")
        }
        return description
    }

    /// The next event, or nil at the end of the file. After an error, nil.
    func next() throws(FileError) -> InputEvent? {
        if let error = pendingError {
            pendingError = nil
            finished = true
            throw error
        }
        if let event = pending {
            pending = nil
            return event
        }
        guard !finished else { return nil }
        do {
            return try readEvent()
        } catch {
            finished = true
            throw error
        }
    }

    /// The next events, as many as fit in `events` up to the end of the file, as `next()` would give them;
    /// the number read (0 at the end). Fewer than fit only at the end of the file, or before an error: the
    /// events before it come first, and the next call throws it (as `next()`).
    ///
    /// The plain event lines of a run in the line reader's buffer are read straight from it, one after the
    /// other (`EvemuSyntax.plainEventLines`), with no call per line; `next()` reads any other line (a comment,
    /// a CR line end, the line cut by the buffer's end), then the run goes on.
    func read(into events: UnsafeMutableBufferPointer<InputEvent>) throws(FileError) -> Int {
        var count = 0
        while count < events.count {
            if readsPlainLinesInOnePass && pending == nil && pendingError == nil && !finished, let unread = lines.unreadLines {
                let (read, next) = EvemuSyntax.plainEventLines(at: unread.start, into: UnsafeMutableBufferPointer(rebasing: events[count...]))
                if read > 0 {
                    count += read
                    lines.consumeLines(through: next - 1, count: read)
                    continue
                }
            }
            do {
                guard let event = try next() else { break }
                events[count] = event
                count += 1
            } catch {
                if count == 0 { throw error }
                pendingError = error  // after the events read before it
                break
            }
        }
        return count
    }

    @inline(__always)
    private func readEvent() throws(FileError) -> InputEvent? {
        while let line = try lines.next() {
            // Nearly every line of a trace is a plain event line: read in one pass, once `use(of:…)`'s
            // checks of every line are known to pass. Any other line takes the validating path below,
            // which has the final word on what it holds.
            if readsPlainLinesInOnePass && line.ending == .lineEnd && line.nulColumn == nil && !line.isOverlong,
                let event = EvemuSyntax.plainEvent(line.bytes)
            {
                return event
            }
            switch try Self.use(of: line, afterEvents: true, lines: lines) {
            case .skip:
                continue
            case .cutShort:
                cutShortLine = line.number
                finished = true
                return nil
            case .event:
                if let event = EvemuSyntax.event(line.bytes) { return event }
                throw FileError(.malformed, path: path, line: line.number, message: EvemuSyntax.eventProblem(line.bytes))
            case .description:
                throw FileError(
                    .malformed, path: path, line: line.number,
                    message: "expected an event line (E:): the description lines come before the events, and a file holds one device")
            case .unknown:
                throw FileError(
                    .malformed, path: path, line: line.number,
                    message: "expected an event line (E:) or a # comment, found '\(EvemuSyntax.text(line.bytes))'")
            }
        }
        finished = true
        return nil
    }

    /// What to do with a line.
    private enum LineUse {
        /// Blank, or a comment.
        case skip
        /// A description line, whose tag is this.
        case description(UInt8)
        case event
        /// The last line, without its line end: a write cut short, dropped.
        case cutShort
        case unknown
    }

    /// What to do with a line, after the checks every line gets: no NUL byte, at most the line limit.
    /// The last line, without its line end, is cut short unless it is a comment, or a description line
    /// while no event has been read (`afterEvents` false).
    private static func use(of line: LineReader.Line, afterEvents: Bool, lines: LineReader) throws(FileError) -> LineUse {
        let kind = EvemuSyntax.kind(of: line.bytes)
        if line.isOverlong {
            // Refused whatever it holds, the last line too (SPEC "Input files", Line length): its rest is not read.
            if let column = line.nulColumn {
                throw FileError(.malformed, path: lines.path, line: line.number, message: "unexpected NUL byte in column \(column): expected a text evemu file")
            }
            throw FileError(.malformed, path: lines.path, line: line.number, message: lines.overlongMessage)
        }
        if line.ending == .endOfFile {
            switch kind {
            case .blank, .comment: return .skip
            case .event: return .cutShort
            case .description, .unknown: if afterEvents { return .cutShort }
            }
        }
        if let column = line.nulColumn {
            throw FileError(.malformed, path: lines.path, line: line.number, message: "unexpected NUL byte in column \(column): expected a text evemu file")
        }
        switch kind {
        case .blank, .comment: return .skip
        case .description(let tag): return .description(tag)
        case .event: return .event
        case .unknown: return .unknown
        }
    }
}
