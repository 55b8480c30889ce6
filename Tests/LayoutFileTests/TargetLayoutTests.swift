import Foundation
import GestureCore
import LayoutFile
import Testing

/// `target` regions: a shape, a coordination, gestures with their options and `combine`, and children.
@Suite struct TargetLayoutTests {
    @Test func everyKeyIsRead_childrenOfEveryKind() throws {
        let layout = try LayoutFile.parse("""
        {"regions": [
          {"name": "viewer", "kind": "target", "shape": {"kind": "rectangle", "x": 0, "y": 0, "width": 200, "height": 120},
           "gestures": [
             {"kind": "tap", "count": 2, "slopMm": 2, "maxDurationMs": 250, "doubleTapMs": 350, "doubleTapSlopMm": 8},
             {"kind": "tap", "count": null, "maxDurationMs": null, "fingers": 3},
             {"kind": "long-press", "durationMs": 500, "slopMm": 4},
             {"kind": "drag", "slopMm": 0, "extraFinger": "end"},
             {"kind": "magnify", "slopMm": 5, "combine": "exclusive"},
             {"kind": "rotation", "thresholdDegrees": 10, "combine": "simultaneous"},
             {"kind": "swipe", "fingers": 3, "minSpeedMmPerS": 200, "slopMm": 6, "diagonals": false, "toleranceDegrees": 40},
             {"kind": "edge-swipe", "edge": "bottom", "edgeMm": 8, "slopMm": 2}
           ],
           "children": [
             {"name": "knob", "kind": "target", "coordination": "high-priority",
              "shape": {"kind": "ring", "center": {"x": 150, "y": 60}, "innerRadius": 10, "outerRadius": 30},
              "gestures": [{"kind": "rotation"}],
              "children": [{"name": "button", "kind": "target", "shape": {"kind": "circle", "center": {"x": 150, "y": 60}, "radius": 10},
                            "coordination": "simultaneous", "gestures": [{"kind": "tap"}]}]},
             {"name": "chart", "kind": "timeline", "rect": {"x": 10, "y": 10, "width": 100, "height": 40},
              "domain": {"start": 0, "end": 10}, "bucket": 1},
             {"name": "timer", "kind": "dial", "center": {"x": 60, "y": 90}, "radius": 20},
             {"name": "panel", "kind": "target", "shape": {"kind": "rectangle", "x": 190, "y": 110, "width": 50, "height": 50}}
           ]}
        ]}
        """)
        let knob = TargetConfiguration(
            name: "knob", shape: .ring(center: Point(x: 150, y: 60), innerRadius: 10, outerRadius: 30), coordination: .highPriority,
            gestures: [TargetGesture(LayoutGestures.Rotation())],
            children: [.generic(TargetConfiguration(name: "button", shape: .circle(center: Point(x: 150, y: 60), radius: 10),
                                                    coordination: .simultaneous, gestures: [TargetGesture(LayoutGestures.Tap())]))])
        var edge = LayoutGestures.EdgeSwipe()
        edge.configuration.edge = .bottom
        edge.configuration.edgeDistance = 8
        edge.configuration.minimumDistance = 2
        let viewer = TargetConfiguration(
            name: "viewer", shape: .rectangle(Rect(x: 0, y: 0, width: 200, height: 120)),
            gestures: [
                TargetGesture(LayoutGestures.Tap(.init(maximumDistance: 2, maximumDuration: .ms(250), countInterval: .ms(350),
                                                       countDistance: 8, requiredCount: 2))),
                TargetGesture(LayoutGestures.Tap(.init(fingers: 3))),
                TargetGesture(LayoutGestures.LongPress(.init(minimumDuration: .ms(500), maximumDistance: 4))),
                TargetGesture(LayoutGestures.Drag(.init(minimumDistance: 0, extraTouch: .end))),
                TargetGesture(LayoutGestures.Magnify(.init(minimumDistanceChange: 5)), combination: .exclusive),
                TargetGesture(LayoutGestures.Rotation(.init(minimumAngle: 10)), combination: .simultaneous),
                TargetGesture(LayoutGestures.Swipe(.init(fingers: 3, minimumSpeed: 200, minimumDistance: 6, directions: .four,
                                                         tolerance: 40))),
                TargetGesture(edge),
            ],
            children: [
                .generic(knob),
                .timeline(TimelineConfiguration(name: "chart", rect: Rect(x: 10, y: 10, width: 100, height: 40),
                                                domain: .numeric(start: 0, end: 10, bucket: 1))),
                .dial(DialConfiguration(name: "timer", center: Point(x: 60, y: 90), radius: 20)),
                .generic(TargetConfiguration(name: "panel", shape: .rectangle(Rect(x: 190, y: 110, width: 50, height: 50)),
                                             gestures: [])),
            ])
        #expect(layout.regions == [.generic(viewer)])
        #expect(try GestureEngine(layout: layout).targetNames == ["viewer", "knob", "button", "chart", "timer", "panel"])
    }

