import GestureCore

/// The gesture events of a source as an `AsyncSequence`: from a live device or from a trace.
///
/// ```swift
/// for try await event in LiveGestureSource.events(device: "/dev/input/event5", recognition: .layout(layout)) {
///     show(event)
/// }
/// ```
///
/// Each iteration runs a `GestureSession` of its own, with a source of its own that `makeSource` makes on the
/// session's thread, and takes its events (a session, beside them, takes changes). Cancelling the task that
/// iterates ends it cleanly: the gestures in progress are cancelled and their `cancelled` events still come (every
/// `began` has its end), the device or file is closed, and then the sequence ends. Dropping the iterator does the
/// same. When the source fails (the device went away), its last events come first, then the error is thrown.
/// A `poll()` that fails (not merely interrupted) ends the sequence as a stop does.
/// The events wait in the sequence until they are taken, however many there are.
public struct GestureEvents<Source: GestureSource>: AsyncSequence, Sendable {
    /// A gesture event.
    public typealias Element = GestureEvent
    /// The source's failure, thrown after its last events.
    public typealias Failure = Source.Failure
    /// The events of one iteration's session.
    public typealias AsyncIterator = GestureSession<Source>.Events.AsyncIterator

    private let makeSource: @Sendable () throws(Source.Failure) -> Source
    private let clock: any MonotonicClock

    /// The events of the source that `makeSource` makes (on the sequence's own thread, once per iteration);
    /// `clock` gives the time each call of the source takes.
    public init(clock: any MonotonicClock = SystemMonotonicClock(),
                source makeSource: @escaping @Sendable () throws(Source.Failure) -> Source) {
        self.makeSource = makeSource
        self.clock = clock
    }

    /// Starts a session of a new source; its iterator holds it, and stops it when dropped.
    public func makeAsyncIterator() -> AsyncIterator {
        GestureSession(clock: clock, source: makeSource).events.makeAsyncIterator()
    }
}
