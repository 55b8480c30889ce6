// Over 400 lines for a reason: the live source is one class whose parts (opening and checking the device, the
// event clock, reading ahead, resync after lost events, device loss, recording, the end) share its state; split, each
// part would have to reach into the others' private state.
import EvdevDevice
import EvdevModel
import GestureCore
import GestureRuntime
import Glibc
import SystemCalls

/// Why a live source could not start, or ended early.
public enum LiveInputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The device could not be opened or read: it is missing, access is denied (the message says how to get
    /// it without root), it is not an evdev device, it went away, or a call on it failed.
    case device(EvdevError)
    /// The device has neither multitouch axes nor `BTN_TOUCH` with `ABS_X`/`ABS_Y`.
    case notATouchDevice(path: String, name: String)
    /// The device has no position axes that locate a touch.
    case noPositionAxes(path: String)
    /// A position axis of the device spans no range (its maximum is not above its minimum): it is refused as a
    /// trace from it is (`DeviceDescription.positionAxisProblem`, which `problem` says).
    case positionAxisWithoutRange(path: String, problem: String)
    /// Reading the device failed `LiveGestureSource.failedReadLimit` times in a row at least, for
    /// `LiveGestureSource.failingReadsTimeLimit` at least, with no read that worked between them: `times`
    /// failures over `during`, the last with `Errno`.
    case readFailedRepeatedly(path: String, Errno, times: Int, during: TimeSpan)
    /// The recording could not be created or written.
    case recording(FileError)
    /// The layout or the engine given to recognize with holds targets the engine cannot take (`GestureEngine.init(layout:)`).
    case targets(GestureError)

    public var description: String {
        switch self {
        case .device(let error):
            error.description
        case .notATouchDevice(let path, let name):
            "\(path): \"\(name)\" is not a touch device (it has neither multitouch axes nor BTN_TOUCH with ABS_X/ABS_Y)"
        case .noPositionAxes(let path):
            "\(path): expected a touch device with position axes"
        case .positionAxisWithoutRange(let path, let problem):
            "\(path): \(problem)"
        case .readFailedRepeatedly(let path, let error, let times, let during):
            "\(path): reading the device failed \(times) times in a row, for \(Self.seconds(during)) s: \(error)"
        case .recording(let error):
            error.description
        case .targets(let error):
            error.description
        }
    }

    /// A span in seconds, to the millisecond: "1.004".
    private static func seconds(_ span: TimeSpan) -> String {
        let milliseconds = max(span.microseconds, 0) / 1000
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}

/// What a live source says about its device as it goes, besides gestures (for a warning, say).
public enum LiveNotice: Hashable, Sendable {
    /// A read failed with the device still there: events may be lost. The gestures in progress are
    /// cancelled and the device's state is read again. `inARow` counts the failures since the last read
    /// that worked; once there are `LiveGestureSource.failedReadLimit` of them, over
    /// `LiveGestureSource.failingReadsTimeLimit`, the source ends.
    case readFailed(Errno, inARow: Int)
    /// After failed reads, libevdev has read the device's state again: a `SYN_DROPPED` went to the pipeline
    /// (and the recording), and the resync follows.
    case resynced
}

/// The gestures on a touch device, as they happen: a `GestureSource` that reads the device through libevdev
/// (grab, resync after `SYN_DROPPED`, libevdev's messages, device loss) and recognizes through one
/// `GesturePipeline`.
///
/// Deadlines live in the device's event clock, estimated from the latest event's arrival on the monotonic
/// clock: with no input, a deadline fires once the event clock is `grace` past it, its lines stamped with the
/// deadline (SPEC "Live input"). So the gestures equal those of a replay of the recording whenever delivery
/// latency varies by less than the grace.
///
/// ```swift
/// let source = try LiveGestureSource(device: "/dev/input/event5", recognition: .layout(layout))
/// var descriptors = [pollfd(fd: source.fileDescriptor!, events: Int16(POLLIN), revents: 0)]
/// while !source.isFinished {
///     poll(&descriptors, 1, source.nextWakeup?.pollTimeout(from: .now) ?? -1)
///     source.dispatch(now: .now) { event in show(event) }
/// }
/// if let failure = source.failure { print(failure) }       // the device went away, say
/// ```
///
/// A read that fails with the device still there is taken as a `SYN_DROPPED` (a `LiveNotice`, the gestures
/// in progress cancelled, the device's state read again); reads that keep failing, `failedReadLimit` of them
/// in a row over `failingReadsTimeLimit` at least, end the source as a lost device does: the gestures in
/// progress are cancelled at the event-clock time, then `failure` says why.
public final class LiveGestureSource: GestureSource {
    /// Failed reads in a row, with no read that worked between them (an event, or the start of a resync),
    /// that end the source once they have gone on for `failingReadsTimeLimit`.
    public static let failedReadLimit = 8
    /// How long reads must go on failing in a row, from the first failure's dispatch to the last's, before
    /// the source ends (with `failedReadLimit` failures at least).
    ///
    /// A count alone ended sessions that would have recovered. An emulated device whose buffer overflowed
    /// (umockdev's 4095 bytes) stays out of step with event boundaries until its reader catches up. On a busy
    /// machine, with 28,000 events a second, that took up to 8 failed reads in 40 ms (the storm test).
    /// A device that can no longer be read fails on every read for as long as it is read, so a second tells
    /// the two apart, at the cost of a second's busy reading before a broken device is given up.
    public static let failingReadsTimeLimit = TimeSpan.seconds(1)
    /// The grace of `gestures live` (`--grace-ms`): how far past a deadline the event clock must be before it
    /// fires with no input (`TimeSpan.liveDeadlineGrace`, which the toolkit source has too).
    public static let defaultGrace = TimeSpan.liveDeadlineGrace
    /// Events read by one `dispatch` at most, so that a device that never pauses still lets deadlines, the
    /// app's own work and signals through.
    package static let drainLimit = 1024

    /// The device's node.
    public var path: String { device.path }
    /// What libevdev reports of the device.
    public var description: DeviceDescription { device.description }
    /// How the device's units map to mm; `resolutionAssumed` when the device reports no resolution and no
    /// size was given (a caller may warn).
    public let surface: SurfaceMapping
    /// How far past a deadline the event clock must be before it fires with no input.
    public let grace: TimeSpan
    public var isFinished: Bool { finished }
    public var failure: LiveInputError? { endedBy }

    public var fileDescriptor: Int32? { device.fileDescriptor }

    public var engine: GestureEngine { pipeline?.engine ?? GestureEngine() }

    private let device: any EventDevice
    /// The device's events to gestures; nil for `Recognition.nothing`.
    ///
    /// Without run-time exclusivity checks: each access would pay one (for every event read: docs/performance.md),
    /// yet none can overlap another. The pipeline is changed only inside the source's own calls, on the
    /// caller's thread, and never while a caller's closure runs: events are delivered once the pipeline has
    /// returned them. (`change(now:_:)`'s body is handed the engine itself.)
    @exclusivity(unchecked) private var pipeline: GesturePipeline?
    private let recorder: (any EventRecorder)?
    private let notices: (LiveNotice) -> Void
    /// The device's event clock. Without run-time exclusivity checks, as `pipeline`: the compiler cannot see into
    /// `EventClock`'s calls across the module boundary, and checked every access, three a wake-up, some 80
    /// instructions each (docs/performance.md, "Replay's engine and formatting"); it is changed only inside the
    /// source's own calls, never while a caller's closure runs.
    @exclusivity(unchecked) private var clock = EventClock()
    /// Events may be left to read (in libevdev's queue, where `poll()` does not see them) after a dispatch
    /// that read `drainLimit` of them.
    private var more = false
    /// The dispatch of the first of the failed reads in a row, while they go on.
    private var failingSince = MonotonicTime.zero
    /// Writing the recording failed: nothing more is written.
    private var recordingFailed = false
    /// `isFinished` and `failure`, stored privately: the compiler then sees every access to them, none
    /// overlapping another, and leaves out their run-time exclusivity checks (docs/performance.md).
    private var finished = false
    private var endedBy: LiveInputError?

    /// Opens the touch device at `path` (an `/dev/input/eventN` node, as `DeviceDiscovery` finds them).
    ///
    /// - Parameters:
    ///   - path: the device node, `/dev/input/eventN`.
    ///   - recognition: what to recognize: a layout (nil: the whole surface as one timeline), your own
    ///     engine, or nothing (only record).
    ///   - size: the surface's size in mm, for a device that reports no resolution (else the layout's
    ///     `surface`; else one is assumed, and `surface.resolutionAssumed` says so).
    ///   - grace: how far past a deadline the event clock must be before it fires with no input.
    ///   - grab: take the device for this process alone (`EVIOCGRAB`).
    ///   - recording: also write the device's events there as an evemu trace; the file is created only once
    ///     the device is open and checked.
    ///   - explains: also deliver, among the gestures, a `GestureEvent.Kind.explanation` per state transition
    ///     of the engine's machines, with its reason (`GestureEngine.explains`, `--explain`).
    ///   - messages: libevdev's own messages about the device (which it would otherwise print on stderr).
    ///   - notices: failed reads and the resyncs after them.
    /// - Throws: `LiveInputError`: `.device(.missing)`, `.device(.permissionDenied)` (its description says how
    ///   to get access to /dev/input), `.device(.notEvdev)`, `.notATouchDevice`, `.noPositionAxes`, `.positionAxisWithoutRange`,
    ///   `.recording`.
    public convenience init(device path: String, recognition: Recognition = .layout(nil), size: Size? = nil,
                            grace: TimeSpan = LiveGestureSource.defaultGrace, grab: Bool = false,
                            recording: RecordingDestination? = nil, explains: Bool = false,
                            messages: @escaping LibevdevMessageHandler = { _ in },
                            notices: @escaping (LiveNotice) -> Void = { _ in }) throws(LiveInputError) {
        let device: EvdevDevice
        do {
            device = try EvdevDevice(path: path, grab: grab, messages: messages)
        } catch {
            throw .device(error)
        }
        try self.init(input: device, recognition: recognition, size: size, grace: grace, recording: recording,
                      explains: explains, notices: notices, prepare: { device.useMonotonicClock() })
    }

    /// A source reading `device` (the package's tests give a stand-in). `prepare` runs once the device is
    /// known to be a touch device, before the recording is created.
    package init(input device: any EventDevice, recognition: Recognition, size: Size? = nil,
                 grace: TimeSpan = LiveGestureSource.defaultGrace, recording: RecordingDestination? = nil,
                 explains: Bool = false, notices: @escaping (LiveNotice) -> Void = { _ in },
                 prepare: () -> Void = {}) throws(LiveInputError) {
        guard device.description.touchProtocol != nil else {
            device.close()
            throw .notATouchDevice(path: device.path, name: device.description.name)
        }
        prepare()
        var layoutSurface: Size?
        if case .layout(let layout?) = recognition { layoutSurface = layout.surface }
        // Whatever is recognized (`record` too), a device whose touches cannot be located is refused, by the
        // rule that refuses a trace from it.
        if let problem = device.description.positionAxisProblem {
            device.close()
            throw .positionAxisWithoutRange(path: device.path, problem: problem)
        }
        guard let surface = device.description.surfaceMapping(size: size, layoutSurface: layoutSurface) else {
            device.close()
            throw .noPositionAxes(path: device.path)
        }
        let pipeline: GesturePipeline?
        do {
            pipeline = try GesturePipeline(description: device.description, surface: surface, recognition: recognition)
        } catch {
            device.close()
            throw .targets(error)
        }
        // Only now, with the device open and checked, and its targets taken, is the recording's file created (or
        // replaced).
        do {
            recorder = try recording?.makeRecorder()
            try recorder?.writeHeader(device.description)
        } catch {
            device.close()
            throw .recording(error)
        }
        self.device = device
        self.surface = surface
        self.grace = grace
        self.notices = notices
        self.pipeline = pipeline
        self.pipeline?.explains = explains
    }

    deinit {
        if !finished { device.close() }
    }

    // MARK: The main loop's calls

    public var nextWakeup: MonotonicTime? {
        guard !finished else { return nil }
        if more { return .zero }
        return deadlineWakeup
    }

    /// When the engine's next deadline is due with no input: the event clock `grace` past it.
    private var deadlineWakeup: MonotonicTime? {
        // The pipeline lent `inout`: reading the class's `pipeline` (`pipeline?.nextDeadline`, or `guard let`)
        // copied the whole pipeline, retaining everything in it, and destroyed the copy, at every wake-up
        // (docs/performance.md). An `inout` access lends it in place.
        Self.deadlineWakeup(of: &pipeline, clock: clock, grace: grace)
    }

    private static func deadlineWakeup(of pipeline: inout GesturePipeline?, clock: EventClock,
                                       grace: TimeSpan) -> MonotonicTime? {
        guard let deadline = pipeline?.nextDeadline, let shift = pipeline?.clockShift else { return nil }
        // The engine's time is the device's plus the pipeline's clock shift.
        return clock.monotonic(at: deadline + TimeSpan(microseconds: -shift.microseconds) + grace)
    }

    public func dispatch(now: MonotonicTime, _ deliver: (GestureEvent) -> Void) {
        guard !finished else { return }
        var revents: Int16 = 0
        if !more {
            var descriptor = pollfd(fd: device.fileDescriptor, events: Int16(POLLIN), revents: 0)
            if case .success(let ready) = pollDescriptor(&descriptor, timeoutMilliseconds: 0), ready > 0 { revents = descriptor.revents }
        }
        if more || revents & Int16(POLLIN) != 0 {
            drain(now: now, deliver)
        } else if revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
            end(.device(.lost(path: device.path, name: device.description.name)), now: now, deliver)
        } else if let due = deadlineWakeup, now >= due, let shift = pipeline?.clockShift {
            // A deadline with no input: fire what is due, stamped with its own time.
            let time = clock.now(monotonic: now) + shift + TimeSpan(microseconds: -grace.microseconds)
            if let events = pipeline?.advance(to: time) { events.deliverEach(to: deliver) }
        }
    }

    public func change<BodyFailure: Error>(now: MonotonicTime, _ body: (inout GestureEngine, Timestamp) throws(BodyFailure) -> [GestureEvent],
                                       _ deliver: (GestureEvent) -> Void) throws(BodyFailure) {
        dispatch(now: now, deliver)
        guard !finished, let shift = pipeline?.clockShift else { return }
        // On the event clock less the grace, as a deadline fires: a frame still on its way within the grace
        // is not overtaken. Never before the latest time the engine reached.
        let estimate = clock.now(monotonic: now) + shift + TimeSpan(microseconds: -grace.microseconds)
        let time = max(pipeline?.latestTime ?? estimate, estimate)
        if let events = try pipeline?.change(at: time, body) { events.deliverEach(to: deliver) }
    }

    /// The end at `now`: an empty `SYN_REPORT` at the event-clock time goes to the recording and the pipeline
    /// (so a replay of the recording gives what was delivered), then the gestures in progress are cancelled
    /// at that time (`GesturePipeline.finish(at:)`), the recording is closed and so is the device.
    public func stop(now: MonotonicTime, _ deliver: (GestureEvent) -> Void) {
        guard !finished else { return }
        finished = true
        more = false
        let time = clock.now(monotonic: now)
        record(InputEvent(time: time, type: EventType.syn, code: SynCode.report, value: 0))
        if let events = pipeline?.finish(at: time) { events.deliverEach(to: deliver) }
        do {
            if !recordingFailed { try recorder?.close() }
        } catch {
            endedBy = endedBy ?? .recording(error)
        }
        device.close()
    }

    // MARK: Reading

    /// Reads the events waiting, `drainLimit` at most. A read that fails with the device still there is
    /// taken as a `SYN_DROPPED` (SPEC "Live input"): a notice, then, once libevdev has read the device's
    /// state again, a `SYN_DROPPED` at the event-clock time, and libevdev's resync.
    private func drain(now: MonotonicTime, _ deliver: (GestureEvent) -> Void) {
        var left = Self.drainLimit
        while left > 0 {
            let run = device.readAhead
            if !run.isEmpty {
                left -= take(UnsafeBufferPointer(rebasing: run.prefix(left)), now: now, deliver)
            } else {
                let read: DeviceRead
                do {
                    read = try device.next()
                } catch {
                    end(.device(error), now: now, deliver)
                    return
                }
                switch read {
                case .events:
                    // In `readAhead`, taken at the loop's top.
                    continue
                case .synced(let event):
                    // Stamped with an earlier event's time: not a reading of the device's clock.
                    take(event, deliver)
                case .wouldBlock:
                    more = false
                    return
                case .failed(let error, let inARow):
                    notices(.readFailed(error, inARow: inARow))
                    if inARow == 1 { failingSince = now }
                    let during = now - failingSince
                    if inARow >= Self.failedReadLimit {
                        if during >= Self.failingReadsTimeLimit {
                            end(.readFailedRepeatedly(path: device.path, error, times: inARow, during: during), now: now, deliver)
                            return
                        }
                        // One read a dispatch from now on, each at the dispatch's own `now`: a drain of 1,024 failed
                        // reads at one `now` took long enough on a busy machine (umockdev answers each over a socket) to
                        // end the source 0.4 s past the second.
                        more = true
                        return
                    }
                case .resynced:
                    notices(.resynced)
                    // At the event-clock time, as a stop: never before a deadline fired with no input, so that a
                    // replay of the recording fires the same ones before it. Before any event the device's clock
                    // is unknown, and nothing is in progress: at 0, as libevdev stamps its resync then.
                    let time = clock.offset == nil ? Timestamp(microseconds: 0) : clock.now(monotonic: now)
                    take(InputEvent(time: time, type: EventType.syn, code: SynCode.dropped, value: 0), deliver)
                }
                left -= 1
            }
            if finished { return }
            // The recording could not be written: the end, as for a read that failed too often.
            if recordingFailed {
                stop(now: now, deliver)
                return
            }
        }
        more = true
    }

    /// Takes the first of the device's events `run` (its `readAhead`) and returns how many: to the pipeline where
    /// they lie (`GesturePipeline.handle` of a buffer), up to the first that causes gesture events, one call for a
    /// frame's events (docs/performance.md); while recording, one, to the recording before the pipeline (a failure
    /// to write it ends the source before the next event). The device moves past them before the delivery: a
    /// `deliver` that calls the source again goes on after them.
    private func take(_ run: UnsafeBufferPointer<InputEvent>, now: MonotonicTime, _ deliver: (GestureEvent) -> Void) -> Int {
        if recorder != nil {
            let event = run[0]
            device.skip(1)
            clock.arrived(event.time, at: now)
            take(event, deliver)
            return 1
        }
        guard let handled = pipeline?.handle(run, observingFrames: { _ in }) else {
            // Recognizing nothing, recording nothing.
            device.skip(run.count)
            clock.arrived(run[run.count - 1].time, at: now)
            return run.count
        }
        device.skip(handled.handled)
        clock.arrived(run[handled.handled - 1].time, at: now)
        handled.events.deliverEach(to: deliver)
        return handled.handled
    }

    /// Hands one event to the recorder and the pipeline.
    private func take(_ event: InputEvent, _ deliver: (GestureEvent) -> Void) {
        record(event)
        if let events = pipeline?.handle(event) { events.deliverEach(to: deliver) }
    }

    /// Writes one event to the recording, if there is one; a failure is kept (`drain` then ends the source),
    /// and nothing more is written.
    private func record(_ event: InputEvent) {
        guard let recorder, !recordingFailed else { return }
        do {
            try recorder.write(event)
        } catch {
            recordingFailed = true
            endedBy = endedBy ?? .recording(error)
        }
    }

    /// The end for `reason`: as a stop, then `failure` says why (the first reason, if several).
    private func end(_ reason: LiveInputError, now: MonotonicTime, _ deliver: (GestureEvent) -> Void) {
        endedBy = endedBy ?? reason
        stop(now: now, deliver)
    }

}

