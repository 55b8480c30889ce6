/// A gesture of two fingers, the first two of a touch sequence: what it reports is what its `Measure`
/// makes of them (the rotation of the line between them, their distance's scale). Diagram:
/// docs/state-machines/two-finger.md.
///
/// Tracking starts when a second finger lands. The gesture begins when the measure says its threshold is
/// passed, reports a change on every later frame in which either finger moved, and ends when either
/// finger lifts (`cancelled` when the device withdrew it). Further fingers are ignored; a finger of the
/// pair lifting before the gesture began makes it fail, and nothing more happens until all have lifted.
public struct TwoFingerGesture<Measure: PairMeasure>: SinkGesture, DeadlineFreeRecognizer {
    /// The thresholds of the measure (``MagnificationMeasure/Configuration``, ``RotationMeasure/Configuration``).
    public typealias Configuration = Measure.Configuration
    /// What the measure reports of the pair (``MagnificationMeasure/Value``, ``RotationMeasure/Value``).
    public typealias Value = Measure.Value

    /// The two fingers being followed, and what is measured of them.
    struct Pair: Hashable, Sendable {
        var fingers: FingerPair
        var measure: Measure

        init(first: TouchPoint, second: TouchPoint) {
            self.fingers = FingerPair(first: first, second: second)
            self.measure = Measure(fingers)
        }

        var value: Value { measure.value(of: fingers) }

        /// Applies this frame's moves; returns false if neither finger moved.
        mutating func follow(_ changes: TouchChanges) -> Bool {
            guard fingers.follow(changes) else { return false }
            measure.follow(fingers)
            return true
        }
    }

    enum State: Hashable, Sendable {
        /// No finger down in this touch sequence yet.
        case idle
        /// One finger down, waiting for a second.
        case oneFinger(TouchPoint)
        /// Two fingers down (and maybe further ones, ignored), the measure below its threshold so far.
        case pending(Pair)
        /// Begun: reporting.
        case active(Pair)
        /// Decided; fingers may still be down (`TouchChanges.fingersDown`).
        case finished(Outcome)
    }

    /// Its machine's name in explanation paths (`Explanation.path`).
    public static var name: String { Measure.name }

    /// The measure's thresholds this recognizer was made with, fixed for its life.
    public let configuration: Configuration
    private(set) var state: State = .idle

    /// A two-finger gesture with the measure's thresholds `configuration`.
    public init(_ configuration: Configuration) {
        self.configuration = configuration
    }

    /// The measure's default thresholds.
    public init() {
        self.init(Measure.defaultConfiguration)
    }

    public var status: RecognizerStatus {
        switch state {
        case .idle, .oneFinger, .pending: .possible
        case .active: .active
        case .finished(let outcome): outcome.status
        }
    }

    public mutating func touchesChanged<Log: TransitionLogging>(_ changes: TouchChanges, log: inout Log,
                                                                sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        checkFingers(changes)
        switch state {
        case .oneFinger(var touch):
            if let position = changes.position(of: touch.id) {
                touch.position = position
                state = .oneFinger(touch)
            }
        case .pending(var pair):
            if pair.follow(changes) {
                let progress = pair.measure.progress(configuration)
                if progress.holds {
                    log.transition(&state, to: .active(pair), in: Self.name, because: .measured(progress))
                    updates.append(GestureUpdate(.began, pair.value))
                } else {
                    state = .pending(pair)
                }
            }
        case .active(var pair):
            if pair.follow(changes) {
                state = .active(pair)
                updates.append(GestureUpdate(.changed, pair.value))
            }
        case .idle, .finished:
            break
        }
        if !changes.lifted.isEmpty {
            switch state {
            case .oneFinger(let touch):
                if changes.lift(of: touch.id) != nil {
                    log.transition(&state, to: .finished(.failed), in: Self.name, because: .lifted(finger: touch.id))
                }
            case .pending(let pair):
                // Lifts of further fingers change nothing.
                if let lift = pair.fingers.lifts(in: changes).first {
                    log.transition(&state, to: .finished(.failed), in: Self.name, because: .lifted(finger: lift.id))
                }
            case .active(let pair):
                let lifts = pair.fingers.lifts(in: changes)
                if let lift = lifts.first {
                    let withdrawn = lifts.first { $0.withdrawn }
                    log.transition(&state, to: .finished(withdrawn != nil ? .cancelled : .ended), in: Self.name,
                                   because: withdrawn.map { .withdrawn(finger: $0.id) } ?? .lifted(finger: lift.id))
                    updates.append(GestureUpdate(withdrawn != nil ? .cancelled : .ended, pair.value))
                }
            case .idle, .finished:
                break
            }
        }
        let landed = changes.landed
        guard !landed.isEmpty else { return }
        switch state {
        case .idle:
            // No finger was down (checked above): these landings begin a touch sequence.
            startSequence(landed, log: &log)
        case .finished where changes.beginsSequence:
            startSequence(landed, log: &log)
        case .finished:
            // Nothing more until every finger has lifted.
            break
        case .oneFinger(let first):
            log.transition(&state, to: .pending(Pair(first: first, second: landed[0])), in: Self.name, because: .secondFinger(landed[0].id))
        case .pending, .active:
            // Further fingers are ignored.
            break
        }
    }

