/// A one-finger drag: begins when the finger has moved beyond `minimumDistance` from where it went down
/// (at once when that distance is 0, as SwiftUI's `DragGesture(minimumDistance: 0)`), then reports a
/// change on every frame in which the finger moved, and ends at the lift, with the finger's velocity there
/// (`VelocityTracker`: the last 100 ms, least squares; 0 once the finger rested beyond 40 ms). Diagram:
/// docs/state-machines/drag.md.
public struct DragGesture: SinkGesture {
    /// How far a finger must move before the drag begins, and what a second finger does: the layout's `drag` options
    /// `slopMm` and `extraFinger` (SPEC.md, "Layout file").
    public struct Configuration: Hashable, Sendable {
        /// SPEC `slopMm` for a pan; 0 for the drag that follows a long press.
        public var minimumDistance: Double
        /// What a second finger does to a drag in progress (a pending drag always fails).
        public var extraTouch: ExtraTouchPolicy

        /// A drag that begins beyond `minimumDistance` mm from the down position (3, SPEC.md's default `slopMm`; 0
        /// begins at the first move) and that a second finger cancels (`.cancel`, the default) or ends (`.end`).
        public init(minimumDistance: Double = 3, extraTouch: ExtraTouchPolicy = .cancel) {
            self.minimumDistance = minimumDistance
            self.extraTouch = extraTouch
        }
    }

    /// A drag's position: where it started, where the finger is now, and at `ended` its velocity. The output's `pan`
    /// line prints ``translation`` as `dx`, `dy`.
    public struct Value: Hashable, Sendable {
        /// Where the finger was when the drag started tracking it (its down position, or where it was
        /// when a sequence handed it over).
        public var startLocation: Point
        /// Where the finger is now, in mm on the surface (y down): at `ended`, where it lifted.
        public var location: Point
        /// At `ended`, the finger's velocity at the end (its lift, or the landing that ended the drag),
        /// from its positions in the last 100 ms (`VelocityTracker`); 0 when it rested longer than 40 ms
        /// (``VelocityTracker/stoppedAfter``) before it: a finger that stops before it lifts does not fling.
        /// Nil in the other phases.
        public var velocity: Velocity?

        /// A drag from `startLocation` to `location` (mm on the surface); `velocity` (mm/s, y down) only at `ended`,
        /// nil (the default) in the other phases.
        public init(startLocation: Point, location: Point, velocity: Velocity? = nil) {
            self.startLocation = startLocation
            self.location = location
            self.velocity = velocity
        }

        /// The movement from `startLocation` in mm.
        public var translation: (dx: Double, dy: Double) {
            (location.x - startLocation.x, location.y - startLocation.y)
        }
    }

    enum State: Hashable, Sendable {
        /// No finger down in this touch sequence yet.
        case idle
        /// One finger down, not yet beyond the minimum distance (`tracker` holds its positions since the down).
        case pending(touchID: Int, start: Point)
        /// Dragging (`tracker` holds the finger's positions since the down).
        case dragging(touchID: Int, start: Point, location: Point)
        /// Decided; fingers may still be down (`TouchChanges.fingersDown`).
        case finished(Outcome)
    }

    /// Its machine's name in explanation paths (`Explanation.path`).
    public static let name = "drag"

    /// The thresholds this drag was made with, fixed for its life.
    public let configuration: Configuration
    private(set) var state: State = .idle
    /// The positions of the finger followed in `pending` and `dragging`, since its down. Beside the state rather than
    /// in it, so that its storage is reused from one touch sequence to the next: a drag allocates nothing once warm.
    private var tracker = VelocityTracker()

