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
/// The engine digests each `TouchFrame` into one of these per target, so recognizers never have to
/// work out for themselves whether a contact moved, nor keep their own count of the fingers down.
public struct TouchChanges: Hashable, Sendable {
    public var time: Timestamp
    /// Touches whose position changed, with their new position (including touches that lift in this frame).
    public var moved: [TouchPoint]
    public var lifted: [TouchLift]
    public var landed: [TouchPoint]
    /// How many fingers the recognizer has down once these changes are applied (after the lifts and the
    /// landings): every finger whose landing it was shown and whose lift it was not, `landed` included.
    /// The one count of fingers, set by whoever builds the changes: the engine (a target's fingers that
    /// its gesture sees), a sequence handing fingers over, a test driver. Recognizers read it instead of
    /// counting for themselves (libinput's tap machine reads `nfingers_down` the same way).
    public var fingersDown: Int

    public init(time: Timestamp, moved: [TouchPoint] = [], lifted: [TouchLift] = [], landed: [TouchPoint] = [],
                fingersDown: Int) {
        self.time = time
        self.moved = moved
        self.lifted = lifted
        self.landed = landed
        self.fingersDown = fingersDown
    }

    public var isEmpty: Bool { moved.isEmpty && lifted.isEmpty && landed.isEmpty }

    /// How many fingers were down before these changes: `fingersDown`, less the landings, plus the lifts.
    public var fingersBefore: Int { fingersDown - landed.count + lifted.count }

    /// The landings begin a new touch sequence (from the first landing to the last lift): fingers land
    /// and, once the lifts are applied, no finger is down before them. The engine never gives one change
    /// that also ends the previous sequence (lifts its last finger): it gives the ending, then the landings.
    public var beginsSequence: Bool { !landed.isEmpty && fingersDown == landed.count }

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
