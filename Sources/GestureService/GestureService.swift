import EvdevDevice
import EvdevModel
import GestureCore
import GestureRuntime
import Haptics
import LiveInput
import SystemCalls

#if canImport(Glibc)
import Glibc
#endif

/// A descriptor a part of the service's loop watches: for reading, and for writing too while it has output waiting.
public struct ServiceWatch: Hashable, Sendable {
    /// The descriptor.
    public var descriptor: Int32
    /// Watch it for writing (`POLLOUT`) as well as for reading (`POLLIN`).
    public var writing: Bool

    /// A watch of `descriptor`, for writing too when `writing`.
    public init(_ descriptor: Int32, writing: Bool = false) {
        self.descriptor = descriptor
        self.writing = writing
    }
}

/// A part of the service's loop besides its devices and commands (a socket's clients, say): the descriptors it
/// watches, when it wants to be woken at the latest, and its work at each wake-up.
public protocol ServicePart: AnyObject {
    /// The descriptors to watch; the part is dispatched at every wake-up of the loop.
    var descriptors: [ServiceWatch] { get }
    /// When to dispatch it at the latest with none ready; nil: not before one is.
    var nextWakeup: MonotonicTime? { get }
    /// Its work at a wake-up of the loop: it never blocks.
    func dispatch(now: MonotonicTime)
}

/// Where every gesture line of every device goes, besides the bindings (a socket's subscribers, `gestures serve
/// --print`).
public protocol GestureLineSink: AnyObject {
    /// The gesture line `event` of `device`, as it comes.
    func take(_ event: GestureEvent, from device: ServedDeviceInfo)
}

/// What the service knows of a device it serves.
public struct ServedDeviceInfo: Hashable, Sendable {
    /// Its node, `/dev/input/event20`.
    public var node: String
    /// Its name.
    public var name: String
    /// A touchscreen or a touchpad.
    public var kind: DeviceKind
    /// Its surface in mm, as the panel lies (not turned), and whether that size was assumed.
    public var surface: SurfaceMapping
    /// How the display's picture is turned on it.
    public var rotation: ViewTransform.Rotation
    /// Whether it recognizes a layout's targets (else the bindings').
    public var hasLayout: Bool

    /// What the service knows of the device at `node`.
    public init(node: String, name: String, kind: DeviceKind, surface: SurfaceMapping, rotation: ViewTransform.Rotation, hasLayout: Bool) {
        self.node = node
        self.name = name
        self.kind = kind
        self.surface = surface
        self.rotation = rotation
        self.hasLayout = hasLayout
    }
}

/// What the service says as it goes (the command line says it on stderr).
public enum ServiceNotice: Sendable {
    /// A device is served from now on.
    case deviceTaken(ServedDeviceInfo)
    /// A device is served no more, for `reason`. Its gestures in progress were cancelled.
    case deviceDropped(node: String, name: String, reason: DropReason)
    /// A touch device (or a node that could not be opened) is not served: why.
    case deviceRefused(node: String, LiveInputError)
    /// One of libevdev's messages about a device.
    case libevdev(node: String, LibevdevMessage)
    /// A read of a device failed, or its state was read again after failed reads (`LiveNotice`).
    case device(node: String, LiveNotice)
    /// A binding's command could not be started.
    case commandFailed(binding: String, command: String, Errno)
    /// A binding's gesture came while its previous run still went on: it was passed over.
    case runSkipped(binding: String, pid: pid_t)
    /// A binding's command ended other than with status 0.
    case commandEnded(binding: String, command: String, pid: pid_t, ChildEnding)
    /// A continuous binding's command was not given `count` lines: its pipe was full (it did not read them).
    case linesDropped(binding: String, count: Int)
    /// The configuration's haptics (given at `origin`, `serve.json:3: haptics`) could not be opened: the gestures go
    /// on without them.
    case hapticsUnavailable(origin: String, HapticError)
    /// Playing a haptic failed (the device unplugged, feedbackd gone): nothing more plays until the configuration is
    /// loaded again; the gestures go on.
    case hapticsFailed(HapticError)
}

/// Why a request of a client (`ServiceSocket`) was not carried out.
public enum ServiceRequestError: Error, Sendable, CustomStringConvertible {
    /// No device served has that node.
    case noDevice(String)
    /// The engine refused the change (a target no one has, a dial that is not one).
    case refused(GestureError)

    public var description: String {
        switch self {
        case .noDevice(let node): "no device served at \"\(node)\""
        case .refused(let error): error.description
        }
    }
}

