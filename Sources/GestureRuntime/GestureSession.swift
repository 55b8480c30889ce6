import GestureCore
import Synchronization
import SystemCalls

/// A source running on a thread of its own, for Swift concurrency: from any actor, `@MainActor` included, an app
/// reads its events, changes its engine while they stream, and stops it.
///
/// ```swift
/// @MainActor final class KitchenTimer {
///     let session: GestureSession<LiveGestureSource>
///     var degrees = 0.0
///
///     init(device: String, layout: Layout) {
///         session = LiveGestureSource.session(device: device, recognition: .layout(layout))
///     }
///
///     func run() async throws {
///         for try await event in session.events {
///             if case .wind(_, let wind) = event.kind { degrees = wind.angle }
///         }
///     }
///
///     /// The timer counted down a minute: the dial shows it, and a wind in progress goes on from there.
///     func countDown() async throws {
///         let left = degrees - 6
///         try await session.change { engine, time in try engine.setDialValue(of: "timer", degrees: left, at: time) }
///     }
/// }
/// ```
///
/// The session makes its source at once, on its thread, which sleeps in `poll()` for the source's descriptor, its
/// next wake-up, and the session's own wake-ups (a change, a stop); a source is never shared between threads.
///
/// - **Events.** ``events`` is an `AsyncSequence` of every event: the source's and the changes', in the order they
///   happened. It has one consumer: the first iterator made takes every event; any other ends at once (its first
///   `next()` returns nil). The events wait in the session until taken, however many there are.
/// - **Changes.** ``change(_:)`` runs its body on the source's thread, through the source's
///   `change(now:_:_:)`: at the source's time for now, after the input up to now. Its events go into ``events`` in
///   order with the others, before `change` returns. A body that throws changes nothing: its error is thrown to the
///   caller. A change is always answered: `change` throws ``GestureSessionChangeError/sessionEnded`` if the session
///   ended (or a stop was asked for) before it ran, ``GestureSessionChangeError/tooManyPendingChanges`` if
///   ``maximumPendingChanges`` are waiting already.
/// - **The end.** ``stop()``, cancelling the task that iterates ``events``, dropping its iterator, or letting go of
///   the session before any iterator was made, stops the source: the gestures in progress are cancelled and their
///   `cancelled` events still come (every `began` has its end), the device or file is closed, then the sequence ends.
///   A source that fails (a device gone) delivers its last events, then ``events`` throws its error. A source that
///   cannot be made throws at the first `next()`. A `poll()` that fails (not interrupted: that waits again) ends
///   the session as a stop does.
///
/// **Reporting to a `@MainActor` model.** A `Component` is a value, copied and run on the source's thread (and on
/// a copy that is thrown away when a change's body throws), so it holds no reference to the app's model: it
/// reports what it means as events (`output.emit(.gesture(update.phase, GestureValue(report)))`, with a `Sendable`
/// report type of the app's own), and the `@MainActor` code that iterates ``events`` applies each to its model
/// (`event.kind`'s `GestureValue.as(_:)`). The model then changes on its own actor, in the order of the gestures,
/// with no lock and no unsafe escape.
public final class GestureSession<Source: GestureSource>: Sendable {
    /// Why the source may fail: its own errors, thrown by ``events`` after its last events.
    public typealias Failure = Source.Failure

    /// The changes that may wait for the source's thread at once: 64. One more is refused
    /// (``GestureSessionChangeError/tooManyPendingChanges``) until the thread has taken them: a caller that awaits
    /// each change before the next never has more than one waiting.
    public static var maximumPendingChanges: Int { 64 }

    let channel: SessionChannel<Source.Failure>

    /// Starts the source that `makeSource` makes, on a thread of its own; `clock` gives the time each call of the
    /// source takes (`ManualClock` in tests).
    public convenience init(clock: any MonotonicClock = SystemMonotonicClock(),
                            source makeSource: @escaping @Sendable () throws(Source.Failure) -> Source) {
        self.init(clock: clock, pendingChangeLimit: Self.maximumPendingChanges, source: makeSource)
    }

