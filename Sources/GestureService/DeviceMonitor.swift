import CLibudev
import SystemCalls

/// The input devices as udev knows them, as libinput finds them: those present, then each that appears or disappears
/// (a netlink monitor of the subsystem `input`, whose descriptor the service polls). Only event nodes
/// (`/dev/input/eventN`) are reported.
public final class DeviceMonitor {
    /// A device that appeared or disappeared.
    public enum Change: Hashable, Sendable {
        /// The device at `node` appeared.
        case added(node: String)
        /// The device at `node` disappeared.
        case removed(node: String)
    }

    private let udev: OpaquePointer
    private let monitor: OpaquePointer

    /// The monitor's descriptor: readable when udev has news.
    public let descriptor: Int32

    /// A monitor of udev's input devices; nil when udev cannot be reached (no netlink socket).
    public init?() {
        guard let udev = udev_new() else { return nil }
        guard let monitor = udev_monitor_new_from_netlink(udev, "udev") else {
            udev_unref(udev)
            return nil
        }
        udev_monitor_filter_add_match_subsystem_devtype(monitor, "input", nil)
        guard udev_monitor_enable_receiving(monitor) >= 0 else {
            udev_monitor_unref(monitor)
            udev_unref(udev)
            return nil
        }
        self.udev = udev
        self.monitor = monitor
        descriptor = udev_monitor_get_fd(monitor)
    }

    deinit {
        udev_monitor_unref(monitor)
        udev_unref(udev)
    }

    /// The event nodes of the input devices present now, by event number.
    public func present() -> [String] {
        guard let enumerate = udev_enumerate_new(udev) else { return [] }
        defer { udev_enumerate_unref(enumerate) }
        udev_enumerate_add_match_subsystem(enumerate, "input")
        udev_enumerate_scan_devices(enumerate)
        var nodes: [String] = []
        var entry = udev_enumerate_get_list_entry(enumerate)
        while let current = entry {
            if let path = udev_list_entry_get_name(current), let device = udev_device_new_from_syspath(udev, path) {
                if let node = Self.eventNode(device) { nodes.append(node) }
                udev_device_unref(device)
            }
            entry = udev_list_entry_get_next(current)
        }
        return nodes.sorted { Self.number($0) < Self.number($1) }
    }

    /// What udev said since the last call, in order (never waits).
    public func changes() -> [Change] {
        var changes: [Change] = []
        while let device = udev_monitor_receive_device(monitor) {
            defer { udev_device_unref(device) }
            guard let node = Self.eventNode(device), let action = udev_device_get_action(device) else { continue }
            switch String(cString: action) {
            case "add": changes.append(.added(node: node))
            case "remove": changes.append(.removed(node: node))
            default: continue
            }
        }
        return changes
    }

    /// The device's node when it is an event node.
    private static func eventNode(_ device: OpaquePointer) -> String? {
        guard let text = udev_device_get_devnode(device) else { return nil }
        let node = String(cString: text)
        guard node.hasPrefix("/dev/input/event") else { return nil }
        return node
    }

    private static func number(_ node: String) -> Int { Int(node.dropFirst("/dev/input/event".count)) ?? Int.max }
}
