import GestureCore
import GestureRuntime
import Synchronization
import SystemCalls

#if canImport(Glibc)
import Glibc
#endif

/// Plays the `haptic` events of a gesture stream on an output, on a thread of its own, so that a motor or a bus
/// never delays recognition: ``play(_:)-(GestureEvent)`` only hands the haptic over. The thread paces the haptics with a
/// ``HapticPacer`` on the monotonic clock (SPEC "Haptics", the burst rule) and plays them on its ``HapticOutput``.
///
/// The first failure of the output is reported once, to `failed`, and the player plays nothing more: the gestures
/// go on. ``close()`` ends the thread and closes the output.
///
/// ```swift
/// let motor = try ForceFeedbackDevice(path: "/dev/input/event1", settings: HapticSettings())
/// let haptics = try HapticPlayer(output: motor) { error in print("no haptics: \(error)") }
/// for event in events { haptics.play(event) }   // the haptic ones play; the others are ignored
/// haptics.close()
/// ```
public final class HapticPlayer: Sendable {
    /// The most haptics handed over and not yet taken by the thread; more are dropped (the thread takes them within
    /// a wake-up, so only a stalled thread would see them).
    public static let mailboxLimit = 256

    /// What the caller's threads hand the player's: the haptics, and whether to end.
    private struct Mailbox {
        var kinds: [HapticKind] = []
        var closing = false
    }

    /// The mailbox and the pipe that wakes the player's thread, shared with it.
    private final class Shared: Sendable {
        let mailbox = Mutex(Mailbox())
        let wake: WakePipe
        init(wake: WakePipe) { self.wake = wake }
    }

    private let shared: Shared
    private let thread: Mutex<SystemThread?>

    /// Starts the player's thread on `output`, paced by `settings` (the output's own), calling `failed` (from the
    /// thread) at the first failure. Throws ``HapticError/invalidSettings(_:)``, or ``HapticError/device(path:what:_:)``
    /// when no thread or pipe can be made.
    public init(output: any HapticOutput, settings: HapticSettings = HapticSettings(),
                clock: some MonotonicClock = SystemMonotonicClock(), failed: @escaping @Sendable (HapticError) -> Void) throws(HapticError) {
        try settings.validate()
        guard let wake = WakePipe() else { throw .device(path: "haptics", what: "make a pipe", Errno.current) }
        let shared = Shared(wake: wake)
        self.shared = shared
        thread = Mutex(nil)
        let started = SystemThread {
            Self.run(output: output, pacer: HapticPacer(settings: settings), clock: clock, shared: shared, failed: failed)
        }
        guard let started else { throw .device(path: "haptics", what: "start a thread", Errno.current) }
        thread.withLock { $0 = started }
    }

    deinit { close() }

    /// Plays `event` if it is a `haptic`; any other event is ignored.
    public func play(_ event: GestureEvent) {
        if case .haptic(let haptic) = event.kind { play(HapticKind(haptic)) }
    }

    /// Plays a haptic of `kind` (an app's own: a kitchen timer's end).
    public func play(_ kind: HapticKind) {
        let added = shared.mailbox.withLock { box in
            guard !box.closing, box.kinds.count < Self.mailboxLimit else { return false }
            box.kinds.append(kind)
            return true
        }
        if added { shared.wake.signal() }
    }

    /// Ends the thread (what still waits is not played) and closes the output. A second call does nothing.
    public func close() {
        shared.mailbox.withLock { $0.closing = true }
        shared.wake.signal()
        let ending = thread.withLock { thread in
            defer { thread = nil }
            return thread
        }
        ending?.join()
    }

    /// The thread: waits for haptics or the pacer's deadline, plays what is due.
    private static func run(output: any HapticOutput, pacer: HapticPacer, clock: some MonotonicClock, shared: Shared,
                            failed: @Sendable (HapticError) -> Void) {
        var pacer = pacer
        var working = true
        var watch = [pollfd(fd: shared.wake.descriptor, events: Int16(POLLIN), revents: 0)]
        defer { output.close() }
        while true {
            let timeout = pacer.nextDeadline?.pollTimeout(from: clock.now()) ?? -1
            watch[0].revents = 0
            if case .failure(let error) = pollDescriptors(&watch, timeoutMilliseconds: timeout), error != .interrupted {
                if working { failed(.device(path: "haptics", what: "wait", error)) }
                return
            }
            shared.wake.drain()
            let (kinds, closing) = shared.mailbox.withLock { box in
                defer { box.kinds.removeAll(keepingCapacity: true) }
                return (box.kinds, box.closing)
            }
            if closing { return }
            let now = clock.now()
            var plays = pacer.advance(to: now)
            for kind in kinds { plays += pacer.haptic(kind, now: now) }
            guard working else { continue }
            for play in plays {
                do {
                    try output.play(play.kind)
                } catch {
                    working = false
                    failed(error)
                    break
                }
            }
        }
    }
}
