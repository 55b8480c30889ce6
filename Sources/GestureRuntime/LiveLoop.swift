import GestureCore
import Glibc
import SystemCalls

/// `poll()` failed with something other than an interruption: the loop cannot wait on its source any more.
package struct PollFailure: Error, Equatable, CustomStringConvertible {
    package var errno: Errno

    @inlinable package init(_ errno: Errno) {
        self.errno = errno
    }

    /// `poll failed: Bad file descriptor`.
    package var description: String { "poll failed: \(errno)" }
}

/// The step of a live main loop, the one home of the loop `gestures live` and `record` run and the thread of a
/// `GestureSession`: sleep in `poll()` until the source's input, its next wake-up or a wake-up of the caller's (a
/// stop, a session's change), then dispatch it. The caller does what comes after (prints the lines, stops the
/// source at a stop, runs a session's changes, ends at the source's end).
package struct LiveLoop<Source: GestureSource, Clock: MonotonicClock> {
    /// What woke the loop.
    package enum Wake: Equatable {
        /// The source's input or its wake-up: the source was dispatched.
        case dispatched
        /// The wake descriptor is readable: the source was not dispatched. The caller sees why (a stop; a
        /// session's change), and drains the descriptor if it goes on.
        case woken
    }

    /// `pollDescriptors(_:timeoutMilliseconds:)`, or a test's poll that fails.
    package typealias Poll = (inout [pollfd], Int32) -> Result<Int32, Errno>

    // `@inlinable`, its state `@usableFromInline`: generic code of another module, its step ran unspecialized in
    // `gestures live` (the clock and the source through witness tables, generic metadata looked up every wake-up).
    package let source: Source
    /// A type, not `any MonotonicClock`: it is read twice a wake-up, and an existential would be opened each
    /// time (docs/performance.md).
    @usableFromInline let clock: Clock
    /// The timeout with no wake-up from the source, in milliseconds: −1, none.
    @usableFromInline let idleTimeout: Int32
    @usableFromInline let poll: Poll
    /// The source's descriptor, then the wake descriptor.
    @usableFromInline var descriptors: [pollfd]

    /// The loop of `source`, woken when `wakeDescriptor` is readable (a `WakePipe`'s: `gestures live`'s stop
    /// signals, a session's stop and changes), on `clock`.
    package init(source: Source, wakeDescriptor: Int32, clock: Clock, idleTimeoutMilliseconds: Int32 = -1,
                 poll: @escaping Poll = { pollDescriptors(&$0, timeoutMilliseconds: $1) }) {
        self.source = source
        self.clock = clock
        self.idleTimeout = idleTimeoutMilliseconds
        self.poll = poll
        descriptors = [pollfd(fd: source.fileDescriptor ?? -1, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)]
    }

    /// Sleeps until the source's input, its next wake-up (a deadline plus the grace) or the wake descriptor,
    /// then dispatches the source, delivering its events to `deliver`, unless the wake descriptor is readable
    /// (`.woken`: it comes first, so that a stop or a change is never held behind input). A `poll()`
    /// interrupted by a signal (EINTR) sleeps again, its timeout computed anew; any other failure is thrown,
    /// the source neither dispatched nor stopped.
    @inlinable package mutating func step(_ deliver: (GestureEvent) -> Void) throws(PollFailure) -> Wake {
        while true {
            // Optional chaining, not `map`: the closure looked up the loop's generic metadata at every wake-up
            // with a deadline (docs/performance.md).
            let timeout = source.nextWakeup?.pollTimeout(from: clock.now()) ?? idleTimeout
            descriptors[0].revents = 0
            descriptors[1].revents = 0
            if case .failure(let error) = poll(&descriptors, timeout) {
                if error == .interrupted { continue }
                throw PollFailure(error)
            }
            if descriptors[1].revents != 0 { return .woken }
            source.dispatch(now: clock.now(), deliver)
            return .dispatched
        }
    }
}
