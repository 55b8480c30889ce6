/// One gesture, then another: the second starts when the first is recognized (SwiftUI's
/// `sequenced(before:)`), as in "long press, then drag". Diagram: docs/state-machines/composition.md.
///
/// What the sequence reports (SwiftUI leaves the phases open; this is our definition):
/// - `began(.first(a))` when the first begins or is recognized;
/// - `changed(.first(a))` for the first's changes (and for its end, if it was continuous);
/// - at the first's recognition, the second is handed the fingers that are down at that moment, as if
///   they had just landed where they are, at that time. Its `began` and `changed` are reported as
///   `changed(.second(a, b))`, its end as `ended(.second(a, b))`, its cancellation as `cancelled`;
/// - if the second fails, or no finger is left to hand over, the sequence `ended(.second(a, nil))`;
/// - if the first fails, the sequence fails silently; if it is cancelled, the sequence is cancelled.
public struct SequenceGesture<First: Gesture, Second: Gesture>: SinkGesture {
    /// What the sequence reports: the first's value while it runs, then the first's recognized value with the
    /// second's.
    public enum Value: Sendable {
        /// The first part's value, before it was recognized (its `began` and `changed`).
        case first(First.Value)
        /// The value the first was recognized with, and the second's value; nil when the second failed or no finger was
        /// left to hand it (then the sequence's `ended`).
        case second(First.Value, Second.Value?)
    }

    enum State: Sendable {
        /// The first is running; `reported` is the last value the sequence reported of it, if any.
        case first(reported: First.Value?)
        /// The first was recognized with `value`; the second is running.
        case second(First.Value)
        /// Decided for this touch sequence.
        case finished(Outcome)
    }

    /// The parts, settable so that a component can adjust one (a dial moved moves its wind's centre);
    /// changing a part's configuration mid-sequence is the caller's business.
    public var first: First
    /// The part that runs once the first is recognized, handed the fingers then down (the argument of
    /// `sequenced(before:)`).
    public var second: Second
    private var state: State = .first(reported: nil)
    /// The fingers down now, where they are, to hand over to the second (as many as the last
    /// `TouchChanges.fingersDown`).
    private var touches: [TouchPoint] = []
    /// While the first runs, its updates of the input being taken, kept from input to input so that nothing is
    /// allocated. (The second appends straight to the sequence's sink, through `SecondRelay`.)
    private var firstUpdates: [GestureUpdate<First.Value>] = []

    /// Its machine's name in explanation paths (`Explanation.path`).
    public static var name: String { "sequenced" }

    /// `first`, then `second`: `first.sequenced(before: second)`.
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    /// Once finished, when its first ignores them too (it follows the fingers and feeds its first every change).
    public var ignoresChangesUntilNextSequence: Bool {
        switch state {
        case .first, .second: false
        case .finished: first.ignoresChangesUntilNextSequence
        }
    }

    public var status: RecognizerStatus {
        switch state {
        case .first(let reported): reported != nil ? .active : (first.status == .failed ? .failed : .possible)
        case .second: .active
        case .finished(let outcome): outcome.status
        }
    }

    public var deadline: Timestamp? {
        switch state {
        case .first: first.deadline
        case .second: second.deadline
        case .finished: nil
        }
    }

    public mutating func touchesChanged<Log: TransitionLogging>(_ changes: TouchChanges, log: inout Log,
                                                                sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        if changes.beginsSequence {
            // A new touch sequence (as for `ExclusiveGesture`).
            if case .second(let value) = state {
                // The second still runs with every finger up (a double tap waiting for its next tap): the sequence
                // began, so it ends here, cancelled with the second's value if it had one, and the second forgets
                // its touch sequence as at a cancel. (It went back to its first part with its `began` never ended.)
                var cancelled = CancelledValue()
                log.enter("sequenced.second")
                second.cancel(at: changes.time, log: &log, appendingTo: &cancelled)
                log.leave()
                updates.append(GestureUpdate(.cancelled, .second(value, cancelled.value)))
            }
            log.transition(&state, to: .first(reported: nil), in: Self.name, because: .sequenceBegan)
            // No finger is down before these changes; a sequence not fed since it finished still lists those of the
            // last one.
            touches.removeAllKeepingCapacity()
        }
        follow(changes)
        // The first follows every frame, even after it is done, so that it starts clean next time (unless it ignores
        // the changes: then feeding it would change nothing); once it was recognized, nobody hears from it.
        switch state {
        case .first(let reported):
            firstUpdates.removeAllKeepingCapacity()
            first.feed(changes, as: "sequenced.first", log: &log, into: &firstUpdates)
            afterFirst(reported: reported, at: changes.time, log: &log, sink: &updates)
        case .second(let value):
            var unheard = UnheardUpdates<GestureUpdate<First.Value>>()
            first.feed(changes, as: "sequenced.first", log: &log, appendingTo: &unheard)
            let relay = updates.relaying(SecondRelay(first: value)) {
                second.feed(changes, as: "sequenced.second", log: &log, appendingTo: &$0)
            }
            afterSecond(relay, log: &log, sink: &updates)
        case .finished:
            var unheard = UnheardUpdates<GestureUpdate<First.Value>>()
            first.feed(changes, as: "sequenced.first", log: &log, appendingTo: &unheard)
        }
    }

