/// A one-finger long press: the finger stays within `maximumDistance` of where it went down for
/// `minimumDuration`. Recognized by its deadline, with no event needed. Diagram: docs/state-machines/long-press.md.
public struct LongPressGesture: SinkGesture, Recognizer {
    /// How long the finger must stay, and how still: a timeline's `longPressMs` and `slopMm`, or a target's
    /// `long-press` options `durationMs` and `slopMm` (SPEC.md, "`timeline`" and "Layout file").
    public struct Configuration: Hashable, Sendable {
        /// SPEC `longPressMs`.
        public var minimumDuration: TimeSpan
        /// SPEC `slopMm`.
        public var maximumDistance: Double

        /// A press recognized once the finger has stayed within `maximumDistance` mm of its down position (3 by
        /// default) for `minimumDuration` (300 ms by default, SPEC.md's `longPressMs`).
        public init(minimumDuration: TimeSpan = .ms(300), maximumDistance: Double = 3) {
            self.minimumDuration = minimumDuration
            self.maximumDistance = maximumDistance
        }
    }

    /// A long press's position, reported once, as `ended`, at down + ``Configuration/minimumDuration`` (the
    /// output's `long-press` line prints ``startLocation``).
    public struct Value: Hashable, Sendable {
        /// Where the finger went down.
        public var startLocation: Point
        /// Where the finger is when the press is recognized.
        public var location: Point

        /// A long press that went down at `startLocation` and is at `location` when recognized (mm on the surface).
        public init(startLocation: Point, location: Point) {
            self.startLocation = startLocation
            self.location = location
        }
    }

    enum State: Hashable, Sendable {
        /// No finger down in this touch sequence yet.
        case idle
        /// One finger down and still within the distance; recognized at `deadline`.
        case pressing(touchID: Int, start: Point, location: Point, deadline: Timestamp)
        /// Recognized; fingers may still be down (`TouchChanges.fingersDown`).
        case recognized
        /// Not a long press; fingers may still be down.
        case failed
    }

    /// Its machine's name in explanation paths (`Explanation.path`).
    public static let name = "long-press"

    /// The duration and distance this recognizer was made with, fixed for its life.
    public let configuration: Configuration
    private(set) var state: State = .idle

    /// A long press with `configuration`, by default 300 ms within 3 mm.
    public init(_ configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    public var status: RecognizerStatus {
        switch state {
        case .idle, .pressing: .possible
        case .recognized: .ended
        case .failed: .failed
        }
    }

    public var deadline: Timestamp? {
        switch state {
        case .pressing(_, _, _, let deadline): deadline
        case .idle, .recognized, .failed: nil
        }
    }

    public mutating func touchesChanged<Log: TransitionLogging>(_ changes: TouchChanges, log: inout Log,
                                                                sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        checkFingers(changes)
        switch state {
        case .pressing(let touchID, let start, _, let deadline):
            if let position = changes.position(of: touchID) {
                let moved = Comparison(.moved(finger: touchID), position.distance(to: start), .beyond, configuration.maximumDistance, .slop)
                if moved.holds {
                    log.transition(&state, to: .failed, in: Self.name, because: .measured(moved))
                } else {
                    state = .pressing(touchID: touchID, start: start, location: position, deadline: deadline)
                }
            }
        case .idle, .recognized, .failed:
            break
        }
        switch state {
        case .pressing(let touchID, _, _, let deadline):
            // Lifting before the deadline: not a long press.
            if changes.lift(of: touchID) != nil {
                log.transition(&state, to: .failed, in: Self.name,
                               because: .measured(.lifted(touchID, at: changes.time, deadline: deadline,
                                                          limit: configuration.minimumDuration, .below, .longPress)))
            }
        case .idle, .recognized, .failed:
            break
        }
        guard !changes.landed.isEmpty else { return }
        switch state {
        case .idle:
            // No finger was down (checked above): these landings begin a touch sequence.
            startSequence(changes, log: &log)
        case .recognized where changes.beginsSequence, .failed where changes.beginsSequence:
            startSequence(changes, log: &log)
        case .recognized, .failed:
            // Nothing more until every finger has lifted.
            break
        case .pressing:
            // A second finger: a pending long press fails.
            log.transition(&state, to: .failed, in: Self.name, because: .secondFinger(changes.landed[0].id))
        }
    }

    /// Stops on changes whose count of fingers contradicts the state: before them, no finger is down in
    /// `idle`, and exactly one (the pressing one) in `pressing`.
    @inline(__always)  // (a call of its own on every change once its check moved to TouchChanges)
    private func checkFingers(_ changes: TouchChanges) {
        switch state {
        case .idle: changes.requireFingersBefore(in: 0...0, "LongPressGesture.\(state)")
        case .pressing: changes.requireFingersBefore(in: 1...1, "LongPressGesture.\(state)")
        case .recognized, .failed: break
        }
    }

    private mutating func startSequence<Log: TransitionLogging>(_ changes: TouchChanges, log: inout Log) {
        guard let touch = log.soleLanding(in: changes, &state, else: .failed, in: Self.name) else { return }
        let deadline = changes.time + configuration.minimumDuration
        log.transition(&state, to: .pressing(touchID: touch.id, start: touch.position, location: touch.position, deadline: deadline),
                       in: Self.name, because: .landed(finger: touch.id, at: touch.position, deadline: deadline))
    }

    public mutating func deadlineReached<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                                 sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        switch state {
        case .pressing(_, let start, let location, let deadline) where now >= deadline:
            log.transition(&state, to: .recognized, in: Self.name,
                           because: .longPressHeld(deadline: deadline, distance: location.distance(to: start),
                                                   slop: configuration.maximumDistance))
            updates.append(GestureUpdate(.ended, Value(startLocation: start, location: location)))
        case .idle, .pressing, .recognized, .failed:
            preconditionFailure("LongPressGesture.\(state): deadlineReached(at: \(now)) before its deadline, or with none")
        }
    }

    public mutating func cancel<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                        sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        // A long press is discrete: a recognized one stays recognized; a pending one fails.
        switch state {
        case .idle, .recognized, .failed: break
        case .pressing: log.cancel(&state, to: .failed, in: Self.name)
        }
    }
}

extension LongPressGesture.State: MachineState {
    var name: String {
        switch self {
        case .idle: "idle"
        case .pressing: "pressing"
        case .recognized: "recognized"
        case .failed: "failed"
        }
    }
}
