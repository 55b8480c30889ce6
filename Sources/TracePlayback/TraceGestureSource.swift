import EvdevModel
import GestureCore
import GestureRuntime
import SystemCalls
import TraceFormats

extension TraceReader {
    /// The file the trace's description came from, for messages about it: the trace itself for its own
    /// header, else the description file.
    public var descriptionFile: FilePath {
        switch descriptionSource {
        case .header: path
        case .file(let file): file
        }
    }

    /// Checks that the description is a touch device whose positions can be located.
    ///
    /// - Throws: `FileError.malformed`, naming the description's file: not a touch device, or a position
    ///   axis without a range (SPEC "Input files").
    public func checkTouchDevice() throws(FileError) {
        guard description.touchProtocol != nil else {
            throw FileError(.malformed, path: descriptionFile,
                             message: "expected a touch device (multitouch axes, or BTN_TOUCH with ABS_X/ABS_Y); \"\(description.name)\" is not one")
        }
        if let problem = description.positionAxisProblem {
            throw FileError(.malformed, path: descriptionFile, message: problem)
        }
    }

    /// The mapping of the device's units to mm (`DeviceDescription.surfaceMapping(size:layoutSurface:)`).
    ///
    /// - Throws: `FileError.malformed` when the device has no position axes.
    public func surfaceMapping(size: Size?, layoutSurface: Size?) throws(FileError) -> SurfaceMapping {
        guard let mapping = description.surfaceMapping(size: size, layoutSurface: layoutSurface) else {
            throw FileError(.malformed, path: descriptionFile, message: "expected the device to have position axes")
        }
        return mapping
    }
}

/// The gestures of a recorded trace, as a `GestureSource`: at once (as `gestures replay` prints them) or at
/// the trace's own pace (as they happened, for a demo or a UI test).
///
/// ```swift
/// let source = try TraceGestureSource(path: "taps.evemu", recognition: .layout(layout), pacing: .realTime(speed: 1))
/// while !source.isFinished {
///     if let wakeup = source.nextWakeup { sleep(until: wakeup) }
///     source.dispatch(now: .now) { event in show(event) }
/// }
/// ```
///
/// A trace has no descriptor to poll (`fileDescriptor` is nil): it is read when its time comes. At the end of
/// the trace the gestures in progress are cancelled at the last frame's time, as in a replay; a trace that
/// turns out malformed part-way ends the same way at its last good frame, with `failure` saying why.
public final class TraceGestureSource: GestureSource {
    /// How fast a trace's events come.
    public enum Pacing: Hashable, Sendable {
        /// All at once: each `dispatch` handles up to `TraceGestureSource.batch` events, and `nextWakeup` is
        /// at once until the end.
        case asFastAsPossible
        /// At the trace's own pace, divided by `speed` (2: twice as fast): the first event at the first
        /// `dispatch`, each later one once as much time has passed as in the trace, and each deadline (a
        /// long press) at its own time. A clock that steps back goes on from where it was.
        case realTime(speed: Double)
    }

    /// Events handled by one `dispatch` at most, as fast as possible: a loop that also draws stays responsive.
    public static let batch = 4096

    /// The trace's path, as given.
    public var path: FilePath { reader.path }
    /// The trace's device.
    public var description: DeviceDescription { reader.description }
    /// How the device's units map to mm.
    public let surface: SurfaceMapping
    /// How fast the events come.
    public let pacing: Pacing
    public var isFinished: Bool { finished }
    public var failure: FileError? { endedBy }
    /// What the end of the trace found (a partial frame dropped, the last frame's time); nil before it.
    public private(set) var endOfInput: GesturePipeline.EndOfInput?
    /// The number of the trace's last line when it was dropped for having no line end (known at the end).
    public var cutShortLine: Int? { reader.cutShortLine }

    public var fileDescriptor: Int32? { nil }

    public var engine: GestureEngine { pipeline?.engine ?? GestureEngine() }
    /// The layout the trace is played with, when it was opened by its path with a layout (`.layout(nil)`: the
    /// whole surface's); nil otherwise.
    public internal(set) var layout: Layout?

