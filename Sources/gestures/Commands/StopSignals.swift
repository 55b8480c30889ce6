import SystemCalls
import TracePlayback

#if canImport(Glibc)
import Glibc
#endif

/// SIGINT, SIGTERM and SIGHUP (the terminal closed) for `gestures live` and `record`: each ends the session
/// cleanly, at once, whatever the command is waiting for (SPEC "Live input").
///
/// The handler requests the stop (`StopRequest`), writes a byte to a pipe whose read end the live loop polls
/// beside the device, and starts a timer whose `SIGALRM` comes every 100 ms from then on. Neither handler
/// restarts the call it interrupts (no `SA_RESTART`): a write that waits for a reader that stopped reading is
/// interrupted, by the stop's signal or the timer's, and gives up (`writeAll`), so the session goes on to its
/// stop.
enum StopSignals {
    /// The pipe's write end, for the handler; set before the handler is installed.
    nonisolated(unsafe) private static var notify: Int32 = -1

    /// Installs the handlers (once per process; again returns the same descriptor) and returns the descriptor
    /// that becomes readable at the first stop signal; nil when the pipe cannot be made.
    static func install() -> Int32? {
        if let installed { return installed }
        guard let pipe = WakePipe() else { return nil }
        StopRequest.prepare()
        // Kept for the process's life: the handler writes to its write end.
        stopPipe = pipe
        notify = pipe.writeDescriptor
        installed = pipe.descriptor
        var action = sigaction()
        sigemptyset(&action.sa_mask)
        for signal in stopSignals + [SIGALRM] { sigaddset(&action.sa_mask, signal) }
        action.sa_flags = 0
        action.__sigaction_handler.sa_handler = { _ in StopSignals.stop() }
        for signal in stopSignals { sigaction(signal, &action, nil) }
        action.__sigaction_handler.sa_handler = { _ in }
        sigaction(SIGALRM, &action, nil)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signal in stopSignals + [SIGALRM] { sigaddset(&unblocked, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        return pipe.descriptor
    }

    nonisolated(unsafe) private static var installed: Int32?
    nonisolated(unsafe) private static var stopPipe: WakePipe?

    private static let stopSignals = [SIGINT, SIGTERM, SIGHUP]

    /// The handler's work: only async-signal-safe calls.
    private static func stop() {
        StopRequest.request()
        var byte: UInt8 = 1
        _ = write(notify, &byte, 1)
        let period = timeval(tv_sec: 0, tv_usec: 100_000)
        var timer = itimerval(it_interval: period, it_value: period)
        _ = setitimer(__itimer_which_t(ITIMER_REAL.rawValue), &timer, nil)
    }
}
