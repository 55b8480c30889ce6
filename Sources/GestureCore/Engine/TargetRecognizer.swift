// The box the engine holds each target's component in, whatever its type: its gesture's updates, their arbitration
// (Coordination.swift) and their delivery, behind `TargetRecognizing`, the one face the engine calls.

/// A target's recognizer as the engine sees it, whatever its component's type: a class, which the engine reaches
/// through a plain reference, where a struct in an existential box made every access project the box and check
/// that it is unique (and the same for the engine's array of nodes), several times a frame (docs/performance.md).
/// Copies of an engine share their recognizers until one of them takes an input (`GestureEngine.ownRecognizers()`),
/// so the engine stays a value.
///
/// A base class rather than a protocol, so that the engine can call it through an unretained reference
/// (`HeldRecognizer`, `Unmanaged`): a call through a reference read from the engine's array of nodes retained and
/// released the recognizer around it, and only an `Unmanaged` of a class type avoids that. Its one subclass is
/// `TargetRecognizer`; these bodies are never run.
class TargetRecognizing: @unchecked Sendable {
    /// The component, for reading it back.
    var component: any Component { abstract() }
    // `status()` and `deadline()` are methods, not properties: a getter ignores `@_specialize`, so the engine's reads
    // ran the generic getter; the methods reach the specialized code, which reads the gesture in place.
    /// The gesture's own status (whatever the coordination): what rivals are judged by.
    func status() -> RecognizerStatus { abstract() }
    /// When the gesture wants `deadlineReached(at:)`; nil once it lost its touch sequence.
    func deadline() -> Timestamp? { abstract() }
    /// The rivals this target waits for, if it waits.
    var rivals: [Rival]? { abstract() }
    /// Updates made in this input and not yet arbitrated, or heard and not yet delivered, or rivals
    /// still waited for: something to settle after an input.
    var needsSettling: Bool { abstract() }

    /// A recognizer of its own in the same state, for a copy of the engine (or of a `Target`) that changes.
    func copy() -> TargetRecognizing { abstract() }

    // Each input takes the engine's log, nil when it does not explain.
    func touchesChanged(_ changes: TouchChanges, log: inout TransitionLog?) { abstract() }
    func deadlineReached(at now: Timestamp, log: inout TransitionLog?) { abstract() }
    func cancel(at now: Timestamp, log: inout TransitionLog?) { abstract() }
    /// Arbitrates the updates of this input.
    func arbitrate(_ verdict: RivalsVerdict, log: inout TransitionLog?) { abstract() }
    /// Arbitrates the updates of a cancellation: what waited is dropped, and the coordination opens.
    func arbitrateCancellation(log: inout TransitionLog?) { abstract() }
    /// A new touch sequence at `time`, waiting for `rivals` (none: open), named `names` when explaining.
    func beginSequence(rivals: [Rival], named names: [String], at time: Timestamp, log: inout TransitionLog?) { abstract() }
    /// Hands the heard updates to the component, which emits its events into `output`.
    func deliver(to output: inout TargetOutput) { abstract() }
    /// After an input, for an engine that does not explain: what `needsSettling`, `rivals`, `arbitrate`, `deliver`
    /// and `deadline` do for a target that waits for no rival, in one call: arbitrates this input's updates
    /// (`.allFailed`: no rival) and delivers the heard ones into `output`, when there is something to settle, and
    /// returns the deadline after it. Returns `.waits`, having done nothing, when it waits for rivals.
    func settleUnlessWaiting(into output: inout TargetOutput) -> Settling { abstract() }
    /// The target was moved or resized.
    func targetReshaped(to shape: Shape) { abstract() }
    /// Runs `body` on the component if it is a `C` (nil when it is not). When `body` throws, the component is as it
    /// was: `body` changed a copy.
    func modify<C: Component, Result, Failure: Error>(_ type: C.Type, output: inout TargetOutput,
                                                      _ body: (inout C, inout TargetOutput) throws(Failure) -> Result) throws(Failure) -> Result? {
        abstract()
    }
    /// Throws when the component's gesture is configured impossibly (`Gesture.checkConfiguration()`).
    func checkConfiguration() throws(GestureError) { abstract() }
    /// The name of the component's type, for a message.
    var componentTypeName: String { abstract() }

    private func abstract() -> Never {
        preconditionFailure("TargetRecognizing is only ever a TargetRecognizer")
    }
}

/// What `TargetRecognizing.settleUnlessWaiting(into:)` did.
enum Settling {
    /// Nothing: the target waits for rivals, and the engine arbitrates it.
    case waits
    /// Settled (or had nothing to settle); the gesture's deadline now, which the engine keeps
    /// (`HeldRecognizer`).
    case settled(deadline: Timestamp?)
}

/// Runs `explaining` with the engine's log, or `silent` with a `NoTransitionLog` when it has none (the code
/// made for that log has no trace of explanations). The two closures say the same: one for each log.
@inline(__always)
func withLog<Result>(_ log: inout TransitionLog?, _ explaining: (inout TransitionLog) -> Result,
                     _ silent: (inout NoTransitionLog) -> Result) -> Result {
    guard log != nil else {
        var none = NoTransitionLog()
        return silent(&none)
    }
    return explaining(&log!)
}