    /// Stops on changes whose count of fingers contradicts the state: before them, no finger is down in
    /// `idle`, exactly one in `oneFinger`, and at least the pair in `pending` and `active`.
    @inline(__always)  // (a call of its own on every change once its check moved to TouchChanges)
    private func checkFingers(_ changes: TouchChanges) {
        switch state {
        case .idle: changes.requireFingersBefore(in: 0...0, "\(Self.self).\(state)")
        case .oneFinger: changes.requireFingersBefore(in: 1...1, "\(Self.self).\(state)")
        case .pending, .active: changes.requireFingersBefore(in: 2...Int.max, "\(Self.self).\(state)")
        case .finished: break
        }
    }

    /// The landings of a new touch sequence: the first finger waits for a second; two or more make the
    /// pair of the first two.
    private mutating func startSequence<Log: TransitionLogging>(_ landed: [TouchPoint], log: inout Log) {
        if landed.count == 1 {
            log.transition(&state, to: .oneFinger(landed[0]), in: Self.name,
                           because: .landed(finger: landed[0].id, at: landed[0].position, deadline: nil))
        } else {
            log.transition(&state, to: .pending(Pair(first: landed[0], second: landed[1])), in: Self.name,
                           because: .pairLanded(first: landed[0].id, second: landed[1].id))
        }
    }

    public mutating func cancel<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                        sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        switch state {
        case .active(let pair):
            log.cancel(&state, to: .finished(.cancelled), in: Self.name)
            updates.append(GestureUpdate(.cancelled, pair.value))
        case .oneFinger, .pending:
            log.cancel(&state, to: .finished(.failed), in: Self.name)
        case .idle, .finished:
            break
        }
    }
}

extension TwoFingerGesture.State: MachineState {
    var name: String {
        switch self {
        case .idle: "idle"
        case .oneFinger: "oneFinger"
        case .pending: "pending"
        case .active: "active"
        case .finished(let outcome): outcome.name
        }
    }
}

/// What a two-finger gesture measures of its pair of fingers.
public protocol PairMeasure: Hashable, Sendable {
    /// The measure's thresholds: when the gesture may begin.
    associatedtype Configuration: Hashable, Sendable
    /// What the gesture reports on each update of its pair.
    associatedtype Value: Hashable, Sendable

    /// The gesture's name in explanation paths (`rotation`, `magnify`).
    static var name: String { get }
    /// The thresholds of `TwoFingerGesture()`.
    static var defaultConfiguration: Configuration { get }
    /// The measure when the second finger lands.
    init(_ fingers: FingerPair)
    /// The fingers moved (one or both): measure them anew.
    mutating func follow(_ fingers: FingerPair)
    /// The measure against its threshold: the gesture may begin once it `holds`.
    func progress(_ configuration: Configuration) -> Comparison
    /// What the gesture reports now.
    func value(of fingers: FingerPair) -> Value
}

extension PairMeasure {
    /// True once the gesture may begin.
    public func hasBegun(_ configuration: Configuration) -> Bool { progress(configuration).holds }
}

/// The two fingers a two-finger gesture follows (rotation, magnification): the first two of its touch
/// sequence, where they are now. Further fingers are not its business.
public struct FingerPair: Hashable, Sendable {
    /// The first finger of the touch sequence, with its id and its current position (mm on the surface).
    public private(set) var first: TouchPoint
    /// The second finger of the touch sequence (the one whose landing started the tracking), with its id and its
    /// current position (mm on the surface).
    public private(set) var second: TouchPoint

    /// The pair of `first` and `second`, as they are at the second landing.
    public init(first: TouchPoint, second: TouchPoint) {
        self.first = first
        self.second = second
    }

    /// The midpoint of the two fingers.
    public var center: Point { first.position.midpoint(second.position) }

    /// The distance between the two fingers, in mm.
    public var distance: Double { first.position.distance(to: second.position) }

    /// Takes this frame's moves of the pair; returns false when neither finger moved.
    public mutating func follow(_ changes: TouchChanges) -> Bool {
        let firstMove = changes.position(of: first.id)
        let secondMove = changes.position(of: second.id)
        guard firstMove != nil || secondMove != nil else { return false }
        if let firstMove { first.position = firstMove }
        if let secondMove { second.position = secondMove }
        return true
    }

    /// The lifts of this frame that end the pair: none, or one or both of its fingers'.
    public func lifts(in changes: TouchChanges) -> [TouchLift] {
        [changes.lift(of: first.id), changes.lift(of: second.id)].compactMap { $0 }
    }
}
