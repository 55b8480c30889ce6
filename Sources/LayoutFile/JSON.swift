/// A JSON document, from a small strict parser (RFC 8259, `JSONParser`) that keeps what the layout loader needs for its
/// messages: member order, duplicate keys and line numbers.
///
/// Its values lie in one array, in the order of the text: an array's elements follow it, and an object's members, each
/// a key and then its value; each element or member value is followed by the values inside it, so that the next one
/// is at `after(_:)`. Strings are ranges of `text`, never made into `String`s unless the reader asks; member names are
/// numbered as they are read (`KeyTable`). One array and no `String` per value: docs/performance.md, "Layout loading,
/// third step".
package struct JSONDocument {
    /// The document's bytes, then the UTF-8 of each string that has escapes, decoded: every string is a range of it.
    package let text: [UInt8]
    /// Every value, the top-level one first.
    package let values: [JSONValue]

    /// The place of the value after the one at `index` and the values inside it.
    package func after(_ index: Int) -> Int {
        switch values[index].content {
        case .array(_, let end), .object(_, let end, _): end
        case .null, .bool, .number, .string, .key: index + 1
        }
    }

    /// The string at `range` of `text`.
    package func string(_ range: Range<Int>) -> String {
        String(decoding: text[range], as: UTF8.self)
    }

    /// `body` of `text` as a buffer.
    func withText<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        text.withUnsafeBufferPointer(body)
    }

    /// The path of the value at `target`, as a message names it (`regions[1].shape.width`; empty for the top-level
    /// value): found by going down from the top, to the member or element whose values hold it.
    package func path(to target: Int) -> String {
        var path = ""
        var index = 0
        while index != target {
            switch values[index].content {
            case .object:
                var member = index + 1
                while after(member + 1) <= target { member = after(member + 1) }
                guard case .key(_, let name) = values[member].content else { preconditionFailure("a member without a key") }
                path += (path.isEmpty ? "" : ".") + string(name)
                index = member + 1
            case .array:
                var element = index + 1
                var position = 0
                while after(element) <= target {
                    element = after(element)
                    position += 1
                }
                path += "[\(position)]"
                index = element
            case .null, .bool, .number, .string, .key:
                preconditionFailure("no value lies inside a \(values[index].kind)")
            }
        }
        return path
    }
}

/// One value of a `JSONDocument`, with the line it starts on.
package struct JSONValue {
    package enum Content {
        case null
        case bool(Bool)
        case number(Double)
        /// A string: its UTF-8 in the document's `text`.
        case string(Range<Int>)
        /// An array of `count` elements, which follow it; the value after it is at `end`.
        case array(count: Int, end: Int)
        /// An object of `count` members, which follow it, each a `key` and a value; the value after it is at `end`.
        /// `keys` is the set of its keys; nil when one is a key the parser's `KeyTable` does not know, or is given
        /// twice.
        case object(count: Int, end: Int, keys: KeySet?)
        /// The name of an object's member: its number in the parser's `KeyTable` (nil: a key it does not know), and
        /// its UTF-8 in the document's `text`.
        case key(Int?, Range<Int>)
    }

    package var content: Content
    /// 1-based line where the value starts.
    package var line: Int

    /// What a value is, for messages.
    package var kind: String {
        switch content {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        case .key: "a member name"
        }
    }
}

/// A JSON syntax error at a line.
package struct JSONSyntaxError: Error, Sendable {
    package var line: Int
    package var message: String
}

