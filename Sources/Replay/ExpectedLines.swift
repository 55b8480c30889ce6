import GestureFormat
import Synchronization
import SystemCalls
import TraceFormats

#if canImport(Glibc)
import Glibc
#endif

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
