import GestureCore
import GestureFormat
import Testing

/// The number writers (`Numbers.appendInteger`, `appendSeconds`, `appendDecimal`, which the event lines use)
/// print byte for byte what the writers before them printed: `Reference` is that code, kept here as it was
/// (one byte at a time into the array, digits by division), and every value below goes through both.
@Suite struct NumberWritingTests {
    /// The number writers as they were before they wrote into reserved room (commit c8d45fc).
    enum Reference {
        static func appendInteger(_ value: Int64, to bytes: inout [UInt8]) {
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            appendDigits(value.magnitude, minimumCount: 1, to: &bytes)
        }

        static func appendDigits(_ value: UInt64, minimumCount: Int, to bytes: inout [UInt8]) {
            var digits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            var count = 0
            var rest = value
            withUnsafeMutableBytes(of: &digits) { buffer in
                repeat {
                    buffer[count] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                    count += 1
                } while rest > 0
                while count < minimumCount && count < 32 {
                    buffer[count] = UInt8(ascii: "0")
                    count += 1
                }
                for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
            }
        }

        static func appendSeconds(_ time: Timestamp, to bytes: inout [UInt8]) {
            let micros = time.microseconds
            if micros < 0 { bytes.append(UInt8(ascii: "-")) }
            appendDigits(micros.magnitude / 1_000_000, minimumCount: 1, to: &bytes)
            bytes.append(UInt8(ascii: "."))
            appendDigits(micros.magnitude % 1_000_000, minimumCount: 6, to: &bytes)
        }

        static func appendDecimal(_ value: Double, to bytes: inout [UInt8]) {
            let scaled = value * 1000
            if scaled.magnitude < 1e12 {
                let fraction = (scaled - scaled.rounded(.towardZero)).magnitude
                if (fraction - 0.5).magnitude > 1e-6 {
                    let thousandths = Int64(scaled.rounded(.toNearestOrAwayFromZero))
                    if thousandths == 0 {
                        bytes.append(UInt8(ascii: "0"))
                        return
                    }
                    if thousandths < 0 { bytes.append(UInt8(ascii: "-")) }
                    let magnitude = thousandths.magnitude
                    appendDigits(magnitude / 1000, minimumCount: 1, to: &bytes)
                    var fractionDigits = magnitude % 1000
                    if fractionDigits != 0 {
                        bytes.append(UInt8(ascii: "."))
                        var width = 3
                        while fractionDigits % 10 == 0 {
                            fractionDigits /= 10
                            width -= 1
                        }
                        appendDigits(fractionDigits, minimumCount: width, to: &bytes)
                    }
                    return
                }
            }
            bytes.append(contentsOf: Numbers.decimal(value).utf8)
        }
    }

    /// Both writers' text for one value, each after the same prefix (so that writing into an array that
    /// already holds bytes is covered too).
    static func both(_ write: (inout [UInt8]) -> Void, _ reference: (inout [UInt8]) -> Void) -> (String, String) {
        var new = Array("x:".utf8)
        var old = Array("x:".utf8)
        write(&new)
        reference(&old)
        return (String(decoding: new, as: UTF8.self), String(decoding: old, as: UTF8.self))
    }

    /// The first ten values of `values` that `write` writes otherwise than `reference`, each as `value: new ≠ old`.
    static func differences<Value>(_ values: some Sequence<Value>, _ write: (Value, inout [UInt8]) -> Void,
                                   _ reference: (Value, inout [UInt8]) -> Void) -> [String] {
        var differences: [String] = []
        for value in values where differences.count < 10 {
            let (new, old) = both({ write(value, &$0) }, { reference(value, &$0) })
            if new != old { differences.append("\(value): \(new) ≠ \(old)") }
        }
        return differences
    }

