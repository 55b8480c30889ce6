// Coordination between rival targets: who a target waits for (`Rival`), what they did (`RivalsVerdict`), and the
// machine that holds, releases or drops the target's updates accordingly (`Arbitration`), with the buffers it
// reuses. The box that runs it for a target is in TargetRecognizer.swift; the engine's side (finding the rivals,
// the verdict) in Delivery.swift. Diagram: docs/state-machines/coordination.md.

/// A gesture with priority over a target's gesture, in one of its touch sequences: the target's updates
/// wait for it (docs/SPEC.md "Targets", docs/state-machines/coordination.md).
struct Rival: Hashable, Sendable {
    /// The rival target's identity in the engine (stable across run-time changes).
    var target: Int
    /// Which of its touch sequences: the one that began with the same landing.
    var sequence: Int
    /// Where it was in the tree (`GestureEngine.nodes`) when that sequence began: where it is still, unless the tree
    /// changed since (`GestureEngine.index(of:)`).
    var place: Int
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

/// The verdict on the rivals a target waits for, and the rival that decided it (the one that succeeded, or the first
/// still possible) with its status then.
struct Verdict: Sendable {
    var verdict: RivalsVerdict
    var decisive: (index: Int, status: RecognizerStatus)?

    /// No rival, or every one failed.
    static let allFailed = Verdict(verdict: .allFailed, decisive: nil)
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
