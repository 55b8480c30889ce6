/// Any gesture whose values have lines of their own (`StandardEventValue`), behind one type: for
/// compositions chosen at run time, as a layout file's `target` chooses its gestures. A list of them folds
/// with `exclusively(before:)` and `simultaneously(with:)`, each step erased again:
///
/// ```swift
/// var gesture = AnyStandardGesture(TapGesture(count: 2))
/// gesture = AnyStandardGesture(gesture.exclusively(before: AnyStandardGesture(TapGesture(count: 1))))
/// ```
///
/// It behaves exactly as the gesture it holds; each of its updates carries the line that gesture's update makes.
///
/// The erasure happens once, when it is made, where the held gesture's type is known: what it does with each input
/// is made there, for that type (`ErasedOperations`), so that a frame through it runs the held gesture's own code,
/// with neither the runtime's generic metadata nor a boxed value per update (docs/performance.md, "Composed gestures").
public struct AnyStandardGesture: SinkGesture {
    /// The value of the gesture held, erased to the line it makes.
    public struct Value: StandardEventValue {
        /// The line of the held gesture's update: its value's ``StandardEventValue/eventKind(_:)`` in the update's
        /// phase, made when the update was erased (a combinator never changes an update's phase).
        public let kind: GestureEvent.Kind

        /// The erased value whose line is `kind`.
        public init(_ kind: GestureEvent.Kind) {
            self.kind = kind
        }

        /// The line made when erased (`kind`): its phase is the update's.
        public func eventKind(_ phase: GesturePhase) -> GestureEvent.Kind { kind }
    }

    /// The gesture held, copied before it changes when another `AnyStandardGesture` shares it (copy on write).
    private var storage: ErasedStorage
    /// What to do with `storage`, made for the held gesture's type.
    private let operations: ErasedOperations

    /// The gesture `gesture`, erased: it behaves exactly as `gesture` does, its values made into their lines.
    public init<G: Gesture>(_ gesture: G) where G.Value: StandardEventValue {
        storage = Holding(gesture)
        operations = ErasedOperations(for: G.self, partName: gesture.partName)
    }

    /// No machine of its own: the gesture it holds reports its transitions under its own name, with no step
    /// of this one's on the path; where a combinator names its part, it is that gesture's name (`partName`).
    public static var name: String { "any" }

    public var partName: String { operations.partName }

    public var status: RecognizerStatus { operations.status(storage) }

    public var deadline: Timestamp? { operations.deadline(storage) }

    public var ignoresChangesUntilNextSequence: Bool { operations.ignoresChanges(storage) }

    public mutating func touchesChanged<Log: TransitionLogging>(_ changes: TouchChanges, log: inout Log,
                                                                sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        take(log: &log, into: &updates) { operations, storage, log in operations.touchesChanged(storage, changes, &log) }
    }

    public mutating func deadlineReached<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                                 sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        take(log: &log, into: &updates) { operations, storage, log in operations.deadlineReached(storage, now, &log) }
    }

    public mutating func cancel<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                        sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        take(log: &log, into: &updates) { operations, storage, log in operations.cancel(storage, now, &log) }
    }

    /// Runs one input of the held gesture (`input`, which leaves its updates in `storage.erased`) with `log`, then
    /// appends those updates to `updates`.
    @inline(__always)
    private mutating func take<Log: TransitionLogging>(log: inout Log, into updates: inout some UpdateSink<GestureUpdate<Value>>,
                                                       _ input: (ErasedOperations, ErasedStorage, inout TransitionLog?) -> Void) {
        if !isKnownUniquelyReferenced(&storage) { storage = operations.copy(storage) }
        storage.erased.removeAllKeepingCapacity()
        withEngineLog(&log) { input(operations, storage, &$0) }
        storage.erased.withUnsafeBufferPointer { erased in
            for update in erased { updates.append(update) }
        }
    }
}

extension AnyStandardGesture {
    /// Throws when the gesture it wraps is configured impossibly.
    public func checkConfiguration() throws(GestureError) {
        try operations.checkConfiguration(storage)
    }
}

extension AnyStandardGesture: TargetShapedGesture {
    /// The gesture it wraps follows the target's shape if it depends on it.
    mutating func targetReshaped(to shape: Shape) {
        if !isKnownUniquelyReferenced(&storage) { storage = operations.copy(storage) }
        operations.targetReshaped(storage, shape)
    }
}

/// The state of an erased gesture: the held gesture in a `Holding` of its type, and the erased updates of the input
/// being taken, kept from input to input so that nothing is allocated.
///
/// Unchecked `Sendable`, and its state without run-time exclusivity checks (each access would pay one, several times a
/// frame): an `AnyStandardGesture` copies it before changing it whenever it is shared, and changes it only in its own
/// mutating inputs, which Swift runs one at a time (as `TargetRecognizer`).
private class ErasedStorage: @unchecked Sendable {
    @exclusivity(unchecked) final var erased: [GestureUpdate<AnyStandardGesture.Value>] = []
}

private final class Holding<G: Gesture>: ErasedStorage, @unchecked Sendable where G.Value: StandardEventValue {
    @exclusivity(unchecked) var gesture: G

    init(_ gesture: G) {
        self.gesture = gesture
    }

    /// `storage`, which is a `Holding<G>`: the one made with the operations for `G` (`AnyStandardGesture.init`).
    static func of(_ storage: ErasedStorage) -> Holding { unsafeDowncast(storage, to: Holding.self) }

    // The gesture's status, deadline and whether it ignores changes, read in place (`inout`): `gesture.status` copied
    // the whole gesture out of this object first, retaining what it holds (docs/performance.md).

