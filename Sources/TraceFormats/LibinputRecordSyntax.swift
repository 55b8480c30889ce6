#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import EvdevModel
import GestureCore
import SystemCalls

/// The byte-level reading of the lines of a `libinput record` file, in the block layout libinput writes.
/// Reading a row allocates nothing: it reads the bytes in place.
enum LibinputRecordSyntax: TextBytes {
    typealias Bytes = UnsafeBufferPointer<UInt8>

    static let dash: UInt8 = 0x2D
    static let comma: UInt8 = 0x2C
    static let openBracket: UInt8 = 0x5B
    static let closeBracket: UInt8 = 0x5D
    static let openBrace: UInt8 = 0x7B
    static let doubleQuote: UInt8 = 0x22
    static let singleQuote: UInt8 = 0x27

    /// The index of the first byte at or after `index` that is not a blank (or the line's end).
    @inline(__always)
    static func skipBlanks(_ line: Bytes, from index: Int) -> Int {
        var index = index
        while index < line.count && isBlank(line[index]) { index += 1 }
        return index
    }

    // MARK: Text

    /// True when a byte of the line is not ASCII (checked eight bytes at a time).
    static func hasNonASCII(_ line: Bytes) -> Bool {
        guard let base = line.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= line.count {
            if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return true }
            index += 8
        }
        while index < line.count {
            if line[index] >= 0x80 { return true }
            index += 1
        }
        return false
    }

    /// True when the line is valid UTF-8 (without allocating).
    static func isValidUTF8(_ line: Bytes) -> Bool {
        var iterator = line.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    // MARK: Keys

    enum Key: Equatable {
        /// The key asked for, plain, followed by `:`; where its value (or comment) begins, after blanks.
        case key(valueStart: Int)
        /// Another key, or not a key.
        case other
        /// The key asked for, perhaps, written in a way this reader does not follow: quoted, tagged,
        /// anchored, complex (`? key`).
        case unusual
    }

    /// Whether `line[start...]` is the key `name`: `name:` (or `name :`), then a blank or the line's end.
    static func key(_ line: Bytes, at start: Int, _ name: StaticString) -> Key {
        let count = name.utf8CodeUnitCount
        let letters = name.utf8Start
        guard start < line.count else { return .other }
        switch line[start] {
        case doubleQuote, singleQuote, UInt8(ascii: "?"), UInt8(ascii: "&"), UInt8(ascii: "!"):
            // `"evdev":`, `? evdev`, `&anchor evdev:`, `!!str evdev:`: maybe this key, in YAML this reader
            // does not read. Anything else that begins so is not libinput record's layout either.
            return .unusual
        default:
            break
        }
        guard start + count <= line.count else { return .other }
        for offset in 0..<count where line[start + offset] != letters[offset] { return .other }
        let colon = skipBlanks(line, from: start + count)
        guard colon < line.count, line[colon] == Self.colon, colon + 1 == line.count || isBlank(line[colon + 1]) else {
            return .other
        }
        return .key(valueStart: skipBlanks(line, from: colon + 1))
    }

    /// True when `line[start...]` begins with a plain key: a plain scalar on the line, then `:` and a blank
    /// or the line's end (`udev:`, `libinput: [...]`).
    static func isPlainKey(_ line: Bytes, at start: Int) -> Bool {
        guard start < line.count else { return false }
        switch line[start] {
        case openBracket, closeBracket, openBrace, 0x7D, comma, hash, doubleQuote, singleQuote, UInt8(ascii: "&"),
            UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "%"), UInt8(ascii: "@"),
            UInt8(ascii: "`"):
            return false
        case dash, UInt8(ascii: "?"), colon:
            // `- `, `? `, `: ` are indicators; `-x`, `?x`, `:x` begin plain scalars.
            guard start + 1 < line.count, !isBlank(line[start + 1]) else { return false }
        default:
            break
        }
        var index = start + 1
        while index < line.count {
            if line[index] == colon && (index + 1 == line.count || isBlank(line[index + 1])) { return true }
            if line[index] == hash && isBlank(line[index - 1]) { return false }
            index += 1
        }
        return false
    }

    /// True when nothing but blanks and a comment follow `index`.
    @inline(__always)
    static func isEmptyValue(_ line: Bytes, at index: Int) -> Bool {
        index == line.count || line[index] == hash
    }

    // MARK: Flow collections and quoted strings

    /// True when the flow collections (`{…}`, `[…]`) and quoted strings that begin on the line, from
    /// `start`, also end on it. YAML lets them go on over the lines that follow, at any indentation, which
    /// the reading by indentation does not follow; libinput record writes each on one line.
    static func closesOnItsLine(_ line: Bytes, from start: Int) -> Bool {
        var depth = 0
        var index = start
        // Where a quoted string may begin: at the start of a value, a key or a flow collection's item.
        var valueMayBegin = true
        while index < line.count {
            let byte = line[index]
            switch byte {
            case hash where index == start || isBlank(line[index - 1]):
                return depth == 0
            case doubleQuote where valueMayBegin, singleQuote where valueMayBegin:
                index += 1
                var closed = false
                while index < line.count {
                    if line[index] == byte {
                        // `''` is a quote inside a single-quoted string.
                        if byte == singleQuote && index + 1 < line.count && line[index + 1] == singleQuote {
                            index += 2
                            continue
                        }
                        closed = true
                        break
                    }
                    // `\"` inside a double-quoted string.
                    index += byte == doubleQuote && line[index] == 0x5C ? 2 : 1
                }
                guard closed else { return false }
                valueMayBegin = false
            case openBracket, openBrace:
                depth += 1
                valueMayBegin = true
            case closeBracket, 0x7D:
                depth -= 1
                guard depth >= 0 else { return false }
                valueMayBegin = false
            case comma where depth > 0:
                valueMayBegin = true
            case colon where index + 1 == line.count || isBlank(line[index + 1]) || depth > 0:
                valueMayBegin = true
            case dash where valueMayBegin && (index + 1 == line.count || isBlank(line[index + 1])):
                break
            case space, tab:
                break
            default:
                valueMayBegin = false
            }
            index += 1
        }
        return depth == 0
    }

    // MARK: Rows

    /// True when a list item's value at `start` may go on over the lines that follow, as block YAML: it is
    /// empty, a block list (`- 0`), a complex key (`? `), or a block scalar (`|`, `>`). (A flow list or
    /// mapping over several lines fails to parse alone; a plain scalar is not a row either way.)
    static func mayContinueOnNextLines(_ line: Bytes, at start: Int) -> Bool {
        if isEmptyValue(line, at: start) { return true }
        switch line[start] {
        case dash, UInt8(ascii: "?"):
            return start + 1 == line.count || isBlank(line[start + 1])
        case UInt8(ascii: "|"), UInt8(ascii: ">"):
            return true
        default:
            return false
        }
    }

    /// `[sec, usec, type, code, value]` at `start`, then blanks and an optional `# comment`. Nil when the
    /// row is not exactly that, with five decimal integers (an optional sign, then digits) in range: the
    /// caller then has Yams read it, for YAML's other spellings of integers and for the error messages.
    static func row(_ line: Bytes, from start: Int) -> InputEvent? {
        guard start < line.count, line[start] == openBracket else { return nil }
        var index = start + 1
        guard let seconds = field(line, &index, terminator: comma), seconds >= 0,
            let microseconds = field(line, &index, terminator: comma), microseconds >= 0, microseconds <= 999_999,
            let type = field(line, &index, terminator: comma), type >= 0, type <= 0xFFFF,
            let code = field(line, &index, terminator: comma), code >= 0, code <= 0xFFFF,
            let value = field(line, &index, terminator: closeBracket), value >= Int64(Int32.min), value <= Int64(Int32.max)
        else { return nil }
        let after = skipBlanks(line, from: index)
        // A comment needs a blank before its `#`.
        guard after == line.count || (line[after] == hash && after > index) else { return nil }
        let (scaled, overflow1) = seconds.multipliedReportingOverflow(by: 1_000_000)
        let (time, overflow2) = scaled.addingReportingOverflow(microseconds)
        guard !overflow1 && !overflow2 else { return nil }
        return InputEvent(time: Timestamp(microseconds: time), type: UInt16(type), code: UInt16(code), value: Int32(value))
    }

    /// A decimal integer with an optional sign, between blanks, then `terminator`; `index` moves past it.
    @inline(__always)
    private static func field(_ line: Bytes, _ index: inout Int, terminator: UInt8) -> Int64? {
        var position = skipBlanks(line, from: index)
        var negative = false
        if position < line.count && (line[position] == dash || line[position] == plus) {
            negative = line[position] == dash
            position += 1
        }
        let digitsStart = position
        var magnitude: Int64 = 0
        while position < line.count {
            let digit = line[position] &- 0x30
            guard digit <= 9 else { break }
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(Int64(digit))
            guard !overflow1 && !overflow2 else { return nil }
            magnitude = sum
            position += 1
        }
        guard position > digitsStart else { return nil }
        position = skipBlanks(line, from: position)
        guard position < line.count, line[position] == terminator else { return nil }
        index = position + 1
        return negative ? -magnitude : magnitude
    }
}