    /// As `init(clock:source:)`, with room for `pendingChangeLimit` changes (a test's 1).
    package init(clock: any MonotonicClock, pendingChangeLimit: Int,
                 source makeSource: @escaping @Sendable () throws(Source.Failure) -> Source) {
        guard let wake = WakePipe() else {
            // With no pipe, nothing could wake the thread for a stop: the session ends at once, as a failed poll
            // ends it.
            channel = SessionChannel(wake: nil, pendingChangeLimit: pendingChangeLimit)
            channel.finish(failure: nil)
            return
        }
        channel = SessionChannel(wake: wake, pendingChangeLimit: pendingChangeLimit)
        let thread = SessionThread(makeSource: makeSource, clock: clock, channel: channel)
        if !SystemThread.detach(thread.run) {
            channel.finish(failure: nil)
        }
    }

    deinit { channel.requestStop() }

    /// The session's events, from the source and from the changes, in order; see `GestureSession`.
    public var events: Events { Events(session: self) }

    /// Changes the engine as `body` does, on the source's thread, while the events stream.
    ///
    /// `body` gets the engine and the source's time for now (after the input up to now, the deadlines up to that
    /// time fired: `GestureSource.change(now:_:_:)`), and returns the events of its change
    /// (`engine.setDialValue(of:degrees:at:)`'s, say); they go into ``events`` in order with the others, before this
    /// returns.
    /// A body that throws changes nothing: it ran on a copy of the engine, which is kept only when it returns. (A
    /// body that cannot throw changes the engine in place.) The call is answered however the session goes: it is
    /// never lost, and never waits for more than the source's thread to take it. Cancelling the calling task does not
    /// withdraw a change once posted.
    ///
    /// - Throws: ``GestureSessionChangeError/body(_:)``, the body's error; ``GestureSessionChangeError/sessionEnded``
    ///   when the session ended (its source's end, a stop, a failure) or was asked to stop before the change ran;
    ///   ``GestureSessionChangeError/tooManyPendingChanges`` when ``maximumPendingChanges`` wait already;
    ///   ``GestureSessionChangeError/noEngine`` when the source recognizes nothing (`Recognition.nothing`).
    public func change<BodyFailure: Error>(
        _ body: @escaping @Sendable (inout GestureEngine, Timestamp) throws(BodyFailure) -> [GestureEvent]
    ) async throws(GestureSessionChangeError<BodyFailure>) {
        let result = await withCheckedContinuation { continuation in
            let change = SessionChange(body: body, continuation: continuation)
            if let refusal = channel.post(change) { change.answer(refusal) }
        }
        try result.get()
    }

    /// Stops the source and returns once it has ended: the gestures in progress are cancelled (their events still
    /// come in ``events``, then it ends), the device or file is closed, the changes waiting have run and later ones
    /// throw ``GestureSessionChangeError/sessionEnded``. Nothing happens once the session has ended.
    public func stop() async {
        channel.requestStop()
        await channel.waitUntilEnded()
    }

    /// The changes waiting for the source's thread now (for tests).
    package var pendingChangeCount: Int { channel.pendingChangeCount }

    /// Whether a stop was asked for and the source has not ended yet (for tests).
    package var isStopping: Bool { channel.isStopping }

    /// The events of a `GestureSession`, as an `AsyncSequence` of one consumer: the first iterator takes them all;
    /// another ends at once.
    public struct Events: AsyncSequence, Sendable {
        /// A gesture event.
        public typealias Element = GestureEvent
        /// The source's failure, thrown after its last events.
        public typealias Failure = Source.Failure

        let session: GestureSession

        /// The iterator of the session's events: the first one made takes them; any other ends at once.
        public func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(owner: session.channel.claimConsumer() ? IteratorOwner(session: session) : nil)
        }

        /// Takes the events one at a time; dropping it (with its copies) stops the session.
        public struct AsyncIterator: AsyncIteratorProtocol {
            /// Nil for an iterator that is not the session's consumer.
            fileprivate let owner: IteratorOwner?

            /// The next event; nil at the end (at once, for an iterator that is not the consumer).
            public mutating func next() async throws(Source.Failure) -> GestureEvent? {
                try await owner?.session.channel.next(isolation: nil)
            }

