import SystemCalls
import TraceFormats
import TracePlayback

/// A failure with the exit status SPEC gives it.
struct CommandError: Error, CustomStringConvertible, Sendable {
    var status: Int32
    var message: String

    init(status: Int32, _ message: String) {
        self.status = status
        self.message = message
    }

    var description: String { message }

    /// SPEC "Exit status".
    static let usage: Int32 = 64
    static let malformed: Int32 = 65
    static let missing: Int32 = 66
    static let io: Int32 = 74
    static let permission: Int32 = 77

    /// A replay's failure, with the status of its kind.
    init(_ error: ReplayError) {
        switch error.kind {
        case .unreadable: self.init(status: Self.missing, error.message)
        case .malformed: self.init(status: Self.malformed, error.message)
        case .io: self.init(status: Self.io, error.message)
        }
    }
}

extension CheckOutcome {
    /// The exit status this outcome asks for: 0 passed, 1 a difference or a new trace, else `replay`'s.
    var status: Int32 {
        switch self {
        case .passed: 0
        case .differs, .new: passed ? 0 : 1
        case .failed(let error): CommandError(error).status
        }
    }
}

/// The value of `body`, a replay's call, whose failure becomes a `CommandError` with its status.
func replaying<T>(_ body: () throws(ReplayError) -> T) throws(CommandError) -> T {
    do {
        return try body()
    } catch {
        throw CommandError(error)
    }
}
