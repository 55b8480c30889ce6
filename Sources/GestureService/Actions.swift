import GestureCore
import GestureFormat
import GestureRuntime
import SystemCalls

#if canImport(Glibc)
import Glibc
#endif

/// The runs of the bindings' commands (SPEC "Service"): each started without a shell, asynchronously, and reaped once
/// it ends (its pidfd is among the descriptors the service polls); a continuous binding's command reads its lines from
/// a pipe that never makes the service wait.
///
/// A binding has one run at a time on each device: a gesture that comes while its previous run on that device still
/// goes on is passed over, and said (`ServiceNotice.runSkipped`). So the commands running at once are at most the
/// bindings times the devices.
public final class ActionRunner {
    /// One command running.
    struct Run {
        /// The binding: the configuration it came from (`generation`) and its place there.
        var generation: Int
        var binding: Int
        /// The node of the device whose gesture set it off.
        var device: String
        /// How the notices name it: `bindings[0] (swipe)`.
        var name: String
        var command: String
        var child: ChildProcess
        /// The write end of its standard input, while a continuous gesture goes on.
        var input: Int32?
        /// Lines it was not given: its pipe was full.
        var dropped: Int
    }

    private var runs: [Run] = []
    /// The configuration whose bindings are run now; runs of an earlier one are still reaped.
    public private(set) var generation = 0
    private let notices: (ServiceNotice) -> Void
    /// The service's environment, less any `GESTURE_` variable, to which each run's own are added.
    private let environment: [String]

    /// A runner that says what happens to its commands to `notices`.
    public init(notices: @escaping (ServiceNotice) -> Void) {
        self.notices = notices
        environment = currentEnvironment().filter { !$0.hasPrefix("GESTURE_") }
    }

    /// From now on, bindings are those of a new configuration.
    public func reloaded() {
        generation += 1
    }

    /// The commands running.
    public var runningCount: Int { runs.count }

    /// Their process ids.
    public var runningProcesses: [pid_t] { runs.map(\.child.pid) }

    /// Their pidfds: each readable once its command has ended.
    public var descriptors: [Int32] { runs.compactMap { $0.child.descriptor >= 0 ? $0.child.descriptor : nil } }

    /// A wake-up in 100 ms while a command without a pidfd runs (an old kernel), so that it is reaped.
    public func nextWakeup(now: MonotonicTime) -> MonotonicTime? {
        runs.contains { $0.child.descriptor < 0 } ? now + .ms(100) : nil
    }

    /// Takes `step` of the binding at `index` (`binding`), set off by `event` on `device`. False when the command could
    /// not follow the gesture (its previous run still goes on, or it could not start): the caller passes the rest of
    /// the gesture over.
    @discardableResult
    public func take(_ step: ActionStep, binding: Binding, index: Int, event: GestureEvent, device: ServedDeviceInfo) -> Bool {
        let name = "bindings[\(index)] (\(binding.gesture.name))"
        let place = runs.firstIndex { $0.generation == generation && $0.binding == index && $0.device == device.node }
        switch step {
        case .run, .begin:
            if let place {
                notices(.runSkipped(binding: name, pid: runs[place].child.pid))
                return false
            }
            var input: (read: Int32, write: Int32)?
            if step.line != nil {
                switch inputPipe() {
                case .success(let ends): input = ends
                case .failure(let error):
                    notices(.commandFailed(binding: name, command: binding.run[0], error))
                    return false
                }
            }
            let variables = GestureEnvironment.variables(of: event, gesture: binding.gesture, device: device)
            let started = spawnProcess(binding.run, environment: environment + variables, standardInput: input?.read)
            if let input { _ = closeDescriptor(input.read) }
            switch started {
            case .success(let child):
                runs.append(Run(generation: generation, binding: index, device: device.node, name: name, command: binding.run[0], child: child,
                                input: input?.write, dropped: 0))
                if let line = step.line { write(line, to: runs.count - 1) }
                return true
            case .failure(let error):
                if let input { _ = closeDescriptor(input.write) }
                notices(.commandFailed(binding: name, command: binding.run[0], error))
                return false
            }
        case .update, .end, .cancel:
            guard let place, let line = step.line else { return true }
            write(line, to: place)
            if case .update = step { return true }
            closeInput(place)
            return true
        }
    }

