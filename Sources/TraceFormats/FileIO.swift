#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemCalls

/// `open(2)` of a path's bytes.
func openDescriptor(_ path: FilePath, flags: Int32, mode: mode_t = 0) -> Result<Int32, Errno> {
    path.withCString { openDescriptor($0, flags: flags, mode: mode) }
}

/// Opens `path` for reading without waiting on a FIFO (`openWithoutWaiting`: one with no writer reads as
/// empty); a directory or a missing file is `unreadable`.
func openForReading(_ path: FilePath) throws(TraceError) -> Int32 {
    let fd: Int32
    switch path.withCString({ openWithoutWaiting($0, flags: O_RDONLY | O_CLOEXEC) }) {
    case .success(let opened): fd = opened
    case .failure(let error): throw TraceError(.unreadable, path: path.description, message: "cannot open: \(error)")
    }
    if case .success(let status) = fileStatus(descriptor: fd), status.isDirectory {
        _ = closeDescriptor(fd)
        throw TraceError(.unreadable, path: path.description, message: "cannot read: it is a directory")
    }
    return fd
}

/// The first of `candidates` that exists, a file found beside a trace rather than named (its layout, its
/// description, its expected output); nil when none does. A directory is no candidate. Anything else that
/// is not a regular file (or a link to one) is refused, `unreadable`: a FIFO there would be read as empty,
/// or wait for a writer, and a device such as `/dev/zero` never ends. A candidate that cannot be reached (no
/// permission on its directory, a name too long) is refused too, not taken for a missing one.
package func sidecar(among candidates: [FilePath], what: String) throws(TraceError) -> FilePath? {
    for candidate in candidates {
        switch candidate.withCString({ fileStatus($0) }) {
        case .success(let status):
            if status.isDirectory { continue }
            guard status.isRegularFile else {
                throw TraceError(.unreadable, path: candidate,
                                 message: "cannot read \(what): it is \(status.kindInWords), not a regular file")
            }
            return candidate
        case .failure(let error):
            if error.rawValue == ENOENT || error.rawValue == ENOTDIR { continue }
            throw TraceError(.unreadable, path: candidate, message: "cannot read \(what): \(error)")
        }
    }
    return nil
}

