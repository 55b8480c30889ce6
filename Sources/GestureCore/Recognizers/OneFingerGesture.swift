/// A continuous gesture of one finger, the only one down in its touch sequence: what starts it, and what it reports,
/// is what its `Measure` makes of the finger (a drag's distance from the down, an edge swipe's depth from its edge,
/// a wind's turn about its centre). Diagram: docs/state-machines/one-finger.md.
///
/// A finger that lands alone is followed (or, when the measure sets a condition on the landing that it fails, the
/// sequence fails; landing with others fails it too). Pending, it begins the gesture when the measure decides so of a
/// move (a drag of no slop begins at the landing), and fails when the measure decides that, or when it lifts, or
/// when a second finger lands. Active, the gesture reports a change on every frame in which the finger moved, and
/// ends at its lift (`cancelled` when the device withdrew it); a second finger ends or cancels it, by the measure's
/// ``FingerMeasure/extraTouch(_:)``. Nothing more happens until every finger has lifted.
public struct OneFingerGesture<Measure: FingerMeasure>: SinkGesture, DeadlineFreeRecognizer {
    /// What the measure is made with (``DragMeasure/Configuration``, ``EdgeSwipeMeasure/Configuration``,
    /// ``WindMeasure/Configuration``).
    public typealias Configuration = Measure.Configuration
    /// What the measure reports of the finger (``DragMeasure/Value``, ``EdgeSwipeMeasure/Value``,
    /// ``WindMeasure/Value``).
    public typealias Value = Measure.Value

    enum State: Hashable, Sendable {
        /// No finger down in this touch sequence yet.
        case idle
        /// One finger down, the gesture not begun yet.
        case pending(touchID: Int, start: Point)
        /// Begun: reporting where the finger is (`dragging`, `swiping`, `winding`: the measure's
        /// ``FingerMeasure/activeStateName``).
        case active(touchID: Int, start: Point, location: Point)
        /// Decided; fingers may still be down (`TouchChanges.fingersDown`).
        case finished(Outcome)
    }

    /// Its machine's name in explanation paths (`Explanation.path`): the measure's.
    public static var name: String { Measure.name }

    /// What this recognizer was made with, fixed for its life but where the measure says (an edge swipe's rectangle
    /// following its target, a wind's centre).
    public internal(set) var configuration: Configuration
    private(set) var state: State = .idle
    /// What the measure keeps of the finger followed in `pending` and `active`, since its down. Beside the state rather
    /// than in it, so that its storage is reused from one touch sequence to the next: a drag's velocity tracker
    /// allocates nothing once warm.
    var measure = Measure()

    /// A recognizer with `configuration`.
    public init(_ configuration: Configuration) {
        self.configuration = configuration
    }

    public var status: RecognizerStatus {
        switch state {
        case .idle, .pending: .possible
        case .active: .active
        case .finished(let outcome): outcome.status
        }
    }

    public mutating func touchesChanged<Log: TransitionLogging>(_ changes: TouchChanges, log: inout Log,
                                                                sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        checkFingers(changes)
        switch state {
        case .pending(let touchID, let start):
            if let position = changes.position(of: touchID) {
                measure.follow(to: position, at: changes.time, configuration)
                switch measure.decide(finger: touchID, start: start, position: position, configuration) {
                case .wait:
                    break
                case .begin(let reason):
                    log.transition(&state, to: .active(touchID: touchID, start: start, location: position), in: Self.name,
                                   because: reason)
                    updates.append(GestureUpdate(.began, value(.began, start, position, changes.time)))
                case .fail(let reason):
                    log.transition(&state, to: .finished(.failed), in: Self.name, because: reason)
                }
            }
        case .active(let touchID, let start, _):
            if let position = changes.position(of: touchID) {
                measure.follow(to: position, at: changes.time, configuration)
                state = .active(touchID: touchID, start: start, location: position)
                updates.append(GestureUpdate(.changed, value(.changed, start, position, changes.time)))
            }
        case .idle, .finished:
            break
        }
        switch state {
        case .pending(let touchID, _):
            if changes.lift(of: touchID) != nil {
                log.transition(&state, to: .finished(.failed), in: Self.name,
                               because: .liftedWithinSlop(finger: touchID, slop: Measure.slop(configuration)))
            }
        case .active(let touchID, let start, let location):
            if let lift = changes.lift(of: touchID) {
                let phase: GesturePhase = lift.withdrawn ? .cancelled : .ended
                log.transition(&state, to: .finished(lift.withdrawn ? .cancelled : .ended), in: Self.name,
                               because: lift.withdrawn ? .withdrawn(finger: touchID) : .lifted(finger: touchID))
                updates.append(GestureUpdate(phase, value(phase, start, location, changes.time)))
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
        case .active(_, let start, let location):
            switch Measure.extraTouch(configuration) {
            case .cancel:
                log.transition(&state, to: .finished(.cancelled), in: Self.name, because: .secondFinger(changes.landed[0].id))
                updates.append(GestureUpdate(.cancelled, value(.cancelled, start, location, changes.time)))
            case .end:
                log.transition(&state, to: .finished(.ended), in: Self.name, because: .secondFinger(changes.landed[0].id))
                updates.append(GestureUpdate(.ended, value(.ended, start, location, changes.time)))
            }
        }
    }

    /// What the measure reports in `phase` at `time`, of a finger down at `start` and now at `location`.
    @inline(__always)
    private func value(_ phase: GesturePhase, _ start: Point, _ location: Point, _ time: Timestamp) -> Value {
        measure.value(phase, start: start, location: location, at: time, configuration)
    }

    /// Stops on changes whose count of fingers contradicts the state: before them, no finger is down in
    /// `idle`, and exactly one (the followed one) in `pending` and `active`.
    @inline(__always)  // (a call of its own on every change once its check moved to TouchChanges)
    private func checkFingers(_ changes: TouchChanges) {
        switch state {
        case .idle: changes.requireFingersBefore(in: 0...0, "\(Self.self).\(state)")
        case .pending, .active: changes.requireFingersBefore(in: 1...1, "\(Self.self).\(state)")
        case .finished: break
        }
    }

    /// The landings of a new touch sequence: one finger is followed (when it meets the measure's condition on its
    /// landing), more fail the gesture.
    private mutating func startSequence<Log: TransitionLogging>(_ changes: TouchChanges, log: inout Log,
                                                                sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        guard let touch = log.soleLanding(in: changes, &state, else: .finished(.failed), in: Self.name) else { return }
        let condition = measure.landing(of: touch, configuration)
        if let condition, !condition.holds {
            log.transition(&state, to: .finished(.failed), in: Self.name, because: .measured(condition))
            return
        }
        measure.start(at: touch.position, time: changes.time, configuration)
        let reason: Explanation.Reason = condition.map { .measured($0) } ?? .landed(finger: touch.id, at: touch.position, deadline: nil)
        guard Measure.beginsAtLanding(configuration) else {
            log.transition(&state, to: .pending(touchID: touch.id, start: touch.position), in: Self.name, because: reason)
            return
        }
        log.transition(&state, to: .active(touchID: touch.id, start: touch.position, location: touch.position),
                       in: Self.name, because: reason)
        updates.append(GestureUpdate(.began, value(.began, touch.position, touch.position, changes.time)))
    }

    public mutating func cancel<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                        sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        switch state {
        case .active(_, let start, let location):
            log.cancel(&state, to: .finished(.cancelled), in: Self.name)
            updates.append(GestureUpdate(.cancelled, value(.cancelled, start, location, now)))
        case .pending:
            log.cancel(&state, to: .finished(.failed), in: Self.name)
        case .idle, .finished:
            break
        }
    }
}

