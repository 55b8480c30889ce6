// The `Gesture` protocol, how a gesture's updates flow (into the caller's array, or a combinator's `UpdateSink`),
// the inputs every gesture gets from the ones it implements, and the helpers the combinators feed their parts
// with. The values it reports are in GestureUpdate.swift.

/// A gesture recognizer: a pure state machine fed with touch changes, deadlines and cancellation.
///
/// Nothing in a recognizer reads a clock: time arrives with every input, and `deadline` tells the caller
/// when the recognizer wants `deadlineReached(at:)` even if no touch changes by then. Every input appends
/// the updates the caller must act on, in order, to the caller's buffer (`into updates`), and reports its
/// state transitions, with their reasons, to `log` (`TransitionLogging`: a `TransitionLog` records them, a
/// `NoTransitionLog` costs nothing; a combinator hands it on to its parts). The buffer is the caller's, so
/// that a recognizer allocates nothing per frame: the engine and the combinators keep theirs from frame to
/// frame (`removeAll(keepingCapacity: true)`). The same inputs returning a fresh array
/// (`touchesChanged(_:)`, `touchesChanged(_:log:)`, ...) are for tests and one-off use.
///
/// Inside a combinator, a part appends straight to the whole's sink instead (`UpdateSink`: the whole wraps each
/// update as its own on the way, `Either.first`, say), through the same three inputs taking any sink
/// (`touchesChanged(_:log:appendingTo:)`, ...). The library's recognizers and combinators are `SinkGesture`s: they
/// implement their inputs once, into a sink, and get both kinds from them. A gesture of your own may be one too, or
/// implement only the inputs into an array; then those into a sink go through an array of their own, which allocates
/// when the input reports something.
///
/// A gesture of your own implements the three inputs with a buffer. This one reports, when the last finger of a
/// touch sequence lifts, how many fingers were down at most:
///
/// ```swift
/// struct FingerCount: Gesture {
///     static let name = "finger-count"
///     var status = RecognizerStatus.possible
///     var deadline: Timestamp? { nil }
///     private var most = 0
///     mutating func touchesChanged<Log: TransitionLogging>(_ changes: TouchChanges, log: inout Log,
///                                                          into updates: inout [GestureUpdate<Int>]) {
///         if changes.beginsSequence { (status, most) = (.possible, 0) }
///         most = max(most, changes.fingersDown)
///         if changes.fingersDown == 0 && status == .possible {
///             status = .ended
///             updates.append(GestureUpdate(.ended, most))  // into the caller's buffer
///         }
///     }
///     mutating func deadlineReached<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
///                                                           into updates: inout [GestureUpdate<Int>]) {}
///     mutating func cancel<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
///                                                  into updates: inout [GestureUpdate<Int>]) {
///         if status == .possible { status = .failed }
///     }
/// }
/// ```
public protocol Gesture: Sendable {
    /// What the recognizer reports with each update (``GestureUpdate/value``): a position, a translation, a scale, or
    /// a composite's combination of its parts' values.
    associatedtype Value: Sendable

    /// The machine's name in explanation paths (`Explanation.path`): `tap`, `drag`, `exclusively`, ...
    static var name: String { get }

    /// The name a combinator gives this gesture in its reasons (`first (tap) ended`): `name`, unless the
    /// gesture only wraps another (`AnyStandardGesture`), which gives that one's.
    var partName: String { get }

    /// Where the recognizer stands in the current touch sequence.
    var status: RecognizerStatus { get }

    /// The absolute time at which the recognizer must be given `deadlineReached(at:)`, if any. Once given it, the
    /// recognizer moves its deadline later or clears it (one it kept would wake it at the same time for ever: the
    /// engine stops the program, naming the target). `deadlineReached(at:)` comes only at or after this deadline,
    /// never when it is nil: the library's recognizers stop the program when it does.
    var deadline: Timestamp? { get }

    /// Whether `touchesChanged` would change nothing now (no state, no update, no transition reported) for any changes
    /// until a new touch sequence begins (`TouchChanges.beginsSequence`): the combinators then do not feed it those
    /// changes. False by default, which feeds it every change; the library's recognizers say true once they have
    /// decided their touch sequence. (A decided part, as a pan's failed tap and selection, would otherwise be fed
    /// every frame for nothing: docs/performance.md.)
    var ignoresChangesUntilNextSequence: Bool { get }

    /// One frame's changes to the touches this recognizer sees: appends the updates they cause to `updates`, in
    /// order, leaving what is already there.
    mutating func touchesChanged<Log: TransitionLogging>(_ changes: TouchChanges, log: inout Log,
                                                         into updates: inout [GestureUpdate<Value>])

