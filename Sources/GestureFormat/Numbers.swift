import GestureCore

/// The number forms of the output (SPEC "JSON Lines output").
public enum Numbers {
    /// Appends `value` in decimal.
    public static func appendInteger(_ value: Int64, to bytes: inout [UInt8]) {
        bytes.appendWritten { $0.integer(value) }
    }

    /// Appends `seconds(time)`.
    public static func appendSeconds(_ time: Timestamp, to bytes: inout [UInt8]) {
        bytes.appendWritten { $0.seconds(time) }
    }

    /// Appends `decimal(value)`.
    public static func appendDecimal(_ value: Double, to bytes: inout [UInt8]) {
        bytes.appendWritten(room: Room.longestDecimal) { $0.decimal(value) }
    }

    /// Seconds with exactly six decimals, straight from the integer microseconds (never through a float).
    public static func seconds(_ time: Timestamp) -> String {
        let micros = time.microseconds
        let magnitude = micros.magnitude
        let whole = magnitude / 1_000_000
        let fraction = String(magnitude % 1_000_000)
        let sign = micros < 0 ? "-" : ""
        return sign + String(whole) + "." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    /// `value` rounded half away from zero to 3 decimals, in shortest form: no exponent, no trailing
    /// zeros, no `.0`, and −0 as 0 (3, 3.5, 0.125).
    ///
    /// The rounding is done on the shortest decimal that reads back as `value` (Swift's `description`),
    /// so 1.0005 prints 1.001 as a person expects, although the nearest double is 1.000499999….
    public static func decimal(_ value: Double, places: Int = 3) -> String {
        guard value.isFinite else { return "null" }
        let text = value.magnitude.description
        var mantissa = Substring(text)
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<e]
            exponent = Int(text[text.index(after: e)...]) ?? 0
        }
        var digits: [UInt8] = []
        var integerDigits = 0
        var seenPoint = false
        for byte in mantissa.utf8 {
            if byte == UInt8(ascii: ".") {
                seenPoint = true
            } else {
                digits.append(byte - UInt8(ascii: "0"))
                if !seenPoint { integerDigits += 1 }
            }
        }
        // value = 0.d1 d2 d3 … × 10^point
        var point = integerDigits + exponent
        if point < 0 {
            digits.insert(contentsOf: repeatElement(0, count: -point), at: 0)
            point = 0
        }
        let keep = point + places
        if digits.count > keep {
            let roundUp = digits[keep] >= 5
            digits.removeSubrange(keep...)
            if roundUp {
                var index = keep - 1
                while index >= 0 {
                    if digits[index] == 9 {
                        digits[index] = 0
                        index -= 1
                    } else {
                        digits[index] += 1
                        break
                    }
                }
                if index < 0 {
                    digits.insert(1, at: 0)
                    point += 1
                }
            }
        }
        if digits.count < point { digits.append(contentsOf: repeatElement(0, count: point - digits.count)) }
        var integer = digits[..<point].drop { $0 == 0 }.map { Character(String($0)) }
        var fraction = Array(digits[point...])
        while fraction.last == 0 { fraction.removeLast() }
        if integer.isEmpty { integer = ["0"] }
        var result = String(integer)
        if !fraction.isEmpty { result += "." + String(fraction.map { Character(String($0)) }) }
        if value < 0 && result != "0" { result = "-" + result }
        return result
    }

    /// A date domain value: `YYYY-MM-DDTHH:MM:SSZ`, rounded to the second.
    public static func instant(seconds: Double) -> String {
        let total = Int(seconds.rounded(.toNearestOrAwayFromZero))
        var day = total / 86_400
        var secondOfDay = total % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            day -= 1
        }
        let hours = secondOfDay / 3600
        let minutes = secondOfDay % 3600 / 60
        let secs = secondOfDay % 60
        return CivilDay(daysSinceEpoch: day).description + "T" + pad(hours) + ":" + pad(minutes) + ":" + pad(secs) + "Z"
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0" + String(value) : String(value) }
}

/// The number forms, written straight into the output.
///
/// Each number takes its room once, its length counted first, and its digits are written from the last, two
/// at a time (`writeDigits`). A sign is written as `-` at the start of the room in any case: without a sign,
/// the first digit overwrites it (one store instead of a branch and a second claim): each form costs less so than
/// with sign, digits and point each written with its own claim (docs/performance.md).
///
/// They are written into a `Room`; `ByteWriter`'s own number writers claim the longest a number can be.
extension ByteWriter {
    @inline(__always)
    mutating func integer(_ value: Int64) {
        withRoom(atMost: Room.longestInteger) { $0.integer(value) }
    }

