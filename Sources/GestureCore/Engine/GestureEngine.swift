// The engine's public face and its inputs, each step by step: a frame, time passing, a drop, a resync, the end. What
// they call is in the files beside this one: the target tree, routing and the changes to the tree in
// TargetTree.swift, delivery and arbitration in Delivery.swift, and the storage with its tricks for speed in
// EngineStorage.swift.

/// The engine: touch frames and time in, gesture events out. Pure and deterministic: it reads no clock,
/// no file and no device; the caller brings every input with its time. Diagram: docs/state-machines/engine.md.
///
/// The engine holds a tree of `Target`s. A touch goes to the deepest target whose shape contains the
/// point where it went down, and to every ancestor of that target; each target's gesture is coordinated
/// with its ancestors' and descendants' (docs/SPEC.md "Targets").
///
/// Inputs, each returning the events they cause, in order (in a buffer the engine reuses: an input allocates
/// nothing for its events when the caller has let go of the previous input's, as a loop over them does):
/// - `handle(_:)` a frame: first every deadline up to the frame's time fires (stamped with its own
///   time), then the frame's changes go to the targets, in tree order (a parent before its children,
///   siblings in order);
/// - `advance(to:)` time passing with no frame (a live driver woken at `nextDeadline`);
/// - `dropped(at:)` a `SYN_DROPPED`: every gesture in progress is cancelled, and the touches down now
///   are ignored until they lift (they still count as fingers);
/// - `resynced(_:)` the device's state once the events after the drop are over: its contacts are
///   ignored until they lift, like those down at the drop;
/// - `finish(at:)` the end of input: every gesture in progress is cancelled.
///
/// Between inputs the tree can change: `insert`, `remove`, `replace`, `reshape`, and `modify` a
/// component (a dial's value, a timeline's domain). Targets not changed go on untouched.
public struct GestureEngine: Sendable {
    /// The targets, in pre-order (`Node`).
    var nodes: [Node] = []
    /// The contacts down now, from their landing to their lift.
    var contacts: [TrackedContact] = []
    /// The id of the next target added.
    var nextNodeID = 0
    /// Where the machines report their transitions when the engine `explains`; nil otherwise.
    var recording: TransitionLog?
    /// The buffers reused from input to input, and the token of the recognizers that copies of the engine share.
    var buffers = EngineBuffers()
    /// The indices of the awake targets, in tree order: those an input may have something to do with (fingers,
    /// changes, a deadline, something to settle). The inputs visit only these, so that a frame costs what the targets
    /// it reaches cost, however many others the tree holds (EngineStorage.swift, "Awake targets").
    var awake: [Int] = []
    /// Counts the arbitrations (each settling after an input, and the judging of the sequences that end as others
    /// begin): a verdict found in one serves the whole of it (`Node.verdict`), as no gesture takes an input meanwhile.
    var arbitrationRound = 0
    /// The latest time an input reached (nil before any): an input stamped earlier is taken at this time, so that
    /// time never goes back in the engine, whoever drives it (SPEC "Frames", late inputs).
    public private(set) var latestTime: Timestamp?
    /// Whether the last input was a drop or a resync: a resync that follows none implies a drop (`resynced(_:)`).
    var resyncMayFollow = false

    /// An engine for a tree of targets: the first of `targets` is on top (it takes a touch that more than
    /// one contains). Target names must be unique.
    ///
    /// - Throws: ``GestureError/duplicateName(_:)`` for two targets of one name (children included),
    ///   ``GestureError/invalidValue(subject:key:message:)`` for a shape, a view or a gesture's configuration the
    ///   engine cannot take (``insert(_:into:at:)`` says which).
    public init(targets: consuming [Target]) throws(GestureError) {
        try Self.check(targets, under: nil, besides: [])
        // The recognizers are taken as they are when the caller keeps no copy of them (`append`).
        for index in targets.indices { append(&targets[index], parent: nil, depth: 0) }
        wakeBusyTargets()
    }

    /// An engine for a layout file's regions, each a target of its own, with the views the layout gives.
    ///
    /// - Throws: as ``init(targets:)``, and ``GestureError/noTarget(named:)`` for a view of a name no region has. A
    ///   layout the layout file read throws nothing.
    public init(layout: Layout) throws(GestureError) {
        try self.init(targets: layout.targets())
    }

    /// Whether every input also reports each state transition of the targets' gestures and arbitrations,
    /// with its reason, as `GestureEvent.Kind.explanation` events among the others (SPEC "Explanations",
    /// `--explain`): each at the time of the input that caused it, before the events of its target that
    /// the input delivers. Off by default. Off, it costs a test of `recording` per target and input: the
    /// targets' gestures then run with a `NoTransitionLog`, in whose code every explanation is folded away
    /// (`Benchmarks/explain-cost.sh` counts it).
    public var explains: Bool {
        get { recording != nil }
        set { recording = newValue ? TransitionLog() : nil }
    }

