import GestureCore

/// One evdev event (`struct input_event`): its time, type, code and value.
public struct InputEvent: Hashable, Sendable, CustomStringConvertible {
    /// The event's own timestamp, in whole microseconds of the device's (or the trace's) clock.
    public var time: Timestamp
    /// The event type (`EV_SYN`, `EV_KEY`, `EV_ABS`, …; see ``EventType``).
    public var type: UInt16
    /// The event code within its type (`SYN_REPORT`, `BTN_TOUCH`, `ABS_MT_POSITION_X`, …).
    public var code: UInt16
    /// The event's value: a position in device units, a key's 1 (down) or 0 (up), a tracking id (−1: the contact
    /// lifts), a slot index.
    public var value: Int32

    /// The event `type`/`code`/`value` at `time` (µs of the device's or trace's clock).
    public init(time: Timestamp, type: UInt16, code: UInt16, value: Int32) {
        self.time = time
        self.type = type
        self.code = code
        self.value = value
    }

    /// True for `EV_SYN` / `SYN_REPORT`, the end of a frame.
    public var isSynReport: Bool { type == EventType.syn && code == SynCode.report }

    /// `123456µs EV_ABS / ABS_MT_SLOT 1`.
    public var description: String {
        "\(time) \(EvdevNames.describe(type: type, code: code)) \(value)"
    }
}
