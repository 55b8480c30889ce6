import GestureCore
import GestureFormat
import GestureTestSupport
import Testing

/// The conveniences for the common changes (SPEC "Changes between inputs"): a dial's value, a timeline's domain and
/// its visible domain at any resolution, each in one call (the dial's value and the domain set mid-gesture:
/// `TargetTests`, both ways); and a child target in its parent's view.
@Suite struct ConvenienceTests {
    // MARK: A dial's value

    @Test func settingTheDialsValue_returnsTheDeadlinesThatFiredFirst() throws {
        var engine = try GestureEngine(targets: CallerMistakeTests.tree())
        let formatter = EventFormatter()
        _ = engine.handle(TouchFrame(time: .zero, contacts: [Contact(id: 0, position: Point(x: 95, y: 30), phase: .began)]))
        // The app's timer runs at 0.35 s: the chart's long press was due at 0.3 s, and comes with the change.
        let events = try engine.setDialValue(of: "timer", degrees: 90, at: ms(350))
        #expect(events.map { formatter.line(for: $0) } == Array(CallerMistakeTests.longPressLines.prefix(2)))
        #expect(engine.component(of: "timer", as: DialComponent.self)?.value.degrees == 90)
        #expect(engine.component(of: "timer", as: DialComponent.self)?.value.detent == 15)
    }

    // MARK: A timeline's domain and visible domain

    /// The numeric chart 0–20 by 1 over x 10–210 mm (10 mm a bucket), without the `zoom` option.
    static func chart() throws -> [Target] {
        [Target("chart", shape: .rectangle(TargetTests.chartRect), component: try TimelineComponent(TargetTests.chart))]
    }

