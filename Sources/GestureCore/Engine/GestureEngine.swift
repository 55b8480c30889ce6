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
    /// One target of the tree, in pre-order (a parent before its descendants, siblings in order).
    struct Node: Sendable {
        /// Stable across run-time changes, for the rivals that name it.
        let id: Int
        /// Its name, shape and view, which its component emits with (kept for it: `TargetOutput`).
        var output: TargetOutput
        var name: String { output.target }
        var shape: Shape {
            get { output.shape }
            set { output.shape = newValue }
        }
        var viewTransform: ViewTransform {
            get { output.viewTransform }
            set { output.viewTransform = newValue }
        }
        var coordination: Target.Coordination
        /// Its recognizer (nil for a container), which it holds.
        var recognizer: TargetRecognizing? {
            didSet { unretainedRecognizer = recognizer.map { Unmanaged.passUnretained($0) } }
        }
        /// `recognizer` again, unretained: what the engine calls it through on every input
        /// (`_withUnsafeGuaranteedRef`), the node holding it meanwhile. A call through `recognizer` read from `nodes`
        /// retained and released it around the call (no other form of the call avoided it), some 80 instructions a
        /// frame.
        var unretainedRecognizer: Unmanaged<TargetRecognizing>?
        /// The deadline of its recognizer, kept by the engine: read (or returned by `settleUnlessWaiting`) after
        /// every input and change that reaches the recognizer, so that finding the next deadline calls no recognizer.
        /// Read through the recognizer on every input it cost about 100 instructions a frame more (two calls through
        /// the generic witness, each retaining the recognizer, against the deadline computed in the settling call).
        var deadline: Timestamp?
        /// Its recognizer settled after an input (`settleUnlessWaiting`: nothing waits, nothing left to deliver) and
        /// no input has reached it since: settling it again would change nothing, and is skipped. Every call that
        /// reaches the recognizer with an input clears it (`reaching(_:)`). A target untouched by a frame (the chart
        /// while only the dial turns) cost some 150 instructions to settle, most of it reading its deadline.
        var isSettled = false
        var parent: Int?
        var depth: Int
        /// One past the index of its last descendant.
        var subtreeEnd: Int
        /// Fingers down on it (or on a descendant) that its gesture sees: the one count of fingers per
        /// target.
        var fingers = 0
        /// Fingers down on it that no gesture sees (down across a `SYN_DROPPED`).
        var ignoredFingers = 0
        /// How many touch sequences (first landing to last lift) it has begun.
        var sequence = 0
        /// Its gesture's status when its previous touch sequence gave way to the current one.
        var previousSequence: (number: Int, status: RecognizerStatus)?
        /// This frame's changes, reused from frame to frame so that the steady state does not allocate: empty between
        /// frames (`showChanges` empties them once shown), their time set when they are shown. Emptying every target's
        /// at the start of each frame cost some 60 instructions a frame.
        var changes = TouchChanges(time: .zero, fingersDown: 0)
        /// This frame's landings begin a touch sequence on it (false between frames).
        var beginsSequence = false

        /// Hands its recognizer its changes of this frame, at `time`, with the fingers down on it now; then empties
        /// them for the next frame. `spare` is the engine's empty `TouchChanges`, exchanged for them meanwhile.
        ///
        /// Swapped out of the node and back rather than copied: a copy retains and releases its three buffers, and
        /// reading `nodes[index].changes` copies the whole node first (together some 250 instructions a frame). A
        /// method of the node, so that the engine reaches into `nodes` once for it (each access checks that the
        /// array's storage is unique), not four times.
        @inline(__always)
        mutating func showChanges(at time: Timestamp, through spare: inout TouchChanges, log: inout TransitionLog?) {
            isSettled = false
            swap(&spare, &changes)
            spare.time = time
            spare.fingersDown = fingers
            unretainedRecognizer?._withUnsafeGuaranteedRef { $0.touchesChanged(spare, log: &log) }
            // Only those that are not empty already: emptying one checks that its storage is unique first.
            if !spare.moved.isEmpty { spare.moved.removeAllKeepingCapacity() }
            if !spare.lifted.isEmpty { spare.lifted.removeAllKeepingCapacity() }
            if !spare.landed.isEmpty { spare.landed.removeAllKeepingCapacity() }
            swap(&spare, &changes)
        }

        /// After an input, for an engine that does not explain: settles its recognizer (`settleUnlessWaiting`) into
        /// `events` at `time`, unless it is settled already; keeps the deadline it returns. False when the target
        /// waits for rivals: the engine arbitrates it. One access to the node for all of it (see `showChanges`).
        @inline(__always)
        mutating func settleUnlessWaiting(at time: Timestamp, into events: inout [GestureEvent]) -> Bool {
            guard !isSettled, let recognizer = unretainedRecognizer else { return true }
            let settling = emitting(at: time, into: &events) { output in
                recognizer._withUnsafeGuaranteedRef { $0.settleUnlessWaiting(into: &output) }
            }
            switch settling {
            case .waits:
                return false
            case .settled(let deadline):
                self.deadline = deadline
                isSettled = true
                return true
            }
        }

        /// Runs `body` with this target's output at `time`, `events` (the input's) swapped in for it to emit into.
        mutating func emitting<Result>(at time: Timestamp, into events: inout [GestureEvent],
                                       _ body: (inout TargetOutput) -> Result) -> Result {
            output.time = time
            swap(&events, &output.events)
            defer { swap(&events, &output.events) }
            return body(&output)
        }
    }

    /// A contact the engine follows from its landing to its lift.
    struct TrackedContact: Sendable {
        var id: Int
        var position: Point
        /// The deepest target it belongs to (it belongs to that target's ancestors too); nil outside
        /// every target.
        var node: Int?
        /// The highest target on its path whose gesture sees it: that one and those below it on the path
        /// see it, those above do not (a landing beside a finger ignored since a `SYN_DROPPED` is hidden
        /// from the targets holding that finger). Nil: no target sees it (it was down across a drop).
        var seenUpTo: Int?

        /// Seen by no target.
        var ignored: Bool { seenUpTo == nil }
    }

    private var nodes: [Node] = []
    /// Held by every copy of this engine: copies share their targets' recognizers (objects) until one of them changes
    /// (`ownRecognizers()`).
    private var recognizersOwner = RecognizersOwner()
    private var contacts: [TrackedContact] = []
    private var nextNodeID = 0
    /// Where the machines report their transitions when the engine `explains`; nil otherwise.
    private var recording: TransitionLog?
    /// The buffer the inputs return their events in, emptied and filled anew by each: once the caller has let go of
    /// the events of an input, the next one reuses its storage, and a frame allocates nothing.
    private var output: [GestureEvent] = []
    /// Empty between inputs: the changes being shown to a target, swapped out of its node (`showChanges`).
    private var shownChanges = TouchChanges(time: .zero, fingersDown: 0)
    /// The rivals of the target beginning a touch sequence, found anew for each (its arbitration copies them).
    private var rivalBuffer: [Rival] = []

    /// An engine for a tree of targets: the first of `targets` is on top (it takes a touch that more than
    /// one contains). Target names must be unique.
    public init(targets: [Target]) {
        for target in targets { append(target, parent: nil, depth: 0) }
        checkNamesAreUnique()
    }

    /// An engine for a layout file's regions, each a target of its own, with the views the layout gives.
    public init(layout: Layout) {
        self.init(targets: layout.regions.map(\.target))
        for (name, view) in layout.viewTransforms { setViewTransform(of: name, to: view) }
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
        index(of: name).flatMap { nodes[$0].recognizer?.component as? C }
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
        guard let index = index(of: name), let timeline = nodes[index].recognizer?.component as? TimelineComponent else { return nil }
        return ChartProxy(plotArea: nodes[index].viewTransform.rect(fromSurface: nodes[index].shape.bounds), zoom: timeline.zoom)
    }

    /// The earliest time at which `advance(to:)` has something to do, if any.
    public var nextDeadline: Timestamp? {
        var earliest: Timestamp?
        for index in nodes.indices {
            if let deadline = deadline(of: index), earliest.map({ deadline < $0 }) ?? true { earliest = deadline }
        }
        return earliest
    }

    // MARK: Inputs

    /// Fires every deadline ≤ `now`, in time order (ties in tree order), each stamped with its own time.
    public mutating func advance(to now: Timestamp) -> [GestureEvent] {
        ownRecognizers()
        var events = takeOutput()
        advance(to: now, into: &events)
        return keepOutput(events)
    }

    /// `advance(to:)`, appending to `events`. (Inlined: most frames find no deadline due, and the call cost some 20
    /// instructions a frame; firing one is out of line.)
    @inline(__always)
    private mutating func advance(to now: Timestamp, into events: inout [GestureEvent]) {
        while let (index, deadline) = earliestDeadline(upTo: now) {
            fire(index, at: deadline, into: &events)
        }
    }

    /// Fires the deadline of the target at `index`, then settles.
    @inline(never)
    private mutating func fire(_ index: Int, at deadline: Timestamp, into events: inout [GestureEvent]) {
        reaching(index)?._withUnsafeGuaranteedRef { $0.deadlineReached(at: deadline, log: &recording) }
        explain(index, at: deadline, into: &events)
        settle(at: deadline, into: &events)
        if let again = self.deadline(of: index), again <= deadline {
            // A gesture moves its deadline on or clears it when the deadline is reached (`Gesture.deadline`); one
            // that keeps it would be woken at the same time for ever.
            preconditionFailure("target \(nodes[index].name): its gesture kept its deadline \(deadline) after reaching it")
        }
    }

    /// One frame: the deadlines up to its time, then its moves, lifts and landings, target by target.
    public mutating func handle(_ frame: TouchFrame) -> [GestureEvent] {
        ownRecognizers()
        var events = takeOutput()
        advance(to: frame.time, into: &events)
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
        deliverChanges(at: frame.time, landed: landings > 0, into: &events)
        return keepOutput(events)
    }

    /// A `SYN_DROPPED` at `time`: deadlines up to it fire, then every gesture in progress is cancelled,
    /// stamped `time`. The fingers down now are ignored until they lift (they still count as fingers).
    public mutating func dropped(at time: Timestamp) -> [GestureEvent] {
        ownRecognizers()
        var events = takeOutput()
        cancelAll(at: time, because: .dropped, into: &events)
        ignoreAll()
        return keepOutput(events)
    }

    /// The device's state after a `SYN_DROPPED`, once the events after it are over (libevdev's resync):
    /// deadlines up to its time fire; its contacts are taken as they are, and every one is ignored until
    /// it lifts, as the fingers down at the drop are. Nothing is recognized from it.
    public mutating func resynced(_ frame: TouchFrame) -> [GestureEvent] {
        ownRecognizers()
        var events = takeOutput()
        advance(to: frame.time, into: &events)
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
        return keepOutput(events)
    }

    /// The end of input at `time` (the last complete frame's time): deadlines up to it fire, then every
    /// gesture in progress is cancelled and every contact is forgotten. The components keep what persists
    /// between gestures (a dial's value); a new trace gets a new engine.
    public mutating func finish(at time: Timestamp) -> [GestureEvent] {
        ownRecognizers()
        var events = takeOutput()
        cancelAll(at: time, because: .endOfInput, into: &events)
        contacts.removeAll()
        for index in nodes.indices {
            nodes[index].fingers = 0
            nodes[index].ignoredFingers = 0
        }
        return keepOutput(events)
    }

    // MARK: Changes to the tree between frames

    /// Adds `target` (with its children) under the target named `parent`, or at the top level when nil,
    /// at `position` among its siblings (nil: last, under the others). Fingers already down stay with
    /// the targets they went down on.
    public mutating func insert(_ target: Target, into parent: String? = nil, at position: Int? = nil) {
        ownRecognizers()
        var parentIndex: Int?
        if let parent {
            guard let found = index(of: parent) else { preconditionFailure("insert: no target named \(parent)") }
            parentIndex = found
        }
        let depth = parentIndex.map { nodes[$0].depth + 1 } ?? 0
        // Where the new subtree goes: before the sibling at `position`, else after the last sibling.
        var siblings: [Int] = []
        var index = parentIndex.map { $0 + 1 } ?? 0
        let end = parentIndex.map { nodes[$0].subtreeEnd } ?? nodes.count
        while index < end {
            siblings.append(index)
            index = nodes[index].subtreeEnd
        }
        let insertion = position.flatMap { $0 < siblings.count ? siblings[max(0, $0)] : nil } ?? end
        var added = Self(targets: [])
        added.nextNodeID = nextNodeID
        added.append(target, parent: nil, depth: depth)
        nextNodeID = added.nextNodeID
        restructure { nodes in nodes.insert(contentsOf: added.nodes, at: insertion) }
        checkNamesAreUnique()
    }

    /// Removes the target named `name` and its descendants at `time`: deadlines up to `time` fire, then
    /// their gestures in progress are cancelled, stamped `time`. The fingers down on them stay with the
    /// nearest remaining ancestor. Other targets go on untouched, except those that waited for a removed
    /// gesture: for them it failed.
    public mutating func remove(_ name: String, at time: Timestamp) -> [GestureEvent] {
        ownRecognizers()
        var events = takeOutput()
        advance(to: time, into: &events)
        guard let index = index(of: name) else { preconditionFailure("remove: no target named \(name)") }
        let end = nodes[index].subtreeEnd
        recording?.cancellation = .removed
        for removed in index..<end { cancel(removed, at: time, into: &events) }
        let parent = nodes[index].parent
        for contactIndex in contacts.indices {
            if let node = contacts[contactIndex].node, (index..<end).contains(node) { contacts[contactIndex].node = parent }
            // Seen only by removed targets: seen by none that remains.
            if let top = contacts[contactIndex].seenUpTo, (index..<end).contains(top) { contacts[contactIndex].seenUpTo = nil }
        }
        restructure { nodes in nodes.removeSubrange(index..<end) }
        settle(at: time, into: &events)
        return keepOutput(events)
    }

    /// Replaces the target named `name` (and its descendants) with `target`, in the same place, at
    /// `time`: the old gestures in progress are cancelled as by `remove`, and the fingers down on it are
    /// not shown to the new one (they stay with the ancestors).
    public mutating func replace(_ name: String, with target: Target, at time: Timestamp) -> [GestureEvent] {
        guard let index = index(of: name) else { preconditionFailure("replace: no target named \(name)") }
        let parent = nodes[index].parent.map { nodes[$0].name }
        var position = 0
        var sibling = nodes[index].parent.map { $0 + 1 } ?? 0
        while sibling < index {
            position += 1
            sibling = nodes[sibling].subtreeEnd
        }
        let events = remove(name, at: time)
        insert(target, into: parent, at: position)
        return events
    }

    /// Moves or resizes the target named `name`. Fingers already down stay with it; only where later
    /// fingers land, and what its component makes of positions (a timeline's values), change.
    public mutating func reshape(_ name: String, to shape: Shape) {
        ownRecognizers()
        guard let index = index(of: name) else { preconditionFailure("reshape: no target named \(name)") }
        nodes[index].shape = shape
        nodes[index].recognizer?.targetReshaped(to: shape)
        refreshDeadline(of: index)
    }

    /// Moves, scales or turns the view of the target named `name` (a window moved, the display rotated):
    /// from now on its events come out in the new view's coordinates, those of a gesture in progress too
    /// (a pan's translation is measured on the surface, and shown in the view it is reported in).
    /// Recognition does not change: thresholds are physical distances on the surface.
    public mutating func setViewTransform(of name: String, to view: ViewTransform) {
        guard let index = index(of: name) else { preconditionFailure("setViewTransform: no target named \(name)") }
        nodes[index].viewTransform = view
    }

    /// Changes the component of the target named `name` at `time`, as `body` does (a dial's value, a
    /// timeline's domain); `body` may emit events. Deadlines up to `time` fire first.
    public mutating func modify<C: Component>(_ name: String, as type: C.Type = C.self, at time: Timestamp,
                                              _ body: (inout C, inout TargetOutput) -> Void) -> [GestureEvent] {
        ownRecognizers()
        var events = takeOutput()
        advance(to: time, into: &events)
        guard let index = index(of: name) else { preconditionFailure("modify: no target named \(name)") }
        let recognizer = nodes[index].recognizer
        nodes[index].isSettled = false
        guard nodes[index].emitting(at: time, into: &events, { recognizer?.modify(type, output: &$0, body) }) != nil else {
            preconditionFailure("modify: the component of \(name) is not a \(C.self)")
        }
        refreshDeadline(of: index)
        return keepOutput(events)
    }

    // MARK: Routing

    /// The deepest target containing `point`: the first top-level target containing it, then its first
    /// child containing it, and so on.
    private func route(_ point: Point) -> Int? {
        var deepest: Int?
        var index = 0
        var end = nodes.count
        while index < end {
            if nodes[index].shape.contains(point) {
                deepest = index
                end = nodes[index].subtreeEnd
                index += 1  // its first child
            } else {
                index = nodes[index].subtreeEnd  // its next sibling
            }
        }
        return deepest
    }

    private mutating func land(_ contact: Contact) {
        let deepest = route(contact.position)
        // Beside a finger that is ignored, a finger is ignored too: hidden from the deepest target holding
        // an ignored finger and from that target's ancestors, shown to the targets below it.
        var seenUpTo: Int?
        var node = deepest
        while let index = node {
            if hasGesture(index) && nodes[index].ignoredFingers > 0 { break }
            seenUpTo = index
            node = nodes[index].parent
        }
        let tracked = track(contact, seenUpTo: seenUpTo)
        forEachTarget(of: tracked) { (node: inout Node, sees: Bool) in
            if sees { node.changes.landed.append(TouchPoint(id: contact.id, position: contact.position)) }
        }
    }

    /// Calls `body` with each target of `contact`'s path, from the deepest up, and whether its gesture
    /// sees the contact.
    private mutating func forEachTarget(of contact: TrackedContact, _ body: (inout Node, Bool) -> Void) {
        var sees = contact.seenUpTo != nil
        var node = contact.node
        while let index = node {
            body(&nodes[index], sees)
            if index == contact.seenUpTo { sees = false }
            node = nodes[index].parent
        }
    }

    /// Follows a contact from now on, counting it on its target and the target's ancestors, as a finger
    /// seen or ignored.
    @discardableResult
    private mutating func track(_ contact: Contact, seenUpTo: Int?) -> TrackedContact {
        let tracked = TrackedContact(id: contact.id, position: contact.position, node: route(contact.position), seenUpTo: seenUpTo)
        forEachTarget(of: tracked) { (node: inout Node, sees: Bool) in
            if sees { node.fingers += 1 } else { node.ignoredFingers += 1 }
        }
        contacts.append(tracked)
        return tracked
    }

    /// A tracked contact lifts (or is withdrawn): the targets that see it see the lift.
    private mutating func lift(_ tracked: TrackedContact, withdrawn: Bool) {
        forEachTarget(of: tracked) { (node: inout Node, sees: Bool) in
            if sees {
                node.changes.lifted.append(TouchLift(id: tracked.id, withdrawn: withdrawn))
                node.fingers -= 1
            } else {
                node.ignoredFingers -= 1
            }
        }
    }

    /// Forgets the contact at `contactIndex` (its index in `contacts`) without showing its lift to anyone (it was ignored, or a resync).
    private mutating func forget(_ contactIndex: Int) {
        forEachTarget(of: contacts[contactIndex]) { (node: inout Node, sees: Bool) in
            if sees { node.fingers -= 1 } else { node.ignoredFingers -= 1 }
        }
        contacts.remove(at: contactIndex)
    }

    /// Every contact down now is ignored until it lifts.
    private mutating func ignoreAll() {
        for contactIndex in contacts.indices where !contacts[contactIndex].ignored {
            forEachTarget(of: contacts[contactIndex]) { (node: inout Node, sees: Bool) in
                if sees {
                    node.fingers -= 1
                    node.ignoredFingers += 1
                }
            }
            contacts[contactIndex].seenUpTo = nil
        }
    }

    // MARK: Delivery and coordination

    /// Hands each target its changes of this frame, begins the touch sequences that start (when a finger `landed`),
    /// and delivers what is to be heard.
    private mutating func deliverChanges(at time: Timestamp, landed: Bool, into events: inout [GestureEvent]) {
        var beginning = false
        if landed {
            for index in nodes.indices where !nodes[index].changes.landed.isEmpty
                && nodes[index].fingers == nodes[index].changes.landed.count {
                nodes[index].beginsSequence = true
                beginning = true
            }
        }
        if beginning {
            // The last finger lifted and another landed in the same frame: two touch sequences, one
            // after the other, so that no gesture sees a sequence end and the next begin at once.
            for index in nodes.indices where nodes[index].beginsSequence && !nodes[index].changes.lifted.isEmpty {
                var ending = nodes[index].changes
                ending.time = time
                ending.landed.removeAll()
                ending.fingersDown = 0
                reaching(index)?._withUnsafeGuaranteedRef { $0.touchesChanged(ending, log: &recording) }
                explain(index, at: time, into: &events)
                nodes[index].changes.moved.removeAllKeepingCapacity()
                nodes[index].changes.lifted.removeAllKeepingCapacity()
            }
            // Every other target takes the whole frame now, so that the ending sequences' rivals are
            // judged with this frame's lifts seen (a child's tap ends in the frame its parent begins anew).
            for index in nodes.indices where !nodes[index].beginsSequence && !nodes[index].changes.isEmpty {
                showChanges(index, at: time)
                explain(index, at: time, into: &events)
            }
            // The ending sequences are judged as they were, before any rival begins anew.
            for index in nodes.indices where nodes[index].beginsSequence {
                arbitrate(index)
                explain(index, at: time, into: &events)
            }
            for index in nodes.indices where nodes[index].beginsSequence {
                let status = status(of: index) ?? .failed
                nodes[index].previousSequence = (nodes[index].sequence, status)
                nodes[index].sequence += 1
            }
            recording?.cancellation = .forgotten
            var rivals: [Rival] = []
            swap(&rivals, &rivalBuffer)
            for index in nodes.indices where nodes[index].beginsSequence && hasGesture(index) {
                rivals.removeAllKeepingCapacity()
                appendRivals(of: index, to: &rivals)
                let names = recording != nil ? self.names(of: rivals) : []
                reaching(index)?._withUnsafeGuaranteedRef { $0.beginSequence(rivals: rivals, named: names, at: time, log: &recording) }
                explain(index, at: time, into: &events)
            }
            swap(&rivals, &rivalBuffer)
        }
        for index in nodes.indices where !nodes[index].changes.isEmpty {
            showChanges(index, at: time)
            explain(index, at: time, into: &events)
        }
        if beginning {
            for index in nodes.indices { nodes[index].beginsSequence = false }
        }
        settle(at: time, into: &events)
    }

    /// Hands the target at `index` its changes of this frame, at `time`, with the fingers down on it now; then
    /// empties them for the next frame.
    @inline(__always)
    private mutating func showChanges(_ index: Int, at time: Timestamp) {
        nodes[index].showChanges(at: time, through: &shownChanges, log: &recording)
    }

    /// Appends to `rivals` the gestures that begin a touch sequence together with the target at `index` (the same
    /// landings) and have priority over its gesture.
    private func appendRivals(of index: Int, to rivals: inout [Rival]) {
        // Descendants have priority unless this one is high-priority or they are simultaneous.
        if nodes[index].coordination != .highPriority {
            for descendant in (index + 1)..<nodes[index].subtreeEnd
            where nodes[descendant].beginsSequence && hasGesture(descendant)
                && nodes[descendant].coordination != .simultaneous {
                rivals.append(Rival(target: nodes[descendant].id, sequence: nodes[descendant].sequence))
            }
        }
        // High-priority ancestors have priority, unless this one is simultaneous.
        if nodes[index].coordination != .simultaneous {
            var ancestor = nodes[index].parent
            while let above = ancestor {
                if nodes[above].beginsSequence && hasGesture(above) && nodes[above].coordination == .highPriority {
                    rivals.append(Rival(target: nodes[above].id, sequence: nodes[above].sequence))
                }
                ancestor = nodes[above].parent
            }
        }
    }

    /// What the rivals a target waits for have done, and the rival that decided it (the one that succeeded,
    /// or the first still possible) with its status then.
    private func verdict(on rivals: [Rival]) -> (verdict: RivalsVerdict, decisive: (index: Int, status: RecognizerStatus)?) {
        var undecided: (index: Int, status: RecognizerStatus)?
        for rival in rivals {
            // A rival removed since is taken as failed.
            guard let index = nodes.firstIndex(where: { $0.id == rival.target }), let recognizer = nodes[index].recognizer else { continue }
            let status: RecognizerStatus
            if nodes[index].sequence == rival.sequence {
                status = recognizer.status()
                // Its sequence is over (no finger left) and it waits for nothing: it never will decide.
                if status == .possible && nodes[index].fingers == 0 && nodes[index].ignoredFingers == 0 && recognizer.deadline() == nil {
                    continue
                }
            } else if let previous = nodes[index].previousSequence, previous.number == rival.sequence {
                // Its sequence ended: still possible then means it never succeeded.
                status = previous.status == .possible ? .failed : previous.status
            } else {
                continue
            }
            switch status {
            case .possible: if undecided == nil { undecided = (index, status) }
            case .active, .ended, .cancelled: return (.oneSucceeded, (index, status))
            case .failed: break
            }
        }
        return undecided.map { (.undecided, $0) } ?? (.allFailed, nil)
    }

    /// The names of the targets `rivals` names (a removed one has none), for explanations.
    private func names(of rivals: [Rival]) -> [String] {
        rivals.compactMap { rival in nodes.first { $0.id == rival.target }?.name }
    }

    // MARK: Reading the recognizers

    // The engine reads its targets' recognizers in these helpers only, which borrow `self`: in a mutating method,
    // reading a property of `nodes[index]` can copy the whole node first (retaining all it holds).

    /// The deadline of the gesture of the target at `index`, if it has one, as the engine keeps it (`Node.deadline`).
    private func deadline(of index: Int) -> Timestamp? {
        assert(nodes[index].deadline == nodes[index].recognizer?.deadline(), "target \(nodes[index].name): its deadline changed unseen")
        return nodes[index].deadline
    }

    /// Reads the deadline of the gesture of the target at `index` anew, after a change that did not settle it.
    private mutating func refreshDeadline(of index: Int) {
        nodes[index].deadline = recognizer(of: index)?._withUnsafeGuaranteedRef { $0.deadline() }
    }

    /// `recognizer(of:)` for an input: the target is no longer settled (`Node.isSettled`).
    private mutating func reaching(_ index: Int) -> Unmanaged<TargetRecognizing>? {
        nodes[index].isSettled = false
        return nodes[index].unretainedRecognizer
    }

    /// The recognizer of the target at `index` (nil for a container), unretained (`Node.unretainedRecognizer`): the
    /// engine calls it with `_withUnsafeGuaranteedRef`, which neither retains nor releases it.
    private func recognizer(of index: Int) -> Unmanaged<TargetRecognizing>? { nodes[index].unretainedRecognizer }

    /// The status of the gesture of the target at `index`; nil for a target without a gesture.
    private func status(of index: Int) -> RecognizerStatus? { recognizer(of: index)?._withUnsafeGuaranteedRef { $0.status() } }

    /// Whether the target at `index` has a gesture (a container has none).
    private func hasGesture(_ index: Int) -> Bool { nodes[index].recognizer != nil }

    /// Whether the target at `index` has something to settle after an input (`TargetRecognizing.needsSettling`).
    private func needsSettling(_ index: Int) -> Bool { recognizer(of: index)?._withUnsafeGuaranteedRef { $0.needsSettling } == true }

    /// The rivals the target at `index` waits for, if it waits.
    private func rivalsWaitedFor(by index: Int) -> [Rival]? { nodes[index].recognizer?.rivals }

    /// The earliest deadline ≤ `now` and its target (ties: the first in tree order), if any.
    @inline(__always)
    private func earliestDeadline(upTo now: Timestamp) -> (index: Int, deadline: Timestamp)? {
        var next: (index: Int, deadline: Timestamp)?
        for index in nodes.indices {
            if let deadline = deadline(of: index), deadline <= now, next.map({ deadline < $0.deadline }) ?? true {
                next = (index, deadline)
            }
        }
        return next
    }

    /// Arbitrates the updates of the target at `index` made so far in this input.
    private mutating func arbitrate(_ index: Int) {
        nodes[index].isSettled = false
        guard let rivals = rivalsWaitedFor(by: index) else {
            nodes[index].recognizer?.arbitrate(.allFailed, log: &recording)
            return
        }
        let (verdict, decisive) = verdict(on: rivals)
        if recording != nil {
            let note = RivalNote(rival: decisive.map { nodes[$0.index].name } ?? "", status: decisive?.status ?? .failed,
                                 rivals: names(of: rivals))
            recording?.rivalNote = note
        }
        nodes[index].recognizer?.arbitrate(verdict, log: &recording)
    }

    /// Moves what the machines reported to the log into `events`, as explanation lines of the target at
    /// `index` at `time`.
    @inline(__always)
    private mutating func explain(_ index: Int, at time: Timestamp, into events: inout [GestureEvent]) {
        guard let explanations = recording?.removeAll() else { return }
        for explanation in explanations {
            events.append(GestureEvent(time: time, target: nodes[index].name, kind: .explanation(explanation)))
        }
    }

    /// After an input: every target arbitrates its updates (and those it held), then delivers what is to
    /// be heard, in tree order.
    private mutating func settle(at time: Timestamp, into events: inout [GestureEvent]) {
        for index in nodes.indices {
            guard recognizer(of: index) != nil else { continue }  // a container
            if recording == nil {
                // Most often the target waits for no rival: its recognizer settles in one call, deadline included.
                if nodes[index].settleUnlessWaiting(at: time, into: &events) { continue }
            } else if !needsSettling(index) {
                refreshDeadline(of: index)
                continue
            }
            arbitrate(index)
            explain(index, at: time, into: &events)
            deliver(index, at: time, into: &events)
            refreshDeadline(of: index)
        }
    }

    private mutating func deliver(_ index: Int, at time: Timestamp, into events: inout [GestureEvent]) {
        guard let recognizer = recognizer(of: index) else { return }
        nodes[index].emitting(at: time, into: &events) { output in recognizer._withUnsafeGuaranteedRef { $0.deliver(to: &output) } }
    }

    /// Cancels the gesture of the target at `index`: what it reported ends `cancelled`; what waited is
    /// never heard.
    private mutating func cancel(_ index: Int, at time: Timestamp, into events: inout [GestureEvent]) {
        guard hasGesture(index) else { return }
        nodes[index].isSettled = false
        nodes[index].recognizer?.cancel(at: time, log: &recording)
        nodes[index].recognizer?.arbitrateCancellation(log: &recording)
        explain(index, at: time, into: &events)
        deliver(index, at: time, into: &events)
        refreshDeadline(of: index)
    }

    private mutating func cancelAll(at time: Timestamp, because cause: Explanation.Cancellation, into events: inout [GestureEvent]) {
        advance(to: time, into: &events)
        recording?.cancellation = cause
        for index in nodes.indices { cancel(index, at: time, into: &events) }
    }

    /// Gives this engine recognizers of its own, copies of those it shares with another copy of the engine, if it
    /// shares them: before anything changes them.
    @inline(__always)
    private mutating func ownRecognizers() {
        guard !isKnownUniquelyReferenced(&recognizersOwner) else { return }
        copyRecognizers()
    }

    /// `ownRecognizers()`'s copies, out of line: most inputs find the token unique (the call cost some 15 instructions
    /// an input).
    @inline(never)
    private mutating func copyRecognizers() {
        for index in nodes.indices { nodes[index].recognizer = nodes[index].recognizer?.copy() }
        // The shared token is let go of only once the copies are made: until then another copy of the engine, on
        // another thread, still finds it shared and changes nothing that is being copied (`Array`'s copy-on-write
        // keeps the same order).
        recognizersOwner = RecognizersOwner()
    }

    /// The engine's buffer for the events of an input, emptied (its storage is reused when the caller let go of
    /// the previous input's events).
    ///
    /// Emptied in one call (`swift_arrayDestroy` over the events), not element by element as the recognizers'
    /// buffers are (`removeAllKeepingCapacity()`): since `GestureEvent` is loadable (`GestureValue` boxes its value),
    /// `removeLast()` moves each event out to the stack before destroying it, 113 instructions an event against 63
    /// here, with some 75 a call for `replaceSubrange`.
    private mutating func takeOutput() -> [GestureEvent] {
        var events: [GestureEvent] = []
        swap(&events, &output)
        // (An empty buffer as it is: emptying one costs some 75 instructions of `replaceSubrange` all the same.)
        if !events.isEmpty { events.removeAll(keepingCapacity: true) }
        return events
    }

    /// Keeps `events`, the result of an input, as the buffer of the next one, and returns them.
    private mutating func keepOutput(_ events: [GestureEvent]) -> [GestureEvent] {
        output = events
        return events
    }

    // MARK: The tree

    private func index(of name: String) -> Int? {
        nodes.firstIndex { $0.name == name }
    }

    /// Appends `target` and its descendants, in pre-order.
    private mutating func append(_ target: Target, parent: Int?, depth: Int) {
        let index = nodes.count
        // A recognizer of its own: the target's is shared with every copy of it.
        let recognizer = target.recognizer?.copy()
        recognizer?.targetReshaped(to: target.shape)  // a component maps positions through its target's shape
        nodes.append(Node(id: nextNodeID, output: TargetOutput(target: target.name, shape: target.shape, viewTransform: target.viewTransform),
                          coordination: target.coordination,
                          recognizer: recognizer, unretainedRecognizer: recognizer.map { Unmanaged.passUnretained($0) }, deadline: recognizer?.deadline(), parent: parent, depth: depth, subtreeEnd: index + 1))
        nextNodeID += 1
        for child in target.children { append(child, parent: index, depth: depth + 1) }
        nodes[index].subtreeEnd = nodes.count
    }

    /// Changes the list of nodes, then links parents and subtrees anew from the depths and moves the
    /// contacts' targets to their new places.
    private mutating func restructure(_ change: (inout [Node]) -> Void) {
        let contactTargets = contacts.map { $0.node.map { nodes[$0].id } }
        let contactTops = contacts.map { $0.seenUpTo.map { nodes[$0].id } }
        change(&nodes)
        var open: [Int] = []  // the ancestors of the node being linked
        for index in nodes.indices {
            while let last = open.last, nodes[last].depth >= nodes[index].depth {
                nodes[last].subtreeEnd = index
                open.removeLast()
            }
            nodes[index].parent = open.last
            open.append(index)
        }
        for last in open { nodes[last].subtreeEnd = nodes.count }
        for contactIndex in contacts.indices {
            contacts[contactIndex].node = contactTargets[contactIndex].flatMap { id in nodes.firstIndex { $0.id == id } }
            contacts[contactIndex].seenUpTo = contactTops[contactIndex].flatMap { id in nodes.firstIndex { $0.id == id } }
        }
    }

    private func checkNamesAreUnique() {
        var seen = Set<String>()
        for node in nodes where !seen.insert(node.name).inserted {
            preconditionFailure("two targets are named \(node.name): target names must be unique")
        }
    }
}

/// The token of an engine's recognizers (`GestureEngine.ownRecognizers()`): a copy of an engine holds the same one.
private final class RecognizersOwner: Sendable {}
