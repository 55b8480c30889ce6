/// Where haptics are to play, as a person names it: a force-feedback device's node, or `feedbackd` (`gestures live
/// --haptics`, the `haptics` key of `gestures serve`'s configuration).
public enum HapticDestination: Hashable, Sendable, CustomStringConvertible {
    /// The evdev node of a force-feedback device, `/dev/input/event7`.
    case device(path: String)
    /// feedbackd on the session bus.
    case feedbackd

    /// `feedbackd`, else the node `name`.
    public init(_ name: String) {
        self = name == "feedbackd" ? .feedbackd : .device(path: name)
    }

    /// The name it was given by: the node, or `feedbackd`.
    public var description: String {
        switch self {
        case .device(let path): path
        case .feedbackd: "feedbackd"
        }
    }

    /// Opens the output: a ``ForceFeedbackDevice`` with `settings`' effects uploaded, or a ``FeedbackdOutput``
    /// that answered. Throws what they throw.
    public func open(settings: HapticSettings) throws(HapticError) -> any HapticOutput {
        switch self {
        case .device(let path): try ForceFeedbackDevice(path: path, settings: settings)
        case .feedbackd: try FeedbackdOutput(settings: settings)
        }
    }
}
