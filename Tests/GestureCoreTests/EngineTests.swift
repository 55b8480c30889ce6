import GestureCore
import GestureFormat
import GestureTestSupport
import Testing

/// The engine around the regions: routing, ordering, deadlines across regions, frames, and invariants.
@Suite struct EngineTests {
    /// A chart above a timer dial, as in SPEC's layout example but numeric.
    /// A timeline named `name` over `rect` with the values 0 to 10 in buckets of 1.
    static func tenBuckets(_ name: String, _ rect: Rect, longPressDuration: TimeSpan = .ms(300)) -> TimelineConfiguration {
        TimelineConfiguration(name: name, rect: rect, domain: .numeric(start: 0, end: 10, bucket: 1), longPressDuration: longPressDuration)
    }

    /// Two timelines of `tenBuckets` side by side, 50 mm square with 10 mm between: `left` over x 0–50 mm and `right`
    /// over 60–110 mm, each with its long press duration.
    static func sideBySide(_ left: (name: String, longPress: TimeSpan),
                           _ right: (name: String, longPress: TimeSpan)) -> Layout {
        Layout(regions: [
            .timeline(tenBuckets(left.name, Rect(x: 0, y: 0, width: 50, height: 50), longPressDuration: left.longPress)),
            .timeline(tenBuckets(right.name, Rect(x: 60, y: 0, width: 50, height: 50), longPressDuration: right.longPress)),
        ])
    }

    static let panel = Layout(regions: [
        .timeline(TimelineConfiguration(name: "chart", rect: Rect(x: 10, y: 5, width: 200, height: 60),
                                        domain: .numeric(start: 0, end: 20, bucket: 1))),
        .dial(DialConfiguration(name: "timer", center: Point(x: 100, y: 110), radius: 40)),
    ])

    /// The engine is a value: its targets' recognizers are objects shared by its copies only until one of them
    /// takes an input (`GestureEngine.ownRecognizers()`).
    @Test func aCopyOfAnEngineGoesOnByItself() throws {
        func frame(_ ms: Int64, _ degrees: Double, _ phase: ContactPhase) -> TouchFrame {
            TouchFrame(time: Timestamp(microseconds: ms * 1000),
                       contacts: [Contact(id: 1, position: polar(Point(x: 100, y: 110), radius: 20, degrees: degrees), phase: phase)])
        }
        func degrees(_ engine: GestureEngine) -> Double? { engine.component(of: "timer", as: DialComponent.self)?.value.degrees }
        var engine = try GestureEngine(layout: Self.panel)
        #expect(engine.handle(frame(0, 0, .began)).isEmpty)
        var copy = engine
        let wound = engine.handle(frame(10, 30, .moved)).map(\.kind)
        let woundTo = degrees(engine) ?? 0
        #expect(wound.first?.type == "wind" && woundTo > 29.99 && woundTo < 30.01)
        #expect(degrees(copy) == 0)  // untouched by the original's input
        #expect(copy.handle(frame(10, 30, .moved)).map(\.kind) == wound)
        #expect(engine.handle(frame(20, 90, .moved)).count > 1)
        #expect(degrees(engine) != woundTo)
        #expect(degrees(copy) == woundTo)  // untouched again, now that each has its own
        #expect(copy.handle(frame(20, 30, .ended)).map(\.kind) == [.wind(.ended, GestureEvent.Wind(angle: woundTo, delta: 0, detent: 5))])
    }

    /// A target with a drag of its own, fed frames directly (no pipeline guards their times).
    static let dragArea = [Target("area", shape: .rectangle(Rect(x: 0, y: 0, width: 100, height: 100)), gesture: DragGesture())]

