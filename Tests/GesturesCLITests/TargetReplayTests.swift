import Foundation
import Testing

/// `gestures replay` with a layout of `target` regions: nested targets, their gestures in order, and a
/// child that runs alongside its parent.
@Suite struct TargetReplayTests: WritesFiles {
    let directory: URL

    init() throws {
        directory = try CLI.temporaryDirectory()
    }

    /// A pad on the whole 100 × 50 mm surface (a double tap before a single one, then a drag), with a
    /// round button on it and a slider along its bottom edge whose drag runs alongside the pad's.
    static let layout = """
        {"regions": [
          {"name": "pad", "kind": "target", "shape": {"kind": "rectangle", "x": 0, "y": 0, "width": 100, "height": 50},
           "gestures": [{"kind": "tap", "count": 2}, {"kind": "tap", "count": 1}, {"kind": "drag"}],
           "children": [
             {"name": "button", "kind": "target", "shape": {"kind": "circle", "center": {"x": 20, "y": 25}, "radius": 10},
              "gestures": [{"kind": "tap"}]},
             {"name": "slider", "kind": "target", "coordination": "simultaneous",
              "shape": {"kind": "rectangle", "x": 40, "y": 40, "width": 60, "height": 10},
              "gestures": [{"kind": "drag", "slopMm": 0}]}
           ]}
        ]}
        """

