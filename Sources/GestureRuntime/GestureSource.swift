import EvdevModel
import GestureCore

/// A reading of the monotonic clock (`CLOCK_MONOTONIC`), in whole microseconds: the time base of an app's
/// main loop (GLib's `g_get_monotonic_time()` is the same clock in the same unit).
///
/// It is not the time of the gestures: those carry the device's own event time (`Timestamp`). A source
/// converts between the two.
public struct MonotonicTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Microseconds since the clock's origin (the boot, for `CLOCK_MONOTONIC`).
    public var microseconds: Int64

    /// The reading `microseconds` after the clock's origin.
    public init(microseconds: Int64) {
        self.microseconds = microseconds
    }

    /// The clock's origin: a time before any other, for "at once".
    public static let zero = MonotonicTime(microseconds: 0)

    public static func < (lhs: MonotonicTime, rhs: MonotonicTime) -> Bool {
        lhs.microseconds < rhs.microseconds
    }

    /// `time + span`, saturating at the ends of the range (as `Timestamp`'s).
    public static func + (time: MonotonicTime, span: TimeSpan) -> MonotonicTime {
        MonotonicTime(microseconds: (Timestamp(microseconds: time.microseconds) + span).microseconds)
    }

    /// The span from `rhs` to `lhs`, saturating (as `Timestamp`'s).
    public static func - (lhs: MonotonicTime, rhs: MonotonicTime) -> TimeSpan {
        Timestamp(microseconds: lhs.microseconds) - Timestamp(microseconds: rhs.microseconds)
    }

    /// The milliseconds from `now` until this time, for `poll()`'s timeout: rounded up, so that a wake-up is
    /// never early; 0 when the time has come.
    public func pollTimeout(from now: MonotonicTime) -> Int32 {
        let wait = self - now
        return wait.microseconds <= 0 ? 0 : Int32(clamping: (wait.microseconds + 999) / 1000)
    }

    public var description: String { "\(microseconds)µs" }
}

extension TimeSpan {
    /// How far past a deadline the event clock of a live input (a device, a toolkit's touches) must be before the
    /// deadline fires with no input, its lines stamped with the deadline (SPEC "Live input"): 20 ms. So the gestures
    /// equal those of a replay whenever delivery latency varies by less.
    public static let liveDeadlineGrace = TimeSpan.ms(20)
}

/// What a source recognizes gestures with.
public enum Recognition: Sendable {
    /// A layout's regions; nil for the whole surface as one timeline (`Layout.wholeSurface`).
    case layout(Layout?)
    /// An engine of your own targets (`GestureEngine(targets:)`).
    case engine(GestureEngine)
    /// Nothing: the device's events are only recorded (`gestures record`). The source asks for no wake-up
    /// of its own and delivers no gesture events.
    case nothing
}

extension GesturePipeline {
    /// A pipeline for `description`'s touches, in mm by `surface`, recognizing as `recognition` says; nil for
    /// `.nothing`, and when the device is not a touch device.
    ///
    /// - Throws: `GestureError` for a layout the engine cannot take (`GestureEngine.init(layout:)`).
    public init?(description: DeviceDescription, surface: SurfaceMapping, recognition: Recognition) throws(GestureError) {
        switch recognition {
        case .layout(let layout): try self.init(description: description, surface: surface, layout: layout)
        case .engine(let engine): self.init(description: description, surface: surface, engine: engine)
        case .nothing: return nil
        }
    }
}

/// Where gesture events come from, for an app's own loop: a touch device (`LiveGestureSource`) or a
/// recorded trace (`TraceGestureSource`), through one `GesturePipeline`.
///
/// A source is driven the way libinput is (`libinput_get_fd()`, `libinput_dispatch()`):
///
/// ```swift
/// while !source.isFinished {
///     var descriptors = [pollfd(fd: source.fileDescriptor ?? -1, events: Int16(POLLIN), revents: 0)]
///     let timeout = source.nextWakeup?.pollTimeout(from: .now) ?? -1     // -1: sleep until input
///     poll(&descriptors, 1, timeout)
///     source.dispatch(now: .now) { event in show(event) }
/// }
/// ```
///
/// With nothing touching and no deadline pending, `nextWakeup` is nil: the loop sleeps until input. A
/// render loop that cannot wait calls `dispatch(now:_:)` once a frame: it never blocks. Every method takes
/// the monotonic time `now` from the caller, so the source reads no clock of its own (tests drive it with a
/// manual clock).
///
/// A source is used from one thread at a time. To use one from Swift concurrency (its events as an `AsyncSequence`,
/// changes and a stop from any actor, `@MainActor` included), see `GestureSession`, which runs it on a thread of its
/// own; `GestureEvents` is a session's events alone.
public protocol GestureSource: AnyObject {
    /// Why a source ended early: the device was lost, the trace was malformed...
    associatedtype Failure: Error

