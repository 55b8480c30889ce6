import GestureCore
import GestureFormat
import GestureTestSupport
import Testing

/// A timeline's `zoom` option (SPEC "timeline", **zoom**): pinch-to-zoom and two-finger pan of the visible
/// domain. The numeric chart spans x 10–210 mm for 0–20 in buckets of 1, so unzoomed value(x) = (x − 10) / 10;
/// once zoomed to [lower, upper], value(x) = lower + (x − 10) / 200 × (upper − lower).
@Suite struct TimelineZoomTests {
    static func chart(zoom: ZoomConfiguration? = ZoomConfiguration()) -> Layout {
        Layout(regions: [
            .timeline(TimelineConfiguration(name: "chart", rect: Rect(x: 10, y: 5, width: 200, height: 60),
                                            domain: .numeric(start: 0, end: 20, bucket: 1), zoom: zoom)),
        ])
    }

    static func line(_ time: String, _ phase: String, _ start: String, _ end: String) -> String {
        #"{"time":\#(time),"region":"chart","type":"zoom","phase":"\#(phase)","visible":{"start":\#(start),"end":\#(end)}}"#
    }

    /// Two fingers at 90 and 130 (midpoint 110: value 10 on the whole chart) spread to 70 and 150: scale 2,
    /// so the chart shows 10 of 20 about 10: 5–15. Both fingers lift 10 ms later.
    static func zoomToFiveFifteen() -> [ScriptAction] {
        pinch(y: 30, through: (90, 130), (70, 150))
    }

    /// The lines of `script` played on `chart` half a second after `zoomToFiveFifteen`: the zoom's, then its own.
    static func afterZoomingToFiveFifteen(on chart: Layout = chart(),
                                          @TouchScriptBuilder _ script: () -> [ScriptAction]) throws -> [String] {
        try play(chart) {
            zoomToFiveFifteen()
            after(.ms(500))
            script()
        }
    }

    /// What `zoomToFiveFifteen` gives.
    static let zoomedToFiveFifteen = [
        line("0.010000", "began", "5", "15"),
        line("0.020000", "ended", "5", "15"),
    ]

    // MARK: Pinch in and out

