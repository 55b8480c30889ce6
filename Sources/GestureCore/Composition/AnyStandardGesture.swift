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
public struct AnyStandardGesture: Gesture {
    /// The value of the gesture held, erased.
    public struct Value: StandardEventValue {
        /// The held gesture's own value (a ``TapGesture/Value``, a ``DragGesture/Value``, …), which makes its own
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

    public var status: RecognizerStatus { base.status }

    public var deadline: Timestamp? { base.deadline }

    public mutating func touchesChanged(_ changes: TouchChanges) -> [GestureUpdate<Value>] {
        base.touchesChanged(changes)
    }

    public mutating func deadlineReached(at now: Timestamp) -> [GestureUpdate<Value>] {
        base.deadlineReached(at: now)
    }

    public mutating func cancel(at now: Timestamp) -> [GestureUpdate<Value>] {
        base.cancel(at: now)
    }
}

/// The gesture inside an `AnyStandardGesture`, whatever its type.
private protocol StandardGestureBox: Sendable {
    var status: RecognizerStatus { get }
    var deadline: Timestamp? { get }
    mutating func touchesChanged(_ changes: TouchChanges) -> [GestureUpdate<AnyStandardGesture.Value>]
    mutating func deadlineReached(at now: Timestamp) -> [GestureUpdate<AnyStandardGesture.Value>]
    mutating func cancel(at now: Timestamp) -> [GestureUpdate<AnyStandardGesture.Value>]
}

private struct StandardGestureBoxOf<G: Gesture>: StandardGestureBox where G.Value: StandardEventValue {
    var gesture: G

    var status: RecognizerStatus { gesture.status }

    var deadline: Timestamp? { gesture.deadline }

    mutating func touchesChanged(_ changes: TouchChanges) -> [GestureUpdate<AnyStandardGesture.Value>] {
        Self.erase(gesture.touchesChanged(changes))
    }

    mutating func deadlineReached(at now: Timestamp) -> [GestureUpdate<AnyStandardGesture.Value>] {
        Self.erase(gesture.deadlineReached(at: now))
    }

    mutating func cancel(at now: Timestamp) -> [GestureUpdate<AnyStandardGesture.Value>] {
        Self.erase(gesture.cancel(at: now))
    }

    private static func erase(_ updates: [GestureUpdate<G.Value>]) -> [GestureUpdate<AnyStandardGesture.Value>] {
        if updates.isEmpty { return [] }
        return updates.map { GestureUpdate($0.phase, AnyStandardGesture.Value($0.value)) }
    }
}
