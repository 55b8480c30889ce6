import CLibevdev
import Glibc

/// An error number from the system, with the names the module uses.
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
    public var description: String { String(cString: strerror(rawValue)) }

    /// The device is gone (unplugged, or its driver went away).
    package var meansDeviceLost: Bool {
        self == .noSuchDevice || self == .noSuchDeviceOrAddress || self == .ioError
    }
}

// Layer 2: calls that return a `Result`, retrying on EINTR where that is right.

/// The value of a call that returns −1 and sets `errno` on failure.
func valueOrErrno<I: FixedWidthInteger>(retryOnInterrupt: Bool = true, _ call: () -> I) -> Result<I, Errno> {
    while true {
        let value = call()
        if value != -1 { return .success(value) }
        let error = Errno(rawValue: system_errno())
        if retryOnInterrupt && error == .interrupted { continue }
        return .failure(error)
    }
}

/// The value of a libevdev call that returns a negative errno on failure.
func valueOrNegatedErrno(retryOnInterrupt: Bool = true, _ call: () -> Int32) -> Result<Int32, Errno> {
    while true {
        let value = call()
        if value >= 0 { return .success(value) }
        let error = Errno(rawValue: -value)
        if retryOnInterrupt && error == .interrupted { continue }
        return .failure(error)
    }
}

func openDescriptor(_ path: String, flags: Int32) -> Result<Int32, Errno> {
    valueOrErrno { path.withCString { system_open($0, flags) } }
}

func pollDescriptors(_ descriptors: inout [pollfd], timeoutMilliseconds: Int32) -> Result<Int32, Errno> {
    valueOrErrno(retryOnInterrupt: false) {
        descriptors.withUnsafeMutableBufferPointer { system_poll($0.baseAddress!, $0.count, timeoutMilliseconds) }
    }
}
