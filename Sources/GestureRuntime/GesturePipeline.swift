import EvdevModel
import GestureCore

/// A touch device's evdev events and time in, gesture events out: a `FrameAssembler` feeding a
/// `GestureEngine`, the one loop behind replay, live input and the benchmarks.
///
/// Feed it every event of the device with `handle(_:)`, in order. A live driver with no input also calls
/// `advance(to:)` once the event clock passes `nextDeadline`. At the end of input call `finish()` (a trace:
/// the gestures in progress are cancelled at the last frame's time) or `finish(at:)` (a live stop: at the
/// stop's time). Each call returns the gesture events it caused, in order. Pure like its two parts: it reads
/// no clock, no file and no device.
public struct GesturePipeline: Sendable {
    /// What `finish()` found at the end of a trace.
    public struct EndOfInput: Hashable, Sendable {
        /// The last events: deadlines up to the last frame's time fire, then every gesture in progress is
        /// cancelled at that time. Empty when there was no frame.
        public var events: [GestureEvent]
        /// True when events after the last `SYN_REPORT` were dropped: the caller warns on stderr.
        public var partialFrameDropped: Bool
        /// The last frame's time, where the gestures in progress were cancelled; nil when there was no frame.
        public var lastFrameTime: Timestamp?

        /// The end of a trace, as `finish()` reports it.
        public init(events: [GestureEvent], partialFrameDropped: Bool, lastFrameTime: Timestamp?) {
            self.events = events
            self.partialFrameDropped = partialFrameDropped
            self.lastFrameTime = lastFrameTime
        }
    }

    /// The frames of the device's events.
    private var assembler: FrameAssembler
    /// The recognizer of the targets' gestures: read its components, or change its targets between
    /// events (`insert`, `remove`, `modify`, ...).
    public var engine: GestureEngine

    /// A pipeline for `description`'s touches, in mm by `surface` (see `DeviceDescription.surfaceMapping`),
    /// recognizing `layout`'s gestures; a nil `layout` is the whole surface as one timeline
    /// (`Layout.wholeSurface(surface.size)`). Nil when the device is not a touch device.
    ///
    /// - Throws: `GestureError` for a layout the engine cannot take (`GestureEngine.init(layout:)`): none that the
    ///   layout file read, nor the whole surface.
    public init?(description: DeviceDescription, surface: SurfaceMapping, layout: Layout?) throws(GestureError) {
        guard let assembler = FrameAssembler(description: description, surface: surface) else { return nil }
        self.assembler = assembler
        self.engine = try GestureEngine(layout: layout ?? .wholeSurface(surface.size))
    }

    /// A pipeline for `description`'s touches, in mm by `surface`, feeding `engine` (a tree of targets of
    /// your own). Nil when the device is not a touch device.
    public init?(description: DeviceDescription, surface: SurfaceMapping, engine: GestureEngine) {
        guard let assembler = FrameAssembler(description: description, surface: surface) else { return nil }
        self.assembler = assembler
        self.engine = engine
    }

    /// One event of the device, in order. A `SYN_REPORT` completes a frame for the engine; a `SYN_DROPPED`
    /// cancels the gestures in progress; the `SYN_REPORT` after it hands the device's state over as a
    /// resync. Returns the gesture events caused (none for the events inside a frame), in the engine's reused buffer
    /// (`GestureEngine.handle(_:)`): a caller that lets go of them before the next event allocates nothing.
    public mutating func handle(_ event: InputEvent) -> [GestureEvent] {
        handle(event, observingFrames: { _ in })
    }

    /// As `handle(_:)`, and hands each frame the event completes (a resync's too) to `observe` before the
    /// engine sees it: the contacts as the engine gets them, for a picture of their paths.
    public mutating func handle(_ event: InputEvent, observingFrames observe: (TouchFrame) -> Void) -> [GestureEvent] {
        guard let action = assembler.handle(event) else { return [] }
        return take(action, observe)
    }

    /// As `handle(_:observingFrames:)` for `events` in order, up to and including the first that causes gesture
    /// events: how many it handled, and those gesture events (none when it handled all of `events` without any).
    ///
    /// For a caller with its events in a buffer (a trace read ahead): one call for a frame's events, where a call of
    /// `handle(_:)` for each, and the empty array it returns for most, were paid at every event
    /// (docs/performance.md).
    public mutating func handle(_ events: UnsafeBufferPointer<InputEvent>,
                                observingFrames observe: (TouchFrame) -> Void) -> (handled: Int, events: [GestureEvent]) {
        for index in events.indices {
            guard let action = assembler.handle(events[index]) else { continue }
            let output = take(action, observe)
            if !output.isEmpty { return (index + 1, output) }
        }
        return (events.count, [])
    }

