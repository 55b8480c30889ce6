import EvdevDevice
import LiveInput
import Synchronization
import SystemCalls
import TracePlayback

/// libevdev's own messages (SPEC "Live input"): each distinct message once per run, as a warning naming the
/// device, and at most `limit` different ones; then one line saying that the rest are not shown. libevdev
/// repeats a message for every event it concerns (a "double tracking ID" for each bad lift), which would
/// otherwise flood stderr.
enum LibevdevMessages {
    /// How many different messages a run shows.
    static let limit = 10

    /// The handler for the device at `path`; `beforeSaying` is called before a message is said.
    static func handler(for path: String, beforeSaying: @escaping () -> Void = {}) -> LibevdevMessageHandler {
        { message in say(message, device: path, beforeSaying: beforeSaying) }
    }

    private struct Said {
        var texts: Set<String> = []
        var silenced = false
    }

    private enum Decision {
        case say
        case sayThenSilence
        case skip
    }

    private static let said = Mutex(Said())

    static func say(_ message: LibevdevMessage, device path: String, beforeSaying: () -> Void = {}) {
        let decision = said.withLock { said -> Decision in
            guard !said.silenced, !said.texts.contains(message.text) else { return .skip }
            if said.texts.count == limit {
                said.silenced = true
                return .sayThenSilence
            }
            said.texts.insert(message.text)
            return .say
        }
        switch decision {
        case .say:
            beforeSaying()
            Diagnostics.warn("\(path): libevdev: \(message.text)")
        case .sayThenSilence:
            beforeSaying()
            Diagnostics.warn("libevdev: more than \(limit) different messages; the others are not shown")
        case .skip:
            break
        }
    }
}

/// The touch devices of /dev/input, with libevdev's messages about each node said as the live session says them.
func scanDevices() -> DeviceScan {
    DeviceDiscovery.scan { node, message in LibevdevMessages.say(message, device: node) }
}
