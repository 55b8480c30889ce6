import ArgumentParser
import GestureCore
import GestureFormat
import LiveInput
import SystemCalls
import TraceFormats
import TracePlayback

#if canImport(Glibc)
import Glibc
#endif

struct Gestures: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gestures",
        abstract: "Recognize touch gestures in evdev traces and on live touch devices.",
        discussion: "Prints one event per line: JSON Lines by default (see the README for the fields).",
        subcommands: [ReplayCommand.self, CheckCommand.self, RenderCommand.self, LiveCommand.self, DevicesCommand.self, RecordCommand.self,
                      ServeCommand.self]
    )

    /// Parses the arguments as bytes (`RawArguments`), so that paths that are not UTF-8 open.
    ///
    /// SIGPIPE is ignored: a write to a pipe whose reader is gone (`gestures live --record FILE | head`)
    /// fails with EPIPE, and each command ends as on any failed write (status 74), `live` with its recording
    /// complete, rather than being killed at that write with its recording cut (SPEC "Command line").
    static func main() {
        signal(SIGPIPE, SIG_IGN)
        main(RawArguments.fromArgv())
    }
}

extension OutputFormat: ExpressibleByArgument {}

/// `--size WxH`: the surface's physical size in mm, each side above 0 and at most `Size.largestLength`.
struct SurfaceSize: ExpressibleByArgument {
    var size: Size

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
              width > 0, height > 0, width <= Size.largestLength, height <= Size.largestLength else { return nil }
        size = Size(width: width, height: height)
    }

    static var defaultValueDescription: String { "WxH" }

    static let help = "The surface's size in mm (each side above 0, at most \(Int(Size.largestLength))), for devices that report no resolution."
}

/// `--layout`, as `replay`, `render` and `live` take it.
struct LayoutOption: ParsableArguments {
    @Option(help: ArgumentHelp("The layout file (JSON).", valueName: "file"))
    var layout: FilePath?
}

/// `--device` and `--size`: the device of a trace, as `replay` and `render` take them.
struct TraceDeviceOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A device description (evemu-describe output) for a trace without a header; "
                               + "it replaces a trace's own, with a warning.", valueName: "desc"))
    var device: FilePath?

    @Option(help: ArgumentHelp(SurfaceSize.help, valueName: "WxH"))
    var size: SurfaceSize?
}

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay recorded traces (evemu or libinput record) and print the gestures in them.",
        discussion: """
        Without --layout, a NAME.layout.json beside each trace is used if present, else the whole surface \
        as one timeline named "surface" (domain 0-100, bucket 1). With several traces, each line begins \
        with "trace" and each trace starts from a fresh engine.
        """
    )

    @OptionGroup var layoutOption: LayoutOption

    @Option(help: "Output format: jsonl (stable) or text (for people).")
    var format: OutputFormat = .jsonl

    @OptionGroup var traceDevice: TraceDeviceOptions

    @Flag(help: "Also print a line per state transition of the recognizers, with its reason in numbers.")
    var explain = false

    @Argument(help: ArgumentHelp("Trace files: \(TraceFormat.suffixesInWords).", valueName: "trace"))
    var traces: [FilePath]

    func validate() throws {
        guard !traces.isEmpty else { throw ValidationError("Missing expected argument '<trace> ...'") }
    }

    func run() throws {
        let output = LineWriter(descriptor: 1)
        var options = ReplayOptions(format: format, device: traceDevice.device, size: traceDevice.size?.size, namesTraces: traces.count > 1,
                                    explain: explain, warn: { Diagnostics.warn($0) })
        var status: Int32?
        if let layout = layoutOption.layout {
            do {
                options.layout = try layoutFile(layout)
            } catch {
                Diagnostics.error(error.message)
                throw ExitCode(CommandError(error).status)
            }
        }
        for trace in traces where !output.failed {
            do {
                try replay(trace: trace, options: options, output: output)
            } catch {
                Diagnostics.error(error.message)
                status = status ?? CommandError(error).status
            }
        }
        output.flush()
        if output.failed { throw ExitCode(CommandError.io) }
        if let status { throw ExitCode(status) }
    }
}
