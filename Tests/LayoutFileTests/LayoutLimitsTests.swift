import GestureCore
import LayoutFile
import Testing

/// The limits that keep every accepted layout safe to run (docs/SPEC.md "Layout file", Limits): each
/// number just beyond a limit is rejected naming its key, and the limit itself is accepted.
@Suite struct LayoutLimitsTests {
    static let timeline = #""name": "c", "kind": "timeline", "rect": {"x": 0, "y": 0, "width": 100, "height": 20}"#
    static let dial = #""name": "d", "kind": "dial", "center": {"x": 50, "y": 50}, "radius": 5"#

    static let rejected: [(String, String)] = [
        ("{\"regions\": [{\(dial), \"detentDegrees\": 1e-9}]}",
         "l.json:1: regions[0].detentDegrees: expected at least 0.1 (the finest detent), found 1e-09"),
        ("{\"regions\": [{\(dial), \"detentDegrees\": 0.09}]}",
         "l.json:1: regions[0].detentDegrees: expected at least 0.1 (the finest detent), found 0.09"),
        ("{\"regions\": [{\(dial), \"minDegrees\": null, \"maxDegrees\": null, \"initialDegrees\": 1e300}]}",
         "l.json:1: regions[0].initialDegrees: expected a number from -1000000 to 1000000, found 1e+300"),
        ("{\"regions\": [{\(dial), \"maxDegrees\": 1000001}]}",
         "l.json:1: regions[0].maxDegrees: expected a number from -1000000 to 1000000, found 1000001"),
        ("{\"regions\": [{\(dial), \"minDegrees\": -2e6}]}",
         "l.json:1: regions[0].minDegrees: expected a number from -1000000 to 1000000, found -2000000"),
        ("{\"regions\": [{\(timeline), \"domain\": {\"start\": -1e308, \"end\": 1e308}, \"bucket\": 1}]}",
         "l.json:1: regions[0].domain.start: expected a number from -1000000000000000 to 1000000000000000, found -1e+308"),
        ("{\"regions\": [{\(timeline), \"domain\": {\"start\": 0, \"end\": 2e15}, \"bucket\": 1e14}]}",
         "l.json:1: regions[0].domain.end: expected a number from -1000000000000000 to 1000000000000000, found 2000000000000000"),
        // Lengths (mm): every position and size of the surface and the regions.
        ("{\"surface\": {\"width\": 1000001, \"height\": 10}, \"regions\": []}",
         "l.json:1: surface.width: expected at most 1000000 mm, found 1000001"),
        ("{\"surface\": {\"width\": 10, \"height\": 1e308}, \"regions\": []}",
         "l.json:1: surface.height: expected at most 1000000 mm, found 1e+308"),
        ("{\"regions\": [{\"name\": \"c\", \"kind\": \"timeline\", \"rect\": {\"x\": -1000001, \"y\": 0, \"width\": 1, \"height\": 1}, "
            + "\"domain\": {\"start\": 0, \"end\": 1}, \"bucket\": 1}]}",
         "l.json:1: regions[0].rect.x: expected a number from -1000000 to 1000000, found -1000001"),
        ("{\"regions\": [{\"name\": \"c\", \"kind\": \"timeline\", \"rect\": {\"x\": 0, \"y\": 0, \"width\": 1, \"height\": 2e6}, "
            + "\"domain\": {\"start\": 0, \"end\": 1}, \"bucket\": 1}]}",
         "l.json:1: regions[0].rect.height: expected at most 1000000 mm, found 2000000"),
        ("{\"regions\": [{\"name\": \"d\", \"kind\": \"dial\", \"center\": {\"x\": 0, \"y\": 1e7}, \"radius\": 5}]}",
         "l.json:1: regions[0].center.y: expected a number from -1000000 to 1000000, found 10000000"),
        ("{\"regions\": [{\"name\": \"d\", \"kind\": \"dial\", \"center\": {\"x\": 0, \"y\": 0}, \"radius\": 1e300}]}",
         "l.json:1: regions[0].radius: expected at most 1000000 mm, found 1e+300"),
        ("{\"regions\": [{\"name\": \"t\", \"kind\": \"target\", \"shape\": {\"kind\": \"circle\", \"center\": {\"x\": 0, \"y\": 0}, \"radius\": 1000001}}]}",
         "l.json:1: regions[0].shape.radius: expected at most 1000000 mm, found 1000001"),
        ("{\"regions\": [{\"name\": \"t\", \"kind\": \"target\", \"shape\": {\"kind\": \"ring\", \"center\": {\"x\": 0, \"y\": 0}, "
            + "\"innerRadius\": 2e6, \"outerRadius\": 3e6}}]}",
         "l.json:1: regions[0].shape.innerRadius: expected at most 1000000 mm, found 2000000"),
        ("{\"regions\": [{\"name\": \"t\", \"kind\": \"target\", \"shape\": {\"kind\": \"rectangle\", \"x\": 0, \"y\": 1e308, \"width\": 1, \"height\": 1}}]}",
         "l.json:1: regions[0].shape.y: expected a number from -1000000 to 1000000, found 1e+308"),
        // A view: its scale (points per mm), and its offset (points) as a position.
        ("{\"regions\": [{\(dial), \"view\": {\"scale\": 1e308}}]}",
         "l.json:1: regions[0].view.scale: expected a number from 0.001 to 1000, found 1e+308"),
        ("{\"regions\": [{\(dial), \"view\": {\"scale\": 0.0009}}]}",
         "l.json:1: regions[0].view.scale: expected a number from 0.001 to 1000, found 0.0009"),
        ("{\"regions\": [{\(dial), \"view\": {\"offset\": {\"x\": 1e308, \"y\": 0}}}]}",
         "l.json:1: regions[0].view.offset.x: expected a number from -1000000 to 1000000, found 1e+308"),
        ("{\"regions\": [{\(timeline), \"domain\": {\"start\": 0, \"end\": 1}, \"bucket\": 1e-10}]}",
         "l.json:1: regions[0].bucket: expected at most 1000000000 buckets in the domain (a bucket of at least 1e-09), found 1e-10"),
    ]

