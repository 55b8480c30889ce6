import GestureCore
import LayoutFile
import Testing

@Suite struct LayoutFileTests {
    /// SPEC's example layout.
    static let example = """
    {
      "surface": {"width": 215.5, "height": 134.7},
      "regions": [
        {"name": "chart", "kind": "timeline", "rect": {"x": 10, "y": 5, "width": 200, "height": 60},
         "domain": {"start": "2025-11-01", "end": "2025-12-01"}, "bucket": "day", "longPressMs": 300},
        {"name": "trend", "kind": "timeline", "rect": {"x": 10, "y": 70, "width": 60, "height": 60},
         "domain": {"start": 0, "end": 100}, "bucket": 5, "zoom": {"minSpan": 10}},
        {"name": "timer", "kind": "dial", "center": {"x": 107.5, "y": 100}, "radius": 30,
         "detentDegrees": 6, "maxDegrees": 360}
      ]
    }
    """

    @Test func theSpecExampleReadsWithItsDefaults() throws {
        let layout = try LayoutFile.parse(Self.example, file: "example.layout.json")
        #expect(layout == Layout(surface: Size(width: 215.5, height: 134.7), regions: [
            .timeline(TimelineConfiguration(name: "chart", rect: Rect(x: 10, y: 5, width: 200, height: 60),
                                            domain: .date(start: CivilDay(year: 2025, month: 11, day: 1)!,
                                                          end: CivilDay(year: 2025, month: 12, day: 1)!, bucket: .day),
                                            longPressDuration: .ms(300), slop: 3, doubleTapInterval: .ms(300), doubleTapSlop: 10)),
            .timeline(TimelineConfiguration(name: "trend", rect: Rect(x: 10, y: 70, width: 60, height: 60),
                                            domain: .numeric(start: 0, end: 100, bucket: 5), zoom: ZoomConfiguration(minimumSpan: 10))),
            .dial(DialConfiguration(name: "timer", center: Point(x: 107.5, y: 100), radius: 30, deadZone: 5, slop: 3,
                                    doubleTapInterval: .ms(300), doubleTapSlop: 10, detentDegrees: 6, hysteresisDegrees: nil,
                                    minDegrees: 0, maxDegrees: 360, initialDegrees: 0, rotateThresholdDegrees: 2)),
        ]))
    }

    @Test func everyKeyIsRead() throws {
        let layout = try LayoutFile.parse("""
        {"regions": [
          {"name": "n", "kind": "timeline", "rect": {"x": 0, "y": 0, "width": 100, "height": 20},
           "domain": {"start": -5, "end": 5}, "bucket": 0.5, "longPressMs": 450.5, "slopMm": 2, "doubleTapMs": 250,
           "doubleTapSlopMm": 8},
          {"name": "d", "kind": "dial", "center": {"x": 50, "y": 60}, "radius": 20, "deadZoneMm": 4, "slopMm": 1,
           "doubleTapMs": 200, "doubleTapSlopMm": 5, "detentDegrees": 15, "hysteresisDegrees": 2, "minDegrees": null,
           "maxDegrees": 720, "initialDegrees": -90, "rotateThresholdDegrees": 0}
        ]}
        """)
        #expect(layout.surface == nil)
        #expect(layout.regions == [
            .timeline(TimelineConfiguration(name: "n", rect: Rect(x: 0, y: 0, width: 100, height: 20),
                                            domain: .numeric(start: -5, end: 5, bucket: 0.5), longPressDuration: .us(450_500),
                                            slop: 2, doubleTapInterval: .ms(250), doubleTapSlop: 8)),
            .dial(DialConfiguration(name: "d", center: Point(x: 50, y: 60), radius: 20, deadZone: 4, slop: 1,
                                    doubleTapInterval: .ms(200), doubleTapSlop: 5, detentDegrees: 15, hysteresisDegrees: 2,
                                    minDegrees: nil, maxDegrees: 720, initialDegrees: -90, rotateThresholdDegrees: 0)),
        ])
    }

    @Test func aTimelinesZoom_emptyForTheDefaults_minSpanInTheDomainsUnits_daysForDates_oneFingerScrollOnByDefault() throws {
        let layout = try LayoutFile.parse("""
        {"regions": [
          {"name": "a", "kind": "timeline", "rect": {"x": 0, "y": 0, "width": 100, "height": 20},
           "domain": {"start": 0, "end": 10}, "bucket": 1, "zoom": {}},
          {"name": "b", "kind": "timeline", "rect": {"x": 0, "y": 20, "width": 100, "height": 20},
           "domain": {"start": 0, "end": 10}, "bucket": 1, "zoom": {"minSpan": 2.5}},
          {"name": "c", "kind": "timeline", "rect": {"x": 0, "y": 40, "width": 100, "height": 20},
           "domain": {"start": "2025-11-01", "end": "2025-12-01"}, "bucket": "day", "zoom": {"minSpan": 7, "oneFingerScroll": false}},
          {"name": "d", "kind": "timeline", "rect": {"x": 0, "y": 60, "width": 100, "height": 20},
           "domain": {"start": 0, "end": 10}, "bucket": 1}
        ]}
        """)
        let zooms = layout.regions.map { region -> ZoomConfiguration? in
            guard case .timeline(let timeline) = region else { return nil }
            return timeline.zoom
        }
        #expect(zooms == [ZoomConfiguration(), ZoomConfiguration(minimumSpan: 2.5),
                          ZoomConfiguration(minimumSpan: 7 * 86_400, oneFingerScroll: false), nil])
        #expect(zooms.map { $0?.oneFingerScroll } == [true, true, false, nil])
    }

    @Test func aRegionsView_andAChildsView_areRead_otherRegionsStayInMillimetres() throws {
        let layout = try LayoutFile.parse("""
        {"regions": [
          {"name": "timer", "kind": "dial", "center": {"x": 50, "y": 50}, "radius": 20,
           "view": {"scale": 2.5, "offset": {"x": -75, "y": -75}, "rotation": 270}},
          {"name": "pad", "kind": "target", "shape": {"kind": "rectangle", "x": 100, "y": 0, "width": 50, "height": 50},
           "children": [{"name": "key", "kind": "target", "shape": {"kind": "circle", "center": {"x": 110, "y": 10}, "radius": 5},
                         "gestures": [{"kind": "tap"}], "view": {"rotation": 180}}]}
        ]}
        """)
        #expect(layout.viewTransforms == [
            "timer": ViewTransform(scale: 2.5, offset: Point(x: -75, y: -75), rotation: .threeQuarters),
            "key": ViewTransform(rotation: .half),
        ])
        let engine = try GestureEngine(layout: layout)
        #expect(engine.viewTransform(of: "timer") == ViewTransform(scale: 2.5, offset: Point(x: -75, y: -75), rotation: .threeQuarters))
        #expect(engine.viewTransform(of: "pad") == .identity)
    }

    @Test func anAbsentInitialValueStartsWithinTheStops() throws {
        let layout = try LayoutFile.parse("""
        {"regions": [{"name": "d", "kind": "dial", "center": {"x": 0, "y": 0}, "radius": 1, "minDegrees": 10, "maxDegrees": 20}]}
        """)
        guard case .dial(let dial) = layout.regions[0] else { Issue.record("not a dial"); return }
        #expect(dial.initialDegrees == 10)
    }

    static let timeline = #""name": "c", "kind": "timeline", "rect": {"x": 0, "y": 0, "width": 100, "height": 20}"#
    static let dial = #""name": "d", "kind": "dial", "center": {"x": 50, "y": 50}"#

    /// Each bad layout and the exact message it gets.
    static let rejected: [(String, String)] = [
        ("", "l.json:1: not valid JSON: expected a value, found the end of the file"),
        ("{\"regions\": []", "l.json:1: not valid JSON: expected ',' or '}' in an object"),
        ("{\"regions\": [],}", "l.json:1: not valid JSON: expected a member name in double quotes"),
        ("{\"regions\": [01]}", "l.json:1: not valid JSON: leading zero in a number"),
        ("{\"regions\": []} x", "l.json:1: not valid JSON: expected the end of the document after the top-level value"),
        ("[]", "l.json:1: expected an object, found an array"),
        ("{}", "l.json:1: regions: missing required key"),
        ("{\"regions\": {}}", "l.json:1: regions: expected an array, found an object"),
        ("{\"regions\": [], \"colour\": 1}", "l.json:1: colour: unknown key (expected one of: surface, regions)"),
        // Issue 7: an unknown key is named before a missing one, in every object.
        ("{\"regionz\": []}", "l.json:1: regionz: unknown key (expected one of: surface, regions)"),
        ("{\"surface\": {\"widht\": 10}, \"regions\": []}", "l.json:1: surface.widht: unknown key (expected one of: width, height)"),
        ("{\"regions\": [{\"name\": \"c\", \"knd\": \"dial\"}]}",
         "l.json:1: regions[0].knd: unknown key (expected one of: name, kind, rect, domain, bucket, longPressMs, slopMm, doubleTapMs, doubleTapSlopMm, zoom, view, center, radius, deadZoneMm, detentDegrees, hysteresisDegrees, minDegrees, maxDegrees, initialDegrees, rotateThresholdDegrees, shape, coordination, gestures, children)"),
        ("{\"regions\": [{\"kind\": \"dial\", \"bucket\": 1}]}",
         "l.json:1: regions[0].bucket: unknown key (expected one of: name, kind, center, radius, deadZoneMm, slopMm, doubleTapMs, doubleTapSlopMm, detentDegrees, hysteresisDegrees, minDegrees, maxDegrees, initialDegrees, rotateThresholdDegrees, view)"),
        ("{\"regions\": [{\(timeline), \"domain\": {\"start\": 0, \"stop\": 1}, \"bucket\": 1}]}",
         "l.json:1: regions[0].domain.stop: unknown key (expected one of: start, end)"),
        ("{\"regions\": [{\"name\": \"c\", \"kind\": \"timeline\", \"rect\": {\"x\": 0, \"w\": 1}}]}",
         "l.json:1: regions[0].rect.w: unknown key (expected one of: x, y, width, height)"),
        ("{\"regions\": [], \"regions\": []}", "l.json:1: regions: duplicate key"),
        ("{\"surface\": {\"width\": 0, \"height\": 10}, \"regions\": []}", "l.json:1: surface.width: expected a positive number, found 0"),
        ("{\"surface\": {\"width\": 10}, \"regions\": []}", "l.json:1: surface.height: missing required key"),
        ("{\"regions\": [{\"kind\": \"dial\"}]}", "l.json:1: regions[0].name: missing required key"),
        ("{\"regions\": [{\"name\": \"a\"}]}", "l.json:1: regions[0].kind: missing required key"),
        ("{\"regions\": [{\"name\": 3, \"kind\": \"dial\"}]}", "l.json:1: regions[0].name: expected a string, found a number"),
        ("{\"regions\": [{\"name\": \"a\", \"kind\": \"knob\"}]}", "l.json:1: regions[0].kind: expected \"timeline\", \"dial\" or \"target\", found \"knob\""),
        // timelines
        ("{\"regions\": [{\"name\": \"c\", \"kind\": \"timeline\"}]}", "l.json:1: regions[0].rect: missing required key"),
        ("{\"regions\": [{\(timeline)}]}", "l.json:1: regions[0].domain: missing required key"),
        ("{\"regions\": [{\(timeline), \"domain\": {\"start\": 0, \"end\": 1}}]}", "l.json:1: regions[0].bucket: missing required key"),
        ("{\"regions\": [{\"name\": \"c\", \"kind\": \"timeline\", \"rect\": {\"x\": 0, \"y\": 0, \"width\": -1, \"height\": 20}}]}",
         "l.json:1: regions[0].rect.width: expected a positive number, found -1"),
        ("{\"regions\": [{\"name\": \"c\", \"kind\": \"timeline\", \"rect\": {\"x\": 0, \"y\": 0, \"width\": 1, \"height\": 2, \"z\": 0}}]}",
         "l.json:1: regions[0].rect.z: unknown key (expected one of: x, y, width, height)"),
        ("{\"regions\": [{\(timeline), \"domain\": {\"start\": 5, \"end\": 5}, \"bucket\": 1}]}",
         "l.json:1: regions[0].domain.start: expected start before end, found 5 and 5"),
        ("{\"regions\": [{\(timeline), \"domain\": {\"start\": 0, \"end\": 1}, \"bucket\": 0}]}",
         "l.json:1: regions[0].bucket: expected a positive number, found 0"),
        ("{\"regions\": [{\(timeline), \"domain\": {\"start\": 0, \"end\": 1}, \"bucket\": \"day\"}]}",
         "l.json:1: regions[0].bucket: expected a positive number for a numeric domain, found a string"),
        ("{\"regions\": [{\(timeline), \"domain\": {\"start\": \"2025-01-01\", \"end\": \"2025-02-01\"}, \"bucket\": 7}]}",
         "l.json:1: regions[0].bucket: expected \"day\", \"week\" or \"month\" for a date domain, found a number"),
        ("{\"regions\": [{\(timeline), \"domain\": {\"start\": \"2025-01-01\", \"end\": \"2025-02-01\"}, \"bucket\": \"year\"}]}",
         "l.json:1: regions[0].bucket: expected \"day\", \"week\" or \"month\" for a date domain, found \"year\""),
        ("{\"regions\": [{\(timeline), \"domain\": {\"start\": \"2025-02-29\", \"end\": \"2025-03-01\"}, \"bucket\": \"day\"}]}",
         "l.json:1: regions[0].domain.start: \"2025-02-29\" is an impossible date: the days of February 2025 are 1 to 28"),
        // Issue 7: an impossible date says so; a malformed one gets the format.
        ("{\"regions\": [{\(timeline), \"domain\": {\"start\": \"2025-02-01\", \"end\": \"2025-02-30\"}, \"bucket\": \"day\"}]}",
         "l.json:1: regions[0].domain.end: \"2025-02-30\" is an impossible date: the days of February 2025 are 1 to 28"),
        ("{\"regions\": [{\(timeline), \"domain\": {\"start\": \"2024-02-30\", \"end\": \"2025-02-01\"}, \"bucket\": \"day\"}]}",
         "l.json:1: regions[0].domain.start: \"2024-02-30\" is an impossible date: the days of February 2024 are 1 to 29"),
        ("{\"regions\": [{\(timeline), \"domain\": {\"start\": \"2025-04-00\", \"end\": \"2025-05-01\"}, \"bucket\": \"day\"}]}",
         "l.json:1: regions[0].domain.start: \"2025-04-00\" is an impossible date: the days of April 2025 are 1 to 30"),
        ("{\"regions\": [{\(timeline), \"domain\": {\"start\": \"2025-13-01\", \"end\": \"2026-01-01\"}, \"bucket\": \"day\"}]}",
         "l.json:1: regions[0].domain.start: \"2025-13-01\" is an impossible date: there is no month 13"),
        ("{\"regions\": [{\(timeline), \"domain\": {\"start\": \"2025-2-01\", \"end\": \"2026-01-01\"}, \"bucket\": \"day\"}]}",
         "l.json:1: regions[0].domain.start: expected a date \"YYYY-MM-DD\", found \"2025-2-01\""),
        ("{\"regions\": [{\(timeline), \"domain\": {\"start\": \"2025-03-01\", \"end\": \"2025-02-01\"}, \"bucket\": \"day\"}]}",
         "l.json:1: regions[0].domain.start: expected start before end, found 2025-03-01 and 2025-02-01"),
        ("{\"regions\": [{\(timeline), \"domain\": {\"start\": 0, \"end\": \"2025-02-01\"}, \"bucket\": 1}]}",
         "l.json:1: regions[0].domain.end: expected a number like start, found a string"),
        ("{\"regions\": [{\(timeline), \"domain\": {\"start\": 0, \"end\": 1e999}, \"bucket\": 1}]}",
         "l.json:1: regions[0].domain.end: expected a finite number"),
        ("{\"regions\": [{\(timeline), \"domain\": {\"start\": 0, \"end\": 1}, \"bucket\": 1, \"slopMm\": -1}]}",
         "l.json:1: regions[0].slopMm: expected a number ≥ 0, found -1"),
        ("{\"regions\": [{\(timeline), \"domain\": {\"start\": 0, \"end\": 1}, \"bucket\": 1, \"longPressMs\": \"300\"}]}",
         "l.json:1: regions[0].longPressMs: expected a number, found a string"),
        ("{\"regions\": [{\(timeline), \"domain\": {\"start\": 0, \"end\": 1}, \"bucket\": 1, \"radius\": 3}]}",
         "l.json:1: regions[0].radius: unknown key (expected one of: name, kind, rect, domain, bucket, longPressMs, slopMm, doubleTapMs, doubleTapSlopMm, zoom, view)"),
        // a timeline's zoom
        ("{\"regions\": [{\(timeline), \"domain\": {\"start\": 0, \"end\": 1}, \"bucket\": 1, \"zoom\": true}]}",
         "l.json:1: regions[0].zoom: expected an object, found a boolean"),
        ("{\"regions\": [{\(timeline), \"domain\": {\"start\": 0, \"end\": 1}, \"bucket\": 1, \"zoom\": [1]}]}",
         "l.json:1: regions[0].zoom: expected an object, found an array"),
        ("{\"regions\": [{\(timeline), \"domain\": {\"start\": 0, \"end\": 1}, \"bucket\": 1, \"zoom\": {\"minspan\": 1}}]}",
         "l.json:1: regions[0].zoom.minspan: unknown key (expected one of: minSpan, oneFingerScroll)"),
        ("{\"regions\": [{\(timeline), \"domain\": {\"start\": 0, \"end\": 1}, \"bucket\": 1, \"zoom\": {\"oneFingerScroll\": 1}}]}",
         "l.json:1: regions[0].zoom.oneFingerScroll: expected true or false, found a number"),
        ("{\"regions\": [{\(timeline), \"domain\": {\"start\": 0, \"end\": 1}, \"bucket\": 1, \"zoom\": {\"minSpan\": 1, \"minSpan\": 2}}]}",
         "l.json:1: regions[0].zoom.minSpan: duplicate key"),
        ("{\"regions\": [{\(timeline), \"domain\": {\"start\": 0, \"end\": 1}, \"bucket\": 1, \"zoom\": {\"minSpan\": 0}}]}",
         "l.json:1: regions[0].zoom.minSpan: expected a positive number, found 0"),
        ("{\"regions\": [{\(timeline), \"domain\": {\"start\": 0, \"end\": 1}, \"bucket\": 1, \"zoom\": {\"minSpan\": -2}}]}",
         "l.json:1: regions[0].zoom.minSpan: expected a positive number, found -2"),
        ("{\"regions\": [{\(timeline), \"domain\": {\"start\": 0, \"end\": 1}, \"bucket\": 1, \"zoom\": {\"minSpan\": \"day\"}}]}",
         "l.json:1: regions[0].zoom.minSpan: expected a number, found a string"),
        ("{\"regions\": [{\(timeline), \"domain\": {\"start\": 0, \"end\": 1}, \"bucket\": 1, \"zoom\": {\"minSpan\": 1e999}}]}",
         "l.json:1: regions[0].zoom.minSpan: expected a finite number"),
        ("{\"regions\": [{\(timeline), \"domain\": {\"start\": \"2025-01-01\", \"end\": \"2025-02-01\"}, \"bucket\": \"day\", \"zoom\": {\"minSpan\": null}}]}",
         "l.json:1: regions[0].zoom.minSpan: expected a number, found null"),
        ("{\"regions\": [{\(dial), \"radius\": 5, \"zoom\": {}}]}",
         "l.json:1: regions[0].zoom: unknown key (expected one of: name, kind, center, radius, deadZoneMm, slopMm, doubleTapMs, doubleTapSlopMm, detentDegrees, hysteresisDegrees, minDegrees, maxDegrees, initialDegrees, rotateThresholdDegrees, view)"),
        // dials
        ("{\"regions\": [{\"name\": \"d\", \"kind\": \"dial\"}]}", "l.json:1: regions[0].center: missing required key"),
        ("{\"regions\": [{\(dial)}]}", "l.json:1: regions[0].radius: missing required key"),
        ("{\"regions\": [{\(dial), \"radius\": 0}]}", "l.json:1: regions[0].radius: expected a positive number, found 0"),
        ("{\"regions\": [{\(dial), \"radius\": 5, \"detentDegrees\": 0}]}", "l.json:1: regions[0].detentDegrees: expected a positive number, found 0"),
        ("{\"regions\": [{\(dial), \"radius\": 5, \"deadZoneMm\": -2}]}", "l.json:1: regions[0].deadZoneMm: expected a number ≥ 0, found -2"),
        ("{\"regions\": [{\(dial), \"radius\": 5, \"minDegrees\": 90, \"maxDegrees\": 10}]}",
         "l.json:1: regions[0].minDegrees: expected at most maxDegrees (10), found 90"),
        ("{\"regions\": [{\(dial), \"radius\": 5, \"initialDegrees\": 400}]}",
         "l.json:1: regions[0].initialDegrees: expected at most maxDegrees (360), found 400"),
        ("{\"regions\": [{\(dial), \"radius\": 5, \"initialDegrees\": -1}]}",
         "l.json:1: regions[0].initialDegrees: expected at least minDegrees (0), found -1"),
        ("{\"regions\": [{\(dial), \"radius\": 5, \"maxDegrees\": true}]}", "l.json:1: regions[0].maxDegrees: expected a number, found a boolean"),
        ("{\"regions\": [{\(dial), \"radius\": 5, \"bucket\": 1}]}",
         "l.json:1: regions[0].bucket: unknown key (expected one of: name, kind, center, radius, deadZoneMm, slopMm, doubleTapMs, doubleTapSlopMm, detentDegrees, hysteresisDegrees, minDegrees, maxDegrees, initialDegrees, rotateThresholdDegrees, view)"),
        // views
        ("{\"regions\": [{\(dial), \"radius\": 5, \"view\": {\"scale\": 0}}]}", "l.json:1: regions[0].view.scale: expected a positive number, found 0"),
        ("{\"regions\": [{\(dial), \"radius\": 5, \"view\": {\"scale\": -2}}]}", "l.json:1: regions[0].view.scale: expected a positive number, found -2"),
        ("{\"regions\": [{\(dial), \"radius\": 5, \"view\": {\"rotation\": 45}}]}", "l.json:1: regions[0].view.rotation: expected 0, 90, 180 or 270, found 45"),
        ("{\"regions\": [{\(dial), \"radius\": 5, \"view\": {\"rotation\": \"90\"}}]}", "l.json:1: regions[0].view.rotation: expected a number, found a string"),
        ("{\"regions\": [{\(dial), \"radius\": 5, \"view\": {\"offset\": {\"x\": 1}}}]}", "l.json:1: regions[0].view.offset.y: missing required key"),
        ("{\"regions\": [{\(dial), \"radius\": 5, \"view\": {\"zoom\": 2}}]}", "l.json:1: regions[0].view.zoom: unknown key (expected one of: scale, offset, rotation)"),
        ("{\"regions\": [{\(dial), \"radius\": 5, \"view\": 2}]}", "l.json:1: regions[0].view: expected an object, found a number"),
        // names
        ("{\"regions\": [{\(dial), \"radius\": 5}, {\(dial), \"radius\": 6}]}", "l.json:1: regions[1].name: duplicate name \"d\" (also regions[0])"),
    ]

    @Test(arguments: rejected)
    func aBadLayoutIsRejectedNamingItsKey(text: String, message: String) {
        expectRejected(text, with: message)
    }

    @Test func theLineOfTheOffendingKeyIsGiven() throws {
        let text = """
        {
          "regions": [
            {"name": "d", "kind": "dial",
             "center": {"x": 50, "y": 50},
             "radius": -3}
          ]
        }
        """
        #expect(throws: LayoutError(file: "x.json", line: 5, key: "regions[0].radius", message: "expected a positive number, found -3")) {
            try LayoutFile.parse(text, file: "x.json")
        }
    }

    @Test func deeplyNestedOrBinaryInputIsRejectedWithoutCrashing() throws {
        let deep = String(repeating: "[", count: 10_000)
        #expect(throws: LayoutError(file: nil, line: 1, key: "", message: "not valid JSON: nesting deeper than 64 levels")) {
            try LayoutFile.parse(deep)
        }
        let binary: [UInt8] = [0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x3A, 0x31, 0x7D]
        #expect(throws: LayoutError(file: nil, line: 1, key: "", message: "not valid JSON: invalid UTF-8 in a string")) {
            try LayoutFile.parse(binary)
        }
        #expect(throws: LayoutError(file: nil, line: 1, key: "", message: "not valid JSON: expected a value, found byte 0x0")) {
            try LayoutFile.parse([0])
        }
    }
}