    mutating func seconds(_ time: Timestamp) {
        withRoom(atMost: Room.longestSeconds) { $0.seconds(time) }
    }

    mutating func decimal(_ value: Double) {
        withRoom(atMost: Room.longestDecimal) { $0.decimal(value) }
    }
}

extension Room {
    /// The longest `integer(_:)` writes: `Int64.min`, a sign and 19 digits.
    static var longestInteger: Int { 20 }

    /// `value` in decimal. Inlined: the call was a large share of the work (a dial's detents, several a frame;
    /// docs/performance.md).
    @inline(__always)
    mutating func integer(_ value: Int64) {
        let magnitude = value.magnitude
        let sign = value < 0 ? 1 : 0
        if magnitude < 100_000_000 {
            // A dial's detent, a tap's count: up to eight digits as one word (`upToEightDigits`).
            let (digits, length) = Self.upToEightDigits(magnitude)
            let start = take(sign + 8)
            giveBack(8 &- length)
            start.initialize(to: UInt8(ascii: "-"))
            UnsafeMutableRawPointer(start + sign).storeBytes(of: digits.littleEndian, as: UInt64.self)
            return
        }
        let length = Self.digitCount(magnitude)
        let start = take(sign + length)
        start.initialize(to: UInt8(ascii: "-"))
        Self.writeDigits(magnitude, count: length, endingAt: start + sign + length)
    }

    /// The longest `seconds(_:)` writes: a sign, 13 digits of whole seconds, the point and 6 decimals.
    static var longestSeconds: Int { 21 }

    /// `Numbers.seconds(time)`: the integer microseconds as seconds with six decimals.
    @inline(__always)
    mutating func seconds(_ time: Timestamp) {
        let micros = time.microseconds
        let whole = micros.magnitude / 1_000_000
        let sign = micros < 0 ? 1 : 0
        let wholeLength = Self.digitCount(whole)
        let start = take(sign + wholeLength + 7)
        start.initialize(to: UInt8(ascii: "-"))
        let point = start + sign + wholeLength
        Self.writeDigits(whole, count: wholeLength, endingAt: point)
        point.initialize(to: UInt8(ascii: "."))
        Self.writeDigits(micros.magnitude % 1_000_000, count: 6, endingAt: point + 7)
    }

    /// The longest `decimal(_:)` writes: a sign, the 309 integer digits of the greatest double, the point and
    /// 3 decimals (an upper bound: so many integer digits leave no decimals).
    static var longestDecimal: Int { 314 }

    /// `Numbers.decimal(value)`. Away from a rounding tie the value × 1000 rounds the same as its shortest
    /// decimal form, so the digits come straight from that integer; near a tie (and for huge values) the
    /// exact path through the shortest form decides.
    ///
    /// The rounding is done in integers, without libm: below 1e12 (< 2^53) `Int64(scaled)` is `scaled`
    /// truncated exactly, and `scaled - truncated` is exact (a double's fractional part is a multiple of its
    /// ulp), so `fraction` is what `scaled - scaled.rounded(.towardZero)` gives; away from the tie,
    /// rounding half away from zero adds 1 to the magnitude when `fraction` is above one half
    /// (NumberWritingTests compares this with `rounded`'s results).
    mutating func decimal(_ value: Double) {
        // 0 (and −0) at once: a pan's other axis, a delta at rest.
        if value == 0 {
            append(UInt8(ascii: "0"))
            return
        }
        let scaled = value * 1000
        if scaled.magnitude < 1e12 {
            let truncated = Int64(scaled)
            let fraction = (scaled - Double(truncated)).magnitude
            if (fraction - 0.5).magnitude > 1e-6 {
                let thousandths = fraction > 0.5 ? (scaled < 0 ? truncated - 1 : truncated + 1) : truncated
                let magnitude = thousandths.magnitude
                let whole = magnitude / 1000
                let sign = thousandths < 0 ? 1 : 0  // 0 for what rounds to 0: −0.0001 prints 0
                let wholeLength = Self.digitCount(whole)
                // The point and the three decimals as one word, then as many of its bytes as its last nonzero
                // digit needs (.5, .25, .125), none for none.
                let (point, pointLength) = Self.pointAndDecimals(magnitude % 1000)
                let start = take(sign + wholeLength + 4)
                giveBack(4 - pointLength)
                start.initialize(to: UInt8(ascii: "-"))
                Self.writeDigits(whole, count: wholeLength, endingAt: start + sign + wholeLength)
                UnsafeMutableRawPointer(start + sign + wholeLength).storeBytes(of: point.littleEndian, as: UInt32.self)
                return
            }
        }
        var text = Numbers.decimal(value)
        text.withUTF8 { bytes in
            precondition(bytes.count <= Self.longestDecimal, "a decimal longer than any double's")
            append(bytes)
        }
    }