    // MARK: Reading

    /// The targets' names, in tree order.
    public var targetNames: [String] { nodes.map(\.name) }

    /// The component of the target named `name`, if there is one and it is a `C`.
    public func component<C: Component>(of name: String, as type: C.Type = C.self) -> C? {
        index(of: name).flatMap { nodes[$0].recognizer.component as? C }
    }

    /// The shape of the target named `name`.
    public func shape(of name: String) -> Shape? {
        index(of: name).map { nodes[$0].shape }
    }

    /// The view of the target named `name`: what its events' positions are mapped through.
    public func viewTransform(of name: String) -> ViewTransform? {
        index(of: name).map { nodes[$0].viewTransform }
    }

    /// The chart of the timeline target named `name` as its view sees it: the values under its points
    /// and the points of its values, over the visible domain (nil when it is not a timeline).
    public func chartProxy(of name: String) -> ChartProxy? {
        guard let index = index(of: name), let timeline = nodes[index].recognizer.component as? TimelineComponent else { return nil }
        return ChartProxy(plotArea: nodes[index].viewTransform.rect(fromSurface: nodes[index].shape.bounds), zoom: timeline.zoom)
    }

    /// The earliest time at which `advance(to:)` has something to do, if any.
    public var nextDeadline: Timestamp? {
        var earliest: Timestamp?
        for index in awake {
            if let deadline = deadline(of: index), earliest.map({ deadline < $0 }) ?? true { earliest = deadline }
        }
        return earliest
    }

    // MARK: Inputs

    /// Fires every deadline ≤ `now`, in time order (ties in tree order), each stamped with its own time. A `now`
    /// before `latestTime` changes nothing: the deadlines up to then have fired.
    public mutating func advance(to now: Timestamp) -> [GestureEvent] {
        ownRecognizers()
        var events = buffers.takeEvents()
        advance(to: reach(now), into: &events)
        return buffers.keepEvents(events)
    }

    /// The time at which an input stamped `time` is taken: `time`, or `latestTime` when that is later (a late
    /// input); it becomes the latest time.
    @inline(__always)
    mutating func reach(_ time: Timestamp) -> Timestamp {
        guard let latest = latestTime, latest > time else {
            latestTime = time
            return time
        }
        return latest
    }

    /// `advance(to:)`, appending to `events`. (Inlined: most frames find no deadline due, and the call would cost
    /// more than the search, docs/performance.md; firing one is out of line.)
    @inline(__always)
    mutating func advance(to now: Timestamp, into events: inout [GestureEvent]) {
        while let (index, deadline) = earliestDeadline(upTo: now) {
            fire(index, at: deadline, into: &events)
        }
    }

    /// The earliest deadline ≤ `now` and its target (ties: the first in tree order), if any.
    @inline(__always)
    func earliestDeadline(upTo now: Timestamp) -> (index: Int, deadline: Timestamp)? {
        var next: (index: Int, deadline: Timestamp)?
        for index in awake {
            if let deadline = deadline(of: index), deadline <= now, next.map({ deadline < $0.deadline }) ?? true {
                next = (index, deadline)
            }
        }
        return next
    }

    /// Fires the deadline of the target at `index`, then settles.
    @inline(never)
    mutating func fire(_ index: Int, at deadline: Timestamp, into events: inout [GestureEvent]) {
        nodes[index].recognizer.deadlineReached(at: deadline, log: &recording)
        explain(index, at: deadline, into: &events)
        settle(at: deadline, into: &events)
        if let again = self.deadline(of: index), again <= deadline {
            // A gesture moves its deadline on or clears it when the deadline is reached (`Gesture.deadline`); one
            // that keeps it would be woken at the same time for ever.
            preconditionFailure("target \(nodes[index].name): its gesture kept its deadline \(deadline) after reaching it")
        }
    }

