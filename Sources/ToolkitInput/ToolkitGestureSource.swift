import GestureCore
import GestureRuntime

/// The gestures of an app's touches as its toolkit gives them: Wayland's `wl_touch`, GTK's touch events, SDL's
/// finger events. A `GestureSource` with no descriptor of its own: the app hands each touch event over as it gets
/// it, in its units and with its toolkit's time, and dispatches the source when its loop wakes at `nextWakeup`.
///
/// ```swift
/// let source = try ToolkitGestureSource(recognition: .layout(layout),
///                                       units: ToolkitUnits(size: Size(width: 1920, height: 1080),
///                                                           physicalSize: Size(width: 344, height: 194)),
///                                       framing: .toolkitFrames)
/// // wl_touch listener:
/// source.touchDown(id: id, x: x, y: y, time: .milliseconds32(time), now: .now) { show($0) }
/// source.touchMotion(id: id, x: x, y: y, time: .milliseconds32(time), now: .now) { show($0) }
/// source.touchUp(id: id, time: .milliseconds32(time), now: .now) { show($0) }
/// source.touchFrame(now: .now) { show($0) }
/// source.touchCancel(now: .now) { show($0) }
/// // the main loop: wake at the next deadline
/// let timeout = source.nextWakeup?.pollTimeout(from: .now) ?? -1
/// source.dispatch(now: .now) { show($0) }
/// ```
///
/// What it does (SPEC "Toolkit input"): positions in the app's units become mm (`ToolkitUnits`); 32-bit
/// millisecond times are widened across the wrap-around; changes are grouped into frames (`ToolkitFraming`); a
/// cancel withdraws the touches it names; deadlines fire once the toolkit's clock, estimated from the latest
/// event's arrival on the monotonic clock, is the grace past them, stamped with the deadline, as a live device's
/// do; an event stamped before the time the engine reached is taken at that time. Used from one thread at a time.
public final class ToolkitGestureSource: GestureSource {
    /// A toolkit's touches never fail.
    public typealias Failure = Never

    /// How far past a deadline the toolkit's clock must be before it fires with no input.
    public let grace: TimeSpan
    /// How the app's units map to mm.
    public let units: ToolkitUnits
    private var assembler: ToolkitTouchAssembler
    private var clock = EventClock()
    private var finished = false
    /// The engine that recognizes the gestures: read its components here; change it with `change(now:_:_:)`.
    public private(set) var engine: GestureEngine

    /// A source recognizing as `recognition` says (a layout, or an engine of your own targets), the touches given in
    /// `units`, framed as `framing` says; deadlines fire `grace` late with no input (20 ms, as a live device's).
    /// Throws for `.nothing` and for a layout without one (the whole surface needs its size: give a layout).
    public init(recognition: Recognition, units: ToolkitUnits, framing: ToolkitFraming,
                grace: TimeSpan = .liveDeadlineGrace) throws(ToolkitInputError) {
        switch recognition {
        case .layout(let layout?):
            do {
                engine = try GestureEngine(layout: layout)
            } catch {
                throw .targets(error)
            }
        case .engine(let given): engine = given
        case .layout(nil): throw .recognition("expected a layout or an engine; the whole surface as one timeline needs its size")
        case .nothing: throw .recognition("expected a layout or an engine to recognize with")
        }
        self.units = units
        self.grace = grace
        assembler = ToolkitTouchAssembler(framing: framing)
    }

    /// None: the app hands the toolkit's events over itself.
    public var fileDescriptor: Int32? { nil }

    /// True once stopped.
    public var isFinished: Bool { finished }

    /// Never: a toolkit's touches do not fail.
    public var failure: Never? { nil }

    /// At once while a frame waits to be handed over (`.byTime`); else when the next deadline is due with no input.
    public var nextWakeup: MonotonicTime? {
        guard !finished else { return nil }
        if assembler.hasPendingFrame { return .zero }
        return engine.nextDeadline.map { clock.monotonic(at: $0 + grace) }
    }

    // MARK: The toolkit's events

    /// A touch `id` went down at `x`, `y` (the app's units) at `time`; the app got it at `now`.
    public func touchDown(id: Int, x: Double, y: Double, time: ToolkitTime, now: MonotonicTime,
                          _ deliver: (GestureEvent) -> Void) {
        guard let point = position(x: x, y: y) else { return }
        take(.down(id: id, at: point), time: time, now: now, deliver)
    }

    /// The touch `id` moved to `x`, `y` at `time`.
    public func touchMotion(id: Int, x: Double, y: Double, time: ToolkitTime, now: MonotonicTime,
                            _ deliver: (GestureEvent) -> Void) {
        guard let point = position(x: x, y: y) else { return }
        take(.motion(id: id, to: point), time: time, now: now, deliver)
    }