    /// `.ddd`, the point and the three digits of `thousandths` (below 1000), as the bytes of a little-endian
    /// word, and how many of them a decimal shows: up to its last digit that is not 0, and none when all three
    /// are. The zeros at its end are the word's high bytes that are "0": its leading zero bits once "0"s are
    /// xored away (the point's byte is never 0 then).
    @inline(__always)
    static func pointAndDecimals(_ thousandths: UInt64) -> (word: UInt32, length: Int) {
        let first = UInt32(truncatingIfNeeded: thousandths / 100)
        let pair = UnsafeRawPointer(pairs.utf8Start + Int(thousandths % 100) &* 2).loadUnaligned(as: UInt16.self)
        let word = UInt32(UInt8(ascii: ".")) | (UInt32(UInt8(ascii: "0")) &+ first) << 8 | UInt32(UInt16(littleEndian: pair)) << 16
        let zeros = (word ^ 0x3030_3000).leadingZeroBitCount &>> 3
        return (word, zeros == 3 ? 0 : 4 &- zeros)
    }

    /// The digits of `value` (below 10^8) as the bytes of a little-endian word, the first digit in the lowest byte,
    /// and how many of them there are (1 for 0): the eight digits zero-padded, from four pairs of the table, shifted
    /// down past the leading "0"s, which are its lowest bytes equal to "0" (its trailing zero bits once "0"s are
    /// xored away). The caller takes room for all eight bytes and gives back what the number does not use, as for
    /// `pointAndDecimals`: four look-ups and one store, where `writeDigits` loops a pair at a time after
    /// `digitCount` (a dial's detents have 4 to 6 digits; docs/performance.md). Not for a decimal's integer part:
    /// most have one to three digits (a delta, a distance), which the loop writes in fewer instructions.
    @inline(__always)
    static func upToEightDigits(_ value: UInt64) -> (word: UInt64, length: Int) {
        let high = value / 10_000
        let low = value % 10_000
        let padded = pair(high / 100) | pair(high % 100) << 16 | pair(low / 100) << 32 | pair(low % 100) << 48
        let zeros = Swift.min((padded ^ 0x3030_3030_3030_3030).trailingZeroBitCount &>> 3, 7)
        return (padded &>> (UInt64(zeros) &* 8), 8 &- zeros)
    }

    /// The two digits of `value` (below 100) as the bytes of a little-endian word, the first in the lowest byte.
    @inline(__always)
    private static func pair(_ value: UInt64) -> UInt64 {
        let digits = UnsafeRawPointer(pairs.utf8Start + Int(truncatingIfNeeded: value) &* 2).loadUnaligned(as: UInt16.self)
        return UInt64(UInt16(littleEndian: digits))
    }

    /// The number of decimal digits of `value` (1 for 0), from its bit length: `bits × 1233 / 4096` (1233 / 4096
    /// is log10(2) a little under) is the count or one less, and one comparison with a power of ten decides. A
    /// detent or an angle of 4 or 5 digits took a loop after three comparisons.
    @inline(__always)
    static func digitCount(_ value: UInt64) -> Int {
        let odd = value | 1  // as many digits as `value` (a power of ten is even), and 0 has one
        let lower = ((UInt64.bitWidth &- odd.leadingZeroBitCount) &* 1233) &>> 12
        return odd >= powersOfTen[lower] ? lower &+ 1 : lower
    }

    /// 10^0 … 10^19, every power of ten a `UInt64` holds.
    private static let powersOfTen: [UInt64] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000, 10_000_000_000,
        100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000, 1_000_000_000_000_000,
        10_000_000_000_000_000, 100_000_000_000_000_000, 1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
    ]

    /// Writes the last `count` decimal digits of `value`, zero-padded, into the `count` bytes before `end`:
    /// from the last, two at a time from a table of the pairs 00 to 99.
    @inline(__always)
    static func writeDigits(_ value: UInt64, count: Int, endingAt end: UnsafeMutablePointer<UInt8>) {
        let first = end - count
        var end = end
        var rest = value
        while end - first >= 2 {
            end -= 2
            end.initialize(from: pairs.utf8Start + Int(rest % 100) &* 2, count: 2)
            rest /= 100
        }
        if end > first { first.initialize(to: UInt8(ascii: "0") &+ UInt8(rest % 10)) }
    }

    /// "00" "01" … "99": the two digits of n at 2n.
    private static var pairs: StaticString {
        """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """
    }
}