/// What makes a file the same file, whatever the path to it (a link, `./`, a hard link): its device and inode.
package struct FileIdentity: Hashable, Sendable {
    private var device: UInt64
    private var inode: UInt64

    /// The identity of the file at `path`, a link followed; nil when there is none.
    package init?(_ path: FilePath) {
        guard case .success(let status) = path.withCString({ fileStatus($0) }) else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}

/// Writes `bytes` to the file at `path`, created or replaced as `FileReplacement` replaces it (a failure
/// leaves an existing file as it was): an `.io` error naming the file. A picture, for instance.
public func writeWholeFile(_ path: FilePath, _ bytes: [UInt8]) throws(TraceError) {
    let replacement = try FileReplacement(path)
    _ = bytes.withUnsafeBytes { replacement.write($0) }
    try replacement.commit()
}

/// A file written anew (a picture, an expected output), so that no failure destroys the file it replaces:
/// the bytes go into a temporary file beside it, which is renamed over it only once every byte is written
/// and the file closed; until then, and after any failure, the old file stays as it was (SPEC "Command
/// line"). A link is followed: the file it names is replaced, and the link kept (a link that names no file is
/// replaced itself, never followed to make one). A replaced file keeps its permissions, and one that may not be
/// written is not replaced. A path that names no regular file (a device such as `/dev/null`, a pipe), or names a
/// process's descriptor (`/dev/stdout`, `/dev/fd/N`, `/proc/…`: `namesADescriptor`), is written in place.
package final class FileReplacement {
    /// The file, as given (for messages).
    package let path: FilePath
    /// The file renamed over: `path`, or the file a link at `path` names.
    private let target: FilePath
    /// The temporary file beside `target` while it exists; nil when writing in place.
    private var temporary: FilePath?
    private var descriptor: Int32
    /// The first write that failed.
    private var writeError: Errno?

    /// Creates the temporary file (or opens `path` to write in place): `.io` when it cannot.
    package init(_ path: FilePath) throws(TraceError) {
        self.path = path
        let status = try? path.withCString({ fileStatus($0) }).get()
        let exists = status != nil
        let kind = (status?.st_mode ?? 0) & S_IFMT
        if exists && kind == S_IFDIR {
            throw TraceError(.io, path: path, message: "cannot create: \(Errno(rawValue: EISDIR))")
        }
        if path.bytes.isEmpty {
            throw TraceError(.io, path: path, message: "cannot create: \(Errno(rawValue: ENOENT))")
        }
        // A file that may not be written is not replaced, though its directory would let a rename replace it:
        // its write protection holds, as when files were written in place.
        if exists && kind == S_IFREG, case .failure(let error) = valueOrErrno({ path.withCString { access($0, W_OK) } }) {
            throw TraceError(.io, path: path, message: "cannot create: \(error)")
        }
        // A recording that a recorder is writing (`EvemuWriter` holds its lock) is not replaced under it.
        if exists && kind == S_IFREG && Self.isBeingRecorded(path) {
            throw TraceError(.io, path: path, message: "cannot replace: a recorder is writing it")
        }
        let inPlace = (exists && kind != S_IFREG) || FileReplacement.namesADescriptor(path)
        let opened: Result<Int32, Errno>
        if inPlace {
            target = path
            temporary = nil
            opened = path.withCString { openWithoutWaiting($0, flags: O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode: 0o644) }
        } else {
            let target = Self.resolvingLink(path)
            self.target = target
            // In the same directory (a rename within one file system), hidden, and with a short name of its
            // own, so that a name at the length limit still has a temporary file.
            let directory = target.bytes.lastIndex(of: UInt8(ascii: "/")).map { Array(target.bytes[...$0]) } ?? []
            let temporary = FilePath(bytes: directory + Array(".gestures.tmp-\(getpid())-\(UInt64.random(in: 0 ... .max))".utf8))
            opened = openDescriptor(temporary, flags: O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode: 0o644)
            self.temporary = (try? opened.get()) != nil ? temporary : nil
        }
        switch opened {
        case .success(let opened):
            descriptor = opened
            if !inPlace, let status { _ = fchmod(opened, status.st_mode & 0o7777) }
        case .failure(let error):
            descriptor = -1
            if inPlace && error.rawValue == ENXIO {
                throw TraceError(.io, path: path, message: "cannot open: it is a pipe (FIFO) that no process reads")
            }
            throw TraceError(.io, path: path, message: "cannot create: \(error)")
        }
    }

    deinit {
        abandon()
    }

    /// Whether a recorder holds the file at `path` (`EvemuWriter`'s exclusive lock).
    private static func isBeingRecorded(_ path: FilePath) -> Bool {
        guard case .success(let descriptor) = path.withCString({ openWithoutWaiting($0, flags: O_RDONLY | O_CLOEXEC) }) else {
            return false
        }
        defer { _ = closeDescriptor(descriptor) }
        if case .failure(let error) = lockWithoutWaiting(descriptor, exclusive: false) { return error.rawValue == EWOULDBLOCK }
        return false
    }

    /// Whether `path` names a file by a process's descriptor open on it (`/dev/stdout` is the file standard output
    /// was opened on: a file renamed over it would not be the one standard output writes): always written in place.
    /// Devices are written in place as any file that is not a regular one; a regular file elsewhere under `/dev/`
    /// (`/dev/shm/`) is replaced as any other (written in place, `check --update` emptied an expected file there
    /// before reading it, and wrote through a link that named no file).
    private static func namesADescriptor(_ path: FilePath) -> Bool {
        ["/dev/stdout", "/dev/stderr"].contains { path.bytes.elementsEqual($0.utf8) }
            || ["/dev/fd/", "/proc/"].contains { path.bytes.starts(with: $0.utf8) }
    }

    /// The file a link at `path` names, else `path`.
    private static func resolvingLink(_ path: FilePath) -> FilePath {
        guard case .success(let status) = path.withCString({ fileStatus($0, followingLinks: false) }), status.st_mode & S_IFMT == S_IFLNK,
              let resolved = path.withCString({ realpath($0, nil) }) else { return path }
        defer { free(resolved) }
        return FilePath(bytes: UnsafeBufferPointer(start: UnsafeRawPointer(resolved).assumingMemoryBound(to: UInt8.self),
                                                   count: strlen(resolved)))
    }

    /// Writes all of `bytes`, again after a partial write or an interruption; false once a write failed
    /// (the rest is not written, and `commit()` throws).
    @discardableResult
    package func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard writeError == nil, descriptor >= 0 else { return false }
        if case .failure(let error) = SystemCalls.writeAll(descriptor, bytes) { writeError = error }
        return writeError == nil
    }

    /// Closes the file and, when every write succeeded, renames it over the old one: `.io` otherwise, the
    /// old file left as it was and the temporary one removed.
    package func commit() throws(TraceError) {
        let closed = closeDescriptor(descriptor)
        descriptor = -1
        if let writeError { throw failed(writeError) }
        if case .failure(let error) = closed { throw failed(error) }
        guard let temporary else { return }
        if case .failure(let error) = valueOrErrno({ temporary.withCString { from in target.withCString { to in rename(from, to) } } }) {
            throw failed(error)
        }
        self.temporary = nil
    }

    /// Leaves the old file as it was, and removes the temporary one.
    package func abandon() {
        if descriptor >= 0 { _ = closeDescriptor(descriptor) }
        descriptor = -1
        if let temporary { _ = temporary.withCString { unlink($0) } }
        temporary = nil
    }

    private func failed(_ error: Errno) -> TraceError {
        abandon()
        return TraceError(.io, path: path, message: "cannot write: \(error)")
    }
}

