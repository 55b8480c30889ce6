/// A gesture with priority over a target's gesture, in one of its touch sequences: the target's updates
/// wait for it (docs/SPEC.md "Targets", docs/state-machines/coordination.md).
struct Rival: Hashable, Sendable {
    /// The rival target's identity in the engine (stable across run-time changes).
    var target: Int
    /// Which of its touch sequences: the one that began with the same landing.
    var sequence: Int
}

/// What the rivals of a waiting target have done so far.
enum RivalsVerdict: Sendable {
    /// One of them began or was recognized: the waiting target lost this touch sequence.
    case oneSucceeded
    /// None succeeded and at least one is still possible.
    case undecided
    /// Every one failed (or was removed, or its sequence ended undecided).
    case allFailed
}

/// What an explanation says of a verdict, which the engine puts in its log (`TransitionLog.rivalNote`) before
/// each arbitration of a target that waits, when it explains: the rival that decided it (the one that succeeded,
/// or the first still possible) with its status, and the names of all the rivals.
struct RivalNote: Sendable {
    var rival: String
    var status: RecognizerStatus
    var rivals: [String]
}

/// How a target's updates reach its component, given the gestures with priority over it.
/// `exclusively(before:)` carried along the target tree; diagram: docs/state-machines/coordination.md.
enum Arbitration<Value: Sendable>: Sendable, MachineState {
    /// Nothing has priority: updates are heard as they come.
    case open
    /// Rivals with priority are undecided: the updates wait, in order.
    case waiting(for: [Rival], held: [GestureUpdate<Value>])
    /// A rival succeeded: this touch sequence's updates are never heard.
    case lost

    /// The machine's name in explanation paths.
    static var machine: String { "arbitration" }

    /// `waiting` while nothing is held, `holding` once updates wait.
    var name: String {
        switch self {
        case .open: "open"
        case .waiting(_, let held): held.isEmpty ? "waiting" : "holding"
        case .lost: "lost"
        }
    }

    /// Takes `updates` (one input's) given what the rivals did, appending what is to be heard to `heard`.
    ///
    /// Released updates are those held, in order, less any run that began and was cancelled while held
    /// (nobody ever heard of it), then `updates` as they are. With a log, says what changed, naming the
    /// rivals as the log's `rivalNote` does.
    @inline(__always)
    mutating func take(_ updates: [GestureUpdate<Value>], verdict: RivalsVerdict, heard: inout [GestureUpdate<Value>],
                       spare: inout WaitStorage<Value>, log: inout TransitionLog?) {
        switch self {
        case .open:
            heard.append(contentsOf: updates)
        case .lost:
            break
        case .waiting(var rivals, var held):
            let before = log != nil ? name : ""
            self = .lost  // let go of the enum's copy of `held`, so that appending to it does not copy it
            switch verdict {
            case .oneSucceeded:
                self = .lost
                if let note = log?.rivalNote {
                    log?.record(Self.machine, from: before, to: name,
                                .lostTo(rival: note.rival, status: note.status, dropped: held.count + updates.count))
                }
                spare.recycle(&rivals, &held)
            case .undecided:
                held.append(contentsOf: updates)
                self = .waiting(for: rivals, held: held)
                if let note = log?.rivalNote, before != name {
                    log?.record(Self.machine, from: before, to: name, .heldByRival(updates: updates.count, rival: note.rival))
                }
            case .allFailed:
                // As in `exclusively`: what waited, less the runs begun and cancelled while held, then this
                // input's updates as they are.
                let released = heard.appendReleasing(held) { $0 }
                heard.append(contentsOf: updates)
                self = .open
                if let note = log?.rivalNote {
                    log?.record(Self.machine, from: before, to: name, .rivalsFailed(rivals: note.rivals, released: released))
                }
                spare.recycle(&rivals, &held)
            }
        }
    }

    /// Input was interrupted or the target removed: what waited was never heard and never will be.
    @inline(__always)
    mutating func takeCancellation(_ updates: [GestureUpdate<Value>], heard: inout [GestureUpdate<Value>],
                                   spare: inout WaitStorage<Value>, log: inout TransitionLog?) {
        var wait: (rivals: [Rival], held: [GestureUpdate<Value>])?
        switch self {
        case .open: heard.append(contentsOf: updates)
        case .waiting(let rivals, let held): wait = (rivals, held)
        case .lost: break
        }
        if log != nil {
            log!.cancel(&self, to: .open, in: Self.machine)
        } else {
            self = .open
        }
        if var (rivals, held) = wait {
            wait = nil
            spare.recycle(&rivals, &held)
        }
    }

