// Over 400 lines for a reason: evemu's whole line syntax (every header line kind, the event lines, and the fast
// scanner of plain event lines with the rules it must agree with) in one place, so that the two readings of an event
// line cannot drift apart.
import EvdevModel
import GestureCore
import SystemCalls

/// The byte-level grammar of evemu lines. Parsing an event line allocates nothing: it reads the bytes
/// in place. Only a failure builds a message, by parsing the line again to say what is wrong.
enum EvemuSyntax: TextBytes {
    typealias Bytes = UnsafeBufferPointer<UInt8>

    static let dot: UInt8 = 0x2E
    static let minus: UInt8 = 0x2D


    @inline(__always)
    static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    // MARK: Lines

    /// What kind of line this is, by its first bytes.
    enum LineKind: Equatable {
        /// Empty, or only blanks.
        case blank
        /// A `#` comment, possibly after blanks.
        case comment
        /// `E:`
        case event
        /// `N:`, `I:`, `P:`, `B:`, `A:`, `L:` or `S:`; the tag letter.
        case description(UInt8)
        case unknown
    }

    static func kind(of line: Bytes) -> LineKind {
        var index = 0
        while index < line.count && isBlank(line[index]) { index += 1 }
        if index == line.count { return .blank }
        if line[index] == hash { return .comment }
        guard index == 0, line.count >= 2, line[1] == colon else { return .unknown }
        switch line[0] {
        case UInt8(ascii: "E"): return .event
        case UInt8(ascii: "N"), UInt8(ascii: "I"), UInt8(ascii: "P"), UInt8(ascii: "B"), UInt8(ascii: "A"),
            UInt8(ascii: "L"), UInt8(ascii: "S"):
            return .description(line[0])
        default: return .unknown
        }
    }

    /// The end of a line's data: the first `#` (evemu 1.1+ allows comments after data), else the line's end.
    @inline(__always)
    static func dataEnd(_ line: Bytes, from start: Int) -> Int {
        var index = start
        while index < line.count && line[index] != hash { index += 1 }
        return index
    }

    /// The next blank-separated token in `line[index..<end]`: its bounds, and `index` moved past it.
    @inline(__always)
    static func nextToken(_ line: Bytes, _ index: inout Int, end: Int) -> Range<Int>? {
        while index < end && isBlank(line[index]) { index += 1 }
        guard index < end else { return nil }
        let start = index
        while index < end && !isBlank(line[index]) { index += 1 }
        return start..<index
    }

