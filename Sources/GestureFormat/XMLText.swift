/// Text for XML documents: the JUnit report of `gestures check`, the SVG pictures of `gestures render`.
public enum XMLText {
    /// Text as XML character data or an attribute value: `&`, `<`, `>` and `"` escaped. Characters XML 1.0
    /// cannot hold (controls other than tab, newline and return; U+FFFE, U+FFFF) and the C1 controls are
    /// written as `\u{…}`.
    public static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
