import Foundation
import GestureCore
import GestureFormat
import Testing

/// SPEC "JSON Lines output": the number forms.
@Suite struct DecimalTests {
    /// Rounded half away from zero to 3 decimals, shortest form, no exponent, no trailing zeros, −0 as 0.
    static let cases: [(Double, String)] = [
        // Integers and trailing zeros.
        (0, "0"),
        (3, "3"),
        (3.0, "3"),
        (3.50, "3.5"),
        (0.125, "0.125"),
        (100, "100"),
        (1_000_000, "1000000"),
        (-180, "-180"),
        // The spec's own example values.
        (47.2, "47.2"),
        (30.1, "30.1"),
        (3.72, "3.72"),
        (0.1, "0.1"),
        (0.1 + 0.2, "0.3"),
        // Rounding to three decimals, half away from zero.
        (1.23456, "1.235"),
        (1.2344, "1.234"),
        (-1.2344, "-1.234"),
        (123.4565, "123.457"),
        (1_234_567.0005, "1234567.001"),
        (123_456.7895, "123456.79"),
        (-123_456.7895, "-123456.79"),
        (0.00951, "0.01"),
        (0.0015, "0.002"),
        (0.001, "0.001"),
        // Carries through every digit.
        (0.9995, "1"),
        (9.9995, "10"),
        (-9.9995, "-10"),
        (99.9999, "100"),
        (999.9995, "1000"),
        (359.99999, "360"),
        // Tiny values: no exponent, and never "-0".
        (1e-7, "0"),
        (-1e-7, "0"),
        (0.0001, "0"),
        (5e-5, "0"),
        (9.9999e-5, "0"),
        (0.0004, "0"),
        (-0.0004, "0"),
        (0.00049999, "0"),
        (0.0005, "0.001"),
        (-0.0005, "-0.001"),
        (-0.0005000001, "-0.001"),
        (Double.leastNonzeroMagnitude, "0"),
        (-Double.leastNonzeroMagnitude, "0"),
        (Double.leastNormalMagnitude, "0"),
        // Large values: no exponent.
        (1e16, "10000000000000000"),
        (1.5e17, "150000000000000000"),
        (1e20, "100000000000000000000"),
        (-1e20, "-100000000000000000000"),
        (1e22, "10000000000000000000000"),
        (9_007_199_254_740_992, "9007199254740992"),
        // Shortest round-trip digits (1.2345678901234567e19), then zeros; not the exact double.
        (12_345_678_901_234_567_168, "12345678901234567000"),
    ]

    @Test(arguments: cases)
    func decimal(value: Double, expected: String) {
        #expect(Numbers.decimal(value) == expected)
    }

    @Test func negativeZeroIsZero() {
        #expect(Numbers.decimal(-0.0) == "0")
        #expect(Numbers.decimal(-0.0001) == "0")
        #expect(Numbers.decimal(-0.000_499_9) == "0")
    }

    /// The rounding is done on the shortest round-trip description (the documented choice), not on the
    /// exact binary value: each of these doubles lies just below the half, yet rounds up as written.
    static let belowTheHalfAsWritten: [(Double, String)] = [
        (1.0005, "1.001"),        // 1.000499999999999944…
        (-1.0005, "-1.001"),
        (1.2345, "1.235"),        // 1.234499999999999930…
        (-1.2345, "-1.235"),
        (0.00085, "0.001"),       // 0.000849999999999999952…
    ]

    @Test(arguments: belowTheHalfAsWritten)
    func roundsTheShortestDescription(value: Double, expected: String) {
        #expect(Numbers.decimal(value) == expected)
    }

    /// The doc comment's example: 2.675 (stored as 2.67499999999999982…) to two places gives 2.68,
    /// and to the default three places is already exact.
    @Test func documentedExample() {
        #expect(Numbers.decimal(2.675, places: 2) == "2.68")
        #expect(Numbers.decimal(-2.675, places: 2) == "-2.68")
        #expect(Numbers.decimal(2.675) == "2.675")
        #expect(Numbers.decimal(2.6745) == "2.675")
    }