    private let reader: TraceReader
    /// Nil for `Recognition.nothing`.
    ///
    /// Without run-time exclusivity checks (one per event: docs/performance.md), as
    /// `LiveGestureSource`'s: the pipeline is changed only inside the source's own calls, and never while a
    /// caller's closure runs, except `observe`'s (`dispatch(now:observingFrames:_:)`), which must not call
    /// the source: events are delivered once the pipeline has returned them.
    @exclusivity(unchecked) private var pipeline: GesturePipeline?
    /// `isFinished` and `failure`, stored privately: the compiler then sees every access to them, none
    /// overlapping another, and leaves out their run-time exclusivity checks.
    private var finished = false
    private var endedBy: FileError?
    /// As fast as possible, the trace's events are read ahead, up to `batch` at once (`TraceReader.read(into:)`,
    /// cheaper per event than `next()`), into `readAhead`; `readAhead[nextReadAhead..<readAheadEnd]` are not
    /// handled yet. A `deliver` that calls the source again (`change`) goes on with them, in order.
    private let readAhead = UnsafeMutableBufferPointer<InputEvent>.allocate(capacity: TraceGestureSource.batch)
    private var nextReadAhead = 0
    private var readAheadEnd = 0
    /// The next event, read ahead (`.realTime`): handled once its time comes.
    private var pending: InputEvent?
    /// `.realTime`: the events after `pending` read to find the end of its frame (`frameEndAhead`), in order, from
    /// `aheadStart` on; handled after it.
    private var ahead: [InputEvent] = []
    private var aheadStart = 0
    /// `.realTime`: the trace has nothing more to read after `ahead` (its end, or a malformed line: `aheadFailure`).
    private var readToEnd = false
    private var aheadFailure: FileError?
    /// `.realTime`: the time of the first `SYN_REPORT` or `SYN_DROPPED` from `pending` on, up to which time passes in
    /// the trace; nil when only a partial frame is left. A deadline fires at its time only up to it: a replay fires
    /// none beyond the last complete frame (SPEC "Frames", end of input), and the lines are the same at either pace.
    private var frameEndAhead: Timestamp?
    /// `.realTime`: the device time that `monotonic` stands for.
    private var origin: (device: Timestamp, monotonic: MonotonicTime)?

    /// A source of `reader`'s events through `pipeline` (nil: read for nothing).
    public init(reader: TraceReader, pipeline: GesturePipeline?, surface: SurfaceMapping, pacing: Pacing = .asFastAsPossible) {
        self.reader = reader
        self.pipeline = pipeline
        self.surface = surface
        self.pacing = pacing
    }

    deinit { readAhead.deallocate() }

    /// Opens the trace at `path` (with its description, as `TraceReader.open(path:device:)` finds it) and
    /// recognizes gestures in it as `recognition` says; `size` for a device that reports no resolution.
    ///
    /// - Throws: `FileError`: the trace cannot be read (`.unreadable`), or its description is not a
    ///   touch device with position axes (`.malformed`).
    public convenience init(path: FilePath, device: FilePath? = nil, recognition: Recognition = .layout(nil),
                            size: Size? = nil, pacing: Pacing = .asFastAsPossible) throws(FileError) {
        try self.init(path: path, device: device, recognition: .given(recognition), size: size, pacing: pacing, warn: { _ in })
    }

    public var nextWakeup: MonotonicTime? {
        guard !isFinished else { return nil }
        guard case .realTime = pacing, origin != nil, let pending else { return .zero }
        var due = pending.time
        if let pipeline, let deadline = pipeline.nextDeadline, frameEndAhead != nil {
            due = min(due, deadline + TimeSpan(microseconds: -pipeline.clockShift.microseconds))
        }
        return monotonic(at: due)
    }

    public func dispatch(now: MonotonicTime, _ deliver: (GestureEvent) -> Void) {
        dispatch(now: now, observingFrames: { _ in }, deliver)
    }

    /// As `dispatch(now:_:)`, and hands each frame of the trace to `observe` before the engine sees it (the
    /// contacts as the engine gets them: a picture of their paths). `observe` must not call the source.
    public func dispatch(now: MonotonicTime, observingFrames observe: (TouchFrame) -> Void, _ deliver: (GestureEvent) -> Void) {
        dispatch(now: now, observingFrames: observe, batches: { $0.deliverEach(to: deliver) })
    }