    public mutating func deadlineReached<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                                 sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        switch state {
        case .first(let reported):
            firstUpdates.removeAllKeepingCapacity()
            log.enter("sequenced.first")
            first.deadlineReached(at: now, log: &log, into: &firstUpdates)
            log.leave()
            afterFirst(reported: reported, at: now, log: &log, sink: &updates)
        case .second(let value):
            log.enter("sequenced.second")
            let relay = updates.relaying(SecondRelay(first: value)) { second.deadlineReached(at: now, log: &log, appendingTo: &$0) }
            log.leave()
            afterSecond(relay, log: &log, sink: &updates)
        case .finished:
            break
        }
    }

    public mutating func cancel<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                        sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        touches.removeAllKeepingCapacity()
        firstUpdates.removeAllKeepingCapacity()
        log.enter("sequenced.first")
        first.cancel(at: now, log: &log, into: &firstUpdates)
        log.leave()
        switch state {
        case .first(let reported):
            afterFirst(reported: reported, at: now, log: &log, sink: &updates)
            switch state {
            case .first(let reported?):
                log.cancel(&state, to: .finished(.cancelled), in: Self.name)
                updates.append(GestureUpdate(.cancelled, .first(reported)))
            case .first(nil):
                log.cancel(&state, to: .finished(.failed), in: Self.name)
            case .second:
                // A cancelled gesture reports `cancelled` or nothing (`Gesture.cancel`): an `ended` here breaks that.
                preconditionFailure("SequenceGesture.\(state): its first part (\(first.partName)) reported ended when cancelled")
            case .finished:
                break
            }
        case .second(let value):
            cancelSecond(first: value, at: now, log: &log, sink: &updates)
        case .finished:
            break
        }
    }

    /// The sequence is active during its second part: cancelling it always reports `cancelled`, with the
    /// second's value when it had one.
    private mutating func cancelSecond<Log: TransitionLogging>(first value: First.Value, at now: Timestamp, log: inout Log,
                                                               sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        var cancelled = CancelledValue()
        log.enter("sequenced.second")
        second.cancel(at: now, log: &log, appendingTo: &cancelled)
        log.leave()
        log.cancel(&state, to: .finished(.cancelled), in: Self.name)
        updates.append(GestureUpdate(.cancelled, .second(value, cancelled.value)))
    }

    /// The sink of a cancelled second: keeps the value of its last `cancelled`, if any.
    private struct CancelledValue: UpdateSink {
        var value: Second.Value?

        mutating func append(_ update: GestureUpdate<Second.Value>) {
            if update.phase == .cancelled { value = update.value }
        }
    }

    /// Keeps the list of fingers down, for the hand-over; it holds as many as the changes say are down.
    private mutating func follow(_ changes: TouchChanges) {
        for move in changes.moved {
            if let index = touches.firstIndex(where: { $0.id == move.id }) { touches[index].position = move.position }
        }
        for lift in changes.lifted {
            touches.removeAll { $0.id == lift.id }
        }
        // Only when something landed: appending nothing is not free (docs/performance.md).
        if !changes.landed.isEmpty { touches.append(contentsOf: changes.landed) }
        guard touches.count == changes.fingersDown else {
            preconditionFailure("SequenceGesture.\(state): \(changes.fingersDown) fingers down after \(changes), but \(touches) followed")
        }
    }

    /// The first's updates of this input (`firstUpdates`), as the sequence reports them.
    private mutating func afterFirst<Log: TransitionLogging>(reported: First.Value?, at now: Timestamp, log: inout Log,
                                                             sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        var reported = reported
        for update in firstUpdates {
            switch update.phase {
            case .began, .changed, .ended:
                updates.append(GestureUpdate(reported == nil ? .began : .changed, .first(update.value)))
                reported = update.value
                if update.phase == .ended {
                    handOver(first: update.value, at: now, log: &log, sink: &updates)
                    return
                }
            case .cancelled:
                updates.append(GestureUpdate(.cancelled, .first(update.value)))
                log.transition(&state, to: .finished(.cancelled), in: Self.name,
                               because: .partFinished(part: first.partName, status: .cancelled))
                return
            }
        }
        if reported == nil && first.status == .failed {
            log.transition(&state, to: .finished(.failed), in: Self.name, because: .partFinished(part: first.partName, status: .failed))
        } else {
            state = .first(reported: reported)
        }
    }

    /// Starts the second with the fingers that are down now, as if they had just landed.
    private mutating func handOver<Log: TransitionLogging>(first value: First.Value, at now: Timestamp, log: inout Log,
                                                           sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        guard !touches.isEmpty else {
            log.transition(&state, to: .finished(.ended), in: Self.name,
                           because: .handedOver(first: first.partName, fingers: 0, to: second.partName))
            updates.append(GestureUpdate(.ended, .second(value, nil)))
            return
        }
        log.transition(&state, to: .second(value), in: Self.name,
                       because: .handedOver(first: first.partName, fingers: touches.count, to: second.partName))
        second.forgetUnheard(at: now, as: "sequenced.second", log: &log)  // forget anything of an earlier sequence
        log.enter("sequenced.second")
        let handed = TouchChanges(time: now, landed: touches, fingersDown: touches.count)
        let relay = updates.relaying(SecondRelay(first: value)) { second.touchesChanged(handed, log: &log, appendingTo: &$0) }
        log.leave()
        afterSecond(relay, log: &log, sink: &updates)
    }

    /// How the sequence reports its second's updates, as they come: `began` and `changed` as `changed(.second(a, b))`,
    /// the end or cancellation with its own phase, and nothing after that (`finished`).
    struct SecondRelay: UpdateRelay {
        /// The value the first was recognized with.
        let first: First.Value
        /// How the second finished, once it did.
        private(set) var finished: Outcome?

        init(first: First.Value) {
            self.first = first
        }

        @inline(__always)
        mutating func relay(_ update: GestureUpdate<Second.Value>) -> GestureUpdate<Value>? {
            guard finished == nil else { return nil }
            switch update.phase {
            case .began, .changed:
                return GestureUpdate(.changed, .second(first, update.value))
            case .ended:
                finished = .ended
            case .cancelled:
                finished = .cancelled
            }
            return GestureUpdate(update.phase, .second(first, update.value))
        }
    }

    /// After the second took an input, its updates relayed (`relay`): the sequence finishes when the second did, or
    /// ends when it failed.
    private mutating func afterSecond<Log: TransitionLogging>(_ relay: SecondRelay, log: inout Log,
                                                              sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        if let outcome = relay.finished {
            log.transition(&state, to: .finished(outcome), in: Self.name,
                           because: .partFinished(part: second.partName, status: outcome.status))
        } else if second.status == .failed {
            updates.append(GestureUpdate(.ended, .second(relay.first, nil)))
            log.transition(&state, to: .finished(.ended), in: Self.name, because: .partFinished(part: second.partName, status: .failed))
        }
    }
}

extension SequenceGesture.State: MachineState {
    var name: String {
        switch self {
        case .first: "first"
        case .second: "second"
        case .finished(let outcome): outcome.name
        }
    }
}

extension Gesture {
    /// `self`, then `other` starting when `self` is recognized. See `SequenceGesture`.
    public func sequenced<Other: Gesture>(before other: Other) -> SequenceGesture<Self, Other> {
        SequenceGesture(self, other)
    }
}

extension SequenceGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}

extension SequenceGesture: TwoPartGesture {
    /// Throws for the first part configured impossibly, then the second.
    public func checkConfiguration() throws(GestureError) {
        try first.checkConfiguration()
        try second.checkConfiguration()
    }
}
