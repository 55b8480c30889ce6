import GestureCore
import Render
import TraceFormats

/// A trace played as `replay` plays it (the same layout, `--device` and `--size`, the same warnings and
/// errors), as a `Picture`: its frames, its gesture events, its surface and its targets.
public func picture(of trace: FilePath, options: ReplayOptions) throws(CommandError) -> Picture {
    var frames: [TouchFrame] = []
    var events: [GestureEvent] = []
    // The frames are kept as they come and drawn once the trace is over, when its surface and targets are known.
    let played = try play(trace: trace, options: options, observingFrames: { frames.append($0) }, events: { events += $0 })
    var picture = Picture(title: trace.lastComponent, surface: played.surface, targets: played.layout.regions.map(\.target))
    for frame in frames { picture.add(frame) }
    picture.add(events)
    return picture
}