    @Test func greatestFiniteMagnitude() {
        let expected = "17976931348623157" + String(repeating: "0", count: 292)
        #expect(Numbers.decimal(.greatestFiniteMagnitude) == expected)
        #expect(Numbers.decimal(-.greatestFiniteMagnitude) == "-" + expected)
    }

    @Test(arguments: [Double.infinity, -Double.infinity, Double.nan, -Double.nan, Double.signalingNaN])
    func nonFiniteIsNull(value: Double) {
        #expect(Numbers.decimal(value) == "null")
    }

    /// Never an exponent, never a trailing zero or point, never "-0": over many values of every magnitude.
    @Test func shapeOverManyValues() {
        var generator = SplitMix64(seed: 0x5EED_0001)
        var bad: [String] = []
        for _ in 0..<5000 {
            let exponent = Int.random(in: -12...25, using: &generator)
            let mantissa = Double.random(in: -10...10, using: &generator)
            let value = mantissa * pow(10, Double(exponent))
            let text = Numbers.decimal(value)
            let shaped = text.allSatisfy { "-0123456789.".contains($0) }
                && !text.hasSuffix(".") && !(text.contains(".") && text.hasSuffix("0"))
                && text != "-0" && !text.hasPrefix("00") && !text.hasPrefix("-00")
            // Within half a unit of the third decimal (plus the double's own spacing).
            let close = abs((Double(text) ?? .nan) - value) <= 0.0005 + value.magnitude.ulp * 4
            if !shaped || !close { bad.append("\(value) → \(text)") }
        }
        #expect(bad == [])
    }
}

@Suite struct SecondsTests {
    static let cases: [(Int64, String)] = [
        (0, "0.000000"),
        (1, "0.000001"),
        (10, "0.000010"),
        (999_999, "0.999999"),
        (1_000_000, "1.000000"),
        (12_000_120, "12.000120"),
        (13_300_000, "13.300000"),
        (1_700_000_000_123_456, "1700000000.123456"),
        (Int64.max, "9223372036854.775807"),
        (-1, "-0.000001"),
        (-999_999, "-0.999999"),
        (-1_500_000, "-1.500000"),
        (-12_000_120, "-12.000120"),
        (Int64.min, "-9223372036854.775808"),
    ]

    @Test(arguments: cases)
    func seconds(microseconds: Int64, expected: String) {
        #expect(Numbers.seconds(Timestamp(microseconds: microseconds)) == expected)
    }
}

@Suite struct InstantTests {
    static let cases: [(Double, String)] = [
        (0, "1970-01-01T00:00:00Z"),
        (0.4999, "1970-01-01T00:00:00Z"),
        (0.5, "1970-01-01T00:00:01Z"),
        (1.5, "1970-01-01T00:00:02Z"),
        (-0.4, "1970-01-01T00:00:00Z"),
        (-0.5, "1969-12-31T23:59:59Z"),
        (-0.6, "1969-12-31T23:59:59Z"),
        (-1.5, "1969-12-31T23:59:58Z"),
        (-1, "1969-12-31T23:59:59Z"),
        (86_399.5, "1970-01-02T00:00:00Z"),
        (86_399.49, "1970-01-01T23:59:59Z"),
        (951_782_400, "2000-02-29T00:00:00Z"),
        (1_709_214_330, "2024-02-29T13:45:30Z"),
        (1_761_955_200, "2025-11-01T00:00:00Z"),
        (1_763_208_000, "2025-11-15T12:00:00Z"),
        (1_764_547_199.5, "2025-12-01T00:00:00Z"),
        (1_764_547_200, "2025-12-01T00:00:00Z"),
        (-2_208_988_800, "1900-01-01T00:00:00Z"),
        (7_289_654_399, "2200-12-31T23:59:59Z"),
        (253_402_300_799, "9999-12-31T23:59:59Z"),
        (-62_135_596_800, "0001-01-01T00:00:00Z"),
    ]

