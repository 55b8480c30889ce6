import FuzzSupport
import GestureCore
import Render
import GesturesCommand

/// The layout of every run, so that every mark of a picture can appear: a date chart that zooms (taps,
/// selections, pans, zooms), a dial with stops (winds, rotations, detent and limit haptics) and one without (winds
/// of many turns), and a target with the other gestures (double taps, drags, pinches, rotations, swipes, edge
/// swipes, long presses). Its surface is the fixed header's.
let fixedLayout = parseFixedLayout("""
        {
          "surface": {"width": 215.5, "height": 134.7},
          "regions": [
            {"name": "chart", "kind": "timeline", "rect": {"x": 5, "y": 5, "width": 120, "height": 55},
             "domain": {"start": "2025-11-01", "end": "2025-12-01"}, "bucket": "day", "longPressMs": 300, "zoom": {}},
            {"name": "timer", "kind": "dial", "center": {"x": 160, "y": 32}, "radius": 27,
             "detentDegrees": 6, "minDegrees": 0, "maxDegrees": 360},
            {"name": "free", "kind": "dial", "center": {"x": 160, "y": 100}, "radius": 27,
             "detentDegrees": 30, "minDegrees": null, "maxDegrees": null},
            {"name": "photo", "kind": "target", "shape": {"kind": "rectangle", "x": 5, "y": 65, "width": 120, "height": 65},
             "gestures": [{"kind": "tap", "count": 2}, {"kind": "tap"}, {"kind": "long-press"}, {"kind": "drag"},
                          {"kind": "magnify"}, {"kind": "rotation", "combine": "simultaneous"},
                          {"kind": "swipe", "combine": "simultaneous"}, {"kind": "edge-swipe", "edge": "left"}]}
          ]
        }
        """)

/// Draws the input as `gestures render` does, as an evemu trace with its own header, or the fixed one when it has
/// none, on the fixed layout: still, animated (`--animate`), and animated with `--explain`. No trap, and each
/// picture within its bound (`Picture.sizeLimit(traceBytes:)`, docs/SPEC.md, Pictures, Size). A trace the command
/// refuses is no finding: its error is `replay`'s, which fuzz-pipeline and fuzz-evemu look at.
func fuzzRender(_ input: FuzzInput) {
    _ = fixedHeaderPath
    let path = Scratch.write("trace.evemu", input.bytes)
    for explain in [false, true] {
        let picture: Picture
        do {
            picture = try CommandEntryPoints.pictureOfTrace(path, layout: fixedLayout, explain: explain)
        } catch {
            return
        }
        let limit = picture.sizeLimit(traceBytes: input.bytes.count)
        for animated in explain ? [true] : [false, true] {
            let size = picture.svg(animated: animated).utf8.count
            guard size <= limit else {
                finding("the \(animated ? "animated " : "")picture\(explain ? " with --explain" : "") of \(input.bytes.count) bytes of trace "
                        + "and \(picture.lineBytes) bytes of lines is \(size) bytes, more than its limit of \(limit)")
            }
        }
    }
}
