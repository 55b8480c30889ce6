#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A thread of the package's own, for work that must not wait on Swift's cooperative pool: a source's loop
/// that sleeps in `poll()` (`GestureEvents`), the traces of `gestures check` checked side by side.
package struct SystemThread {
    private let handle: pthread_t

    /// Starts a thread that runs `body`; nil when none could be started. Join it with `join()`.
    package init?(_ body: @escaping @Sendable () -> Void) {
        guard let handle = Self.start(body) else { return nil }
        self.handle = handle
    }

    /// Waits until the thread's `body` returns.
    package func join() {
        pthread_join(handle, nil)
    }

    /// Starts a thread that runs `body` and is never joined: its resources go when it ends. False when none could
    /// be started.
    package static func detach(_ body: @escaping @Sendable () -> Void) -> Bool {
        guard let handle = start(body) else { return false }
        pthread_detach(handle)
        return true
    }

    private static func start(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
        let work = Unmanaged.passRetained(ThreadWork(body))
        var handle = pthread_t()
        let created = pthread_create(&handle, nil, { raw in
            let work = Unmanaged<ThreadWork>.fromOpaque(raw!).takeRetainedValue()
            work.body()
            return nil
        }, work.toOpaque())
        guard created == 0 else {
            work.release()
            return nil
        }
        return handle
    }
}

/// A thread's work, handed over through `pthread_create`'s context pointer.
private final class ThreadWork: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}

/// `CLOCK_MONOTONIC` now, in whole microseconds: the one reading of the monotonic clock in Swift (`MonotonicTime.now`,
/// the seconds a check took).
package func monotonicMicroseconds() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1000
}
