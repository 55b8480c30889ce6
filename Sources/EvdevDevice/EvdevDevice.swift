import CLibevdev
import EvdevModel
import GestureCore
import Glibc
// `Errno` is part of this module's API (`EvdevError`, `DeviceRead.failed`): an app that imports it sees it.
@_exported import SystemCalls

/// Why a device could not be used.
public enum EvdevError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No such file.
    case missing(path: String)
    /// The node exists but may not be opened: the caller needs access to /dev/input.
    case permissionDenied(path: String)
    /// The file is not an evdev device.
    case notEvdev(path: String, Errno)
    /// The device went away.
    case lost(path: String, name: String)
    /// Any other failure of a call on the device.
    case failed(path: String, operation: String, Errno)

    /// How to get access to /dev/input without root.
    public static let accessAdvice = "Reading input devices needs access to /dev/input: add yourself to the 'input' "
        + "group (sudo usermod -aG input $USER, then log in again), or give your user access with a udev rule such as "
        + "/etc/udev/rules.d/70-gestures.rules containing: "
        + "SUBSYSTEM==\"input\", KERNEL==\"event*\", ENV{ID_INPUT_TOUCHSCREEN}==\"1\", TAG+=\"uaccess\""

    public var description: String {
        switch self {
        case .missing(let path):
            return "\(path): no such device"
        case .permissionDenied(let path):
            return "\(path): permission denied. " + EvdevError.accessAdvice
        case .notEvdev(let path, let error):
            return "\(path): not an evdev input device (\(error))"
        case .lost(let path, let name):
            return "\(path): the device \"\(name)\" disappeared"
        case .failed(let path, let operation, let error):
            return "\(path): \(operation) failed: \(error)"
        }
    }
}

/// One of libevdev's own messages about a device, in libevdev's words (for example `BUG: Device "…" received
/// a double tracking ID -1 in slot 0.`).
public struct LibevdevMessage: Hashable, Sendable {
    /// How much the message matters, as libevdev logs it.
    public enum Priority: Hashable, Sendable {
        /// Errors, and libevdev's "BUG:" reports of events it dropped or changed.
        case error
        /// Information, such as "SYN_DROPPED received after finished sync - you're not keeping up".
        case info
    }

    /// How much it matters.
    public var priority: Priority
    /// The message, without its trailing newline.
    public var text: String

    /// A message of `priority` saying `text`.
    public init(priority: Priority, text: String) {
        self.priority = priority
        self.text = text
    }
}

/// Receives libevdev's messages about one device, which libevdev would otherwise print to stderr itself.
public typealias LibevdevMessageHandler = (LibevdevMessage) -> Void

/// Holds a device's message handler where libevdev's C log function reaches it (`gestures_libevdev_log`).
private final class MessageRelay {
    let handler: LibevdevMessageHandler
    /// Given to libevdev: the C sink and this relay as its context. Lives as long as the relay, which the
    /// device keeps until after `libevdev_free`.
    let log: UnsafeMutablePointer<gestures_libevdev_log>

    init(handler: @escaping LibevdevMessageHandler) {
        self.handler = handler
        log = .allocate(capacity: 1)
        log.initialize(to: gestures_libevdev_log(sink: relayMessage, context: nil))
        log.pointee.context = Unmanaged.passUnretained(self).toOpaque()
    }

    deinit {
        log.deinitialize(count: 1)
        log.deallocate()
    }
}

/// The C sink of every device's messages: hands the message to the device's relay.
private let relayMessage: gestures_libevdev_message_sink = { context, priority, message in
    guard let context, let message else { return }
    let relay = Unmanaged<MessageRelay>.fromOpaque(context).takeUnretainedValue()
    relay.handler(LibevdevMessage(priority: priority <= Int32(LIBEVDEV_LOG_ERROR.rawValue) ? .error : .info,
                                  text: String(cString: message)))
}

