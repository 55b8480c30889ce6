import GestureCore
import GestureFormat
import GestureTestSupport
import Testing

/// A caller's mistake throws a `GestureError` with a message naming the target or the value, and changes nothing
/// (SPEC "Targets", **A caller's mistake**): the engine's lines afterwards are those of an engine never asked.
@Suite struct CallerMistakeTests {
    /// A numeric chart 0–20 by 1 over x 10–210 mm (10 mm a bucket), with a "today" button on it.
    static let chart = TimelineConfiguration(name: "chart", rect: Rect(x: 10, y: 5, width: 200, height: 60),
                                             domain: .numeric(start: 0, end: 20, bucket: 1))
    static let timer = DialConfiguration(name: "timer", center: Point(x: 107.5, y: 100), radius: 30)

    /// The chart with its button, the timer, and a container with a tap in it.
    static func tree() throws -> [Target] {
        [
            Target("chart", shape: .rectangle(chart.rect), component: try TimelineComponent(chart), children: [
                Target("today", shape: .rectangle(Rect(x: 170, y: 10, width: 30, height: 15)), gesture: TapGesture()),
            ]),
            Target("timer", shape: .circle(center: timer.center, radius: timer.radius), component: try DialComponent(timer)),
            Target("group", shape: .rectangle(Rect(x: 150, y: 75, width: 60, height: 55)), children: [
                Target("knob", shape: .circle(center: Point(x: 180, y: 100), radius: 10), gesture: TapGesture()),
            ]),
        ]
    }

    /// A long press on the chart at 95 mm (bucket 8), dragged to 115 mm (bucket 10), with `mistake` at 0.35 s: after
    /// the long press's deadline (0.3 s), which no input has fired yet.
    static func longPress(around mistake: ScriptAction?) throws -> [String] {
        try play(tree()) {
            down(0, at: 95, 30)
            after(.ms(350))
            if let mistake { mistake }
            move(0, to: 115, 30)
            after(.ms(50))
            up(0)
        }
    }

    /// What the long press gives with no mistake.
    static let longPressLines = [
        #"{"time":0.300000,"region":"chart","type":"select","phase":"began","anchor":8,"selection":{"start":8,"end":8}}"#,
        #"{"time":0.300000,"region":"chart","type":"haptic","kind":"press"}"#,
        #"{"time":0.350000,"region":"chart","type":"select","phase":"changed","anchor":8,"selection":{"start":8,"end":10}}"#,
        #"{"time":0.400000,"region":"chart","type":"select","phase":"ended","anchor":8,"selection":{"start":8,"end":10}}"#,
    ]

    /// One mistake: what the app does, and what it throws.
    struct Mistake: Sendable, CustomTestStringConvertible {
        let message: String
        let body: @Sendable (inout GestureEngine, Timestamp) throws -> Void
        var testDescription: String { message }

        init(_ message: String, _ body: @escaping @Sendable (inout GestureEngine, Timestamp) throws -> Void) {
            self.message = message
            self.body = body
        }

        /// The mistake as a change of a script: it must throw a `GestureError` saying `message`, and return no line.
        var change: ScriptAction {
            GestureTestSupport.change { [body, message] engine, now in
                do {
                    try body(&engine, now)
                    Issue.record("nothing thrown: expected \(message)")
                } catch let error as GestureError {
                    #expect(error.description == message)
                } catch {
                    Issue.record("not a GestureError: \(error)")
                }
                return []
            }
        }
    }

    /// A button named as the chart's.
    static let anotherToday = Target("today", shape: .rectangle(Rect(x: 20, y: 10, width: 10, height: 10)), gesture: TapGesture())

