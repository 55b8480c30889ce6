#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A pipe that wakes a thread sleeping in `poll()`: `signal()`, from any thread, makes `descriptor` readable until
/// the woken thread `drain()`s it. The thread of a gesture session polls it beside its source (a stop, a change
/// waiting), `gestures live` beside the device (a stop signal, whose handler writes to `writeDescriptor`).
///
/// Both ends are non-blocking and closed on `exec`; they are closed when the pipe goes. A signal on a full pipe
/// is dropped: the pipe is readable already, which is all a signal says (the reason is kept beside it, by the
/// caller). So it never blocks, and never holds more than the pipe's buffer.
package final class WakePipe: Sendable {
    /// The read end: readable once signalled, until drained.
    package let descriptor: Int32
    /// The write end: a byte written makes `descriptor` readable (a signal handler's `write(2)`).
    package let writeDescriptor: Int32

    /// A new pipe; nil when the system cannot make one (out of descriptors).
    package init?() {
        var ends: [Int32] = [-1, -1]
        guard case .success = valueOrErrno({ system_pipe(&ends) }) else { return nil }
        for end in ends {
            _ = system_fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = system_fcntl(end, F_SETFL, O_NONBLOCK)
        }
        descriptor = ends[0]
        writeDescriptor = ends[1]
    }

    deinit {
        _ = closeDescriptor(descriptor)
        _ = closeDescriptor(writeDescriptor)
    }

    /// Makes `descriptor` readable (a byte written; none when the pipe is full, and readable already).
    package func signal() {
        var byte: UInt8 = 1
        _ = valueOrErrno { system_write(writeDescriptor, &byte, 1) }
    }

    /// Reads every byte waiting, so that `descriptor` is no longer readable until the next `signal()`. Call it
    /// before looking at what the signals were for: a signal made after the drain wakes the next `poll()`.
    package func drain() {
        var bytes = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        let size = MemoryLayout.size(ofValue: bytes)
        while case .success(let count) = withUnsafeMutableBytes(of: &bytes, { readDescriptor(descriptor, into: $0.baseAddress!, count: size) }),
              count == size {}
    }
}
