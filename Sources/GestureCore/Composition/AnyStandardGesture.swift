/// Any gesture whose values have lines of their own (`StandardEventValue`), behind one type: for
/// compositions chosen at run time, as a layout file's `target` chooses its gestures. A list of them folds
/// with `exclusively(before:)` and `simultaneously(with:)`, each step erased again:
///
/// ```swift
/// var gesture = AnyStandardGesture(TapGesture(count: 2))
/// gesture = AnyStandardGesture(gesture.exclusively(before: AnyStandardGesture(TapGesture(count: 1))))
/// ```
///
/// It behaves exactly as the gesture it holds; its updates carry that gesture's values, erased.
public struct AnyStandardGesture: SinkGesture {
    /// The value of the gesture held, erased.
    public struct Value: StandardEventValue {
        /// The held gesture's own value (a ``TapGesture/Value``, a ``DragMeasure/Value``, …), which makes its own
        /// output line through ``StandardEventValue/eventKind(_:)``.
        public let base: any StandardEventValue

        /// The erased value `base`.
        public init(_ base: any StandardEventValue) {
            self.base = base
        }

        public func eventKind(_ phase: GesturePhase) -> GestureEvent.Kind { base.eventKind(phase) }
    }

    private var base: any StandardGestureBox

    /// The gesture `gesture`, erased: it behaves exactly as `gesture` does, its values wrapped in ``Value``.
    public init<G: Gesture>(_ gesture: G) where G.Value: StandardEventValue {
        base = StandardGestureBoxOf(gesture: gesture)
    }

    /// No machine of its own: the gesture it holds reports its transitions under its own name, with no step
    /// of this one's on the path; where a combinator names its part, it is that gesture's name (`partName`).
    public static var name: String { "any" }

    public var partName: String { base.partName }

    public var status: RecognizerStatus { base.status }

    public var deadline: Timestamp? { base.deadline }

    public mutating func touchesChanged<Log: TransitionLogging>(_ changes: TouchChanges, log: inout Log,
                                                                sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        base.touchesChanged(changes, log: &log, appendingTo: &updates)
    }

    public mutating func deadlineReached<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                                 sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        base.deadlineReached(at: now, log: &log, appendingTo: &updates)
    }

    public mutating func cancel<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                        sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        base.cancel(at: now, log: &log, appendingTo: &updates)
    }
}

/// The gesture inside an `AnyStandardGesture`, whatever its type.
private protocol StandardGestureBox: Sendable {
    var partName: String { get }
    var status: RecognizerStatus { get }
    var deadline: Timestamp? { get }
    mutating func touchesChanged<Log: TransitionLogging>(_ changes: TouchChanges, log: inout Log,
                                                         appendingTo updates: inout some UpdateSink<GestureUpdate<AnyStandardGesture.Value>>)
    mutating func deadlineReached<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                          appendingTo updates: inout some UpdateSink<GestureUpdate<AnyStandardGesture.Value>>)
    mutating func cancel<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                 appendingTo updates: inout some UpdateSink<GestureUpdate<AnyStandardGesture.Value>>)
    mutating func targetReshaped(to shape: Shape)
}

private struct StandardGestureBoxOf<G: Gesture>: StandardGestureBox where G.Value: StandardEventValue {
    var gesture: G
    /// The gesture's updates of the input being taken, before erasure, kept from input to input. (The sink's type is
    /// not known to the gesture's code, which runs behind the box: appending through it would be a generic call an
    /// update.)
    var typed: [GestureUpdate<G.Value>] = []

    var partName: String { gesture.partName }

    var status: RecognizerStatus { gesture.status }

    var deadline: Timestamp? { gesture.deadline }

    mutating func touchesChanged<Log: TransitionLogging>(_ changes: TouchChanges, log: inout Log,
                                                         appendingTo updates: inout some UpdateSink<GestureUpdate<AnyStandardGesture.Value>>) {
        typed.removeAllKeepingCapacity()
        gesture.touchesChanged(changes, log: &log, into: &typed)
        updates.append(typed) { AnyStandardGesture.Value($0) }
    }

    mutating func deadlineReached<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                          appendingTo updates: inout some UpdateSink<GestureUpdate<AnyStandardGesture.Value>>) {
        typed.removeAllKeepingCapacity()
        gesture.deadlineReached(at: now, log: &log, into: &typed)
        updates.append(typed) { AnyStandardGesture.Value($0) }
    }

    mutating func cancel<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                 appendingTo updates: inout some UpdateSink<GestureUpdate<AnyStandardGesture.Value>>) {
        typed.removeAllKeepingCapacity()
        gesture.cancel(at: now, log: &log, into: &typed)
        updates.append(typed) { AnyStandardGesture.Value($0) }
    }

    mutating func targetReshaped(to shape: Shape) {
        reshapeIfTargetShaped(&gesture, to: shape)
    }
}

extension AnyStandardGesture: TargetShapedGesture {
    /// The gesture it wraps follows the target's shape if it depends on it.
    mutating func targetReshaped(to shape: Shape) {
        base.targetReshaped(to: shape)
    }
}
