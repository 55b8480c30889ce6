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
public struct ExclusiveGesture<First: Gesture, Second: Gesture>: SinkGesture {
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
    /// While undecided, the first's updates of the input being taken, kept from input to input so that nothing is
    /// allocated. (Once decided, the winner appends straight to the composite's sink.)
    private var firstUpdates: [GestureUpdate<First.Value>] = []
    /// The second's, likewise.
    private var secondUpdates: [GestureUpdate<Second.Value>] = []

    /// Its machine's name in explanation paths (`Explanation.path`).
    public static var name: String { "exclusively" }

    /// `first` with priority over `second`: `first.exclusively(before: second)`.
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    /// Once decided, when both parts ignore them (undecided, it decides on its parts' outcomes).
    public var ignoresChangesUntilNextSequence: Bool {
        switch state {
        case .undecided: false
        case .first, .second: first.ignoresChangesUntilNextSequence && second.ignoresChangesUntilNextSequence
        }
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

    public mutating func touchesChanged<Log: TransitionLogging>(_ changes: TouchChanges, log: inout Log,
                                                                sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        if changes.beginsSequence {
            // A new touch sequence: both start afresh, as the parts do on the same changes. (The engine hands a frame
            // that lifts the last finger and lands others over as two changes, the ending, then the beginning.) What the second
            // did in the last one, if nobody heard it (the first won, or it still waited), does not carry over, as
            // for a target's gesture that lost (SPEC "Targets"): a tap lost to a long press does not count the next.
            switch state {
            case .first: second.forgetUnheard(at: changes.time, as: "exclusively.second", log: &log)
            case .undecided(let held) where !held.isEmpty: second.forgetUnheard(at: changes.time, as: "exclusively.second", log: &log)
            case .undecided, .second: break
            }
            log.transition(&state, to: .undecided(held: []), in: Self.name, because: .sequenceBegan)
        }
        // A part that ignores them is not fed (a pan's failed tap and selection): feeding it would change nothing.
        switch state {
        case .undecided:
            firstUpdates.removeAllKeepingCapacity()
            secondUpdates.removeAllKeepingCapacity()
            first.feed(changes, as: "exclusively.first", log: &log, into: &firstUpdates)
            second.feed(changes, as: "exclusively.second", log: &log, into: &secondUpdates)
            decide(log: &log, sink: &updates)
        case .first:
            // Decided: the winner appends straight to the composite's sink, the loser to nobody.
            updates.relaying(AsFirst<First.Value, Second.Value>()) {
                first.feed(changes, as: "exclusively.first", log: &log, appendingTo: &$0)
            }
            var unheard = UnheardUpdates<GestureUpdate<Second.Value>>()
            second.feed(changes, as: "exclusively.second", log: &log, appendingTo: &unheard)
        case .second:
            var unheard = UnheardUpdates<GestureUpdate<First.Value>>()
            first.feed(changes, as: "exclusively.first", log: &log, appendingTo: &unheard)
            updates.relaying(AsSecond<First.Value, Second.Value>()) {
                second.feed(changes, as: "exclusively.second", log: &log, appendingTo: &$0)
            }
        }
    }

    public mutating func deadlineReached<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                                 sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        switch state {
        case .undecided:
            firstUpdates.removeAllKeepingCapacity()
            secondUpdates.removeAllKeepingCapacity()
            let fireSecond = second.deadline.map { $0 <= now } ?? false
            if let deadline = first.deadline, deadline <= now {
                log.enter("exclusively.first")
                first.deadlineReached(at: now, log: &log, into: &firstUpdates)
                log.leave()
            }
            if fireSecond {
                log.enter("exclusively.second")
                second.deadlineReached(at: now, log: &log, into: &secondUpdates)
                log.leave()
            }
            decide(log: &log, sink: &updates)
        case .first:
            // Only the winner's deadline fires.
            updates.relayDeadline(of: &first, as: "exclusively.first", at: now, log: &log, AsFirst<First.Value, Second.Value>())
        case .second:
            updates.relayDeadline(of: &second, as: "exclusively.second", at: now, log: &log, AsSecond<First.Value, Second.Value>())
        }
    }

    public mutating func cancel<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                        sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        // Both are cancelled; only the winner's updates are heard.
        let heard: (first: Bool, second: Bool) = switch state {
        case .undecided: (false, false)
        case .first: (true, false)
        case .second: (false, true)
        }
        updates.relayCancel(of: &first, as: "exclusively.first", at: now, log: &log, AsFirst<First.Value, Second.Value>(),
                            heard: heard.first)
        updates.relayCancel(of: &second, as: "exclusively.second", at: now, log: &log, AsSecond<First.Value, Second.Value>(),
                            heard: heard.second)
        if case .undecided = state {
            // Nothing of either was ever reported.
            log.cancel(&state, to: .undecided(held: []), in: Self.name)
        }
    }

    /// Decides, while undecided, who is heard from, after both have taken the same input (their updates in
    /// `firstUpdates` and `secondUpdates`), and appends what is heard to `updates`.
    private mutating func decide<Log: TransitionLogging>(log: inout Log,
                                                         sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        guard case .undecided(var held) = state else {
            preconditionFailure("ExclusiveGesture.\(state): deciding when decided")
        }
        if !firstUpdates.isEmpty || first.status.hasSucceeded {
            // The first wins; whatever the second did stays unheard.
            log.transition(&state, to: .first, in: Self.name,
                           because: .firstWon(first: first.partName, status: first.status, dropped: held.count + secondUpdates.count))
            updates.append(firstUpdates, tagged: Value.first)
        } else if first.status == .failed {
            let released = updates.appendReleasing(held, tagged: Value.second)
            log.transition(&state, to: .second, in: Self.name, because: .firstFailed(first: first.partName, released: released))
            updates.append(secondUpdates, tagged: Value.second)
        } else if !secondUpdates.isEmpty {
            let wasHolding = !held.isEmpty
            state = .first  // let go of the state's copy of `held`, so that appending to it does not copy it
            held.append(contentsOf: secondUpdates)
            if wasHolding {
                state = .undecided(held: held)  // holding still: no transition to report
            } else {
                state = .undecided(held: [])
                log.transition(&state, to: .undecided(held: held), in: Self.name,
                               because: .held(updates: secondUpdates.count, of: second.partName, whileStillPossible: first.partName))
            }
        }
    }
}

extension ExclusiveGesture.State: MachineState {
    /// `undecided` while nothing is held, `holding` once the second's updates wait.
    var name: String {
        switch self {
        case .undecided(let held): held.isEmpty ? "undecided" : "holding"
        case .first: "first"
        case .second: "second"
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

extension ExclusiveGesture: TwoPartGesture {
    /// Throws for the first part configured impossibly, then the second.
    public func checkConfiguration() throws(GestureError) {
        try first.checkConfiguration()
        try second.checkConfiguration()
    }
}
