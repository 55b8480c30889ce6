/// The little of the D-Bus wire protocol that feedbackd needs (the D-Bus specification, "Message Protocol"): a
/// method call with strings, an empty `a{sv}` and an `int32` written, and the header of what comes back read.
/// Little-endian out; either byte order in.
package struct DBusMethodCall: Sendable {
    package var destination: String
    package var path: String
    package var interface: String
    package var member: String
    /// The body's signature and arguments, in order.
    package var arguments: [DBusArgument] = []

    package init(destination: String, path: String, interface: String, member: String, arguments: [DBusArgument] = []) {
        self.destination = destination
        self.path = path
        self.interface = interface
        self.member = member
        self.arguments = arguments
    }

    /// The message, numbered `serial`.
    package func bytes(serial: UInt32) -> [UInt8] {
        var body = DBusWriter()
        for argument in arguments {
            switch argument {
            case .string(let text): body.string(text)
            case .emptyDictionary: body.emptyDictionary()
            case .int32(let value): body.uint32(UInt32(bitPattern: value))
            }
        }
        var message = DBusWriter()
        message.bytes([UInt8(ascii: "l"), 1, 0, 1])  // little-endian, METHOD_CALL, no flags, version 1
        message.uint32(UInt32(body.bytes.count))
        message.uint32(serial)
        var fields: [(UInt8, Character, String)] = [(1, "o", path), (2, "s", interface), (3, "s", member), (6, "s", destination)]
        let signature = arguments.map(\.signature).joined()
        if !signature.isEmpty { fields.append((8, "g", signature)) }
        message.array(elementAlignment: 8) { array in
            for (code, type, value) in fields {
                array.align(8)
                array.bytes([code])
                array.signature(String(type))
                if type == "g" { array.signature(value) } else { array.string(value) }
            }
        }
        message.align(8)
        message.bytes(body.bytes)
        return message.bytes
    }
}

/// An argument of a ``DBusMethodCall``.
package enum DBusArgument: Sendable, Hashable {
    case string(String)
    /// `a{sv}` with nothing in it: feedbackd's hints.
    case emptyDictionary
    case int32(Int32)

    var signature: String {
        switch self {
        case .string: "s"
        case .emptyDictionary: "a{sv}"
        case .int32: "i"
        }
    }
}

/// Writes D-Bus values, each aligned to its size from the message's start.
struct DBusWriter {
    private(set) var bytes: [UInt8] = []

    mutating func bytes(_ more: [UInt8]) { bytes += more }

    mutating func align(_ boundary: Int) {
        while bytes.count % boundary != 0 { bytes.append(0) }
    }

    mutating func uint32(_ value: UInt32) {
        align(4)
        bytes += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
    }

    mutating func string(_ text: String) {
        uint32(UInt32(text.utf8.count))
        bytes += Array(text.utf8) + [0]
    }

    mutating func signature(_ text: String) {
        bytes += [UInt8(text.utf8.count)] + Array(text.utf8) + [0]
    }

    /// An array whose elements `body` writes: its length excludes the padding before the first element.
    mutating func array(elementAlignment: Int, _ body: (inout DBusWriter) -> Void) {
        align(4)
        let lengthAt = bytes.count
        uint32(0)
        align(elementAlignment)
        let start = bytes.count
        body(&self)
        let length = UInt32(bytes.count - start)
        for index in 0..<4 { bytes[lengthAt + index] = UInt8(length >> (8 * index) & 0xFF) }
    }

    mutating func emptyDictionary() {
        array(elementAlignment: 8) { _ in }
    }
}

/// What a message that came in says to a caller waiting for a reply.
package struct DBusIncoming: Hashable, Sendable {
    /// 1 method call, 2 method return, 3 error, 4 signal.
    package var type: UInt8
    /// The serial of the call it answers (a return, an error); nil for the others.
    package var replySerial: UInt32?
    /// An error's name.
    package var errorName: String?
    /// An error's message: the body's first string, when its signature starts with one.
    package var errorMessage: String?

    package init(type: UInt8, replySerial: UInt32?, errorName: String?, errorMessage: String?) {
        self.type = type
        self.replySerial = replySerial
        self.errorName = errorName
        self.errorMessage = errorMessage
    }

    /// The bytes a whole message takes, from its first 16 (the fixed header and the fields' length); nil when they
    /// are no D-Bus message.
    package static func length(ofHeader header: [UInt8]) -> Int? {
        guard header.count >= 16, let reader = DBusReader(header) else { return nil }
        let body = Int(reader.uint32(at: 4))
        let fields = Int(reader.uint32(at: 12))
        return (16 + fields + 7) / 8 * 8 + body
    }

    /// The message in `bytes` (all of it); nil when it cannot be read.
    package init?(_ bytes: [UInt8]) {
        guard let reader = DBusReader(bytes), bytes.count >= 16 else { return nil }
        type = bytes[1]
        let fieldsEnd = 16 + Int(reader.uint32(at: 12))
        var offset = 16
        var signature = ""
        while offset < fieldsEnd {
            offset = (offset + 7) / 8 * 8
            guard offset + 2 < bytes.count else { return nil }
            let code = bytes[offset]
            guard let (type, afterSignature) = reader.signature(at: offset + 1) else { return nil }
            switch type {
            case "s", "o":
                guard let (text, next) = reader.string(at: afterSignature) else { return nil }
                if code == 4 { errorName = text }
                offset = next
            case "g":
                guard let (text, next) = reader.signature(at: afterSignature) else { return nil }
                if code == 8 { signature = text }
                offset = next
            case "u":
                let at = (afterSignature + 3) / 4 * 4
                guard at + 4 <= bytes.count else { return nil }
                if code == 5 { replySerial = reader.uint32(at: at) }
                offset = at + 4
            default:
                return nil  // no other header field has another type
            }
        }
        if type == 3 && signature.hasPrefix("s") {
            errorMessage = reader.string(at: (fieldsEnd + 7) / 8 * 8)?.0
        }
    }
}

/// Reads D-Bus values in the message's byte order.
struct DBusReader {
    let bytes: [UInt8]
    let littleEndian: Bool

    init?(_ bytes: [UInt8]) {
        guard let first = bytes.first, first == UInt8(ascii: "l") || first == UInt8(ascii: "B") else { return nil }
        self.bytes = bytes
        littleEndian = first == UInt8(ascii: "l")
    }

    func uint32(at offset: Int) -> UInt32 {
        let value = (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
        return littleEndian ? value : value.byteSwapped
    }

    /// A string at `offset` (aligned to 4 first), and the offset after it.
    func string(at offset: Int) -> (String, Int)? {
        let at = (offset + 3) / 4 * 4
        guard at + 4 <= bytes.count else { return nil }
        let length = Int(uint32(at: at))
        guard at + 4 + length < bytes.count else { return nil }
        return (String(decoding: bytes[(at + 4)..<(at + 4 + length)], as: UTF8.self), at + 5 + length)
    }

    /// A signature at `offset`, and the offset after it.
    func signature(at offset: Int) -> (String, Int)? {
        guard offset < bytes.count else { return nil }
        let length = Int(bytes[offset])
        guard offset + 1 + length < bytes.count else { return nil }
        return (String(decoding: bytes[(offset + 1)..<(offset + 1 + length)], as: UTF8.self), offset + 2 + length)
    }
}