    /// One frame: the deadlines up to its time, then its moves, lifts and landings, target by target. A frame
    /// stamped before `latestTime` (late) is taken at that time, and its lines are stamped with it.
    public mutating func handle(_ frame: TouchFrame) -> [GestureEvent] {
        ownRecognizers()
        resyncMayFollow = false
        var events = buffers.takeEvents()
        let time = reach(frame.time)
        advance(to: time, into: &events)
        var landings = 0
        var lifts = 0
        for contact in frame.contacts {
            guard let contactIndex = contacts.firstIndex(where: { $0.id == contact.id }) else {
                // Unknown id: a landing, unless it is already over.
                switch contact.phase {
                case .began, .moved, .stationary: landings += 1
                case .ended, .cancelled: break
                }
                continue
            }
            let tracked = contacts[contactIndex]
            if contact.phase == .began {
                // A known id landing again: the old contact lifted (where it was) and a new one landed.
                lift(tracked, withdrawn: false)
                contacts[contactIndex].id = Int.min
                lifts += 1
                landings += 1
                continue
            }
            if contact.position != tracked.position {
                contacts[contactIndex].position = contact.position
                forEachTarget(of: tracked) { (node: inout Node, sees: Bool) in
                    if sees { node.changes.moved.append(TouchPoint(id: contact.id, position: contact.position)) }
                }
            }
            switch contact.phase {
            case .began, .moved, .stationary:
                break
            case .ended, .cancelled:
                lift(tracked, withdrawn: contact.phase == .cancelled)
                contacts[contactIndex].id = Int.min  // removed below, after the landings are known
                lifts += 1
            }
        }
        if lifts > 0 { contacts.removeAll { $0.id == Int.min } }  // (most frames lift nothing)
        if landings > 0 {
            for contact in frame.contacts where !contacts.contains(where: { $0.id == contact.id }) {
                switch contact.phase {
                case .began, .moved, .stationary: land(contact)
                case .ended, .cancelled: break
                }
            }
        }
        deliverChanges(at: time, landed: landings > 0, into: &events)
        return buffers.keepEvents(events)
    }

    /// A `SYN_DROPPED` at `time` (at `latestTime` if that is later): deadlines up to it fire, then every gesture in
    /// progress is cancelled, stamped `time`. The fingers down now are ignored until they lift (they still count as
    /// fingers).
    public mutating func dropped(at time: Timestamp) -> [GestureEvent] {
        ownRecognizers()
        var events = buffers.takeEvents()
        cancelAll(at: reach(time), because: .dropped, into: &events)
        ignoreAll()
        resyncMayFollow = true
        return buffers.keepEvents(events)
    }

    /// The device's state after a `SYN_DROPPED`, once the events after it are over (libevdev's resync):
    /// deadlines up to its time fire; its contacts are taken as they are, and every one is ignored until
    /// it lifts, as the fingers down at the drop are. Nothing is recognized from it. A resync that follows no
    /// drop (a frame or the end of input came since, or none came at all) implies one at its time: the gestures in
    /// progress would otherwise go on with fingers the resync moves, lifts or lands under them.
    public mutating func resynced(_ frame: TouchFrame) -> [GestureEvent] {
        ownRecognizers()
        var events = buffers.takeEvents()
        if !resyncMayFollow {
            cancelAll(at: reach(frame.time), because: .dropped, into: &events)
            ignoreAll()
            resyncMayFollow = true
        }
        advance(to: reach(frame.time), into: &events)
        for contact in frame.contacts {
            if let contactIndex = contacts.firstIndex(where: { $0.id == contact.id }) {
                contacts[contactIndex].position = contact.position
                switch contact.phase {
                case .began, .moved, .stationary:
                    break
                case .ended, .cancelled:
                    forget(contactIndex)
                }
            } else {
                switch contact.phase {
                case .began, .moved, .stationary: track(contact, seenUpTo: nil)
                case .ended, .cancelled: break
                }
            }
        }
        ignoreAll()
        return buffers.keepEvents(events)
    }

    /// The end of input at `time` (the last complete frame's time): deadlines up to it fire, then every
    /// gesture in progress is cancelled and every contact is forgotten. The components keep what persists
    /// between gestures (a dial's value); a new trace gets a new engine. The input's time ends with it: the next
    /// input (of a new trace, say) is taken at its own time, whatever `latestTime` was.
    public mutating func finish(at time: Timestamp) -> [GestureEvent] {
        ownRecognizers()
        var events = buffers.takeEvents()
        cancelAll(at: reach(time), because: .endOfInput, into: &events)
        resyncMayFollow = false
        contacts.removeAll()
        for index in nodes.indices {
            nodes[index].fingers = 0
            nodes[index].ignoredFingers = 0
        }
        wakeBusyTargets()
        latestTime = nil
        return buffers.keepEvents(events)
    }

    // MARK: Around every input

    /// Gives this engine recognizers of its own, copies of those it shares with another copy of the engine, if it
    /// shares them: before anything changes them.
    @inline(__always)
    mutating func ownRecognizers() {
        guard buffers.sharesRecognizers() else { return }
        copyRecognizers()
    }

    /// `ownRecognizers()`'s copies, out of line: most inputs find the recognizers their own, and pay only the check
    /// (docs/performance.md).
    @inline(never)
    mutating func copyRecognizers() {
        for index in nodes.indices { nodes[index].recognizer.holdCopy() }
        // The shared token is let go of only once the copies are made: until then another copy of the engine, on
        // another thread, still finds it shared and changes nothing that is being copied (`Array`'s copy-on-write
        // keeps the same order).
        buffers.ownRecognizers()
    }
}
