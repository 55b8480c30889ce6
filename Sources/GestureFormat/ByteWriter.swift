/// Writes bytes into room reserved beforehand (the spare capacity of an array, see `appendWritten`): each
/// append is a bounds check and a copy, where an `[UInt8]` append also checks that the array is uniquely
/// referenced and may grow it, byte by byte.
///
/// What does not fit is not written, and `overflowed` says so: the caller then writes the whole thing
/// again into more room. So a line has no length limit, and the usual line costs one reservation.
struct ByteWriter {
    private let start: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    /// The bytes written, from `start`.
    private(set) var count = 0
    /// Something did not fit: what was written is incomplete.
    private(set) var overflowed = false

    init(_ room: UnsafeMutableBufferPointer<UInt8>) {
        start = room.baseAddress ?? UnsafeMutablePointer(bitPattern: 1)!
        capacity = room.count
    }

    /// The next `length` bytes of the room, counted as written (the caller fills them), or nil when they
    /// do not fit.
    @inline(__always)
    mutating func claim(_ length: Int) -> UnsafeMutablePointer<UInt8>? {
        guard length <= capacity &- count else {
            overflowed = true
            return nil
        }
        defer { count &+= length }
        return start + count
    }

    /// The bytes written after the first `count`.
    func written(from count: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: start + count, count: self.count - count)
    }

    /// Forgets what was written after the first `count` bytes.
    mutating func truncate(to count: Int) {
        self.count = count
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        claim(1)?.initialize(to: byte)
    }

    /// A constant fragment (`,"x":`, `{"start":`), copied at once.
    @inline(__always)
    mutating func append(_ fragment: StaticString) {
        let length = fragment.utf8CodeUnitCount
        claim(length)?.initialize(from: fragment.utf8Start, count: length)
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        claim(bytes.count)?.initialize(from: base, count: bytes.count)
    }

    /// `text`'s UTF-8 bytes as they are (no escaping).
    mutating func append(utf8 text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ append($0) }) == nil {
            for byte in text.utf8 { append(byte) }
        }
    }
}

extension Array where Element == UInt8 {
    /// Appends what `write` writes, straight into the array's spare capacity: at least `room` bytes of it,
    /// four times more each time that what `write` writes does not fit (it is then written again).
    @inline(__always)
    mutating func appendWritten(room: Int = 256, _ write: (inout ByteWriter) -> Void) {
        var room = Swift.max(room, capacity - count)
        while true {
            var fitted = false
            append(addingCapacity: room) { span in
                span.withUnsafeMutableBufferPointer { buffer, initializedCount in
                    var writer = ByteWriter(buffer)
                    write(&writer)
                    if !writer.overflowed {
                        initializedCount = writer.count
                        fitted = true
                    }
                }
            }
            if fitted { return }
            room *= 4
        }
    }
}
