import CLibevdev
import EvdevDevice
import EvdevModel
import GestureCore
import GestureFormat
import Glibc
import Replay
import TraceFormats

/// Options of `gestures live` and `gestures record`.
public struct LiveOptions: Sendable {
    /// nil: the layout's default (the whole surface as one timeline).
    public var layout: Layout?
    public var format: OutputFormat = .jsonl
    /// Print a line per state transition of the machines, with its reason, among the events (`--explain`).
    public var explain = false
    public var size: Size?
    /// How far past a deadline the estimated event clock must be before it fires with no input.
    public var grace: TimeSpan = .ms(20)
    public var grab = false
    /// Write the device's events here as an evemu trace (`--record`, `gestures record`).
    public var record: RecordingDestination?

    public init() {}
}

/// Where a session writes the device's events as an evemu trace.
public enum RecordingDestination: Sendable, Equatable {
    /// A file, created or replaced once the device is open and known to be a touch device: a wrong node
    /// or a refused device leaves an existing file as it was.
    case file(FilePath)
    /// Standard output, left open at the end.
    case standardOutput
}

/// How a live session ended.
public enum LiveEnding: Sendable, Equatable {
    /// SIGINT or SIGTERM: exit status 0.
    case interrupted
    /// The device went away: exit status 74.
    case deviceLost(String)
}

/// The event clock of a device, estimated from the monotonic clock (SPEC "Live input").
///
/// Each event read gives the offset between its own time and its arrival on `CLOCK_MONOTONIC`; the
/// latest one is kept, so the estimate follows a device whose timestamps are on another clock (an
/// emulated device replays its file's timestamps) as well as one on the monotonic clock.
struct EventClock {
    private(set) var offset: Int64?
    private(set) var latest: Timestamp?

    mutating func arrived(_ time: Timestamp, at monotonic: Int64) {
        offset = time.microseconds - monotonic
        latest = time
    }

    /// The event clock now; never before the latest event.
    func now(monotonic: Int64) -> Timestamp {
        guard let offset else { return Timestamp(microseconds: monotonic) }
        let estimate = Timestamp(microseconds: monotonic + offset)
        return latest.map { max($0, estimate) } ?? estimate
    }

    /// The monotonic time at which the event clock reaches `time`.
    func monotonic(at time: Timestamp) -> Int64 {
        time.microseconds - (offset ?? 0)
    }
}

/// One live session on one device: reads, records, recognizes and prints until interrupted or the
/// device goes away. The IO is here; the recognition is the engine's.
public final class LiveSession {
    /// Failed reads in a row, with no read that worked between them (an event, or the start of a resync), that
    /// end the session.
    public static let failedReadLimit = 8
    /// Events read in one round of the loop, at most, so that a device that never pauses still lets signals,
    /// deadlines and output through.
    static let drainLimit = 1024

    let device: EvdevDevice
    let options: LiveOptions
    /// The device's events to gestures; nil for `record`, which only records.
    private var pipeline: GesturePipeline?
    private let formatter: EventFormatter
    private let output: LineWriter?
    private let recorder: EvemuWriter?
    private var clock = EventClock()
    /// SIGINT and SIGTERM, blocked for the process from the session's start.
    private let signals: Int32
    /// Failed reads in the whole session, the resyncs after them, and the runs of failures (each after a read
    /// that worked): the first run is said at once, the others in one line at the end.
    private var failedReads = 0
    private var resyncs = 0
    private var failureRuns = 0

