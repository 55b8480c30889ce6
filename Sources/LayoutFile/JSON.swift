/// A JSON value with the line it starts on, from a small strict parser (RFC 8259) that keeps what the
/// layout loader needs for its messages: member order, duplicate keys and line numbers.
indirect enum JSON: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([Located])
    case object([(key: String, value: Located)])

    struct Located: Sendable {
        var value: JSON
        /// 1-based line where the value starts.
        var line: Int
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
        var members: [(key: String, value: JSON.Located)] = []
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
            members.append((key, try value()))
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

    private mutating func string() throws(JSONSyntaxError) -> String {
        index += 1
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

    private mutating func number() throws(JSONSyntaxError) -> Double {
        let start = index
        func digits() -> Int {
            let from = index
            while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
            return index - from
        }
        if current == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        guard digits() > 0 else { throw error("expected digits in a number") }
        if bytes[integerStart] == UInt8(ascii: "0") && index - integerStart > 1 { throw error("leading zero in a number") }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("expected digits after '.' in a number") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error("expected digits in a number's exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let number = Double(text) else { throw error("unreadable number \(text)") }
        return number
    }
}