/// Why a device is served no more.
public enum DropReason: Sendable {
    /// udev said it was removed.
    case removed
    /// Its source ended: the device was lost, or reading it kept failing.
    case failed(LiveInputError)
    /// The configuration loaded again no longer takes it (an `ignore`, touchpads no more).
    case reloaded
}

/// `gestures serve` (SPEC "Service"): every touch device udev knows, each with its own engine (a `LiveGestureSource`)
/// recognizing its layout or the bindings' targets, devices taken and dropped as they come and go, the bindings'
/// commands run and reaped, and the parts of others (`ServicePart`) in one `poll()` loop.
///
/// ```swift
/// let service = GestureService(configuration: configuration, notices: { say($0) })
/// service.start(now: clock.now())
/// while true {
///     if try service.step(wakeDescriptor: signals, clock: clock) == .woken { break }
/// }
/// service.stop(now: clock.now())
/// ```
public final class GestureService {
    /// One device served.
    final class Device {
        let info: ServedDeviceInfo
        let source: LiveGestureSource
        /// The bindings' matcher, for a device without a layout.
        var matcher: BindingMatcher?

        init(info: ServedDeviceInfo, source: LiveGestureSource, matcher: BindingMatcher?) {
            self.info = info
            self.source = source
            self.matcher = matcher
        }
    }

    /// What woke the loop.
    public enum Wake: Equatable, Sendable {
        /// Devices, commands or parts: they were dispatched.
        case dispatched
        /// The wake descriptor is readable (a signal): nothing was dispatched; the caller sees why.
        case woken
    }

    /// The configuration served now (`reload(_:now:)` replaces it).
    public private(set) var configuration: ServiceConfiguration
    /// The grace of the devices' deadlines (`LiveGestureSource.grace`).
    public let grace: TimeSpan
    private let notices: (ServiceNotice) -> Void
    /// The devices served, by node.
    private var devices: [String: Device] = [:]
    /// The nodes of `devices`, in the order they were taken (the order they are dispatched in).
    private var order: [String] = []
    private let monitor: DeviceMonitor?
    /// Where nodes are looked for when there is no udev monitor.
    private let directory: String
    /// The runs of the bindings' commands.
    public let runner: ActionRunner
    /// Parts of others in the loop.
    public var parts: [any ServicePart] = []
    /// Where every gesture line goes too.
    public var sinks: [any GestureLineSink] = []
    /// The player of the configuration's haptics, while one plays.
    private var haptics: ServiceHapticsPlayer?
    /// A device's rotation and layout as a request set them (`setRotation`, `setLayout`), over its rule's, until the
    /// next reload.
    private var overrides: [String: (rotation: ViewTransform.Rotation?, layout: Layout??)] = [:]

    /// A service of `configuration`, telling `notices` what happens. `monitor`: find devices through udev (false, or
    /// no udev: the event nodes of `directory` at `start`, and no hot-plug).
    public init(configuration: ServiceConfiguration, grace: TimeSpan = LiveGestureSource.defaultGrace, monitor: Bool = true,
                directory: String = "/dev/input", notices: @escaping (ServiceNotice) -> Void) {
        self.configuration = configuration
        self.grace = grace
        self.notices = notices
        self.monitor = monitor ? DeviceMonitor() : nil
        self.directory = directory
        runner = ActionRunner(notices: notices)
    }

    /// Whether udev tells the service of devices that come and go.
    public var hotPlug: Bool { monitor != nil }

    /// The devices served, in the order they were taken.
    public var served: [ServedDeviceInfo] { order.compactMap { devices[$0]?.info } }

    /// Opens the configuration's haptics, and takes every device present (none is no error).
    public func start(now: MonotonicTime) {
        openHaptics()
        let nodes = monitor?.present() ?? DeviceDiscovery.eventNodes(in: directory).map(\.node)
        for node in nodes { take(node) }
    }