    /// A drag with `configuration`, by default a 3 mm slop and a second finger cancelling it.
    public init(_ configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Once finished, it waits for the next touch sequence.
    public var ignoresChangesUntilNextSequence: Bool {
        switch state {
        case .finished: true
        case .idle, .pending, .dragging: false
        }
    }

    public var status: RecognizerStatus {
        switch state {
        case .idle, .pending: .possible
        case .dragging: .active
        case .finished(let outcome): outcome.status
        }
    }

    public var deadline: Timestamp? { nil }

    public mutating func touchesChanged<Log: TransitionLogging>(_ changes: TouchChanges, log: inout Log,
                                                                sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        checkFingers(changes)
        switch state {
        case .pending(let touchID, let start):
            if let position = changes.position(of: touchID) {
                tracker.add(position, at: changes.time)
                let moved = Comparison(.moved(finger: touchID), position.distance(to: start), .beyond, configuration.minimumDistance, .slop)
                if moved.holds {
                    log.transition(&state, to: .dragging(touchID: touchID, start: start, location: position), in: Self.name,
                                   because: .measured(moved))
                    updates.append(GestureUpdate(.began, Value(startLocation: start, location: position)))
                }
            }
        case .dragging(let touchID, let start, _):
            if let position = changes.position(of: touchID) {
                tracker.add(position, at: changes.time)
                state = .dragging(touchID: touchID, start: start, location: position)
                updates.append(GestureUpdate(.changed, Value(startLocation: start, location: position)))
            }
        case .idle, .finished:
            break
        }
        switch state {
        case .pending(let touchID, _):
            if changes.lift(of: touchID) != nil {
                log.transition(&state, to: .finished(.failed), in: Self.name,
                               because: .liftedWithinSlop(finger: touchID, slop: configuration.minimumDistance))
            }
        case .dragging(let touchID, let start, let location):
            if let lift = changes.lift(of: touchID) {
                if lift.withdrawn {
                    log.transition(&state, to: .finished(.cancelled), in: Self.name, because: .withdrawn(finger: touchID))
                    updates.append(GestureUpdate(.cancelled, Value(startLocation: start, location: location)))
                } else {
                    log.transition(&state, to: .finished(.ended), in: Self.name, because: .lifted(finger: touchID))
                    updates.append(GestureUpdate(.ended, Value(startLocation: start, location: location,
                                                               velocity: tracker.velocity(at: changes.time))))
                }
            }
        case .idle, .finished:
            break
        }
        guard !changes.landed.isEmpty else { return }
        switch state {
        case .idle:
            // No finger was down (checked above): these landings begin a touch sequence.
            startSequence(changes, log: &log, sink: &updates)
        case .finished where changes.beginsSequence:
            startSequence(changes, log: &log, sink: &updates)
        case .finished:
            // Nothing more until every finger has lifted.
            break
        case .pending:
            log.transition(&state, to: .finished(.failed), in: Self.name, because: .secondFinger(changes.landed[0].id))
        case .dragging(_, let start, let location):
            switch configuration.extraTouch {
            case .cancel:
                log.transition(&state, to: .finished(.cancelled), in: Self.name, because: .secondFinger(changes.landed[0].id))
                updates.append(GestureUpdate(.cancelled, Value(startLocation: start, location: location)))
            case .end:
                log.transition(&state, to: .finished(.ended), in: Self.name, because: .secondFinger(changes.landed[0].id))
                updates.append(GestureUpdate(.ended, Value(startLocation: start, location: location,
                                                           velocity: tracker.velocity(at: changes.time))))
            }
        }
    }

    /// Stops on changes whose count of fingers contradicts the state: before them, no finger is down in
    /// `idle`, and exactly one (the followed one) in `pending` and `dragging`.
    @inline(__always)  // (a call of its own on every change once its check moved to TouchChanges)
    private func checkFingers(_ changes: TouchChanges) {
        switch state {
        case .idle: changes.requireFingersBefore(in: 0...0, "DragGesture.\(state)")
        case .pending, .dragging: changes.requireFingersBefore(in: 1...1, "DragGesture.\(state)")
        case .finished: break
        }
    }

    /// The landings of a new touch sequence: one finger is followed, more fail the drag.
    private mutating func startSequence<Log: TransitionLogging>(_ changes: TouchChanges, log: inout Log,
                                                                sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        guard changes.landed.count == 1 else {
            log.transition(&state, to: .finished(.failed), in: Self.name,
                           because: .fingersLanded(count: changes.landed.count, expected: 1))
            return
        }
        let touch = changes.landed[0]
        tracker.restart(at: touch.position, time: changes.time)
        guard configuration.minimumDistance == 0 else {
            log.transition(&state, to: .pending(touchID: touch.id, start: touch.position), in: Self.name,
                           because: .landed(finger: touch.id, at: touch.position, deadline: nil))
            return
        }
        log.transition(&state, to: .dragging(touchID: touch.id, start: touch.position, location: touch.position),
                       in: Self.name, because: .landed(finger: touch.id, at: touch.position, deadline: nil))
        updates.append(GestureUpdate(.began, Value(startLocation: touch.position, location: touch.position)))
    }

    /// Never called: this gesture sets no deadline (`deadline` is always nil).
    public mutating func deadlineReached<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                                 sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        preconditionFailure("DragGesture.\(state): deadlineReached(at: \(now)), but it sets no deadline")
    }

    public mutating func cancel<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                        sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        switch state {
        case .dragging(_, let start, let location):
            log.cancel(&state, to: .finished(.cancelled), in: Self.name)
            updates.append(GestureUpdate(.cancelled, Value(startLocation: start, location: location)))
        case .pending:
            log.cancel(&state, to: .finished(.failed), in: Self.name)
        case .idle, .finished:
            break
        }
    }
}

extension DragGesture.State: MachineState {
    var name: String {
        switch self {
        case .idle: "idle"
        case .pending: "pending"
        case .dragging: "dragging"
        case .finished(let outcome): outcome.name
        }
    }
}
