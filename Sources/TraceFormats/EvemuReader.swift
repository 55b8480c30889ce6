import EvdevModel
import GestureCore

/// Reads an evemu file (versions 1.0 to 1.3): its description header, if it has one, then its events,
/// one at a time, line by line through a fixed buffer. Traces can be hundreds of MB; this never holds more
/// than the buffer, and reading an event allocates nothing.
///
/// Accepted: `#` comments on any line (after the data too, except on `N:`, where `#` is part of the name),
/// empty lines, CRLF line ends, and header-less files of `E:` lines (their description comes from a
/// separate file). `E: sec.usec type code value`: usec is an integer number of microseconds in up to six
/// decimal digits, with or without zero padding; type and code are hexadecimal, value signed decimal.
///
/// Time going backwards is accepted here; the frame assembler keeps frame times from decreasing.
///
/// A last line cut short without its newline is dropped without being parsed when it is an `E:` line
/// (`droppedPartialLine`), so that a trace cut in the middle of a write ends in a warning, not an error.
final class EvemuReader {
    let path: String
    /// The description from the file's own header; nil for a header-less file.
    let headerDescription: DeviceDescription?
    /// True once the reader dropped a last `E:` line that had no newline.
    private(set) var droppedPartialLine = false

    private let lines: LineReader
    /// The first event, read with the header.
    private var pending: InputEvent?
    /// A problem with the first event line, thrown by the first `next()`.
    private var pendingError: TraceError?
    private var finished = false

    /// Opens `path` and reads its description header, up to the first `E:` line.
    init(path: String) throws(TraceError) {
        let lines = try LineReader(path: path)
        var parser = EvemuDescriptionParser(path: path)
        var pending: InputEvent?
        var pendingError: TraceError?
        var droppedPartialLine = false
        var finished = true
        scan: while let line = try lines.next() {
            switch try Self.classify(line, path: path) {
            case .blank, .comment:
                continue
            case .description(let tag):
                try parser.parse(line.bytes, tag: tag, number: line.number)
            case .event:
                finished = false
                if case .endOfFile = line.ending {
                    droppedPartialLine = true
                    finished = true
                } else if let event = EvemuSyntax.event(line.bytes) {
                    pending = event
                } else {
                    pendingError = TraceError(.malformed, path: path, line: line.number, message: EvemuSyntax.eventProblem(line.bytes))
                }
                break scan
            case .unknown:
                throw TraceError(
                    .malformed, path: path, line: line.number,
                    message: "expected a description line (N:, I:, P:, B:, A:, L:, S:), an event line (E:) or a # comment, found '\(EvemuSyntax.text(line.bytes))'")
            }
        }
        self.path = path
        self.lines = lines
        self.headerDescription = parser.hasLines ? try parser.build() : nil
        self.pending = pending
        self.pendingError = pendingError
        self.droppedPartialLine = droppedPartialLine
        self.finished = finished
    }

    /// The description of an `evemu-describe` file (or the header of a trace).
    static func readDescription(path: String) throws(TraceError) -> DeviceDescription {
        let reader = try EvemuReader(path: path)
        guard let description = reader.headerDescription else {
            throw TraceError(.malformed, path: path, message: "expected a device description (N:, I:, P:, B:, A: lines), found none")
        }
        return description
    }

    /// The next event, or nil at the end of the file. After an error, nil.
    func next() throws(TraceError) -> InputEvent? {
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

    private func readEvent() throws(TraceError) -> InputEvent? {
        while let line = try lines.next() {
            switch try Self.classify(line, path: path) {
            case .blank, .comment:
                continue
            case .event:
                if case .endOfFile = line.ending {
                    droppedPartialLine = true
                    finished = true
                    return nil
                }
                if let event = EvemuSyntax.event(line.bytes) { return event }
                throw TraceError(.malformed, path: path, line: line.number, message: EvemuSyntax.eventProblem(line.bytes))
            case .description:
                throw TraceError(
                    .malformed, path: path, line: line.number,
                    message: "expected an event line (E:): the description lines come before the events, and a file holds one device")
            case .unknown:
                throw TraceError(
                    .malformed, path: path, line: line.number,
                    message: "expected an event line (E:) or a # comment, found '\(EvemuSyntax.text(line.bytes))'")
            }
        }
        finished = true
        return nil
    }

    /// The kind of a line, after checking for NUL bytes and lines too long for the buffer.
    private static func classify(_ line: LineReader.Line, path: String) throws(TraceError) -> EvemuSyntax.LineKind {
        if let nul = EvemuSyntax.nulIndex(in: line.bytes) {
            throw TraceError(.malformed, path: path, line: line.number, message: "unexpected NUL byte in column \(nul + 1): expected a text evemu file")
        }
        let kind = EvemuSyntax.kind(of: line.bytes)
        if case .overlong = line.ending, kind != .comment {
            throw TraceError(.malformed, path: path, line: line.number, message: "expected a line of at most \(line.bytes.count) bytes, found a longer one")
        }
        return kind
    }
}