    /// Sleeps until a device's input or deadline, a udev change, a command's end, a part's descriptor or wake-up, or
    /// the wake descriptor, then dispatches what is ready (`.woken`, nothing dispatched, when the wake descriptor is
    /// readable). A `poll()` interrupted by a signal sleeps again; any other failure is thrown.
    package func step<Clock: MonotonicClock>(wakeDescriptor: Int32, clock: Clock) throws(PollFailure) -> Wake {
        while true {
            let now = clock.now()
            var descriptors = [pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)]
            if let monitor { descriptors.append(pollfd(fd: monitor.descriptor, events: Int16(POLLIN), revents: 0)) }
            if let haptics { descriptors.append(pollfd(fd: haptics.descriptor, events: Int16(POLLIN), revents: 0)) }
            var wakeup: MonotonicTime?
            func consider(_ time: MonotonicTime?) {
                if let time, wakeup.map({ time < $0 }) ?? true { wakeup = time }
            }
            for node in order {
                guard let device = devices[node] else { continue }
                descriptors.append(pollfd(fd: device.source.fileDescriptor ?? -1, events: Int16(POLLIN), revents: 0))
                consider(device.source.nextWakeup)
            }
            for descriptor in runner.descriptors { descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
            consider(runner.nextWakeup(now: now))
            for part in parts {
                for watch in part.descriptors {
                    descriptors.append(pollfd(fd: watch.descriptor, events: Int16(POLLIN) | (watch.writing ? Int16(POLLOUT) : 0), revents: 0))
                }
                consider(part.nextWakeup)
            }
            if case .failure(let error) = pollDescriptors(&descriptors, timeoutMilliseconds: wakeup?.pollTimeout(from: now) ?? -1) {
                if error == .interrupted { continue }
                throw PollFailure(error)
            }
            if descriptors[0].revents != 0 { return .woken }
            dispatch(now: clock.now())
            return .dispatched
        }
    }

    /// Dispatches everything once: udev's news, every device (its input and deadlines), the commands that ended, the
    /// parts; and says a failure of the haptics. Never blocks.
    public func dispatch(now: MonotonicTime) {
        if let failure = haptics?.takeFailure() { notices(.hapticsFailed(failure)) }
        if let monitor {
            for change in monitor.changes() {
                switch change {
                case .added(let node): take(node)
                case .removed(let node): drop(node, now: now, reason: .removed)
                }
            }
        }
        for node in order {
            guard let device = devices[node] else { continue }
            device.source.dispatch(now: now) { event in deliver(event, from: device) }
            if device.source.isFinished { drop(node, now: now, reason: device.source.failure.map(DropReason.failed) ?? .removed) }
        }
        runner.reap()
        for part in parts { part.dispatch(now: now) }
    }

    /// Takes `configuration` instead (SIGHUP): every device's gestures in progress are cancelled, and each device
    /// present is taken again as the new configuration says (the commands running go on, and are reaped).
    public func reload(_ configuration: ServiceConfiguration, now: MonotonicTime) {
        let nodes = order
        let names = served.map(\.name)
        for node in nodes { drop(node, now: now, reason: .reloaded, saying: false) }
        self.configuration = configuration
        overrides = [:]
        runner.reloaded()
        closeHaptics()
        openHaptics()
        for node in nodes { take(node) }
        // A device that the old configuration passed over (a touchpad, an ignored one) may be taken now.
        let present = monitor?.present() ?? DeviceDiscovery.eventNodes(in: directory).map(\.node)
        for node in present where !nodes.contains(node) { take(node) }
        for (node, name) in zip(nodes, names) where devices[node] == nil {
            notices(.deviceDropped(node: node, name: name, reason: .reloaded))
        }
    }

    /// Stops: every device's gestures in progress are cancelled (their lines go to the bindings and the sinks), and
    /// the continuous commands' inputs are closed. The commands still running are left to finish.
    public func stop(now: MonotonicTime) {
        for node in order { drop(node, now: now, reason: .removed, saying: false) }
        closeHaptics()
        runner.reap()
        runner.closeInputs()
    }

    // MARK: Requests (a socket's clients)

    /// Sets the value of the dial `target` on the device at `node` (`GestureEngine.setDialValue(of:degrees:at:)`, at
    /// the device's time for `now`); its lines go to the sinks and the bindings.
    public func setDialValue(device node: String, target: String, degrees: Double, now: MonotonicTime) throws(ServiceRequestError) {
        guard let device = devices[node] else { throw .noDevice(node) }
        do {
            try device.source.change(now: now, { (engine, time) throws(GestureError) in
                try engine.setDialValue(of: target, degrees: degrees, at: time)
            }, { event in deliver(event, from: device) })
        } catch {
            throw .refused(error)
        }
    }

    /// Shows the device at `node` turned by `rotation` from now on (until a reload): its gestures in progress are
    /// cancelled, and it is taken again with that rotation.
    public func setRotation(device node: String, rotation: ViewTransform.Rotation, now: MonotonicTime) throws(ServiceRequestError) {
        guard devices[node] != nil else { throw .noDevice(node) }
        overrides[node, default: (nil, nil)].rotation = rotation
        drop(node, now: now, reason: .reloaded, saying: false)
        take(node)
    }

