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
        /// The view its events come out in: its own, else its parent's (`inheritViews`).
        var viewTransform: ViewTransform {
            get { output.viewTransform }
            set { output.viewTransform = newValue }
        }
        /// Its own view; nil: its parent's.
        var ownView: ViewTransform?
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
        mutating func modify<C: Component, Failure: Error>(_ type: C.Type, at time: Timestamp, into events: inout [GestureEvent],
                                                           _ body: (inout C, inout TargetOutput) throws(Failure) -> Void) throws(Failure) -> Void? {
            try recognizer.modify(type, at: time, output: &output, into: &events, body)
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
    //
    // Each change checks everything it needs before it changes anything (names, types, shapes, views, positions,
    // values), and throws `GestureError` for a caller's mistake: a change that throws leaves the engine as it was.

    /// Adds `target` (with its children) under the target named `parent`, or at the top level when nil,
    /// at `position` among its siblings (0 on top; nil: last, under the others). Fingers already down stay with
    /// the targets they went down on. Its children without a view of their own take its view, and it takes its
    /// parent's when it has none of its own.
    ///
    /// - Throws: ``GestureError/noTarget(named:)`` for an unknown parent, ``GestureError/noPosition(_:parent:count:)``
    ///   for a position below 0 or beyond the parent's children, ``GestureError/duplicateName(_:)`` for a name the
    ///   engine has or the subtree has twice, ``GestureError/invalidValue(subject:key:message:)`` for a shape, a view
    ///   or a gesture's configuration the engine cannot take, or a target wholly outside its parent's shape (a touch
    ///   reaches a child only through its parent's). Nothing is inserted then.
    public mutating func insert(_ target: Target, into parent: String? = nil, at position: Int? = nil) throws(GestureError) {
        let parentIndex = try parent.map { name throws(GestureError) in try index(named: name) }
        guard let insertion = insertionIndex(under: parentIndex, at: position) else {
            throw .noPosition(position ?? 0, parent: parent, count: children(of: parentIndex).count)
        }
        try Self.check([target], under: parentIndex.map { (nodes[$0].name, nodes[$0].output.shape) },
                       besides: Set(nodes.lazy.map(\.name)))
        ownRecognizers()
        insertChecked(target, under: parentIndex, at: insertion)
    }

    /// The indices of the children of the target at `parentIndex` (nil: of the top-level targets), in order.
    private func children(of parentIndex: Int?) -> [Int] {
        var children: [Int] = []
        var index = parentIndex.map { $0 + 1 } ?? 0
        let end = parentIndex.map { nodes[$0].subtreeEnd } ?? nodes.count
        while index < end {
            children.append(index)
            index = nodes[index].subtreeEnd
        }
        return children
    }

    /// Where a target inserted at `position` among the children of the target at `parentIndex` (nil: the top-level
    /// targets) goes in `nodes`: before the child at `position`, else (nil) after the last child. Nil for a position
    /// below 0 or beyond the children.
    private func insertionIndex(under parentIndex: Int?, at position: Int?) -> Int? {
        let siblings = children(of: parentIndex)
        let end = parentIndex.map { nodes[$0].subtreeEnd } ?? nodes.count
        guard let position else { return end }
        guard (0...siblings.count).contains(position) else { return nil }
        return position < siblings.count ? siblings[position] : end
    }

    /// Inserts `target`, checked, at `insertion` in `nodes`, under the target at `parentIndex`.
    private mutating func insertChecked(_ target: Target, under parentIndex: Int?, at insertion: Int) {
        let depth = parentIndex.map { nodes[$0].depth + 1 } ?? 0
        var added = Self()
        added.nextNodeID = nextNodeID
        var target = target
        added.append(&target, parent: nil, depth: depth)
        nextNodeID = added.nextNodeID
        restructure { nodes in nodes.insert(contentsOf: added.nodes, at: insertion) }
    }

    /// Removes the target named `name` and its descendants at `time`: deadlines up to `time` fire, then
    /// their gestures in progress are cancelled, stamped `time`. The fingers down on them stay with the
    /// nearest remaining ancestor. Other targets go on untouched, except those that waited for a removed
    /// gesture: for them it failed.
    ///
    /// - Throws: ``GestureError/noTarget(named:)`` for an unknown name, before anything (deadlines too) happens.
    public mutating func remove(_ name: String, at time: Timestamp) throws(GestureError) -> [GestureEvent] {
        let index = try index(named: name)
        ownRecognizers()
        var events = buffers.takeEvents()
        let reached = reach(time)  // (a late change is taken at the latest time: SPEC "Frames")
        advance(to: reached, into: &events)
        removeChecked(index, at: reached, into: &events)
        return buffers.keepEvents(events)
    }

    /// Removes the target at `index` and its descendants at `time`, into `events`.
    private mutating func removeChecked(_ index: Int, at time: Timestamp, into events: inout [GestureEvent]) {
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
    }

    /// Replaces the target named `name` (and its descendants) with `target`, in the same place, at
    /// `time`: the old gestures in progress are cancelled as by `remove`, and the fingers down on it are
    /// not shown to the new one (they stay with the ancestors).
    ///
    /// - Throws: as ``insert(_:into:at:)`` does, and ``GestureError/noTarget(named:)`` for an unknown name; the names of
    ///   the replaced subtree are free for the new one. Nothing is removed then, and no deadline fires: the old
    ///   target goes only once the new one is known to fit.
    public mutating func replace(_ name: String, with target: Target, at time: Timestamp) throws(GestureError) -> [GestureEvent] {
        let index = try index(named: name)
        var remaining = Set(nodes[..<index].lazy.map(\.name))
        remaining.formUnion(nodes[nodes[index].subtreeEnd...].lazy.map(\.name))
        let parentIndex = nodes[index].parent
        try Self.check([target], under: parentIndex.map { (nodes[$0].name, nodes[$0].output.shape) }, besides: remaining)
        let position = children(of: parentIndex).firstIndex(of: index)
        ownRecognizers()
        var events = buffers.takeEvents()
        let reached = reach(time)
        advance(to: reached, into: &events)
        removeChecked(index, at: reached, into: &events)
        // (The parent precedes the removed subtree: its index did not move. The position is among the siblings left, or
        // just after the last of them: it is there.)
        insertChecked(target, under: parentIndex, at: insertionIndex(under: parentIndex, at: position) ?? nodes.count)
        return buffers.keepEvents(events)
    }

    /// Moves or resizes the target named `name`. Fingers already down stay with it; only where later
    /// fingers land, and what its component makes of positions (a timeline's values), change.
    ///
    /// - Throws: ``GestureError/noTarget(named:)`` for an unknown name,
    ///   ``GestureError/invalidValue(subject:key:message:)`` for a shape the layout file would refuse (sizes that are
    ///   not positive, a ring whose inner radius is not below its outer one, numbers beyond the limits). The target is
    ///   then as it was.
    public mutating func reshape(_ name: String, to shape: Shape) throws(GestureError) {
        let index = try index(named: name)
        var finder = ProblemFinder()
        finder.note("shape.", shape.problem)
        try finder.check("target " + quoted(name))
        ownRecognizers()
        nodes[index].shape = shape
        nodes[index].recognizer.targetReshaped(to: shape)
        nodes[index].recognizer.refreshDeadline()
        wake(index)
    }

    /// Moves, scales or turns the view of the target named `name` (a window moved, the display rotated):
    /// from now on its events come out in the new view's coordinates, those of a gesture in progress too
    /// (a pan's translation is measured on the surface, and shown in the view it is reported in), and so do those of
    /// its descendants without a view of their own. Nil: the target has no view of its own from now on, and takes its
    /// parent's (surface millimetres at the top level). Recognition does not change: thresholds are physical distances
    /// on the surface.
    ///
    /// - Throws: ``GestureError/noTarget(named:)`` for an unknown name,
    ///   ``GestureError/invalidValue(subject:key:message:)`` for a view the layout file would refuse (a scale beyond
    ///   ``ViewTransform/layoutScales``, an offset beyond ±`Size.largestLength` points). Every view is then as it was.
    public mutating func setViewTransform(of name: String, to view: ViewTransform?) throws(GestureError) {
        let index = try index(named: name)
        var finder = ProblemFinder()
        finder.note("view.", view?.problem)
        try finder.check("target " + quoted(name))
        nodes[index].ownView = view
        inheritViews(in: index..<nodes[index].subtreeEnd)
    }

    /// Changes the component of the target named `name` at `time`, as `body` does (a dial's value, a
    /// timeline's domain); `body` may emit events. Deadlines up to `time` fire first. The conveniences
    /// ``setDialValue(of:degrees:at:)``, ``setDomain(of:to:at:)`` and ``setVisibleDomain(of:from:to:at:)`` make the
    /// common changes in one call, and throw `GestureError` alone.
    ///
    /// ```swift
    /// events = try engine.modify("timer", as: DialComponent.self, at: now) { dial, _ in
    ///     try dial.setValue(degrees: dial.value.degrees - 0.1)
    /// }
    /// ```
    ///
    /// - Throws: ``GestureError/noTarget(named:)`` for an unknown name,
    ///   ``GestureError/wrongComponent(target:expected:found:)`` when its component is not a `C`, both before anything
    ///   (deadlines too) happens; and what `body` throws. When `body` throws, the component is as it was (it changed a
    ///   copy), the events it emitted are dropped, and the events of the deadlines that fired come first with the
    ///   engine's next input: its events are those of an engine that was never asked for the change.
    public mutating func modify<C: Component>(_ name: String, as type: C.Type = C.self, at time: Timestamp,
                                              _ body: (inout C, inout TargetOutput) throws -> Void) throws -> [GestureEvent] {
        try change(index(named: name, holding: C.self), as: type, at: time, body)
    }

    /// `modify`, for the target at `index`, whose component is a `C`.
    private mutating func change<C: Component, Failure: Error>(_ index: Int, as type: C.Type, at time: Timestamp,
                                                               _ body: (inout C, inout TargetOutput) throws(Failure) -> Void) throws(Failure) -> [GestureEvent] {
        ownRecognizers()
        var events = buffers.takeEvents()
        let reached = reach(time)
        advance(to: reached, into: &events)
        let fired = events.count
        do {
            _ = try nodes[index].modify(type, at: reached, into: &events, body)
        } catch {
            events.removeSubrange(fired...)
            buffers.carry(events)
            throw error
        }
        nodes[index].recognizer.refreshDeadline()
        wake(index)
        return buffers.keepEvents(events)
    }

    // MARK: Conveniences

    /// Sets the value of the dial named `name` at `time`, as an app does that counts a timer down: brought within the
    /// stops, its detent derived anew with no haptic, and a wind or rotation in progress going on from it (SPEC
    /// "Changes between inputs", *set a dial's value*). Deadlines up to `time` fire first: their events are returned.
    /// `modify(name, as: DialComponent.self, at: time) { dial, _ in try dial.setValue(degrees: degrees) }` in one call.
    ///
    /// - Throws: ``GestureError/noTarget(named:)``, ``GestureError/wrongComponent(target:expected:found:)`` when it is
    ///   no dial, ``GestureError/invalidValue(subject:key:message:)`` for a value that is not finite: all before
    ///   anything happens.
    public mutating func setDialValue(of name: String, degrees: Double, at time: Timestamp) throws(GestureError) -> [GestureEvent] {
        let index = try index(named: name, holding: DialComponent.self)
        var finder = ProblemFinder()
        finder.note("degrees", NumberCheck.finite(degrees))
        try finder.check("dial " + quoted(name))
        return try change(index, as: DialComponent.self, at: time) { dial, _ throws(GestureError) in try dial.setValue(degrees: degrees) }
    }

    /// Shows `domain` on the timeline named `name` from `time` on, all of it (SPEC "Changes between inputs", *set a
    /// timeline's domain*: a zoom is undone, a pinch or scroll under way ends with a `zoom` `cancelled` line, a
    /// selection in progress is brought into it). Deadlines up to `time` fire first. To show part of the domain, see
    /// ``setVisibleDomain(of:from:to:at:)``.
    ///
    /// - Throws: ``GestureError/noTarget(named:)``, ``GestureError/wrongComponent(target:expected:found:)`` when it is
    ///   no timeline, ``GestureError/invalidValue(subject:key:message:)`` for a domain the layout file refuses: all
    ///   before anything happens.
    public mutating func setDomain(of name: String, to domain: TimelineDomain, at time: Timestamp) throws(GestureError) -> [GestureEvent] {
        let index = try index(named: name, holding: TimelineComponent.self)
        var finder = ProblemFinder()
        finder.note("", domain.problem)
        try finder.check(TimelineComponent.subject(name))
        return try change(index, as: TimelineComponent.self, at: time) { timeline, output throws(GestureError) in
            try timeline.setDomain(domain, output: &output)
        }
    }

    /// Shows the part of its domain from `start` to `end` on the timeline named `name` from `time` on, at any
    /// resolution (not only whole buckets): a fling the app animates after a pan, a "today" button, a zoom of the
    /// app's own (``TimelineComponent/setVisibleDomain(from:to:output:)``; SPEC "Changes between inputs", *set a
    /// timeline's visible domain*). Taps, selections and ``chartProxy(of:)`` map through it from then on. Deadlines up
    /// to `time` fire first.
    ///
    /// ```swift
    /// events = try engine.setVisibleDomain(of: "chart", from: .number(4.25), to: .number(9.75), at: now)
    /// ```
    ///
    /// - Throws: ``GestureError/noTarget(named:)``, ``GestureError/wrongComponent(target:expected:found:)`` when it is
    ///   no timeline, ``GestureError/invalidValue(subject:key:message:)`` when `start` is not before `end`, a value is
    ///   not of the domain's kind or outside it, or the span is below the chart's smallest: all before anything happens.
    public mutating func setVisibleDomain(of name: String, from start: DomainValue, to end: DomainValue,
                                          at time: Timestamp) throws(GestureError) -> [GestureEvent] {
        let index = try index(named: name, holding: TimelineComponent.self)
        // Checked against the timeline as it is: no deadline changes its domain or its smallest span.
        _ = try (nodes[index].recognizer.component as? TimelineComponent)?.checkedWindow(from: start, to: end)
        return try change(index, as: TimelineComponent.self, at: time) { timeline, output throws(GestureError) in
            try timeline.setVisibleDomain(from: start, to: end, output: &output)
        }
    }

    /// The deadlines up to `time` fire, then `body` changes the engine at `time` (`modify`, `insert`, `remove`...);
    /// returns the events of both, in order: a source's change between inputs. A body that throws has changed
    /// nothing (the engine's changes check first), and the events of the deadlines come first with the next input's.
    package mutating func change<Failure: Error>(afterDeadlinesUpTo time: Timestamp,
                                                 _ body: (inout GestureEngine, Timestamp) throws(Failure) -> [GestureEvent])
        throws(Failure) -> [GestureEvent] {
        var events = advance(to: time)
        do {
            events += try body(&self, time)
        } catch {
            buffers.carry(events)
            throw error
        }
        return events
    }

    // MARK: Checking what comes in

    /// An engine with no target: insert them later (``insert(_:into:at:)``), or keep it for a source that recognizes
    /// nothing.
    public init() {}

    /// The index of the target named `name`.
    func index(named name: String) throws(GestureError) -> Int {
        guard let index = index(of: name) else { throw .noTarget(named: name) }
        return index
    }

    /// The index of the target named `name`, whose component is a `C`.
    func index<C: Component>(named name: String, holding type: C.Type) throws(GestureError) -> Int {
        let index = try index(named: name)
        guard nodes[index].recognizer.holds(C.self) else {
            throw .wrongComponent(target: name, expected: String(describing: C.self), found: nodes[index].recognizer.componentTypeName)
        }
        return index
    }

    /// Throws the first caller's mistake in `targets` and their children, before the engine takes them: a name among
    /// `taken` or used twice, a shape or view the layout file would refuse, a gesture configured impossibly.
    static func check(_ targets: [Target], under parent: (name: String, shape: Shape)?,
                      besides taken: Set<String>) throws(GestureError) {
        var names = taken
        names.reserveCapacity(taken.count + targets.count)  // growing the set rehashes every name taken so far
        func check(_ target: Target, under parent: (name: String, shape: Shape)?) throws(GestureError) {
            guard names.insert(target.name).inserted else { throw .duplicateName(target.name) }
            if let parent, !target.shape.intersects(parent.shape) {
                throw .invalidValue(subject: "target " + quoted(target.name), key: "shape",
                                    message: "lies wholly outside its parent " + quoted(parent.name)
                                        + ": a touch reaches a child only through its parent's shape")
            }
            var finder = ProblemFinder()
            finder.note("shape.", target.shape.problem)
            finder.note("view.", target.viewTransform?.problem)
            try finder.check("target " + quoted(target.name))
            do {
                try target.recognizer?.checkConfiguration()
            } catch .invalidValue(let gesture, let key, let message) {
                throw .invalidValue(subject: "target " + quoted(target.name), key: gesture + "." + key, message: message)
            } catch {
                throw error
            }
            for child in target.children { try check(child, under: (target.name, target.shape)) }
        }
        for target in targets { try check(target, under: parent) }
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

    /// The place now of the node whose identity is `id` (stable across run-time changes), nil once it is removed.
    func index(ofNode id: Int) -> Int? {
        nodes.firstIndex { $0.id == id }
    }

    /// Appends `target` and its descendants, in pre-order, each in its own view or its parent's.
    /// Takes its recognizer out of `target` and of its children.
    mutating func append(_ target: inout Target, parent: Int?, depth: Int) {
        let index = nodes.count
        // A recognizer of its own: the target's is shared with every copy of it, unless no copy holds it (a layout's
        // targets, made for this engine), when it is taken as it is.
        var recognizer = target.recognizer.take()
        if recognizer != nil, !isKnownUniquelyReferenced(&recognizer!) { recognizer = recognizer?.copy() }
        recognizer?.targetReshaped(to: target.shape)  // a component maps positions through its target's shape
        let view = target.viewTransform ?? parent.map { nodes[$0].viewTransform } ?? .identity
        nodes.append(Node(id: nextNodeID, output: TargetOutput(target: target.name, shape: target.shape, viewTransform: view),
                          ownView: target.viewTransform, coordination: target.coordination, recognizer: HeldRecognizer(recognizer),
                          parent: parent, depth: depth, subtreeEnd: index + 1))
        nextNodeID += 1
        for child in target.children.indices { append(&target.children[child], parent: index, depth: depth + 1) }
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
            contacts[contactIndex].node = contactTargets[contactIndex].flatMap(index(ofNode:))
            contacts[contactIndex].seenUpTo = contactTops[contactIndex].flatMap(index(ofNode:))
        }
        inheritViews(in: nodes.indices)  // (a subtree inserted takes its new parent's view)
        wakeBusyTargets()  // (the indices moved)
    }

    /// Gives each target of `range`, a subtree or the whole tree, its own view or else its parent's (surface
    /// millimetres at the top level), parents first.
    mutating func inheritViews(in range: Range<Int>) {
        for index in range {
            nodes[index].viewTransform = nodes[index].ownView ?? nodes[index].parent.map { nodes[$0].viewTransform } ?? .identity
        }
    }
}
