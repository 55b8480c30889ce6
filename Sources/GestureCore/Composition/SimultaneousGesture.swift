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

    /// Its machine's name in explanation paths (`Explanation.path`).
    public static var name: String { "simultaneously" }

    /// `first` and `second` recognized side by side: `first.simultaneously(with: second)`.
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
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

    public mutating func touchesChanged<Log: TransitionLogging>(_ changes: TouchChanges, log: inout Log) -> [GestureUpdate<Value>] {
        log.enter("simultaneously.first")
        let firstUpdates = first.touchesChanged(changes, log: &log)
        log.leave()
        log.enter("simultaneously.second")
        let secondUpdates = second.touchesChanged(changes, log: &log)
        log.leave()
        return Self.tag(firstUpdates, secondUpdates)
    }

    public mutating func deadlineReached<Log: TransitionLogging>(at now: Timestamp, log: inout Log) -> [GestureUpdate<Value>] {
        var firstUpdates: [GestureUpdate<First.Value>] = []
        var secondUpdates: [GestureUpdate<Second.Value>] = []
        if let deadline = first.deadline, deadline <= now {
            log.enter("simultaneously.first")
            firstUpdates = first.deadlineReached(at: now, log: &log)
            log.leave()
        }
        if let deadline = second.deadline, deadline <= now {
            log.enter("simultaneously.second")
            secondUpdates = second.deadlineReached(at: now, log: &log)
            log.leave()
        }
        return Self.tag(firstUpdates, secondUpdates)
    }

    public mutating func cancel<Log: TransitionLogging>(at now: Timestamp, log: inout Log) -> [GestureUpdate<Value>] {
        log.enter("simultaneously.first")
        let firstUpdates = first.cancel(at: now, log: &log)
        log.leave()
        log.enter("simultaneously.second")
        let secondUpdates = second.cancel(at: now, log: &log)
        log.leave()
        return Self.tag(firstUpdates, secondUpdates)
    }

    private static func tag(_ firstUpdates: [GestureUpdate<First.Value>],
                            _ secondUpdates: [GestureUpdate<Second.Value>]) -> [GestureUpdate<Value>] {
        if firstUpdates.isEmpty && secondUpdates.isEmpty { return [] }
        return firstUpdates.map { GestureUpdate($0.phase, .first($0.value)) }
            + secondUpdates.map { GestureUpdate($0.phase, .second($0.value)) }
    }
}

extension Gesture {
    /// `self` and `other`, recognized independently on the same touches. See `SimultaneousGesture`.
    public func simultaneously<Other: Gesture>(with other: Other) -> SimultaneousGesture<Self, Other> {
        SimultaneousGesture(self, other)
    }
}