    /// Doubles of every kind: the SPEC's cases, ties and near-ties of the third decimal in both directions,
    /// every magnitude from the smallest to the largest, the fast path's bounds, −0, infinities and NaN.
    static func doubles() -> [Double] {
        var values: [Double] = [0, -0.0, 1, -1, 0.5, -0.5, 0.0005, -0.0005, 0.0004999, 0.00049999999, 1.0005, -1.0005,
                                2.675, 9.9995, -9.9995, 999.9995, 123_456.7895, 1_234_567.0005, 0.1 + 0.2, 47.2, 30.1,
                                3.72, 1e-7, 1e9, 1e9 - 0.0005, 1e9 + 0.0005, 999_999_999.9995, 1e11, 1e12, 1e15, 1e16,
                                1e20, 1e22, 9_007_199_254_740_992, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
                                .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, .ulpOfOne,
                                .infinity, -.infinity, .nan, -.nan, .signalingNaN]
        // Every tie n + 0.5 thousandths, and the doubles on either side of it, from −2 to 2.
        for n in -2000...2000 {
            let tie = (Double(n) + 0.5) / 1000
            values += [tie, tie.nextUp, tie.nextDown]
        }
        // Ties with larger integer parts, where the double's spacing is coarser.
        var generator = SplitMix64(seed: 0x71E5_0001)
        for _ in 0..<5000 {
            let thousandths = Int64.random(in: -999_999_999_999...999_999_999_999, using: &generator)
            let tie = (Double(thousandths) + 0.5) / 1000
            values += [tie, tie.nextUp, tie.nextDown, Double(thousandths) / 1000]
        }
        // Random values of every magnitude and sign, and random bit patterns (all kinds of doubles).
        for _ in 0..<50_000 {
            let exponent = Double(Int.random(in: -30...30, using: &generator))
            values.append(Double.random(in: -10...10, using: &generator) * pow10(exponent))
            values.append(Double(bitPattern: generator.next()))
        }
        // The fast path's bound: |value| × 1000 just below and at 1e12.
        for scaled in [1e12, -1e12] {
            var value = scaled / 1000
            for _ in 0..<50 {
                values += [value, value.nextDown, value.nextUp]
                value = value.nextDown
            }
        }
        return values
    }

    static func pow10(_ exponent: Double) -> Double {
        var result = 1.0
        for _ in 0..<Int(exponent.magnitude) { result *= 10 }
        return exponent < 0 ? 1 / result : result
    }

    @Test func decimalsAreWrittenAsBefore() {
        #expect(Self.differences(Self.doubles(), { Numbers.appendDecimal($0, to: &$1) }, { Reference.appendDecimal($0, to: &$1) }) == [])
    }

    static func integers() -> [Int64] {
        var values: [Int64] = [0, 1, -1, 9, 10, 11, 99, 100, 101, 999, 1000, .max, .min, .max - 1, .min + 1]
        var power: Int64 = 1
        for _ in 0...18 {
            values += [power - 1, power, power + 1, -power + 1, -power, -power - 1]
            if power <= Int64.max / 10 { power *= 10 }
        }
        // Every number of up to four digits and either sign: each count of leading zeros of the eight-digit word.
        values += (-10_000...10_000).map(Int64.init)
        var generator = SplitMix64(seed: 0x1A7E_0002)
        for _ in 0..<100_000 {
            let bits = generator.next()
            values.append(Int64(bitPattern: bits))
            values.append(Int64(bitPattern: bits) >> Int(generator.next() % 64))  // every length of number
        }
        return values
    }

    @Test func integersAreWrittenAsBefore() {
        #expect(Self.differences(Self.integers(), { Numbers.appendInteger($0, to: &$1) }, { Reference.appendInteger($0, to: &$1) }) == [])
    }

    @Test func secondsAreWrittenAsBefore() {
        // Each time as its microseconds.
        let micros = Self.integers() + (-2_000_001...2_000_001).map(Int64.init)
        #expect(Self.differences(micros, { Numbers.appendSeconds(Timestamp(microseconds: $0), to: &$1) },
                                 { Reference.appendSeconds(Timestamp(microseconds: $0), to: &$1) }) == [])
    }

    /// A number that does not fit the room left in the array is written again into more room: the
    /// largest double (309 digits) after nearly 64 KiB, in an array of exactly that capacity.
    @Test func aNumberLongerThanTheRoomLeftIsWrittenWhole() {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1 << 16)
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: bytes.capacity - 10))
        let before = bytes.count
        Numbers.appendDecimal(.greatestFiniteMagnitude, to: &bytes)
        #expect(String(decoding: bytes[before...], as: UTF8.self) == Numbers.decimal(.greatestFiniteMagnitude))
        #expect(bytes[..<before].allSatisfy { $0 == UInt8(ascii: " ") })
    }
}
