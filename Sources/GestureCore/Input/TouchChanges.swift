/// A touch known to a recognizer: its id and where it is.
public struct TouchPoint: Hashable, Sendable {
    public var id: Int
    public var position: Point

    public init(id: Int, position: Point) {
        self.id = id
        self.position = position
    }
}

/// A touch leaving the surface.
public struct TouchLift: Hashable, Sendable {
    public var id: Int
    /// True when the device withdrew the touch instead of the finger lifting.
    public var cancelled: Bool

    public init(id: Int, cancelled: Bool = false) {
        self.id = id
        self.cancelled = cancelled
    }
}

/// What one frame changed for the touches a recognizer sees, in the order it must be applied:
/// first the moves, then the lifts, then the landings (SPEC "Frames").
///
/// The engine digests each `TouchFrame` into one of these per region, so recognizers never have to
/// work out for themselves whether a contact moved.
public struct TouchChanges: Hashable, Sendable {
    public var time: Timestamp
    /// Touches whose position changed, with their new position (including touches that lift in this frame).
    public var moved: [TouchPoint]
    public var lifted: [TouchLift]
    public var landed: [TouchPoint]

    public init(time: Timestamp, moved: [TouchPoint] = [], lifted: [TouchLift] = [], landed: [TouchPoint] = []) {
        self.time = time
        self.moved = moved
        self.lifted = lifted
        self.landed = landed
    }

    public var isEmpty: Bool { moved.isEmpty && lifted.isEmpty && landed.isEmpty }

    /// The new position of `id` in this frame, if it moved.
    public func position(of id: Int) -> Point? {
        for touch in moved where touch.id == id { return touch.position }
        return nil
    }

    /// The lift of `id` in this frame, if it lifted.
    public func lift(of id: Int) -> TouchLift? {
        for lift in lifted where lift.id == id { return lift }
        return nil
    }
}