    @Test func pinchingOutZoomsInAboutTheValueUnderTheFingers_andATapAndASelectionThenMapThroughIt() throws {
        let lines = try play(Self.chart()) {
            down(0, at: 100, 30)
            after(.ms(10))
            down(1, at: 120, 30)                // 20 mm apart, midpoint 110: value 10 is gripped
            after(.ms(10))
            together(.move(0, Point(x: 99, y: 30)), .move(1, Point(x: 121, y: 30)))    // 22 mm: within the slop
            after(.ms(10))
            together(.move(0, Point(x: 90, y: 30)), .move(1, Point(x: 130, y: 30)))    // 40 mm: scale 2, span 10 about 10
            after(.ms(10))
            together(.move(0, Point(x: 70, y: 30)), .move(1, Point(x: 150, y: 30)))    // 80 mm: scale 4, span 5
            after(.ms(10))
            up(1)                               // ended; the finger left does nothing more
            after(.ms(10))
            move(0, to: 60, 30)
            after(.ms(10))
            up(0)
            after(.ms(500))
            // A tap at 60 mm, a quarter of the width: 7.5 + 0.25 × 5 = 8.75, in bucket 8.
            tap(0, at: 60, 30, holding: .ms(50))
            after(.ms(500))
            // A long press at 160 mm (11.25, bucket 11) dragged to 200 mm (12.25, bucket 12).
            down(0, at: 160, 30); after(.ms(300)); tick()
            move(0, to: 200, 30); after(.ms(10)); up(0)
        }
        #expect(lines == [
            Self.line("0.030000", "began", "5", "15"),
            Self.line("0.040000", "changed", "7.5", "12.5"),
            Self.line("0.050000", "ended", "7.5", "12.5"),
            #"{"time":0.620000,"region":"chart","type":"tap","x":60,"y":30,"count":1,"value":8.75,"selection":{"start":8,"end":8}}"#,
            #"{"time":1.420000,"region":"chart","type":"select","phase":"began","anchor":11,"selection":{"start":11,"end":11}}"#,
            #"{"time":1.420000,"region":"chart","type":"haptic","kind":"press"}"#,
            #"{"time":1.420000,"region":"chart","type":"select","phase":"changed","anchor":11,"selection":{"start":11,"end":12}}"#,
            #"{"time":1.430000,"region":"chart","type":"select","phase":"ended","anchor":11,"selection":{"start":11,"end":12}}"#,
        ])
    }

    @Test func pinchingInZoomsOut_untilTheWholeDomain() throws {
        let lines = try Self.afterZoomingToFiveFifteen {
            pinch(y: 30, through: (70, 150),   // 80 mm apart about 110: value 10 of 5–15 is gripped
                  (80, 140),                   // 60 mm: scale 0.75, span 13.333
                  (90, 130),                   // 40 mm: scale 0.5, span 20: all
                  (100, 120))                  // scale 0.25: still all, no line
        }
        #expect(lines == Self.zoomedToFiveFifteen + [
            Self.line("0.530000", "began", "3.333", "16.667"),
            Self.line("0.540000", "changed", "0", "20"),
            Self.line("0.560000", "ended", "0", "20"),
        ])
    }

    // MARK: Clamping

    @Test func theVisibleDomainStaysWithinTheWholeDomain() throws {
        let lines = try Self.afterZoomingToFiveFifteen {
            // Two fingers about 20 mm (5% of the width: 5.5 in 5–15), moved right together: the chart follows
            // them, showing earlier values, until it reaches its start.
            pinch(y: 30, through: (10, 30),
                  (60, 80),                    // midpoint 70 (30%): 2.5–12.5
                  (110, 130),                  // 120 (55%): 5.5 − 5.5 = 0: 0–10
                  (190, 210),                  // 200 (95%): −4, kept at 0–10
                  (110, 130),                  // back to 120: 0–10, no line
                  (60, 80))                    // back to 70: 2.5–12.5
            after(.ms(500))
            // About 200 mm (95%: 12 in 2.5–12.5), moved to 20 mm (5%): 11.5–21.5, kept at 10–20.
            pinch(y: 30, through: (190, 210), (10, 30))
        }
        #expect(lines == Self.zoomedToFiveFifteen + [
            Self.line("0.530000", "began", "2.5", "12.5"),
            Self.line("0.540000", "changed", "0", "10"),
            Self.line("0.570000", "changed", "2.5", "12.5"),
            Self.line("0.580000", "ended", "2.5", "12.5"),
            Self.line("1.090000", "began", "10", "20"),
            Self.line("1.100000", "ended", "10", "20"),
        ])
    }

    @Test func theVisibleSpanIsAtLeastOneBucket_orTheMinimumSpanAskedFor() throws {
        func spread() -> [ScriptAction] {
            // 4 mm apart about 110 (value 10), spread to 20 mm (scale 5: span 4) and to 100 mm (scale 25: span 0.8).
            pinch(y: 30, through: (108, 112), (100, 120), (60, 160))
        }
        #expect(try play(Self.chart()) { spread() } == [
            Self.line("0.010000", "began", "8", "12"),
            Self.line("0.020000", "changed", "9.5", "10.5"),
            Self.line("0.030000", "ended", "9.5", "10.5"),
        ])
        #expect(try play(Self.chart(zoom: ZoomConfiguration(minimumSpan: 2.5))) { spread() } == [
            Self.line("0.010000", "began", "8", "12"),
            Self.line("0.020000", "changed", "8.75", "11.25"),
            Self.line("0.030000", "ended", "8.75", "11.25"),
        ])
        // A minimum beyond the domain allows no zooming in at all.
        #expect(try play(Self.chart(zoom: ZoomConfiguration(minimumSpan: 50))) { spread() } == [
            Self.line("0.010000", "began", "0", "20"),
            Self.line("0.030000", "ended", "0", "20"),
        ])
    }

    /// The default minimum is one bucket of the domain shown: after the app sets a domain of buckets of 2, a pinch
    /// zooms in to 2, not to the 1 of the domain the chart began with.
    @Test func theDefaultMinimumSpanIsABucketOfTheDomainSetSince() throws {
        let lines = try play(Self.chart()) {
            change { engine, now in
                try engine.modify("chart", as: TimelineComponent.self, at: now) { chart, output in
                    try chart.setDomain(.numeric(start: 0, end: 20, bucket: 2), output: &output)
                }
            }
            // 4 mm apart about 110 (value 10), spread to 100 mm (scale 25: span 0.8, brought to one bucket).
            pinch(y: 30, through: (108, 112), (60, 160))
        }
        #expect(lines == [
            Self.line("0.010000", "began", "9", "11"),
            Self.line("0.020000", "ended", "9", "11"),
        ])
    }

    // MARK: Two-finger pan

    /// The fingers' midpoint is taken within the chart: one beyond its right edge stands at that edge (fraction 1),
    /// for where the gripped value is placed as for the grip itself; its y plays no part.
    @Test func aMidpointBeyondTheChartStandsAtItsEdge() throws {
        let lines = try play(Self.chart()) {
            // 40 mm apart about 170 (value 16); then 60 mm apart about 230, 20 mm right of the chart (which ends at 210)
            // and below it: scale 1.5, span 20 / 1.5 = 13.333, and 16 placed at the right edge: 2.667–16. (Placed at
            // 230 mm, 1.1 of the width, it would have been 1.333–14.667.)
            together(.down(0, Point(x: 150, y: 30)), .down(1, Point(x: 190, y: 30)))
            after(.ms(10))
            together(.move(0, Point(x: 200, y: 80)), .move(1, Point(x: 260, y: 80)))
            after(.ms(10))
            // The first finger goes back in, the second stays out: midpoint 215, still beyond the edge, distance 90:
            // scale 2.25, span 8.889, 16 at the right edge: 7.111–16.
            move(0, to: 170, 80)
            after(.ms(10))
            together(.up(0), .up(1))
        }
        #expect(lines == [
            Self.line("0.010000", "began", "2.667", "16"),
            Self.line("0.020000", "changed", "7.111", "16"),
            Self.line("0.030000", "ended", "7.111", "16"),
        ])
        // The midpoint at the second landing beyond the edge too: on the chart zoomed to 5–15 and scrolled by the first
        // finger to 2–12, the grip is the visible end, 12 (at 220 mm, 1.05 of the width, it would have been 12.5, and
        // the window 4.5–12.5).
        let gripOutside = try Self.afterZoomingToFiveFifteen {
            down(0, at: 200, 30)
            after(.ms(10)); move(0, to: 260, 30)                    // the first finger leaves the chart: a pan, which
                                                                    // scrolls 60 mm, 3: 2–12 (the finger is not held
                                                                    // at the edge, as a pinch's midpoint is)
            after(.ms(10)); down(1, at: 180, 30)                    // 80 mm apart, midpoint 220: the grip is 12
            after(.ms(10)); move(1, to: 160, 30)                    // 100 mm: scale 1.25, span 8; midpoint 210: 4–12
            after(.ms(10)); together(.up(0), .up(1))
        }
        #expect(gripOutside == Self.zoomedToFiveFifteen + [
            #"{"time":0.530000,"region":"chart","type":"pan","phase":"began","dx":60,"dy":0}"#,
            Self.line("0.530000", "began", "2", "12"),
            #"{"time":0.540000,"region":"chart","type":"pan","phase":"cancelled","dx":60,"dy":0}"#,
            Self.line("0.540000", "cancelled", "2", "12"),
            Self.line("0.550000", "began", "4", "12"),
            Self.line("0.560000", "ended", "4", "12"),
        ])
    }

    @Test func aTwoFingerPanMovesTheZoomedChartWithTheFingers() throws {
        let lines = try Self.afterZoomingToFiveFifteen {
            pinch(y: 30, through: (90, 130),   // midpoint 110: value 10
                  (88, 128),                   // the midpoint moved 2 mm: within the slop
                  (80, 120),                   // 10 mm: began; 10 at 45%: 5.5–15.5
                  (70, 110)).dropLast()        // 10 at 40%: 6–16; the fingers lift one by one
            up(0)
            after(.ms(10))
            up(1)
        }
        #expect(lines == Self.zoomedToFiveFifteen + [
            Self.line("0.540000", "began", "5.5", "15.5"),
            Self.line("0.550000", "changed", "6", "16"),
            Self.line("0.560000", "ended", "6", "16"),
        ])
    }

    // MARK: With and without the option

    @Test func aOneFingerPanIsCancelledByTheSecondFinger_whichThenPinches() throws {
        let lines = try play(Self.chart()) {
            rest(0, at: 90, 30, for: .ms(10))
            move(0, to: 100, 30)                // pan began
            after(.ms(10))
            rest(1, at: 140, 30, for: .ms(10))  // pan cancelled; the pair is 40 mm apart about 120 (value 11)
            move(1, to: 180, 30)                // 80 mm about 140 (65%): span 10, 11 − 6.5 = 4.5: 4.5–14.5
            after(.ms(10))
            together(.up(0), .up(1))
        }
        #expect(lines == [
            #"{"time":0.010000,"region":"chart","type":"pan","phase":"began","dx":10,"dy":0}"#,
            #"{"time":0.020000,"region":"chart","type":"pan","phase":"cancelled","dx":10,"dy":0}"#,
            Self.line("0.030000", "began", "4.5", "14.5"),
            Self.line("0.040000", "ended", "4.5", "14.5"),
        ])
    }

    @Test func withoutTheOptionTwoFingersDoNothing_andTapsMapThroughTheWholeDomain() throws {
        let lines = try Self.afterZoomingToFiveFifteen(on: Self.chart(zoom: nil)) {
            tap(0, at: 60, 30, holding: .ms(50))
        }
        #expect(lines == [
            #"{"time":0.570000,"region":"chart","type":"tap","x":60,"y":30,"count":1,"value":5,"selection":{"start":5,"end":5}}"#,
        ])
    }

    // MARK: One-finger scroll (the option's `oneFingerScroll`)

    /// On the chart zoomed to 5–15 (20 mm a unit), a finger down at 110 mm (10) moves to 120 mm, beyond the slop: the
    /// pan begins and scrolls, 10 under the finger at 55%: 4.5–14.5; at 150 mm, 70%: 3–13. It rests 50 ms (no
    /// fling) and lifts: the chart stays at 3–13, and a tap at 60 mm, a quarter in, is 5.5, in bucket 5.
    @Test func aOneFingerPanScrollsTheZoomedChart_andATapThenAnswersTheBucketUnderTheFinger() throws {
        let lines = try Self.afterZoomingToFiveFifteen {
            down(0, at: 110, 30)
            after(.ms(10)); move(0, to: 120, 30)
            after(.ms(10)); move(0, to: 150, 30)
            after(.ms(50)); up(0)
            after(.ms(500))
            tap(0, at: 60, 30, holding: .ms(50))
        }
        #expect(lines == Self.zoomedToFiveFifteen + [
            #"{"time":0.530000,"region":"chart","type":"pan","phase":"began","dx":10,"dy":0}"#,
            Self.line("0.530000", "began", "4.5", "14.5"),
            #"{"time":0.540000,"region":"chart","type":"pan","phase":"changed","dx":40,"dy":0}"#,
            Self.line("0.540000", "changed", "3", "13"),
            #"{"time":0.590000,"region":"chart","type":"pan","phase":"ended","dx":40,"dy":0,"vx":0,"vy":0}"#,
            Self.line("0.590000", "ended", "3", "13"),
            #"{"time":1.140000,"region":"chart","type":"tap","x":60,"y":30,"count":1,"value":5.5,"selection":{"start":5,"end":5}}"#,
        ])
    }

    /// The scroll stops at an end of the domain, the span kept: dragged 150 mm right (7.5), 5–15 would be −2.5–7.5,
    /// so it shows 0–10; the moves after it, further right and up and down, change nothing and print no `zoom`
    /// line, and coming back left 60 mm from the down (3 to the left of 10) scrolls again: 10 at 110 − 60 + … = 35%.
    @Test func theScrollStopsAtAnEndOfTheDomain_andGoesOnWhenTheFingerComesBack() throws {
        let lines = try Self.afterZoomingToFiveFifteen {
            down(0, at: 110, 30)
            after(.ms(10)); move(0, to: 200, 30)      // 10 at 95%: 0.5–10.5
            after(.ms(10)); move(0, to: 260, 30)      // at 125%: −2.5–7.5, shifted in: 0–10
            after(.ms(10)); move(0, to: 300, 80)      // further still: 0–10 again, no zoom line
            after(.ms(10)); move(0, to: 50, 30)       // 10 at 20%: 8–18
            after(.ms(10)); withdraw(0)
        }
        #expect(lines == Self.zoomedToFiveFifteen + [
            #"{"time":0.530000,"region":"chart","type":"pan","phase":"began","dx":90,"dy":0}"#,
            Self.line("0.530000", "began", "0.5", "10.5"),
            #"{"time":0.540000,"region":"chart","type":"pan","phase":"changed","dx":150,"dy":0}"#,
            Self.line("0.540000", "changed", "0", "10"),
            #"{"time":0.550000,"region":"chart","type":"pan","phase":"changed","dx":190,"dy":50}"#,
            #"{"time":0.560000,"region":"chart","type":"pan","phase":"changed","dx":-60,"dy":0}"#,
            Self.line("0.560000", "changed", "8", "18"),
            #"{"time":0.570000,"region":"chart","type":"pan","phase":"cancelled","dx":-60,"dy":0}"#,
            Self.line("0.570000", "cancelled", "8", "18"),
        ])
    }

    @Test func withoutOneFingerScroll_aPanLeavesTheZoomedChartAsItIs() throws {
        let chart = Self.chart(zoom: ZoomConfiguration(oneFingerScroll: false))
        let lines = try Self.afterZoomingToFiveFifteen(on: chart) {
            drag(0, from: Point(x: 110, y: 30), to: Point(x: 150, y: 30), steps: 2, over: .ms(20))
            after(.ms(500))
            tap(0, at: 60, 30, holding: .ms(50))      // still 5–15: 7.5
        }
        #expect(lines == Self.zoomedToFiveFifteen + [
            #"{"time":0.530000,"region":"chart","type":"pan","phase":"began","dx":20,"dy":0}"#,
            #"{"time":0.540000,"region":"chart","type":"pan","phase":"changed","dx":40,"dy":0}"#,
            #"{"time":0.540000,"region":"chart","type":"pan","phase":"ended","dx":40,"dy":0,"vx":2000,"vy":0}"#,
            #"{"time":1.090000,"region":"chart","type":"tap","x":60,"y":30,"count":1,"value":7.5,"selection":{"start":7,"end":7}}"#,
        ])
    }

    /// A chart the app zoomed (`setVisibleDomain`, no pinch) scrolls with one finger too; the app setting the visible
    /// domain again mid-scroll ends the scroll's lines there (`cancelled`, showing what it set), and the rest of that
    /// pan scrolls nothing.
    @Test func aChartTheAppZoomedScrolls_andTheAppOverrulesAScrollUnderWay() throws {
        let lines = try play(Self.chart()) {
            change { engine, now in try engine.setVisibleDomain(of: "chart", from: .number(10), to: .number(12), at: now) }
            down(0, at: 110, 30)                              // 11
            after(.ms(10)); move(0, to: 130, 30)              // 11 at 60%: 9.8–11.8
            after(.ms(10))
            change { engine, now in try engine.setVisibleDomain(of: "chart", from: .number(2), to: .number(6), at: now) }
            move(0, to: 170, 30)                              // nothing more
            after(.ms(10)); up(0)
            after(.ms(500))
            tap(0, at: 110, 30, holding: .ms(50))             // 2–6 at 50%: 4
        }
        #expect(lines == [
            #"{"time":0.010000,"region":"chart","type":"pan","phase":"began","dx":20,"dy":0}"#,
            Self.line("0.010000", "began", "9.8", "11.8"),
            Self.line("0.020000", "cancelled", "2", "6"),
            #"{"time":0.020000,"region":"chart","type":"pan","phase":"changed","dx":60,"dy":0}"#,
            #"{"time":0.030000,"region":"chart","type":"pan","phase":"ended","dx":60,"dy":0,"vx":5000,"vy":0}"#,
            #"{"time":0.580000,"region":"chart","type":"tap","x":110,"y":30,"count":1,"value":4,"selection":{"start":4,"end":4}}"#,
        ])
    }

    @Test func aPanOfAChartShowingItsWholeDomain_scrollsNothing() throws {
        let lines = try play(Self.chart()) {
            drag(0, from: Point(x: 110, y: 30), to: Point(x: 150, y: 30), steps: 2, over: .ms(20))
        }
        #expect(lines == [
            #"{"time":0.010000,"region":"chart","type":"pan","phase":"began","dx":20,"dy":0}"#,
            #"{"time":0.020000,"region":"chart","type":"pan","phase":"changed","dx":40,"dy":0}"#,
            #"{"time":0.020000,"region":"chart","type":"pan","phase":"ended","dx":40,"dy":0,"vx":2000,"vy":0}"#,
        ])
    }

    // MARK: Dates

    /// November 2025 by day over 300 mm from x 10: 10 mm a day, so x = 155 is 2025-11-15T12:00:00Z.
    static let dateChart = Layout(regions: [
        .timeline(TimelineConfiguration(name: "chart", rect: Rect(x: 10, y: 5, width: 300, height: 60),
                                        domain: .date(start: CivilDay(year: 2025, month: 11, day: 1)!,
                                                      end: CivilDay(year: 2025, month: 12, day: 1)!, bucket: .day),
                                        zoom: ZoomConfiguration())),
    ])

    @Test func pinchZoomingADateChartKeepsTheDayUnderTheFingers() throws {
        var player = try ScriptPlayer(layout: Self.dateChart)
        func valueAtTheFingers() -> DomainValue? {
            player.engine.component(of: "chart", as: TimelineComponent.self)?.value(at: 155)
        }
        player.run([down(0, at: 155, 30), after(.ms(50)), up(0)])
        let valueBefore = valueAtTheFingers()
        player.run([
            after(.ms(500)),
            together(.down(0, Point(x: 140, y: 30)), .down(1, Point(x: 170, y: 30))),   // 30 mm about 155
            after(.ms(10)),
            // 90 mm: scale 3, so 10 days, with day 14.5 still at 145/300 of the width: from 14.5 − 145/300 × 10 = 9⅔
            // days (2025-11-10T16:00:00Z) to 19⅔.
            together(.move(0, Point(x: 110, y: 30)), .move(1, Point(x: 200, y: 30))),
            after(.ms(10)),
            together(.up(0), .up(1)),
        ])
        let valueAfter = valueAtTheFingers()
        player.run([
            .wait(.ms(500)), down(0, at: 155, 30), .wait(.ms(50)), up(0),               // the same instant, the same day
            .wait(.ms(500)), down(0, at: 10, 30), .wait(.ms(50)), up(0),                // the left edge: 9⅔ days in
        ])
        player.finish()
        #expect(valueBefore == .instant(seconds: 1_763_208_000))    // 2025-11-15T12:00:00Z
        #expect(valueAfter == valueBefore)
        let formatter = EventFormatter()
        #expect(player.events.map { formatter.line(for: $0) } == [
            #"{"time":0.050000,"region":"chart","type":"tap","x":155,"y":30,"count":1,"value":"2025-11-15T12:00:00Z","selection":{"start":"2025-11-15","end":"2025-11-15"}}"#,
            #"{"time":0.560000,"region":"chart","type":"zoom","phase":"began","visible":{"start":"2025-11-10T16:00:00Z","end":"2025-11-20T16:00:00Z"}}"#,
            #"{"time":0.570000,"region":"chart","type":"zoom","phase":"ended","visible":{"start":"2025-11-10T16:00:00Z","end":"2025-11-20T16:00:00Z"}}"#,
            #"{"time":1.120000,"region":"chart","type":"tap","x":155,"y":30,"count":1,"value":"2025-11-15T12:00:00Z","selection":{"start":"2025-11-15","end":"2025-11-15"}}"#,
            #"{"time":1.670000,"region":"chart","type":"tap","x":10,"y":30,"count":1,"value":"2025-11-10T16:00:00Z","selection":{"start":"2025-11-10","end":"2025-11-10"}}"#,
        ])
    }

    // MARK: Interruptions

    @Test func aDroppedInputCancelsAPinch_keepingTheVisibleDomain() throws {
        let lines = try play(Self.chart()) {
            Self.zoomToFiveFifteen().dropLast()
            synDropped()
            after(.ms(10))
            together(.up(0), .up(1))
            after(.ms(500))
            tap(0, at: 60, 30, holding: .ms(50))            // 5 + 0.25 × 10 = 7.5
        }
        #expect(lines == [
            Self.line("0.010000", "began", "5", "15"),
            Self.line("0.020000", "cancelled", "5", "15"),
            #"{"time":0.580000,"region":"chart","type":"tap","x":60,"y":30,"count":1,"value":7.5,"selection":{"start":7,"end":7}}"#,
        ])
    }

    /// The app scrolls the chart under a pinch, once, or twice (a chart that follows live data): the first change
    /// ends the pinch's lines, the last shows all of its own domain, and the rest of the pinch changes nothing. (A
    /// second change made the pinch's next move stop the program: the zoom took it as never begun.)
    @Test(arguments: [[100.0], [100, 200]])
    func settingTheDomainUnderAPinchEndsItsLines_andShowsAllOfTheNewDomain(starts: [Double]) throws {
        let lines = try play(Self.chart()) {
            Self.zoomToFiveFifteen().dropLast()
            for start in starts {
                change { engine, now in
                    try engine.modify("chart", as: TimelineComponent.self, at: now) { chart, output in
                        try chart.setDomain(.numeric(start: start, end: start + 40, bucket: 2), output: &output)
                    }
                }
            }
            together(.move(0, Point(x: 60, y: 30)), .move(1, Point(x: 160, y: 30)))   // the rest of the pinch: nothing
            after(.ms(10))
            together(.up(0), .up(1))
            after(.ms(500))
            tap(0, at: 60, 30, holding: .ms(50))            // the last start + 0.25 × 40
        }
        let tapped = Numbers.decimal(starts.last! + 10)
        #expect(lines == [
            Self.line("0.010000", "began", "5", "15"),
            Self.line("0.020000", "cancelled", "100", "140"),
            #"{"time":0.580000,"region":"chart","type":"tap","x":60,"y":30,"count":1,"value":\#(tapped),"selection":{"start":\#(tapped),"end":\#(tapped)}}"#,
        ])
    }
}
