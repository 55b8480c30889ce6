import GestureCore
import GestureFormat
import SystemCalls
import TracePlayback

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
    /// The lines not written yet: the first `count` bytes of `storage`, the writer's own memory, into whose
    /// spare room the formatter writes each line (`EventFormatter.writeLine(_:into:reusing:)`: an array's
    /// reservation a line cost about 80 instructions). Without run-time exclusivity checks (one per line and
    /// several per flush, about 100 instructions each): only the writer's own methods touch them, and nothing
    /// they call (the formatter, `write(2)`, the consumer) can reach the writer.
    @exclusivity(unchecked) private var storage: UnsafeMutableBufferPointer<UInt8>
    @exclusivity(unchecked) private var count = 0
    /// The beginning of the last line formatted, reused by the next line when it is the same (same time and
    /// target); unchecked as `storage` is.
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
        storage = .allocate(capacity: threshold + Self.roomForALine)
    }

    /// Hands the lines to `consumer`, whole lines at a time (`gestures check` compares them as they come).
    package init(buffering: Buffering = .block, consumer: @escaping (UnsafeRawBufferPointer) -> Bool) {
        self.destination = .consumer(consumer)
        self.threshold = Self.threshold(buffering)
        storage = .allocate(capacity: threshold + Self.roomForALine)
    }

    /// Room past the threshold for the line that crosses it: the formatter claims up to 2 KiB for a line's
    /// fields (`EventFormatter.writeLine(_:into:reusing:)`), and a claim that does not fit makes the storage grow.
    private static let roomForALine = 4096

    private static func threshold(_ buffering: Buffering) -> Int {
        switch buffering {
        case .line: 0
        case .block: 1 << 16
        }
    }

    /// The storage after the lines buffered.
    private var spare: UnsafeMutableBufferPointer<UInt8> {
        UnsafeMutableBufferPointer(rebasing: storage[count...])
    }

    package func write(line: String) {
        var line = line
        line.withUTF8 { bytes in
            while spare.count <= bytes.count { makeRoom() }
            spare.baseAddress!.initialize(from: bytes.baseAddress!, count: bytes.count)
            spare[bytes.count] = UInt8(ascii: "\n")
            count += bytes.count + 1
        }
        if count > threshold { flush() }
    }

    /// Formats `event` straight into the storage, as one line. Inlined into the caller's loop (a call of its
    /// own cost 46 instructions a line: callgrind, the benchmark trace).
    @inline(__always)
    package func write(_ event: GestureEvent, with formatter: EventFormatter) {
        if let written = formatter.writeLine(event, into: spare, reusing: &lineStart) {
            count += written
        } else {
            writeMakingRoom(event, with: formatter)
        }
        if count > threshold { flush() }
    }

    /// Formats `events` straight into the storage, a line each, in one loop (`EventFormatter.writeLines`): a
    /// batch of events as the pipeline returns them (`gestures replay`).
    @inline(__always)
    package func write(_ events: [GestureEvent], with formatter: EventFormatter) {
        var next = 0
        while next < events.count {
            let written = formatter.writeLines(events, from: next, into: spare, reusing: &lineStart)
            count += written.count
            next += written.lines
            if next < events.count { makeRoom() }
        }
        if count > threshold { flush() }
    }

    /// `write(_:with:)` of a line longer than the room left (the formatter's claims are 2 KiB at most): room is
    /// made until it fits.
    private func writeMakingRoom(_ event: GestureEvent, with formatter: EventFormatter) {
        while true {
            makeRoom()
            if let written = formatter.writeLine(event, into: spare, reusing: &lineStart) {
                count += written
                return
            }
        }
    }

    /// More room for a line that does not fit what is left, by every writer alike: the buffered lines go, or, with
    /// none buffered (a line longer than the whole storage), the storage grows.
    private func makeRoom() {
        if count > 0 { flush() } else { grow() }
    }

    /// Doubles the storage, keeping the lines buffered.
    private func grow() {
        let larger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: storage.count * 2)
        _ = larger.initialize(fromContentsOf: storage[..<count])
        storage.deallocate()
        storage = larger
    }

    /// Writes what is buffered. After a failed write (a closed pipe) the rest is dropped.
    package func flush() {
        guard count > 0, !writeFailed else {
            count = 0
            return
        }
        let lines = UnsafeRawBufferPointer(start: storage.baseAddress, count: count)
        switch destination {
        case .descriptor(let descriptor):
            if case .failure = writeAll(descriptor, lines) { writeFailed = true }
        case .consumer(let consumer):
            if !consumer(lines) { writeFailed = true }
        }
        count = 0
    }

    deinit {
        flush()
        storage.deallocate()
    }
}