    /// Recognizes `layout`'s targets on the device at `node` from now on (until a reload; nil: the bindings'): its
    /// gestures in progress are cancelled, and it is taken again with that layout.
    public func setLayout(device node: String, layout: Layout?, now: MonotonicTime) throws(ServiceRequestError) {
        guard devices[node] != nil else { throw .noDevice(node) }
        overrides[node, default: (nil, nil)].layout = .some(layout)
        drop(node, now: now, reason: .reloaded, saying: false)
        take(node)
    }

    // MARK: Devices

    /// The line `event` of `device` to the haptics (a `haptic` line plays), the sinks and the bindings.
    private func deliver(_ event: GestureEvent, from device: Device) {
        haptics?.player.play(event)
        for sink in sinks { sink.take(event, from: device.info) }
        guard device.matcher != nil else { return }
        for (index, step) in device.matcher!.steps(for: event) {
            let binding = configuration.bindings[index]
            if !runner.take(step, binding: binding, index: index, event: event, device: device.info) {
                device.matcher!.passOver(index)
            }
        }
    }

    /// Plays the configuration's haptics from now on, or says why they cannot play.
    private func openHaptics() {
        guard let wanted = configuration.haptics else { return }
        do {
            haptics = try ServiceHapticsPlayer(wanted)
        } catch {
            notices(.hapticsUnavailable(origin: wanted.origin, error))
        }
    }

    /// Ends the haptics' player, if one plays (what it did not play yet is not played).
    private func closeHaptics() {
        haptics?.close()
        haptics = nil
    }

    /// Serves the device at `node` if it is a touch device the configuration takes (not the haptics' own device,
    /// which is the motor).
    private func take(_ node: String) {
        guard devices[node] == nil, configuration.haptics?.destination != .device(path: node) else { return }
        let description: DeviceDescription
        do {
            let probe = try EvdevDevice(path: node, messages: { [notices] in notices(.libevdev(node: node, $0)) })
            description = probe.description
            probe.close()
        } catch {
            // A node that vanished before it could be opened is no news; one that may not be opened is.
            if case .permissionDenied = error { notices(.deviceRefused(node: node, .device(error))) }
            return
        }
        guard description.touchProtocol != nil, let kind = description.kind,
              kind == .touchscreen || configuration.touchpads else { return }
        var rule = configuration.devices.first {
            $0.match.matches(name: description.name, vendor: Int(description.id.vendor), product: Int(description.id.product), node: node)
        } ?? DeviceRule()
        if let rotation = overrides[node]?.rotation { rule.rotation = rotation }
        if let layout = overrides[node]?.layout { rule.layout = layout }
        guard !rule.ignore else { return }
        if let problem = description.positionAxisProblem {
            notices(.deviceRefused(node: node, .positionAxisWithoutRange(path: node, problem: problem)))
            return
        }
        guard let surface = description.surfaceMapping(size: rule.size, layoutSurface: rule.layout?.surface) else {
            notices(.deviceRefused(node: node, .noPositionAxes(path: node)))
            return
        }
        let layout: Layout
        var matcher: BindingMatcher?
        if let own = rule.layout {
            layout = BindingTargets.turning(own, size: surface.size, rotation: rule.rotation)
        } else {
            layout = BindingTargets.layout(configuration.bindings, size: surface.size, rotation: rule.rotation)
            matcher = BindingMatcher(configuration.bindings, size: surface.size, rotation: rule.rotation)
        }
        let source: LiveGestureSource
        do {
            source = try LiveGestureSource(device: node, recognition: .layout(layout), size: rule.size, grace: grace, grab: rule.grab,
                                           messages: { [notices] in notices(.libevdev(node: node, $0)) },
                                           notices: { [notices] in notices(.device(node: node, $0)) })
        } catch {
            notices(.deviceRefused(node: node, error))
            return
        }
        let info = ServedDeviceInfo(node: node, name: description.name, kind: kind, surface: source.surface, rotation: rule.rotation,
                                    hasLayout: rule.layout != nil)
        devices[node] = Device(info: info, source: source, matcher: matcher)
        order.append(node)
        notices(.deviceTaken(info))
    }

    /// Serves the device at `node` no more: its gestures in progress are cancelled, their lines delivered.
    private func drop(_ node: String, now: MonotonicTime, reason: DropReason, saying: Bool = true) {
        guard let device = devices.removeValue(forKey: node) else { return }
        order.removeAll { $0 == node }
        device.source.stop(now: now) { event in deliver(event, from: device) }
        if saying { notices(.deviceDropped(node: node, name: device.info.name, reason: reason)) }
    }
}
