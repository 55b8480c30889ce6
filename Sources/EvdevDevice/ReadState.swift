import CLibevdev
import SystemCalls

/// How a device is read through `libevdev_next_event` (a state machine): normally; in sync mode while
/// libevdev hands over its resync after a `SYN_DROPPED`; or, after a read that failed with the device still
/// there, forcing libevdev to read the device's state again.
///
/// libevdev drops what a failed read got (an emulated device whose buffer overflowed returns part of an
/// event, and libevdev answers `EINVAL`), and its view of the device may then be wrong: it is resynced as
/// after a `SYN_DROPPED` (`LIBEVDEV_READ_FLAG_FORCE_SYNC`), which libevdev can do for any reason.
struct ReadState {
    enum Mode: Equatable {
        /// `LIBEVDEV_READ_FLAG_NORMAL`.
        case normal
        /// `LIBEVDEV_READ_FLAG_SYNC`: libevdev's resync, until it says `EAGAIN`.
        case syncing
        /// A read failed: the next read is `LIBEVDEV_READ_FLAG_FORCE_SYNC`, which starts a resync.
        case resyncNeeded
    }

    /// What a read's result means.
    enum Step: Equatable {
        /// An event from the device to hand over (a `SYN_DROPPED` included).
        case deliver
        /// One of libevdev's resync events to hand over: the device's state, read again, stamped with the time
        /// of the latest event libevdev handled.
        case deliverSynced
        /// Nothing to hand over yet: read again at once (the resync is over, back to normal reads).
        case readAgain
        /// Nothing to read now.
        case wouldBlock
        /// libevdev has read the device's state again after failed reads: its resync follows.
        case resync
        /// The read failed, the device still there; `inARow` failures since the last read that worked.
        case failed(Errno, inARow: Int)
        /// The device is gone.
        case lost
    }

    private(set) var mode: Mode = .normal
    /// Failed reads since the last one that worked: an event from the device, or the read that starts a
    /// resync (a resync's own events come from libevdev, not from a read).
    private(set) var failures = 0

    /// The flags of the next `libevdev_next_event`.
    ///
    /// `LIBEVDEV_READ_FLAG_BLOCKING` too, on a descriptor that is not blocking: libevdev then reads the
    /// device only when its queue is empty (and a read still returns `EAGAIN` when there is nothing), one
    /// `read()` for a batch of events instead of one for every event. That is all the flag does in libevdev
    /// 1.13, and it matters where a read is dear: umockdev answers each over a socket, and a read for every
    /// event could not keep up with 28,000 events a second.
    var flags: UInt32 {
        switch mode {
        case .normal: UInt32(readFlagNormal | readFlagBlocking)
        case .syncing: UInt32(readFlagSync | readFlagBlocking)
        case .resyncNeeded: UInt32(readFlagForceSync)
        }
    }

    /// The result of a `libevdev_next_event` with `flags`: its status, or its error.
    mutating func read(_ result: Result<Int32, Errno>) -> Step {
        switch (mode, result) {
        case (.normal, .success(let status)):
            failures = 0
            // LIBEVDEV_READ_STATUS_SYNC in normal mode: the event is a SYN_DROPPED, its resync follows.
            if status == readStatusSync { mode = .syncing }
            return .deliver
        case (.syncing, .success):
            return .deliverSynced
        case (.resyncNeeded, .success), (.resyncNeeded, .failure(.wouldBlock)):
            // LIBEVDEV_READ_STATUS_SYNC, with no event: libevdev read the device (or found nothing to read),
            // and will hand over the state it reads in sync mode. (It never says EAGAIN here; if it did, the
            // sync mode's first read would end the resync.)
            failures = 0
            mode = .syncing
            return .resync
        case (.normal, .failure(.wouldBlock)):
            return .wouldBlock
        case (.syncing, .failure(.wouldBlock)):
            mode = .normal
            return .readAgain
        case (.normal, .failure(let error)), (.syncing, .failure(let error)), (.resyncNeeded, .failure(let error)):
            if error.meansDeviceLost { return .lost }
            mode = .resyncNeeded
            failures += 1
            return .failed(error, inARow: failures)
        }
    }
}

// The libevdev constants (macros or enums behind static inline functions), read where they are used: the inline
// functions fold to constants, where global `let`s paid a `swift_once` at each access, at every event
// (docs/performance.md).
private var readFlagNormal: Int32 { gestures_libevdev_read_flag_normal() }
private var readFlagSync: Int32 { gestures_libevdev_read_flag_sync() }
private var readFlagForceSync: Int32 { gestures_libevdev_read_flag_force_sync() }
private var readFlagBlocking: Int32 { gestures_libevdev_read_flag_blocking() }
private var readStatusSync: Int32 { gestures_libevdev_read_status_sync() }
var readStatusSuccess: Int32 { gestures_libevdev_read_status_success() }
