#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An error number from the system, with the names the package uses.
public struct Errno: Error, Hashable, Sendable, RawRepresentable, CustomStringConvertible {
    /// The C `errno` value.
    public var rawValue: Int32

    /// The error numbered `rawValue`.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The corresponding C error is `EINTR`.
    public static let interrupted = Errno(rawValue: EINTR)
    /// The corresponding C error is `EAGAIN`.
    public static let wouldBlock = Errno(rawValue: EAGAIN)
    /// The corresponding C error is `ENOENT`.
    public static let noSuchFile = Errno(rawValue: ENOENT)
    /// The corresponding C error is `EACCES`.
    public static let permissionDenied = Errno(rawValue: EACCES)
    /// The corresponding C error is `EPERM`.
    public static let notPermitted = Errno(rawValue: EPERM)
    /// The corresponding C error is `ENODEV`.
    public static let noSuchDevice = Errno(rawValue: ENODEV)
    /// The corresponding C error is `ENXIO`.
    public static let noSuchDeviceOrAddress = Errno(rawValue: ENXIO)
    /// The corresponding C error is `EIO`.
    public static let ioError = Errno(rawValue: EIO)
    /// The corresponding C error is `EBUSY`.
    public static let busy = Errno(rawValue: EBUSY)
    /// The corresponding C error is `ENOTTY`: not an evdev node.
    public static let notATerminal = Errno(rawValue: ENOTTY)
    /// The corresponding C error is `EINVAL`.
    public static let invalidArgument = Errno(rawValue: EINVAL)

    /// The system's message for it.
    public var description: String {
        guard let text = strerror(rawValue) else { return "error \(rawValue)" }
        return String(cString: text)
    }

    /// The calling thread's `errno`, now.
    @inlinable package static var current: Errno { Errno(rawValue: system_errno()) }
}
