/// A gesture that a component may leave out, as a timeline leaves out its pinch-to-zoom unless asked:
/// `absent`, it has failed from the start and never reports; `present`, it is the gesture. So a component's
/// recognizer has one type whatever its options, and an absent part changes nothing: beside it,
/// `simultaneously(with:)` reports exactly what the other part reports, with the other part's status.
/// Diagram: docs/state-machines/composition.md.
public enum OptionalGesture<Wrapped: Gesture>: SinkGesture {
    /// Its gesture's values, as they are.
    public typealias Value = Wrapped.Value

    /// Left out: failed from the start (``RecognizerStatus/failed``), no deadline, never reports.
    case absent
    /// The gesture itself, behaving exactly as it does.
    case present(Wrapped)

    /// Its gesture's: an optional part adds no step to the explanation paths, and has no state of its own
    /// that changes.
    public static var name: String { Wrapped.name }

    /// `.present(gesture)`, or `.absent` when `gesture` is nil.
    public init(_ gesture: Wrapped?) {
        self = gesture.map { .present($0) } ?? .absent
    }

    /// Absent, it never changes; present, as its gesture.
    public var ignoresChangesUntilNextSequence: Bool {
        switch self {
        case .absent: true
        case .present(let gesture): gesture.ignoresChangesUntilNextSequence
        }
    }

    public var status: RecognizerStatus {
        switch self {
        case .absent: .failed
        case .present(let gesture): gesture.status
        }
    }

    public var deadline: Timestamp? {
        switch self {
        case .absent: nil
        case .present(let gesture): gesture.deadline
        }
    }

    public mutating func touchesChanged<Log: TransitionLogging>(_ changes: TouchChanges, log: inout Log,
                                                                sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        forward { $0.touchesChanged(changes, log: &log, appendingTo: &updates) }
    }

    public mutating func deadlineReached<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                                 sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        forward { $0.deadlineReached(at: now, log: &log, appendingTo: &updates) }
    }

    public mutating func cancel<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                        sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        forward { $0.cancel(at: now, log: &log, appendingTo: &updates) }
    }

    /// One input: to the gesture when present; nothing when absent.
    private mutating func forward(_ input: (inout Wrapped) -> Void) {
        switch self {
        case .absent:
            break
        case .present(var gesture):
            self = .absent  // let go of the enum's copy of the gesture, so that changing it does not copy its storage
            input(&gesture)
            self = .present(gesture)
        }
    }
}

extension OptionalGesture {
    /// Present, throws when its gesture is configured impossibly.
    public func checkConfiguration() throws(GestureError) {
        switch self {
        case .absent: break
        case .present(let gesture): try gesture.checkConfiguration()
        }
    }
}

extension OptionalGesture: TargetShapedGesture {
    /// Present, its gesture follows the target's shape if it depends on it.
    mutating func targetReshaped(to shape: Shape) {
        forward { reshapeIfTargetShaped(&$0, to: shape) }
    }
}
