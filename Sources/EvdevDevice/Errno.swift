import SystemCalls

extension Errno {
    /// The device is gone (unplugged, or its driver went away).
    package var meansDeviceLost: Bool {
        self == .noSuchDevice || self == .noSuchDeviceOrAddress || self == .ioError
    }
}
