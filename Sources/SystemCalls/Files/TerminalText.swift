/// Text for a terminal: the messages on standard error, `gestures check`'s report, `gestures devices`' table.
///
/// What comes from outside (an expected file's lines, a device's name, libevdev's messages about it) may hold
/// control characters, which a terminal would act on: ESC begins a control sequence, CR and LF move the
/// cursor, BEL rings. They are shown instead, as paths are (`FilePath.description`).
package enum TerminalText {
    /// `text` with each control character written `\xnn`: the C0 controls (tab, CR and LF included), DEL, and
    /// the C1 controls (U+0080 to U+009F, as their two UTF-8 bytes: `\xc2\x9b`). Everything else, backslashes
    /// included, is left as it is, so that text escaped once is not changed by a second escaping.
    package static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                for byte in String(scalar).utf8 { result += hexEscape(byte) }
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A C0 control, DEL or a C1 control.
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// A byte as `\xNN` (two lowercase hexadecimal digits), for messages.
    package static func hexEscape(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return "\\x" + String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
    }
}