    /// Opens the device and prepares the session; `recognize` false for `gestures record`.
    public init(device path: String, options: LiveOptions, recognize: Bool = true, output: LineWriter?) throws(CommandError) {
        // SIGINT and SIGTERM are held from here on, before a recording's file exists: one that comes while the
        // session starts ends it cleanly at the loop's first poll(), with the recording complete.
        let signals = gestures_signalfd_for_termination()
        guard signals >= 0 else { throw CommandError(status: CommandError.io, "cannot watch SIGINT and SIGTERM") }
        var started = false
        defer { if !started { close(signals) } }
        let device: EvdevDevice
        do {
            device = try EvdevDevice(path: path, grab: options.grab, messages: LibevdevMessages.handler(for: path))
        } catch {
            throw LiveSession.commandError(error)
        }
        guard device.description.touchProtocol != nil else {
            throw CommandError(status: CommandError.usage,
                               "\(path): \"\(device.description.name)\" is not a touch device (it has neither multitouch axes nor BTN_TOUCH with ABS_X/ABS_Y)")
        }
        device.useMonotonicClock()
        guard let mapping = device.description.surfaceMapping(size: options.size, layoutSurface: options.layout?.surface),
              var pipeline = GesturePipeline(description: device.description, surface: mapping, layout: options.layout) else {
            throw CommandError(status: CommandError.usage, "\(path): expected a touch device with position axes")
        }
        if mapping.resolutionAssumed && recognize {
            Diagnostics.warnResolutionAssumed(for: path)
        }
        pipeline.explains = options.explain
        self.device = device
        self.options = options
        self.pipeline = recognize ? pipeline : nil
        self.formatter = EventFormatter(format: options.format)
        self.output = output
        // Only now, with the device open and checked, is the recording's file created (or replaced).
        do {
            switch options.record {
            case .file(let file)?: self.recorder = try EvemuWriter(path: file)
            case .standardOutput?: self.recorder = EvemuWriter(fileDescriptor: 1, name: "standard output")
            case nil: self.recorder = nil
            }
            try recorder?.writeHeader(device.description)
        } catch {
            device.close()
            throw CommandError(status: CommandError.io, error.description)
        }
        self.signals = signals
        started = true
    }

    deinit {
        close(signals)
    }

    static func commandError(_ error: EvdevError) -> CommandError {
        switch error {
        case .missing: CommandError(status: CommandError.missing, error.description)
        case .permissionDenied: CommandError(status: CommandError.permission, error.description)
        case .notEvdev: CommandError(status: CommandError.usage, error.description)
        case .lost: CommandError(status: CommandError.io, error.description)
        case .failed: CommandError(status: CommandError.io, error.description)
        }
    }

    private func emit(_ events: [GestureEvent]) {
        guard let output, !events.isEmpty else { return }
        for event in events { output.write(event, with: formatter) }
    }

    /// Hands one event to the recorder and the pipeline.
    private func take(_ event: InputEvent) throws(CommandError) {
        try record(event)
        if let events = pipeline?.handle(event) { emit(events) }
    }

    /// Writes one event to the recording, if there is one.
    private func record(_ event: InputEvent) throws(CommandError) {
        guard let recorder else { return }
        do { try recorder.write(event) } catch { throw CommandError(status: CommandError.io, error.description) }
    }

    /// Runs until SIGINT/SIGTERM, until the device goes away, or until reading it fails `failedReadLimit`
    /// times in a row.
    public func run() throws(CommandError) -> LiveEnding {
        var descriptors = [pollfd(fd: device.fileDescriptor, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: signals, events: Int16(POLLIN), revents: 0)]
        // Events may be left to read (in libevdev's queue, where poll() does not see them) after a round
        // that read `drainLimit` of them.
        var more = false
        while true {
            // Sleep until input, a signal, or the next deadline plus the grace on the event clock.
            var timeout: Int32 = -1
            if more {
                timeout = 0
            } else if let pipeline, let deadline = pipeline.nextDeadline {
                // The engine's time is the device's plus the pipeline's clock shift.
                let due = clock.monotonic(at: deadline + TimeSpan(microseconds: -pipeline.clockShift.microseconds) + options.grace)
                let wait = due - gestures_monotonic_microseconds()
                timeout = wait <= 0 ? 0 : Int32(clamping: (wait + 999) / 1000)
            }
            descriptors[0].revents = 0
            descriptors[1].revents = 0
            let ready = poll(&descriptors, 2, timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                throw CommandError(status: CommandError.io, "poll failed: \(String(cString: strerror(errno)))")
            }
            if descriptors[1].revents != 0 {
                try stop()
                return .interrupted
            }
            if more || descriptors[0].revents & Int16(POLLIN) != 0 {
                let drained: Drained
                do {
                    drained = try drain()
                } catch {
                    // Reading failed too often (or the recording could not be written): end as for a loss,
                    // so that every gesture begun still ends, then report the error.
                    try? stop()
                    throw error
                }
                switch drained {
                case .idle:
                    more = false
                case .more:
                    more = true
                case .lost(let lost):
                    try stop()
                    Diagnostics.error(lost.description)
                    return .deviceLost(lost.description)
                }
            } else if descriptors[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                try stop()
                let message = EvdevError.lost(path: device.path, name: device.description.name).description
                Diagnostics.error(message)
                return .deviceLost(message)
            } else if ready == 0, pipeline != nil {
                // A deadline with no input: fire what is due, stamped with its own time.
                let now = clock.now(monotonic: gestures_monotonic_microseconds())
                if let shift = pipeline?.clockShift,
                   let events = pipeline?.advance(to: now + shift + TimeSpan(microseconds: -options.grace.microseconds)) {
                    emit(events)
                }
            }
            output?.flush()
            if output?.failed == true { throw CommandError(status: CommandError.io, "cannot write the output") }
        }
    }

