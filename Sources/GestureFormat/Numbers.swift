import GestureCore

/// The number forms of the output (SPEC "JSON Lines output").
public enum Numbers {
    /// Appends `value` in decimal.
    public static func appendInteger(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(value.magnitude, minimumCount: 1, to: &bytes)
    }

    /// Appends the decimal digits of `value`, zero-padded to `minimumCount`.
    static func appendDigits(_ value: UInt64, minimumCount: Int, to bytes: inout [UInt8]) {
        var digits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)  // room for 20 digits, no allocation
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

    /// Appends `seconds(time)`.
    public static func appendSeconds(_ time: Timestamp, to bytes: inout [UInt8]) {
        let micros = time.microseconds
        if micros < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(micros.magnitude / 1_000_000, minimumCount: 1, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        appendDigits(micros.magnitude % 1_000_000, minimumCount: 6, to: &bytes)
    }

    /// Appends `decimal(value)`. Away from a rounding tie the value × 1000 rounds the same as its
    /// shortest decimal form, so the digits come straight from that integer; near a tie (and for huge
    /// values) the exact path through the shortest form decides.
    public static func appendDecimal(_ value: Double, to bytes: inout [UInt8]) {
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
        bytes.append(contentsOf: decimal(value).utf8)
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