    /// One finger (tracking id `id`) down at (x, y) mm at `time`, moved through `moves`, lifted at `up`.
    static func touch(_ id: Int, at time: Double, _ x: Int, _ y: Int, moves: [(Double, Int, Int)] = [], up: Double) -> String {
        func stamp(_ t: Double) -> String { String(format: "%.6f", t) }
        var lines = [
            "E: \(stamp(time)) 0003 002f 0", "E: \(stamp(time)) 0003 0039 \(id)",
            "E: \(stamp(time)) 0003 0035 \(x * 10)", "E: \(stamp(time)) 0003 0036 \(y * 10)", "E: \(stamp(time)) 0000 0000 0",
        ]
        for (t, mx, my) in moves {
            lines += ["E: \(stamp(t)) 0003 0035 \(mx * 10)", "E: \(stamp(t)) 0003 0036 \(my * 10)", "E: \(stamp(t)) 0000 0000 0"]
        }
        lines += ["E: \(stamp(up)) 0003 0039 -1", "E: \(stamp(up)) 0000 0000 0"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// A `quick-scale` gesture from a layout file (issue 22's proof of the one extension point): a tap, then a second
    /// landing at the same place dragged down 5 mm (beyond the 3 mm slop: it begins, 2^(5/20)), then 20 mm (one
    /// doubling), lifted there; the lines are about the first tap's down. Then in a view turned a quarter: the
    /// centre is the view's, the scale the same.
    @Test func aQuickScaleFromALayoutFile() throws {
        let layout = """
            {"regions": [{"name": "map", "kind": "target", "shape": {"kind": "rectangle", "x": 0, "y": 0, "width": 100, "height": 50},
                          "gestures": [{"kind": "quick-scale", "mmPerDoubling": 20}]VIEW}]}
            """
        let trace = header
            + Self.touch(1, at: 1.0, 50, 20, up: 1.08)
            + Self.touch(2, at: 1.2, 51, 20, moves: [(1.25, 51, 25), (1.3, 51, 40)], up: 1.35)
        let replayed = try write("quick.evemu", trace)
        _ = try write("quick.layout.json", layout.replacingOccurrences(of: "VIEW", with: ""))
        let run = try CLI.run(["replay", replayed])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.lines == [
            #"{"time":1.250000,"region":"map","type":"quick-scale","phase":"began","scale":1.189,"center":{"x":50,"y":20}}"#,
            #"{"time":1.300000,"region":"map","type":"quick-scale","phase":"changed","scale":2,"center":{"x":50,"y":20}}"#,
            #"{"time":1.350000,"region":"map","type":"quick-scale","phase":"ended","scale":2,"center":{"x":50,"y":20}}"#,
        ])
        let turned = try write("turned.layout.json", layout.replacingOccurrences(
            of: "VIEW", with: #", "view": {"rotation": 90, "scale": 1, "offset": {"x": 0, "y": 0}}"#))
        let inView = try CLI.run(["replay", "--layout", turned, replayed])
        #expect(inView.status == 0)
        #expect(inView.lines == [
            #"{"time":1.250000,"region":"map","type":"quick-scale","phase":"began","scale":1.189,"center":{"x":20,"y":-50}}"#,
            #"{"time":1.300000,"region":"map","type":"quick-scale","phase":"changed","scale":2,"center":{"x":20,"y":-50}}"#,
            #"{"time":1.350000,"region":"map","type":"quick-scale","phase":"ended","scale":2,"center":{"x":20,"y":-50}}"#,
        ])
    }

    @Test func nestedTargetsReplay() throws {
        let trace = try write("panel.evemu", header
            + Self.touch(1, at: 1.0, 20, 25, up: 1.08)                  // on the button
            + Self.touch(2, at: 2.0, 60, 20, up: 2.05)                  // a double tap on the pad
            + Self.touch(3, at: 2.2, 60, 20, up: 2.25)
            + Self.touch(4, at: 3.0, 50, 45, moves: [(3.05, 55, 45), (3.1, 60, 45)], up: 3.15))   // along the slider
        _ = try write("panel.layout.json", Self.layout)
        let run = try CLI.run(["replay", trace])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        // The button's tap has priority over the pad's taps, which never hear of it. The double tap is
        // recognized 300 ms after its second lift, before the next frame. On the slider, its drag begins
        // at the landing (slop 0) and runs alongside the pad's, which begins beyond 3 mm once the pad's
        // taps fail; in a frame the parent's line comes first. Both end with no velocity: the finger moved every
        // 50 ms and lifted 50 ms after its last move, pauses beyond 40 ms (it had stopped).
        #expect(run.lines == [
            #"{"time":1.080000,"region":"button","type":"tap","x":20,"y":25,"count":1}"#,
            #"{"time":2.550000,"region":"pad","type":"tap","x":60,"y":20,"count":2}"#,
            #"{"time":3.000000,"region":"slider","type":"pan","phase":"began","dx":0,"dy":0}"#,
            #"{"time":3.050000,"region":"pad","type":"pan","phase":"began","dx":5,"dy":0}"#,
            #"{"time":3.050000,"region":"slider","type":"pan","phase":"changed","dx":5,"dy":0}"#,
            #"{"time":3.100000,"region":"pad","type":"pan","phase":"changed","dx":10,"dy":0}"#,
            #"{"time":3.100000,"region":"slider","type":"pan","phase":"changed","dx":10,"dy":0}"#,
            #"{"time":3.150000,"region":"pad","type":"pan","phase":"ended","dx":10,"dy":0,"vx":0,"vy":0}"#,
            #"{"time":3.150000,"region":"slider","type":"pan","phase":"ended","dx":10,"dy":0,"vx":0,"vy":0}"#,
        ])
        let text = try CLI.run(["replay", "--format", "text", trace])
        #expect(text.lines.prefix(2) == [
            "1.080000 button tap x=20 y=25 count=1",
            "2.550000 pad tap x=60 y=20 count=2",
        ])
    }

    /// A layout's `view`: the pad drawn on a display turned a quarter clockwise (xrandr's `right`), at 2 points
    /// per mm, offset so that the turned 100 × 50 mm surface lands on (0…100, 0…200): R(x, y) = (y, −x), then
    /// ×2, then + (0, 200). The button, having no view of its own, is in the pad's.
    @Test func aLayoutsViewPutsThatRegionsLinesInViewPoints() throws {
        let layout = """
            {"regions": [
              {"name": "pad", "kind": "target", "shape": {"kind": "rectangle", "x": 0, "y": 0, "width": 100, "height": 50},
               "view": {"scale": 2, "offset": {"x": 0, "y": 200}, "rotation": 90},
               "gestures": [{"kind": "tap"}, {"kind": "drag"}],
               "children": [
                 {"name": "button", "kind": "target", "shape": {"kind": "circle", "center": {"x": 20, "y": 25}, "radius": 10},
                  "gestures": [{"kind": "tap"}]}
               ]}
            ]}
            """
        let trace = try write("turned.evemu", header
            + Self.touch(1, at: 1.0, 60, 20, up: 1.05)                                     // a tap on the pad
            + Self.touch(2, at: 2.0, 50, 10, moves: [(2.05, 55, 10), (2.1, 60, 10)], up: 2.15)   // 10 mm to the panel's right
            + Self.touch(3, at: 3.0, 20, 25, up: 3.05)                                     // the button
            + Self.touch(4, at: 4.0, 50, 10, moves: [(4.01, 55, 10), (4.02, 60, 10)], up: 4.03))  // a flick to the panel's right
        _ = try write("turned.layout.json", layout)
        let run = try CLI.run(["replay", trace])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        // The tap at (60, 20) mm: R = (20, −60), ×2 = (40, −120), + (0, 200) = (40, 80). The drag to the panel's
        // right is up the view: (5, 0) mm is (0, −10) points; it lifts 50 ms after its last move, at rest (no
        // velocity). The button's tap at (20, 25) mm is in the pad's view: R = (25, −20), ×2 = (50, −40), + (0, 200) =
        // (50, 160). The flick does 5 mm every 10 ms and lifts 10 ms after: its 500 mm/s are 1000 points/s upwards.
        #expect(run.lines == [
            #"{"time":1.050000,"region":"pad","type":"tap","x":40,"y":80,"count":1}"#,
            #"{"time":2.050000,"region":"pad","type":"pan","phase":"began","dx":0,"dy":-10}"#,
            #"{"time":2.100000,"region":"pad","type":"pan","phase":"changed","dx":0,"dy":-20}"#,
            #"{"time":2.150000,"region":"pad","type":"pan","phase":"ended","dx":0,"dy":-20,"vx":0,"vy":0}"#,
            #"{"time":3.050000,"region":"button","type":"tap","x":50,"y":160,"count":1}"#,
            #"{"time":4.010000,"region":"pad","type":"pan","phase":"began","dx":0,"dy":-10}"#,
            #"{"time":4.020000,"region":"pad","type":"pan","phase":"changed","dx":0,"dy":-20}"#,
            #"{"time":4.030000,"region":"pad","type":"pan","phase":"ended","dx":0,"dy":-20,"vx":0,"vy":-1000}"#,
        ])
    }

    /// A single tap is told from a double one only once the double tap has failed: 300 ms after its lift.
    /// With nothing after it in the trace, no time passes beyond the last frame and nothing is recognized.
    @Test func aSingleTapWaitsForTheDoubleTapToFail() throws {
        let trace = try write("single.evemu", header
            + Self.touch(1, at: 1.0, 60, 20, up: 1.05)
            + Self.touch(2, at: 2.0, 5, 5, up: 2.05))
        _ = try write("single.layout.json", Self.layout)
        let run = try CLI.run(["replay", trace])
        #expect(run.status == 0)
        #expect(run.lines == [#"{"time":1.350000,"region":"pad","type":"tap","x":60,"y":20,"count":1}"#])
    }

    @Test func aBadTargetIs65NamingItsKey() throws {
        let trace = try write("bad.evemu", header + tap)
        let layout = try write("bad.json", """
            {"regions": [{"name": "pad", "kind": "target", "shape": {"kind": "rectangle", "x": 0, "y": 0, "width": 100, "height": 50},
              "gestures": [{"kind": "swipe",
                            "fingers": 0}]}]}
            """)
        let run = try CLI.run(["replay", "--layout", layout, trace])
        #expect(run.status == 65)
        #expect(run.stdout == "")
        #expect(run.stderr == "gestures: \(layout):3: regions[0].gestures[0].fingers: expected a whole number from 1 to 10, found 0\n")
    }
}