/// Writes all of `bytes` to the open descriptor `fd` (standard output, say), again after a partial write
/// or an interruption; false when a write failed.
public func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    if case .failure = bytes.withUnsafeBytes({ SystemCalls.writeAll(fd, $0) }) { return false }
    return true
}

/// `limit` bytes in words: `16 MiB`, or `1000 bytes`.
func mebibytes(_ limit: Int) -> String {
    limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : "\(limit) bytes"
}

/// Reads a whole file into memory, for small files (a layout). A file of more than `limit` bytes is
/// `malformed`: it is not what it claims to be.
public func readWholeFile(_ path: FilePath, limit: Int) throws(TraceError) -> [UInt8] {
    let fd = try openForReading(path)
    defer { _ = closeDescriptor(fd) }
    var bytes: [UInt8] = []
    let chunk = 1 << 16
    while true {
        let old = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: chunk))
        let count: Int
        switch bytes.withUnsafeMutableBytes({ buffer in readDescriptor(fd, into: buffer.baseAddress! + old, count: chunk) }) {
        case .success(let read): count = read
        case .failure(let error): throw TraceError(.io, path: path.description, message: "cannot read: \(error)")
        }
        bytes.removeLast(chunk - count)
        if bytes.count > limit {
            throw TraceError(.malformed, path: path.description, message: "expected a file of at most \(mebibytes(limit)), found a larger one")
        }
        if count == 0 { return bytes }
    }
}

/// Hands out a file's lines one at a time through one fixed buffer, never holding the whole file.
///
/// Lines end with a line feed (LF), CR LF, or a carriage return (CR) alone, as YAML has them; the line
/// end is not part of the line. A UTF-8 byte order mark at the start of the file is skipped. A line is
/// handed out as a pointer into the buffer, valid until the next call; no line is copied.
///
/// A line longer than `lineLimit` bytes is handed out `isOverlong`, as its beginning only, at once: its rest is
/// skipped, to its end, only when another line is asked for (so that an endless line, `/dev/zero` given as a
/// trace, is refused as soon as it is known to be too long, where reading to its end never ended). Work and
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
final class LineReader {
    enum Ending: Equatable {
        /// The line ended with a line end (LF, CR LF or CR), removed.
        case lineEnd
        /// The file ended in the middle of the line.
        case endOfFile
        /// An overlong line's: its rest is not read yet (it is skipped if another line is asked for).
        case notRead
    }

    struct Line {
        /// The line without its line end; for an overlong line, only its beginning.
        var bytes: UnsafeBufferPointer<UInt8>
        var ending: Ending
        /// 1-based.
        var number: Int
        /// True when the line is longer than the reader's `lineLimit`: `bytes` is its beginning.
        var isOverlong: Bool
        /// The 1-based column of the first NUL byte in `bytes`, if any: no text file has one.
        var nulColumn: Int?
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
    static let defaultLineLimit = 1 << 20
    /// How much of an overlong line is kept, for its kind and for messages.
    private static let overlongPrefix = 4096

