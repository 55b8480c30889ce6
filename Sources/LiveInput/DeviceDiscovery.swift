import EvdevDevice
import EvdevModel
import GestureCore
import Glibc
import SystemCalls

/// A touch device found in /dev/input.
public struct TouchDeviceInfo: Sendable {
    /// Its node: `/dev/input/event12`.
    public var node: String
    /// What libevdev reports of it.
    public var description: DeviceDescription
    /// The event number (`/dev/input/event12` → 12).
    public var number: Int

    /// The device's name.
    public var name: String { description.name }
    /// A touchscreen (a direct device) or a touchpad; nil when the device says neither.
    public var kind: DeviceKind? { description.kind }
    /// The surface's size in mm, when the device reports its resolution: nil when none of its position axes has one
    /// (replay and live then assume a resolution, SPEC "Surface, units, time", and say so; a listing does not), or
    /// when a position axis spans no range (`problem`).
    public var size: Size? {
        guard problem == nil else { return nil }
        return description.surfaceMapping().flatMap { $0.resolutionAssumed ? nil : $0.size }
    }
    /// Why `live` and `record` refuse the device, as a replay refuses a trace from it: a position axis that spans no
    /// range (`DeviceDescription.positionAxisProblem`). Nil when they take it.
    public var problem: String? { description.positionAxisProblem }
    /// How many contacts it tracks at once: its multitouch slots (1 for single touch).
    public var slotCount: Int { description.slotCount ?? 1 }

    /// "B" (slots), "A" (`SYN_MT_REPORT`) or "single-touch".
    public var protocolName: String {
        switch description.touchProtocol {
        case .multitouchSlots?: "B"
        case .multitouchAnonymous?: "A"
        case .singleTouch?: "single-touch"
        case nil: "none"
        }
    }
}

/// What a scan of /dev/input found.
public struct DeviceScan: Sendable {
    /// Touch devices, by event number.
    public var touchDevices: [TouchDeviceInfo] = []
    /// Nodes that could not be opened for lack of permission (`EvdevError.accessAdvice` says how to get access).
    public var denied: [String] = []

    /// The touchscreen with the lowest event number: the device `gestures live` uses when none is named.
    public var firstTouchscreen: TouchDeviceInfo? { touchDevices.first { $0.kind == .touchscreen } }
}

/// Finds the touch devices of /dev/input.
public enum DeviceDiscovery {
    /// The `eventN` nodes of `directory`, by number.
    public static func eventNodes(in directory: String = "/dev/input") -> [(node: String, number: Int)] {
        guard case .success(let names) = directoryEntryNames(directory) else { return [] }
        var nodes: [(String, Int)] = []
        for name in names.lazy.map({ String(decoding: $0, as: UTF8.self) }) {
            guard name.hasPrefix("event"), let number = Int(name.dropFirst(5)) else { continue }
            nodes.append((directory + "/" + name, number))
        }
        return nodes.sorted { $0.1 < $1.1 }
    }

    /// Opens every event node of `directory` and keeps the touch devices; `messages` gets libevdev's own
    /// messages about each node opened.
    public static func scan(directory: String = "/dev/input",
                            messages: @escaping (_ node: String, LibevdevMessage) -> Void = { _, _ in }) -> DeviceScan {
        var scan = DeviceScan()
        for (node, number) in eventNodes(in: directory) {
            do {
                let device = try EvdevDevice(path: node, messages: { messages(node, $0) })
                defer { device.close() }
                if device.description.touchProtocol != nil {
                    scan.touchDevices.append(TouchDeviceInfo(node: node, description: device.description, number: number))
                }
            } catch {
                if case .permissionDenied = error { scan.denied.append(node) }
            }
        }
        return scan
    }
}