    /// Time reached `deadline`, with no touch change in between. `now` is the deadline's own time. Appends the
    /// updates it causes to `updates`.
    mutating func deadlineReached<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                          into updates: inout [GestureUpdate<Value>])

    /// Input was interrupted (`SYN_DROPPED`, end of input, device lost): an active gesture is cancelled,
    /// a pending one fails, and every touch is forgotten. Appends the updates it causes to `updates`.
    mutating func cancel<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                 into updates: inout [GestureUpdate<Value>])

    /// Throws when the gesture is configured impossibly (a tap's required count below 1, a swipe of no finger), so that
    /// the engine refuses it rather than run it: it asks each target's gesture when it takes the target up
    /// (``GestureEngine/init(targets:)``, ``GestureEngine/insert(_:into:at:)``, ``GestureEngine/replace(_:with:at:)``),
    /// and throws ``GestureError/invalidValue(subject:key:message:)`` naming the target. A combinator asks its parts.
    /// By default nothing is impossible.
    func checkConfiguration() throws(GestureError)

    /// `touchesChanged(_:log:into:)`, appending to any sink: how a combinator's part appends straight to its whole's
    /// sink. By default through an array of its own and the input into an array.
    mutating func touchesChanged<Log: TransitionLogging>(_ changes: TouchChanges, log: inout Log,
                                                         appendingTo updates: inout some UpdateSink<GestureUpdate<Value>>)

    /// `deadlineReached(at:log:into:)`, appending to any sink. By default through an array and the input into an array.
    mutating func deadlineReached<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                          appendingTo updates: inout some UpdateSink<GestureUpdate<Value>>)

    /// `cancel(at:log:into:)`, appending to any sink. By default through an array and the input into an array.
    mutating func cancel<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                 appendingTo updates: inout some UpdateSink<GestureUpdate<Value>>)
}

/// Where a gesture's input appends the updates it causes, in order: the caller's array, or a combinator's sink for one
/// of its parts, which wraps each update as the whole's own and appends it straight to the whole's sink
/// (`PartSink`), where buffers had each part's updates copied into an array of its whole, then each wrapped again
/// into the whole's array, at every level of every frame (docs/performance.md).
public protocol UpdateSink<Element> {
    /// What it takes: a `GestureUpdate` of a gesture's value.
    associatedtype Element
    /// Appends `element` after those appended before.
    mutating func append(_ element: Element)
}

/// An array of updates is the plainest sink.
extension Array: UpdateSink {}

/// A gesture whose inputs append to any sink, as the library's recognizers and combinators do: it implements the
/// three inputs below, and gets from them both kinds of `Gesture` input, into an array (the array as the sink) and
/// into any sink (`touchesChanged(_:log:appendingTo:)`, ...). They are requirements of their own, with no default, so
/// that one left out is a compile error, not an input that calls itself through the defaults. Such a gesture names
/// its `Value` (`typealias Value = Int`): the inputs' `some UpdateSink` does not let Swift infer it.
///
/// An input appends to `updates` itself, during the call: a copy of the sink, or one kept past the call, is not
/// where the caller looks (a combinator's sink for its part points to the whole's, and notes what passes).
public protocol SinkGesture: Gesture {
    /// One frame's changes (`touchesChanged(_:log:into:)`), appending the updates they cause to `updates`.
    mutating func touchesChanged<Log: TransitionLogging>(_ changes: TouchChanges, log: inout Log,
                                                         sink updates: inout some UpdateSink<GestureUpdate<Value>>)
    /// Time reached the deadline (`deadlineReached(at:log:into:)`), appending the updates it causes to `updates`.
    mutating func deadlineReached<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                          sink updates: inout some UpdateSink<GestureUpdate<Value>>)
    /// Input was interrupted (`cancel(at:log:into:)`), appending the updates it causes to `updates`.
    mutating func cancel<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                 sink updates: inout some UpdateSink<GestureUpdate<Value>>)
}

extension SinkGesture {
    public mutating func touchesChanged<Log: TransitionLogging>(_ changes: TouchChanges, log: inout Log,
                                                                into updates: inout [GestureUpdate<Value>]) {
        touchesChanged(changes, log: &log, sink: &updates)
    }