    /// As `dispatch(now:observingFrames:_:)`, handing `deliver` the events as the pipeline returns them, a batch
    /// at a time (the events of one frame, deadline or end), in order: for a caller that handles all the events
    /// of a batch in one loop (`gestures replay` formats their lines with one call). Empty batches are not
    /// delivered. `deliver` may call the source again, as `dispatch(now:_:)`'s may.
    package func dispatch(now: MonotonicTime, observingFrames observe: (TouchFrame) -> Void,
                          batches deliver: ([GestureEvent]) -> Void) {
        guard !isFinished else { return }
        switch pacing {
        case .asFastAsPossible:
            // `batch` events a call, handed to the pipeline as they lie in `readAhead`, up to the next that causes
            // gesture events (`GesturePipeline.handle(_:observingFrames:)` of a buffer).
            var left = Self.batch
            while left > 0 {
                if nextReadAhead == readAheadEnd {
                    nextReadAhead = 0
                    readAheadEnd = readAhead(deliver)
                    if readAheadEnd == 0 { return }
                }
                let events = UnsafeBufferPointer(rebasing: readAhead[nextReadAhead..<min(readAheadEnd, nextReadAhead + left)])
                let handled = pipeline?.handle(events, observingFrames: observe) ?? (events.count, [])
                // Moved on before the delivery: a `deliver` that calls the source again goes on after them.
                nextReadAhead += handled.handled
                left -= handled.handled
                if !handled.events.isEmpty { deliver(handled.events) }
                // A `deliver` that stopped the source, or took it to the end, ended it.
                if finished { return }
            }
        case .realTime:
            if origin == nil {
                guard let first = read(deliver) else { return }
                pending = first
                origin = (first.time, now)
                findFrameEndAhead()
            }
            while let event = pending, event.time <= deviceTime(at: now) {
                pending = nil
                handle(event, observe, deliver)
                if finished { return }
                guard let next = readNext(deliver) else { return }
                if next.time < event.time {
                    // The clock stepped back: the event is due at once, and the trace goes on from there.
                    origin = (next.time, monotonic(at: event.time))
                }
                pending = next
                // (The end of the frame ahead stays the same until the event handled was one.)
                if Self.endsFrame(event) { findFrameEndAhead() }
            }
            // The deadlines due by now: none beyond the next event, which is later, nor beyond the end of its frame
            // (none when only a partial frame is left, which a replay drops: no time passes beyond the last frame).
            if let frameEndAhead, let shift = pipeline?.clockShift, let deadline = pipeline?.nextDeadline {
                let time = min(deviceTime(at: now), frameEndAhead) + shift
                if deadline <= time, let events = pipeline?.advance(to: time), !events.isEmpty { deliver(events) }
            }
        }
    }

    public func change<BodyFailure: Error>(now: MonotonicTime, _ body: (inout GestureEngine, Timestamp) throws(BodyFailure) -> [GestureEvent],
                                       _ deliver: (GestureEvent) -> Void) throws(BodyFailure) {
        dispatch(now: now, observingFrames: { _ in }, batches: { $0.deliverEach(to: deliver) })
        guard !isFinished, let shift = pipeline?.clockShift else { return }
        // As fast as possible: at the last frame's time. At the trace's pace: at the time `now` stands for.
        var time = pipeline?.latestTime ?? .zero
        if case .realTime = pacing, origin != nil {
            time = max(time, deviceTime(at: now) + shift)
        }
        if let events = try pipeline?.change(at: time, body) { events.deliverEach(to: deliver) }
    }

    public func stop(now: MonotonicTime, _ deliver: (GestureEvent) -> Void) {
        guard !isFinished else { return }
        finish { $0.deliverEach(to: deliver) }
    }

    // MARK: Reading

    /// `.realTime`: the event after `pending`, read ahead already or read now; nil at the trace's end, or at a
    /// malformed line (the source then ends).
    private func readNext(_ deliver: ([GestureEvent]) -> Void) -> InputEvent? {
        if aheadStart < ahead.count {
            let event = ahead[aheadStart]
            aheadStart += 1
            if aheadStart == ahead.count {
                ahead.removeAll(keepingCapacity: true)
                aheadStart = 0
            }
            return event
        }
        guard readToEnd else { return read(deliver) }
        if let aheadFailure { endedBy = aheadFailure }
        finish(deliver)
        return nil
    }

    /// `.realTime`: finds `frameEndAhead`, the first event from `pending` on that ends a frame, reading ahead up to
    /// it (or to the trace's end: a malformed line is kept for when the events before it have been handled).
    private func findFrameEndAhead() {
        frameEndAhead = nil
        guard let pending else { return }
        if Self.endsFrame(pending) {
            frameEndAhead = pending.time
            return
        }
        if let end = ahead[aheadStart...].first(where: Self.endsFrame) {
            frameEndAhead = end.time
            return
        }
        while !readToEnd {
            do {
                guard let event = try reader.next() else {
                    readToEnd = true
                    return
                }
                ahead.append(event)
                if Self.endsFrame(event) {
                    frameEndAhead = event.time
                    return
                }
            } catch {
                aheadFailure = error
                readToEnd = true
            }
        }
    }

    /// A `SYN_REPORT` or a `SYN_DROPPED`: the engine's time reaches it.
    private static func endsFrame(_ event: InputEvent) -> Bool {
        event.type == EventType.syn && (event.code == SynCode.report || event.code == SynCode.dropped)
    }

    /// The next event of the trace; nil at its end, or when it turned out malformed (the source then ends).
    private func read(_ deliver: ([GestureEvent]) -> Void) -> InputEvent? {
        do {
            if let event = try reader.next() { return event }
        } catch {
            endedBy = error
        }
        finish(deliver)
        return nil
    }