    /// Writes `line` to the run's standard input unless its pipe is too full for all of it: then it is dropped and
    /// counted. A command that has closed its input takes no more.
    private func write(_ line: String, to place: Int) {
        guard let input = runs[place].input else { return }
        var text = line
        let written = text.withUTF8 { bytes in writeWithoutWaiting(input, UnsafeRawBufferPointer(bytes)) }
        switch written {
        case .success(let count) where count == line.utf8.count:
            return
        case .success:
            // Part of a line: the rest would come before the next; the pipe's 64 KiB make this rare. The line is cut,
            // and the command's input ends here, so that it never reads half a line followed by another.
            runs[place].dropped += 1
            closeInput(place)
        case .failure(let error) where error == .wouldBlock:
            runs[place].dropped += 1
        case .failure:
            // The command closed its input (EPIPE): it wants no more lines.
            closeInput(place)
        }
    }

    private func closeInput(_ place: Int) {
        if let input = runs[place].input { _ = closeDescriptor(input) }
        runs[place].input = nil
        if runs[place].dropped > 0 {
            notices(.linesDropped(binding: runs[place].name, count: runs[place].dropped))
            runs[place].dropped = 0
        }
    }

    /// Reaps every command that has ended, saying how when it was not an exit with status 0.
    public func reap() {
        var place = 0
        while place < runs.count {
            guard let ending = SystemCalls.reap(runs[place].child) else {
                place += 1
                continue
            }
            closeInput(place)
            if ending != .exited(0) && ending != .unknown {
                notices(.commandEnded(binding: runs[place].name, command: runs[place].command, pid: runs[place].child.pid, ending))
            }
            runs.remove(at: place)
        }
    }

    /// The standard inputs of the continuous commands still following a gesture are closed (the service stops).
    public func closeInputs() {
        for place in runs.indices { closeInput(place) }
    }
}

/// The variables a binding's command finds in its environment (SPEC "Service").
enum GestureEnvironment {
    static func variables(of event: GestureEvent, gesture: BoundGesture, device: ServedDeviceInfo) -> [String] {
        var variables = ["GESTURE_TYPE=" + gesture.name, "GESTURE_DEVICE=" + device.node, "GESTURE_DEVICE_NAME=" + device.name,
                         "GESTURE_TIME=" + Numbers.seconds(event.time)]
        func add(_ name: String, _ value: Double) { variables.append("GESTURE_\(name)=" + Numbers.decimal(value)) }
        func add(_ name: String, _ value: String) { variables.append("GESTURE_\(name)=" + value) }
        switch event.kind {
        case .swipe(let swipe):
            add("FINGERS", String(swipe.fingers))
            add("DIRECTION", swipe.direction.rawValue)
            add("VX", swipe.vx)
            add("VY", swipe.vy)
        case .tap(let tap):
            add("FINGERS", String(tap.fingers))
            add("COUNT", String(tap.count))
            add("X", tap.x)
            add("Y", tap.y)
        case .longPress(let press):
            add("FINGERS", "1")
            add("X", press.x)
            add("Y", press.y)
        case .edgeSwipe(_, let swipe):
            add("FINGERS", "1")
            add("EDGE", swipe.edge.rawValue)
            add("DX", swipe.dx)
            add("DY", swipe.dy)
        case .magnify(_, let magnify):
            add("FINGERS", "2")
            add("DIRECTION", magnify.scale < 1 ? "in" : "out")
            add("SCALE", magnify.scale)
            add("X", magnify.center.x)
            add("Y", magnify.center.y)
        case .rotation(_, let rotation):
            add("FINGERS", "2")
            add("DIRECTION", rotation.rotation > 0 ? "clockwise" : "counterclockwise")
            add("ROTATION", rotation.rotation)
            add("X", rotation.center.x)
            add("Y", rotation.center.y)
        case .select, .pan, .wind, .rotate, .haptic, .zoom, .quickScale, .gesture, .explanation:
            break
        }
        variables.append("GESTURE_LINE=" + ServiceLines.line(event, device: device.node))
        return variables
    }
}

/// The service's JSON Lines: `gestures live`'s, each beginning with the device's node.
public enum ServiceLines {
    private static let formatter = EventFormatter(format: .jsonl)

    /// `{"device":"/dev/input/event20","time":…}`: the line of `event`, without its line end.
    public static func line(_ event: GestureEvent, device: String) -> String {
        "{\"device\":" + JSONText.quoted(device) + "," + formatter.line(for: event).dropFirst()
    }
}