    public mutating func deadlineReached<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                                 into updates: inout [GestureUpdate<Value>]) {
        deadlineReached(at: now, log: &log, sink: &updates)
    }

    public mutating func cancel<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                        into updates: inout [GestureUpdate<Value>]) {
        cancel(at: now, log: &log, sink: &updates)
    }

    @inline(__always)
    public mutating func touchesChanged<Log: TransitionLogging>(_ changes: TouchChanges, log: inout Log,
                                                                appendingTo updates: inout some UpdateSink<GestureUpdate<Value>>) {
        touchesChanged(changes, log: &log, sink: &updates)
    }

    @inline(__always)
    public mutating func deadlineReached<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                                 appendingTo updates: inout some UpdateSink<GestureUpdate<Value>>) {
        deadlineReached(at: now, log: &log, sink: &updates)
    }

    @inline(__always)
    public mutating func cancel<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                        appendingTo updates: inout some UpdateSink<GestureUpdate<Value>>) {
        cancel(at: now, log: &log, sink: &updates)
    }
}

/// One of the library's recognizers: a machine whose `state` decides its status, and which, once it has decided its
/// touch sequence (`RecognizerStatus.isFinished`), ignores every change until the next one begins (a tap, whose chain
/// goes on past a recognized tap, says otherwise).
protocol Recognizer: SinkGesture {
    /// Where the machine stands, with the data valid there.
    associatedtype State: MachineState
    var state: State { get }
}

extension Recognizer {
    /// Once finished, it waits for the next touch sequence.
    public var ignoresChangesUntilNextSequence: Bool { status.isFinished }
}

/// A recognizer that sets no deadline (a drag, a swipe, a two-finger gesture): `deadline` is always nil, so that
/// `deadlineReached` never comes.
protocol DeadlineFreeRecognizer: Recognizer {}

extension DeadlineFreeRecognizer {
    public var deadline: Timestamp? { nil }

    /// Never called: this gesture sets no deadline (`deadline` is always nil).
    public mutating func deadlineReached<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                                 sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        preconditionFailure("\(Self.self).\(state): deadlineReached(at: \(now)), but it sets no deadline")
    }
}

extension TransitionLogging {
    /// The finger that lands alone in `changes`, the one a one-finger recognizer follows; nil when several land at
    /// once, which moves `state` to `failed` (the reason `fingersLanded`).
    @inline(__always)
    mutating func soleLanding<State: MachineState>(in changes: TouchChanges, _ state: inout State, else failed: State,
                                                   in machine: String) -> TouchPoint? {
        guard changes.landed.count == 1 else {
            transition(&state, to: failed, in: machine, because: .fingersLanded(count: changes.landed.count, expected: 1))
            return nil
        }
        return changes.landed[0]
    }
}

extension Gesture {
    public var partName: String { Self.name }

    public var ignoresChangesUntilNextSequence: Bool { false }

    /// Nothing is impossible: the default.
    public func checkConfiguration() throws(GestureError) {}

    public mutating func touchesChanged<Log: TransitionLogging>(_ changes: TouchChanges, log: inout Log,
                                                                appendingTo updates: inout some UpdateSink<GestureUpdate<Value>>) {
        var own: [GestureUpdate<Value>] = []
        touchesChanged(changes, log: &log, into: &own)
        for update in own { updates.append(update) }
    }

