import CLibevdev

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
        /// The read failed, the device still there; `inARow` failures since the last event from the device.
        case failed(Errno, inARow: Int)
        /// The device is gone.
        case lost
    }

    private(set) var mode: Mode = .normal
    /// Failed reads since the last event read from the device (a resync's events do not count).
    private(set) var failures = 0

    /// The flags of the next `libevdev_next_event`.
    var flags: UInt32 {
        switch mode {
        case .normal: UInt32(readFlagNormal)
        case .syncing: UInt32(readFlagSync)
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
            // LIBEVDEV_READ_STATUS_SYNC, with no event: libevdev will hand over the state it reads in sync
            // mode. (It never says EAGAIN here; if it did, the sync mode's first read would end the resync.)
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

// The libevdev constants, read once (they are macros or enums behind static inline functions).
private let readFlagNormal = gestures_libevdev_read_flag_normal()
private let readFlagSync = gestures_libevdev_read_flag_sync()
private let readFlagForceSync = gestures_libevdev_read_flag_force_sync()
private let readStatusSync = gestures_libevdev_read_status_sync()
