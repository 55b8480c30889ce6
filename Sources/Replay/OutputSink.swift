import EvdevModel
import GestureCore
import GestureFormat
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole lines to a file descriptor, through a buffer: a line is never written in part, and nothing
/// is lost at the end (`flush()`), so output cut short by an error still ends on a complete line.
package final class LineWriter {
    /// When the buffered lines are written.
    package enum Buffering: Equatable {
        /// Each line as soon as it is complete: for a person watching a terminal, and for `gestures check`'s
        /// report between its progress bars.
        case line
        /// When 64 KiB are buffered, and at each `flush()`: a replay writes in 64 KiB blocks, and a live loop,
        /// which flushes once per wake-up, writes all the lines of a wake-up in one `write(2)`.
        case block

        /// `.line` when `descriptor` is a terminal, else `.block` (SPEC "Command line": live output).
        package static func live(descriptor: Int32) -> Buffering {
            isatty(descriptor) == 1 ? .line : .block
        }
    }

    /// Where the lines go.
    private enum Destination {
        case descriptor(Int32)
        /// A function handed each flushed run of whole lines; it returns false when it failed.
        case consumer((UnsafeRawBufferPointer) -> Bool)
    }

    private let destination: Destination
    /// The lines not written yet. Without run-time exclusivity checks (one per line and several per flush,
    /// about 100 instructions each): only the writer's own methods touch it, and nothing they call (the
    /// formatter, `write(2)`, the consumer) can reach the writer.
    @exclusivity(unchecked) private var buffer: [UInt8] = []
    /// The beginning of the last line formatted, reused by the next line when it is the same (same time and
    /// target); unchecked as `buffer` is.
    @exclusivity(unchecked) private var lineStart = EventFormatter.LineStart()
    /// Bytes kept before a write: 0 for `.line`.
    private let threshold: Int
    /// A write failed (a closed pipe): the rest is dropped.
    package var failed: Bool { writeFailed }
    /// `failed`, stored privately: the compiler then sees every access, and checks none at run time.
    private var writeFailed = false

    package init(descriptor: Int32, buffering: Buffering = .block) {
        self.destination = .descriptor(descriptor)
        self.threshold = Self.threshold(buffering)
        buffer.reserveCapacity(threshold + Self.roomForALine)
    }

    /// Hands the lines to `consumer`, whole lines at a time (`gestures check` compares them as they come).
    package init(buffering: Buffering = .block, consumer: @escaping (UnsafeRawBufferPointer) -> Bool) {
        self.destination = .consumer(consumer)
        self.threshold = Self.threshold(buffering)
        buffer.reserveCapacity(threshold + Self.roomForALine)
    }

    /// Room past the threshold for the line that crosses it: the formatter claims up to 2 KiB for a line's fields
    /// (`Array.appendWritten`), and a claim that does not fit would make the buffer grow.
    private static let roomForALine = 4096

    private static func threshold(_ buffering: Buffering) -> Int {
        switch buffering {
        case .line: 0
        case .block: 1 << 16
        }
    }

    package func write(line: String) {
        buffer.append(contentsOf: line.utf8)
        buffer.append(UInt8(ascii: "\n"))
        if buffer.count > threshold { flush() }
    }

    /// Formats `event` straight into the buffer, as one line.
    package func write(_ event: GestureEvent, with formatter: EventFormatter) {
        formatter.appendLine(event, to: &buffer, reusing: &lineStart)
        if buffer.count > threshold { flush() }
    }

    /// Writes what is buffered. After a failed write (a closed pipe) the rest is dropped.
    package func flush() {
        guard !buffer.isEmpty, !writeFailed else {
            buffer.removeAll(keepingCapacity: true)
            return
        }
        switch destination {
        case .descriptor(let descriptor):
            var offset = 0
            while offset < buffer.count {
                let written = buffer.withUnsafeBytes { bytes in
                    Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                }
                if written < 0 {
                    if errno == EINTR { continue }
                    writeFailed = true
                    break
                }
                offset += written
            }
        case .consumer(let consumer):
            if !buffer.withUnsafeBytes(consumer) { writeFailed = true }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    deinit { flush() }
}

/// Messages for people, on standard error.
package enum Diagnostics {
    /// Says `message` unless a message with the same `key` was said before in this run ("says so once").
    package static func warnOnce(key: String, _ message: String) {
        guard onceKeys.withLock({ $0.insert(key).inserted }) else { return }
        warn(message)
    }

    private static let onceKeys = Mutex<Set<String>>([])

    /// SPEC's resolution-0 fallback, said once per run.
    package static func warnResolutionAssumed(for path: String) {
        warnOnce(key: "resolution assumed",
                 "the device of \(path) reports no resolution and no size was given (--size WxH or the layout's "
                 + "surface): assuming the wider axis spans \(Numbers.decimal(SurfaceMapping.assumedWidth)) mm")
    }

    package static func warn(_ message: String) {
        let line = "gestures: warning: " + message + "\n"
        _ = line.withCString { Glibc.write(2, $0, strlen($0)) }
    }

    package static func error(_ message: String) {
        let line = "gestures: " + message + "\n"
        _ = line.withCString { Glibc.write(2, $0, strlen($0)) }
    }
}
