import GestureCore
import Synchronization
import SystemCalls

extension MonotonicTime {
    /// `CLOCK_MONOTONIC` now.
    public static var now: MonotonicTime {
        MonotonicTime(microseconds: monotonicMicroseconds())
    }
}

/// Where a loop that drives a `GestureSource` reads the time: the system's monotonic clock, or a test's
/// manual one. The sources themselves read no clock: each call takes `now`.
public protocol MonotonicClock: Sendable {
    /// The time now.
    func now() -> MonotonicTime
}

/// `CLOCK_MONOTONIC`.
public struct SystemMonotonicClock: MonotonicClock {
    /// The system's monotonic clock.
    public init() {}

    /// `CLOCK_MONOTONIC` now.
    public func now() -> MonotonicTime { .now }
}

/// A clock that moves only when told: for tests, and for replaying a trace in its own time as fast as
/// possible (set it to the source's `nextWakeup` instead of sleeping until then).
public final class ManualClock: MonotonicClock {
    private let time: Mutex<MonotonicTime>

    /// A clock that reads `start` until moved.
    public init(_ start: MonotonicTime = .zero) {
        time = Mutex(start)
    }

    /// The time the clock was last set to.
    public func now() -> MonotonicTime { time.withLock { $0 } }

    /// Moves the clock on by `span`.
    public func advance(by span: TimeSpan) {
        time.withLock { $0 = $0 + span }
    }

    /// Sets the clock to `time`, if that is later than it reads: it never goes back.
    public func advance(to later: MonotonicTime) {
        time.withLock { $0 = max($0, later) }
    }
}

/// The event clock of a device or a toolkit (the time its events carry), estimated from the monotonic clock (SPEC
/// "Live input"): the one home of that estimate, for the live source and the toolkit source.
///
/// Each event read gives the offset between its own time and its arrival on the monotonic clock; the
/// latest one is kept, so the estimate follows a device whose timestamps are on another clock (an
/// emulated device replays its file's timestamps) as well as one on the monotonic clock.
package struct EventClock {
    package private(set) var offset: Int64?
    package private(set) var latest: Timestamp?

    package init() {}

    package mutating func arrived(_ time: Timestamp, at monotonic: MonotonicTime) {
        offset = time.microseconds - monotonic.microseconds
        latest = time
    }

    /// The event clock at `monotonic`; never before the latest event.
    package func now(monotonic: MonotonicTime) -> Timestamp {
        guard let offset else { return Timestamp(microseconds: monotonic.microseconds) }
        let estimate = Timestamp(microseconds: monotonic.microseconds + offset)
        return latest.map { max($0, estimate) } ?? estimate
    }

    /// The monotonic time at which the event clock reaches `time`.
    package func monotonic(at time: Timestamp) -> MonotonicTime {
        MonotonicTime(microseconds: time.microseconds - (offset ?? 0))
    }
}
