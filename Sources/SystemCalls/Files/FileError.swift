/// Why a file (a trace, a device description, a layout, an expected output, a picture) could not be read or written.
///
/// The description reads `path:line: message`, or `path: message` when no line applies; the message
/// says what was expected, e.g.
/// `trace.evemu:12: expected 5 fields on an E: line (sec.usec type code value), found 3`.
public struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, which decides the exit status of the command line.
    public enum Kind: Hashable, Sendable {
        /// The file does not exist, or cannot be opened (SPEC: exit status 66).
        case unreadable
        /// The file's content is not a valid trace or description (exit status 65).
        case malformed
        /// Reading or writing failed part-way (exit status 74).
        case io
    }

    /// What went wrong.
    public var kind: Kind
    /// The file, as given (its bytes that are not UTF-8 written `\xNN`).
    public var path: String
    /// 1-based line number, when the problem is on one line.
    public var line: Int?
    /// What is wrong and what was expected, without the path and line.
    public var message: String

    /// An error of `kind` in the file at `path`, on `line` when one applies.
    public init(_ kind: Kind, path: String, line: Int? = nil, message: String) {
        self.kind = kind
        self.path = path
        self.line = line
        self.message = message
    }

    /// An error about the file at `path`, which the description shows readably (`FilePath.description`).
    public init(_ kind: Kind, path: FilePath, line: Int? = nil, message: String) {
        self.init(kind, path: path.description, line: line, message: message)
    }

    public var description: String {
        if let line { return "\(path):\(line): \(message)" }
        return "\(path): \(message)"
    }
}
