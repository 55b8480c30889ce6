/// Two gestures recognized independently on the same touches (SwiftUI's `simultaneously(with:)`).
/// Diagram: docs/state-machines/composition.md.
///
/// Both are fed every input and neither affects the other. Each one's updates are reported as they
/// happen, tagged `.first` or `.second`, with that gesture's own phase, the first's before the second's
/// for the same input. As a whole the composite is active while either is, possible while either is;
/// once both are done it has ended if either ended, else cancelled if either was cancelled, else failed.
public struct SimultaneousGesture<First: Gesture, Second: Gesture>: SinkGesture {
    /// The first's updates as ``Either/first(_:)``, the second's as ``Either/second(_:)``, each with its own phase.
    public typealias Value = Either<First.Value, Second.Value>

    /// The parts, settable so that a component can adjust one (a dial moved moves its wind's centre);
    /// changing a part's configuration mid-sequence is the caller's business.
    public var first: First
    /// The other part (the argument of `simultaneously(with:)`); its updates come after the first's for the same
    /// input.
    public var second: Second

    /// Its machine's name in explanation paths (`Explanation.path`).
    public static var name: String { "simultaneously" }

    /// `first` and `second` recognized side by side: `first.simultaneously(with: second)`.
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    /// When both parts ignore them.
    public var ignoresChangesUntilNextSequence: Bool {
        first.ignoresChangesUntilNextSequence && second.ignoresChangesUntilNextSequence
    }

    public var status: RecognizerStatus {
        switch (first.status, second.status) {
        case (.active, _), (_, .active): .active
        case (.possible, _), (_, .possible): .possible
        case (.ended, _), (_, .ended): .ended
        case (.cancelled, _), (_, .cancelled): .cancelled
        case (.failed, .failed): .failed
        }
    }

    public var deadline: Timestamp? { earliest(first.deadline, second.deadline) }

    // Each part appends straight to the composite's sink, its updates tagged on the way (`PartSink`).

    public mutating func touchesChanged<Log: TransitionLogging>(_ changes: TouchChanges, log: inout Log,
                                                                sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        updates.relaying(AsFirst<First.Value, Second.Value>()) {
            first.feed(changes, as: "simultaneously.first", log: &log, appendingTo: &$0)
        }
        updates.relaying(AsSecond<First.Value, Second.Value>()) {
            second.feed(changes, as: "simultaneously.second", log: &log, appendingTo: &$0)
        }
    }

    public mutating func deadlineReached<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                                 sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        updates.relayDeadline(of: &first, as: "simultaneously.first", at: now, log: &log, AsFirst<First.Value, Second.Value>())
        updates.relayDeadline(of: &second, as: "simultaneously.second", at: now, log: &log, AsSecond<First.Value, Second.Value>())
    }

    public mutating func cancel<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                        sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        updates.relayCancel(of: &first, as: "simultaneously.first", at: now, log: &log, AsFirst<First.Value, Second.Value>())
        updates.relayCancel(of: &second, as: "simultaneously.second", at: now, log: &log, AsSecond<First.Value, Second.Value>())
    }
}

extension Gesture {
    /// `self` and `other`, recognized independently on the same touches. See `SimultaneousGesture`.
    public func simultaneously<Other: Gesture>(with other: Other) -> SimultaneousGesture<Self, Other> {
        SimultaneousGesture(self, other)
    }
}

extension SimultaneousGesture: TwoPartGesture {
    /// Throws for the first part configured impossibly, then the second.
    public func checkConfiguration() throws(GestureError) {
        try first.checkConfiguration()
        try second.checkConfiguration()
    }
}