    /// A new touch sequence: waiting for `rivals` (named `names`, when explaining), or open if none. The wait
    /// takes its buffers from `spare`, copying `rivals` into its own.
    @inline(__always)
    mutating func begin(rivals: [Rival], named names: [String], spare: inout WaitStorage<Value>, log: inout TransitionLog?) {
        let before = log != nil ? name : ""
        if case .waiting(var oldRivals, var oldHeld) = self {
            self = .open  // let go of the enum's copies, so that the buffers can be kept
            spare.recycle(&oldRivals, &oldHeld)
        }
        if rivals.isEmpty {
            self = .open
        } else {
            var waitedFor: [Rival] = []
            var held: [GestureUpdate<Value>] = []
            swap(&waitedFor, &spare.rivals)
            swap(&held, &spare.held)
            waitedFor.append(contentsOf: rivals)
            self = .waiting(for: waitedFor, held: held)
        }
        // (A new wait is said even after a wait: the rivals are new.)
        if log != nil && (before != name || !rivals.isEmpty) {
            log?.record(Self.machine, from: before, to: name, rivals.isEmpty ? .noRival : .waitsFor(rivals: names))
        }
    }
}

/// The buffers of a target's last wait (`Arbitration.waiting`: the rivals, the updates held), emptied once the wait
/// is over and kept for the next one, so that a touch sequence that waits allocates nothing once warm.
struct WaitStorage<Value: Sendable>: Sendable {
    var rivals: [Rival] = []
    var held: [GestureUpdate<Value>] = []

    /// Keeps the buffers of a wait that is over, emptied (the caller's variables get the empty ones kept before).
    mutating func recycle(_ rivals: inout [Rival], _ held: inout [GestureUpdate<Value>]) {
        rivals.removeAllKeepingCapacity()
        held.removeAllKeepingCapacity()
        swap(&self.rivals, &rivals)
        swap(&self.held, &held)
    }
}

/// A target's recognizer as the engine sees it, whatever its component's type: a class, which the engine reaches
/// through a plain reference. As a struct in an existential box, each access cost some 100 instructions (projecting
/// the box, checking that it is unique, and the same for the engine's array of nodes), five or six a frame. Copies
/// of an engine share their recognizers until one of them takes an input (`GestureEngine.ownRecognizers()`), so the
/// engine stays a value.
///
/// A base class rather than a protocol, so that the engine can call it through an unretained reference
/// (`GestureEngine.Node.unretainedRecognizer`, `Unmanaged`): a call through a reference read from the engine's array
/// of nodes retained and released the recognizer around it, some 80 instructions a frame, and only an `Unmanaged`
/// of a class type avoids that. Its one subclass is `TargetRecognizer`; these bodies are never run.
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
    /// Runs `body` on the component if it is a `C`.
    func modify<C: Component, Result>(_ type: C.Type, output: inout TargetOutput,
                                      _ body: (inout C, inout TargetOutput) -> Result) -> Result? { abstract() }

    private func abstract() -> Never {
        preconditionFailure("TargetRecognizing is only ever a TargetRecognizer")
    }
}

/// What `TargetRecognizing.settleUnlessWaiting(into:)` did.
enum Settling {
    /// Nothing: the target waits for rivals, and the engine arbitrates it.
    case waits
    /// Settled (or had nothing to settle); the gesture's deadline now, which the engine keeps
    /// (`GestureEngine.Node.deadline`).
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
/// (every `[GestureUpdate<Value>]` append asks the runtime for metadata: replay ran 4× slower). The
/// library's own components get specialized entry points, which the generic code jumps to, one for each log
/// (`NoTransitionLog`, in which explanations cost nothing, and `TransitionLog`).
///
/// Unchecked `Sendable`, and its state without run-time exclusivity checks (each access would pay one, some 100
/// instructions): it is changed only by the one engine that holds it alone (a `Target` never changes its own, and an
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

    init(_ component: C) {
        self.typed = component
    }

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
    override func status() -> RecognizerStatus { Self.status(of: &typed) }