    static let mistakes: [Mistake] = [
        // Names.
        Mistake(#"no target named "Timer""#) { engine, now in _ = try engine.setDialValue(of: "Timer", degrees: 90, at: now) },
        Mistake(#"no target named "Timer""#) { engine, now in
            _ = try engine.modify("Timer", as: DialComponent.self, at: now) { dial, _ in try dial.setValue(degrees: 90) }
        },
        Mistake(#"no target named "Chart""#) { engine, now in _ = try engine.remove("Chart", at: now) },
        Mistake(#"no target named "Chart""#) { engine, now in _ = try engine.replace("Chart", with: anotherToday, at: now) },
        Mistake(#"no target named "Chart""#) { engine, _ in try engine.reshape("Chart", to: .circle(center: .zero, radius: 3)) },
        Mistake(#"no target named "Chart""#) { engine, _ in try engine.setViewTransform(of: "Chart", to: ViewTransform(scale: 2)) },
        Mistake(#"no target named "Chart""#) { engine, _ in try engine.insert(anotherToday, into: "Chart") },
        Mistake(#"no target named "Chart""#) { engine, now in
            _ = try engine.setDomain(of: "Chart", to: .numeric(start: 0, end: 10, bucket: 1), at: now)
        },
        Mistake(#"no target named "Chart""#) { engine, now in
            _ = try engine.setVisibleDomain(of: "Chart", from: .number(2), to: .number(4), at: now)
        },
        Mistake(#"duplicate name "today": target names are unique in an engine, children included"#) { engine, _ in
            try engine.insert(anotherToday, into: "timer")
        },
        Mistake(#"duplicate name "chart": target names are unique in an engine, children included"#) { engine, now in
            _ = try engine.replace("timer", with: Target("chart", shape: .rectangle(Rect(x: 0, y: 0, width: 9, height: 9)), children: []), at: now)
        },
        // Types.
        Mistake(#"the component of "chart" is a TimelineComponent, not a DialComponent"#) { engine, now in
            _ = try engine.setDialValue(of: "chart", degrees: 90, at: now)
        },
        Mistake(#"the component of "timer" is a DialComponent, not a TimelineComponent"#) { engine, now in
            _ = try engine.setVisibleDomain(of: "timer", from: .number(2), to: .number(4), at: now)
        },
        Mistake(#""group" has no component (it is a container), not a TimelineComponent"#) { engine, now in
            _ = try engine.modify("group", as: TimelineComponent.self, at: now) { _, _ in }
        },
        // Positions.
        Mistake(#"expected a position from 0 to 1 among the children of "chart", found 5"#) { engine, _ in
            try engine.insert(Target("later", shape: .rectangle(Rect(x: 20, y: 10, width: 10, height: 10)), gesture: TapGesture()),
                              into: "chart", at: 5)
        },
        Mistake(#"expected a position from 0 to 3 among the top-level targets, found -1"#) { engine, _ in
            try engine.insert(Target("later", shape: .rectangle(Rect(x: 20, y: 10, width: 10, height: 10)), gesture: TapGesture()), at: -1)
        },
        // Values.
        Mistake(#"dial "timer": degrees: expected a finite number"#) { engine, now in
            _ = try engine.setDialValue(of: "timer", degrees: .nan, at: now)
        },
        Mistake(#"timeline "chart": domain.start: expected start before end, found 20 and 0"#) { engine, now in
            _ = try engine.setDomain(of: "chart", to: .numeric(start: 20, end: 0, bucket: 1), at: now)
        },
        Mistake(#"timeline "chart": bucket: expected a positive number, found 0"#) { engine, now in
            _ = try engine.setDomain(of: "chart", to: .numeric(start: 0, end: 20, bucket: 0), at: now)
        },
        Mistake(#"timeline "chart": domain.end: expected a finite number"#) { engine, now in
            _ = try engine.setDomain(of: "chart", to: .numeric(start: 0, end: .infinity, bucket: 1), at: now)
        },
        Mistake(#"timeline "chart": bucket: expected at most 1000000000 buckets in the domain (a bucket of at least 2e-08), found 1e-09"#) { engine, now in
            _ = try engine.setDomain(of: "chart", to: .numeric(start: 0, end: 20, bucket: 1e-9), at: now)
        },
        Mistake(#"timeline "chart": visible.start: expected start before end, found 8 and 3"#) { engine, now in
            _ = try engine.setVisibleDomain(of: "chart", from: .number(8), to: .number(3), at: now)
        },
        Mistake(#"timeline "chart": visible.end: expected a value within the domain (0 to 20), found 25"#) { engine, now in
            _ = try engine.setVisibleDomain(of: "chart", from: .number(5), to: .number(25), at: now)
        },
        Mistake(#"timeline "chart": visible.start: expected a number, as the domain is numeric, found an instant"#) { engine, now in
            _ = try engine.setVisibleDomain(of: "chart", from: .instant(seconds: 2), to: .number(4), at: now)
        },
        Mistake(#"timeline "chart": visible: expected a span of at least 1, the smallest the chart shows, found 0.5"#) { engine, now in
            _ = try engine.setVisibleDomain(of: "chart", from: .number(5), to: .number(5.5), at: now)
        },
        Mistake(#"target "later": shape: lies wholly outside its parent "chart": a touch reaches a child only through its parent's shape"#) { engine, _ in
            try engine.insert(Target("later", shape: .rectangle(Rect(x: 20, y: 90, width: 10, height: 10)), gesture: TapGesture()), into: "chart")
        },
        Mistake(#"target "dot": shape: lies wholly outside its parent "panel": a touch reaches a child only through its parent's shape"#) { engine, now in
            _ = try engine.replace("timer", with: Target("panel", shape: .rectangle(Rect(x: 80, y: 75, width: 50, height: 50)), children: [
                Target("dot", shape: .circle(center: Point(x: 20, y: 20), radius: 5), gesture: TapGesture()),
            ]), at: now)
        },
        Mistake(#"target "today": shape.width: expected a positive number, found -3"#) { engine, _ in
            try engine.reshape("today", to: .rectangle(Rect(x: 170, y: 10, width: -3, height: 15)))
        },
        Mistake(#"target "timer": shape.innerRadius: expected less than outerRadius (10), found 30"#) { engine, _ in
            try engine.reshape("timer", to: .ring(center: Point(x: 107.5, y: 100), innerRadius: 30, outerRadius: 10))
        },
        Mistake(#"target "chart": shape.x: expected a number from -1000000 to 1000000, found 2000000"#) { engine, _ in
            try engine.reshape("chart", to: .rectangle(Rect(x: 2e6, y: 5, width: 200, height: 60)))
        },
        Mistake(#"target "chart": view.scale: expected a number from 0.001 to 1000, found 5000"#) { engine, _ in
            try engine.setViewTransform(of: "chart", to: ViewTransform(scale: 5000))
        },
        Mistake(#"target "chart": view.scale: expected a positive number, found 0"#) { engine, _ in
            try engine.setViewTransform(of: "chart", to: ViewTransform(scale: 0))
        },
        Mistake(#"target "chart": view.offset.y: expected a finite number"#) { engine, _ in
            try engine.setViewTransform(of: "chart", to: ViewTransform(offset: Point(x: 0, y: .nan)))
        },
        Mistake(#"target "double": TapGesture.requiredCount: expected at least 1, found 0"#) { engine, _ in
            try engine.insert(Target("double", shape: .rectangle(Rect(x: 20, y: 10, width: 10, height: 10)), gesture: TapGesture(count: 0)),
                              into: "chart")
        },
        Mistake(#"target "flick": SwipeGesture.fingers: expected at least 1, found 0"#) { engine, now in
            let swipe = SwipeGesture(.init(fingers: 0)).exclusively(before: TapGesture())
            _ = try engine.replace("knob", with: Target("flick", shape: .circle(center: Point(x: 180, y: 100), radius: 10), gesture: swipe),
                                   at: now)
        },
        // A body of the app's own that throws, having changed the dial: the dial is as it was, and the deadline that
        // fired for the change comes with the next input.
        Mistake(#"DialValue: degrees: expected a finite number"#) { engine, now in
            _ = try engine.modify("timer", as: DialComponent.self, at: now) { dial, _ in
                try dial.setValue(degrees: 200)
                try dial.setValue(degrees: .nan)
            }
        },
    ]

    @Test func withoutAMistake_theLongPressSelects() throws {
        #expect(try Self.longPress(around: nil) == Self.longPressLines)
    }

    @Test(arguments: mistakes)
    func aMistakeThrowsSayingWhat_andChangesNothing(_ mistake: Mistake) throws {
        #expect(try Self.longPress(around: mistake.change) == Self.longPressLines)
    }

    /// The mistakes leave every target as it was: a tap on each after them is as on an engine that never saw them,
    /// and so is the dial, which a failed `modify` set to 200 on its copy only.
    @Test func afterEveryMistake_everyTargetIsAsItWas() throws {
        func taps(after mistakes: [Mistake]) throws -> [String] {
            try play(Self.tree()) {
                for mistake in mistakes { mistake.change }
                tap(0, at: 95, 30, holding: .ms(50))      // the chart
                after(.ms(500))
                tap(0, at: 180, 15, holding: .ms(50))     // its button
                after(.ms(500))
                tap(0, at: 180, 100, holding: .ms(50))    // the knob in the group
                after(.ms(500))
                down(0, at: 107.5, 80)                    // the timer, wound a quarter from 0
                arc(0, around: Self.timer.center, radius: 20, from: 0, to: 90, steps: 3, over: .ms(30))
                up(0)
            }
        }
        let untouched = try taps(after: [])
        #expect(untouched == [
            #"{"time":0.050000,"region":"chart","type":"tap","x":95,"y":30,"count":1,"value":8.5,"selection":{"start":8,"end":8}}"#,
            #"{"time":0.600000,"region":"today","type":"tap","x":180,"y":15,"count":1}"#,
            #"{"time":1.150000,"region":"knob","type":"tap","x":180,"y":100,"count":1}"#,
            #"{"time":1.660000,"region":"timer","type":"wind","phase":"began","angle":30,"delta":30,"detent":5}"#,
            #"{"time":1.660000,"region":"timer","type":"haptic","kind":"detent","detent":1}"#,
            #"{"time":1.660000,"region":"timer","type":"haptic","kind":"detent","detent":2}"#,
            #"{"time":1.660000,"region":"timer","type":"haptic","kind":"detent","detent":3}"#,
            #"{"time":1.660000,"region":"timer","type":"haptic","kind":"detent","detent":4}"#,
            #"{"time":1.660000,"region":"timer","type":"haptic","kind":"detent","detent":5}"#,
            #"{"time":1.670000,"region":"timer","type":"wind","phase":"changed","angle":60,"delta":30,"detent":10}"#,
            #"{"time":1.670000,"region":"timer","type":"haptic","kind":"detent","detent":6}"#,
            #"{"time":1.670000,"region":"timer","type":"haptic","kind":"detent","detent":7}"#,
            #"{"time":1.670000,"region":"timer","type":"haptic","kind":"detent","detent":8}"#,
            #"{"time":1.670000,"region":"timer","type":"haptic","kind":"detent","detent":9}"#,
            #"{"time":1.670000,"region":"timer","type":"haptic","kind":"detent","detent":10}"#,
            #"{"time":1.680000,"region":"timer","type":"wind","phase":"changed","angle":90,"delta":30,"detent":15}"#,
            #"{"time":1.680000,"region":"timer","type":"haptic","kind":"detent","detent":11}"#,
            #"{"time":1.680000,"region":"timer","type":"haptic","kind":"detent","detent":12}"#,
            #"{"time":1.680000,"region":"timer","type":"haptic","kind":"detent","detent":13}"#,
            #"{"time":1.680000,"region":"timer","type":"haptic","kind":"detent","detent":14}"#,
            #"{"time":1.680000,"region":"timer","type":"haptic","kind":"detent","detent":15}"#,
            #"{"time":1.680000,"region":"timer","type":"wind","phase":"ended","angle":90,"delta":0,"detent":15}"#,
        ])
        #expect(try taps(after: Self.mistakes) == untouched)
    }

    // MARK: Making an engine and its components

    /// `body` throws a `GestureError` saying `message`.
    static func expect(_ message: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) {
        do {
            try body()
            Issue.record("nothing thrown: expected \(message)", sourceLocation: sourceLocation)
        } catch let error as GestureError {
            #expect(error.description == message, sourceLocation: sourceLocation)
        } catch {
            Issue.record("not a GestureError: \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func makingAnEngineOrAComponentRefusesWhatTheLayoutFileRefuses() {
        let rect = Rect(x: 10, y: 5, width: 200, height: 60)
        Self.expect(#"duplicate name "today": target names are unique in an engine, children included"#) {
            _ = try GestureEngine(targets: [
                Target("today", shape: .rectangle(rect), children: [Target("today", shape: .rectangle(rect), gesture: TapGesture())]),
            ])
        }
        Self.expect(#"target "close": shape: lies wholly outside its parent "photo": a touch reaches a child only through its parent's shape"#) {
            _ = try GestureEngine(targets: [
                Target("photo", shape: .rectangle(rect), gesture: TapGesture(), children: [
                    Target("close", shape: .circle(center: Point(x: 250, y: 15), radius: 8), gesture: TapGesture()),
                ]),
            ])
        }
        Self.expect(#"target "pad": shape.radius: expected a positive number, found 0"#) {
            _ = try GestureEngine(targets: [Target("pad", shape: .circle(center: .zero, radius: 0), gesture: TapGesture())])
        }
        Self.expect(#"target "pad": view.scale: expected a positive number, found -2"#) {
            var pad = Target("pad", shape: .rectangle(rect), gesture: TapGesture())
            pad.viewTransform = ViewTransform(scale: -2)
            _ = try GestureEngine(targets: [pad])
        }
        Self.expect(#"timeline "chart": domain.start: expected start before end, found 20 and 0"#) {
            _ = try TimelineComponent(TimelineConfiguration(name: "chart", rect: rect, domain: .numeric(start: 20, end: 0, bucket: 1)))
        }
        Self.expect(#"timeline "week": domain.start: expected start before end, found 2025-12-01 and 2025-11-01"#) {
            _ = try TimelineComponent(TimelineConfiguration(name: "week", rect: rect, domain: .date(
                start: CivilDay(iso: "2025-12-01")!, end: CivilDay(iso: "2025-11-01")!, bucket: .day)))
        }
        Self.expect(#"timeline "week": domain.end: expected a day from 0000-01-01 to 9999-12-31, found day 9223372036854775807 since 1970-01-01"#) {
            _ = try TimelineComponent(TimelineConfiguration(name: "week", rect: rect, domain: .date(
                start: CivilDay(iso: "2025-12-01")!, end: CivilDay(daysSinceEpoch: .max), bucket: .day)))
        }
        Self.expect(#"timeline "chart": rect.height: expected a positive number, found 0"#) {
            _ = try TimelineComponent(TimelineConfiguration(name: "chart", rect: Rect(x: 10, y: 5, width: 200, height: 0),
                                                            domain: .numeric(start: 0, end: 20, bucket: 1)))
        }
        Self.expect(#"timeline "chart": slop: expected a number ≥ 0, found -1"#) {
            _ = try TimelineComponent(TimelineConfiguration(name: "chart", rect: rect, domain: .numeric(start: 0, end: 20, bucket: 1), slop: -1))
        }
        Self.expect(#"timeline "chart": longPressDuration: expected a number ≥ 0, found -5"#) {
            _ = try TimelineComponent(TimelineConfiguration(name: "chart", rect: rect, domain: .numeric(start: 0, end: 20, bucket: 1),
                                                            longPressDuration: .ms(-5)))
        }
        Self.expect(#"timeline "chart": zoom.minimumSpan: expected a positive number, found 0"#) {
            _ = try TimelineComponent(TimelineConfiguration(name: "chart", rect: rect, domain: .numeric(start: 0, end: 20, bucket: 1),
                                                            zoom: ZoomConfiguration(minimumSpan: 0)))
        }
        Self.expect(#"dial "timer": detentDegrees: expected at least 0.1 (the finest detent), found 0.05"#) {
            _ = try DialComponent(DialConfiguration(name: "timer", center: Point(x: 50, y: 50), radius: 30, detentDegrees: 0.05))
        }
        Self.expect(#"dial "timer": minDegrees: expected at most maxDegrees (360), found 400"#) {
            _ = try DialComponent(DialConfiguration(name: "timer", center: Point(x: 50, y: 50), radius: 30, minDegrees: 400))
        }
        Self.expect(#"dial "timer": initialDegrees: expected at most maxDegrees (360), found 720"#) {
            _ = try DialComponent(DialConfiguration(name: "timer", center: Point(x: 50, y: 50), radius: 30, initialDegrees: 720))
        }
        Self.expect(#"dial "timer": radius: expected at most 1000000 mm, found 10000000"#) {
            _ = try DialComponent(DialConfiguration(name: "timer", center: Point(x: 50, y: 50), radius: 1e7))
        }
        Self.expect(#"TimelineZoom: minimumSpan: expected a positive number, found -1"#) {
            _ = try TimelineZoom(domain: .numeric(start: 0, end: 20, bucket: 1), minimumSpan: -1)
        }
        Self.expect(#"DialValue: hysteresisDegrees: expected a number ≥ 0, found -1"#) {
            _ = try DialValue(.init(hysteresisDegrees: -1))
        }
        Self.expect(#"DialValue: initialDegrees: expected a number from -1000000000 to 1000000000, found 2000000000"#) {
            _ = try DialValue(.init(minDegrees: nil, maxDegrees: nil), initialDegrees: 2e9)
        }
        Self.expect(#"no target named "ghost""#) {
            _ = try GestureEngine(layout: Layout(regions: [.timeline(Self.chart)], viewTransforms: ["ghost": ViewTransform(scale: 2)]))
        }
    }

    @Test func aDialValueRefusesWhatIsNoNumber_andIsThenAsItWas() throws {
        var value = try DialValue(.init(), initialDegrees: 30)
        Self.expect(#"DialValue: degrees: expected a finite number"#) { try value.set(degrees: .infinity) }
        Self.expect(#"DialValue: turn: expected a number, found NaN"#) { _ = try value.apply(turn: .nan) }
        #expect(value.degrees == 30 && value.detent == 5)
        // An infinite turn goes to the stop.
        #expect(try value.apply(turn: .infinity) == DialValue.Change(applied: 330, detents: Array(6...60), limit: true))
    }
}
