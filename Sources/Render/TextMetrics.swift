import RealModule

/// Widths of text in the picture's font, DejaVu Sans (Debian's default sans-serif; the picture asks for it
/// first): its advance widths, in 1/2048 em, from the font's `hmtx` table for ASCII and `°`; any other
/// character counts 0.6 em.
enum TextMetrics {
    /// The picture's font.
    static let fontFamily = "DejaVu Sans, Verdana, sans-serif"

    /// Advance widths of U+0020 to U+007E in DejaVu Sans, in units of 1/2048 em.
    private static let asciiAdvances: [UInt16] = [
        651, 821, 942, 1716, 1303, 1946, 1597, 563, 799, 799, 1024, 1716, 651, 739, 651, 690,
        1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 690, 690, 1716, 1716, 1716, 1087,
        2048, 1401, 1405, 1430, 1577, 1294, 1178, 1587, 1540, 604, 604, 1343, 1141, 1767, 1532, 1612,
        1235, 1612, 1423, 1300, 1251, 1499, 1401, 2025, 1403, 1251, 1403, 799, 690, 799, 1716, 1024,
        1024, 1255, 1300, 1126, 1300, 1260, 721, 1300, 1298, 569, 569, 1186, 569, 1995, 1298, 1253,
        1300, 1300, 842, 1067, 803, 1298, 1212, 1675, 1212, 1212, 1075, 1303, 690, 1303, 1716,
    ]

    /// The advance width of `character` at `fontSize` (same unit).
    static func width(of character: Character, fontSize: Double) -> Double {
        let advance: Double
        if let ascii = character.asciiValue, ascii >= 32, ascii < 127 {
            advance = Double(asciiAdvances[Int(ascii) - 32])
        } else if character == "°" {
            advance = 1024
        } else {
            advance = 1229
        }
        return advance / 2048 * fontSize
    }

    /// The width of `text` at `fontSize`.
    static func width(of text: String, fontSize: Double) -> Double {
        text.reduce(0) { $0 + width(of: $1, fontSize: fontSize) }
    }
}

/// Text set around a circle, like the letters of a circular sign: each letter upright on the circle,
/// turned to follow it, placed by arc length. The angle of a letter is the sum of the widths of the
/// letters before it ÷ the circumference × 360°.
struct CircularText {
    let center: (x: Double, y: Double)
    /// The radius of the text's baseline.
    let radius: Double
    let fontSize: Double

    var circumference: Double { 2 * Double.pi * radius }

    /// The angle (degrees, clockwise from 12 o'clock) that `text` spans.
    func sweep(of text: String) -> Double {
        TextMetrics.width(of: text, fontSize: fontSize) / circumference * 360
    }

    /// Each letter of `text` and the angle of its start, for `text` centred on `angle`.
    func letters(of text: String, centredOn angle: Double) -> [(letter: Character, angle: Double)] {
        var before = 0.0
        let first = angle - sweep(of: text) / 2
        return text.map { letter in
            defer { before += TextMetrics.width(of: letter, fontSize: fontSize) }
            return (letter, first + before / circumference * 360)
        }
    }

    /// Writes `text` centred on `angle`: one `<text>` per letter, at 12 o'clock on the circle, turned
    /// about the centre by the letter's angle.
    func write(_ text: String, centredOn angle: Double, attributes: [(String, String)], to svg: inout SVGText) {
        for (letter, letterAngle) in letters(of: text, centredOn: angle) where letter != " " {
            svg.text("text", [("x", n(center.x)), ("y", n(center.y - radius)),
                              ("transform", "rotate(" + n(letterAngle) + " " + n(center.x) + " " + n(center.y) + ")")] + attributes,
                     String(letter))
        }
    }
}