    /// A gesture without options has the library's defaults.
    @Test func aGestureWithoutOptionsHasTheLibrarysDefaults() throws {
        let layout = try LayoutFile.parse("""
        {"regions": [{"name": "t", "kind": "target", "shape": {"kind": "circle", "center": {"x": 0, "y": 0}, "radius": 5},
          "gestures": [{"kind": "tap"}, {"kind": "long-press"}, {"kind": "drag"}, {"kind": "magnify"}, {"kind": "rotation"},
                       {"kind": "swipe"}, {"kind": "edge-swipe", "edge": "left"}]}]}
        """)
        guard case .generic(let target) = layout.regions[0] else { Issue.record("not a target"); return }
        #expect(target.coordination == .exclusive)
        #expect(target.children == [])
        #expect(target.gestures.map(\.combination) == Array(repeating: .exclusive, count: 7))
        #expect(target.gestures.map { AnyHashable($0.gesture) } == [
            AnyHashable(LayoutGestures.Tap(TapGesture.Configuration())),
            AnyHashable(LayoutGestures.LongPress(LongPressGesture.Configuration())),
            AnyHashable(LayoutGestures.Drag(DragGesture.Configuration())),
            AnyHashable(LayoutGestures.Magnify(MagnificationMeasure.Configuration())),
            AnyHashable(LayoutGestures.Rotation(RotationMeasure.Configuration())),
            AnyHashable(LayoutGestures.Swipe(SwipeGesture.Configuration())),
            AnyHashable(LayoutGestures.EdgeSwipe(EdgeSwipeGesture.Configuration(edge: .left, surface: Rect(x: 0, y: 0, width: 0, height: 0)))),
        ])
    }

    @Test func aTargetMayHave32Gestures() throws {
        let layout = try LayoutFile.parse(Self.gesture(Array(repeating: "{\"kind\": \"tap\"}", count: 32).joined(separator: ", ")))
        guard case .generic(let target) = layout.regions[0] else { Issue.record("not a target"); return }
        #expect(target.gestures.count == 32)
    }

    @Test func aToleranceUpTo45IsAllowedWithoutDiagonals_and22Point5WithThem() throws {
        for text in [#""diagonals": false, "toleranceDegrees": 45"#, #""toleranceDegrees": 22.5"#] {
            let layout = try LayoutFile.parse("""
            {"regions": [{\(Self.target), "gestures": [{"kind": "swipe", \(text)}]}]}
            """)
            #expect(layout.regions.count == 1)
        }
    }

    /// SPEC: `mmPerDoubling` is any finite number but 0, negative for up to zoom in.
    @Test func aNegativeMmPerDoublingIsAllowed() throws {
        let layout = try LayoutFile.parse(Self.gesture(#"{"kind": "quick-scale", "mmPerDoubling": -20}"#))
        guard case .generic(let target) = layout.regions[0] else { Issue.record("not a target"); return }
        var expected = LayoutGestures.QuickScale()
        expected.configuration.distancePerDoubling = -20
        #expect(target.gestures == [TargetGesture(expected)])
    }

    /// Children that meet their parent only at a boundary point are reachable: boundaries belong to shapes.
    @Test func aChildTouchingItsParentsBoundaryIsAccepted() throws {
        _ = try LayoutFile.parse("""
        {"regions": [
          {"name": "r", "kind": "target", "shape": {"kind": "ring", "center": {"x": 50, "y": 50}, "innerRadius": 20, "outerRadius": 40},
           "children": [
             {"name": "hole", "kind": "target", "shape": {"kind": "circle", "center": {"x": 50, "y": 50}, "radius": 20}},
             {"name": "corner", "kind": "target", "shape": {"kind": "rectangle", "x": 90, "y": 50, "width": 5, "height": 5}},
             {"name": "outside", "kind": "target", "shape": {"kind": "ring", "center": {"x": 150, "y": 50}, "innerRadius": 10, "outerRadius": 60}}
           ]}
        ]}
        """)
    }

    static let target = #""name": "t", "kind": "target", "shape": {"kind": "rectangle", "x": 0, "y": 0, "width": 100, "height": 50}"#

    /// `{"regions": [{target, gestures: [GESTURE]}]}`.
    static func gesture(_ gesture: String) -> String {
        "{\"regions\": [{\(target), \"gestures\": [\(gesture)]}]}"
    }

    static func shape(_ shape: String) -> String {
        "{\"regions\": [{\"name\": \"t\", \"kind\": \"target\", \"shape\": \(shape)}]}"
    }

    static let allGestureKeys = "kind, combine, count, slopMm, maxDurationMs, doubleTapMs, doubleTapSlopMm, fingers, durationMs, "
        + "extraFinger, thresholdDegrees, minSpeedMmPerS, diagonals, toleranceDegrees, edge, edgeMm, mmPerDoubling"

    /// Each bad layout and the exact message it gets: for every key of a target, of a shape and of each
    /// gesture kind, an unknown key, a wrong type, a value out of range, and the impossible combinations.
    static let rejected: [(String, String)] = [
        // target
        ("{\"regions\": [{\"name\": \"t\", \"shapes\": {}}]}",
         "l.json:1: regions[0].shapes: unknown key (expected one of: name, kind, rect, domain, bucket, longPressMs, slopMm, doubleTapMs, doubleTapSlopMm, zoom, view, center, radius, deadZoneMm, detentDegrees, hysteresisDegrees, minDegrees, maxDegrees, initialDegrees, rotateThresholdDegrees, shape, coordination, gestures, children)"),
        ("{\"regions\": [{\(target), \"rect\": {}}]}",
         "l.json:1: regions[0].rect: unknown key (expected one of: name, kind, shape, coordination, gestures, children, view)"),
        ("{\"regions\": [{\"name\": \"t\", \"kind\": \"target\"}]}", "l.json:1: regions[0].shape: missing required key"),
        ("{\"regions\": [{\"kind\": \"target\", \"shape\": {}}]}", "l.json:1: regions[0].name: missing required key"),
        ("{\"regions\": [{\"name\": \"t\", \"kind\": \"target\", \"shape\": \"rectangle\"}]}",
         "l.json:1: regions[0].shape: expected an object, found a string"),
        ("{\"regions\": [{\(target), \"coordination\": \"parallel\", \"gestures\": [{\"kind\": \"tap\"}]}]}",
         "l.json:1: regions[0].coordination: expected \"exclusive\", \"simultaneous\" or \"high-priority\", found \"parallel\""),
        ("{\"regions\": [{\(target), \"coordination\": 1, \"gestures\": [{\"kind\": \"tap\"}]}]}",
         "l.json:1: regions[0].coordination: expected a string, found a number"),
        ("{\"regions\": [{\(target), \"coordination\": \"simultaneous\"}]}",
         "l.json:1: regions[0].coordination: expected no coordination for a target without gestures (a container takes no part in coordination)"),
        ("{\"regions\": [{\(target), \"coordination\": \"exclusive\", \"gestures\": []}]}",
         "l.json:1: regions[0].coordination: expected no coordination for a target without gestures (a container takes no part in coordination)"),
        ("{\"regions\": [{\(target), \"gestures\": {\"kind\": \"tap\"}}]}", "l.json:1: regions[0].gestures: expected an array, found an object"),
        ("{\"regions\": [{\(target), \"children\": {}}]}", "l.json:1: regions[0].children: expected an array, found an object"),
        ("{\"regions\": [{\(target), \"children\": [3]}]}", "l.json:1: regions[0].children[0]: expected an object, found a number"),
        ("{\"regions\": [{\"name\": \"a\", \"kind\": \"knob\"}]}",
         "l.json:1: regions[0].kind: expected \"timeline\", \"dial\" or \"target\", found \"knob\""),
        // children: their own keys at their own paths; names unique in the whole tree; within reach
        ("{\"regions\": [{\(target), \"children\": [{\"name\": \"c\", \"kind\": \"timeline\", \"rect\": {\"x\": 0, \"y\": 0, \"width\": 10, \"height\": 10}, \"domain\": {\"start\": 0, \"end\": 1}}]}]}",
         "l.json:1: regions[0].children[0].bucket: missing required key"),
        ("{\"regions\": [{\(target), \"children\": [{\(target.replacingOccurrences(of: "\"t\"", with: "\"u\"")), \"children\": [{\"name\": \"d\", \"kind\": \"dial\", \"center\": {\"x\": 5, \"y\": 5}, \"radius\": -1}]}]}]}",
         "l.json:1: regions[0].children[0].children[0].radius: expected a positive number, found -1"),
        ("{\"regions\": [{\(target), \"children\": [{\(target)}]}]}",
         "l.json:1: regions[0].children[0].name: duplicate name \"t\" (also regions[0])"),
        ("{\"regions\": [{\(target), \"children\": [{\"name\": \"d\", \"kind\": \"dial\", \"center\": {\"x\": 5, \"y\": 5}, \"radius\": 5}]}, {\"name\": \"d\", \"kind\": \"dial\", \"center\": {\"x\": 5, \"y\": 5}, \"radius\": 5}]}",
         "l.json:1: regions[1].name: duplicate name \"d\" (also regions[0].children[0])"),
        ("{\"regions\": [{\(target), \"children\": [{\"name\": \"d\", \"kind\": \"dial\", \"center\": {\"x\": 120, \"y\": 25}, \"radius\": 19}]}]}",
         "l.json:1: regions[0].children[0]: lies wholly outside its parent \"t\": a touch reaches a child only through its parent's shape"),
        // beyond the rectangle's corner (100, 50), though within its bounds' reach: 7.07 mm away
        ("{\"regions\": [{\(target), \"children\": [{\"name\": \"c\", \"kind\": \"target\", \"shape\": {\"kind\": \"circle\", \"center\": {\"x\": 105, \"y\": 55}, \"radius\": 7}}]}]}",
         "l.json:1: regions[0].children[0]: lies wholly outside its parent \"t\": a touch reaches a child only through its parent's shape"),
        // in a ring's hole
        ("{\"regions\": [{\"name\": \"r\", \"kind\": \"target\", \"shape\": {\"kind\": \"ring\", \"center\": {\"x\": 50, \"y\": 50}, \"innerRadius\": 20, \"outerRadius\": 40}, \"children\": [{\"name\": \"c\", \"kind\": \"timeline\", \"rect\": {\"x\": 45, \"y\": 45, \"width\": 10, \"height\": 10}, \"domain\": {\"start\": 0, \"end\": 1}, \"bucket\": 1}]}]}",
         "l.json:1: regions[0].children[0]: lies wholly outside its parent \"r\": a touch reaches a child only through its parent's shape"),
        // beyond a ring's outer radius, around its centre
        ("{\"regions\": [{\"name\": \"r\", \"kind\": \"target\", \"shape\": {\"kind\": \"ring\", \"center\": {\"x\": 50, \"y\": 50}, \"innerRadius\": 20, \"outerRadius\": 40}, \"children\": [{\"name\": \"c\", \"kind\": \"target\", \"shape\": {\"kind\": \"ring\", \"center\": {\"x\": 50, \"y\": 50}, \"innerRadius\": 41, \"outerRadius\": 50}}]}]}",
         "l.json:1: regions[0].children[0]: lies wholly outside its parent \"r\": a touch reaches a child only through its parent's shape"),
        // shape
        (shape("{\"x\": 0}"), "l.json:1: regions[0].shape.kind: missing required key"),
        (shape("{\"kind\": \"square\"}"), "l.json:1: regions[0].shape.kind: expected \"rectangle\", \"circle\" or \"ring\", found \"square\""),
        (shape("{\"kind\": 4}"), "l.json:1: regions[0].shape.kind: expected a string, found a number"),
        (shape("{\"kind\": \"circle\", \"radious\": 3}"),
         "l.json:1: regions[0].shape.radious: unknown key (expected one of: kind, x, y, width, height, center, radius, innerRadius, outerRadius)"),
        (shape("{\"kind\": \"circle\", \"width\": 3}"), "l.json:1: regions[0].shape.width: unknown key (expected one of: kind, center, radius)"),
        (shape("{\"kind\": \"rectangle\", \"radius\": 3}"), "l.json:1: regions[0].shape.radius: unknown key (expected one of: kind, x, y, width, height)"),
        (shape("{\"kind\": \"ring\", \"radius\": 3}"),
         "l.json:1: regions[0].shape.radius: unknown key (expected one of: kind, center, innerRadius, outerRadius)"),
        (shape("{\"kind\": \"rectangle\", \"x\": 0, \"y\": 0, \"width\": 10}"), "l.json:1: regions[0].shape.height: missing required key"),
        (shape("{\"kind\": \"rectangle\", \"x\": \"0\", \"y\": 0, \"width\": 10, \"height\": 10}"),
         "l.json:1: regions[0].shape.x: expected a number, found a string"),
        (shape("{\"kind\": \"rectangle\", \"x\": 0, \"y\": 0, \"width\": 0, \"height\": 10}"),
         "l.json:1: regions[0].shape.width: expected a positive number, found 0"),
        (shape("{\"kind\": \"circle\", \"center\": [0, 0], \"radius\": 3}"), "l.json:1: regions[0].shape.center: expected an object, found an array"),
        (shape("{\"kind\": \"circle\", \"center\": {\"x\": 0, \"z\": 0}, \"radius\": 3}"),
         "l.json:1: regions[0].shape.center.z: unknown key (expected one of: x, y)"),
        (shape("{\"kind\": \"circle\", \"center\": {\"x\": 0, \"y\": 0}, \"radius\": -3}"),
         "l.json:1: regions[0].shape.radius: expected a positive number, found -3"),
        (shape("{\"kind\": \"ring\", \"center\": {\"x\": 0, \"y\": 0}, \"innerRadius\": -1, \"outerRadius\": 3}"),
         "l.json:1: regions[0].shape.innerRadius: expected a number ≥ 0, found -1"),
        (shape("{\"kind\": \"ring\", \"center\": {\"x\": 0, \"y\": 0}, \"innerRadius\": 1, \"outerRadius\": 0}"),
         "l.json:1: regions[0].shape.outerRadius: expected a positive number, found 0"),
        (shape("{\"kind\": \"ring\", \"center\": {\"x\": 0, \"y\": 0}, \"innerRadius\": 30, \"outerRadius\": 30}"),
         "l.json:1: regions[0].shape.innerRadius: expected less than outerRadius (30), found 30"),
        (shape("{\"kind\": \"ring\", \"center\": {\"x\": 0, \"y\": 0}, \"innerRadius\": 30.5, \"outerRadius\": 20}"),
         "l.json:1: regions[0].shape.innerRadius: expected less than outerRadius (20), found 30.5"),
        // gestures: kind and combine
        (gesture("\"tap\""), "l.json:1: regions[0].gestures[0]: expected an object, found a string"),
        (gesture(Array(repeating: "{\"kind\": \"tap\"}", count: 33).joined(separator: ", ")),
         "l.json:1: regions[0].gestures: expected at most 32 gestures, found 33"),
        (gesture("{\"count\": 2}"), "l.json:1: regions[0].gestures[0].kind: missing required key"),
        (gesture("{\"kind\": \"pinch\"}"),
         "l.json:1: regions[0].gestures[0].kind: expected \"tap\", \"long-press\", \"drag\", \"magnify\", \"rotation\", \"swipe\", \"edge-swipe\" or \"quick-scale\", found \"pinch\""),
        (gesture("{\"kind\": \"tap\", \"speed\": 1}"), "l.json:1: regions[0].gestures[0].speed: unknown key (expected one of: \(allGestureKeys))"),
        (gesture("{\"kind\": \"tap\", \"combine\": \"exclusive\"}"),
         "l.json:1: regions[0].gestures[0].combine: expected no combine on the first gesture: none is listed before it"),
        (gesture("{\"kind\": \"tap\"}, {\"kind\": \"drag\", \"combine\": \"together\"}"),
         "l.json:1: regions[0].gestures[1].combine: expected \"exclusive\" or \"simultaneous\", found \"together\""),
        (gesture("{\"kind\": \"tap\"}, {\"kind\": \"drag\", \"combine\": true}"),
         "l.json:1: regions[0].gestures[1].combine: expected a string, found a boolean"),
        // tap
        (gesture("{\"kind\": \"tap\", \"fingers\": 0}"), "l.json:1: regions[0].gestures[0].fingers: expected a whole number from 1 to 10, found 0"),
        (gesture("{\"kind\": \"tap\", \"fingers\": 11}"), "l.json:1: regions[0].gestures[0].fingers: expected a whole number from 1 to 10, found 11"),
        (gesture("{\"kind\": \"tap\", \"fingers\": 2.5}"), "l.json:1: regions[0].gestures[0].fingers: expected a whole number from 1 to 10, found 2.5"),
        (gesture("{\"kind\": \"tap\", \"fingers\": null}"), "l.json:1: regions[0].gestures[0].fingers: expected a number, found null"),
        (gesture("{\"kind\": \"tap\", \"fingers\": 2, \"count\": 2}"),
         "l.json:1: regions[0].gestures[0].count: expected 1 with fingers above 1 (a tap of several fingers is never chained), found 2"),
        (gesture("{\"kind\": \"tap\", \"doubleTapMs\": 200, \"mmPerDoubling\": 2}"),
         "l.json:1: regions[0].gestures[0].mmPerDoubling: unknown key (expected one of: kind, combine, count, slopMm, maxDurationMs, doubleTapMs, doubleTapSlopMm, fingers)"),
        (gesture("{\"kind\": \"tap\", \"count\": 0}"), "l.json:1: regions[0].gestures[0].count: expected a whole number from 1 to 10, found 0"),
        (gesture("{\"kind\": \"tap\", \"count\": 11}"), "l.json:1: regions[0].gestures[0].count: expected a whole number from 1 to 10, found 11"),
        (gesture("{\"kind\": \"tap\", \"count\": 1.5}"), "l.json:1: regions[0].gestures[0].count: expected a whole number from 1 to 10, found 1.5"),
        (gesture("{\"kind\": \"tap\", \"count\": \"2\"}"), "l.json:1: regions[0].gestures[0].count: expected a number, found a string"),
        (gesture("{\"kind\": \"tap\", \"slopMm\": -1}"), "l.json:1: regions[0].gestures[0].slopMm: expected a number ≥ 0, found -1"),
        (gesture("{\"kind\": \"tap\", \"slopMm\": null}"), "l.json:1: regions[0].gestures[0].slopMm: expected a number, found null"),
        (gesture("{\"kind\": \"tap\", \"maxDurationMs\": -5}"), "l.json:1: regions[0].gestures[0].maxDurationMs: expected a number ≥ 0, found -5"),
        (gesture("{\"kind\": \"tap\", \"maxDurationMs\": 1e13}"),
         "l.json:1: regions[0].gestures[0].maxDurationMs: expected at most 1e12 milliseconds, found 10000000000000"),
        (gesture("{\"kind\": \"tap\", \"doubleTapMs\": true}"), "l.json:1: regions[0].gestures[0].doubleTapMs: expected a number, found a boolean"),
        (gesture("{\"kind\": \"tap\", \"doubleTapSlopMm\": -0.5}"), "l.json:1: regions[0].gestures[0].doubleTapSlopMm: expected a number ≥ 0, found -0.5"),
        // long-press
        (gesture("{\"kind\": \"long-press\", \"count\": 1}"),
         "l.json:1: regions[0].gestures[0].count: unknown key (expected one of: kind, combine, durationMs, slopMm)"),
        (gesture("{\"kind\": \"long-press\", \"durationMs\": \"300\"}"), "l.json:1: regions[0].gestures[0].durationMs: expected a number, found a string"),
        (gesture("{\"kind\": \"long-press\", \"durationMs\": -300}"), "l.json:1: regions[0].gestures[0].durationMs: expected a number ≥ 0, found -300"),
        (gesture("{\"kind\": \"long-press\", \"slopMm\": -3}"), "l.json:1: regions[0].gestures[0].slopMm: expected a number ≥ 0, found -3"),
        // drag
        (gesture("{\"kind\": \"drag\", \"minimumDistance\": 1}"),
         "l.json:1: regions[0].gestures[0].minimumDistance: unknown key (expected one of: \(allGestureKeys))"),
        (gesture("{\"kind\": \"drag\", \"durationMs\": 1}"),
         "l.json:1: regions[0].gestures[0].durationMs: unknown key (expected one of: kind, combine, slopMm, extraFinger)"),
        (gesture("{\"kind\": \"drag\", \"slopMm\": -1}"), "l.json:1: regions[0].gestures[0].slopMm: expected a number ≥ 0, found -1"),
        (gesture("{\"kind\": \"drag\", \"extraFinger\": \"keep\"}"),
         "l.json:1: regions[0].gestures[0].extraFinger: expected \"cancel\" or \"end\", found \"keep\""),
        (gesture("{\"kind\": \"drag\", \"extraFinger\": 1}"), "l.json:1: regions[0].gestures[0].extraFinger: expected a string, found a number"),
        // magnify
        (gesture("{\"kind\": \"magnify\", \"thresholdDegrees\": 1}"),
         "l.json:1: regions[0].gestures[0].thresholdDegrees: unknown key (expected one of: kind, combine, slopMm)"),
        (gesture("{\"kind\": \"magnify\", \"slopMm\": -0.5}"), "l.json:1: regions[0].gestures[0].slopMm: expected a number ≥ 0, found -0.5"),
        (gesture("{\"kind\": \"magnify\", \"slopMm\": [3]}"), "l.json:1: regions[0].gestures[0].slopMm: expected a number, found an array"),
        // rotation
        (gesture("{\"kind\": \"rotation\", \"slopMm\": 1}"),
         "l.json:1: regions[0].gestures[0].slopMm: unknown key (expected one of: kind, combine, thresholdDegrees)"),
        (gesture("{\"kind\": \"rotation\", \"thresholdDegrees\": \"2\"}"),
         "l.json:1: regions[0].gestures[0].thresholdDegrees: expected a number, found a string"),
        (gesture("{\"kind\": \"rotation\", \"thresholdDegrees\": -2}"),
         "l.json:1: regions[0].gestures[0].thresholdDegrees: expected a number ≥ 0, found -2"),
        // swipe
        (gesture("{\"kind\": \"swipe\", \"edge\": \"left\"}"),
         "l.json:1: regions[0].gestures[0].edge: unknown key (expected one of: kind, combine, fingers, minSpeedMmPerS, slopMm, diagonals, toleranceDegrees)"),
        (gesture("{\"kind\": \"swipe\", \"fingers\": 0}"), "l.json:1: regions[0].gestures[0].fingers: expected a whole number from 1 to 10, found 0"),
        (gesture("{\"kind\": \"swipe\", \"fingers\": 11}"), "l.json:1: regions[0].gestures[0].fingers: expected a whole number from 1 to 10, found 11"),
        (gesture("{\"kind\": \"swipe\", \"fingers\": null}"), "l.json:1: regions[0].gestures[0].fingers: expected a number, found null"),
        (gesture("{\"kind\": \"swipe\", \"minSpeedMmPerS\": -150}"),
         "l.json:1: regions[0].gestures[0].minSpeedMmPerS: expected a number ≥ 0, found -150"),
        (gesture("{\"kind\": \"swipe\", \"slopMm\": 1e999}"), "l.json:1: regions[0].gestures[0].slopMm: expected a finite number"),
        (gesture("{\"kind\": \"swipe\", \"diagonals\": \"no\"}"), "l.json:1: regions[0].gestures[0].diagonals: expected true or false, found a string"),
        (gesture("{\"kind\": \"swipe\", \"toleranceDegrees\": 46}"),
         "l.json:1: regions[0].gestures[0].toleranceDegrees: expected a number from 0 to 45, found 46"),
        (gesture("{\"kind\": \"swipe\", \"toleranceDegrees\": -1}"),
         "l.json:1: regions[0].gestures[0].toleranceDegrees: expected a number from 0 to 45, found -1"),
        (gesture("{\"kind\": \"swipe\", \"toleranceDegrees\": 30}"),
         "l.json:1: regions[0].gestures[0].toleranceDegrees: expected at most 22.5 with diagonals (half the 45° between two directions), found 30"),
        (gesture("{\"kind\": \"swipe\", \"diagonals\": true, \"toleranceDegrees\": 22.6}"),
         "l.json:1: regions[0].gestures[0].toleranceDegrees: expected at most 22.5 with diagonals (half the 45° between two directions), found 22.6"),
        // quick-scale: a doubling needs some travel; a string is no number.
        (gesture(#"{"kind": "quick-scale", "mmPerDoubling": 0}"#),
         "l.json:1: regions[0].gestures[0].mmPerDoubling: expected a number other than 0, found 0"),
        (gesture(#"{"kind": "quick-scale", "doubleTapMs": -1}"#),
         "l.json:1: regions[0].gestures[0].doubleTapMs: expected a number ≥ 0, found -1"),
        // edge-swipe
        (gesture("{\"kind\": \"edge-swipe\"}"), "l.json:1: regions[0].gestures[0].edge: missing required key"),
        (gesture("{\"kind\": \"edge-swipe\", \"edge\": \"middle\"}"),
         "l.json:1: regions[0].gestures[0].edge: expected \"left\", \"right\", \"top\" or \"bottom\", found \"middle\""),
        (gesture("{\"kind\": \"edge-swipe\", \"edge\": null}"), "l.json:1: regions[0].gestures[0].edge: expected a string, found null"),
        (gesture("{\"kind\": \"edge-swipe\", \"edge\": \"top\", \"fingers\": 1}"),
         "l.json:1: regions[0].gestures[0].fingers: unknown key (expected one of: kind, combine, edge, edgeMm, slopMm)"),
        (gesture("{\"kind\": \"edge-swipe\", \"edge\": \"top\", \"edgeMm\": -5}"),
         "l.json:1: regions[0].gestures[0].edgeMm: expected a number ≥ 0, found -5"),
        (gesture("{\"kind\": \"edge-swipe\", \"edge\": \"top\", \"slopMm\": false}"),
         "l.json:1: regions[0].gestures[0].slopMm: expected a number, found a boolean"),
    ]

    @Test(arguments: rejected)
    func aBadTargetIsRejectedNamingItsKey(text: String, message: String) {
        expectRejected(text, with: message)
    }

    /// Every option of every gesture kind, and every kind, is in the contract's table of the layout file.
    @Test func everyGestureKindAndOptionIsInTheContract() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let spec = try String(contentsOf: root.appendingPathComponent("docs/SPEC.md"), encoding: .utf8)
        let layoutSection = try #require(spec.components(separatedBy: "\n## Layout file\n").last)
        for kind in LayoutGestures.all {
            let row = layoutSection.split(separator: "\n").first { $0.hasPrefix("| `\(kind.kind)` |") }
            #expect(row != nil, "no row for \(kind.kind)")
            for key in kind.optionKeys {
                #expect(row?.contains("`\(key)`") == true, "\(kind.kind): \(key) not in its row")
            }
        }
    }
}