    /// The app shows 4.25–9.75 of the chart's 0–20 (not whole buckets), without the `zoom` option: 200 mm for 5.5, so
    /// value(x) = 4.25 + (x − 10) / 200 × 5.5. Taps, a selection and the chart proxy map through it; buckets stay the
    /// whole domain's.
    @Test func theVisibleDomainSetAtAnyResolution_mapsTapsSelectionsAndTheProxy() throws {
        var engine = try GestureEngine(targets: Self.chart())
        #expect(try engine.setVisibleDomain(of: "chart", from: .number(4.25), to: .number(9.75), at: .zero).isEmpty)
        let proxy = try #require(engine.chartProxy(of: "chart"))
        #expect(proxy.visible == VisibleDomain(start: .number(4.25), end: .number(9.75)))
        #expect(proxy.value(atX: 110) == .number(7))
        #expect(proxy.x(of: .number(9.75)) == 210)
        var player = ScriptPlayer(engine: engine)
        player.run([
            tap(0, at: 110, 30, holding: .ms(50)),                 // 7: bucket 7
            [after(.ms(500))],
            rest(0, at: 50, 30, for: .ms(300)),                    // 5.35: bucket 5
            [tick(), move(0, to: 180, 30), after(.ms(10))],        // 8.925: bucket 8
            // Scrolled by the app mid-selection to 10–15.5: the finger is over 14.675 (bucket 14), the anchor stays 5.
            [change { engine, now in try engine.setVisibleDomain(of: "chart", from: .number(10), to: .number(15.5), at: now) }],
            [after(.ms(10)), up(0)],
        ].flatMap { $0 })
        let formatter = EventFormatter()
        #expect(player.failures.isEmpty)
        #expect(player.events.map { formatter.line(for: $0) } == [
            #"{"time":0.050000,"region":"chart","type":"tap","x":110,"y":30,"count":1,"value":7,"selection":{"start":7,"end":7}}"#,
            #"{"time":0.850000,"region":"chart","type":"select","phase":"began","anchor":5,"selection":{"start":5,"end":5}}"#,
            #"{"time":0.850000,"region":"chart","type":"haptic","kind":"press"}"#,
            #"{"time":0.850000,"region":"chart","type":"select","phase":"changed","anchor":5,"selection":{"start":5,"end":8}}"#,
            #"{"time":0.860000,"region":"chart","type":"select","phase":"changed","anchor":5,"selection":{"start":5,"end":14}}"#,
            #"{"time":0.870000,"region":"chart","type":"select","phase":"ended","anchor":5,"selection":{"start":5,"end":14}}"#,
        ])
    }

    /// November 2025 by day over x 10–210 mm, shown from Nov 10 06:00 to Nov 12 18:00: 2.5 days, a day every 80 mm.
    @Test func aDateChartsVisibleDomain_isSetToTheSecond() throws {
        let day = 86_400.0
        let nov10 = Double(CivilDay(iso: "2025-11-10")!.daysSinceEpoch) * day
        var engine = try GestureEngine(layout: DateTimelineTests.november(.day))
        _ = try engine.setVisibleDomain(of: "chart", from: .instant(seconds: nov10 + day / 4), to: .instant(seconds: nov10 + 2.75 * day),
                                        at: .zero)
        var player = ScriptPlayer(engine: engine)
        player.run(tap(0, at: 110, 30, holding: .ms(50)))      // 1.25 days in: Nov 11, 12:00
        let formatter = EventFormatter()
        #expect(player.events.map { formatter.line(for: $0) } == [
            #"{"time":0.050000,"region":"chart","type":"tap","x":110,"y":30,"count":1,"value":"2025-11-11T12:00:00Z","selection":{"start":"2025-11-11","end":"2025-11-11"}}"#,
        ])
        #expect(throws: GestureError.invalidValue(subject: #"timeline "chart""#, key: "visible.end",
                                                  message: "expected a value within the domain (2025-11-01T00:00:00Z to "
                                                      + "2025-12-01T00:00:00Z), found 2025-12-01T06:00:00Z")) {
            try engine.setVisibleDomain(of: "chart", from: .instant(seconds: nov10), to: .instant(seconds: nov10 + 21.25 * day), at: .zero)
        }
        #expect(throws: GestureError.invalidValue(subject: #"timeline "chart""#, key: "visible",
                                                  message: "expected a span of at least 86400 s, the smallest the chart shows, found 3600")) {
            try engine.setVisibleDomain(of: "chart", from: .instant(seconds: nov10), to: .instant(seconds: nov10 + 3600), at: .zero)
        }
    }

    // MARK: A child in its parent's view

    /// The chart drawn at 2 points per mm, with a button on it that has no view of its own and a child whose own view is
    /// the identity (mm): the button's tap is in the chart's points, as a SwiftUI child view is in its parent's
    /// coordinates; it follows the chart's view when that changes, until it has one of its own.
    @Test func aChildWithoutAViewOfItsOwnIsInItsParentsView() throws {
        var inMillimetres = Target("mm", shape: .rectangle(Rect(x: 20, y: 10, width: 20, height: 15)), gesture: TapGesture())
        inMillimetres.viewTransform = .identity
        var chart = Target("chart", shape: .rectangle(TargetTests.chartRect), component: try TimelineComponent(TargetTests.chart), children: [
            Target("today", shape: .rectangle(TargetTests.buttonRect), gesture: TapGesture()),
            inMillimetres,
        ])
        chart.viewTransform = ViewTransform(scale: 2)
        let lines = try play([chart]) {
            tap(0, at: 100, 30, holding: .ms(50))       // the chart: (200, 60), 9 on its axis in points (20–420)
            after(.ms(500))
            tap(0, at: 180, 15, holding: .ms(50))       // its button: (360, 30), not (180, 15)
            after(.ms(500))
            tap(0, at: 30, 15, holding: .ms(50))        // the child in mm
            after(.ms(500))
            change { engine, _ in
                try engine.setViewTransform(of: "chart", to: ViewTransform(scale: 3, offset: Point(x: -30, y: 0)))
                return []
            }
            tap(0, at: 180, 15, holding: .ms(50))       // the button follows: (510, 45)
            after(.ms(500))
            change { engine, _ in
                try engine.setViewTransform(of: "today", to: ViewTransform(offset: Point(x: -170, y: -10)))  // its own
                return []
            }
            tap(0, at: 180, 15, holding: .ms(50))       // (10, 5)
            after(.ms(500))
            change { engine, _ in
                try engine.setViewTransform(of: "today", to: nil)   // the chart's again
                return []
            }
            tap(0, at: 180, 15, holding: .ms(50))       // (510, 45)
            after(.ms(500))
            change { engine, _ in
                try engine.insert(Target("later", shape: .rectangle(Rect(x: 50, y: 10, width: 20, height: 15)), gesture: TapGesture()),
                                  into: "chart")
                return []
            }
            tap(0, at: 60, 15, holding: .ms(50))        // inserted without a view: the chart's, (150, 45)
        }
        #expect(lines == [
            #"{"time":0.050000,"region":"chart","type":"tap","x":200,"y":60,"count":1,"value":9,"selection":{"start":9,"end":9}}"#,
            #"{"time":0.600000,"region":"today","type":"tap","x":360,"y":30,"count":1}"#,
            #"{"time":1.150000,"region":"mm","type":"tap","x":30,"y":15,"count":1}"#,
            #"{"time":1.700000,"region":"today","type":"tap","x":510,"y":45,"count":1}"#,
            #"{"time":2.250000,"region":"today","type":"tap","x":10,"y":5,"count":1}"#,
            #"{"time":2.800000,"region":"today","type":"tap","x":510,"y":45,"count":1}"#,
            #"{"time":3.350000,"region":"later","type":"tap","x":150,"y":45,"count":1}"#,
        ])
        var engine = try GestureEngine(targets: [chart])
        #expect(engine.viewTransform(of: "today") == ViewTransform(scale: 2))
        #expect(engine.viewTransform(of: "mm") == .identity)
        try engine.setViewTransform(of: "chart", to: nil)
        #expect(engine.viewTransform(of: "today") == .identity)
    }
}