/// What one read from a device gave.
package enum DeviceRead: Sendable {
    /// Events from the device, one or more, in `EventDevice.readAhead`, in the order libevdev delivers them (a
    /// `SYN_DROPPED` included): the caller takes them from there, moving past them with `EventDevice.skip(_:)`.
    case events
    /// One of libevdev's resync events, after a `SYN_DROPPED` or `.resynced`: the device's state, read again,
    /// stamped with the time of the latest event libevdev handled (not when it was read).
    case synced(InputEvent)
    /// Nothing more to read now.
    case wouldBlock
    /// A read failed with the device still there: events may be lost, and libevdev's view of the device may
    /// be wrong. `inARow` counts the failures since the last read that worked (an event from the device, or
    /// the read that started a resync). The next reads
    /// resync: `.resynced`, once libevdev has read the device's state again, then its resync as events.
    case failed(Errno, inARow: Int)
    /// After failed reads, libevdev has read the device's state again: the events that follow are its
    /// resync, as after a `SYN_DROPPED` from the kernel. The caller puts a `SYN_DROPPED` of its own before them.
    case resynced
}

/// A device's events, read in runs: what a live source reads (`EvdevDevice`, or a test's stand-in).
package protocol EventDevice: AnyObject {
    /// The device's node, for messages.
    var path: String { get }
    var description: DeviceDescription { get }
    /// For `poll()`: readable when events are waiting.
    var fileDescriptor: Int32 { get }
    /// `.events` while `readAhead` holds events; else reads the device: its events (`.events`, into `readAhead`),
    /// `.wouldBlock`, or a failed read and the resync after it. Throws when the device is gone.
    func next() throws(EvdevError) -> DeviceRead
    /// The device's events read and not yet taken, in order: a caller takes them where they lie, then `skip(_:)`s
    /// them. Valid until the next call on the device.
    var readAhead: UnsafeBufferPointer<InputEvent> { get }
    /// Moves past the first `count` events of `readAhead`.
    func skip(_ count: Int)
    /// Releases the device; reading it after that is a programming error.
    func close()
}

