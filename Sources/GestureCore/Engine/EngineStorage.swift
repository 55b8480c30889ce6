// The engine's storage, and the one place of its tricks for speed: the unretained references it calls its targets'
// recognizers through (`HeldRecognizer`, and the engine's reading helpers below, which borrow it), the deadlines it
// keeps rather than asks for, the mark that spares settling a target no input reached, and the buffers it swaps in
// and out rather than copy or allocate (`EngineBuffers`). The rest of the engine (GestureEngine.swift,
// TargetTree.swift, Delivery.swift) calls these by what they do and knows none of the tricks, each of which is here
// for speed alone: docs/performance.md, "Why the code is shaped so", gives what each saves.

/// One target's recognizer as the engine holds it (none for a container): the calls the engine makes on it, its
/// deadline as last kept, and whether it is settled.
struct HeldRecognizer: Sendable {
    /// The recognizer itself, which this holds. The calls off the path of every input go through it.
    fileprivate var recognizer: TargetRecognizing?
    /// `recognizer` again, unretained: what the calls on the path of every input go through
    /// (`_withUnsafeGuaranteedRef`), `recognizer` holding it meanwhile. A call through `recognizer` read from the
    /// engine's array of nodes retains and releases it around the call, and no other form of the call avoids it.
    fileprivate var unretained: Unmanaged<TargetRecognizing>?
    /// The recognizer's deadline as last read (or returned by `settleUnlessWaiting`), after every input and change
    /// that reaches the recognizer: finding the next deadline then calls no recognizer, where asking each took two
    /// calls through its generic entry, each retaining it.
    fileprivate var keptDeadline: Timestamp?
    /// Settled after an input (`settleUnlessWaiting`: nothing waits, nothing left to deliver) and not reached by an
    /// input since: settling it again would change nothing, and is skipped (a target the frame left alone, the chart
    /// while only the dial turns, would read its deadline anew). Every call that reaches the recognizer with an input
    /// clears it.
    private var isSettled = false

    /// Holds `recognizer`, its deadline as it is now.
    init(_ recognizer: TargetRecognizing?) {
        self.recognizer = recognizer
        unretained = recognizer.map { Unmanaged.passUnretained($0) }
        keptDeadline = recognizer?.deadline()
    }

    /// The component, for reading it back.
    var component: (any Component)? { recognizer?.component }

    /// Whether settling it after an input would do nothing: it is settled, or it neither waits nor has updates to
    /// arbitrate or deliver.
    var hasNothingToSettle: Bool {
        isSettled || unretained?._withUnsafeGuaranteedRef { $0.needsSettling } != true
    }

    /// Whether it has a deadline, as kept.
    var hasDeadline: Bool { keptDeadline != nil }

    /// The rivals the target waits for, if it waits.
    var rivals: [Rival]? { recognizer?.rivals }

    /// The target was moved or resized. (Not an input: what the recognizer has to settle is unchanged.)
    func targetReshaped(to shape: Shape) {
        recognizer?.targetReshaped(to: shape)
    }

    // MARK: Inputs, each of which unsettles it

    /// `TargetRecognizing.touchesChanged(_:log:)`.
    mutating func touchesChanged(_ changes: TouchChanges, log: inout TransitionLog?) {
        isSettled = false
        unretained?._withUnsafeGuaranteedRef { $0.touchesChanged(changes, log: &log) }
    }

    /// Shows the recognizer `changes` at `time`, with `fingersDown`; then empties them for the next frame. `spare` is
    /// the engine's empty `TouchChanges`, exchanged for them meanwhile: a copy would retain and release their three
    /// buffers.
    @inline(__always)
    mutating func show(_ changes: inout TouchChanges, at time: Timestamp, fingersDown: Int,
                       through spare: inout TouchChanges, log: inout TransitionLog?) {
        isSettled = false
        swap(&spare, &changes)
        spare.time = time
        spare.fingersDown = fingersDown
        unretained?._withUnsafeGuaranteedRef { $0.touchesChanged(spare, log: &log) }
        // Only those that are not empty already: emptying one checks that its storage is unique first.
        if !spare.moved.isEmpty { spare.moved.removeAllKeepingCapacity() }
        if !spare.lifted.isEmpty { spare.lifted.removeAllKeepingCapacity() }
        if !spare.landed.isEmpty { spare.landed.removeAllKeepingCapacity() }
        swap(&spare, &changes)
    }

