import ArgumentParser
import EvdevDevice
import GestureCore
import GestureFormat
import GestureRuntime
import GestureService
import LiveInput
import SystemCalls

#if canImport(Glibc)
import Glibc
#endif

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve every touchscreen: run the configuration's bindings from gestures to commands.",
        discussion: """
        Reads the configuration (JSON; default $XDG_CONFIG_HOME/gestures/serve.json, else \
        ~/.config/gestures/serve.json), takes every touchscreen udev knows and each that appears later, and runs \
        the bound commands. SIGHUP reads the configuration again (one that fails to load keeps the old one); \
        SIGINT or SIGTERM stops (status 0), cancelling the gestures in progress.
        """
    )

    @Option(help: ArgumentHelp("The configuration file.", valueName: "file"))
    var config: FilePath?

    @Flag(help: "Also print every device's gesture lines (JSON Lines, each beginning with its device).")
    var print = false

    @Option(help: ArgumentHelp("The socket clients connect to (default $XDG_RUNTIME_DIR/gestures.sock).", valueName: "path"))
    var socket: String?

    @Option(name: .customLong("grace-ms"), help: ArgumentHelp("How late (ms) a deadline with no input may fire.", valueName: "n"))
    var graceMs: Int = 20

    func validate() throws {
        guard (0...60_000).contains(graceMs) else { throw ValidationError("--grace-ms must be between 0 and 60000") }
    }

    /// `--config`, else the default path; nil when neither `XDG_CONFIG_HOME` nor `HOME` is set.
    static func configurationPath(_ given: FilePath?) -> FilePath? {
        if let given { return given }
        if let home = getenv("XDG_CONFIG_HOME").map({ String(cString: $0) }), home.hasPrefix("/") {
            return FilePath(home + "/gestures/serve.json")
        }
        guard let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty else { return nil }
        return FilePath(home + "/.config/gestures/serve.json")
    }

    /// The configuration at `path`, or the error said and the status thrown.
    static func load(_ path: FilePath) -> Result<ServiceConfiguration, CommandError> {
        do {
            return .success(try ServiceConfiguration.load(path: path))
        } catch {
            let status = switch error.kind {
            case .unreadable: CommandError.missing
            case .malformed: CommandError.malformed
            case .io: CommandError.io
            }
            return .failure(CommandError(status: status, error.description))
        }
    }

    func run() throws {
        guard let path = Self.configurationPath(config) else {
            Diagnostics.error("no configuration: set HOME or XDG_CONFIG_HOME, or give --config FILE")
            throw ExitCode(CommandError.usage)
        }
        let configuration: ServiceConfiguration
        switch Self.load(path) {
        case .success(let loaded): configuration = loaded
        case .failure(let error):
            Diagnostics.error(error.message)
            throw ExitCode(error.status)
        }
        guard let signals = ServeSignals.install() else {
            Diagnostics.error("cannot watch SIGINT, SIGTERM and SIGHUP")
            throw ExitCode(CommandError.io)
        }
        let output = print ? LineWriter(descriptor: 1, buffering: .live(descriptor: 1)) : nil
        let say = ServiceMessages(beforeSaying: { output?.flush() })
        let service = GestureService(configuration: configuration, grace: .ms(Int64(graceMs)), notices: say.notice)
        let printer = output.map { LinePrinter(output: $0) }
        if let printer { service.sinks.append(printer) }
        let runtime = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) }.flatMap { $0.hasPrefix("/") ? $0 : nil }
        var hub: ServiceSocket?
        if let path = socket ?? runtime.map({ $0 + "/gestures.sock" }) {
            do {
                hub = try ServiceSocket(path: path, service: service)
            } catch {
                Diagnostics.error(error.description)
                throw ExitCode(CommandError.io)
            }
            service.parts.append(hub!)
            service.sinks.append(hub!)
        } else {
            Diagnostics.warn("XDG_RUNTIME_DIR is not set: no socket for clients (--socket PATH makes one)")
        }
        defer { withExtendedLifetime(hub) {} }
        if !service.hotPlug { Diagnostics.warn("udev cannot be reached: the devices present now are served, and none that comes later") }
        let clock = SystemMonotonicClock()
        service.start(now: clock.now())
        output?.flush()
        while true {
            let wake: GestureService.Wake
            do {
                wake = try service.step(wakeDescriptor: signals.descriptor, clock: clock)
            } catch {
                service.stop(now: clock.now())
                output?.flush()
                Diagnostics.error(error.description)
                throw ExitCode(CommandError.io)
            }
            if case .woken = wake {
                signals.drain()
                if ServeSignals.stopRequested {
                    service.stop(now: clock.now())
                    output?.flush()
                    return
                }
                switch Self.load(path) {
                case .success(let loaded):
                    service.reload(loaded, now: clock.now())
                    output?.flush()
                    Diagnostics.error("\(path): loaded again")
                case .failure(let error):
                    output?.flush()
                    Diagnostics.error(error.message + " (the configuration loaded before goes on)")
                }
            }
            output?.flush()
            if output?.failed == true {
                service.stop(now: clock.now())
                Diagnostics.error("cannot write the output")
                throw ExitCode(CommandError.io)
            }
        }
    }
}