/// The engine's box around one target's component: its gesture's updates, their arbitration, and
/// their delivery.
///
/// The engine calls it through `TargetRecognizing`, whose witnesses for a generic type run unspecialized
/// (every `[GestureUpdate<Value>]` append asks the runtime for metadata, which slowed replay several times over:
/// docs/performance.md).
/// The library's own components get specialized entry points, which the generic code jumps to, one for each log
/// (`NoTransitionLog`, in which explanations cost nothing, and `TransitionLog`).
///
/// Unchecked `Sendable`, and its state without run-time exclusivity checks (each access would pay one, on every
/// input): it is changed only by the one engine that holds it alone (a `Target` never changes its own, and an
/// engine takes a copy of it), through that engine's mutating methods, which Swift runs one at a time.
final class TargetRecognizer<C: Component>: TargetRecognizing, @unchecked Sendable {
    typealias Value = C.Body.Value

    @exclusivity(unchecked) var typed: C
    @exclusivity(unchecked) var arbitration: Arbitration<Value> = .open
    /// This input's updates, before arbitration.
    @exclusivity(unchecked) var incoming: [GestureUpdate<Value>] = []
    /// Arbitrated updates to be delivered.
    @exclusivity(unchecked) var heard: [GestureUpdate<Value>] = []
    /// The buffers of the last wait, for the next.
    @exclusivity(unchecked) var spareWait = WaitStorage<Value>()

    // (Specialized too: the generic code looked the updates' buffers' types up at every target an engine takes up.)
    @_specialize(where C == StandardLinesComponent)
    init(_ component: C) {
        self.typed = component
    }

    @_specialize(where C == StandardLinesComponent)
    override func copy() -> TargetRecognizing {
        let copy = TargetRecognizer(typed)
        copy.arbitration = arbitration
        copy.incoming = incoming
        copy.heard = heard
        copy.spareWait = spareWait
        return copy
    }

    override var component: any Component { typed }

    @_specialize(where C == TimelineComponent)
    @_specialize(where C == DialComponent)
    @_specialize(where C == StandardLinesComponent)
    override func status() -> RecognizerStatus { Self.status(of: &typed) }

    @_specialize(where C == TimelineComponent)
    @_specialize(where C == DialComponent)
    @_specialize(where C == StandardLinesComponent)
    override func deadline() -> Timestamp? {
        switch arbitration {
        case .open, .waiting: Self.deadline(of: &typed)
        case .lost: nil  // a gesture that lost is not woken (as in `exclusively`)
        }
    }

    // `component`'s gesture's status and deadline, read in place (`inout`): `typed.gesture.deadline` copied the whole
    // gesture out of this object first, on every deadline read (docs/performance.md).
    private static func status(of component: inout C) -> RecognizerStatus { component.gesture.status }
    private static func deadline(of component: inout C) -> Timestamp? { component.gesture.deadline }

    override var rivals: [Rival]? {
        switch arbitration {
        case .waiting(let rivals, _): rivals
        case .open, .lost: nil
        }
    }

    override var needsSettling: Bool {
        @_specialize(where C == TimelineComponent)
        @_specialize(where C == DialComponent)
        @_specialize(where C == StandardLinesComponent)
        get {
            switch arbitration {
            case .waiting: true
            case .open, .lost: !incoming.isEmpty || !heard.isEmpty
            }
        }
    }

    @_specialize(where C == TimelineComponent)
    @_specialize(where C == DialComponent)
    @_specialize(where C == StandardLinesComponent)
    override func touchesChanged(_ changes: TouchChanges, log: inout TransitionLog?) {
        withLog(&log, { typed.gesture.touchesChanged(changes, log: &$0, into: &incoming) },
                { typed.gesture.touchesChanged(changes, log: &$0, into: &incoming) })
    }

    @_specialize(where C == TimelineComponent)
    @_specialize(where C == DialComponent)
    @_specialize(where C == StandardLinesComponent)
    override func deadlineReached(at now: Timestamp, log: inout TransitionLog?) {
        withLog(&log, { typed.gesture.deadlineReached(at: now, log: &$0, into: &incoming) },
                { typed.gesture.deadlineReached(at: now, log: &$0, into: &incoming) })
    }

    @_specialize(where C == TimelineComponent)
    @_specialize(where C == DialComponent)
    @_specialize(where C == StandardLinesComponent)
    override func cancel(at now: Timestamp, log: inout TransitionLog?) {
        withLog(&log, { typed.gesture.cancel(at: now, log: &$0, into: &incoming) },
                { typed.gesture.cancel(at: now, log: &$0, into: &incoming) })
    }

    @_specialize(where C == TimelineComponent)
    @_specialize(where C == DialComponent)
    @_specialize(where C == StandardLinesComponent)
    override func arbitrate(_ verdict: RivalsVerdict, log: inout TransitionLog?) {
        Self.arbitrate(&incoming, verdict: verdict, arbitration: &arbitration, heard: &heard, spare: &spareWait, log: &log)
    }