    /// The touch `id` lifted at `time`: where it last was (Wayland), or at `x`, `y` when the toolkit says (SDL).
    public func touchUp(id: Int, x: Double? = nil, y: Double? = nil, time: ToolkitTime, now: MonotonicTime,
                        _ deliver: (GestureEvent) -> Void) {
        let point = x.flatMap { x in y.flatMap { position(x: x, y: $0) } }
        take(.up(id: id, at: point), time: time, now: now, deliver)
    }

    /// The position at `x`, `y` units in mm, brought within ±`Size.largestLength` (where every distance and speed
    /// derived from positions stays finite, SPEC "Limits"); nil when either is not a number, or infinite: an event
    /// at no position is not taken (SPEC "Toolkit input", Units).
    private func position(x: Double, y: Double) -> Point? {
        let point = units.point(x: x, y: y)
        guard point.x.isFinite && point.y.isFinite else { return nil }
        func within(_ value: Double) -> Double { min(max(value, -Size.largestLength), Size.largestLength) }
        return Point(x: within(point.x), y: within(point.y))
    }

    /// The toolkit took the touch `id` away (GTK's `GDK_TOUCH_CANCEL`), or every touch when `id` is nil
    /// (`wl_touch.cancel`: the compositor took them over): they lift withdrawn, and the gestures they made are
    /// `cancelled`. At `time` when the toolkit stamps the cancel (GTK), framed as any change; without one (Wayland's
    /// carries none) at once, at the latest time the source reached, with the frame gathered before it.
    public func touchCancel(id: Int? = nil, time: ToolkitTime? = nil, now: MonotonicTime, _ deliver: (GestureEvent) -> Void) {
        guard !finished else { return }
        if let time {
            take(.cancel(id: id), time: time, now: now, deliver)
            return
        }
        let latest = clock.now(monotonic: now)
        handle(assembler.take(.cancel(id: id), at: max(latest, engine.latestTime ?? latest)), deliver)
        if let frame = assembler.endFrame() { handle([frame], deliver) }
    }

    /// The toolkit's frame ended (`wl_touch.frame`): the changes since the last one are handed over as one frame.
    public func touchFrame(now: MonotonicTime, _ deliver: (GestureEvent) -> Void) {
        guard !finished, let frame = assembler.endFrame() else { return }
        handle([frame], deliver)
    }

    private func take(_ change: ToolkitTouchAssembler.Change, time: ToolkitTime, now: MonotonicTime,
                      _ deliver: (GestureEvent) -> Void) {
        guard !finished else { return }
        let stamp = assembler.timestamp(time)
        clock.arrived(stamp, at: now)
        handle(assembler.take(change, at: stamp), deliver)
    }

    private func handle(_ frames: [TouchFrame], _ deliver: (GestureEvent) -> Void) {
        for frame in frames { engine.handle(frame).deliverEach(to: deliver) }
    }

    // MARK: The loop

    /// Hands over the frame gathered (`.byTime`: the app's batch of events is over) and fires the deadlines due:
    /// those the toolkit's clock at `now`, less the grace, has passed, each stamped with its own time.
    public func dispatch(now: MonotonicTime, _ deliver: (GestureEvent) -> Void) {
        guard !finished else { return }
        if assembler.framing == .byTime, let frame = assembler.endFrame() { handle([frame], deliver) }
        let reached = clock.now(monotonic: now) + TimeSpan(microseconds: -grace.microseconds)
        if let deadline = engine.nextDeadline, reached >= deadline {
            engine.advance(to: reached).deliverEach(to: deliver)
        }
    }

    /// Changes the engine at the toolkit's time for `now` less the grace (as a deadline fires, so that an event
    /// still within the grace is not overtaken), never before the latest time the engine reached. What `body` throws
    /// (a caller's mistake, which changed nothing) is thrown once the input up to `now` is delivered; the deadlines
    /// that fired for the change come with the next input.
    public func change<BodyFailure: Error>(now: MonotonicTime, _ body: (inout GestureEngine, Timestamp) throws(BodyFailure) -> [GestureEvent],
                                           _ deliver: (GestureEvent) -> Void) throws(BodyFailure) {
        dispatch(now: now, deliver)
        guard !finished else { return }
        let estimate = clock.now(monotonic: now) + TimeSpan(microseconds: -grace.microseconds)
        let time = max(engine.latestTime ?? estimate, estimate)
        try engine.change(afterDeadlinesUpTo: time, body).deliverEach(to: deliver)
    }

    /// Ends the source at `now`: the frame gathered is handed over, then every gesture in progress is cancelled at
    /// the toolkit's time (never before the latest the engine reached).
    public func stop(now: MonotonicTime, _ deliver: (GestureEvent) -> Void) {
        guard !finished else { return }
        if let frame = assembler.endFrame() { handle([frame], deliver) }
        finished = true
        assembler.reset()
        engine.finish(at: clock.now(monotonic: now)).deliverEach(to: deliver)
    }
}