extension LiveGestureSource {
    /// The gestures on the device at `path`, as an `AsyncSequence` (see `GestureEvents`); the parameters are
    /// `init(device:recognition:size:grace:grab:recording:explains:messages:notices:)`'s. Opening the device fails on
    /// the first `next()`, with the error `init` throws.
    public static func events(device path: String, recognition: Recognition = .layout(nil), size: Size? = nil,
                              grace: TimeSpan = LiveGestureSource.defaultGrace, grab: Bool = false,
                              recording: RecordingDestination? = nil, explains: Bool = false,
                              messages: @escaping @Sendable (LibevdevMessage) -> Void = { _ in },
                              notices: @escaping @Sendable (LiveNotice) -> Void = { _ in },
                              clock: any MonotonicClock = SystemMonotonicClock()) -> GestureEvents<LiveGestureSource> {
        GestureEvents(clock: clock, source: opening(path, recognition, size, grace, grab, recording, explains, messages, notices))
    }

    /// The device at `path` in a session of its own (see `GestureSession`): its events, changes to its engine while
    /// they stream, and a stop, from any actor. The parameters are `events(device:...)`'s; opening the device fails
    /// on the first `next()` of the session's events, with the error `init` throws.
    public static func session(device path: String, recognition: Recognition = .layout(nil), size: Size? = nil,
                               grace: TimeSpan = LiveGestureSource.defaultGrace, grab: Bool = false,
                               recording: RecordingDestination? = nil, explains: Bool = false,
                               messages: @escaping @Sendable (LibevdevMessage) -> Void = { _ in },
                               notices: @escaping @Sendable (LiveNotice) -> Void = { _ in },
                               clock: any MonotonicClock = SystemMonotonicClock()) -> GestureSession<LiveGestureSource> {
        GestureSession(clock: clock, source: opening(path, recognition, size, grace, grab, recording, explains, messages, notices))
    }

    /// What opens the device on a stream's or a session's thread.
    private static func opening(_ path: String, _ recognition: Recognition, _ size: Size?, _ grace: TimeSpan, _ grab: Bool,
                                _ recording: RecordingDestination?, _ explains: Bool,
                                _ messages: @escaping @Sendable (LibevdevMessage) -> Void,
                                _ notices: @escaping @Sendable (LiveNotice) -> Void) -> @Sendable () throws(LiveInputError) -> LiveGestureSource {
        { () throws(LiveInputError) in
            try LiveGestureSource(device: path, recognition: recognition, size: size, grace: grace, grab: grab,
                                  recording: recording, explains: explains, messages: messages, notices: notices)
        }
    }
}
