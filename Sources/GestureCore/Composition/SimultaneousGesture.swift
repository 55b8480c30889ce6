/// Two gestures recognized independently on the same touches (SwiftUI's `simultaneously(with:)`).
/// Diagram: docs/state-machines/composition.md.
///
/// Both are fed every input and neither affects the other. Each one's updates are reported as they
/// happen, tagged `.first` or `.second`, with that gesture's own phase, the first's before the second's
/// for the same input. As a whole the composite is active while either is, possible while either is;
/// once both are done it has ended if either ended, else cancelled if either was cancelled, else failed.
public struct SimultaneousGesture<First: Gesture, Second: Gesture>: Gesture {
    /// The first's updates as ``Either/first(_:)``, the second's as ``Either/second(_:)``, each with its own phase.
    public typealias Value = Either<First.Value, Second.Value>

    /// The parts, settable so that a component can adjust one (a dial moved moves its wind's centre);
    /// changing a part's configuration mid-sequence is the caller's business.
    public var first: First
    /// The other part (the argument of `simultaneously(with:)`); its updates come after the first's for the same
    /// input.
    public var second: Second
    /// The first's updates of the input being taken, kept from input to input so that nothing is allocated.
    private var firstUpdates: [GestureUpdate<First.Value>] = []
    /// The second's, likewise.
    private var secondUpdates: [GestureUpdate<Second.Value>] = []

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

    public mutating func touchesChanged<Log: TransitionLogging>(_ changes: TouchChanges, log: inout Log,
                                                                into updates: inout [GestureUpdate<Value>]) {
        firstUpdates.removeAllKeepingCapacity()
        secondUpdates.removeAllKeepingCapacity()
        first.feed(changes, as: "simultaneously.first", log: &log, into: &firstUpdates)
        second.feed(changes, as: "simultaneously.second", log: &log, into: &secondUpdates)
        tag(into: &updates)
    }

    public mutating func deadlineReached<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                                 into updates: inout [GestureUpdate<Value>]) {
        firstUpdates.removeAllKeepingCapacity()
        secondUpdates.removeAllKeepingCapacity()
        if let deadline = first.deadline, deadline <= now {
            log.enter("simultaneously.first")
            first.deadlineReached(at: now, log: &log, into: &firstUpdates)
            log.leave()
        }
        if let deadline = second.deadline, deadline <= now {
            log.enter("simultaneously.second")
            second.deadlineReached(at: now, log: &log, into: &secondUpdates)
            log.leave()
        }
        tag(into: &updates)
    }

    public mutating func cancel<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                        into updates: inout [GestureUpdate<Value>]) {
        firstUpdates.removeAllKeepingCapacity()
        secondUpdates.removeAllKeepingCapacity()
        log.enter("simultaneously.first")
        first.cancel(at: now, log: &log, into: &firstUpdates)
        log.leave()
        log.enter("simultaneously.second")
        second.cancel(at: now, log: &log, into: &secondUpdates)
        log.leave()
        tag(into: &updates)
    }

    /// Appends the first's updates of this input, then the second's, each tagged with its side. (Mutating only so that
    /// the inputs' calls borrow the composite in place: a non-mutating call from them copied it whole first.)
    @inline(__always)
    private mutating func tag(into updates: inout [GestureUpdate<Value>]) {
        updates.append(firstUpdates, tagged: Value.first)
        updates.append(secondUpdates, tagged: Value.second)
    }
}

extension Gesture {
    /// `self` and `other`, recognized independently on the same touches. See `SimultaneousGesture`.
    public func simultaneously<Other: Gesture>(with other: Other) -> SimultaneousGesture<Self, Other> {
        SimultaneousGesture(self, other)
    }
}