    func status() -> RecognizerStatus { Self.status(of: &gesture) }
    func deadline() -> Timestamp? { Self.deadline(of: &gesture) }
    func ignoresChanges() -> Bool { Self.ignoresChanges(of: &gesture) }
    private static func status(of gesture: inout G) -> RecognizerStatus { gesture.status }
    private static func deadline(of gesture: inout G) -> Timestamp? { gesture.deadline }
    private static func ignoresChanges(of gesture: inout G) -> Bool { gesture.ignoresChangesUntilNextSequence }

    // The inputs, each update made into its line on its way into `erased`.

    func touchesChanged<Log: TransitionLogging>(_ changes: TouchChanges, log: inout Log) {
        erased.relaying(ErasingRelay<G.Value>()) { gesture.touchesChanged(changes, log: &log, appendingTo: &$0) }
    }

    func deadlineReached<Log: TransitionLogging>(at now: Timestamp, log: inout Log) {
        erased.relaying(ErasingRelay<G.Value>()) { gesture.deadlineReached(at: now, log: &log, appendingTo: &$0) }
    }

    func cancel<Log: TransitionLogging>(at now: Timestamp, log: inout Log) {
        erased.relaying(ErasingRelay<G.Value>()) { gesture.cancel(at: now, log: &log, appendingTo: &$0) }
    }
}

/// What an `AnyStandardGesture` does with the gesture it holds, made once for that gesture's type, where it is known:
/// each closure runs that type's own code (specialized), so a frame asks the runtime for no generic metadata. (A
/// generic box's methods, called through a protocol, run unspecialized: every update of every frame asked the
/// runtime for its types and boxed its value, docs/performance.md.)
///
/// The engine's log is a `TransitionLog?` (nil: not explaining), as the closures cannot be generic over it; each
/// runs the held gesture with a `NoTransitionLog` when it is nil, so that a frame not explained pays nothing for
/// explanations.
private final class ErasedOperations: Sendable {
    let partName: String
    let status: @Sendable (ErasedStorage) -> RecognizerStatus
    let deadline: @Sendable (ErasedStorage) -> Timestamp?
    let ignoresChanges: @Sendable (ErasedStorage) -> Bool
    let touchesChanged: @Sendable (ErasedStorage, TouchChanges, inout TransitionLog?) -> Void
    let deadlineReached: @Sendable (ErasedStorage, Timestamp, inout TransitionLog?) -> Void
    let cancel: @Sendable (ErasedStorage, Timestamp, inout TransitionLog?) -> Void
    let targetReshaped: @Sendable (ErasedStorage, Shape) -> Void
    let checkConfiguration: @Sendable (ErasedStorage) throws(GestureError) -> Void
    let copy: @Sendable (ErasedStorage) -> ErasedStorage

    init<G: Gesture>(for type: G.Type, partName: String) where G.Value: StandardEventValue {
        self.partName = partName
        status = { Holding<G>.of($0).status() }
        deadline = { Holding<G>.of($0).deadline() }
        ignoresChanges = { Holding<G>.of($0).ignoresChanges() }
        touchesChanged = { storage, changes, log in
            let holding = Holding<G>.of(storage)
            withLog(&log, { holding.touchesChanged(changes, log: &$0) }, { holding.touchesChanged(changes, log: &$0) })
        }
        deadlineReached = { storage, now, log in
            let holding = Holding<G>.of(storage)
            withLog(&log, { holding.deadlineReached(at: now, log: &$0) }, { holding.deadlineReached(at: now, log: &$0) })
        }
        cancel = { storage, now, log in
            let holding = Holding<G>.of(storage)
            withLog(&log, { holding.cancel(at: now, log: &$0) }, { holding.cancel(at: now, log: &$0) })
        }
        targetReshaped = { reshapeIfTargetShaped(&Holding<G>.of($0).gesture, to: $1) }
        checkConfiguration = { storage throws(GestureError) in try Holding<G>.of(storage).gesture.checkConfiguration() }
        copy = { Holding(Holding<G>.of($0).gesture) }
    }
}

/// A held gesture's update as the line it makes in its phase.
private struct ErasingRelay<Part: StandardEventValue>: UpdateRelay {
    @inline(__always)
    func relay(_ update: GestureUpdate<Part>) -> GestureUpdate<AnyStandardGesture.Value>? {
        GestureUpdate(update.phase, AnyStandardGesture.Value(update.value.eventKind(update.phase)))
    }
}

/// Runs `body` with the engine's kind of log for `log`: nil for a `NoTransitionLog` (nothing recorded, nothing
/// built), `log` itself for a `TransitionLog`. A log of another type is given what a `TransitionLog` recorded, each
/// transition with its path below this point as its machine, so that it reads the same as if it had been fed itself.
@inline(__always)
private func withEngineLog<Log: TransitionLogging>(_ log: inout Log, _ body: (inout TransitionLog?) -> Void) {
    if log is NoTransitionLog {
        var none: TransitionLog?
        body(&none)
    } else if log is TransitionLog {
        // The log itself, moved into the optional and back: a copy would copy what it recorded at the next record.
        withUnsafeMutablePointer(to: &log) { pointer in
            pointer.withMemoryRebound(to: TransitionLog.self, capacity: 1) { recording in
                var engineLog: TransitionLog? = recording.move()
                body(&engineLog)
                recording.initialize(to: engineLog.take()!)
            }
        }
    } else {
        var own = TransitionLog()
        own.cancellation = log.cancellation
        var engineLog: TransitionLog? = own
        body(&engineLog)
        for explanation in engineLog!.removeAll() {
            log.record(explanation.path, from: explanation.from, to: explanation.to, explanation.reason)
        }
    }
}