            /// The next event, waiting on `actor`; nil at the end.
            public mutating func next(isolation actor: isolated (any Actor)?) async throws(Source.Failure) -> GestureEvent? {
                try await owner?.session.channel.next(isolation: actor)
            }
        }
    }

    /// The consuming iterator's hold on the session: when the iterator goes away, the source is stopped.
    fileprivate final class IteratorOwner: Sendable {
        let session: GestureSession

        init(session: GestureSession) {
            self.session = session
        }

        deinit { session.channel.requestStop() }
    }
}

/// Why a `GestureSession`'s change was not made.
public enum GestureSessionChangeError<BodyFailure: Error>: Error, CustomStringConvertible {
    /// The session had ended (its source's end, a stop, a failure), or a stop was asked for, before the change ran:
    /// the engine was not changed.
    case sessionEnded
    /// `GestureSession.maximumPendingChanges` changes were waiting for the source's thread already: this one was not
    /// taken. The thread takes them as soon as it is woken: a caller that awaits each change never sees this.
    case tooManyPendingChanges
    /// The source recognizes nothing (`Recognition.nothing`): it has no engine to change.
    case noEngine
    /// The change's body threw this: the engine is as it was before the change.
    case body(BodyFailure)

    /// `the gesture session has ended: the change was not made`, or the body's error.
    public var description: String {
        switch self {
        case .sessionEnded: "the gesture session has ended: the change was not made"
        case .tooManyPendingChanges: "the gesture session has too many changes waiting already: the change was not made"
        case .noEngine: "the gesture session's source recognizes nothing: there is no engine to change"
        case .body(let error): "\(error)"
        }
    }
}

extension GestureSessionChangeError: Equatable where BodyFailure: Equatable {}

// MARK: The mailbox and the events

/// How a change was answered, short of its body's own error.
enum ChangeOutcome: Sendable {
    /// The body ran (and returned, or threw).
    case ran
    case sessionEnded
    case tooManyPendingChanges
    case noEngine
}

/// A change waiting for the source's thread, whatever its body's error type.
protocol PendingChange: AnyObject, Sendable {
    /// Runs the body on `engine` at `time` (on the source's thread); returns its events, none when it threw.
    func apply(to engine: inout GestureEngine, at time: Timestamp) -> [GestureEvent]
    /// Answers the caller, once: the body's result when it ran.
    func answer(_ outcome: ChangeOutcome)
}

/// A change and its caller's continuation.
final class SessionChange<BodyFailure: Error>: PendingChange {
    typealias Body = @Sendable (inout GestureEngine, Timestamp) throws(BodyFailure) -> [GestureEvent]

    private let body: Body
    private let continuation: CheckedContinuation<Result<Void, GestureSessionChangeError<BodyFailure>>, Never>
    /// What the body threw: set on the source's thread by `apply`, read there by `answer`.
    private let thrown = Mutex<BodyFailure?>(nil)

    init(body: @escaping Body, continuation: CheckedContinuation<Result<Void, GestureSessionChangeError<BodyFailure>>, Never>) {
        self.body = body
        self.continuation = continuation
    }

    func apply(to engine: inout GestureEngine, at time: Timestamp) -> [GestureEvent] {
        do throws(BodyFailure) {
            // A body that cannot throw changes the engine in place; one that can, a copy (its recognizers copied
            // as it changes them), kept only when it returns.
            if BodyFailure.self == Never.self { return try body(&engine, time) }
            var trial = engine
            let events = try body(&trial, time)
            engine = trial
            return events
        } catch {
            thrown.withLock { $0 = error }
            return []
        }
    }

    func answer(_ outcome: ChangeOutcome) {
        let result: Result<Void, GestureSessionChangeError<BodyFailure>> = switch outcome {
        case .ran: thrown.withLock { $0 }.map { .failure(.body($0)) } ?? .success(())
        case .sessionEnded: .failure(.sessionEnded)
        case .tooManyPendingChanges: .failure(.tooManyPendingChanges)
        case .noEngine: .failure(.noEngine)
        }
        continuation.resume(returning: result)
    }
}

