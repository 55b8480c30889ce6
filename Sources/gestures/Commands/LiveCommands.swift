import ArgumentParser
import EvdevDevice
import GestureCore
import GestureFormat
import Haptics
import LiveInput
import SystemCalls
import TraceFormats
import TracePlayback

/// The device to use: the one named, else the touchscreen with the lowest event number.
func chooseDevice(_ named: String?) throws -> String {
    if let named { return named }
    let scan = scanDevices()
    // (One that live refuses, a position axis without a range, is passed over: `devices` says why.)
    if let screen = scan.touchDevices.first(where: { $0.kind == .touchscreen && $0.problem == nil }) { return screen.node }
    if !scan.denied.isEmpty {
        Diagnostics.error("no touchscreen could be opened: permission denied on \(scan.denied.joined(separator: ", ")). "
                          + EvdevError.accessAdvice)
        throw ExitCode(CommandError.permission)
    }
    let touchpads = scan.touchDevices.filter { $0.kind == .touchpad }.map(\.node)
    Diagnostics.error("no touchscreen found" + (touchpads.isEmpty ? "" : "; touchpads are used only when named: \(touchpads.joined(separator: ", "))"))
    throw ExitCode(CommandError.missing)
}

struct LiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "live",
        abstract: "Recognize gestures on a touch device as they happen.",
        discussion: """
        Reads DEVICE (an /dev/input/eventN node) through libevdev, or else the touchscreen with the lowest \
        event number; touchpads only when named. Ends on SIGINT, SIGTERM or SIGHUP (status 0), cancelling the \
        gestures in progress; a device that disappears ends it with status 74.
        """
    )

    @Argument(help: ArgumentHelp("The device node, e.g. /dev/input/event5.", valueName: "device"))
    var device: String?

    @OptionGroup var layoutOption: LayoutOption

    @Option(help: "Output format: jsonl (stable) or text (for people).")
    var format: OutputFormat = .jsonl

    @Option(help: ArgumentHelp(SurfaceSize.help, valueName: "WxH"))
    var size: SurfaceSize?

    @Option(name: .customLong("grace-ms"), help: ArgumentHelp("How late (ms) a deadline with no input may fire.", valueName: "n"))
    var graceMs: Int = 20

    @Flag(help: "Take the device for this process alone (EVIOCGRAB).")
    var grab = false

    @Option(help: ArgumentHelp("Also write the device's events to FILE as an evemu trace.", valueName: "file"))
    var record: FilePath?

    @Flag(help: "Also print a line per state transition of the recognizers, with its reason in numbers.")
    var explain = false

    @Option(help: ArgumentHelp("Play the haptic events on a force-feedback device node, or through feedbackd.",
                               valueName: "device|feedbackd"))
    var haptics: String?

    func validate() throws {
        guard (0...60_000).contains(graceMs) else { throw ValidationError("--grace-ms must be between 0 and 60000") }
    }

    func run() throws {
        let layout = layoutOption.layout
        var inputs: [(path: FilePath, what: String)] = []
        if let layout { inputs.append((layout, "the layout")) }
        if let device { inputs.append((FilePath(device), "the device")) }
        try refuseOutput(record, option: "--record", overwriting: inputs)
        var options = LiveOptions()
        options.format = format
        options.size = size?.size
        options.grace = .ms(Int64(graceMs))
        options.grab = grab
        options.record = record.map { .file($0) }
        options.explain = explain
        do {
            if let layout { options.layout = try replaying { () throws(ReplayError) in try layoutFile(layout) } }
            let node = try chooseDevice(device)
            let player = try haptics.map { output throws(CommandError) in try hapticPlayer(output) }
            defer { player?.close() }
            options.haptics = player
            try runSession(LiveSession(device: node, options: options, output: LineWriter(descriptor: 1, buffering: .live(descriptor: 1))))
        } catch let error as CommandError {
            Diagnostics.error(error.message)
            throw ExitCode(error.status)
        }
    }
}