/// Parses JSON text into a `JSONDocument`, numbering member names by `keys`. Nesting is limited so that hostile input
/// cannot overflow the stack.
package struct JSONParser {
    /// The document.
    private let bytes: UnsafeBufferPointer<UInt8>
    /// The UTF-8 of the strings with escapes, decoded: the document's `text` after `bytes`.
    private var decoded: [UInt8] = []
    private let keys: KeyTable
    private var values: [JSONValue] = []
    private var index = 0
    private var line = 1
    private var depth = 0
    static let maximumDepth = 64

    private init(_ bytes: UnsafeBufferPointer<UInt8>, keys: KeyTable) {
        self.bytes = bytes
        self.keys = keys
        // A layout has a value (a key counting as one) about every 7 bytes: room for one every 4 spares the array's
        // growth, which copies it.
        values.reserveCapacity(bytes.count / 4)
    }

    package static func parse(_ bytes: [UInt8], keys: KeyTable) throws(JSONSyntaxError) -> JSONDocument {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in
            var parser = JSONParser(buffer, keys: keys)
            // A UTF-8 byte order mark is tolerated.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
            try parser.value()
            parser.skipWhitespace()
            guard parser.index == bytes.count else { throw parser.error("expected the end of the document after the top-level value") }
            return JSONDocument(text: parser.decoded.isEmpty ? bytes : bytes + parser.decoded, values: parser.values)
        }
    }

    private func error(_ message: String) -> JSONSyntaxError { JSONSyntaxError(line: line, message: message) }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Skips spaces, tabs and line ends, counting lines. Inlined for its first byte: most calls find no whitespace.
    @inline(__always)
    private mutating func skipWhitespace() {
        if index < bytes.count && bytes[index] <= UInt8(ascii: " ") { skipWhitespaceFrom() }
    }

    private mutating func skipWhitespaceFrom() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"): line += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
            default: return
            }
            index += 1
        }
    }

    /// Reads a value into `values` (with the values inside it).
    private mutating func value() throws(JSONSyntaxError) {
        skipWhitespace()
        let start = line
        guard let byte = current else { throw error("expected a value, found the end of the file") }
        let content: JSONValue.Content
        switch byte {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): content = .string(try string())
        case UInt8(ascii: "t"): try literal("true"); content = .bool(true)
        case UInt8(ascii: "f"): try literal("false"); content = .bool(false)
        case UInt8(ascii: "n"): try literal("null"); content = .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): content = .number(try number())
        default: throw error("expected a value, found \(Self.describe(byte))")
        }
        values.append(JSONValue(content: content, line: start))
    }

    static func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }

    @inline(__always)
    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        for expected in word.utf8 {
            guard current == expected else { throw error("expected '\(word)'") }
            index += 1
        }
    }

    @inline(__always)
    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
    }

    /// Reads an object: its value, then its members; its value is written once they are read.
    private mutating func object() throws(JSONSyntaxError) {
        try enter()
        defer { depth -= 1 }
        let place = values.count
        values.append(JSONValue(content: .object(count: 0, end: place + 1, keys: KeySet()), line: line))
        index += 1
        var members = 0
        var keys: KeySet? = KeySet()
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a member name in double quotes") }
            let (number, name) = try memberName()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after \"\(string(name))\"") }
            index += 1
            values.append(JSONValue(content: .key(number, name), line: line))
            if let number, keys?.insert(number) == true {} else { keys = nil }
            try value()
            members += 1
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                values[place].content = .object(count: members, end: values.count, keys: keys)
                return
            default: throw error("expected ',' or '}' in an object")
            }
        }
    }

    /// Reads an array: its value, then its elements; its value is written once they are read.
    private mutating func array() throws(JSONSyntaxError) {
        try enter()
        defer { depth -= 1 }
        let place = values.count
        values.append(JSONValue(content: .array(count: 0, end: place + 1), line: line))
        index += 1
        var elements = 0
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return
        }
        while true {
            try value()
            elements += 1
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                values[place].content = .array(count: elements, end: values.count)
                return
            default: throw error("expected ',' or ']' in an array")
            }
        }
    }

    /// A string, as a range of `text`: read where it lies when it has no escape (nearly every string of a layout), else
    /// decoded by `escapedString` and added after the document. The same errors at the same places either way: a
    /// control character or the end of the file as the scan meets it, invalid UTF-8 where the text before a quote or a
    /// backslash is taken.
    @inline(__always)
    private mutating func string() throws(JSONSyntaxError) -> Range<Int> {
        index += 1
        let start = index
        var isASCII = true
        while true {
            endsPlainRun.withUnsafeBufferPointer { endsPlainRun in
                while index < bytes.count && !endsPlainRun[Int(bytes[index])] { index += 1 }
            }
            guard let byte = current else { throw error("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                let range = start..<index
                index += 1
                guard isASCII || String(validating: bytes[range], as: UTF8.self) != nil else { throw error("invalid UTF-8 in a string") }
                return range
            case UInt8(ascii: "\\"):
                index = start
                return try escapedString()
            case ..<0x20:
                throw error("control character in a string (escape it)")
            default:
                isASCII = false
                index += 1
            }
        }
    }

    /// For each byte, whether it ends a run of plain ASCII in a string: a quote, a backslash, a control character, or
    /// a byte from 0x80. (A table: one lookup a byte, instead of four comparisons.)
    private let endsPlainRun = Self.plainRunEnds
    private static let plainRunEnds: [Bool] = (0...255).map { byte in
        byte == Int(UInt8(ascii: "\"")) || byte == Int(UInt8(ascii: "\\")) || byte < 0x20 || byte >= 0x80
    }

    /// A string with escapes, from just after its opening quote: decoded, and added to `decoded`.
    private mutating func escapedString() throws(JSONSyntaxError) -> Range<Int> {
        var text: [UInt8] = []
        /// Where the bytes since the last escape begin: valid UTF-8 or not, they are taken at the next escape or quote.
        var run = index
        func take(upTo end: Int) throws(JSONSyntaxError) {
            guard String(validating: bytes[run..<end], as: UTF8.self) != nil else { throw error("invalid UTF-8 in a string") }
            text.append(contentsOf: bytes[run..<end])
        }
        func add(_ scalar: Unicode.Scalar) {
            UTF8.encode(scalar) { text.append($0) }
        }
        while true {
            guard let byte = current else { throw error("unterminated string") }
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                try take(upTo: index - 1)
                let start = bytes.count + decoded.count
                decoded.append(contentsOf: text)
                return start..<start + text.count
            case UInt8(ascii: "\\"):
                try take(upTo: index - 1)
                guard let escape = current else { throw error("unterminated string") }
                index += 1
                switch escape {
                case UInt8(ascii: "\""): add("\"")
                case UInt8(ascii: "\\"): add("\\")
                case UInt8(ascii: "/"): add("/")
                case UInt8(ascii: "b"): add("\u{8}")
                case UInt8(ascii: "f"): add("\u{C}")
                case UInt8(ascii: "n"): add("\n")
                case UInt8(ascii: "r"): add("\r")
                case UInt8(ascii: "t"): add("\t")
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
                    add(scalar)
                default:
                    throw error("invalid escape in a string")
                }
                run = index
            default:
                guard byte >= 0x20 else { throw error("control character in a string (escape it)") }
            }
        }
    }

    /// The string at `range` of the document's text (`bytes`, then `decoded`).
    private func string(_ range: Range<Int>) -> String {
        range.lowerBound < bytes.count
            ? String(decoding: bytes[range], as: UTF8.self)
            : String(decoding: decoded[range.lowerBound - bytes.count..<range.upperBound - bytes.count], as: UTF8.self)
    }

    /// A member name, from its opening quote: its number in `keys` (nil: a key it does not know) and its text. A
    /// name of plain ASCII (nearly every one) is looked up where it lies; another is read as any string first.
    @inline(__always)
    private mutating func memberName() throws(JSONSyntaxError) -> (number: Int?, text: Range<Int>) {
        let start = index + 1
        var end = start
        endsPlainRun.withUnsafeBufferPointer { endsPlainRun in
            while end < bytes.count && !endsPlainRun[Int(bytes[end])] { end += 1 }
        }
        if end < bytes.count && bytes[end] == UInt8(ascii: "\"") {
            index = end + 1
            return (keys.number(of: start..<end, in: bytes), start..<end)
        }
        let text = try string()
        if text.lowerBound < bytes.count { return (keys.number(of: text, in: bytes), text) }
        let decodedText = text.lowerBound - bytes.count..<text.upperBound - bytes.count
        return (decoded.withUnsafeBufferPointer { keys.number(of: decodedText, in: $0) }, text)
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
    @inline(__always)
    private mutating func number() throws(JSONSyntaxError) -> Double {
        let start = index
        var significand: UInt64 = 0
        var significandDigits = 0
        /// Reads digits, adding them to the significand when `intoSignificand`; returns how many there were.
        /// (Wrapping arithmetic: a significand of 15 digits and a count of the document's bytes cannot overflow.)
        func digits(intoSignificand: Bool) -> Int {
            let from = index
            while index < bytes.count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                if intoSignificand {
                    if significandDigits < Self.exactDigits { significand = significand &* 10 &+ UInt64(digit) }
                    significandDigits &+= 1
                }
                index &+= 1
            }
            return index &- from
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
        let written = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let number = Double(written) else { throw error("unreadable number \(written)") }
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
