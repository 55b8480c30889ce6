import CLibevdev
import EvdevDevice
import EvdevModel
import GestureCore
import GestureFormat
import Glibc
import Haptics
import LiveInput
import SystemCalls
import TraceFormats
import TracePlayback

/// Options of `gestures live` and `gestures record`.
struct LiveOptions {
    /// nil: the layout's default (the whole surface as one timeline).
    var layout: Layout?
    var format: OutputFormat = .jsonl
    /// Print a line per state transition of the machines, with its reason, among the events (`--explain`).
    var explain = false
    var size: Size?
    /// How far past a deadline the estimated event clock must be before it fires with no input.
    var grace: TimeSpan = LiveGestureSource.defaultGrace
    var grab = false
    /// Write the device's events here as an evemu trace (`--record`, `gestures record`).
    var record: RecordingDestination?
    /// Plays the haptic events (`--haptics`).
    var haptics: HapticPlayer?
}

extension RecordingDestination {
    /// `gestures record` without `-o`.
    static var standardOutput: RecordingDestination { .descriptor(1, name: "standard output") }
}

/// How a live session ended.
enum LiveEnding: Equatable {
    /// SIGINT, SIGTERM or SIGHUP: exit status 0.
    case interrupted
    /// The device went away: exit status 74.
    case deviceLost(String)
}

/// `gestures live` and `record`: the library's live source in a plain `poll()` loop, with SIGINT, SIGTERM and SIGHUP
/// beside its descriptor, printing the gestures as they come.
final class LiveSession {
    private let source: LiveGestureSource
    private let formatter: EventFormatter
    private let output: LineWriter?
    private let haptics: HapticPlayer?
    private let failures: ReadFailures
    private let clock = SystemMonotonicClock()
    /// Readable once SIGINT, SIGTERM or SIGHUP came (`StopSignals`), from the session's start.
    private let signals: Int32

    /// Opens the device and prepares the session; `recognize` false for `gestures record`.
    init(device path: String, options: LiveOptions, recognize: Bool = true, output: LineWriter?) throws(CommandError) {
        // SIGINT, SIGTERM and SIGHUP (a terminal closed) are caught from here on, before a recording's file
        // exists: one that comes while the session starts ends it cleanly at the loop's first poll(), with the
        // recording complete.
        guard let signals = StopSignals.install() else { throw CommandError(status: CommandError.io, "cannot watch SIGINT, SIGTERM and SIGHUP") }
        // A warning said during a wake-up comes after the lines before it, even where both go to one file
        // (`2>&1`): the lines still in the buffer are written first.
        let writeLines: () -> Void = { output?.flush() }
        let failures = ReadFailures(path: path, beforeSaying: writeLines)
        do {
            source = try LiveGestureSource(device: path, recognition: recognize ? .layout(options.layout) : .nothing,
                                           size: options.size, grace: options.grace, grab: options.grab,
                                           recording: options.record, explains: options.explain,
                                           messages: LibevdevMessages.handler(for: path, beforeSaying: writeLines),
                                           notices: failures.notice)
        } catch {
            throw LiveSession.commandError(error)
        }
        if source.surface.resolutionAssumed && recognize {
            Diagnostics.warnResolutionAssumed(for: path)
        }
        self.formatter = EventFormatter(format: options.format)
        self.output = output
        self.haptics = options.haptics
        self.failures = failures
        self.signals = signals
    }

    /// SPEC's exit status for each way a live source fails.
    static func commandError(_ error: LiveInputError) -> CommandError {
        let status: Int32
        switch error {
        case .device(.missing): status = CommandError.missing
        case .device(.permissionDenied): status = CommandError.permission
        case .device(.notEvdev), .notATouchDevice, .noPositionAxes, .positionAxisWithoutRange: status = CommandError.usage
        case .targets: status = CommandError.malformed
        case .device(.lost), .device(.failed), .readFailedRepeatedly, .recording: status = CommandError.io
        }
        return CommandError(status: status, error.description)
    }

    /// Runs until SIGINT/SIGTERM/SIGHUP, until the device goes away, or until reading it fails
    /// `LiveGestureSource.failedReadLimit` times in a row for `LiveGestureSource.failingReadsTimeLimit`.
    func run() throws(CommandError) -> LiveEnding {
        var loop = LiveLoop(source: source, wakeDescriptor: signals, clock: clock)
        // Each gesture event printed. One closure for the whole loop: a method (`emit`) passed at each call was
        // wrapped in two thunks, both called for every line (docs/performance.md).
        let emit: (GestureEvent) -> Void
        if let haptics {
            emit = { [output, formatter] event in
                output?.write(event, with: formatter)
                haptics.play(event)
            }
        } else {
            emit = { [output, formatter] event in output?.write(event, with: formatter) }
        }
        while true {
            // Sleep until input, a signal, or the source's next wake-up, and dispatch.
            let wake: LiveLoop<LiveGestureSource, SystemMonotonicClock>.Wake
            do {
                wake = try loop.step(emit)
            } catch {
                throw CommandError(status: CommandError.io, error.description)
            }
            if case .woken = wake {  // (`==` went through Equatable's witness, a call a wake-up)
                source.stop(now: clock.now(), emit)
                try ended()
                return .interrupted
            }
            if source.isFinished {
                // The device was lost, or reading it (or writing the recording) failed: every gesture begun has
                // ended all the same.
                try ended()
                guard case .device(.lost)? = source.failure else { preconditionFailure("live: ended by itself with no loss") }
                let message = source.failure?.description ?? ""
                Diagnostics.error(message)
                return .deviceLost(message)
            }
            output?.flush()
            if output?.failed == true {
                source.stop(now: clock.now()) { _ in }
                throw CommandError(status: CommandError.io, "cannot write the output"
                                   + (StopRequest.isRequested ? ": the stop came while its reader was not reading" : ""))
            }
        }
    }

    /// After the source's end: the output flushed, the count of failed reads if there were several runs, and
    /// the failure thrown, unless it is the device's loss (the caller reports that).
    private func ended() throws(CommandError) {
        output?.flush()
        failures.sayTotal()
        switch source.failure {
        case nil, .device(.lost)?: return
        case let failure?: throw LiveSession.commandError(failure)
        }
    }
}

/// Counts the failed reads of a session (SPEC "Live input"): the first run of failures is said at once, the
/// others in one line at the end.
private final class ReadFailures {
    let path: String
    /// Called before a warning is said.
    private let beforeSaying: () -> Void
    private var failedReads = 0
    private var resyncs = 0
    /// Runs of failures, each after a read that worked.
    private var runs = 0

    init(path: String, beforeSaying: @escaping () -> Void) {
        self.path = path
        self.beforeSaying = beforeSaying
    }

    func notice(_ notice: LiveNotice) {
        switch notice {
        case .readFailed(let error, let inARow):
            failedReads += 1
            guard inARow == 1 else { return }
            runs += 1
            if runs == 1 {
                beforeSaying()
                Diagnostics.warn("\(path): reading the device failed (\(error)): events may be lost; "
                                 + "the gestures in progress are cancelled and the device's state is read again")
            }
        case .resynced:
            resyncs += 1
        }
    }

    func sayTotal() {
        guard runs > 1 else { return }
        beforeSaying()
        Diagnostics.warn("\(path): in all, reading the device failed \(failedReads) times, "
                         + "and its state was read again \(resyncs) times")
    }
}
