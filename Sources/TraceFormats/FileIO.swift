#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The text of the C library's message for `errno`.
func errorText(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
}

/// `close(2)`, under a name that methods called `close` do not shadow.
func closeDescriptor(_ fd: Int32) -> Int32 { close(fd) }

/// `write(2)`, under a name that methods called `write` do not shadow.
func writeDescriptor(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(fd, bytes, count) }

/// Opens `path` for reading; a directory or a missing file is `unreadable`.
func openForReading(_ path: String) throws(TraceError) -> Int32 {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
        throw TraceError(.unreadable, path: path, message: "cannot open: \(errorText(errno))")
    }
    var status = stat()
    if fstat(fd, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR {
        close(fd)
        throw TraceError(.unreadable, path: path, message: "cannot read: it is a directory")
    }
    return fd
}

/// Whether a regular file (or anything that is not a directory) exists at `path`.
func fileExists(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) != S_IFDIR
}

/// Reads a whole file into memory (for formats that need the whole document).
func readWholeFile(_ path: String) throws(TraceError) -> [UInt8] {
    let fd = try openForReading(path)
    defer { close(fd) }
    var bytes: [UInt8] = []
    let chunk = 1 << 16
    while true {
        let old = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: chunk))
        let count = bytes.withUnsafeMutableBytes { buffer in
            read(fd, buffer.baseAddress! + old, chunk)
        }
        if count < 0 {
            if errno == EINTR {
                bytes.removeLast(chunk)
                continue
            }
            throw TraceError(.io, path: path, message: "cannot read: \(errorText(errno))")
        }
        bytes.removeLast(chunk - count)
        if count == 0 { return bytes }
    }
}

/// Hands out a file's lines one at a time through one fixed buffer, never holding the whole file.
///
/// A line is handed out as a pointer into the buffer, valid until the next call; no line is copied. A line
/// longer than the buffer is handed out cut to the buffer's size (`overlong`), and the rest of it skipped.
final class LineReader {
    enum Ending {
        /// The line ended with a newline (removed, with a `\r` before it).
        case newline
        /// The file ended in the middle of the line.
        case endOfFile
        /// The line did not fit in the buffer: this is its beginning; the rest is skipped.
        case overlong
    }

    struct Line {
        var bytes: UnsafeBufferPointer<UInt8>
        var ending: Ending
        /// 1-based.
        var number: Int
    }

    static let defaultCapacity = 1 << 16

    let path: String
    let capacity: Int
    /// The file's size in bytes when it is a regular file (nil for a pipe or a device), as opened.
    let regularFileSize: Int?
    private let fd: Int32
    private let buffer: UnsafeMutablePointer<UInt8>
    /// The unread bytes are `buffer[start..<end]`.
    private var start = 0
    private var end = 0
    private var atEndOfFile = false
    /// True while skipping the rest of an overlong line.
    private var skipping = false
    private var lineNumber = 0

    init(path: String, capacity: Int = LineReader.defaultCapacity) throws(TraceError) {
        self.path = path
        self.capacity = capacity
        let fd = try openForReading(path)
        var status = stat()
        self.regularFileSize = fstat(fd, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG ? Int(status.st_size) : nil
        self.fd = fd
        self.buffer = .allocate(capacity: capacity)
    }

    deinit {
        close(fd)
        buffer.deallocate()
    }

    /// The next line, or nil at the end of the file.
    func next() throws(TraceError) -> Line? {
        while true {
            if start < end, let newline = memchr(buffer + start, 0x0A, end - start) {
                let position = buffer.distance(to: newline.assumingMemoryBound(to: UInt8.self))
                let lineStart = start
                start = position + 1
                if skipping {
                    skipping = false
                    continue
                }
                lineNumber += 1
                var length = position - lineStart
                if length > 0 && buffer[lineStart + length - 1] == 0x0D { length -= 1 }
                return Line(bytes: UnsafeBufferPointer(start: buffer + lineStart, count: length), ending: .newline, number: lineNumber)
            }
            if atEndOfFile {
                guard start < end, !skipping else { return nil }
                let lineStart = start
                start = end
                lineNumber += 1
                var length = end - lineStart
                if buffer[lineStart + length - 1] == 0x0D { length -= 1 }
                return Line(bytes: UnsafeBufferPointer(start: buffer + lineStart, count: length), ending: .endOfFile, number: lineNumber)
            }
            if start > 0 {
                // Make room: move the beginning of the current line to the front.
                if start < end { memmove(buffer, buffer + start, end - start) }
                end -= start
                start = 0
            }
            if end == capacity {
                // No newline in a full buffer.
                start = end
                if skipping { continue }
                skipping = true
                lineNumber += 1
                return Line(bytes: UnsafeBufferPointer(start: buffer, count: capacity), ending: .overlong, number: lineNumber)
            }
            let count = read(fd, buffer + end, capacity - end)
            if count < 0 {
                if errno == EINTR { continue }
                throw TraceError(.io, path: path, line: lineNumber + 1, message: "cannot read: \(errorText(errno))")
            }
            if count == 0 {
                atEndOfFile = true
            } else {
                end += count
            }
        }
    }
}
