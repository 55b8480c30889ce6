/// Two gestures of which only one succeeds; the first has priority (SwiftUI's `exclusively(before:)`).
/// Diagram: docs/state-machines/composition.md.
///
/// Both are fed every input. While the first is still possible, the second's updates are held back.
/// - When the first begins or is recognized, it wins: the held updates are dropped and the second is
///   no longer heard from in this touch sequence.
/// - When the first fails, the second is released at that moment: the updates it made in earlier inputs
///   while held are reported then, in order (stamped with the release time), except a run that began and
///   was cancelled while held, which nobody ever hears of; then its updates for the input that made the
///   first fail, as they are. From then on the second's updates pass straight through.
/// Deadlines of a gesture that has lost are not fired.
public struct ExclusiveGesture<First: Gesture, Second: Gesture>: Gesture {
    /// The first's value as ``Either/first(_:)``, the second's as ``Either/second(_:)``.
    public typealias Value = Either<First.Value, Second.Value>

    enum State: Sendable {
        /// The first is still possible; these updates of the second wait for its outcome.
        case undecided(held: [GestureUpdate<Second.Value>])
        /// The first began or was recognized.
        case first
        /// The first failed; the second's updates pass through.
        case second
    }

    /// The parts, settable so that a component can adjust one (a dial moved moves its wind's centre);
    /// changing a part's configuration mid-sequence is the caller's business.
    public var first: First
    /// The part with lower priority (the argument of `exclusively(before:)`): heard only once the first has failed.
    public var second: Second
    private var state: State = .undecided(held: [])

    /// `first` with priority over `second`: `first.exclusively(before: second)`.
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    public var status: RecognizerStatus {
        switch state {
        case .undecided:
            first.status == .failed ? second.status : .possible
        case .first: first.status
        case .second: second.status
        }
    }

    public var deadline: Timestamp? {
        switch state {
        case .undecided: earliest(first.deadline, second.deadline)
        case .first: first.deadline
        case .second: second.deadline
        }
    }

    public mutating func touchesChanged(_ changes: TouchChanges) -> [GestureUpdate<Value>] {
        if changes.fingersBefore == 0 && !changes.landed.isEmpty {
            // A new touch sequence: both start afresh. (A change that lifts the last finger and lands
            // others is not one: the engine hands it over as two, the ending, then the beginning.)
            state = .undecided(held: [])
        }
        let firstUpdates = first.touchesChanged(changes)
        let secondUpdates = second.touchesChanged(changes)
        return resolve(firstUpdates, secondUpdates)
    }

    public mutating func deadlineReached(at now: Timestamp) -> [GestureUpdate<Value>] {
        var firstUpdates: [GestureUpdate<First.Value>] = []
        var secondUpdates: [GestureUpdate<Second.Value>] = []
        switch state {
        case .undecided:
            if let deadline = first.deadline, deadline <= now { firstUpdates = first.deadlineReached(at: now) }
            if let deadline = second.deadline, deadline <= now { secondUpdates = second.deadlineReached(at: now) }
        case .first:
            if let deadline = first.deadline, deadline <= now { firstUpdates = first.deadlineReached(at: now) }
        case .second:
            if let deadline = second.deadline, deadline <= now { secondUpdates = second.deadlineReached(at: now) }
        }
        return resolve(firstUpdates, secondUpdates)
    }

    public mutating func cancel(at now: Timestamp) -> [GestureUpdate<Value>] {
        let firstUpdates = first.cancel(at: now)
        let secondUpdates = second.cancel(at: now)
        switch state {
        case .undecided:
            // Nothing of either was ever reported.
            state = .undecided(held: [])
            return []
        case .first:
            return firstUpdates.map { GestureUpdate($0.phase, .first($0.value)) }
        case .second:
            return secondUpdates.map { GestureUpdate($0.phase, .second($0.value)) }
        }
    }

    /// Decides who is heard from, after both have taken the same input.
    private mutating func resolve(_ firstUpdates: [GestureUpdate<First.Value>],
                                  _ secondUpdates: [GestureUpdate<Second.Value>]) -> [GestureUpdate<Value>] {
        switch state {
        case .undecided(let held):
            if !firstUpdates.isEmpty || first.status.hasSucceeded {
                // The first wins; whatever the second did stays unheard.
                state = .first
                return firstUpdates.map { GestureUpdate($0.phase, .first($0.value)) }
            }
            if first.status == .failed {
                state = .second
                return (releasing(held) + secondUpdates).map { GestureUpdate($0.phase, .second($0.value)) }
            }
            state = .undecided(held: secondUpdates.isEmpty ? held : held + secondUpdates)
            return []
        case .first:
            return firstUpdates.map { GestureUpdate($0.phase, .first($0.value)) }
        case .second:
            return secondUpdates.map { GestureUpdate($0.phase, .second($0.value)) }
        }
    }
}

func earliest(_ a: Timestamp?, _ b: Timestamp?) -> Timestamp? {
    switch (a, b) {
    case (nil, nil): nil
    case (let a?, nil): a
    case (nil, let b?): b
    case (let a?, let b?): min(a, b)
    }
}

extension Gesture {
    /// `self` has priority; `other` succeeds only if `self` fails. See `ExclusiveGesture`.
    public func exclusively<Other: Gesture>(before other: Other) -> ExclusiveGesture<Self, Other> {
        ExclusiveGesture(self, other)
    }
}