/// What a session's thread and its callers share: the events not yet taken and how the source ended, one way; the
/// changes waiting and a stop, the other, with the pipe that wakes the thread for them.
final class SessionChannel<Failure: Error>: Sendable {
    /// Where the session is in its life (docs/state-machines/live-loop.md, "A session's thread").
    private enum Lifecycle {
        /// The source runs: changes are taken.
        case running
        /// A stop was asked for: the thread stops the source once it has run the changes taken; later changes are
        /// refused.
        case stopping
        /// The source has ended: nothing more comes after the events waiting, `failure` (if any) is thrown after them,
        /// once, and changes are refused.
        case ended(failure: Failure?)
    }

    private struct State {
        var lifecycle = Lifecycle.running
        var events: [GestureEvent] = []
        /// The next event to take.
        var head = 0
        /// The consumer, waiting for an event or the end.
        var waiter: CheckedContinuation<Void, Never>?
        /// An iterator took the events: another gets none.
        var consumerClaimed = false
        /// Callers of `stop()`, waiting for the end.
        var endWaiters: [CheckedContinuation<Void, Never>] = []
        /// The changes posted and not yet taken by the thread, at most `pendingChangeLimit`.
        var changes: [any PendingChange] = []

        var hasEnded: Bool {
            switch lifecycle {
            case .running, .stopping: false
            case .ended: true
            }
        }
    }

    private enum Taken {
        case event(GestureEvent)
        case end(Failure?)
        case nothing
    }

    private let state = Mutex(State())
    /// Wakes the thread for a change or a stop; nil when none could be made (the session then ends at once).
    private let wake: WakePipe?
    private let pendingChangeLimit: Int

    init(wake: WakePipe?, pendingChangeLimit: Int) {
        self.wake = wake
        self.pendingChangeLimit = pendingChangeLimit
    }

    /// The descriptor the thread polls for a change or a stop.
    var wakeDescriptor: Int32 { wake?.descriptor ?? -1 }

    var pendingChangeCount: Int { state.withLock { $0.changes.count } }

    var isStopping: Bool {
        state.withLock { state in
            switch state.lifecycle {
            case .stopping: true
            case .running, .ended: false
            }
        }
    }

    // MARK: To the thread

    /// Asks the thread to stop the source (`stop()`, the task cancelled, the iterator or the session dropped).
    func requestStop() {
        let asked = state.withLock { state -> Bool in
            switch state.lifecycle {
            case .running:
                state.lifecycle = .stopping
                return true
            case .stopping, .ended: return false
            }
        }
        if asked { wake?.signal() }
    }

    /// Leaves `change` for the thread and wakes it; the outcome instead when it is refused.
    func post(_ change: any PendingChange) -> ChangeOutcome? {
        let refusal = state.withLock { state -> ChangeOutcome? in
            switch state.lifecycle {
            case .running:
                if state.changes.count >= pendingChangeLimit { return .tooManyPendingChanges }
                state.changes.append(change)
                return nil
            case .stopping, .ended: return .sessionEnded
            }
        }
        if refusal == nil { wake?.signal() }
        return refusal
    }

    /// What woke the thread (after `LiveLoop`'s `.woken`): the pipe drained first, so that a change posted after
    /// this wakes the next `poll()`; then the changes waiting, in order, and whether a stop was asked for.
    func takeMail() -> (changes: [any PendingChange], stop: Bool) {
        wake?.drain()
        return state.withLock { state in
            defer { state.changes.removeAll() }
            switch state.lifecycle {
            case .running: return (state.changes, false)
            case .stopping, .ended: return (state.changes, true)
            }
        }
    }

    // MARK: To the consumer