    public mutating func deadlineReached<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                                 appendingTo updates: inout some UpdateSink<GestureUpdate<Value>>) {
        var own: [GestureUpdate<Value>] = []
        deadlineReached(at: now, log: &log, into: &own)
        for update in own { updates.append(update) }
    }

    public mutating func cancel<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                        appendingTo updates: inout some UpdateSink<GestureUpdate<Value>>) {
        var own: [GestureUpdate<Value>] = []
        cancel(at: now, log: &log, into: &own)
        for update in own { updates.append(update) }
    }

    /// A combinator's part takes `changes`, its transitions explained under `step` of the path: always when they begin
    /// a touch sequence, otherwise unless it ignores them (`ignoresChangesUntilNextSequence`), as feeding it would
    /// change nothing.
    @inline(__always)
    mutating func feed<Log: TransitionLogging>(_ changes: TouchChanges, as step: StaticString, log: inout Log,
                                               appendingTo updates: inout some UpdateSink<GestureUpdate<Value>>) {
        guard changes.beginsSequence || !ignoresChangesUntilNextSequence else { return }
        log.enter(step)
        touchesChanged(changes, log: &log, appendingTo: &updates)
        log.leave()
    }

    /// The same, into the combinator's own array (the input into an array: a gesture of your own that implements only
    /// that one takes it without an array of its own).
    @inline(__always)
    mutating func feed<Log: TransitionLogging>(_ changes: TouchChanges, as step: StaticString, log: inout Log,
                                               into updates: inout [GestureUpdate<Value>]) {
        guard changes.beginsSequence || !ignoresChangesUntilNextSequence else { return }
        log.enter(step)
        touchesChanged(changes, log: &log, into: &updates)
        log.leave()
    }

    /// A combinator's part forgets, silently, what it did in a touch sequence nobody heard of (`cancel`, its updates
    /// dropped, its transitions explained under `step` as `a new touch sequence forgets the one never heard`): so
    /// that none of it carries over into the next.
    mutating func forgetUnheard<Log: TransitionLogging>(at now: Timestamp, as step: StaticString, log: inout Log) {
        log.enter(step)
        let cause = log.cancellation
        log.cancellation = .forgotten
        var forgotten = UnheardUpdates<GestureUpdate<Value>>()
        cancel(at: now, log: &log, appendingTo: &forgotten)
        log.cancellation = cause
        log.leave()
    }

    /// One frame's changes, reporting to `log`: the updates they cause, in a fresh array.
    public mutating func touchesChanged<Log: TransitionLogging>(_ changes: TouchChanges, log: inout Log) -> [GestureUpdate<Value>] {
        var updates: [GestureUpdate<Value>] = []
        touchesChanged(changes, log: &log, into: &updates)
        return updates
    }

    /// Time reached `deadline`, reporting to `log`: the updates it causes, in a fresh array.
    public mutating func deadlineReached<Log: TransitionLogging>(at now: Timestamp, log: inout Log) -> [GestureUpdate<Value>] {
        var updates: [GestureUpdate<Value>] = []
        deadlineReached(at: now, log: &log, into: &updates)
        return updates
    }

    /// Input was interrupted, reporting to `log`: the updates it causes, in a fresh array.
    public mutating func cancel<Log: TransitionLogging>(at now: Timestamp, log: inout Log) -> [GestureUpdate<Value>] {
        var updates: [GestureUpdate<Value>] = []
        cancel(at: now, log: &log, into: &updates)
        return updates
    }

    /// One frame's changes, explaining nothing.
    public mutating func touchesChanged(_ changes: TouchChanges) -> [GestureUpdate<Value>] {
        var log = NoTransitionLog()
        return touchesChanged(changes, log: &log)
    }

    /// Time reached `deadline`, explaining nothing.
    public mutating func deadlineReached(at now: Timestamp) -> [GestureUpdate<Value>] {
        var log = NoTransitionLog()
        return deadlineReached(at: now, log: &log)
    }

    /// Input was interrupted, explaining nothing.
    public mutating func cancel(at now: Timestamp) -> [GestureUpdate<Value>] {
        var log = NoTransitionLog()
        return cancel(at: now, log: &log)
    }
}

extension Array {
    /// Empties the array, keeping its storage for what comes next: `removeAll(keepingCapacity: true)`, but element by
    /// element from the end. The standard library's goes through `replaceSubrange`'s general path, even when the
    /// array is empty; the combinators' buffers, emptied on every input, hold a few elements at most, which
    /// `removeLast()` drops for less (docs/performance.md). (Not the engine's events: see
    /// `EngineBuffers.takeEvents()`.)
    @inline(__always)
    mutating func removeAllKeepingCapacity() {
        while !isEmpty { removeLast() }
    }
}

extension UpdateSink {
    /// Appends `updates` in order, each with its value passed through `tag`: a combinator reporting its parts'
    /// updates as its own (`.first(value)`, say).
    @inline(__always)
    mutating func append<Part, Whole>(_ updates: [GestureUpdate<Part>], tagged tag: (Part) -> Whole)
    where Element == GestureUpdate<Whole> {
        for update in updates { append(GestureUpdate(update.phase, tag(update.value))) }
    }

    /// Appends what a gesture held back reports when released (`held`, each value passed through `tag`): its
    /// updates in order, except a run that began and was cancelled while nobody heard it. Returns how many it
    /// appended. One home for `ExclusiveGesture` and the target tree.
    @discardableResult
    mutating func appendReleasing<Part, Whole>(_ held: [GestureUpdate<Part>], tagged tag: (Part) -> Whole) -> Int
    where Element == GestureUpdate<Whole> {
        // The updates from one `began` or `cancelled` up to the next share a fate: heard unless that next one is a
        // `cancelled` (their run, or what is left of it, was cancelled unheard). A `cancelled` itself is never heard.
        var appended = 0
        var start = held.startIndex
        while start < held.endIndex {
            var end = start + 1
            while end < held.endIndex && held[end].phase != .began && held[end].phase != .cancelled { end += 1 }
            if end == held.endIndex || held[end].phase == .began {
                for update in held[start..<end] where update.phase != .cancelled {
                    append(GestureUpdate(update.phase, tag(update.value)))
                    appended += 1
                }
            }
            start = end
        }
        return appended
    }
}