/// The indentation and the beginning of a line of YAML in block layout.
struct LineShape {
    typealias Bytes = UnsafeBufferPointer<UInt8>

    enum Kind {
        /// Empty, blanks, or a comment.
        case blank
        /// Content after a tab in the indentation, which YAML does not allow (or reads otherwise).
        case tabIndented
        case content
    }

    var kind: Kind
    /// The number of spaces before the content.
    var indent: Int
    /// A block list's item: `-` then a blank or the line's end.
    var isDash: Bool
    /// Where the content begins: after the `-` and its blanks for an item, else `indent`.
    var contentStart: Int

    init(_ line: Bytes) {
        var index = 0
        while index < line.count && line[index] == LibinputRecordSyntax.space { index += 1 }
        indent = index
        isDash = false
        contentStart = index
        guard index < line.count, line[index] != LibinputRecordSyntax.hash else {
            kind = .blank
            return
        }
        if line[index] == LibinputRecordSyntax.tab {
            let next = LibinputRecordSyntax.skipBlanks(line, from: index)
            kind = LibinputRecordSyntax.isEmptyValue(line, at: next) ? .blank : .tabIndented
            return
        }
        kind = .content
        if line[index] == LibinputRecordSyntax.dash && (index + 1 == line.count || LibinputRecordSyntax.isBlank(line[index + 1])) {
            isDash = true
            contentStart = LibinputRecordSyntax.skipBlanks(line, from: index + 1)
        }
    }
}

