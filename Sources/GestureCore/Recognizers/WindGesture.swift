/// One-finger winding about a centre: the finger's cumulative turn, in degrees clockwise, over as many
/// turns as it makes. Diagram: docs/state-machines/wind.md.
///
/// Outside the dead zone, a frame's turn is the change of the finger's angle about `center` since the
/// previous frame outside the dead zone, normalised to (−180, 180]. Frames inside the dead zone add
/// nothing, and the angle is taken afresh when the finger leaves it, so passing over the centre causes
/// no jump. The gesture begins when the finger first moves beyond `minimumDistance` from where it went
/// down, carrying the turn accumulated since the down (no rotation is lost to the slop), then reports a
/// change on every frame in which the finger moved.
public struct WindGesture: SinkGesture {
    /// Where the winding turns about and what starts it (SPEC.md, "`dial`", **wind**: `center`, `deadZoneMm`,
    /// `slopMm`).
    public struct Configuration: Hashable, Sendable {
        /// The centre the finger's angle is measured about, in mm on the surface (a dial's `center`); angles are
        /// degrees clockwise from 12 o'clock about it.
        public var center: Point
        /// SPEC `deadZoneMm`: within this distance of the centre (boundary included) a move adds no turn.
        public var deadZone: Double
        /// SPEC `slopMm`.
        public var minimumDistance: Double
        /// A dial's wind ends (keeping its turn) when a second finger lands.
        public var extraTouch: ExtraTouchPolicy

        /// Winding about `center` (mm), adding no turn within `deadZone` mm of it (5), beginning beyond
        /// `minimumDistance` mm from the down position (3), ending (`.end`, the default) or cancelled (`.cancel`) by a
        /// second finger.
        public init(center: Point, deadZone: Double = 5, minimumDistance: Double = 3, extraTouch: ExtraTouchPolicy = .end) {
            self.center = center
            self.deadZone = deadZone
            self.minimumDistance = minimumDistance
            self.extraTouch = extraTouch
        }
    }

    /// A wind's position, reported on every frame from `began`.
    public struct Value: Hashable, Sendable {
        /// Cumulative turn since the finger went down, in degrees, clockwise positive, unbounded.
        public var turn: Double
        /// Where the finger is now, in mm on the surface (y down).
        public var location: Point

        /// A wind that has turned `turn` degrees (clockwise positive, since the down) with the finger at `location`
        /// (mm).
        public init(turn: Double, location: Point) {
            self.turn = turn
            self.location = location
        }
    }

    /// What is known of the winding finger.
    struct Tracking: Hashable, Sendable {
        var touchID: Int
        var start: Point
        var location: Point
        /// The angle at the previous frame outside the dead zone; nil while inside it.
        var lastAngle: Double?
        var turn: Double

        var value: Value { Value(turn: turn, location: location) }

        /// Follows the finger to `position`: its angle about `configuration`'s centre taken anew (nil within the dead
        /// zone), and the step from the previous angle added to the turn when both are known. In place: a function
        /// returning the new tracking copied the recognizer to the stack for each move (docs/performance.md).
        mutating func follow(to position: Point, about configuration: Configuration) {
            let previous = lastAngle
            location = position
            lastAngle = WindGesture.angle(of: position, about: configuration)
            if let previous, let current = lastAngle {
                turn += Angle.normalized(current - previous)
            }
        }
    }

    enum State: Hashable, Sendable {
        /// No finger down in this touch sequence yet.
        case idle
        /// One finger down, not yet beyond the slop; the turn accumulates already.
        case pending(Tracking)
        /// Winding.
        case winding(Tracking)
        /// Decided; fingers may still be down (`TouchChanges.fingersDown`).
        case finished(Outcome)
    }

    /// Its machine's name in explanation paths (`Explanation.path`).
    public static let name = "wind"

    /// The centre, distances and second-finger policy of this recognizer; only the centre changes, through
    /// ``recenter(on:)``.
    public private(set) var configuration: Configuration
    private(set) var state: State = .idle

    /// Winds about `center` from now on (the dial was moved). A finger winding now has its angle taken
    /// afresh at its next move, as after the dead zone: the move itself adds no turn, so there is no jump.
    public mutating func recenter(on center: Point) {
        configuration.center = center
        switch state {
        case .pending(var tracking):
            tracking.lastAngle = nil
            state = .pending(tracking)
        case .winding(var tracking):
            tracking.lastAngle = nil
            state = .winding(tracking)
        case .idle, .finished:
            break
        }
    }

    /// A wind recognizer with `configuration` (no default: the centre must be given).
    public init(_ configuration: Configuration) {
        self.configuration = configuration
    }

    /// Once finished, it waits for the next touch sequence.
    public var ignoresChangesUntilNextSequence: Bool {
        switch state {
        case .finished: true
        case .idle, .pending, .winding: false
        }
    }

    public var status: RecognizerStatus {
        switch state {
        case .idle, .pending: .possible
        case .winding: .active
        case .finished(let outcome): outcome.status
        }
    }