    @Test(arguments: cases)
    func instant(seconds: Double, expected: String) {
        #expect(Numbers.instant(seconds: seconds) == expected)
    }

    /// A few hundred pseudo-random instants from 1900 to 2200, against Foundation in UTC.
    @Test func agreesWithFoundation() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")!
        formatter.formatOptions = [.withInternetDateTime]
        var generator = SplitMix64(seed: 20_251_101)
        let first: Int64 = -2_208_988_800      // 1900-01-01T00:00:00Z
        let last: Int64 = 7_289_654_399        // 2200-12-31T23:59:59Z
        // Fractions below, at and above the half; a negative instant's half rounds away from zero.
        let fractions: [Double] = [0, 0.25, 0.4999, 0.5, 0.5001, 0.75, 0.999]
        var checked = 0
        var mismatches: [String] = []
        for _ in 0..<400 {
            let whole = Int64.random(in: first...(last - 1), using: &generator)
            let fraction = fractions.randomElement(using: &generator)!
            let seconds = Double(whole) + fraction
            let rounded: Int64
            if seconds >= 0 {
                rounded = fraction >= 0.5 ? whole + 1 : whole
            } else {
                rounded = fraction > 0.5 ? whole + 1 : whole
            }
            let date = Date(timeIntervalSince1970: TimeInterval(rounded))
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            let fromCalendar = padded(c.year!, 4) + "-" + padded(c.month!, 2) + "-" + padded(c.day!, 2)
                + "T" + padded(c.hour!, 2) + ":" + padded(c.minute!, 2) + ":" + padded(c.second!, 2) + "Z"
            let fromFormatter = formatter.string(from: date)
            let actual = Numbers.instant(seconds: seconds)
            if actual != fromCalendar || actual != fromFormatter {
                mismatches.append("\(seconds): \(actual) vs \(fromCalendar) / \(fromFormatter)")
            }
            checked += 1
        }
        #expect(checked == 400)
        #expect(mismatches == [])
    }
}

/// The byte-buffer fast path prints exactly what the exact path prints.
@Suite struct AppendDecimalTests {
    static func appended(_ value: Double) -> String {
        var bytes: [UInt8] = []
        Numbers.appendDecimal(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test(arguments: [0.0, -0.0, 0.0005, -0.0005, 0.0004999, 1.0005, 2.675, 9.9995, -9.9995, 123456.7895, 1e-7, 1e11,
                      1e12, 1e20, 0.1 + 0.2, 3.72, -12.3456, 47.2, 30.1, .infinity, .nan])
    func sameAsTheExactPath(value: Double) {
        #expect(Self.appended(value) == Numbers.decimal(value))
    }

    @Test func sameAsTheExactPathOnManyValues() {
        var generator = SplitMix64(seed: 0xFA57_0001)
        for _ in 0..<200_000 {
            let scale = [1e-4, 1e-2, 1, 100, 1e4, 1e8][Int(generator.next() % 6)]
            let value = (Double(generator.next() % 2_000_001) / 1_000_000 - 1) * scale
            let exact = Numbers.decimal(value)
            let fast = Self.appended(value)
            if exact != fast {
                Issue.record("\(value): \(fast) ≠ \(exact)")
                return
            }
        }
        // Values on exact thousandth ties, in both directions.
        for n in -2000...2000 {
            let value = (Double(n) + 0.5) / 1000
            #expect(Self.appended(value) == Numbers.decimal(value))
        }
    }

    @Test func integersAndSeconds() {
        var bytes: [UInt8] = []
        Numbers.appendInteger(-42, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        Numbers.appendInteger(Int64.min, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        Numbers.appendSeconds(Timestamp(microseconds: 12_000_120), to: &bytes)
        bytes.append(UInt8(ascii: " "))
        Numbers.appendSeconds(Timestamp(microseconds: -1), to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "-42 -9223372036854775808 12.000120 -0.000001")
    }
}