/// Finds the first device's `events:` key in the lines of a recording's header, as libinput record writes
/// it: a top-level `devices:` list, whose first item has `events:` among its keys, after `evdev:`.
struct HeaderScan {
    enum Result: Equatable {
        /// A line of the header.
        case header
        /// The first device's `events:` key, at this column, and the column of the `-` of the devices:
        /// the header ends before this line.
        case events(column: Int, devicesColumn: Int)
        /// The document is not in libinput record's layout: its `devices:` or its first device are
        /// written otherwise, or the first device has no `events:` key.
        case notBlockLayout
    }

    private enum State {
        case top
        case awaitingFirstDevice
        /// In the first device, whose keys are at `keyColumn`; its `-` is at `dashColumn`.
        case firstDevice(keyColumn: Int, dashColumn: Int)
    }

    private var state = State.top

    mutating func next(_ line: LineShape.Bytes) -> Result {
        let shape = LineShape(line)
        guard shape.kind == .content else { return .header }
        switch state {
        case .top:
            guard shape.indent == 0, !shape.isDash,
                case .key(let valueStart) = LibinputRecordSyntax.key(line, at: 0, "devices")
            else { return .header }
            guard LibinputRecordSyntax.isEmptyValue(line, at: valueStart) else { return .notBlockLayout }
            state = .awaitingFirstDevice
            return .header
        case .awaitingFirstDevice:
            guard shape.isDash, !LibinputRecordSyntax.isEmptyValue(line, at: shape.contentStart),
                line[shape.contentStart] != LibinputRecordSyntax.openBrace
            else { return .notBlockLayout }
            if LibinputRecordSyntax.key(line, at: shape.contentStart, "events") != .other {
                // `events:` before the device's `evdev:`.
                return .notBlockLayout
            }
            state = .firstDevice(keyColumn: shape.contentStart, dashColumn: shape.indent)
            return .header
        case .firstDevice(let column, let dashColumn):
            // Less indented: the first device ended (the next device, or a top-level key) without `events:`.
            guard shape.indent >= column else { return .notBlockLayout }
            guard shape.indent == column, !shape.isDash else { return .header }
            switch LibinputRecordSyntax.key(line, at: column, "events") {
            case .key(let valueStart):
                return LibinputRecordSyntax.isEmptyValue(line, at: valueStart)
                    ? .events(column: column, devicesColumn: dashColumn) : .notBlockLayout
            case .unusual:
                return .notBlockLayout
            case .other:
                return .header
            }
        }
    }
}