extension OneFingerGesture.State: MachineState {
    var name: String {
        switch self {
        case .idle: "idle"
        case .pending: "pending"
        case .active: Measure.activeStateName
        case .finished(let outcome): outcome.name
        }
    }
}

/// What a one-finger gesture makes of its finger (``DragMeasure``, ``EdgeSwipeMeasure``, ``WindMeasure``): whether
/// its landing is followed, which of its moves begin the gesture, and what the gesture reports. A one-finger gesture
/// keeps one measure for its life, started afresh at each finger it follows.
public protocol FingerMeasure: Sendable {
    /// What the gesture is made with: its thresholds, and what it measures against (an edge, a centre).
    associatedtype Configuration: Hashable, Sendable
    /// What the gesture reports on each update.
    associatedtype Value: Hashable, Sendable

    /// The gesture's name in explanation paths (`drag`, `edge-swipe`, `wind`).
    static var name: String { get }
    /// The name of its state while active, in explanations (`dragging`, `swiping`, `winding`).
    static var activeStateName: String { get }
    /// The slop (mm): a pending finger that lifts has stayed within it (the reason `liftedWithinSlop` says so).
    static func slop(_ configuration: Configuration) -> Double
    /// What a second finger does to the gesture once it has begun (a pending one always fails).
    static func extraTouch(_ configuration: Configuration) -> ExtraTouchPolicy
    /// True when the gesture begins at the landing, with no move (a drag of no slop); false by default.
    static func beginsAtLanding(_ configuration: Configuration) -> Bool

    /// The measure before any finger.
    init()
    /// The condition a landing must meet for the finger to be followed (an edge swipe's distance from its edge), or
    /// nil (the default) when any is.
    func landing(of touch: TouchPoint, _ configuration: Configuration) -> Comparison?
    /// A finger is followed from its landing at `position`, at `time`: the measure starts afresh.
    mutating func start(at position: Point, time: Timestamp, _ configuration: Configuration)
    /// The finger followed moved to `position` at `time`.
    mutating func follow(to position: Point, at time: Timestamp, _ configuration: Configuration)
    /// Whether the move of the pending `finger`, down at `start`, to `position` begins the gesture, fails it, or
    /// decides nothing yet. By default it begins beyond the slop from `start`.
    func decide(finger: Int, start: Point, position: Point, _ configuration: Configuration) -> FingerDecision
    /// What the gesture reports in `phase` at `time`, of the finger down at `start` and now at `location`.
    func value(_ phase: GesturePhase, start: Point, location: Point, at time: Timestamp, _ configuration: Configuration)
        -> Value
}

extension FingerMeasure {
    public static func beginsAtLanding(_ configuration: Configuration) -> Bool { false }

    public func landing(of touch: TouchPoint, _ configuration: Configuration) -> Comparison? { nil }

    @inline(__always)
    public func decide(finger: Int, start: Point, position: Point, _ configuration: Configuration) -> FingerDecision {
        let moved = Comparison(.moved(finger: finger), position.distance(to: start), .beyond, Self.slop(configuration), .slop)
        return moved.holds ? .begin(because: .measured(moved)) : .wait
    }
}

/// What a move of a pending finger decides of its one-finger gesture (``FingerMeasure/decide(finger:start:position:_:)``).
public enum FingerDecision: Sendable {
    /// Nothing yet: the finger stays pending.
    case wait
    /// The gesture begins, for `because`.
    case begin(because: Explanation.Reason)
    /// The gesture fails, for `because`.
    case fail(because: Explanation.Reason)
}