    /// The blank-separated tokens of a line's data (before any `#`), after its two-byte tag, as strings.
    /// For messages and description lines, where allocating is fine.
    static func tokens(_ line: Bytes) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var index = 2
        let end = dataEnd(line, from: 2)
        while let token = nextToken(line, &index, end: end) { result.append(token) }
        return result
    }

    // MARK: Numbers

    enum TimestampResult {
        case value(Int64)
        /// Not `digits.digits`.
        case malformed
        /// More than six digits of microseconds.
        case tooManyMicrosecondDigits(Int)
        /// sec × 10⁶ + usec overflows Int64.
        case outOfRange
    }

    /// `sec.usec`: decimal seconds, a dot, and an integer number of microseconds in 1–6 decimal digits,
    /// read base 10 with or without zero padding ("1.10000" is 10000 µs, as evemu's `%06u` reads it).
    static func timestamp(_ line: Bytes, _ range: Range<Int>) -> TimestampResult {
        var index = range.lowerBound
        var seconds: Int64 = 0
        var overflow = false
        let secondsStart = index
        while index < range.upperBound, let digit = decimalDigit(line[index]) {
            if !overflow {
                let (times10, o1) = seconds.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times10.addingReportingOverflow(Int64(digit))
                overflow = o1 || o2
                seconds = sum
            }
            index += 1
        }
        guard index > secondsStart, index < range.upperBound, line[index] == dot else { return .malformed }
        index += 1
        let microsecondsStart = index
        var microseconds: Int64 = 0
        while index < range.upperBound, let digit = decimalDigit(line[index]) {
            if index - microsecondsStart < 6 { microseconds = microseconds * 10 + Int64(digit) }
            index += 1
        }
        let digits = index - microsecondsStart
        guard digits > 0, index == range.upperBound else { return .malformed }
        guard digits <= 6 else { return .tooManyMicrosecondDigits(digits) }
        if overflow { return .outOfRange }
        let (scaled, o1) = seconds.multipliedReportingOverflow(by: 1_000_000)
        let (total, o2) = scaled.addingReportingOverflow(microseconds)
        return o1 || o2 ? .outOfRange : .value(total)
    }

    /// An unsigned hexadecimal number (no `0x`), at most `limit`. Nil when malformed or above the limit.
    static func hex(_ line: Bytes, _ range: Range<Int>, limit: UInt32) -> UInt32? {
        guard !range.isEmpty else { return nil }
        var value: UInt32 = 0
        for index in range {
            guard let digit = hexDigit(line[index]) else { return nil }
            value = value * 16 + UInt32(digit)
            if value > limit { return nil }
        }
        return value
    }

    /// A signed decimal number with an optional sign, within Int32. Nil when malformed or out of range.
    static func int32(_ line: Bytes, _ range: Range<Int>) -> Int32? {
        guard !range.isEmpty else { return nil }
        var index = range.lowerBound
        var negative = false
        if line[index] == minus || line[index] == plus {
            negative = line[index] == minus
            index += 1
        }
        guard index < range.upperBound else { return nil }
        var magnitude: Int64 = 0
        while index < range.upperBound {
            guard let digit = decimalDigit(line[index]) else { return nil }
            magnitude = magnitude * 10 + Int64(digit)
            if magnitude > Int64(Int32.max) + 1 { return nil }
            index += 1
        }
        let value = negative ? -magnitude : magnitude
        guard value >= Int64(Int32.min) && value <= Int64(Int32.max) else { return nil }
        return Int32(value)
    }

    // MARK: Event lines

    /// `E: sec.usec type code value`, with an optional `# comment`. Nil when the line is not exactly
    /// that; `eventProblem` then says why.
    static func event(_ line: Bytes) -> InputEvent? {
        var index = 2
        let end = dataEnd(line, from: 2)
        guard let timeToken = nextToken(line, &index, end: end),
            let typeToken = nextToken(line, &index, end: end),
            let codeToken = nextToken(line, &index, end: end),
            let valueToken = nextToken(line, &index, end: end),
            nextToken(line, &index, end: end) == nil
        else { return nil }
        guard case .value(let microseconds) = timestamp(line, timeToken),
            let type = hex(line, typeToken, limit: 0xFFFF),
            let code = hex(line, codeToken, limit: 0xFFFF),
            let value = int32(line, valueToken)
        else { return nil }
        return InputEvent(time: Timestamp(microseconds: microseconds), type: UInt16(type), code: UInt16(code), value: value)
    }

    /// The event of a plain, well-formed `E:` line, read in one pass over its bytes; nil for any other
    /// line, which then takes the validating path (`EvemuReader.use(of:…)`, then `event` and
    /// `eventProblem`). Whatever this accepts, the validating path accepts too, as the same event (see
    /// `EvemuOnePassTests` and the fuzz-evemu target, which compare the two); it leaves much that the
    /// validating path accepts, or refuses with a message, so that it stays short.
    ///
    /// The grammar, byte by byte from the line's first byte (`SP` one space, `blank` a space or a tab):
    ///
    ///     E: SP sec . usec SP type SP code SP value [blank…] [# comment]
    ///
    /// - `sec`: 1 to 12 decimal digits (evemu writes `%lu`): at most 999,999,999,999 s, so the time in
    ///   µs cannot overflow;
    /// - `usec`: 1 to 6 decimal digits, read base 10 with or without zero padding (`%06u`);
    /// - `type`, `code`: 1 to 4 hexadecimal digits, either case (`%04x`);
    /// - `value`: an optional `-`, then 1 to 9 decimal digits (`%04d`, `-001`): within Int32 by length;
    /// - then the line's end, or a `#` comment (its bytes are not looked at), after blanks or none.
    ///
    /// Left to the validating path: leading blanks, more than one blank between fields, tabs between
    /// them, a `+` sign, longer numbers, and anything else.
    ///
    /// - Precondition: `line` is followed in memory by its line end, an LF or a CR, which stops every scan
    ///   here: no scan checks where the line ends; and after that, by `LineReader.readAheadSlack` bytes that can
    ///   be read (a scan reads a few bytes at once). The line holds no NUL byte and is within the line limit
    ///   (the reader checks every line for those first): `EvemuReader.readEvent`.
    static func plainEvent(_ line: Bytes) -> InputEvent? {
        guard line.count >= 12, let start = line.baseAddress else { return nil }
        assert(start[line.count] == 0x0A || start[line.count] == 0x0D, "a line followed by its line end")
        guard let (event, after) = plainEventData(at: start), case let end = afterBlanks(after),
            end == start + line.count || end.pointee == hash
        else { return nil }
        return event
    }

    /// The event of a plain `E:` line ended by an LF, with no comment, read in one pass from `start` (the
    /// grammar of `plainEvent`, without the comment), and where its LF is; nil for any other line.
    ///
    /// - Precondition: the bytes from `start` on hold an LF or a 0 byte, which stops every scan, followed by
    ///   `LineReader.readAheadSlack` bytes that can be read: the line reader's unread bytes
    ///   (`LineReader.unreadLines`). An LF found so is the line's own, and the bytes before it are neither an LF
    ///   nor a CR nor a NUL: the line is whole, as the validating path reads it.
    @inline(__always)
    static func plainEventLine(at start: UnsafePointer<UInt8>) -> (event: InputEvent, lineFeed: UnsafePointer<UInt8>)? {
        guard let (event, after) = plainEventData(at: start) else { return nil }
        if after.pointee == 0x0A { return (event, after) }  // nearly every line ends right after its value
        let end = afterBlanks(after)
        return end.pointee == 0x0A ? (event, end) : nil
    }

    /// The events of the plain `E:` lines from `start` on (`plainEventLine`), as many as come in a row and fit in
    /// `events`: their number, and where the line after them begins. (A function of its own, not inlined into
    /// `EvemuReader.read(into:)`, so that its loop keeps its values in registers rather than on the stack:
    /// docs/performance.md.)
    ///
    /// - Precondition: as `plainEventLine`'s.
    @inline(never)
    static func plainEventLines(at start: UnsafePointer<UInt8>, into events: UnsafeMutableBufferPointer<InputEvent>)
        -> (count: Int, next: UnsafePointer<UInt8>)
    {
        guard let first = events.baseAddress else { return (0, start) }
        var position = start
        var next = first
        let end = first + events.count
        while next < end, let (event, lineFeed) = plainEventLine(at: position) {
            next.initialize(to: event)
            next += 1
            position = lineFeed + 1
        }
        return (first.distance(to: next), position)
    }

    /// `plainEvent`'s grammar up to its value (`E: sec.usec type code value`): the event and the first byte
    /// after the value, for the caller to check (blanks, then a line end or a `#`).
    @inline(__always)
    private static func plainEventData(at start: UnsafePointer<UInt8>) -> (InputEvent, UnsafePointer<UInt8>)? {
        var scanner = PlainEventScanner(at: start)
        // Each number's digits are followed by a byte the next step expects, which is no digit (a dot, a space,
        // a blank or the line's end): that step refuses a number longer than its limit.
        guard scanner.skipEventTag(),
            let seconds = scanner.decimal(maxDigits: 12),
            let microseconds = scanner.microseconds(),
            let (type, code) = scanner.typeAndCode()
        else { return nil }
        let negative = scanner.skip(minus)
        guard let magnitude = scanner.decimal(maxDigits: 9) else { return nil }
        let event = InputEvent(time: Timestamp(microseconds: seconds &* 1_000_000 &+ microseconds),
                               type: type, code: code, value: Int32(truncatingIfNeeded: negative ? -magnitude : magnitude))
        return (event, scanner.position)
    }

    /// The first byte from `position` on that is no blank.
    @inline(__always)
    private static func afterBlanks(_ position: UnsafePointer<UInt8>) -> UnsafePointer<UInt8> {
        var position = position
        while isBlank(position.pointee) { position += 1 }
        return position
    }

    /// `plainEvent`'s cursor: each step reads the bytes of one piece of the grammar, once. The line end
    /// after the line is no digit, no blank and none of the bytes `skip` is given, so every step stops
    /// there at the latest.
    ///
    /// Some steps load several bytes at once, without checking where the line ends: each load begins at or
    /// before the line end and reads at most 8 bytes past it, where the line reader's buffer has room past
    /// its sentinel (`LineReader.readAheadSlack`). A step uses such bytes only once it has checked them.
    /// Six digits of microseconds and four-digit types and codes, as evemu writes them, are read so; any other
    /// length byte by byte.
    private struct PlainEventScanner {
        private(set) var position: UnsafePointer<UInt8>

        init(at start: UnsafePointer<UInt8>) { position = start }

        /// Moves past `byte` if it is the next one.
        @inline(__always)
        mutating func skip(_ byte: UInt8) -> Bool {
            guard position.pointee == byte else { return false }
            position += 1
            return true
        }

        /// Moves past `E: `, if those are the next three bytes (one 4-byte load and one comparison, not three).
        @inline(__always)
        mutating func skipEventTag() -> Bool {
            let word = UInt32(littleEndian: UnsafeRawPointer(position).loadUnaligned(as: UInt32.self))
            guard word & 0x00FF_FFFF == 0x20_3A_45 else { return false }  // the first byte is the lowest
            position += 3
            return true
        }

        /// 1 to `maxDigits` decimal digits, and as many as there are up to that: the byte after them is for the
        /// caller to check. (A loop of at most `maxDigits` turns, which the compiler unrolls. Reading up to 7
        /// digits as one word did not pay: it costs more than the loop for the few digits a trace's values have;
        /// docs/performance.md.)
        @inline(__always)
        mutating func decimal(maxDigits: Int) -> Int64? {
            let end = position + maxDigits
            guard case let first = position.pointee &- 0x30, first < 10 else { return nil }
            var value = Int64(first)
            position += 1
            while position < end, case let digit = position.pointee &- 0x30, digit < 10 {
                value = value &* 10 &+ Int64(digit)
                position += 1
            }
            return value
        }

        /// `.usec SP`: a timestamp's microseconds, 1 to 6 decimal digits between its dot and a space.
        @inline(__always)
        mutating func microseconds() -> Int64? {
            // Six digits, as evemu writes them (`%06u`): the dot, the digits and the space are one 8-byte word,
            // checked at once and combined at once, rather than the six digits as one word and the dot, the space
            // and the byte after the digits apart (docs/performance.md).
            let word = UInt64(littleEndian: UnsafeRawPointer(position).loadUnaligned(as: UInt64.self))
            // A byte is a digit, 0x30...0x39, when its high half is 3 and stays 3 once 6 is added (no carry can
            // cross into the next byte when every high half is 3). The lowest byte is the first.
            let expected: UInt64 = 0x20_30_30_30_30_30_30_2E, mask: UInt64 = 0xFF_F0_F0_F0_F0_F0_F0_FF
            if word & mask == expected, (word &+ 0x00_06_06_06_06_06_06_00) & mask == expected {
                position += 8
                return Int64(Self.eightDigitValue((word & 0x00_0F_0F_0F_0F_0F_0F_00) << 8))
            }
            // Fewer digits, unpadded, as our own writer (`EvemuFormat`) writes under 100,000 µs: the same word, its
            // digits counted and shifted to the top, for less than the loop (docs/performance.md).
            let after = word >> 8  // the bytes after the dot; the top byte is 0, no digit
            let count = Self.leadingDigitCount(after)
            if UInt8(truncatingIfNeeded: word) == dot, count > 0, UInt8(truncatingIfNeeded: after >> (8 * count)) == space {
                position += count + 2
                return Int64(Self.eightDigitValue((after & 0x0F0F_0F0F_0F0F_0F0F) << (64 - 8 * count)))
            }
            guard skip(dot), let microseconds = decimal(maxDigits: 6), skip(space) else { return nil }
            return microseconds
        }

        /// How many bytes of `word`, from its lowest, are decimal digits before the first that is none (8 if all are).
        @inline(__always)
        static func leadingDigitCount(_ word: UInt64) -> Int {
            // A digit, 0x30...0x39, is a byte whose high half is 3 and stays 3 once 6 is added: its two halves
            // side by side are 0x33. Only a byte of 0xFA or more carries into the next one, after it.
            let ones: UInt64 = 0x0101_0101_0101_0101, highHalves = ones &* 0xF0
            let halves = (word & highHalves) | ((word &+ ones &* 6) & highHalves) >> 4
            return (halves ^ (ones &* 0x33)).trailingZeroBitCount >> 3
        }

        /// The value of eight decimal digits, the value of one in each byte of `digits` from its lowest, the
        /// first the most significant: combined two, four and eight at a time (Lemire, "Fast float parsing in
        /// practice", `parse_eight_digits_unrolled`).
        @inline(__always)
        static func eightDigitValue(_ digits: UInt64) -> UInt32 {
            let pairs = digits &* 10 &+ digits >> 8  // the low byte of each 16 bits: two digits' value
            let lanes: UInt64 = 0x0000_00FF_0000_00FF
            let value = ((pairs & lanes) &* (100 + 1_000_000 << 32) &+ ((pairs >> 16) & lanes) &* (1 + 10_000 << 32)) >> 32
            return UInt32(truncatingIfNeeded: value)
        }

        /// `type SP code SP`: an event's type and code, each 1 to 4 hexadecimal digits, and the spaces after them.
        @inline(__always)
        mutating func typeAndCode() -> (type: UInt16, code: UInt16)? {
            // Four digits each, as evemu writes them (`%04x %04x `): the eight digits are read as one 8-byte word
            // (the type's four bytes, the code's four above them), checked and combined at once, where looking
            // each byte up cost more at every event (docs/performance.md). The
            // code's bytes may be past the line's end (then the check fails); the space after the code is read
            // once the bytes before it are known to be none.
            let type = UInt32(littleEndian: UnsafeRawPointer(position).loadUnaligned(as: UInt32.self))
            let code = UInt32(littleEndian: UnsafeRawPointer(position + 5).loadUnaligned(as: UInt32.self))
            if position[4] == space, let value = Self.hexValue(ofEight: UInt64(type) | UInt64(code) << 32), position[9] == space {
                position += 10
                return value
            }
            guard let type = hex4(), skip(space), let code = hex4(), skip(space) else { return nil }
            return (type, code)
        }

        /// The values of two numbers of four hexadecimal digits each (either case), one digit a byte of `word`
        /// from its lowest, each number's most significant digit first; nil if any byte is no such digit.
        @inline(__always)
        static func hexValue(ofEight word: UInt64) -> (UInt16, UInt16)? {
            let ones: UInt64 = 0x0101_0101_0101_0101, highBits = ones &* 0x80
            // A byte below 0x80 is within lo...hi when adding 0x80 - lo sets its high bit and adding 0x7F - hi does
            // not (no such sum leaves its byte). A byte of 0x80 or more fails the check: its high bit is set.
            let digit = (word &+ ones &* (0x80 - 0x30)) & ~(word &+ ones &* (0x7F - 0x39))
            let lowerCase = word | (ones &* 0x20)  // `A`…`F` as `a`…`f`; no other byte becomes one of them
            let letter = (lowerCase &+ ones &* (0x80 - 0x61)) & ~(lowerCase &+ ones &* (0x7F - 0x66))
            guard (digit | letter) & ~word & highBits == highBits else { return nil }
            // A letter has 0x40 set, a digit has not: a digit's value is its low half, a letter's that + 9.
            var values = (word & (ones &* 0x0F)) &+ ((word >> 6) & ones) &* 9
            values = (values << 4 | values >> 8) & 0x00FF_00FF_00FF_00FF  // two digits a 16 bits, the first above
            values = (values << 8 | values >> 16) & 0x0000_FFFF_0000_FFFF  // four digits a 32 bits
            return (UInt16(truncatingIfNeeded: values), UInt16(truncatingIfNeeded: values >> 32))
        }

        /// 1 to 4 hexadecimal digits, not followed by another.
        @inline(__always)
        mutating func hex4() -> UInt16? {
            let start = position
            var value: UInt32 = 0
            while let digit = hexDigit(position.pointee) {
                value = value &<< 4 | UInt32(digit)
                position += 1
            }
            let count = start.distance(to: position)
            return count > 0 && count <= 4 ? UInt16(truncatingIfNeeded: value) : nil
        }
    }

    /// What is wrong with an `E:` line that `event` rejected.
    static func eventProblem(_ line: Bytes) -> String {
        let fields = tokens(line)
        guard fields.count == 4 else {
            return "expected 5 fields on an E: line (sec.usec type code value), found \(fields.count + 1)"
        }
        switch timestamp(line, fields[0]) {
        case .value:
            break
        case .malformed:
            return "expected a timestamp sec.usec (decimal seconds, a dot, decimal microseconds), found '\(text(line, fields[0]))'"
        case .tooManyMicrosecondDigits(let digits):
            return "expected at most 6 digits of microseconds in the timestamp, found \(digits) in '\(text(line, fields[0]))'"
        case .outOfRange:
            return "timestamp '\(text(line, fields[0]))' is out of range (at most 9223372036854.775807 seconds)"
        }
        if hex(line, fields[1], limit: 0xFFFF) == nil {
            return "expected a hexadecimal event type (0 to ffff), found '\(text(line, fields[1]))'"
        }
        if hex(line, fields[2], limit: 0xFFFF) == nil {
            return "expected a hexadecimal event code (0 to ffff), found '\(text(line, fields[2]))'"
        }
        if int32(line, fields[3]) == nil {
            return "expected a signed decimal value (32 bits), found '\(text(line, fields[3]))'"
        }
        return "malformed E: line"  // not reached: `event` accepts whatever passes every check above
    }

    // MARK: Text for messages

    /// Bytes as text for a message: printable ASCII as is, anything else as `\xNN`, cut after 40 bytes.
    static func text(_ line: Bytes, _ range: Range<Int>) -> String {
        var result = ""
        for index in range.prefix(40) {
            let byte = line[index]
            if byte >= 0x20 && byte < 0x7F && byte != 0x27 {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += TerminalText.hexEscape(byte)
            }
        }
        if range.count > 40 { result += "…" }
        return result
    }

    static func text(_ line: Bytes) -> String { text(line, 0..<line.count) }
}
