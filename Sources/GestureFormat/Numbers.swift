import GestureCore

/// The number forms of the output (SPEC "JSON Lines output").
public enum Numbers {
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