    public var deadline: Timestamp? { nil }

    /// The finger's angle about `configuration`'s centre, or nil inside its dead zone.
    static func angle(of point: Point, about configuration: Configuration) -> Double? {
        point.distance(to: configuration.center) <= configuration.deadZone
            ? nil : Angle.degrees(of: point, around: configuration.center)
    }

    public mutating func touchesChanged<Log: TransitionLogging>(_ changes: TouchChanges, log: inout Log,
                                                                sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        checkFingers(changes)
        switch state {
        case .pending(let tracking):
            if let position = changes.position(of: tracking.touchID) {
                var next = tracking
                next.follow(to: position, about: configuration)
                let moved = Comparison(.moved(finger: tracking.touchID), position.distance(to: tracking.start), .beyond,
                                       configuration.minimumDistance, .slop)
                if moved.holds {
                    log.transition(&state, to: .winding(next), in: Self.name, because: .measured(moved))
                    updates.append(GestureUpdate(.began, next.value))
                } else {
                    state = .pending(next)
                }
            }
        case .winding(var tracking):
            if let position = changes.position(of: tracking.touchID) {
                tracking.follow(to: position, about: configuration)
                state = .winding(tracking)
                updates.append(GestureUpdate(.changed, tracking.value))
            }
        case .idle, .finished:
            break
        }
        switch state {
        case .pending(let tracking):
            if changes.lift(of: tracking.touchID) != nil {
                log.transition(&state, to: .finished(.failed), in: Self.name,
                               because: .liftedWithinSlop(finger: tracking.touchID, slop: configuration.minimumDistance))
            }
        case .winding(let tracking):
            if let lift = changes.lift(of: tracking.touchID) {
                let outcome: Outcome = lift.withdrawn ? .cancelled : .ended
                log.transition(&state, to: .finished(outcome), in: Self.name,
                               because: lift.withdrawn ? .withdrawn(finger: tracking.touchID) : .lifted(finger: tracking.touchID))
                updates.append(GestureUpdate(lift.withdrawn ? .cancelled : .ended, tracking.value))
            }
        case .idle, .finished:
            break
        }
        guard !changes.landed.isEmpty else { return }
        switch state {
        case .idle:
            // No finger was down (checked above): these landings begin a touch sequence.
            startSequence(changes, log: &log)
        case .finished where changes.beginsSequence:
            startSequence(changes, log: &log)
        case .finished:
            // Nothing more until every finger has lifted.
            break
        case .pending:
            log.transition(&state, to: .finished(.failed), in: Self.name, because: .secondFinger(changes.landed[0].id))
        case .winding(let tracking):
            let outcome: Outcome = configuration.extraTouch == .cancel ? .cancelled : .ended
            log.transition(&state, to: .finished(outcome), in: Self.name, because: .secondFinger(changes.landed[0].id))
            updates.append(GestureUpdate(outcome == .cancelled ? .cancelled : .ended, tracking.value))
        }
    }

    /// Stops on changes whose count of fingers contradicts the state: before them, no finger is down in
    /// `idle`, and exactly one (the winding one) in `pending` and `winding`.
    @inline(__always)  // (a call of its own on every change once its check moved to TouchChanges)
    private func checkFingers(_ changes: TouchChanges) {
        switch state {
        case .idle: changes.requireFingersBefore(in: 0...0, "WindGesture.\(state)")
        case .pending, .winding: changes.requireFingersBefore(in: 1...1, "WindGesture.\(state)")
        case .finished: break
        }
    }

    /// The landings of a new touch sequence: one finger is followed, more fail the wind.
    private mutating func startSequence<Log: TransitionLogging>(_ changes: TouchChanges, log: inout Log) {
        guard changes.landed.count == 1 else {
            log.transition(&state, to: .finished(.failed), in: Self.name,
                           because: .fingersLanded(count: changes.landed.count, expected: 1))
            return
        }
        let touch = changes.landed[0]
        log.transition(&state, to: .pending(Tracking(touchID: touch.id, start: touch.position, location: touch.position,
                                                     lastAngle: Self.angle(of: touch.position, about: configuration), turn: 0)),
                       in: Self.name, because: .landed(finger: touch.id, at: touch.position, deadline: nil))
    }

    /// Never called: this gesture sets no deadline (`deadline` is always nil).
    public mutating func deadlineReached<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                                 sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        preconditionFailure("WindGesture.\(state): deadlineReached(at: \(now)), but it sets no deadline")
    }

    public mutating func cancel<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                        sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        switch state {
        case .winding(let tracking):
            log.cancel(&state, to: .finished(.cancelled), in: Self.name)
            updates.append(GestureUpdate(.cancelled, tracking.value))
        case .pending:
            log.cancel(&state, to: .finished(.failed), in: Self.name)
        case .idle, .finished:
            break
        }
    }
}

extension WindGesture.State: MachineState {
    var name: String {
        switch self {
        case .idle: "idle"
        case .pending: "pending"
        case .winding: "winding"
        case .finished(let outcome): outcome.name
        }
    }
}
