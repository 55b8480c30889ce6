import Haptics
import Synchronization
import SystemCalls

/// The service's haptics: a `HapticPlayer` on the configuration's destination, whose failure (said from the player's
/// own thread) is kept and wakes the service's loop, so that the loop says it, once, among its other notices.
final class ServiceHapticsPlayer {
    /// What the player's thread hands the loop: its failure, and the pipe that wakes the loop for it.
    private final class Failure: Sendable {
        let error = Mutex<HapticError?>(nil)
        let wake: WakePipe
        init(wake: WakePipe) { self.wake = wake }
    }

    let player: HapticPlayer
    private let failure: Failure

    /// A player on `haptics.destination` with the default settings; throws what opening it throws.
    init(_ haptics: ServiceHaptics) throws(HapticError) {
        guard let wake = WakePipe() else { throw .device(path: haptics.destination.description, what: "make a pipe", Errno.current) }
        let failure = Failure(wake: wake)
        let settings = HapticSettings()
        player = try HapticPlayer(output: try haptics.destination.open(settings: settings), settings: settings) { error in
            failure.error.withLock { $0 = error }
            failure.wake.signal()
        }
        self.failure = failure
    }

    /// The descriptor that becomes readable when the player failed.
    var descriptor: Int32 { failure.wake.descriptor }

    /// The player's failure, once: nil before it and after it was taken.
    func takeFailure() -> HapticError? {
        failure.wake.drain()
        return failure.error.withLock { error in
            defer { error = nil }
            return error
        }
    }

    /// Ends the player's thread and closes the output (a force-feedback device's effects erased).
    func close() { player.close() }
}