    /// The descriptor to watch for reading (`POLLIN`), nil when there is none: a trace is read when its
    /// time comes, at `nextWakeup`. It stays the same for the source's life; after the end it is closed.
    var fileDescriptor: Int32? { get }

    /// When to call `dispatch(now:_:)` at the latest if the descriptor says nothing before (a gesture's
    /// deadline, a trace's next event); a time at or before now means at once. Nil: not before input.
    var nextWakeup: MonotonicTime? { get }

    /// True once the source has ended: the trace's end, a stop, or a failure. Nothing more comes.
    var isFinished: Bool { get }

    /// Why the source ended, when it was not the trace's end or a stop.
    var failure: Failure? { get }

    /// The engine that recognizes the gestures: read its components (a dial's value) here; change it with
    /// `change(now:_:_:)`.
    var engine: GestureEngine { get }

    /// Reads the input waiting, fires the deadlines due at `now`, and hands each gesture event caused to
    /// `deliver`, in order. It never blocks. When the input ends (the trace's end, the device lost), the
    /// gestures in progress are cancelled (their events delivered), and `isFinished` is then true.
    func dispatch(now: MonotonicTime, _ deliver: (GestureEvent) -> Void)

    /// Changes the engine at the source's time for `now` (the input up to `now` first, as
    /// `dispatch(now:_:)`): `body` gets the engine and that time, and returns the events of its change
    /// (`engine.setDialValue(of:degrees:at:)`'s, say). Every event goes to `deliver`, in order. What `body` throws
    /// (the engine's changes throw `GestureError` for a caller's mistake, having changed nothing) is thrown after the
    /// input up to `now` is delivered; the deadlines that fired for the change come with the next dispatch.
    func change<BodyFailure: Error>(now: MonotonicTime, _ body: (inout GestureEngine, Timestamp) throws(BodyFailure) -> [GestureEvent],
                                _ deliver: (GestureEvent) -> Void) throws(BodyFailure)

    /// Ends the source at `now`: the gestures in progress are cancelled (their events go to `deliver`) and
    /// the device or file is closed. Nothing happens once the source has ended.
    func stop(now: MonotonicTime, _ deliver: (GestureEvent) -> Void)
}

extension Array where Element == GestureEvent {
    /// Hands each event to `deliver`, in order, where it lies in the array's storage (`lendEach`: no copy of each
    /// event into the call): a source's delivery of what its pipeline returned. `deliver` may call its source again.
    package func deliverEach(to deliver: (GestureEvent) -> Void) {
        _ = lendEach { event in
            deliver(event)
            return true
        }
    }
}

extension GestureSource {
    /// `dispatch(now:_:)`, with the events returned.
    public func dispatch(now: MonotonicTime) -> [GestureEvent] {
        var events: [GestureEvent] = []
        dispatch(now: now) { events.append($0) }
        return events
    }

    /// `stop(now:_:)`, with the events returned.
    @discardableResult
    public func stop(now: MonotonicTime) -> [GestureEvent] {
        var events: [GestureEvent] = []
        stop(now: now) { events.append($0) }
        return events
    }

    /// `change(now:_:_:)` with a `body` that throws nothing, with the events returned. (A body that may throw takes
    /// `change(now:_:_:)`, which has delivered the events of the input up to `now` when it throws.)
    public func change(now: MonotonicTime, _ body: (inout GestureEngine, Timestamp) -> [GestureEvent]) -> [GestureEvent] {
        var events: [GestureEvent] = []
        change(now: now, body) { events.append($0) }
        return events
    }
}