    /// Engines made from one array of targets, which the caller keeps, each recognize with a recognizer of their own
    /// (an engine takes a target's recognizer as it is only when no copy of the target holds it).
    @Test func enginesMadeFromOneArrayOfTargetsGoOnByThemselves() throws {
        func frame(_ ms: Int64, _ x: Double, _ phase: ContactPhase) -> TouchFrame {
            TouchFrame(time: Timestamp(microseconds: ms * 1000), contacts: [Contact(id: 1, position: Point(x: x, y: 50), phase: phase)])
        }
        var first = try GestureEngine(targets: Self.dragArea)
        var second = try GestureEngine(targets: Self.dragArea)
        let formatter = EventFormatter()
        var lines: [String] = []
        for (engine, ms, x, phase) in [(0, Int64(1000), 10.0, ContactPhase.began), (1, 1000, 50, .began), (0, 1020, 20, .moved),
                                       (1, 1020, 80, .moved), (0, 1040, 25, .ended), (1, 1040, 90, .ended)] {
            let events = engine == 0 ? first.handle(frame(ms, x, phase)) : second.handle(frame(ms, x, phase))
            lines += events.map { "\(engine) " + formatter.line(for: $0) }
        }
        // Each its own pan: x 10, 20, 25 and 50, 80, 90 mm at 0, 20, 40 ms (velocities: a quadratic fit's slopes at 40 ms)
        #expect(lines == [
            #"0 {"time":1.020000,"region":"area","type":"pan","phase":"began","dx":10,"dy":0}"#,
            #"1 {"time":1.020000,"region":"area","type":"pan","phase":"began","dx":30,"dy":0}"#,
            #"0 {"time":1.040000,"region":"area","type":"pan","phase":"changed","dx":15,"dy":0}"#,
            #"0 {"time":1.040000,"region":"area","type":"pan","phase":"ended","dx":15,"dy":0,"vx":125,"vy":0}"#,
            #"1 {"time":1.040000,"region":"area","type":"pan","phase":"changed","dx":40,"dy":0}"#,
            #"1 {"time":1.040000,"region":"area","type":"pan","phase":"ended","dx":40,"dy":0,"vx":0,"vy":0}"#,
        ])
    }

    @Test func aLateChangeIsTakenAtTheLatestTime() throws {
        // A pan in progress at 1.020; the target is removed with a time of 0.900 (late): its pan is cancelled at 1.020.
        var engine = try GestureEngine(targets: Self.dragArea)
        let formatter = EventFormatter()
        var lines: [String] = []
        for (ms, x, phase) in [(Int64(1000), 10.0, ContactPhase.began), (1020, 20, .moved)] {
            let frame = TouchFrame(time: Timestamp(microseconds: ms * 1000), contacts: [Contact(id: 1, position: Point(x: x, y: 50), phase: phase)])
            lines += engine.handle(frame).map { formatter.line(for: $0) }
        }
        lines += try engine.remove("area", at: Timestamp(microseconds: 900_000)).map { formatter.line(for: $0) }
        #expect(lines == [
            #"{"time":1.020000,"region":"area","type":"pan","phase":"began","dx":10,"dy":0}"#,
            #"{"time":1.020000,"region":"area","type":"pan","phase":"cancelled","dx":10,"dy":0}"#,
        ])
    }

    @Test func aLateFrameIsTakenAtTheLatestTime_andLinesNeverGoBack() throws {
        // Frames at 1.000, 1.020, 0.900 (late: a toolkit's event that came after its timer advanced the engine) and
        // 1.040 s: the late one is taken at 1.020, its move counted; the fling velocity is that of the moves at their
        // times as taken (x 10, 20, 30, 40 mm at 0, 20, 20, 40 ms: a quadratic least-squares fit's slope at the
        // newest, 750 mm/s), where the frame stamped 0.900 made it 0.
        func frame(_ ms: Int64, _ x: Double, _ phase: ContactPhase) -> TouchFrame {
            TouchFrame(time: Timestamp(microseconds: ms * 1000), contacts: [Contact(id: 1, position: Point(x: x, y: 50), phase: phase)])
        }
        var engine = try GestureEngine(targets: Self.dragArea)
        let formatter = EventFormatter()
        var lines: [String] = []
        for input in [frame(1000, 10, .began), frame(1020, 20, .moved), frame(900, 30, .moved), frame(1040, 40, .ended)] {
            lines += engine.handle(input).map { formatter.line(for: $0) }
        }
        #expect(engine.latestTime == Timestamp(microseconds: 1_040_000))
        lines += engine.advance(to: Timestamp(microseconds: 1_000_000)).map { formatter.line(for: $0) }  // late too: nothing
        #expect(lines == [
            #"{"time":1.020000,"region":"area","type":"pan","phase":"began","dx":10,"dy":0}"#,
            #"{"time":1.020000,"region":"area","type":"pan","phase":"changed","dx":20,"dy":0}"#,
            #"{"time":1.040000,"region":"area","type":"pan","phase":"changed","dx":30,"dy":0}"#,
            #"{"time":1.040000,"region":"area","type":"pan","phase":"ended","dx":30,"dy":0,"vx":750,"vy":0}"#,
        ])
    }

    @Test func regionsDoNotInterfere_andAFramesLinesComeInLayoutOrder() throws {
        let lines = try play(Self.panel) {
            down(1, at: 100, 90)                    // the timer, at its 12 o'clock (20 mm from the centre)
            after(.ms(10))
            down(0, at: 95, 30)                     // the chart
            after(.ms(300))                         // the chart's long press fires at 0.310
            together(.move(1, polar(Point(x: 100, y: 110), radius: 20, degrees: 10)), .move(0, Point(x: 75, y: 30)))
            after(.ms(10))
            together(.up(1), .up(0))
        }
        #expect(lines == [
            #"{"time":0.310000,"region":"chart","type":"select","phase":"began","anchor":8,"selection":{"start":8,"end":8}}"#,
            #"{"time":0.310000,"region":"chart","type":"haptic","kind":"press"}"#,
            #"{"time":0.310000,"region":"chart","type":"select","phase":"changed","anchor":8,"selection":{"start":6,"end":8}}"#,
            #"{"time":0.310000,"region":"timer","type":"wind","phase":"began","angle":10,"delta":10,"detent":2}"#,
            #"{"time":0.310000,"region":"timer","type":"haptic","kind":"detent","detent":1}"#,
            #"{"time":0.310000,"region":"timer","type":"haptic","kind":"detent","detent":2}"#,
            #"{"time":0.320000,"region":"chart","type":"select","phase":"ended","anchor":8,"selection":{"start":6,"end":8}}"#,
            #"{"time":0.320000,"region":"timer","type":"wind","phase":"ended","angle":10,"delta":0,"detent":2}"#,
        ])
    }

    @Test func aFingerInAnotherRegionIsNotASecondFinger() throws {
        let lines = try play(Self.panel) {
            down(0, at: 95, 30)
            after(.ms(100))
            tap(1, at: 100, 110, holding: .ms(100)) // a tap on the timer: the chart's press goes on
            after(.ms(200))
            up(0)
        }
        #expect(lines == [
            #"{"time":0.200000,"region":"timer","type":"tap","x":100,"y":110,"count":1}"#,
            #"{"time":0.300000,"region":"chart","type":"select","phase":"began","anchor":8,"selection":{"start":8,"end":8}}"#,
            #"{"time":0.300000,"region":"chart","type":"haptic","kind":"press"}"#,
            #"{"time":0.400000,"region":"chart","type":"select","phase":"ended","anchor":8,"selection":{"start":8,"end":8}}"#,
        ])
    }

    @Test func aTouchBelongsToTheFirstRegionContainingIt_boundaryIncluded() throws {
        // Two overlapping timelines: the first in layout order wins, and its rectangle includes its edge.
        let layout = Layout(regions: [
            .timeline(Self.tenBuckets("a", Rect(x: 0, y: 0, width: 50, height: 50))),
            .timeline(Self.tenBuckets("b", Rect(x: 0, y: 0, width: 100, height: 100))),
        ])
        let lines = try play(layout) {
            tap(0, at: 50, 50, holding: .ms(10))
            after(.ms(500))
            tap(0, at: 50.001, 50, holding: .ms(10))
        }
        #expect(lines == [
            #"{"time":0.010000,"region":"a","type":"tap","x":50,"y":50,"count":1,"value":10,"selection":{"start":9,"end":9}}"#,
            #"{"time":0.520000,"region":"b","type":"tap","x":50.001,"y":50,"count":1,"value":5,"selection":{"start":5,"end":5}}"#,
        ])
    }

    @Test func deadlinesFireInTimeOrderBeforeTheFrame_tiesInLayoutOrder() throws {
        let layout = Self.sideBySide(("left", longPress: .ms(500)), ("right", longPress: .ms(300)))
        let lines = try play(layout) {
            down(1, at: 85, 25)                     // right: deadline 0.300
            after(.ms(200))
            down(0, at: 25, 25)                     // left: deadline 0.700
            after(.ms(100))
            down(2, at: 2, 2)                       // a frame at 0.300, a second finger on the left
            after(.ms(600))
            together(.up(0), .up(1), .up(2))
        }
        #expect(lines == [
            #"{"time":0.300000,"region":"right","type":"select","phase":"began","anchor":5,"selection":{"start":5,"end":5}}"#,
            #"{"time":0.300000,"region":"right","type":"haptic","kind":"press"}"#,
            #"{"time":0.900000,"region":"right","type":"select","phase":"ended","anchor":5,"selection":{"start":5,"end":5}}"#,
        ])
        // Deadlines of different regions fire in time order, whatever the layout order.
        let ordered = try play(layout) {
            down(1, at: 85, 25)                     // right: deadline 0.300
            after(.ms(200))
            down(0, at: 25, 25)                     // left: deadline 0.700
            after(.ms(600))
            together(.up(0), .up(1))                // one frame at 0.800, not before
        }
        #expect(ordered == [
            #"{"time":0.300000,"region":"right","type":"select","phase":"began","anchor":5,"selection":{"start":5,"end":5}}"#,
            #"{"time":0.300000,"region":"right","type":"haptic","kind":"press"}"#,
            #"{"time":0.700000,"region":"left","type":"select","phase":"began","anchor":5,"selection":{"start":5,"end":5}}"#,
            #"{"time":0.700000,"region":"left","type":"haptic","kind":"press"}"#,
            #"{"time":0.800000,"region":"left","type":"select","phase":"ended","anchor":5,"selection":{"start":5,"end":5}}"#,
            #"{"time":0.800000,"region":"right","type":"select","phase":"ended","anchor":5,"selection":{"start":5,"end":5}}"#,
        ])
    }

    @Test func simultaneousDeadlinesFireInLayoutOrder() throws {
        let layout = Self.sideBySide(("first", longPress: .ms(300)), ("second", longPress: .ms(300)))
        let lines = try play(layout) {
            together(.down(1, Point(x: 85, y: 25)), .down(0, Point(x: 25, y: 25)))
            after(.ms(400))
            together(.up(1), .up(0))
        }
        #expect(lines == [
            #"{"time":0.300000,"region":"first","type":"select","phase":"began","anchor":5,"selection":{"start":5,"end":5}}"#,
            #"{"time":0.300000,"region":"first","type":"haptic","kind":"press"}"#,
            #"{"time":0.300000,"region":"second","type":"select","phase":"began","anchor":5,"selection":{"start":5,"end":5}}"#,
            #"{"time":0.300000,"region":"second","type":"haptic","kind":"press"}"#,
            #"{"time":0.400000,"region":"first","type":"select","phase":"ended","anchor":5,"selection":{"start":5,"end":5}}"#,
            #"{"time":0.400000,"region":"second","type":"select","phase":"ended","anchor":5,"selection":{"start":5,"end":5}}"#,
        ])
    }

    /// The events the panel gives for `frames`, handed in turn to one engine.
    static func panelEvents(_ frames: TouchFrame...) throws -> [GestureEvent] {
        var engine = try GestureEngine(layout: panel)
        return frames.flatMap { engine.handle($0) }
    }

    /// The frame `milliseconds` in with `contacts`, each (id, x, y, phase).
    static func frame(ms milliseconds: Int64, _ contacts: (Int, Double, Double, ContactPhase)...) -> TouchFrame {
        TouchFrame(time: Timestamp(microseconds: milliseconds * 1000),
                   contacts: contacts.map { Contact(id: $0.0, position: Point(x: $0.1, y: $0.2), phase: $0.3) })
    }

    @Test func aLiftAtANewPositionIsAMoveThenALift() throws {
        let events = try Self.panelEvents(Self.frame(ms: 0, (5, 95, 30, .began)), Self.frame(ms: 400, (5, 115, 30, .ended)))
        #expect(events.map { EventFormatter().line(for: $0) } == [
            #"{"time":0.300000,"region":"chart","type":"select","phase":"began","anchor":8,"selection":{"start":8,"end":8}}"#,
            #"{"time":0.300000,"region":"chart","type":"haptic","kind":"press"}"#,
            #"{"time":0.400000,"region":"chart","type":"select","phase":"changed","anchor":8,"selection":{"start":8,"end":10}}"#,
            #"{"time":0.400000,"region":"chart","type":"select","phase":"ended","anchor":8,"selection":{"start":8,"end":10}}"#,
        ])
    }

    @Test func aLiftAndALandingInOneFrameAreTwoTouchSequences() throws {
        // A slot whose tracking id changes without a −1: the old contact lifts, a new one lands.
        let events = try Self.panelEvents(
            Self.frame(ms: 0, (1, 50, 30, .began)),
            Self.frame(ms: 50, (1, 50, 30, .ended), (2, 52, 30, .began)),
            Self.frame(ms: 100, (2, 52, 30, .ended)))
        #expect(events.map { EventFormatter().line(for: $0) } == [
            #"{"time":0.050000,"region":"chart","type":"tap","x":50,"y":30,"count":1,"value":4,"selection":{"start":4,"end":4}}"#,
            #"{"time":0.100000,"region":"chart","type":"tap","x":52,"y":30,"count":2,"value":4.2,"selection":{"start":4,"end":4}}"#,
        ])
    }

    @Test func aKnownIdLandingAgainIsALiftThenALanding() throws {
        let events = try Self.panelEvents(
            Self.frame(ms: 0, (1, 50, 30, .began)), Self.frame(ms: 50, (1, 52, 30, .began)), Self.frame(ms: 100, (1, 52, 30, .ended)))
        #expect(events.map(\.kind) == [
            .tap(GestureEvent.Tap(x: 50, y: 30, count: 1, value: .number(4), selection: Selection(start: .number(4), end: .number(4)))),
            .tap(GestureEvent.Tap(x: 52, y: 30, count: 2, value: .number(4.2), selection: Selection(start: .number(4), end: .number(4)))),
        ])
    }

    /// A finger down on the chart; at 0.400 a resync, after a drop or not: finger 1 lifted meanwhile, finger 2 landed
    /// (on the chart) and finger 3 on the dial; then `after`'s frames, each handled or resynced. Returns the lines of all.
    static func resynced(afterADrop: Bool, then after: [(frame: TouchFrame, resync: Bool)] = []) throws -> [String] {
        var engine = try GestureEngine(layout: Self.panel)
        let formatter = EventFormatter()
        var lines: [String] = []
        func take(_ events: [GestureEvent]) { lines += events.map { formatter.line(for: $0) } }
        take(engine.handle(Self.frame(ms: 0, (1, 100, 30, .began))))
        if afterADrop { take(engine.dropped(at: Timestamp(microseconds: 400_000))) }
        take(engine.resynced(Self.frame(ms: 400, (1, 100, 30, .ended), (2, 150, 30, .began), (3, 100, 110, .began))))
        // Finger 2 is ignored until it lifts: it makes no pan, and finger 4 beside it is ignored too.
        take(engine.handle(Self.frame(ms: 450, (2, 190, 30, .moved), (4, 50, 30, .began))))
        take(engine.handle(Self.frame(ms: 500, (2, 190, 30, .ended), (4, 50, 30, .ended), (3, 100, 110, .ended))))
        // All lifted: a tap on each is recognized again.
        take(engine.handle(Self.frame(ms: 600, (5, 50, 30, .began), (6, 100, 110, .began))))
        take(engine.handle(Self.frame(ms: 650, (5, 50, 30, .ended), (6, 100, 110, .ended))))
        for (frame, resync) in after { take(resync ? engine.resynced(frame) : engine.handle(frame)) }
        return lines
    }

    /// The long press's selection cancelled at the resync's time, the resynced fingers ignored, then taps again.
    static let resyncedLines = [
        #"{"time":0.300000,"region":"chart","type":"select","phase":"began","anchor":9,"selection":{"start":9,"end":9}}"#,
        #"{"time":0.300000,"region":"chart","type":"haptic","kind":"press"}"#,
        #"{"time":0.400000,"region":"chart","type":"select","phase":"cancelled","anchor":9,"selection":{"start":9,"end":9}}"#,
        #"{"time":0.650000,"region":"chart","type":"tap","x":50,"y":30,"count":1,"value":4,"selection":{"start":4,"end":4}}"#,
        #"{"time":0.650000,"region":"timer","type":"tap","x":100,"y":110,"count":1}"#,
    ]

    @Test func afterADropTheResyncedStateIsIgnoredUntilItLifts_andLaterTouchesAreNot() throws {
        #expect(try Self.resynced(afterADrop: true) == Self.resyncedLines)
    }

    /// A resync that follows no drop implies one (a library caller's; the pipeline always drops first): the same lines
    /// as with the drop, and a finger the resync lands again under a pan in progress cancels it (it trapped before).
    @Test func aResyncThatFollowsNoDropImpliesOne() throws {
        let panThenResync = [(Self.frame(ms: 1000, (7, 50, 30, .began)), false), (Self.frame(ms: 1020, (7, 70, 30, .moved)), false),
                             (Self.frame(ms: 1040, (7, 80, 30, .began)), true), (Self.frame(ms: 1060, (7, 90, 30, .ended)), false)]
        #expect(try Self.resynced(afterADrop: false, then: panThenResync) == Self.resyncedLines + [
            #"{"time":1.020000,"region":"chart","type":"pan","phase":"began","dx":20,"dy":0}"#,
            #"{"time":1.040000,"region":"chart","type":"pan","phase":"cancelled","dx":20,"dy":0}"#,
        ])
    }

    @Test func contactsNotListedInAFrameStayWhereTheyAre() throws {
        let events = try Self.panelEvents(Self.frame(ms: 0, (1, 50, 30, .began)), Self.frame(ms: 100), Self.frame(ms: 200, (1, 50, 30, .ended)))
        #expect(events.count == 1)
        #expect(events.first?.kind.type == "tap")
    }

    @Test func nextDeadlineIsTheEarliestOfAllRegions() throws {
        var engine = try GestureEngine(layout: Self.panel)
        #expect(engine.nextDeadline == nil)
        _ = engine.handle(TouchFrame(time: Timestamp(microseconds: 1_000_000), contacts: [
            Contact(id: 1, position: Point(x: 50, y: 30), phase: .began),
            Contact(id: 2, position: Point(x: 100, y: 110), phase: .began),   // a dial tap has no deadline
        ]))
        #expect(engine.nextDeadline == Timestamp(microseconds: 1_300_000))
        #expect(engine.advance(to: Timestamp(microseconds: 1_299_999)).isEmpty)
        #expect(engine.advance(to: Timestamp(microseconds: 1_300_000)).count == 2)
        #expect(engine.nextDeadline == nil)
    }

    @Test func finishCancelsEverythingAndTheEngineStartsAfresh() throws {
        var engine = try GestureEngine(layout: Self.panel)
        _ = engine.handle(Self.frame(ms: 0, (1, 50, 30, .began)))
        _ = engine.handle(Self.frame(ms: 50, (1, 60, 30, .moved)))
        let end = engine.finish(at: Timestamp(microseconds: 50_000))
        #expect(end.map { $0.kind } == [.pan(.cancelled, GestureEvent.Pan(dx: 10, dy: 0))])
        // The same id landing again is a new touch.
        var after = engine.handle(Self.frame(ms: 60, (1, 50, 30, .began)))
        after += engine.handle(Self.frame(ms: 70, (1, 50, 30, .ended)))
        #expect(after.map { $0.kind.type } == ["tap"])
    }

    // MARK: invariants on random input

    /// A random script: up to four fingers landing, moving, lifting, being withdrawn, with drops.
    static func randomScript(seed: UInt64) -> [ScriptAction] {
        var random = SplitMix(state: seed)
        return randomTouchScript(RandomScriptShape(steps: 400...400, fingers: 4, pause: 1...120, moveStep: 8, drops: 3, ticks: 0),
                                 using: &random)
    }

    @Test(arguments: 1...40)
    func everyBeganHasExactlyOneEndedOrCancelled_andReplayIsIdentical(seed: Int) throws {
        let script = Self.randomScript(seed: UInt64(seed))
        let layout = Layout(regions: Self.panel.regions + [
            .dial(DialConfiguration(name: "free", center: Point(x: 200, y: 130), radius: 25, minDegrees: nil, maxDegrees: nil)),
        ])
        let first = try playEvents(layout) { script }
        #expect(lifecycleProblems(first) == [])
        #expect(first.map(\.time) == first.map(\.time).sorted())
        let second = try playEvents(layout) { script }
        #expect(first == second)
    }

    @Test func theRandomScriptsDoRecognizeGestures() throws {
        // So that the invariant above is not vacuous: the scripts produce every kind of line.
        let layout = Self.panel
        var types: Set<String> = []
        for seed in 1...40 {
            let script = Self.randomScript(seed: UInt64(seed))
            for event in try playEvents(layout, { script }) { types.insert(event.kind.type + "/" + (event.kind.phase?.rawValue ?? "")) }
        }
        #expect(types.isSuperset(of: ["tap/", "select/began", "select/ended", "select/cancelled", "pan/began", "pan/changed",
                                      "pan/ended", "pan/cancelled", "wind/began", "wind/ended", "rotate/began", "haptic/"]))
    }
}
