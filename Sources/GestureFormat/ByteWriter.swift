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

extension ByteWriter {
    /// Claims room for the longest that `write` can write, lets it write there with no check of its own, and
    /// gives back what it did not use. Nothing is written when that much does not fit (`overflowed`).
    @inline(__always)
    mutating func withRoom(atMost length: Int, _ write: (inout Room) -> Void) {
        guard let start = claim(length) else { return }
        var room = Room(start: start, length: length)
        write(&room)
        count &-= length &- (room.position - start)
    }
}

/// Room claimed beforehand for the longest that a run of writes can be (`ByteWriter.withRoom`): each write
/// is a copy with one comparison, a precondition that it fits, so that a claim too short stops the program
/// rather than write past the buffer (it costs little more than an assertion that only debug builds check:
/// docs/performance.md). A JSON line's numbers and constants are written this way, with one claim for all of them.
struct Room {
    /// Where the next byte goes.
    private(set) var position: UnsafeMutablePointer<UInt8>
    /// The end of the claimed room, for the precondition.
    private let end: UnsafeMutablePointer<UInt8>

    init(start: UnsafeMutablePointer<UInt8>, length: Int) {
        position = start
        end = start + length
    }

    /// The next `length` bytes, counted as written (the caller fills them).
    @inline(__always)
    mutating func take(_ length: Int) -> UnsafeMutablePointer<UInt8> {
        precondition(length <= end - position, "the room claimed is too short")
        defer { position += length }
        return position
    }

    /// Gives back the last `length` bytes taken (written past, their room free again).
    @inline(__always)
    mutating func giveBack(_ length: Int) {
        position -= length
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        take(1).initialize(to: byte)
    }

    /// A constant fragment (`,"x":`), copied at once.
    @inline(__always)
    mutating func append(_ fragment: StaticString) {
        let length = fragment.utf8CodeUnitCount
        take(length).initialize(from: fragment.utf8Start, count: length)
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        take(bytes.count).initialize(from: base, count: bytes.count)
    }
}

extension ByteWriter {
    /// `value` with only `"`, `\` and control characters escaped, for a JSON string (and, so that a
    /// line stays one line, for the text format). Control characters are Unicode's (category Cc: C0,
    /// DEL and C1), written `\n`, `\r`, `\t` or `\u00XX`.
    mutating func appendEscaped(_ value: String) {
        // Most strings (names, types, phases) need no escape: their bytes go as they are.
        let copied = value.utf8.withContiguousStorageIfAvailable { bytes in
            let start = count
            guard let copy = claim(bytes.count) else { return true }  // overflowed: the line is written again
            let escapes = Self.escapes.utf8Start
            var found = UInt8(ascii: "0")
            for (index, byte) in bytes.enumerated() {  // copied as they are looked at, with no branch per byte
                copy[index] = byte
                found |= escapes[Int(byte)]
            }
            if found == UInt8(ascii: "0") { return true }
            truncate(to: start)
            return false
        }
        if copied == true { return }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": append(#"\""#)
            case "\\": append(#"\\"#)
            case "\n": append(#"\n"#)
            case "\r": append(#"\r"#)
            case "\t": append(#"\t"#)
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    append(#"\u00"#)
                    append(Self.hexDigit(scalar.value >> 4))
                    append(Self.hexDigit(scalar.value & 0xF))
                } else {
                    for byte in scalar.utf8 { append(byte) }
                }
            }
        }
    }

    /// For each byte b, at b: 1 if it needs a closer look (a control character, `"`, `\`; DEL and every byte
    /// of a non-ASCII character, for the C1 controls), else 0. The digits' codes are 0x30 and 0x31, so the
    /// bytes of a string need no escape when their entries or-ed together are "0".
    private static var escapes: StaticString {
        """
        1111111111111111111111111111111100100000000000000000000000000000\
        0000000000000000000000000000100000000000000000000000000000000001\
        1111111111111111111111111111111111111111111111111111111111111111\
        1111111111111111111111111111111111111111111111111111111111111111
        """
    }

    private static func hexDigit(_ value: UInt32) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + UInt8(value) : UInt8(ascii: "a") + UInt8(value - 10)
    }
}

extension Array where Element == UInt8 {
    /// Appends what `write` writes, straight into the array's spare capacity: at least `room` bytes of it,
    /// four times more each time that what `write` writes does not fit (it is then written again). The default is
    /// room for the longest claim of a JSON line's fields (a rotate's, 1,718 bytes), so that a line is written once.
    @inline(__always)
    mutating func appendWritten(room: Int = 2048, _ write: (inout ByteWriter) -> Void) {
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
