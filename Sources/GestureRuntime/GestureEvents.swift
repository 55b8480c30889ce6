import GestureCore
import Glibc
import Synchronization
import SystemCalls

/// The gesture events of a source as an `AsyncSequence`: from a live device or from a trace.
///
/// ```swift
/// for try await event in LiveGestureSource.events(device: "/dev/input/event5", recognition: .layout(layout)) {
///     show(event)
/// }
/// ```
///
/// Each iteration makes its own source, on a thread of its own that waits in `poll()` for the source's input
/// and wake-ups (a source is never shared between threads). Cancelling the task that iterates ends it
/// cleanly: the gestures in progress are cancelled and their `cancelled` events still come (every `began`
/// has its end), the device or file is closed, and then the sequence ends. Dropping the iterator does the
/// same. When the source fails (the device went away), its last events come first, then the error is thrown.
/// A `poll()` that fails (not merely interrupted) ends the sequence as a stop does.
/// The events wait in the sequence until they are taken, however many there are.
public struct GestureEvents<Source: GestureSource>: AsyncSequence, Sendable {
    public typealias Element = GestureEvent
    public typealias Failure = Source.Failure

    private let makeSource: @Sendable () throws(Source.Failure) -> Source
    private let clock: any MonotonicClock

    /// The events of the source that `makeSource` makes (on the sequence's own thread, once per iteration);
    /// `clock` gives the time each call of the source takes.
    public init(clock: any MonotonicClock = SystemMonotonicClock(),
                source makeSource: @escaping @Sendable () throws(Source.Failure) -> Source) {
        self.makeSource = makeSource
        self.clock = clock
    }

    public func makeAsyncIterator() -> AsyncIterator {
        let stream = EventStream<Source.Failure>()
        let thread = SourceThread(makeSource: makeSource, clock: clock, stream: stream)
        if !SystemThread.detach(thread.run) {
            stream.end(failure: nil)
        }
        return AsyncIterator(stream: stream, owner: StreamOwner(stream: stream))
    }

    /// Takes the events one at a time; see `GestureEvents`.
    public struct AsyncIterator: AsyncIteratorProtocol {
        fileprivate let stream: EventStream<Source.Failure>
        /// Stops the source when the iterator goes away.
        fileprivate let owner: StreamOwner<Source.Failure>

        public mutating func next() async throws(Source.Failure) -> GestureEvent? {
            try await stream.next(isolation: nil)
        }

        public mutating func next(isolation actor: isolated (any Actor)?) async throws(Source.Failure) -> GestureEvent? {
            try await stream.next(isolation: actor)
        }
    }
}

// MARK: The thread and the waiting

/// What the source's thread and the iterator share: the events not yet taken, and how it ended.
final class EventStream<Failure: Error>: Sendable {
    private struct State {
        var events: [GestureEvent] = []
        /// The next event to take.
        var head = 0
        var ended = false
        var failure: Failure?
        /// The iterator, waiting for an event or the end.
        var waiter: CheckedContinuation<Void, Never>?
        var stopRequested = false
    }

    private enum Taken {
        case event(GestureEvent)
        case end(Failure?)
        case nothing
    }

    private let state = Mutex(State())
    /// A pipe: its read end wakes the thread for a stop, once a byte is written to its write end.
    private let wake: (read: Int32, write: Int32)

    /// The descriptor the thread polls for a stop.
    var wakeDescriptor: Int32 { wake.read }

    init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                _ = fcntl(end, F_SETFL, O_NONBLOCK)
            }
        }
        wake = (ends[0], ends[1])
    }

    deinit {
        if wake.read >= 0 { close(wake.read) }
        if wake.write >= 0 { close(wake.write) }
    }

    /// Asks the thread to stop the source (the task was cancelled, or the iterator dropped).
    func requestStop() {
        state.withLock { $0.stopRequested = true }
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    var stopRequested: Bool { state.withLock { $0.stopRequested } }

    /// Adds events for the iterator.
    func push(_ events: [GestureEvent]) {
        guard !events.isEmpty else { return }
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.events += events
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// The end: nothing more comes after the events pushed; `failure`, if any, is thrown after them.
    func end(failure: Failure?) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.ended = true
            state.failure = failure
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
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
            guard state.ended else { return .nothing }
            defer { state.failure = nil }  // thrown once; then the sequence just ends
            return .end(state.failure)
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
                        if state.head < state.events.count || state.ended { return true }
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

/// The source's thread: makes the source, then waits in `poll()` for its input, its next wake-up and a stop,
/// and dispatches (`LiveLoop`), until the source ends or a stop is asked for. A `poll()` that fails ends the
/// sequence as a stop does: the sequence's `Failure` is the source's, which cannot carry the poll's error.
struct SourceThread<Source: GestureSource>: Sendable {
    let makeSource: @Sendable () throws(Source.Failure) -> Source
    let clock: any MonotonicClock
    let stream: EventStream<Source.Failure>

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
            stream.end(failure: error)
            return
        }
        var batch: [GestureEvent] = []
        var loop = LiveLoop(source: source, stopDescriptor: stream.wakeDescriptor, clock: clock)
        while !source.isFinished {
            let wake = try? loop.step { batch.append($0) }
            let dispatched = if case .dispatched? = wake { true } else { false }
            if !dispatched || stream.stopRequested {
                source.stop(now: clock.now()) { batch.append($0) }
                break
            }
            stream.push(batch)
            batch.removeAll(keepingCapacity: true)
        }
        stream.push(batch)
        stream.end(failure: source.failure)
    }
}

/// The iterator's hold on the stream: when the iterator goes away, the source is stopped.
final class StreamOwner<Failure: Error>: Sendable {
    let stream: EventStream<Failure>

    init(stream: EventStream<Failure>) {
        self.stream = stream
    }

    deinit { stream.requestStop() }
}