    /// `TargetRecognizing.deadlineReached(at:log:)`.
    mutating func deadlineReached(at deadline: Timestamp, log: inout TransitionLog?) {
        isSettled = false
        unretained?._withUnsafeGuaranteedRef { $0.deadlineReached(at: deadline, log: &log) }
    }

    /// `TargetRecognizing.beginSequence(rivals:named:at:log:)`.
    mutating func beginSequence(rivals: [Rival], named names: [String], at time: Timestamp, log: inout TransitionLog?) {
        isSettled = false
        unretained?._withUnsafeGuaranteedRef { $0.beginSequence(rivals: rivals, named: names, at: time, log: &log) }
    }

    /// `TargetRecognizing.arbitrate(_:log:)`.
    mutating func arbitrate(_ verdict: RivalsVerdict, log: inout TransitionLog?) {
        isSettled = false
        recognizer?.arbitrate(verdict, log: &log)
    }

    /// Cancels the gesture at `time` and arbitrates its cancellation: what it reported ends `cancelled`, what waited
    /// is dropped.
    mutating func cancel(at time: Timestamp, log: inout TransitionLog?) {
        isSettled = false
        recognizer?.cancel(at: time, log: &log)
        recognizer?.arbitrateCancellation(log: &log)
    }

    /// Runs `body` on the component, if it is a `C`, with `output` at `time` emitting into `events`; nil when it is
    /// not (or there is none). When `body` throws, the component is as it was.
    mutating func modify<C: Component, Failure: Error>(_ type: C.Type, at time: Timestamp, output: inout TargetOutput,
                                                       into events: inout [GestureEvent],
                                                       _ body: (inout C, inout TargetOutput) throws(Failure) -> Void) throws(Failure) -> Void? {
        let recognizer = recognizer
        isSettled = false
        return try output.emitting(at: time, into: &events) { (output) throws(Failure) in try recognizer?.modify(type, output: &output, body) }
    }

    /// Whether the component is a `C`.
    func holds<C: Component>(_ type: C.Type) -> Bool {
        recognizer?.component is C
    }

    /// The name of the component's type, nil for a container: for a message.
    var componentTypeName: String? { recognizer?.componentTypeName }

    /// Throws when the gesture is configured impossibly.
    func checkConfiguration() throws(GestureError) {
        try recognizer?.checkConfiguration()
    }

    // MARK: Settling and delivering

    /// Reads the deadline anew and keeps it, after a change that did not settle the recognizer.
    mutating func refreshDeadline() {
        keptDeadline = unretained?._withUnsafeGuaranteedRef { $0.deadline() }
    }

    /// After an input, for an engine that does not explain: settles the recognizer (`settleUnlessWaiting`) into
    /// `events` at `time`, through `output`, unless it is settled already; keeps the deadline it returns. False when
    /// the target waits for rivals: the engine arbitrates it.
    @inline(__always)
    mutating func settleUnlessWaiting(at time: Timestamp, output: inout TargetOutput,
                                      into events: inout [GestureEvent]) -> Bool {
        guard !isSettled, let recognizer = unretained else { return true }
        let settling = output.emitting(at: time, into: &events) { output in
            recognizer._withUnsafeGuaranteedRef { $0.settleUnlessWaiting(into: &output) }
        }
        switch settling {
        case .waits:
            return false
        case .settled(let deadline):
            keptDeadline = deadline
            isSettled = true
            return true
        }
    }

    /// Hands what is heard to the component, which emits through `output` at `time` into `events`.
    func deliver(at time: Timestamp, output: inout TargetOutput, into events: inout [GestureEvent]) {
        guard let recognizer = unretained else { return }
        output.emitting(at: time, into: &events) { output in recognizer._withUnsafeGuaranteedRef { $0.deliver(to: &output) } }
    }