/// A touch device read through libevdev (layer 3: a typed, throwing API; no libevdev type leaves it).
package final class EvdevDevice: EventDevice {
    package let path: String
    package let description: DeviceDescription
    /// For `poll()`: readable when events are waiting.
    package let fileDescriptor: Int32
    private let device: OpaquePointer
    private let messages: MessageRelay
    /// Normal reads, sync mode after a `SYN_DROPPED`, or a forced resync after a failed read.
    private var state = ReadState()
    private var closed = false
    /// The device's events are handed out from `readAheadEvents`: `[nextReadAhead..<readAheadEnd]` are still to hand
    /// out (`readAhead` and `skip(_:)`), then `ending`. In normal mode libevdev's events are read in runs, with one call
    /// across the shim (`evdev_next_events`) into `runBuffer`; in sync mode, and after a failed read, one at a time.
    /// Like libevdev's own queue, `poll()` does not see them; a caller reads until `.wouldBlock` anyway.
    private let runBuffer = UnsafeMutableBufferPointer<input_event>.allocate(capacity: 64)
    private let readAheadEvents = UnsafeMutableBufferPointer<InputEvent>.allocate(capacity: 64)
    private var nextReadAhead = 0
    private var readAheadEnd = 0
    /// What libevdev answered after the events read ahead (with its event, for `LIBEVDEV_READ_STATUS_SYNC`), for
    /// the state machine once they are handed out.
    private var ending: (result: Result<Int32, Errno>, event: input_event)?

    /// Opens `path` for reading, non-blocking.
    ///
    /// - Parameters:
    ///   - grab: take the device for this process alone (`EVIOCGRAB`): nothing else sees its events.
    ///   - messages: receives libevdev's own messages about the device, from its setup on, instead of stderr.
    package init(path: String, grab: Bool = false, messages: @escaping LibevdevMessageHandler) throws(EvdevError) {
        let descriptor: Int32
        switch openDescriptor(path, flags: O_RDONLY | O_NONBLOCK | O_CLOEXEC) {
        case .success(let value):
            descriptor = value
        case .failure(let error):
            switch error {
            case .noSuchFile: throw .missing(path: path)
            case .permissionDenied, .notPermitted: throw .permissionDenied(path: path)
            case .noSuchDevice, .noSuchDeviceOrAddress: throw .missing(path: path)
            default: throw .failed(path: path, operation: "open", error)
            }
        }
        guard let handle = evdev_new() else {
            _ = system_close(descriptor)
            throw .failed(path: path, operation: "libevdev_new", Errno(rawValue: ENOMEM))
        }
        // The log before the setup, so that libevdev says nothing raw while it reads the device, and again
        // after it: libevdev_set_fd forgets the log's data (see gestures_libevdev_set_log).
        let relay = MessageRelay(handler: messages)
        evdev_set_log(handle, relay.log)
        if case .failure(let error) = valueOrNegatedErrno({ evdev_set_fd(handle, descriptor) }) {
            evdev_free(handle)
            _ = system_close(descriptor)
            throw .notEvdev(path: path, error)
        }
        evdev_set_log(handle, relay.log)
        self.path = path
        self.fileDescriptor = descriptor
        self.device = handle
        self.messages = relay
        self.description = EvdevDevice.describe(handle)
        if grab {
            if case .failure(let error) = valueOrNegatedErrno({ evdev_grab(handle, LIBEVDEV_GRAB) }) {
                close()
                throw .failed(path: path, operation: "grab (another program may hold it)", error)
            }
        }
    }

    deinit {
        close()
        runBuffer.deallocate()
        readAheadEvents.deallocate()
    }

    /// Releases the device.
    package func close() {
        guard !closed else { return }
        closed = true
        evdev_free(device)
        _ = system_close(fileDescriptor)
    }

    /// Asks for event times on `CLOCK_MONOTONIC`. Returns false when the device does not support it
    /// (an emulated device keeps its file's timestamps); the caller then relies on its offset estimate.
    @discardableResult
    package func useMonotonicClock() -> Bool {
        if case .success = valueOrNegatedErrno({ evdev_set_clock_id(device, CLOCK_MONOTONIC) }) { return true }
        return false
    }

    /// `.events` while `readAhead` holds events; else the device's next events (`.events`), `.wouldBlock`, or a
    /// failed read and the resync after it. After a `SYN_DROPPED` the resync events follow, as libevdev delivers
    /// them in sync mode. Throws when the device is gone.
    package func next() throws(EvdevError) -> DeviceRead {
        if nextReadAhead < readAheadEnd { return .events }
        // The state in a local while libevdev reads: the property's two accesses are then a load and a store,
        // which need no run-time exclusivity check (one each, per event: docs/performance.md).
        var state = self.state
        defer { self.state = state }
        while true {
            var raw = input_event()
            let result: Result<Int32, Errno>
            if let ending {
                self.ending = nil
                (result, raw) = ending
            } else if state.mode == .normal {
                var after: Int32 = 0
                let count = Int(evdev_next_events(device, state.flags, runBuffer.baseAddress!, Int32(runBuffer.count), &after))
                // `evdev_next_events` has retried on EINTR already.
                let afterResult = valueOrNegatedErrno(retryOnInterrupt: false) { after }
                if count > 0 {
                    // A run of LIBEVDEV_READ_STATUS_SUCCESS in normal mode: each the same step for the state
                    // machine, `.deliver`, which leaves it as it is after the first.
                    _ = state.read(.success(readStatusSuccess))
                    if after != readStatusSuccess {
                        ending = (afterResult, count < runBuffer.count ? runBuffer[count] : input_event())
                    }
                    for index in 0..<count { readAheadEvents[index] = InputEvent(runBuffer[index]) }
                    (nextReadAhead, readAheadEnd) = (0, count)
                    return .events
                }
                (result, raw) = (afterResult, runBuffer[0])
            } else {
                result = valueOrNegatedErrno { evdev_next_event(device, state.flags, &raw) }
            }
            switch state.read(result) {
            case .deliver:
                // The SYN_DROPPED of a LIBEVDEV_READ_STATUS_SYNC, handed out as a run's events are.
                readAheadEvents[0] = InputEvent(raw)
                (nextReadAhead, readAheadEnd) = (0, 1)
                return .events
            case .deliverSynced:
                return .synced(InputEvent(raw))
            case .readAgain:
                continue
            case .wouldBlock:
                return .wouldBlock
            case .resync:
                return .resynced
            case .failed(let error, let inARow):
                return .failed(error, inARow: inARow)
            case .lost:
                throw .lost(path: path, name: description.name)
            }
        }
    }

    package var readAhead: UnsafeBufferPointer<InputEvent> {
        UnsafeBufferPointer(rebasing: readAheadEvents[nextReadAhead..<readAheadEnd])
    }

    package func skip(_ count: Int) {
        precondition(count >= 0 && count <= readAheadEnd - nextReadAhead, "EvdevDevice.skip: \(count) events, more than read ahead")
        nextReadAhead += count
    }

    /// What libevdev knows of the device, as the project's model.
    private static func describe(_ device: OpaquePointer) -> DeviceDescription {
        let name = libevdev_get_name(device).map { String(cString: $0) } ?? ""
        let id = InputID(bustype: UInt16(truncatingIfNeeded: libevdev_get_id_bustype(device)),
                         vendor: UInt16(truncatingIfNeeded: libevdev_get_id_vendor(device)),
                         product: UInt16(truncatingIfNeeded: libevdev_get_id_product(device)),
                         version: UInt16(truncatingIfNeeded: libevdev_get_id_version(device)))
        var properties = CodeSet()
        for property in 0..<UInt32(INPUT_PROP_CNT) where libevdev_has_property(device, property) == 1 {
            properties.insert(UInt16(property))
        }
        var codes: [UInt16: CodeSet] = [:]
        var absinfo: [UInt16: AbsInfo] = [:]
        // As in an evemu header, the `EV_SYN` entry holds the event types (the kernel's `EVIOCGBIT(0)`),
        // not `EV_SYN`'s codes: libevdev reports every `SYN_*` code as present, and taking those as the
        // type mask made `record` write `B: 00 ff ff …` where evemu-describe writes `B: 00 0b …`.
        var types = CodeSet()
        for type in 0...UInt32(EV_MAX) where libevdev_has_event_type(device, type) == 1 {
            types.insert(UInt16(type))
            guard type != UInt32(EV_SYN) else { continue }
            var set = CodeSet()
            let maximum = libevdev_event_type_get_max(type)
            if maximum >= 0 {
                for code in 0...UInt32(maximum) where libevdev_has_event_code(device, type, code) == 1 {
                    set.insert(UInt16(code))
                    if type == UInt32(EV_ABS), let info = libevdev_get_abs_info(device, code) {
                        absinfo[UInt16(code)] = AbsInfo(minimum: info.pointee.minimum, maximum: info.pointee.maximum,
                                                        fuzz: info.pointee.fuzz, flat: info.pointee.flat,
                                                        resolution: info.pointee.resolution)
                    }
                }
            }
            codes[UInt16(type)] = set
        }
        codes[UInt16(EV_SYN)] = types
        return DeviceDescription(name: name, id: id, properties: properties, codes: codes, absinfo: absinfo)
    }
}

extension InputEvent {
    /// A `struct input_event` as the project's model.
    init(_ raw: input_event) {
        var raw = raw
        self.init(time: Timestamp(microseconds: Int64(gestures_event_microseconds(&raw))),
                  type: raw.type, code: raw.code, value: raw.value)
    }
}