/// The player of `live --haptics OUTPUT`: a force-feedback device node, or `feedbackd`. Its first failure while the
/// gestures run is a warning, once, and they go on without haptics (SPEC "Haptics").
func hapticPlayer(_ output: String) throws(CommandError) -> HapticPlayer {
    let settings = HapticSettings()
    do {
        let device = try HapticDestination(output).open(settings: settings)
        return try HapticPlayer(output: device, settings: settings) { error in
            Diagnostics.warn("\(error); the gestures go on without haptics")
        }
    } catch {
        let status: Int32
        switch error {
        case .invalidSettings, .noForceFeedback: status = CommandError.usage
        case .missing: status = CommandError.missing
        case .permissionDenied: status = CommandError.permission
        case .device, .feedbackd: status = CommandError.io
        }
        throw CommandError(status: status, error.description)
    }
}

/// Runs a live session to its end: status 0 when interrupted, 74 when the device was lost.
func runSession(_ session: LiveSession) throws {
    switch try session.run() {
    case .interrupted: return
    case .deviceLost: throw ExitCode(CommandError.io)
    }
}

struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a touch device's events as an evemu trace (header included) until interrupted."
    )

    @Argument(help: ArgumentHelp("The device node, e.g. /dev/input/event5.", valueName: "device"))
    var device: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The trace file (default: standard output).", valueName: "file"))
    var output: FilePath?

    @Flag(help: "Take the device for this process alone (EVIOCGRAB).")
    var grab = false

    func run() throws {
        var options = LiveOptions()
        options.grab = grab
        options.record = output.map { .file($0) } ?? .standardOutput
        try refuseOutput(output, option: "-o", overwriting: [(FilePath(device), "the device")])
        do {
            try runSession(LiveSession(device: device, options: options, recognize: false, output: nil))
        } catch let error as CommandError {
            Diagnostics.error(error.message)
            throw ExitCode(error.status)
        }
    }
}

struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List the touch devices: node, kind, protocol, size in mm, slots and name."
    )

    @Option(help: "Output format: text (a table, default) or jsonl.")
    var format: OutputFormat = .text

    func run() throws {
        let scan = scanDevices()
        let output = LineWriter(descriptor: 1)
        for device in scan.touchDevices {
            let kind = device.kind.map { "\($0)" } ?? "touch device"
            switch format {
            case .text:
                // A size the device does not give (no resolution on its axes): `?`.
                let width = device.size.map { Numbers.decimal($0.width) } ?? "?"
                let height = device.size.map { Numbers.decimal($0.height) } ?? "?"
                output.write(line: "\(device.node)\t\(kind)\tprotocol \(device.protocolName)\t\(width) x \(height) mm\t"
                                 + "\(device.slotCount) slot\(device.slotCount == 1 ? "" : "s")\t\(TerminalText.escaped(device.name))")
            case .jsonl:
                // The same unknown size: `null`, so that every line stays valid JSON.
                let width = device.size.map { Numbers.decimal($0.width) } ?? "null"
                let height = device.size.map { Numbers.decimal($0.height) } ?? "null"
                output.write(line: "{\"node\":\(JSONText.quoted(device.node)),\"name\":\(JSONText.quoted(device.name)),\"kind\":\(JSONText.quoted(kind)),"
                                 + "\"protocol\":\(JSONText.quoted(device.protocolName)),\"width\":\(width),\"height\":\(height),"
                                 + "\"slots\":\(device.slotCount)}")
            }
        }
        output.flush()
        // A device that live and record refuse is listed (its size unknown), and why is said.
        for device in scan.touchDevices {
            if let problem = device.problem { Diagnostics.warn("\(device.node): \(problem); live and record refuse it") }
        }
        if output.failed { throw ExitCode(CommandError.io) }
        if scan.touchDevices.isEmpty && !scan.denied.isEmpty {
            Diagnostics.error("permission denied on \(scan.denied.joined(separator: ", ")). " + EvdevError.accessAdvice)
            throw ExitCode(CommandError.permission)
        }
        // Nothing to list is not an error, but it is said (on stderr: standard output stays a valid list).
        if scan.touchDevices.isEmpty { Diagnostics.error("no touch devices found") }
    }
}
