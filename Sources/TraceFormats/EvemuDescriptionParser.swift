import EvdevModel
import SystemCalls

/// Builds a `DeviceDescription` from the description lines of an evemu file (or of `evemu-describe`
/// output), versions 1.0 to 1.3.
///
/// `A:` lines may have 4 numbers (versions ≤ 1.1) or 5 (≥ 1.2, with the resolution) whatever the version
/// line says: real files disagree with their version line (the N-Trig and SynPS2 descriptions have no
/// version line but five… or four numbers, `n4.desc` says 1.1). The order of the lines is not checked;
/// only `N:` and `I:` are required.
struct EvemuDescriptionParser {
    private(set) var name: String?
    private var id: InputID?
    private var properties = CodeSet()
    private var codes: [UInt16: CodeSet] = [:]
    private var absinfo: [UInt16: AbsInfo] = [:]
    private var propertyLines = 0
    private var maskLines: [UInt16: Int] = [:]
    /// True once any description line was seen.
    private(set) var hasLines = false

    let path: String

    init(path: String) {
        self.path = path
    }

    /// One description line (`N:`, `I:`, `P:`, `B:`, `A:`, `L:` or `S:`), whose tag is `tag`.
    mutating func parse(_ line: EvemuSyntax.Bytes, tag: UInt8, number: Int) throws(FileError) {
        hasLines = true
        switch tag {
        case UInt8(ascii: "N"): try parseName(line, number: number)
        case UInt8(ascii: "I"): try parseID(line, number: number)
        case UInt8(ascii: "P"): try parseProperties(line, number: number)
        case UInt8(ascii: "B"): try parseMask(line, number: number)
        case UInt8(ascii: "A"): try parseAbs(line, number: number)
        case UInt8(ascii: "L"), UInt8(ascii: "S"): try parseState(line, tag: tag, number: number)
        default: preconditionFailure("not a description tag: \(tag)")
        }
    }

    /// The description; `N:` and `I:` must have been seen.
    func build() throws(FileError) -> DeviceDescription {
        guard let name else {
            throw FileError(.malformed, path: path, message: "expected an N: line (the device name) in the description")
        }
        guard let id else {
            throw FileError(.malformed, path: path, message: "expected an I: line (bus vendor product version) in the description")
        }
        return DeviceDescription(name: name, id: id, properties: properties, codes: codes, absinfo: absinfo)
    }

    // MARK: Lines

    private mutating func parseName(_ line: EvemuSyntax.Bytes, number: Int) throws(FileError) {
        guard name == nil else {
            throw error(number, "expected one N: line (one device per file), found a second one")
        }
        // The rest of the line is the name: `#` is not a comment here.
        var start = 2
        while start < line.count && EvemuSyntax.isBlank(line[start]) { start += 1 }
        guard start < line.count else { throw error(number, "expected the device name after N:") }
        name = String(decoding: UnsafeBufferPointer(rebasing: line[start...]), as: UTF8.self)
    }

    private mutating func parseID(_ line: EvemuSyntax.Bytes, number: Int) throws(FileError) {
        guard id == nil else {
            throw error(number, "expected one I: line (one device per file), found a second one")
        }
        let fields = EvemuSyntax.tokens(line)
        guard fields.count == 4 else {
            throw error(number, "expected 5 fields on an I: line (bus vendor product version, in hex), found \(fields.count + 1)")
        }
        var values: [UInt16] = []
        for field in fields {
            guard let value = EvemuSyntax.hex(line, field, limit: 0xFFFF) else {
                throw error(number, "expected a hexadecimal number (0 to ffff) on the I: line, found '\(EvemuSyntax.text(line, field))'")
            }
            values.append(UInt16(value))
        }
        id = InputID(bustype: values[0], vendor: values[1], product: values[2], version: values[3])
    }