    @_specialize(where C == TimelineComponent)
    @_specialize(where C == DialComponent)
    override func deadline() -> Timestamp? {
        switch arbitration {
        case .open, .waiting: Self.deadline(of: &typed)
        case .lost: nil  // a gesture that lost is not woken (as in `exclusively`)
        }
    }

    // `component`'s gesture's status and deadline, read in place (`inout`): `typed.gesture.deadline` copied the whole
    // gesture out of this object first (a timeline's, some 60 instructions, on every deadline read, two a frame).
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
        get {
            switch arbitration {
            case .waiting: true
            case .open, .lost: !incoming.isEmpty || !heard.isEmpty
            }
        }
    }

    @_specialize(where C == TimelineComponent)
    @_specialize(where C == DialComponent)
    override func touchesChanged(_ changes: TouchChanges, log: inout TransitionLog?) {
        withLog(&log, { typed.gesture.touchesChanged(changes, log: &$0, into: &incoming) },
                { typed.gesture.touchesChanged(changes, log: &$0, into: &incoming) })
    }

    @_specialize(where C == TimelineComponent)
    @_specialize(where C == DialComponent)
    override func deadlineReached(at now: Timestamp, log: inout TransitionLog?) {
        withLog(&log, { typed.gesture.deadlineReached(at: now, log: &$0, into: &incoming) },
                { typed.gesture.deadlineReached(at: now, log: &$0, into: &incoming) })
    }

    @_specialize(where C == TimelineComponent)
    @_specialize(where C == DialComponent)
    override func cancel(at now: Timestamp, log: inout TransitionLog?) {
        withLog(&log, { typed.gesture.cancel(at: now, log: &$0, into: &incoming) },
                { typed.gesture.cancel(at: now, log: &$0, into: &incoming) })
    }

    @_specialize(where C == TimelineComponent)
    @_specialize(where C == DialComponent)
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
    /// become the heard ones, the buffers exchanged rather than the updates copied (some 90 instructions a frame for
    /// each target). Returns whether it did; otherwise `arbitrate` takes them.
    @inline(__always)
    private static func passOpen(_ incoming: inout [GestureUpdate<Value>], arbitration: Arbitration<Value>,
                                 heard: inout [GestureUpdate<Value>]) -> Bool {
        guard case .open = arbitration, heard.isEmpty else { return false }
        swap(&incoming, &heard)
        return true
    }

    @_specialize(where C == TimelineComponent)
    @_specialize(where C == DialComponent)
    override func arbitrateCancellation(log: inout TransitionLog?) {
        arbitration.takeCancellation(incoming, heard: &heard, spare: &spareWait, log: &log)
        incoming.removeAllKeepingCapacity()
    }

    @_specialize(where C == TimelineComponent)
    @_specialize(where C == DialComponent)
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
    override func deliver(to output: inout TargetOutput) {
        Self.deliver(&heard, to: &typed, output: &output)
    }

    @_specialize(where C == TimelineComponent)
    @_specialize(where C == DialComponent)
    override func settleUnlessWaiting(into output: inout TargetOutput) -> Settling {
        switch arbitration {
        case .waiting: return .waits
        case .open, .lost: break
        }
        if needsSettling {
            // (The open case first: building and destroying the empty log cost some 20 instructions a call.)
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
    /// type on every call before jumping to the specialized code, some 430 instructions.)
    private static func deliver(_ updates: inout [GestureUpdate<Value>], to component: inout C, output: inout TargetOutput) {
        // Through the buffer: a `for` loop over `updates` retained and released its storage around the loop (some 40
        // instructions a call, two calls a frame).
        updates.withUnsafeBufferPointer { heard in
            for update in heard { component.deliver(update, to: &output) }
        }
        updates.removeAllKeepingCapacity()
    }

    override func targetReshaped(to shape: Shape) {
        typed.targetReshaped(to: shape)
    }

    override func modify<Other: Component, Result>(_ type: Other.Type, output: inout TargetOutput,
                                                   _ body: (inout Other, inout TargetOutput) -> Result) -> Result? {
        guard var component = typed as? Other else { return nil }
        let result = body(&component, &output)
        typed = component as! C  // swiftlint:disable:this force_cast (Other is C: the cast above succeeded)
        return result
    }
}
