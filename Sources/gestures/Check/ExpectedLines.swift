import GestureFormat
import Synchronization
import SystemCalls
import TraceFormats
import TracePlayback

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

/// Reads an expected file a line at a time (without the newline) through the package's one `LineReader`, whose
/// fixed buffer holds any line's beginning and hands on the rest of a longer one in pieces: an expected file
/// linked to a large file, or made of one line of 64 MB, is read in bounded memory. Lines end with a newline
/// alone (`LineReader.LineEnds.lineFeeds`): a CR or a byte order mark is the line's, as it would be in an output.
final class ExpectedLines {
    private let lines: LineReader
    /// The file's last line had no newline (its output would have had one).
    private(set) var lastLineUnterminated = false

    /// Why reading failed part-way: the lines up to there were read, and the reader ended.
    private(set) var readError: Errno?

    /// The longest line read whole into the buffer; the rest of a longer one comes in pieces.
    private static let bufferedLine = (1 << 16) - 1

    private init(lines: LineReader) {
        self.lines = lines
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
        return ExpectedLines(lines: LineReader(descriptor: descriptor, path: path, lineLimit: bufferedLine, lineEnds: .lineFeeds))
    }

    /// The next line, or nil at the end (a last line without its newline still counts, and is noted) or after a
    /// read that failed (`readError`); with `actual`, also whether the line is byte for byte `actual`.
    func next(comparingWith actual: [UInt8]? = nil) -> (line: CheckedLine, equal: Bool)? {
        guard readError == nil else { return nil }
        var line = CheckedLine()
        var equal = actual != nil
        func add(_ piece: UnsafeBufferPointer<UInt8>) {
            if equal, let actual {
                equal = line.length + piece.count <= actual.count
                    && actual[line.length..<(line.length + piece.count)].elementsEqual(piece)
            }
            line.add(piece)
        }
        do {
            guard let read = try lines.next() else { return nil }
            add(read.bytes)
            let ending = read.isOverlong ? try lines.readRestOfOverlongLine(add) : read.ending
            if ending == .endOfFile { lastLineUnterminated = true }
        } catch {
            readError = lines.readFailure ?? Errno(rawValue: EIO)
            return nil
        }
        return (line, equal && line.length == actual?.count)
    }
}
