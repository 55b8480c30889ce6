#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Hands out a file's lines one at a time through one fixed buffer, never holding the whole file.
///
/// Lines of text (`LineEnds.text`, the traces) end with a line feed (LF), CR LF, or a carriage return (CR) alone,
/// as YAML has them, and a UTF-8 byte order mark at the start of the file is skipped; lines of an output
/// (`LineEnds.lineFeeds`, an expected file) end with an LF alone, and every other byte is the line's. The line end
/// is not part of the line. A line is
/// handed out as a pointer into the buffer, valid until the next call; no line is copied.
///
/// A line longer than `lineLimit` bytes is handed out `isOverlong`, as its beginning only, at once: its rest is
/// skipped, to its end, only when another line is asked for (so that an endless line, `/dev/zero` given as a
/// trace, is refused as soon as it is known to be too long, where reading to its end never ended), or handed on
/// in pieces by `readRestOfOverlongLine(_:)` (an expected line compared byte for byte, whatever its length). Work and
/// memory are bounded by the file's size and the buffer's: each byte is looked at a bounded number of times,
/// whatever the line ends.
///
/// The buffer is searched for line feeds, carriage returns and NUL bytes by `memchr`, each search going on
/// from where the last one stopped (`ByteSearch`): in a file without carriage returns or NUL bytes, one
/// search of each per refill of the buffer says so for all its lines.
///
/// A reader of a format can also read lines straight from the buffer (`unreadLines`, then
/// `consumeLines(through:count:)`): evemu's plain event lines are read so, many at a time, without a call here
/// per line.
package final class LineReader {
    /// What ends a line.
    package enum LineEnds: Equatable, Sendable {
        /// LF, CR LF or CR alone, and a byte order mark at the start skipped: text, as YAML and evemu have it.
        case text
        /// LF alone, and nothing skipped: the lines that `gestures replay` writes, compared byte for byte.
        case lineFeeds
    }

    package enum Ending: Equatable {
        /// The line ended with a line end (LF, CR LF or CR), removed.
        case lineEnd
        /// The file ended in the middle of the line.
        case endOfFile
        /// An overlong line's: its rest is not read yet (it is skipped if another line is asked for).
        case notRead
    }

    package struct Line {
        /// The line without its line end; for an overlong line, only its beginning.
        package var bytes: UnsafeBufferPointer<UInt8>
        package var ending: Ending
        /// 1-based.
        package var number: Int
        /// True when the line is longer than the reader's `lineLimit`: `bytes` is its beginning.
        package var isOverlong: Bool
        /// The 1-based column of the first NUL byte in `bytes`, if any: no text file has one.
        package var nulColumn: Int?
    }

    /// The search for one byte value in the buffer, remembered so that no byte is searched twice: when
    /// `found`, the first `byte` at or after the last search's start is at `index`; else the bytes from
    /// that start up to `index` hold none.
    struct ByteSearch {
        let byte: UInt8
        var index = 0
        var found = false

        init(_ byte: UInt8) { self.byte = byte }

        /// The index of the first `byte` in `buffer[from..<end]`, if any. `from` never goes back, except
        /// by `moved(by:)` or `restart(at:)`.
        @inline(__always)
        mutating func first(in buffer: UnsafeMutablePointer<UInt8>, from: Int, end: Int) -> Int? {
            if found && index < from {
                found = false
                index = from
            }
            if !found {
                let searchFrom = max(from, index)
                if searchFrom < end, let hit = memchr(buffer + searchFrom, Int32(byte), end - searchFrom) {
                    index = buffer.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    found = true
                } else {
                    index = end
                }
            }
            return found && index < end ? index : nil
        }

        /// After the buffer's bytes from `offset` on moved to its front.
        mutating func moved(by offset: Int) {
            if found && index >= offset {
                index -= offset
            } else {
                found = false
                index = max(0, index - offset)
            }
        }

        /// After new bytes were read from `index` on, replacing what was there.
        mutating func restart(at index: Int) {
            found = false
            self.index = index
        }
    }

    /// The longest line of a trace, in either format (SPEC "Input files").
    package static let defaultLineLimit = 1 << 20
    /// How much of an overlong line is kept, for its kind and for messages.
    private static let overlongPrefix = 4096

    package let path: FilePath
    /// The longest line handed out whole, line end excluded.
    package let lineLimit: Int
    /// The file's size in bytes when it is a regular file (nil for a pipe or a device), as opened.
    package let regularFileSize: Int?
    package let lineEnds: LineEnds
    /// Why the last read failed, when one did (the error `next()` threw says it in words).
    package private(set) var readFailure: Errno?
    private let fd: Int32
    /// `lineLimit` + 1 bytes: a line of `lineLimit` bytes and the first byte of its line end fit.
    private let capacity: Int
    /// `capacity` bytes, and one more for the sentinel: `buffer[end]` is always 0 (`unreadLines`); then
    /// `readAheadSlack` bytes more, zeros.
    private let buffer: UnsafeMutablePointer<UInt8>
    /// Bytes past the sentinel that a scan of the unread bytes may read (never use): a scanner that stops at the
    /// sentinel (or at a line end) can load a few bytes at once without checking where they end
    /// (`EvemuSyntax.plainEventLine`).
    package static let readAheadSlack = 8
    /// The unread bytes are `buffer[start..<end]`.
    private var start = 0
    private var end = 0
    private var atEndOfFile = false
    private var lineNumber = 0
    /// True until the beginning of the file has been checked for a byte order mark (`.text`).
    private var atStartOfFile: Bool
    /// True after a line that ended with a CR: an LF right after it belongs to the same line end.
    private var afterCarriageReturn = false
    /// True after an overlong line was handed out: its rest is skipped before the next line.
    private var restOfOverlongLineUnread = false
    /// The searches of the unread bytes, so that no byte is searched twice: a file of CR line ends would
    /// otherwise be searched for an LF to the buffer's end for every line. Unchecked exclusivity: each
    /// search is changed by a call to its own `mutating` method, which touches nothing else of the reader,
    /// and the run-time checks of those accesses cost more than the rest of a line's reading.
    @exclusivity(unchecked) private var lineFeeds = ByteSearch(LineReader.lineFeed)
    @exclusivity(unchecked) private var carriageReturns = ByteSearch(LineReader.carriageReturn)
    @exclusivity(unchecked) private var nulBytes = ByteSearch(0)

    private static let lineFeed: UInt8 = 0x0A
    private static let carriageReturn: UInt8 = 0x0D

    /// - Parameter lineLimit: at least 3, the length of a byte order mark (small limits are for tests).
    package convenience init(path: FilePath, lineLimit: Int = LineReader.defaultLineLimit, lineEnds: LineEnds = .text) throws(FileError) {
        self.init(descriptor: try path.openForReading(), path: path, lineLimit: lineLimit, lineEnds: lineEnds)
    }

    /// A reader of the file open at `fd`, which it closes when it goes; `path` is for messages.
    package init(descriptor fd: Int32, path: FilePath, lineLimit: Int = LineReader.defaultLineLimit, lineEnds: LineEnds = .text) {
        precondition(lineLimit >= 3, "a line limit of at least 3 bytes")
        self.path = path
        self.lineLimit = lineLimit
        self.capacity = lineLimit + 1
        self.lineEnds = lineEnds
        self.atStartOfFile = lineEnds == .text
        if case .success(let status) = fileStatus(descriptor: fd), status.isRegularFile {
            self.regularFileSize = Int(status.st_size)
        } else {
            self.regularFileSize = nil
        }
        self.fd = fd
        self.buffer = .allocate(capacity: capacity + 1 + Self.readAheadSlack)
        buffer.initialize(repeating: 0, count: capacity + 1 + Self.readAheadSlack)
    }

    deinit {
        _ = closeDescriptor(fd)
        buffer.deallocate()
    }

    /// The number of the last line handed out (0 before the first).
    package var lastLineNumber: Int { lineNumber }

    /// The message for an overlong line: what was expected.
    package var overlongMessage: String {
        "expected a line of at most \(lineLimit) bytes (\(FileError.sizeInWords(lineLimit))), found a longer one"
    }

    /// The unread bytes, for a caller that reads whole lines straight from the buffer; nil while the next line
    /// cannot be read so: at the start of the file (a byte order mark may come first), and after a CR (an LF
    /// right after it is part of its line end). A 0 byte follows the unread bytes in memory, at `end`, so a
    /// scan that stops at a 0 needs no bounds check; `next()` reads what such a caller leaves.
    ///
    /// Only a line that ends with an LF before `end` may be taken (then `consumeLines`): a line without its
    /// line end yet may go on in bytes not read, and one that ends with a CR may have an LF to skip.
    package var unreadLines: (start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>)? {
        guard !atStartOfFile && !afterCarriageReturn && !restOfOverlongLineUnread else { return nil }
        return (UnsafePointer(buffer + start), UnsafePointer(buffer + end))
    }

    /// Moves past `count` lines taken from `unreadLines`, the last one ending with the LF at `lineFeed`.
    /// The searches (`ByteSearch`) go on from the new start as they do after `next()`.
    package func consumeLines(through lineFeed: UnsafePointer<UInt8>, count: Int) {
        assert(lineFeed.pointee == Self.lineFeed && lineFeed >= UnsafePointer(buffer + start) && lineFeed < UnsafePointer(buffer + end),
               "an LF of the unread bytes")
        start = UnsafePointer(buffer).distance(to: lineFeed) + 1
        lineNumber += count
    }

    /// The next line, or nil at the end of the file.
    package func next() throws(FileError) -> Line? {
        if restOfOverlongLineUnread { try skipRestOfOverlongLine() }
        while true {
            // What must be known before a line can begin: the byte order mark, the LF of a CR LF.
            if atStartOfFile || afterCarriageReturn {
                if end - start < (atStartOfFile ? 3 : 1) && !atEndOfFile {
                    try fill()
                    continue
                }
                if atStartOfFile {
                    atStartOfFile = false
                    if end - start >= 3 && buffer[start] == 0xEF && buffer[start + 1] == 0xBB && buffer[start + 2] == 0xBF {
                        start += 3
                    }
                } else {
                    afterCarriageReturn = false
                    if start < end && buffer[start] == Self.lineFeed { start += 1 }
                }
            }
            if let lineEnd = firstLineEnd(from: start) {
                let line = Line(bytes: UnsafeBufferPointer(start: buffer + start, count: lineEnd - start),
                                ending: .lineEnd, number: lineNumber + 1, isOverlong: false, nulColumn: nulColumn(before: lineEnd))
                lineNumber += 1
                consumeLineEnd(at: lineEnd)
                return line
            }
            if end - start == capacity {
                return overlongLine()
            }
            if atEndOfFile {
                guard start < end else { return nil }
                let line = Line(bytes: UnsafeBufferPointer(start: buffer + start, count: end - start),
                                ending: .endOfFile, number: lineNumber + 1, isOverlong: false, nulColumn: nulColumn(before: end))
                lineNumber += 1
                start = end
                return line
            }
            try fill()
        }
    }

    /// The index of the first line end (LF or CR) in `buffer[from..<end]`, if any.
    @inline(__always)
    private func firstLineEnd(from: Int) -> Int? {
        let lineFeed = lineFeeds.first(in: buffer, from: from, end: end)
        if lineEnds == .lineFeeds { return lineFeed }
        if let carriageReturn = carriageReturns.first(in: buffer, from: from, end: end), carriageReturn < lineFeed ?? end {
            return carriageReturn
        }
        return lineFeed
    }

    /// The 1-based column of the first NUL byte in `buffer[start..<lineEnd]`, the line about to be handed out.
    @inline(__always)
    private func nulColumn(before lineEnd: Int) -> Int? {
        guard let nul = nulBytes.first(in: buffer, from: start, end: end), nul < lineEnd else { return nil }
        return nul - start + 1
    }

    /// Moves past the line end at `index`.
    private func consumeLineEnd(at index: Int) {
        start = index + 1
        afterCarriageReturn = lineEnds == .text && buffer[index] == Self.carriageReturn
    }

    /// Reads more bytes after the unread ones, first moving them to the front of the buffer.
    private func fill() throws(FileError) {
        if start > 0 {
            if start < end { memmove(buffer, buffer + start, end - start) }
            end -= start
            lineFeeds.moved(by: start)
            carriageReturns.moved(by: start)
            nulBytes.moved(by: start)
            start = 0
        }
        try readMore()
    }

    /// Reads more bytes into `buffer[end...]`, which has room; sets `atEndOfFile` at the end.
    private func readMore() throws(FileError) {
        precondition(end < capacity, "no room to read into")
        buffer[end] = 0  // the sentinel of `unreadLines`, also when the read fails (`end` may have moved back)
        switch readDescriptor(fd, into: buffer + end, count: capacity - end) {
        case .success(let count):
            if count == 0 { atEndOfFile = true } else { end += count }
            buffer[end] = 0
        case .failure(let error):
            readFailure = error
            throw FileError(.io, path: path.description, line: lineNumber + 1, message: "cannot read: \(error)")
        }
    }

    /// How much of an overlong line's beginning is handed out.
    private var overlongKept: Int { min(Self.overlongPrefix, capacity / 2) }

    /// A line that fills the whole buffer with no line end (its beginning is at the front of the buffer): handed
    /// out as its beginning, its rest not read (`restOfOverlongLineUnread`).
    private func overlongLine() -> Line {
        lineNumber += 1
        restOfOverlongLineUnread = true
        let kept = overlongKept
        let nul = memchr(buffer, 0, kept).map { buffer.distance(to: $0.assumingMemoryBound(to: UInt8.self)) + 1 }
        return Line(bytes: UnsafeBufferPointer(start: buffer, count: kept), ending: .notRead, number: lineNumber, isOverlong: true,
                    nulColumn: nul)
    }

    /// Reads the rest of the overlong line handed out last, after the beginning `next()` handed out, up to the line's
    /// end (or the file's), handing it to `piece` a buffer at a time (each valid only during its call); how the line
    /// ended. Then `next()` goes on with the line after it.
    package func readRestOfOverlongLine(_ piece: (UnsafeBufferPointer<UInt8>) -> Void) throws(FileError) -> Ending {
        precondition(restOfOverlongLineUnread, "an overlong line handed out last")
        restOfOverlongLineUnread = false
        let kept = overlongKept
        // The bytes read with the line's beginning, after what was handed out.
        piece(UnsafeBufferPointer(start: buffer + kept, count: end - kept))
        while !atEndOfFile {
            start = kept
            end = kept
            lineFeeds.restart(at: kept)
            carriageReturns.restart(at: kept)
            nulBytes.restart(at: kept)
            try readMore()
            if let lineEnd = firstLineEnd(from: start) {
                piece(UnsafeBufferPointer(start: buffer + start, count: lineEnd - start))
                consumeLineEnd(at: lineEnd)
                return .lineEnd
            }
            piece(UnsafeBufferPointer(start: buffer + start, count: end - start))
        }
        start = end
        return .endOfFile
    }

    /// Reads the rest of the overlong line handed out last, behind its beginning, and drops it up to the line's end
    /// (or the file's).
    private func skipRestOfOverlongLine() throws(FileError) {
        _ = try readRestOfOverlongLine { _ in }
    }
}