    private enum Drained {
        /// Nothing more to read now.
        case idle
        /// `drainLimit` events read; there may be more.
        case more
        /// The device went away.
        case lost(EvdevError)
    }

    /// Reads the events waiting, `drainLimit` at most. A read that fails with the device still there is
    /// taken as a `SYN_DROPPED` (SPEC "Live input"): a warning, then, once libevdev has read the device's
    /// state again, a `SYN_DROPPED` at the event-clock time, and libevdev's resync.
    private func drain() throws(CommandError) -> Drained {
        for _ in 0..<Self.drainLimit {
            let read: DeviceRead
            do {
                read = try device.next()
            } catch {
                if case .lost = error { return .lost(error) }
                throw LiveSession.commandError(error)
            }
            switch read {
            case .event(let event):
                clock.arrived(event.time, at: gestures_monotonic_microseconds())
                try take(event)
            case .synced(let event):
                // Stamped with an earlier event's time: not a reading of the device's clock.
                try take(event)
            case .wouldBlock:
                return .idle
            case .failed(let error, let inARow):
                failedReads += 1
                if inARow >= Self.failedReadLimit {
                    throw CommandError(status: CommandError.io,
                                       "\(device.path): reading the device failed \(inARow) times in a row: \(error)")
                }
                if inARow == 1 {
                    failureRuns += 1
                    if failureRuns == 1 {
                        Diagnostics.warn("\(device.path): reading the device failed (\(error)): events may be lost; "
                                         + "the gestures in progress are cancelled and the device's state is read again")
                    }
                }
            case .resynced:
                resyncs += 1
                // At the event-clock time, as a stop: never before a deadline fired with no input, so that a
                // replay of the recording fires the same ones before it. Before any event the device's clock
                // is unknown, and nothing is in progress: at 0, as libevdev stamps its resync then.
                let now = clock.offset == nil ? Timestamp(microseconds: 0) : clock.now(monotonic: gestures_monotonic_microseconds())
                try take(InputEvent(time: now, type: EventType.syn, code: SynCode.dropped, value: 0))
            }
        }
        return .more
    }

    /// The end: an empty `SYN_REPORT` at the event-clock time of the stop goes to the recording and the
    /// pipeline (so a replay of the recording prints what was printed here), then the gestures in progress
    /// are cancelled at that time (`GesturePipeline.finish(at:)`).
    private func stop() throws(CommandError) {
        if failureRuns > 1 {
            Diagnostics.warn("\(device.path): in all, reading the device failed \(failedReads) times, "
                             + "and its state was read again \(resyncs) times")
        }
        let now = clock.now(monotonic: gestures_monotonic_microseconds())
        try record(InputEvent(time: now, type: EventType.syn, code: SynCode.report, value: 0))
        if let events = pipeline?.finish(at: now) { emit(events) }
        output?.flush()
        if let recorder {
            do { try recorder.close() } catch { throw CommandError(status: CommandError.io, error.description) }
        }
        device.close()
    }
}