    /// Holds a recognizer of its own, a copy of the one it holds, in the same state.
    mutating func holdCopy() {
        recognizer = recognizer?.copy()
        unretained = recognizer.map { Unmanaged.passUnretained($0) }
    }
}

extension GestureEngine {
    // The engine reads its targets' recognizers through these, which borrow `self` and read only the unretained
    // reference of `nodes[index]`: reading anything more of a node (the `HeldRecognizer` itself) in order to call
    // the recognizer copies it first, retaining what it holds, for the length of the call.

    /// Whether the target at `index` has a gesture (a container has none).
    func hasGesture(_ index: Int) -> Bool { nodes[index].recognizer.unretained != nil }

    /// The deadline of the gesture of the target at `index`, if it has one, as kept (`HeldRecognizer`).
    func deadline(of index: Int) -> Timestamp? {
        assert(nodes[index].recognizer.keptDeadline == nodes[index].recognizer.recognizer?.deadline(),
               "target \(nodes[index].name): its deadline changed unseen")
        return nodes[index].recognizer.keptDeadline
    }

    /// The deadline of the gesture of the target at `index` as it is now, not as kept: what a rival is judged by in
    /// the middle of an input.
    func currentDeadline(of index: Int) -> Timestamp? {
        nodes[index].recognizer.unretained?._withUnsafeGuaranteedRef { $0.deadline() }
    }

    /// The status of the gesture of the target at `index`; nil for a target without a gesture.
    func status(of index: Int) -> RecognizerStatus? {
        nodes[index].recognizer.unretained?._withUnsafeGuaranteedRef { $0.status() }
    }

    /// Whether the target at `index` has something to settle after an input (`TargetRecognizing.needsSettling`).
    func needsSettling(_ index: Int) -> Bool {
        nodes[index].recognizer.unretained?._withUnsafeGuaranteedRef { $0.needsSettling } == true
    }
}

extension GestureEngine {
    // MARK: Awake targets
    //
    // A target no finger touches, with no deadline and nothing to settle, has nothing to do with an input: it sleeps,
    // and the inputs visit only the awake ones (`awake`, in tree order). Visiting every target cost about 60
    // instructions a target and a frame, so that 999 idle targets cost a frame twelve times what the one a finger
    // played on did (docs/performance.md, "Awake targets"). A target wakes when a finger's path reaches it (it gets
    // changes or counts a finger: `forEachTarget`), when it is reshaped or its component modified; it sleeps again
    // once an input has settled it idle. After the tree changes, and after the inputs that reach every target (the
    // end of input, a drop), the awake ones are found anew.

    /// Whether the target at `index` has nothing to do with an input: no finger (seen or ignored), no change waiting
    /// to be shown, no touch sequence beginning, no deadline, nothing to settle.
    func isIdle(_ index: Int) -> Bool {
        nodes[index].fingers == 0 && nodes[index].ignoredFingers == 0 && nodes[index].changes.isEmpty
            && !nodes[index].beginsSequence && !nodes[index].recognizer.hasDeadline && nodes[index].recognizer.hasNothingToSettle
    }

    /// Lists the target at `index` among the awake ones, in tree order, unless it is already.
    @inline(__always)
    mutating func wake(_ index: Int) {
        guard !nodes[index].isAwake else { return }
        nodes[index].isAwake = true
        var position = awake.endIndex
        while position > awake.startIndex && awake[position - 1] > index { position -= 1 }
        awake.insert(index, at: position)
    }

    /// While `settle` visits the awake targets, the one at `position` in `awake` (at `index` in the tree) stays awake,
    /// moved down to `kept` (the count of those kept before it), unless it is idle: then it sleeps.
    @inline(__always)
    mutating func keepAwake(_ index: Int, at position: Int, counting kept: inout Int) {
        if isIdle(index) {
            nodes[index].isAwake = false
        } else {
            if kept != position { awake[kept] = index }  // (most often all stay, in place: no write)
            kept += 1
        }
    }