    /// `arbitrate(_:log:)`'s work, in a function of its own for the reason `deliver(_:to:output:)` gives.
    private static func arbitrate(_ incoming: inout [GestureUpdate<Value>], verdict: RivalsVerdict, arbitration: inout Arbitration<Value>,
                                  heard: inout [GestureUpdate<Value>], spare: inout WaitStorage<Value>, log: inout TransitionLog?) {
        if passOpen(&incoming, arbitration: arbitration, heard: &heard) { return }
        arbitration.take(incoming, verdict: verdict, heard: &heard, spare: &spare, log: &log)
        incoming.removeAllKeepingCapacity()
    }

    /// What an open arbitration does (it says nothing), most often with nothing heard before: this input's updates
    /// become the heard ones, the buffers exchanged rather than the updates copied (a copy on every frame of every
    /// target: docs/performance.md). Returns whether it did; otherwise `arbitrate` takes them.
    @inline(__always)
    private static func passOpen(_ incoming: inout [GestureUpdate<Value>], arbitration: Arbitration<Value>,
                                 heard: inout [GestureUpdate<Value>]) -> Bool {
        guard case .open = arbitration, heard.isEmpty else { return false }
        swap(&incoming, &heard)
        return true
    }

    @_specialize(where C == TimelineComponent)
    @_specialize(where C == DialComponent)
    @_specialize(where C == StandardLinesComponent)
    override func arbitrateCancellation(log: inout TransitionLog?) {
        arbitration.takeCancellation(incoming, heard: &heard, spare: &spareWait, log: &log)
        incoming.removeAllKeepingCapacity()
    }

    @_specialize(where C == TimelineComponent)
    @_specialize(where C == DialComponent)
    @_specialize(where C == StandardLinesComponent)
    override func beginSequence(rivals: [Rival], named names: [String], at time: Timestamp, log: inout TransitionLog?) {
        switch arbitration {
        case .lost, .waiting:
            // What the gesture did in a sequence it lost, or that still waited, was never heard (as in
            // `exclusively`) and must not carry over: a tap the child won is not the first of the
            // parent's double tap. Every finger is up, so cancelling only forgets (and what it reports is
            // dropped).
            let kept = incoming.count
            withLog(&log, { typed.gesture.cancel(at: time, log: &$0, into: &incoming) },
                    { typed.gesture.cancel(at: time, log: &$0, into: &incoming) })
            incoming.removeSubrange(kept...)
        case .open:
            break
        }
        arbitration.begin(rivals: rivals, named: names, spare: &spareWait, log: &log)
    }

    @_specialize(where C == TimelineComponent)
    @_specialize(where C == DialComponent)
    @_specialize(where C == StandardLinesComponent)
    override func deliver(to output: inout TargetOutput) {
        Self.deliver(&heard, to: &typed, output: &output)
    }

    @_specialize(where C == TimelineComponent)
    @_specialize(where C == DialComponent)
    @_specialize(where C == StandardLinesComponent)
    override func settleUnlessWaiting(into output: inout TargetOutput) -> Settling {
        switch arbitration {
        case .waiting: return .waits
        case .open, .lost: break
        }
        if needsSettling {
            // (The open case first: it needs no log, not even an empty one to build and destroy.)
            if !Self.passOpen(&incoming, arbitration: arbitration, heard: &heard) {
                var noLog: TransitionLog?
                Self.arbitrate(&incoming, verdict: .allFailed, arbitration: &arbitration, heard: &heard, spare: &spareWait, log: &noLog)
            }
            Self.deliver(&heard, to: &typed, output: &output)
        }
        return .settled(deadline: deadline())
    }

    /// Hands `updates` to `component` in order, then empties them. (A function of its own: with the loop in
    /// `deliver`, whose generic code the engine's calls go through, that code asked the runtime for the updates'
    /// type on every call before jumping to the specialized code: docs/performance.md.)
    private static func deliver(_ updates: inout [GestureUpdate<Value>], to component: inout C, output: inout TargetOutput) {
        // Through the buffer: a `for` loop over `updates` retained and released its storage around the loop, on
        // every call (docs/performance.md).
        updates.withUnsafeBufferPointer { heard in
            for update in heard { component.deliver(update, to: &output) }
        }
        updates.removeAllKeepingCapacity()
    }

    override func targetReshaped(to shape: Shape) {
        typed.targetReshaped(to: shape)
    }

    override func modify<Other: Component, Result, Failure: Error>(
        _ type: Other.Type, output: inout TargetOutput, _ body: (inout Other, inout TargetOutput) throws(Failure) -> Result
    ) throws(Failure) -> Result? {
        guard var component = typed as? Other else { return nil }
        let result = try body(&component, &output)
        typed = component as! C  // swiftlint:disable:this force_cast (Other is C: the cast above succeeded)
        return result
    }

    override func checkConfiguration() throws(GestureError) {
        try typed.gesture.checkConfiguration()
    }

    override var componentTypeName: String { String(describing: C.self) }
}
