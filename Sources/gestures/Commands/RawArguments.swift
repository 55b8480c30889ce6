import ArgumentParser
import SystemCalls
import TraceFormats
import TracePlayback

#if canImport(Glibc)
import Glibc
#endif

/// The command line's arguments as bytes, carried through swift-argument-parser, which takes `String`s.
///
/// `CommandLine.arguments` replaces the bytes of an argument that are not UTF-8 with U+FFFD, so a file
/// whose name is not UTF-8 could not be named. Here each argument is read from `argv` as bytes and made a
/// `String` that keeps them all: a byte that is not part of valid UTF-8 becomes the private-use code
/// point U+10FE00 + byte (U+10FE80 to U+10FEFF, as such bytes are 80 to FF), and such a code point, or
/// U+10FE00, that the argument holds as valid UTF-8 gets U+10FE00 (the escape) before it. `bytes(of:)` turns
/// the text back into the very bytes. The parser splits arguments only at ASCII characters (`=`, `-`),
/// which leaves both alone.
enum RawArguments {
    /// Marks the code point after it as the argument's own.
    private static let escape: UInt32 = 0x10FE00
    /// The code points that stand for the bytes 80 to FF.
    private static let byteCarriers: ClosedRange<UInt32> = 0x10FE80...0x10FEFF

    /// The arguments after the command's name, as text that keeps their bytes.
    static func fromArgv() -> [String] {
        (1..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return "" }
            return text(keeping: UnsafeRawBufferPointer(start: argument, count: Int(strlen(argument))))
        }
    }

    /// `bytes` as text that keeps them (see the type's description).
    static func text(keeping bytes: some Collection<UInt8>) -> String {
        var result = String.UnicodeScalarView()
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var rest = bytes[...]
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                if scalar.value == escape || byteCarriers.contains(scalar.value) { result.append(Unicode.Scalar(escape)!) }
                result.append(scalar)
                rest = rest.dropFirst(encoded.count)
            case .error(let length):
                for byte in rest.prefix(length) { result.append(Unicode.Scalar(escape + UInt32(byte))!) }
                rest = rest.dropFirst(length)
            case .emptyInput:
                return String(result)
            }
        }
    }

    /// The bytes that `text(keeping:)` made `text` from. Text from elsewhere is its UTF-8.
    static func bytes(of text: String) -> [UInt8] {
        var result: [UInt8] = []
        var escaped = false
        for scalar in text.unicodeScalars {
            if !escaped && scalar.value == escape {
                escaped = true
                continue
            }
            if !escaped && byteCarriers.contains(scalar.value) {
                result.append(UInt8(scalar.value - escape))
            } else {
                result.append(contentsOf: String(scalar).utf8)
            }
            escaped = false
        }
        return result
    }
}

/// A path argument (a trace, `--layout`, `--device`, `--record`, `-o`): the bytes given.
extension FilePath: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(bytes: RawArguments.bytes(of: argument))
    }
}