    /// Wakes exactly the targets that are not idle, visiting every one: once the tree changed (the indices moved), or
    /// an input reached every target.
    mutating func wakeBusyTargets() {
        awake.removeAll(keepingCapacity: true)
        for index in nodes.indices {
            nodes[index].isAwake = !isIdle(index)
            if nodes[index].isAwake { awake.append(index) }
        }
    }
}

extension TargetOutput {
    /// Runs `body` with this output at `time`, `events` (the input's) swapped in for it to emit into: the events are
    /// not copied.
    fileprivate mutating func emitting<Result, Failure: Error>(at time: Timestamp, into events: inout [GestureEvent],
                                                               _ body: (inout TargetOutput) throws(Failure) -> Result) throws(Failure) -> Result {
        self.time = time
        swap(&events, &self.events)
        defer { swap(&events, &self.events) }
        return try body(&self)
    }
}

/// The engine's buffers, reused from input to input so that the steady state allocates nothing, and the token of its
/// recognizers.
struct EngineBuffers: Sendable {
    /// The buffer the inputs return their events in, emptied and filled anew by each: once the caller has let go of
    /// the events of an input, the next one reuses its storage.
    private var events: [GestureEvent] = []
    /// Empty between inputs: the changes being shown to a target, swapped out of its node (`HeldRecognizer.show`).
    var spareChanges = TouchChanges(time: .zero, fingersDown: 0)
    /// The rivals of the target beginning a touch sequence, found anew for each (its arbitration copies them).
    private var rivals: [Rival] = []
    /// Held by every copy of this engine: copies share their targets' recognizers (objects) until one of them changes
    /// (`GestureEngine.ownRecognizers()`).
    private var recognizersOwner = RecognizersOwner()
    /// The events of deadlines that fired in a change that then threw (a `modify` whose body threw): the next input
    /// returns them first, so that the events come as if the change had never been asked for.
    private var carried: [GestureEvent] = []

    /// The buffer for the events of an input, emptied (its storage is reused when the caller let go of the previous
    /// input's events).
    ///
    /// Emptied in one call, not element by element as the recognizers' buffers are (`removeAllKeepingCapacity()`):
    /// `GestureEvent` is loadable (`GestureValue` boxes its value), and `removeLast()` moves each event out to the
    /// stack before destroying it (docs/performance.md).
    mutating func takeEvents() -> [GestureEvent] {
        var taken: [GestureEvent] = []
        swap(&taken, &events)
        // (An empty buffer as it is: emptying one goes through `replaceSubrange` all the same.)
        if !taken.isEmpty { taken.removeAll(keepingCapacity: true) }
        if !carried.isEmpty {
            taken = carried
            carried = []
        }
        return taken
    }

    /// Keeps `events`, of a change that threw, for the next input to return first: before those kept already, which
    /// came after them (a pipeline's deadlines, then the change that threw).
    mutating func carry(_ events: [GestureEvent]) {
        carried = events + carried
    }

    /// Keeps `events`, the result of an input, as the buffer of the next one, and returns them.
    mutating func keepEvents(_ events: [GestureEvent]) -> [GestureEvent] {
        self.events = events
        return events
    }

    /// The buffer for the rivals of a target, to be given back with `keepRivals(_:)`.
    mutating func takeRivals() -> [Rival] {
        var taken: [Rival] = []
        swap(&taken, &rivals)
        return taken
    }

    /// Keeps `rivals`, the buffer `takeRivals()` gave, for the next touch sequence.
    mutating func keepRivals(_ rivals: inout [Rival]) {
        swap(&rivals, &self.rivals)
    }

    /// Whether another copy of the engine holds the same recognizers.
    @inline(__always)
    mutating func sharesRecognizers() -> Bool {
        !isKnownUniquelyReferenced(&recognizersOwner)
    }

    /// The engine holds recognizers of its own now: a token of its own.
    mutating func ownRecognizers() {
        recognizersOwner = RecognizersOwner()
    }
}

/// The token of an engine's recognizers (`GestureEngine.ownRecognizers()`): a copy of an engine holds the same one.
private final class RecognizersOwner: Sendable {}
