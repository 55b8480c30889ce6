import GestureCore
import Render
import SystemCalls
import TraceFormats
import TracePlayback

/// A trace played as `replay` plays it (the same layout, `--device` and `--size`, the same warnings and
/// errors), as a `Picture`: its frames, its gesture events, its surface and its targets.
package func picture(of trace: FilePath, options: ReplayOptions) throws(ReplayError) -> Picture {
    // The contacts' paths are gathered as the frames come (the surface and the targets are known once the
    // trace is open: they are set after).
    var picture = Picture(title: trace.lastComponent, surface: Size(width: 0, height: 0), targets: [])
    let played = try play(trace: trace, options: options, observingFrames: { picture.add($0) }) { picture.add($0) }
    picture.surface = played.surface
    // (The engine took these targets while it played the trace: none throws.)
    do {
        picture.targets = try played.layout.regions.map { region throws(GestureError) in try region.target }
    } catch {
        throw ReplayError(.malformed, "layout: \(error)")
    }
    return picture
}
