import GestureFormat

/// The text of an SVG document, built element by element: attributes in the order given, text and
/// attribute values escaped. No Foundation.
struct SVGText {
    private(set) var text = ""

    /// An element with no content: `<name a="1" b="2"/>`.
    mutating func empty(_ name: String, _ attributes: [(String, String)]) {
        openTag(name, attributes)
        text += "/>\n"
    }

    /// An element holding other elements, written by `content`.
    mutating func element(_ name: String, _ attributes: [(String, String)], _ content: (inout SVGText) -> Void) {
        openTag(name, attributes)
        text += ">\n"
        content(&self)
        text += "</" + name + ">\n"
    }

    /// An element with text content (a `<text>` or a `<title>`), and the elements `content` writes after it
    /// (animations).
    mutating func text(_ name: String, _ attributes: [(String, String)], _ content: String,
                       animations: (inout SVGText) -> Void = { _ in }) {
        openTag(name, attributes)
        text += ">" + XMLText.escaped(content)
        animations(&self)
        text += "</" + name + ">\n"
    }

    /// Text written as it is: the XML declaration, a comment.
    mutating func raw(_ text: String) {
        self.text += text
    }

    private mutating func openTag(_ name: String, _ attributes: [(String, String)]) {
        text += "<" + name
        for (key, value) in attributes {
            text += " " + key + "=\"" + XMLText.escaped(value) + "\""
        }
    }
}

/// Numbers as SVG writes them: a fixed number of decimals at most, no trailing zeros, no exponent.
enum SVGNumber {
    /// `value` rounded to `places` decimals (2: a hundredth of a mm), shortest form: 3, 3.5, -0.25.
    static func text(_ value: Double, places: Int = 2) -> String {
        guard value.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (value * scale).rounded(.toNearestOrAwayFromZero)
        guard scaled.magnitude < 9e15 else { return String(Int64(value.rounded())) }
        let units = Int64(scaled)
        let magnitude = units.magnitude
        var divisor: UInt64 = 1
        for _ in 0..<places { divisor *= 10 }
        let whole = magnitude / divisor
        var fraction = magnitude % divisor
        var digits = places
        while digits > 0, fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        var result = units < 0 ? "-" : ""
        result += String(whole)
        if digits > 0 {
            let text = String(fraction)
            result += "." + String(repeating: "0", count: digits - text.count) + text
        }
        return result
    }
}

/// Shorthands for coordinates in attribute lists.
func n(_ value: Double) -> String { SVGNumber.text(value) }