    let path: FilePath
    /// The longest line handed out whole, line end excluded.
    let lineLimit: Int
    /// The file's size in bytes when it is a regular file (nil for a pipe or a device), as opened.
    let regularFileSize: Int?
    private let fd: Int32
    /// `lineLimit` + 1 bytes: a line of `lineLimit` bytes and the first byte of its line end fit.
    private let capacity: Int
    /// `capacity` bytes, and one more for the sentinel: `buffer[end]` is always 0 (`unreadLines`); then
    /// `readAheadSlack` bytes more, zeros.
    private let buffer: UnsafeMutablePointer<UInt8>
    /// Bytes past the sentinel that a scan of the unread bytes may read (never use): a scanner that stops at the
    /// sentinel (or at a line end) can load a few bytes at once without checking where they end
    /// (`EvemuSyntax.plainEventLine`).
    static let readAheadSlack = 8
    /// The unread bytes are `buffer[start..<end]`.
    private var start = 0
    private var end = 0
    private var atEndOfFile = false
    private var lineNumber = 0
    /// True until the beginning of the file has been checked for a byte order mark.
    private var atStartOfFile = true
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
    init(path: FilePath, lineLimit: Int = LineReader.defaultLineLimit) throws(TraceError) {
        precondition(lineLimit >= 3, "a line limit of at least 3 bytes")
        self.path = path
        self.lineLimit = lineLimit
        self.capacity = lineLimit + 1
        let fd = try openForReading(path)
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
    var lastLineNumber: Int { lineNumber }

    /// The message for an overlong line: what was expected.
    var overlongMessage: String {
        "expected a line of at most \(lineLimit) bytes (\(mebibytes(lineLimit))), found a longer one"
    }

    /// The unread bytes, for a caller that reads whole lines straight from the buffer; nil while the next line
    /// cannot be read so: at the start of the file (a byte order mark may come first), and after a CR (an LF
    /// right after it is part of its line end). A 0 byte follows the unread bytes in memory, at `end`, so a
    /// scan that stops at a 0 needs no bounds check; `next()` reads what such a caller leaves.
    ///
    /// Only a line that ends with an LF before `end` may be taken (then `consumeLines`): a line without its
    /// line end yet may go on in bytes not read, and one that ends with a CR may have an LF to skip.
    var unreadLines: (start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>)? {
        guard !atStartOfFile && !afterCarriageReturn && !restOfOverlongLineUnread else { return nil }
        return (UnsafePointer(buffer + start), UnsafePointer(buffer + end))
    }

    /// Moves past `count` lines taken from `unreadLines`, the last one ending with the LF at `lineFeed`.
    /// The searches (`ByteSearch`) go on from the new start as they do after `next()`.
    func consumeLines(through lineFeed: UnsafePointer<UInt8>, count: Int) {
        assert(lineFeed.pointee == Self.lineFeed && lineFeed >= UnsafePointer(buffer + start) && lineFeed < UnsafePointer(buffer + end),
               "an LF of the unread bytes")
        start = UnsafePointer(buffer).distance(to: lineFeed) + 1
        lineNumber += count
    }

    /// The next line, or nil at the end of the file.
    func next() throws(TraceError) -> Line? {
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
        afterCarriageReturn = buffer[index] == Self.carriageReturn
    }

    /// Reads more bytes after the unread ones, first moving them to the front of the buffer.
    private func fill() throws(TraceError) {
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
    private func readMore() throws(TraceError) {
        precondition(end < capacity, "no room to read into")
        buffer[end] = 0  // the sentinel of `unreadLines`, also when the read fails (`end` may have moved back)
        switch readDescriptor(fd, into: buffer + end, count: capacity - end) {
        case .success(let count):
            if count == 0 { atEndOfFile = true } else { end += count }
            buffer[end] = 0
        case .failure(let error):
            throw TraceError(.io, path: path.description, line: lineNumber + 1, message: "cannot read: \(error)")
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

    /// Reads the rest of the overlong line handed out last, behind its beginning, and drops it up to the line's end
    /// (or the file's).
    private func skipRestOfOverlongLine() throws(TraceError) {
        restOfOverlongLineUnread = false
        let kept = overlongKept
        while !atEndOfFile {
            // Nothing after the beginning is needed: read on into the same room.
            start = kept
            end = kept
            lineFeeds.restart(at: kept)
            carriageReturns.restart(at: kept)
            nulBytes.restart(at: kept)
            try readMore()
            if let lineEnd = firstLineEnd(from: start) {
                consumeLineEnd(at: lineEnd)
                return
            }
        }
        start = end
    }
}