    /// Adds events for the consumer.
    func push(_ events: [GestureEvent]) {
        guard !events.isEmpty else { return }
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.events += events
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// The end: nothing more comes after the events pushed, `failure` (if any) is thrown after them, the changes
    /// still waiting are answered (the session has ended), and later ones are refused.
    func finish(failure: Failure?) {
        let (orphans, waiter, endWaiters) = state.withLock { state in
            state.lifecycle = .ended(failure: failure)
            defer {
                state.changes = []
                state.waiter = nil
                state.endWaiters = []
            }
            return (state.changes, state.waiter, state.endWaiters)
        }
        for change in orphans { change.answer(.sessionEnded) }
        waiter?.resume()
        for waiter in endWaiters { waiter.resume() }
    }

    /// Returns once the session has ended.
    func waitUntilEnded() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let ended = state.withLock { state -> Bool in
                if !state.hasEnded { state.endWaiters.append(waiter) }
                return state.hasEnded
            }
            if ended { waiter.resume() }
        }
    }

    /// Whether the caller is the first to ask: the consumer of the events.
    func claimConsumer() -> Bool {
        state.withLock { state in
            defer { state.consumerClaimed = true }
            return !state.consumerClaimed
        }
    }

    private func take() -> Taken {
        state.withLock { state in
            if state.head < state.events.count {
                let event = state.events[state.head]
                state.head += 1
                if state.head == state.events.count {
                    state.events.removeAll(keepingCapacity: true)
                    state.head = 0
                }
                return .event(event)
            }
            switch state.lifecycle {
            case .running, .stopping: return .nothing
            case .ended(let failure):
                state.lifecycle = .ended(failure: nil)  // thrown once; then the sequence just ends
                return .end(failure)
            }
        }
    }

    func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> GestureEvent? {
        while true {
            switch take() {
            case .event(let event): return event
            case .end(let failure?): throw failure
            case .end(nil): return nil
            case .nothing: break
            }
            await withTaskCancellationHandler {
                await withCheckedContinuation(isolation: actor) { (waiter: CheckedContinuation<Void, Never>) in
                    let ready = state.withLock { state -> Bool in
                        if state.head < state.events.count || state.hasEnded { return true }
                        state.waiter = waiter
                        return false
                    }
                    if ready { waiter.resume() }
                }
            } onCancel: {
                requestStop()
            }
        }
    }
}

// MARK: The thread

/// The session's thread: makes the source, then waits in `poll()` for its input, its next wake-up and the session's
/// wake-ups (`LiveLoop`), and dispatches it or runs the changes waiting, until the source ends or a stop is asked
/// for. A `poll()` that fails ends the session as a stop does: the session's `Failure` is the source's, which cannot
/// carry the poll's error.
struct SessionThread<Source: GestureSource>: Sendable {
    let makeSource: @Sendable () throws(Source.Failure) -> Source
    let clock: any MonotonicClock
    let channel: SessionChannel<Source.Failure>

    func run() {
        let clock: any MonotonicClock = self.clock
        runLoop(on: clock)
    }

    /// `run()` on the clock's own type (the existential opened once, not at every reading).
    private func runLoop<Clock: MonotonicClock>(on clock: Clock) {
        let source: Source
        do {
            source = try makeSource()
        } catch {
            channel.finish(failure: error)
            return
        }
        var batch: [GestureEvent] = []
        var loop = LiveLoop(source: source, wakeDescriptor: channel.wakeDescriptor, clock: clock)
        running: while !source.isFinished {
            switch try? loop.step({ batch.append($0) }) {
            case .dispatched?:
                break
            case .woken?:
                let mail = channel.takeMail()
                for change in mail.changes { run(change, on: source, clock: clock, &batch) }
                if mail.stop {
                    source.stop(now: clock.now()) { batch.append($0) }
                    break running
                }
            case nil:
                source.stop(now: clock.now()) { batch.append($0) }
                break running
            }
            channel.push(batch)
            batch.removeAll(keepingCapacity: true)
        }
        channel.push(batch)
        channel.finish(failure: source.failure)
    }

    /// Runs `change` through the source (the input up to now first), hands its events to the consumer, then answers
    /// it: so the caller, once answered, finds them in the events.
    private func run<Clock: MonotonicClock>(_ change: any PendingChange, on source: Source, clock: Clock,
                                            _ batch: inout [GestureEvent]) {
        var ran = false
        source.change(now: clock.now(), { engine, time in
            ran = true
            return change.apply(to: &engine, at: time)
        }, { batch.append($0) })
        channel.push(batch)
        batch.removeAll(keepingCapacity: true)
        change.answer(ran ? .ran : source.isFinished ? .sessionEnded : .noEngine)
    }
}