    @Test(arguments: rejected)
    func aNumberBeyondALimitIsRejectedNamingItsKey(text: String, message: String) {
        expectRejected(text, with: message)
    }

    @Test func theLimitsThemselvesAreAccepted() throws {
        let layout = try LayoutFile.parse("""
        {"surface": {"width": 1e6, "height": 1e6}, "regions": [
          {\(Self.dial), "detentDegrees": 0.1, "minDegrees": -1e6, "maxDegrees": 1e6, "initialDegrees": 1e6},
          {\(Self.timeline), "domain": {"start": -1e15, "end": 1e15}, "bucket": 2e6},
          {"name": "far", "kind": "dial", "center": {"x": -1e6, "y": 1e6}, "radius": 1e6},
          {"name": "wide", "kind": "timeline", "rect": {"x": -1e6, "y": -1e6, "width": 1e6, "height": 1e6},
           "domain": {"start": 0, "end": 1}, "bucket": 1},
          {"name": "ring", "kind": "target", "shape": {"kind": "ring", "center": {"x": 1e6, "y": 0}, "innerRadius": 999999, "outerRadius": 1e6},
           "view": {"scale": 1000, "offset": {"x": -1e6, "y": 1e6}}},
          {"name": "small", "kind": "dial", "center": {"x": 0, "y": 0}, "radius": 1, "view": {"scale": 0.001}}
        ]}
        """)
        guard case .dial(let dial) = layout.regions[0], case .timeline(let timeline) = layout.regions[1] else {
            Issue.record("not a dial and a timeline")
            return
        }
        #expect(dial.detentDegrees == 0.1)
        #expect(dial.initialDegrees == 1e6)
        #expect(timeline.domain == .numeric(start: -1e15, end: 1e15, bucket: 2e6))
        #expect(layout.surface == Size(width: 1e6, height: 1e6))
        #expect(layout.regions[2].shape == .circle(center: Point(x: -1e6, y: 1e6), radius: 1e6))
        #expect(layout.regions[3].shape == .rectangle(Rect(x: -1e6, y: -1e6, width: 1e6, height: 1e6)))
        #expect(layout.regions[4].shape == .ring(center: Point(x: 1e6, y: 0), innerRadius: 999_999, outerRadius: 1e6))
        #expect(layout.viewTransforms == [
            "ring": ViewTransform(scale: 1000, offset: Point(x: -1e6, y: 1e6)), "small": ViewTransform(scale: 0.001),
        ])
    }
}