    private mutating func parseProperties(_ line: EvemuSyntax.Bytes, number: Int) throws(FileError) {
        let fields = EvemuSyntax.tokens(line)
        guard fields.count == 8 else {
            throw error(number, "expected 9 fields on a P: line (8 hexadecimal bytes), found \(fields.count + 1)")
        }
        guard propertyLines < 4 else {
            throw error(number, "expected at most 4 P: lines (properties 0 to 1f)")
        }
        for (offset, field) in fields.enumerated() {
            guard let byte = EvemuSyntax.hex(line, field, limit: 0xFF) else {
                throw error(number, "expected a hexadecimal byte (00 to ff) on the P: line, found '\(EvemuSyntax.text(line, field))'")
            }
            properties.formUnion(byte: UInt8(byte), at: propertyLines * 8 + offset)
        }
        propertyLines += 1
    }

    private mutating func parseMask(_ line: EvemuSyntax.Bytes, number: Int) throws(FileError) {
        let fields = EvemuSyntax.tokens(line)
        guard fields.count == 9 else {
            throw error(number, "expected 10 fields on a B: line (event type and 8 hexadecimal bytes), found \(fields.count + 1)")
        }
        guard let type = EvemuSyntax.hex(line, fields[0], limit: UInt32(EventType.max)) else {
            throw error(number, "expected a hexadecimal event type (00 to 1f) on the B: line, found '\(EvemuSyntax.text(line, fields[0]))'")
        }
        let lineIndex = maskLines[UInt16(type), default: 0]
        // Each B: line of a type adds 8 bytes to its mask; 8192 bytes hold every 16-bit code.
        guard lineIndex < 1024 else {
            throw error(number, "expected at most 1024 B: lines for event type \(EvemuSyntax.text(line, fields[0]))")
        }
        var set = codes[UInt16(type)] ?? CodeSet()
        for (offset, field) in fields.dropFirst().enumerated() {
            guard let byte = EvemuSyntax.hex(line, field, limit: 0xFF) else {
                throw error(number, "expected a hexadecimal byte (00 to ff) on the B: line, found '\(EvemuSyntax.text(line, field))'")
            }
            set.formUnion(byte: UInt8(byte), at: lineIndex * 8 + offset)
        }
        codes[UInt16(type)] = set
        maskLines[UInt16(type)] = lineIndex + 1
    }

    private mutating func parseAbs(_ line: EvemuSyntax.Bytes, number: Int) throws(FileError) {
        let fields = EvemuSyntax.tokens(line)
        guard fields.count == 5 || fields.count == 6 else {
            throw error(number, "expected 6 or 7 fields on an A: line (axis min max fuzz flat [resolution]), found \(fields.count + 1)")
        }
        guard let code = EvemuSyntax.hex(line, fields[0], limit: UInt32(AbsCode.max)) else {
            throw error(number, "expected a hexadecimal axis (00 to 3f) on the A: line, found '\(EvemuSyntax.text(line, fields[0]))'")
        }
        var values: [Int32] = []
        for field in fields.dropFirst() {
            guard let value = EvemuSyntax.int32(line, field) else {
                throw error(number, "expected a decimal number (32 bits) on the A: line, found '\(EvemuSyntax.text(line, field))'")
            }
            values.append(value)
        }
        absinfo[UInt16(code)] = AbsInfo(
            minimum: values[0], maximum: values[1], fuzz: values[2], flat: values[3],
            resolution: values.count == 5 ? values[4] : 0)
    }

    /// `L:` (LED) and `S:` (switch) states: checked, then ignored; touch devices have none.
    private mutating func parseState(_ line: EvemuSyntax.Bytes, tag: UInt8, number: Int) throws(FileError) {
        let letter = tag == UInt8(ascii: "L") ? "L" : "S"
        let fields = EvemuSyntax.tokens(line)
        guard fields.count == 2 else {
            throw error(number, "expected 3 fields on an \(letter): line (code state), found \(fields.count + 1)")
        }
        guard EvemuSyntax.hex(line, fields[0], limit: 0xFFFF) != nil, EvemuSyntax.int32(line, fields[1]) != nil else {
            throw error(number, "expected a hexadecimal code and a decimal state on the \(letter): line")
        }
    }

    private func error(_ line: Int, _ message: String) -> FileError {
        FileError(.malformed, path: path, line: line, message: message)
    }
}