/// `--print`: every gesture line, beginning with its device.
private final class LinePrinter: GestureLineSink {
    let output: LineWriter

    init(output: LineWriter) {
        self.output = output
    }

    func take(_ event: GestureEvent, from device: ServedDeviceInfo) {
        output.write(line: ServiceLines.line(event, device: device.node))
    }
}

/// What the service says, on stderr (SPEC "Service").
private final class ServiceMessages {
    private let beforeSaying: () -> Void
    /// libevdev's messages, by device (each said once a run, as `live` does).
    private var libevdev: [String: LibevdevMessageHandler] = [:]

    init(beforeSaying: @escaping () -> Void) {
        self.beforeSaying = beforeSaying
    }

    func notice(_ notice: ServiceNotice) {
        beforeSaying()
        switch notice {
        case .deviceTaken(let device):
            let size = Numbers.decimal(device.surface.size.width) + " x " + Numbers.decimal(device.surface.size.height) + " mm"
            let rotation = ["normal", "right", "inverted", "left"][device.rotation.rawValue / 90]
            Diagnostics.error("\(device.node): serving \"\(device.name)\" (\(device.kind), \(size), rotation \(rotation), "
                              + (device.hasLayout ? "its layout)" : "the bindings)"))
            if device.surface.resolutionAssumed { Diagnostics.warnResolutionAssumed(for: device.node) }
        case .deviceDropped(let node, let name, let reason):
            switch reason {
            case .removed: Diagnostics.error("\(node): \"\(name)\" was removed")
            case .failed(let error): Diagnostics.error(error.description)
            case .reloaded: Diagnostics.error("\(node): \"\(name)\" is no longer served: the configuration leaves it")
            }
        case .deviceRefused(let node, let error):
            if case .device(.permissionDenied) = error {
                Diagnostics.warnOnce(key: "serve: permission", "\(node): permission denied. " + EvdevError.accessAdvice)
            } else {
                Diagnostics.warn(error.description + "; it is not served")
            }
        case .libevdev(let node, let message):
            if libevdev[node] == nil { libevdev[node] = LibevdevMessages.handler(for: node) }
            libevdev[node]!(message)
        case .device(let node, let notice):
            if case .readFailed(let error, let inARow) = notice, inARow == 1 {
                Diagnostics.warn("\(node): reading the device failed (\(error)): events may be lost; "
                                 + "the gestures in progress are cancelled and the device's state is read again")
            }
        case .commandFailed(let binding, let command, let error):
            Diagnostics.warn("\(binding): cannot run \(command): \(error)")
        case .runSkipped(let binding, let pid):
            Diagnostics.warn("\(binding): its previous run (pid \(pid)) is still going on: this gesture is passed over")
        case .commandEnded(let binding, let command, let pid, let ending):
            switch ending {
            case .exited(let status): Diagnostics.warn("\(binding): \(command) (pid \(pid)) exited with status \(status)")
            case .signalled(let signal): Diagnostics.warn("\(binding): \(command) (pid \(pid)) was ended by signal \(signal)")
            case .unknown: break
            }
        case .linesDropped(let binding, let count):
            Diagnostics.warn("\(binding): \(count) line\(count == 1 ? " was" : "s were") dropped: the command was not reading its input")
        case .hapticsUnavailable(let origin, let error):
            Diagnostics.warn("\(origin): \(error); the gestures go on without haptics")
        case .hapticsFailed(let error):
            Diagnostics.warn("\(error); the gestures go on without haptics")
        }
    }
}

/// SIGINT and SIGTERM (stop) and SIGHUP (reload) for `gestures serve`: the handler notes which and writes a byte to a
/// pipe that the service's loop polls.
enum ServeSignals {
    nonisolated(unsafe) private static var notify: Int32 = -1
    nonisolated(unsafe) private static var pipe: WakePipe?

    /// Whether SIGINT or SIGTERM came.
    static var stopRequested: Bool { StopRequest.isRequested }

    /// Installs the handlers; the pipe whose read end becomes readable at each signal; nil when it cannot be made.
    static func install() -> WakePipe? {
        if let pipe { return pipe }
        guard let made = WakePipe() else { return nil }
        StopRequest.prepare()
        pipe = made
        notify = made.writeDescriptor
        var action = sigaction()
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        action.__sigaction_handler.sa_handler = { _ in
            StopRequest.request()
            var byte: UInt8 = 1
            _ = write(ServeSignals.notify, &byte, 1)
        }
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
        action.__sigaction_handler.sa_handler = { _ in
            var byte: UInt8 = 2
            _ = write(ServeSignals.notify, &byte, 1)
        }
        sigaction(SIGHUP, &action, nil)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&unblocked, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        return made
    }
}