    /// The next events of the trace into `readAhead`, as `read(_:)` reads one: their number, 0 at the end (the
    /// source then ends).
    private func readAhead(_ deliver: ([GestureEvent]) -> Void) -> Int {
        do {
            let count = try reader.read(into: readAhead)
            if count > 0 { return count }
        } catch {
            endedBy = error
        }
        finish(deliver)
        return 0
    }

    private func handle(_ event: InputEvent, _ observe: (TouchFrame) -> Void, _ deliver: ([GestureEvent]) -> Void) {
        if let events = pipeline?.handle(event, observingFrames: observe), !events.isEmpty { deliver(events) }
    }

    /// The end: the gestures in progress are cancelled at the last frame's time (`GesturePipeline.finish()`).
    private func finish(_ deliver: ([GestureEvent]) -> Void) {
        // Once: a `deliver` that took the source to its end, from within a dispatch, must not end it again.
        guard !finished else { return }
        finished = true
        pending = nil
        ahead.removeAll()
        aheadStart = 0
        frameEndAhead = nil
        if let end = pipeline?.finish() {
            endOfInput = end
            if !end.events.isEmpty { deliver(end.events) }
        } else {
            endOfInput = GesturePipeline.EndOfInput(events: [], partialFrameDropped: false, lastFrameTime: nil)
        }
    }


    // MARK: Pace

    private var speed: Double {
        switch pacing {
        case .asFastAsPossible: 1
        case .realTime(let speed): speed > 0 && speed.isFinite ? speed : 1
        }
    }

    /// The device time that `now` stands for (`.realTime`, once started).
    private func deviceTime(at now: MonotonicTime) -> Timestamp {
        let origin = origin ?? (Timestamp.zero, MonotonicTime.zero)
        let elapsed = Double((now - origin.monotonic).microseconds) * speed
        return origin.device + TimeSpan(microseconds: Int64(clamping: elapsed.rounded(.down)))
    }

    /// The monotonic time at which the device time `time` comes (`.realTime`, once started).
    private func monotonic(at time: Timestamp) -> MonotonicTime {
        let origin = origin ?? (Timestamp.zero, MonotonicTime.zero)
        let span = Double((time - origin.device).microseconds) / speed
        return origin.monotonic + TimeSpan(microseconds: Int64(clamping: span.rounded(.up)))
    }
}

extension Int64 {
    /// `value` rounded to an integer within the range (NaN: 0).
    fileprivate init(clamping value: Double) {
        if value.isNaN { self = 0 } else if value >= 9.2e18 { self = .max } else if value <= -9.2e18 { self = .min } else { self = Int64(value) }
    }
}

extension TraceGestureSource {
    /// The gestures of the trace at `path`, as an `AsyncSequence` (see `GestureEvents`); the parameters are
    /// `init(path:device:recognition:size:pacing:)`'s, and `explains`: also deliver, among the gestures, a
    /// `GestureEvent.Kind.explanation` per state transition of the engine's machines, with its reason
    /// (`GestureEngine.explains`, `gestures replay --explain`). A trace that cannot be read fails on the first
    /// `next()`.
    public static func events(path: FilePath, device: FilePath? = nil, recognition: Recognition = .layout(nil),
                              size: Size? = nil, explains: Bool = false, pacing: Pacing = .asFastAsPossible,
                              clock: any MonotonicClock = SystemMonotonicClock()) -> GestureEvents<TraceGestureSource> {
        GestureEvents(clock: clock, source: opening(path, device, recognition, size, explains, pacing))
    }

    /// The trace at `path` played in a session of its own (see `GestureSession`): its events, changes to its engine
    /// while they stream, and a stop, from any actor. The parameters are `events(path:...)`'s; a trace that cannot
    /// be read fails on the first `next()` of the session's events. At its own pace (`.realTime`), a change comes
    /// at the trace's time for its `now`; as fast as possible, the trace may have been played well past what the
    /// consumer has taken (a change then comes after as many events as the source's thread has read).
    public static func session(path: FilePath, device: FilePath? = nil, recognition: Recognition = .layout(nil),
                               size: Size? = nil, explains: Bool = false, pacing: Pacing = .asFastAsPossible,
                               clock: any MonotonicClock = SystemMonotonicClock()) -> GestureSession<TraceGestureSource> {
        GestureSession(clock: clock, source: opening(path, device, recognition, size, explains, pacing))
    }

    /// What opens the trace on a stream's or a session's thread: as `gestures replay` does, without its warnings.
    private static func opening(_ path: FilePath, _ device: FilePath?, _ recognition: Recognition, _ size: Size?,
                                _ explains: Bool, _ pacing: Pacing) -> @Sendable () throws(FileError) -> TraceGestureSource {
        { () throws(FileError) in
            try TraceGestureSource(path: path, device: device, recognition: .given(recognition), size: size,
                                   explains: explains, pacing: pacing, warn: { _ in })
        }
    }
}
