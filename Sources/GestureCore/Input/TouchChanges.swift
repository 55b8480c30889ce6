/// A touch known to a recognizer: its id and where it is.
public struct TouchPoint: Hashable, Sendable {
    /// The contact's id (``Contact/id``): stable while the finger is down, possibly reused after it lifts.
    public var id: Int
    /// Where the touch is, in mm on the surface (y down): where it landed, or where it moved to in this frame.
    public var position: Point

    /// The touch `id` at `position` (mm on the surface, y down).
    public init(id: Int, position: Point) {
        self.id = id
        self.position = position
    }
}

/// A touch leaving the surface.
public struct TouchLift: Hashable, Sendable {
    /// The id of the touch that leaves (``Contact/id``), as it was given at its landing.
    public var id: Int
    /// True when the device withdrew the touch instead of the finger lifting (a palm, a tool change: the contact's
    /// phase ``ContactPhase/cancelled``). "Withdrawn" here, so that "cancelled" keeps one meaning in a recognizer: a
    /// gesture that stopped without completing.
    public var withdrawn: Bool

    /// The lift of touch `id`: a finger lifting (`withdrawn` false, the default), or the device withdrawing it.
    public init(id: Int, withdrawn: Bool = false) {
        self.id = id
        self.withdrawn = withdrawn
    }
}

/// What one frame changed for the touches a recognizer sees, in the order it must be applied:
/// first the moves, then the lifts, then the landings (SPEC "Frames").
///
/// The engine digests each `TouchFrame` into one of these per target, so recognizers never have to
/// work out for themselves whether a contact moved, nor keep their own count of the fingers down.
public struct TouchChanges: Hashable, Sendable {
    /// The frame's time, in µs of the input's time base: the time of its `SYN_REPORT` (SPEC.md, "Frames").
    public var time: Timestamp
    /// Touches whose position changed, with their new position (including touches that lift in this frame).
    public var moved: [TouchPoint]
    /// Touches that leave the surface in this frame, lifted or withdrawn; applied after ``moved``, before ``landed``.
    public var lifted: [TouchLift]
    /// Touches that land in this frame, at their down position (mm on the surface); applied last.
    public var landed: [TouchPoint]
    /// How many fingers the recognizer has down once these changes are applied (after the lifts and the
    /// landings): every finger whose landing it was shown and whose lift it was not, `landed` included.
    /// The one count of fingers, set by whoever builds the changes: the engine (a target's fingers that
    /// its gesture sees), a sequence handing fingers over, a test driver. Recognizers read it instead of
    /// counting for themselves (libinput's tap machine reads `nfingers_down` the same way).
    public var fingersDown: Int

    /// The changes of the frame at `time` (µs); each list defaults to empty. `fingersDown` is the count once they are
    /// applied, landings included.
    public init(time: Timestamp, moved: [TouchPoint] = [], lifted: [TouchLift] = [], landed: [TouchPoint] = [],
                fingersDown: Int) {
        self.time = time
        self.moved = moved
        self.lifted = lifted
        self.landed = landed
        self.fingersDown = fingersDown
    }

    /// True when the frame changed nothing the recognizer sees: no move, no lift, no landing (``fingersDown`` alone
    /// does not count).
    public var isEmpty: Bool { moved.isEmpty && lifted.isEmpty && landed.isEmpty }

    /// How many fingers were down before these changes: `fingersDown`, less the landings, plus the lifts.
    public var fingersBefore: Int { fingersDown - landed.count + lifted.count }

    /// Stops the program unless `fingersBefore` is within `expected`: changes that do not follow from the fingers a
    /// recognizer knows to be down are an impossible input, whoever built them. `machine` names the recognizer and
    /// its state (`TapGesture.pressed(…)`, `OneFingerGesture<DragMeasure>.pending(…)`). The one home of the check
    /// every recognizer makes on every change.
    @inline(__always)
    func requireFingersBefore(in expected: ClosedRange<Int>, _ machine: @autoclosure () -> String) {
        guard expected.contains(fingersBefore) else {
            let count = expected.lowerBound == expected.upperBound ? "\(expected.lowerBound)" : "\(expected)"
            preconditionFailure("\(machine()): \(fingersBefore) fingers down before \(self), not \(count)")
        }
    }

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
