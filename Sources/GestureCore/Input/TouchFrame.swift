/// Where a contact is in its life, as of one frame.
public enum ContactPhase: Hashable, Sendable {
    /// The contact landed in this frame.
    case began
    /// The contact was down before and its position changed in this frame.
    case moved
    /// The contact was down before and did not move.
    case stationary
    /// The contact lifted in this frame; its position is where it lifted.
    case ended
    /// The contact was withdrawn by the device (a palm, a tool change): it lifts, but ends no gesture well. Named as
    /// UIKit's `UITouch.Phase.cancelled` and Flutter's `PointerCancelEvent`, for a frame's contacts; the recognizers
    /// see it as a lift that is ``TouchLift/withdrawn``, "cancelled" being the end of a gesture there.
    case cancelled
}

/// One contact of a frame: a stable id for the life of the touch, its position in mm, and its phase.
public struct Contact: Hashable, Sendable {
    /// Stable while the touch is down (a tracking id, for instance); may be reused after it lifts.
    public var id: Int
    /// The contact's position in mm on the surface (origin top-left, y down); for an `ended` or `cancelled` contact,
    /// where it lifted.
    public var position: Point
    /// Where the contact is in its life as of this frame: landed, moved, stationary, lifted or withdrawn.
    public var phase: ContactPhase

    /// The contact `id` at `position` (mm on the surface, y down), in `phase`.
    public init(id: Int, position: Point, phase: ContactPhase) {
        self.id = id
        self.position = position
        self.phase = phase
    }
}

/// Everything a touch device reported up to one `SYN_REPORT`: the contacts and the frame's time.
///
/// Contacts that are down but not listed count as stationary. An `ended` or `cancelled` contact whose
/// position differs from the one it had is a move followed by a lift: within a frame the engine applies
/// every new position first, then the lifts, then the landings.
public struct TouchFrame: Hashable, Sendable {
    /// The frame's time, in µs of the input's time base: the time of the `SYN_REPORT` that closed it, never earlier
    /// than the previous frame's (SPEC.md, "Frames").
    public var time: Timestamp
    /// The contacts the device reported in this frame, in its own order; a contact down but not listed is stationary.
    public var contacts: [Contact]

    /// The frame at `time` (µs) with `contacts`.
    public init(time: Timestamp, contacts: [Contact]) {
        self.time = time
        self.contacts = contacts
    }
}
