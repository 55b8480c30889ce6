// The engine's tree of targets and its routing: the nodes and the tracked contacts, which targets a touch belongs to
// (landing, moving, lifting, ignored across a `SYN_DROPPED`), and the changes to the tree between inputs (`insert`,
// `remove`, `replace`, `reshape`, `setViewTransform`, `modify`). Diagram: docs/state-machines/engine.md.

extension GestureEngine {
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
        /// Its recognizer (none for a container), its deadline and whether it is settled.
        var recognizer: HeldRecognizer
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
        /// frames (`showChanges` empties them once shown), their time set when they are shown (emptying every
        /// target's at the start of each frame would cost more: docs/performance.md).
        var changes = TouchChanges(time: .zero, fingersDown: 0)
        /// This frame's landings begin a touch sequence on it (false between frames).
        var beginsSequence = false
        /// Listed in the engine's `awake` (EngineStorage.swift, "Awake targets").
        var isAwake = false
        /// In its touch sequence, the first of its rivals when the rest are those that one waits for
        /// (`GestureEngine.rivalsAfterFirst(of:in:)`); nil otherwise.
        var rivalsAfterFirst: Rival?
        /// The verdict on its rivals found in the arbitration counted `round` (`GestureEngine.arbitrationRound`).
        var verdict: (round: Int, verdict: Verdict)?

        // The calls below reach into the engine's `nodes` once for all they do (each access checks that the array's
        // storage is unique).

        /// Hands its recognizer its changes of this frame, at `time`, with the fingers down on it now; then empties
        /// them for the next frame. `spare` is the engine's empty `TouchChanges`, exchanged for them meanwhile.
        @inline(__always)
        mutating func showChanges(at time: Timestamp, through spare: inout TouchChanges, log: inout TransitionLog?) {
            recognizer.show(&changes, at: time, fingersDown: fingers, through: &spare, log: &log)
        }

        /// After an input, for an engine that does not explain: settles its recognizer into `events` at `time`,
        /// unless it is settled already. False when the target waits for rivals: the engine arbitrates it.
        @inline(__always)
        mutating func settleUnlessWaiting(at time: Timestamp, into events: inout [GestureEvent]) -> Bool {
            recognizer.settleUnlessWaiting(at: time, output: &output, into: &events)
        }

        /// Hands what its recognizer heard to its component, whose events go into `events` at `time`.
        mutating func deliver(at time: Timestamp, into events: inout [GestureEvent]) {
            recognizer.deliver(at: time, output: &output, into: &events)
        }

        /// Runs `body` on its component, if it is a `C`, its events going into `events` at `time`; nil when it is
        /// not.
        mutating func modify<C: Component>(_ type: C.Type, at time: Timestamp, into events: inout [GestureEvent],
                                           _ body: (inout C, inout TargetOutput) -> Void) -> Void? {
            recognizer.modify(type, at: time, output: &output, into: &events, body)
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
        var events = buffers.takeEvents()
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
        return buffers.keepEvents(events)
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
        nodes[index].recognizer.targetReshaped(to: shape)
        nodes[index].recognizer.refreshDeadline()
        wake(index)
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
        var events = buffers.takeEvents()
        advance(to: time, into: &events)
        guard let index = index(of: name) else { preconditionFailure("modify: no target named \(name)") }
        guard nodes[index].modify(type, at: time, into: &events, body) != nil else {
            preconditionFailure("modify: the component of \(name) is not a \(C.self)")
        }
        nodes[index].recognizer.refreshDeadline()
        wake(index)
        return buffers.keepEvents(events)
    }

    // MARK: Routing

    /// The deepest target containing `point`: the first top-level target containing it, then its first
    /// child containing it, and so on.
    func route(_ point: Point) -> Int? {
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

    mutating func land(_ contact: Contact) {
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
    mutating func forEachTarget(of contact: TrackedContact, _ body: (inout Node, Bool) -> Void) {
        var sees = contact.seenUpTo != nil
        var node = contact.node
        while let index = node {
            wake(index)
            body(&nodes[index], sees)
            if index == contact.seenUpTo { sees = false }
            node = nodes[index].parent
        }
    }

    /// Follows a contact from now on, counting it on its target and the target's ancestors, as a finger
    /// seen or ignored.
    @discardableResult
    mutating func track(_ contact: Contact, seenUpTo: Int?) -> TrackedContact {
        let tracked = TrackedContact(id: contact.id, position: contact.position, node: route(contact.position), seenUpTo: seenUpTo)
        forEachTarget(of: tracked) { (node: inout Node, sees: Bool) in
            if sees { node.fingers += 1 } else { node.ignoredFingers += 1 }
        }
        contacts.append(tracked)
        return tracked
    }

    /// A tracked contact lifts (or is withdrawn): the targets that see it see the lift.
    mutating func lift(_ tracked: TrackedContact, withdrawn: Bool) {
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
    mutating func forget(_ contactIndex: Int) {
        forEachTarget(of: contacts[contactIndex]) { (node: inout Node, sees: Bool) in
            if sees { node.fingers -= 1 } else { node.ignoredFingers -= 1 }
        }
        contacts.remove(at: contactIndex)
    }

    /// Every contact down now is ignored until it lifts.
    mutating func ignoreAll() {
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

    // MARK: The tree

    func index(of name: String) -> Int? {
        nodes.firstIndex { $0.name == name }
    }

    /// Appends `target` and its descendants, in pre-order.
    mutating func append(_ target: Target, parent: Int?, depth: Int) {
        let index = nodes.count
        // A recognizer of its own: the target's is shared with every copy of it.
        let recognizer = target.recognizer?.copy()
        recognizer?.targetReshaped(to: target.shape)  // a component maps positions through its target's shape
        nodes.append(Node(id: nextNodeID, output: TargetOutput(target: target.name, shape: target.shape, viewTransform: target.viewTransform),
                          coordination: target.coordination, recognizer: HeldRecognizer(recognizer),
                          parent: parent, depth: depth, subtreeEnd: index + 1))
        nextNodeID += 1
        for child in target.children { append(child, parent: index, depth: depth + 1) }
        nodes[index].subtreeEnd = nodes.count
    }

    /// Changes the list of nodes, then links parents and subtrees anew from the depths and moves the
    /// contacts' targets to their new places.
    mutating func restructure(_ change: (inout [Node]) -> Void) {
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
        wakeBusyTargets()  // (the indices moved)
    }

    func checkNamesAreUnique() {
        var seen = Set<String>()
        for node in nodes where !seen.insert(node.name).inserted {
            preconditionFailure("two targets are named \(node.name): target names must be unique")
        }
    }
}
