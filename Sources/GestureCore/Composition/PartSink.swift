/// How a combinator reports one of its part's updates as its own: `Either.first(value)` with the same phase, say.
protocol UpdateRelay {
    /// The part's value.
    associatedtype Part: Sendable
    /// The whole's.
    associatedtype Whole: Sendable
    /// The whole's update for the part's `update`, or nil when the whole reports nothing of it.
    mutating func relay(_ update: GestureUpdate<Part>) -> GestureUpdate<Whole>?
}

/// A combinator's sink for one of its parts: each update the part appends is made the whole's (`relay`) and appended
/// straight to the whole's own sink, where the whole's other updates go, with no buffer between them. Nested
/// combinators nest their sinks (a wind's update goes through `exclusively`'s and `simultaneously`'s relays to the
/// target's buffer in one call), and as the relays are types, not closures, the code specialized for the part
/// does the wrapping inline.
///
/// It points to the whole's sink rather than holding it: the whole's sink is an `inout` of the whole's input, lent
/// to the part for the duration of `UpdateSink.relaying(_:_:)` and to nothing else then.
struct PartSink<WholeSink: UpdateSink, Relay: UpdateRelay>: UpdateSink where WholeSink.Element == GestureUpdate<Relay.Whole> {
    private let whole: UnsafeMutablePointer<WholeSink>
    fileprivate(set) var relay: Relay

    fileprivate init(whole: UnsafeMutablePointer<WholeSink>, relay: Relay) {
        self.whole = whole
        self.relay = relay
    }

    @inline(__always)
    mutating func append(_ update: GestureUpdate<Relay.Part>) {
        if let relayed = relay.relay(update) { whole.pointee.append(relayed) }
    }
}

extension UpdateSink {
    /// Runs `body` with a sink for one part's updates, which relays each (`relay`) to this sink; returns the relay as
    /// it is after (a relay may note what it saw).
    @inline(__always) @discardableResult
    mutating func relaying<Relay: UpdateRelay>(_ relay: Relay, _ body: (inout PartSink<Self, Relay>) -> Void) -> Relay
    where Element == GestureUpdate<Relay.Whole> {
        withUnsafeMutablePointer(to: &self) { whole in
            var sink = PartSink(whole: whole, relay: relay)
            body(&sink)
            return sink.relay
        }
    }
}

/// A part's update as ``Either/first(_:)``, with its phase.
struct AsFirst<First: Sendable, Second: Sendable>: UpdateRelay {
    @inline(__always)
    func relay(_ update: GestureUpdate<First>) -> GestureUpdate<Either<First, Second>>? {
        GestureUpdate(update.phase, .first(update.value))
    }
}

/// A part's update as ``Either/second(_:)``, with its phase.
struct AsSecond<First: Sendable, Second: Sendable>: UpdateRelay {
    @inline(__always)
    func relay(_ update: GestureUpdate<Second>) -> GestureUpdate<Either<First, Second>>? {
        GestureUpdate(update.phase, .second(update.value))
    }
}

/// The sink of a part nobody hears from now (the loser of `exclusively`, the first of a sequence once handed over):
/// it keeps nothing.
struct UnheardUpdates<Element>: UpdateSink {
    @inline(__always)
    mutating func append(_ element: Element) {}
}

extension UpdateSink {
    /// Gives `part`, under `step` of the path, the deadline `now` when it has one due by then, its updates relayed to
    /// this sink (`relay`).
    @inline(__always)
    mutating func relayDeadline<Part: Gesture, Relay: UpdateRelay, Log: TransitionLogging>(
        of part: inout Part, as step: StaticString, at now: Timestamp, log: inout Log, _ relay: Relay
    ) where Relay.Part == Part.Value, Element == GestureUpdate<Relay.Whole> {
        guard let deadline = part.deadline, deadline <= now else { return }
        log.enter(step)
        relaying(relay) { part.deadlineReached(at: now, log: &log, appendingTo: &$0) }
        log.leave()
    }

    /// Cancels `part`, under `step` of the path: its updates relayed to this sink (`relay`) when they are `heard`,
    /// dropped otherwise (the loser of `exclusively`, or either part while it is undecided).
    @inline(__always)
    mutating func relayCancel<Part: Gesture, Relay: UpdateRelay, Log: TransitionLogging>(
        of part: inout Part, as step: StaticString, at now: Timestamp, log: inout Log, _ relay: Relay, heard: Bool = true
    ) where Relay.Part == Part.Value, Element == GestureUpdate<Relay.Whole> {
        log.enter(step)
        if heard {
            relaying(relay) { part.cancel(at: now, log: &log, appendingTo: &$0) }
        } else {
            var unheard = UnheardUpdates<GestureUpdate<Part.Value>>()
            part.cancel(at: now, log: &log, appendingTo: &unheard)
        }
        log.leave()
    }
}

/// A combinator of two parts (`exclusively`, `simultaneously`, `sequenced`): those of its parts that depend on the
/// target's shape follow it.
protocol TwoPartGesture: TargetShapedGesture {
    associatedtype First: Gesture
    associatedtype Second: Gesture
    var first: First { get set }
    var second: Second { get set }
}

extension TwoPartGesture {
    mutating func targetReshaped(to shape: Shape) {
        reshapeIfTargetShaped(&first, to: shape)
        reshapeIfTargetShaped(&second, to: shape)
    }
}
