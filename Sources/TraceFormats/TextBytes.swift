/// The bytes both trace formats' line syntaxes read by value (`EvemuSyntax`, `LibinputRecordSyntax`), and the
/// classes of bytes they share: one home, so that the two formats agree on what a blank or a digit is.
protocol TextBytes {}

extension TextBytes {
    static var space: UInt8 { 0x20 }
    static var tab: UInt8 { 0x09 }
    static var hash: UInt8 { 0x23 }
    static var plus: UInt8 { 0x2B }
    static var colon: UInt8 { 0x3A }

    /// A space or a tab.
    @inline(__always)
    static func isBlank(_ byte: UInt8) -> Bool { byte == space || byte == tab }

    /// The value of an ASCII decimal digit; nil for any other byte.
    @inline(__always)
    static func decimalDigit(_ byte: UInt8) -> UInt8? {
        byte >= 0x30 && byte <= 0x39 ? byte - 0x30 : nil
    }
}
