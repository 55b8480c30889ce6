import SystemCalls

/// Why haptics cannot play (SPEC "Haptics": each with its exit status in `gestures live`).
public enum HapticError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A setting out of its range (``HapticSettings/validate()``), in words.
    case invalidSettings(String)
    /// The device node does not exist.
    case missing(path: String)
    /// The device node cannot be opened for writing: no permission.
    case permissionDenied(path: String)
    /// The node is not an evdev device, or has no force feedback that plays a rumble or a periodic effect.
    case noForceFeedback(path: String, why: String)
    /// A call on the device failed (opening it, uploading, playing or erasing an effect).
    case device(path: String, what: String, Errno)
    /// feedbackd cannot be reached: no session bus, or no `org.sigxcpu.Feedback` on it, or it refused a call.
    case feedbackd(String)

    /// The message, naming the device or the bus.
    public var description: String {
        switch self {
        case .invalidSettings(let why): "haptics: \(why)"
        case .missing(let path): "\(path): no such haptic device"
        case .permissionDenied(let path):
            "\(path): permission denied: playing haptics needs write access to the device (the input group, or a udev rule)"
        case .noForceFeedback(let path, let why): "\(path): not a haptic device: \(why)"
        case .device(let path, let what, let errno): "\(path): cannot \(what): \(errno)"
        case .feedbackd(let why): "feedbackd: \(why)"
        }
    }
}

/// Where haptics play: a force-feedback device (``ForceFeedbackDevice``), feedbackd (``FeedbackdOutput``), or a
/// test's recorder. A ``HapticPlayer`` calls it from its own thread, one call at a time.
public protocol HapticOutput: AnyObject, Sendable {
    /// Plays `kind` once, now, as the output's settings say.
    func play(_ kind: HapticKind) throws(HapticError)
    /// Lets the output go (erases the device's effects, closes the connection); nothing plays after it. A second
    /// call does nothing.
    func close()
}
