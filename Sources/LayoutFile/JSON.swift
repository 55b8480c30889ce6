/// A JSON value with the line it starts on, from a small strict parser (RFC 8259) that keeps what the
/// layout loader needs for its messages: member order, duplicate keys and line numbers.
///
/// Not `indirect`: arrays and objects hold their values in arrays already, and an indirect case would cost an
/// allocation for every value (docs/performance.md, "Layout loading, second step").
enum JSON: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([Located])
    case object([Member])

    struct Located: Sendable {
        var value: JSON
        /// 1-based line where the value starts.
        var line: Int
    }

    /// A member of an object, in the document's order.
    struct Member: Sendable {
        var key: String
        var value: Located
    }

    /// What a value is, for messages.
    var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A JSON syntax error at a line.
struct JSONSyntaxError: Error, Sendable {
    var line: Int
    var message: String
}

/// Parses JSON text. Nesting is limited so that hostile input cannot overflow the stack.
struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var depth = 0
    static let maximumDepth = 64

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSON.Located {
        var parser = JSONParser(bytes)
        // A UTF-8 byte order mark is tolerated.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        let value = try parser.value()
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("expected the end of the document after the top-level value") }
        return value
    }

    private func error(_ message: String) -> JSONSyntaxError { JSONSyntaxError(line: line, message: message) }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\n"): line += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
            default: return
            }
            index += 1
        }
    }

    private mutating func value() throws(JSONSyntaxError) -> JSON.Located {
        skipWhitespace()
        let start = line
        guard let byte = current else { throw error("expected a value, found the end of the file") }
        switch byte {
        case UInt8(ascii: "{"): return JSON.Located(value: try object(), line: start)
        case UInt8(ascii: "["): return JSON.Located(value: try array(), line: start)
        case UInt8(ascii: "\""): return JSON.Located(value: .string(try string()), line: start)
        case UInt8(ascii: "t"): try literal("true"); return JSON.Located(value: .bool(true), line: start)
        case UInt8(ascii: "f"): try literal("false"); return JSON.Located(value: .bool(false), line: start)
        case UInt8(ascii: "n"): try literal("null"); return JSON.Located(value: .null, line: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return JSON.Located(value: .number(try number()), line: start)
        default: throw error("expected a value, found \(Self.describe(byte))")
        }
    }

    static func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }

    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        for expected in word.utf8 {
            guard current == expected else { throw error("expected '\(word)'") }
            index += 1
        }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func object() throws(JSONSyntaxError) -> JSON {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [JSON.Member] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a member name in double quotes") }
            let key = try string()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after \"\(key)\"") }
            index += 1
            members.append(JSON.Member(key: key, value: try value()))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(members)
            default: throw error("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func array() throws(JSONSyntaxError) -> JSON {
        try enter()
        defer { depth -= 1 }
        index += 1
        var elements: [JSON.Located] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            elements.append(try value())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(elements)
            default: throw error("expected ',' or ']' in an array")
            }
        }
    }

    /// A string, read straight from the document's bytes when it has no escape (nearly every string of a layout),
    /// else by `escapedString`. The same errors at the same places either way: a control character or the end of
    /// the file as the scan meets it, invalid UTF-8 where the text before a quote or a backslash is taken.
    private mutating func string() throws(JSONSyntaxError) -> String {
        index += 1
        let start = index
        var isASCII = true
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\""):
                let text = bytes[start..<index]
                index += 1
                if isASCII { return String(decoding: text, as: UTF8.self) }
                guard let string = String(validating: text, as: UTF8.self) else { throw error("invalid UTF-8 in a string") }
                return string
            case UInt8(ascii: "\\"):
                index = start
                return try escapedString()
            case ..<0x20:
                throw error("control character in a string (escape it)")
            case 0x80...:
                isASCII = false
            default:
                break
            }
            index += 1
        }
        throw error("unterminated string")
    }

    /// A string with escapes, from just after its opening quote.
    private mutating func escapedString() throws(JSONSyntaxError) -> String {
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        func flush() throws(JSONSyntaxError) {
            guard !raw.isEmpty else { return }
            guard let text = String(validating: raw, as: UTF8.self) else { throw error("invalid UTF-8 in a string") }
            scalars.append(contentsOf: text.unicodeScalars)
            raw.removeAll()
        }
        while true {
            guard let byte = current else { throw error("unterminated string") }
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                try flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                try flush()
                guard let escape = current else { throw error("unterminated string") }
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800...0xDBFF).contains(code) {
                        guard current == UInt8(ascii: "\\") else { throw error("unpaired surrogate in a string") }
                        index += 1
                        guard current == UInt8(ascii: "u") else { throw error("unpaired surrogate in a string") }
                        index += 1
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate in a string") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape in a string") }
                    scalars.append(scalar)
                default:
                    throw error("invalid escape in a string")
                }
            default:
                guard byte >= 0x20 else { throw error("control character in a string (escape it)") }
                raw.append(byte)
            }
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexDigit(byte) else { throw error("expected 4 hex digits after \\u") }
            code = code * 16 + digit
            index += 1
        }
        return code
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// A number. Most are converted here: a significand of at most 15 digits (below 2^53, so exactly a `Double`)
    /// times or divided by a power of ten up to 10^22 (exactly a `Double` too) is one correctly rounded operation,
    /// the same double the full conversion (`Double(String)`, `strtod`) gives, at a fraction of its cost
    /// (docs/performance.md, "Layout loading, second step"). The others go through `Double(String)`.
    private mutating func number() throws(JSONSyntaxError) -> Double {
        let start = index
        var significand: UInt64 = 0
        var significandDigits = 0
        /// Reads digits, adding them to the significand when `intoSignificand`; returns how many there were.
        func digits(intoSignificand: Bool) -> Int {
            let from = index
            while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                if intoSignificand {
                    if significandDigits < Self.exactDigits { significand = significand * 10 + UInt64(byte - UInt8(ascii: "0")) }
                    significandDigits += 1
                }
                index += 1
            }
            return index - from
        }
        let negative = current == UInt8(ascii: "-")
        if negative { index += 1 }
        let integerStart = index
        guard digits(intoSignificand: true) > 0 else { throw error("expected digits in a number") }
        if bytes[integerStart] == UInt8(ascii: "0") && index - integerStart > 1 { throw error("leading zero in a number") }
        var powerOfTen = 0
        if current == UInt8(ascii: ".") {
            index += 1
            let fractionDigits = digits(intoSignificand: true)
            guard fractionDigits > 0 else { throw error("expected digits after '.' in a number") }
            powerOfTen -= fractionDigits
        }
        var exponentFits = true
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            let exponentNegative = current == UInt8(ascii: "-")
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            let exponentStart = index
            guard digits(intoSignificand: false) > 0 else { throw error("expected digits in a number's exponent") }
            // More than 4 digits: far beyond the exact powers of ten (and an Int could not hold them all).
            exponentFits = index - exponentStart <= 4
            if exponentFits {
                let exponent = bytes[exponentStart..<index].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
                powerOfTen += exponentNegative ? -exponent : exponent
            }
        }
        if exponentFits && significandDigits <= Self.exactDigits && abs(powerOfTen) < Self.exactPowersOfTen.count {
            let magnitude = Double(significand)
            let value = powerOfTen < 0 ? magnitude / Self.exactPowersOfTen[-powerOfTen] : magnitude * Self.exactPowersOfTen[powerOfTen]
            return negative ? -value : value
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let number = Double(text) else { throw error("unreadable number \(text)") }
        return number
    }

    /// The most digits of a significand that `number()` converts itself: 10^15 is below 2^53.
    private static let exactDigits = 15
    /// 10^0 to 10^22: the powers of ten a `Double` holds exactly (5^22 is below 2^53).
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20,
        1e21, 1e22,
    ]
}
