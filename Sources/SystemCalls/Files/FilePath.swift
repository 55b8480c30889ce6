/// A file's path as the system knows it: bytes.
///
/// On Linux a file name is any bytes but `/` and NUL, not necessarily UTF-8, and a path given on the
/// command line must open that very file. Messages show a path through `description`, which writes the
/// bytes that are not UTF-8 as `\xNN`.
public struct FilePath: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The path's bytes, without a terminating NUL.
    public var bytes: [UInt8]

    /// The path made of `bytes` (without a terminating NUL), UTF-8 or not.
    public init(bytes: some Sequence<UInt8>) {
        self.bytes = Array(bytes)
    }

    /// The path whose bytes are `string`'s UTF-8.
    public init(_ string: String) {
        self.bytes = Array(string.utf8)
    }

    public init(stringLiteral string: String) {
        self.init(string)
    }

    /// The path for messages: its text, with each byte that is not part of valid UTF-8, and each control
    /// character (`TerminalText`), written `\xNN` (`caf\xe9.evemu` for a name in Latin-1).
    public var description: String {
        var result = ""
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                if TerminalText.isControl(scalar) {
                    for byte in bytes[offset..<offset + encoded.count] { result += TerminalText.hexEscape(byte) }
                } else {
                    result.unicodeScalars.append(scalar)
                }
                offset += encoded.count
            case .error(let length):
                for byte in bytes[offset..<offset + length] { result += TerminalText.hexEscape(byte) }
                offset += length
            case .emptyInput:
                return result
            }
        }
    }

    /// Calls `body` with the path as a NUL-terminated C string.
    public func withCString<Result, Failure: Error>(
        _ body: (UnsafePointer<CChar>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let terminated = bytes + [0]
        return try terminated.withUnsafeBufferPointer { (buffer) throws(Failure) -> Result in
            try buffer.withMemoryRebound(to: CChar.self) { (characters) throws(Failure) -> Result in
                try body(characters.baseAddress!)
            }
        }
    }

    /// The path with `suffix` added at its end: `trace.evemu` and `.layout.json` give `trace.evemu.layout.json`.
    public func appending(_ suffix: String) -> FilePath {
        FilePath(bytes: bytes + Array(suffix.utf8))
    }

    /// Where the last component (the file's name) begins: after the last `/`.
    private var nameStart: Int {
        (bytes.lastIndex(of: Self.slash) ?? -1) + 1
    }

    /// The file's name, the last component of the path, as `description` shows it (a picture's title).
    public var lastComponent: String {
        FilePath(bytes: bytes[nameStart...]).description
    }

    /// True when the file's name has no `.` at all.
    public var nameHasNoDot: Bool {
        !bytes[nameStart...].contains(Self.dot)
    }

    /// The path without the file name's last extension (`dir/a.b.events` gives `dir/a.b`); nil when the
    /// name has none (no `.`, or only a leading one, as in `.hidden`).
    public func removingExtension() -> FilePath? {
        let start = nameStart
        guard let dot = bytes[start...].lastIndex(of: Self.dot), dot != start else { return nil }
        return FilePath(bytes: bytes[..<dot])
    }

    /// True when the path ends with `suffix`, compared without regard to ASCII case (`.YML`, `.yml`).
    public func hasSuffix(ignoringCase suffix: String) -> Bool {
        let tail = Array(suffix.utf8)
        guard bytes.count >= tail.count else { return false }
        return zip(bytes[(bytes.count - tail.count)...], tail).allSatisfy { asciiLowercase($0) == asciiLowercase($1) }
    }

    private static let slash = UInt8(ascii: "/")
    private static let dot = UInt8(ascii: ".")
}

private func asciiLowercase(_ byte: UInt8) -> UInt8 {
    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 0x20 : byte
}