    /// Hands the engine what the assembler asked for (a frame to `observe` first), and returns its events.
    private mutating func take(_ action: FrameAssembler.EventAction, _ observe: (TouchFrame) -> Void) -> [GestureEvent] {
        switch action {
        case .handleFrame(let frame):
            observe(frame)
            return engine.handle(frame)
        case .handleDropped(let time):
            return engine.dropped(at: time)
        case .handleResync(let frame):
            observe(frame)
            return engine.resynced(frame)
        }
    }

    /// Whether the engine's results also explain every state transition of its machines, with its reason
    /// (`GestureEngine.explains`, `--explain`): the explanation events come among the gesture events.
    public var explains: Bool {
        get { engine.explains }
        set { engine.explains = newValue }
    }

    /// The time of the engine's next deadline (a long press, a tap count closing...); nil when none is
    /// pending. A live driver with no input calls `advance(to:)` once its event clock passes it. The engine's
    /// times are the device's plus `clockShift`.
    public var nextDeadline: Timestamp? { engine.nextDeadline }

    /// Added to the device's times since its clock stepped back by more than `FrameAssembler.clockStep`: the
    /// engine's time is the device's plus this. A live driver converts between its event clock and
    /// `nextDeadline` or `advance(to:)` with it.
    public var clockShift: TimeSpan { assembler.clockShift }

    /// The engine's latest time: the last frame's, or the latest that `advance(to:)` or `change(at:_:)` reached;
    /// nil before any. A change at a later time never makes the lines go back.
    public var latestTime: Timestamp? { assembler.latestTime }

    /// Time passing with no input, up to `time`: the deadlines up to it fire, stamped with their own times.
    /// A frame that comes later stamped earlier than `time` (a device that delivered late, by more than the
    /// live driver's grace) is handled at `time`, so that the lines never go back in time.
    public mutating func advance(to time: Timestamp) -> [GestureEvent] {
        assembler.timePassed(to: time)
        return engine.advance(to: time)
    }

    /// Changes the engine at `time` (the engine's time, as `nextDeadline`'s): the deadlines up to `time` fire
    /// first, then `body` changes the engine (`modify`, `insert`, `remove`...) and returns its events. Like
    /// `advance(to:)`, a frame that comes later stamped earlier than `time` is handled at `time`, so that the
    /// lines never go back in time.
    ///
    /// - Throws: what `body` throws (the engine's changes throw `GestureError` for a caller's mistake, having changed
    ///   nothing). The events of the deadlines that fired first then come first with the next input's.
    public mutating func change<Failure: Error>(at time: Timestamp, _ body: (inout GestureEngine, Timestamp) throws(Failure) -> [GestureEvent]) throws(Failure) -> [GestureEvent] {
        assembler.timePassed(to: time)
        return try engine.change(afterDeadlinesUpTo: time, body)
    }

    /// The end of a trace. The events after the last `SYN_REPORT` are dropped (reported in the result), and
    /// the gestures in progress are cancelled at the last frame's time. The pipeline then starts afresh, as
    /// for a new trace, except for what the engine keeps between gestures (a dial's value).
    public mutating func finish() -> EndOfInput {
        let end = assembler.finish()
        let events = end.lastFrameTime.map { engine.finish(at: $0) } ?? []
        return EndOfInput(events: events, partialFrameDropped: end.partialFrameDropped, lastFrameTime: end.lastFrameTime)
    }

    /// The end of live input at `time` (a stop on the device's event clock): an empty `SYN_REPORT` at `time`
    /// ends the frame in progress (deadlines up to it fire), then every gesture in progress is cancelled at
    /// that frame's time, as `finish()` does after it in a replay of the recording. Returns the events of
    /// both, in order. The pipeline then starts afresh, as after `finish()`.
    public mutating func finish(at time: Timestamp) -> [GestureEvent] {
        var events = handle(InputEvent(time: time, type: EventType.syn, code: SynCode.report, value: 0))
        let end = assembler.finish()
        events += engine.finish(at: end.lastFrameTime ?? time)
        return events
    }
}
