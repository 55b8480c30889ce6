import ArgumentParser
import SystemCalls
import TraceFormats
import TracePlayback

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a trace and its gestures as a standalone SVG picture, still or animated.",
        discussion: """
        The surface to scale in mm with the layout's targets, each contact's path coloured by finger, the \
        gestures on top, and a strip of the gestures over time under it. The trace is replayed as `replay` \
        does (the same layout, --device and --size). With --animate, the picture replays the trace in real \
        time, looping (SMIL; a viewer without it shows the still picture). With --explain, a lane of the strip \
        labels each decision of the recognizers (a state transition), its reason as the tooltip.
        """
    )

    @OptionGroup var layoutOption: LayoutOption

    @Option(name: .shortAndLong, help: ArgumentHelp("The SVG file to write (default: standard output).", valueName: "file"))
    var output: FilePath?

    @Flag(help: "Replay the trace in the picture, in real time, looping.")
    var animate = false

    @Flag(help: "Label the time strip with the recognizers' decisions: each state transition, its reason as the tooltip.")
    var explain = false

    @OptionGroup var traceDevice: TraceDeviceOptions

    @Argument(help: ArgumentHelp("The trace: \(TraceFormat.suffixesInWords).", valueName: "trace"))
    var trace: FilePath

    func run() throws {
        let layout = layoutOption.layout, device = traceDevice.device
        try refuseOutput(output, option: "-o", overwriting: TraceCompanions.inputFiles(ofTrace: trace, layout: layout, device: device))
        do throws(CommandError) {
            var options = ReplayOptions(device: device, size: traceDevice.size?.size, explain: explain, warn: { Diagnostics.warn($0) })
            let svg = try replaying { () throws(ReplayError) in
                if let layout { options.layout = try layoutFile(layout) }
                return Array(try picture(of: trace, options: options).svg(animated: animate).utf8)
            }
            if let output {
                do {
                    try FileReplacement.write(svg, to: output)
                } catch {
                    throw CommandError(status: CommandError.io, error.description)
                }
            } else if case .failure = svg.withUnsafeBytes({ SystemCalls.writeAll(1, $0) }) {
                throw CommandError(status: CommandError.io, "cannot write the picture to standard output")
            }
        } catch {
            Diagnostics.error(error.message)
            throw ExitCode(error.status)
        }
    }

}
