import GestureCore
import GestureFormat
import GestureTestSupport
import Testing

/// Targets: nesting, coordination along the tree, and changes between frames.
@Suite struct TargetTests {
    /// A numeric chart 0–20 by 1 over x 10–210 mm (10 mm a bucket).
    static let chartRect = Rect(x: 10, y: 5, width: 200, height: 60)
    static let chart = TimelineConfiguration(name: "chart", rect: chartRect, domain: .numeric(start: 0, end: 20, bucket: 1))
    /// A "today" button in the chart's top-right corner: a tap with no time limit, as a button has.
    static let buttonRect = Rect(x: 170, y: 10, width: 30, height: 15)

    static func button(_ coordination: Target.Coordination = .exclusive) -> Target {
        Target("today", shape: .rectangle(buttonRect), gesture: TapGesture(), coordination: coordination)
    }

    static func chart(_ coordination: Target.Coordination = .exclusive, children: [Target]) throws -> Target {
        Target("chart", shape: .rectangle(chartRect), component: try TimelineComponent(chart), coordination: coordination,
               children: children)
    }

    // MARK: A button in a scrollable chart

    @Test func aTapOnTheButtonIsTheButtons() throws {
        let lines = try play([Self.chart(children: [Self.button()])]) {
            tap(0, at: 180, 15, holding: .ms(100))
        }
        #expect(lines == [
            #"{"time":0.100000,"region":"today","type":"tap","x":180,"y":15,"count":1}"#,
        ])
    }

    @Test func aDragFromTheButtonScrollsTheChartFromTheDownPosition() throws {
        let lines = try play([Self.chart(children: [Self.button()])]) {
            drag(0, from: Point(x: 180, y: 15), to: Point(x: 150, y: 15), steps: 5, over: .ms(50))
        }
        // The button's tap fails at the first move beyond its 3 mm; the chart's pan, which began in the
        // same frame, is released then, measured from the down position: no jump.
        #expect(lines == [
            #"{"time":0.010000,"region":"chart","type":"pan","phase":"began","dx":-6,"dy":0}"#,
            #"{"time":0.020000,"region":"chart","type":"pan","phase":"changed","dx":-12,"dy":0}"#,
            #"{"time":0.030000,"region":"chart","type":"pan","phase":"changed","dx":-18,"dy":0}"#,
            #"{"time":0.040000,"region":"chart","type":"pan","phase":"changed","dx":-24,"dy":0}"#,
            #"{"time":0.050000,"region":"chart","type":"pan","phase":"changed","dx":-30,"dy":0}"#,
            #"{"time":0.050000,"region":"chart","type":"pan","phase":"ended","dx":-30,"dy":0,"vx":-600,"vy":0}"#,
        ])
    }

    @Test func aLongPressBesideTheButtonStillSelects() throws {
        let lines = try play([Self.chart(children: [Self.button()])]) {
            hold(0, at: 95, 30, for: .ms(400))
        }
        #expect(lines == [
            #"{"time":0.300000,"region":"chart","type":"select","phase":"began","anchor":8,"selection":{"start":8,"end":8}}"#,
            #"{"time":0.300000,"region":"chart","type":"haptic","kind":"press"}"#,
            #"{"time":0.400000,"region":"chart","type":"select","phase":"ended","anchor":8,"selection":{"start":8,"end":8}}"#,
        ])
    }

    @Test func aLongPressOnTheButtonWaitsForIt_andTheButtonWins() throws {
        // The chart's long press fires at 0.3 s but waits while the button's tap is possible; the lift
        // recognizes the tap, and the chart's selection, never heard, is dropped.
        let lines = try play([Self.chart(children: [Self.button()])]) {
            rest(0, at: 180, 15, for: .ms(400))
            tick()
            after(.ms(100))
            up(0)
        }
        #expect(lines == [
            #"{"time":0.500000,"region":"today","type":"tap","x":180,"y":15,"count":1}"#,
        ])
    }

    @Test func whenTheButtonFailsLate_theChartsHeldSelectionIsReleasedInOrder() throws {
        // Held past its long press, the finger then drags off the button: the button fails, and the
        // chart's selection so far comes out at that moment, in order, then goes on live.
        let lines = try play([Self.chart(children: [Self.button()])]) {
            track(0, (0, 180, 15), (400, 160, 15), (410, 140, 15), liftAt: 420)
        }
        #expect(lines == [
            #"{"time":0.400000,"region":"chart","type":"select","phase":"began","anchor":17,"selection":{"start":17,"end":17}}"#,
            #"{"time":0.400000,"region":"chart","type":"haptic","kind":"press"}"#,
            #"{"time":0.400000,"region":"chart","type":"select","phase":"changed","anchor":17,"selection":{"start":15,"end":17}}"#,
            #"{"time":0.410000,"region":"chart","type":"select","phase":"changed","anchor":17,"selection":{"start":13,"end":17}}"#,
            #"{"time":0.420000,"region":"chart","type":"select","phase":"ended","anchor":17,"selection":{"start":13,"end":17}}"#,
        ])
    }

    // MARK: Simultaneous and high priority

    @Test func aSimultaneousChildIsRecognizedAlongsideItsAncestor() throws {
        let lines = try play([Self.chart(children: [Self.button(.simultaneous)])]) {
            tap(0, at: 180, 15, holding: .ms(100))
            after(.ms(500))
            drag(0, from: Point(x: 180, y: 15), to: Point(x: 170, y: 15), steps: 2, over: .ms(20))
        }
        // Parent before child in a frame; neither waits for the other.
        #expect(lines == [
            #"{"time":0.100000,"region":"chart","type":"tap","x":180,"y":15,"count":1,"value":17,"selection":{"start":17,"end":17}}"#,
            #"{"time":0.100000,"region":"today","type":"tap","x":180,"y":15,"count":1}"#,
            #"{"time":0.610000,"region":"chart","type":"pan","phase":"began","dx":-5,"dy":0}"#,
            #"{"time":0.620000,"region":"chart","type":"pan","phase":"changed","dx":-10,"dy":0}"#,
            #"{"time":0.620000,"region":"chart","type":"pan","phase":"ended","dx":-10,"dy":0,"vx":-500,"vy":0}"#,
        ])
    }

    @Test func aHighPriorityParentGoesFirst_itsChildOnlyWhenItFails() throws {
        // A high-priority chart above a button whose drag (minimum distance 0) begins at the down.
        let knob = Target("knob", shape: .rectangle(Self.buttonRect), gesture: DragGesture(.init(minimumDistance: 0)))
        let lines = try play([Self.chart(.highPriority, children: [knob])]) {
            // A tap: the chart's, recognized at the lift; the knob's drag, held until then, is dropped.
            tap(0, at: 180, 15, holding: .ms(100))
            after(.ms(500))
            // A long press: the chart selects; the knob never moves.
            rest(1, at: 180, 15, for: .ms(300))
            tick()
            after(.ms(100))
            up(1)
            after(.ms(500))
            // The knob is heard only when the chart fails: a second finger on the chart makes it fail, and
            // the knob's drag, held since its down, comes out at that moment.
            down(2, at: 180, 15)
            after(.ms(50))
            down(3, at: 100, 40)
            after(.ms(50))
            move(2, to: 185, 15)
            after(.ms(10))
            up(3)
            up(2)
        }
        #expect(lines == [
            #"{"time":0.100000,"region":"chart","type":"tap","x":180,"y":15,"count":1,"value":17,"selection":{"start":17,"end":17}}"#,
            #"{"time":0.900000,"region":"chart","type":"select","phase":"began","anchor":17,"selection":{"start":17,"end":17}}"#,
            #"{"time":0.900000,"region":"chart","type":"haptic","kind":"press"}"#,
            #"{"time":1.000000,"region":"chart","type":"select","phase":"ended","anchor":17,"selection":{"start":17,"end":17}}"#,
            #"{"time":1.550000,"region":"knob","type":"pan","phase":"began","dx":0,"dy":0}"#,
            #"{"time":1.600000,"region":"knob","type":"pan","phase":"changed","dx":5,"dy":0}"#,
            // The knob's finger rested 100 ms before its move (a pause beyond 40 ms): one sample in the window, no velocity.
            #"{"time":1.610000,"region":"knob","type":"pan","phase":"ended","dx":5,"dy":0,"vx":0,"vy":0}"#,
        ])
    }

    // MARK: Three deep

    /// A page that scrolls vertically (a drag beyond 10 mm), a chart on it, a button on the chart.
    static var page: Target {
        get throws {
            Target("page", shape: .rectangle(Rect(x: 0, y: 0, width: 220, height: 140)),
                   gesture: DragGesture(.init(minimumDistance: 10)), children: [try chart(children: [button()])])
        }
    }

    @Test func threeDeep_eachTouchGoesToTheDeepestFirst() throws {
        let lines = try play([try Self.page]) {
            // On the button: the button's tap; the chart and the page wait for it, and lose.
            tap(0, at: 180, 15, holding: .ms(50))
            after(.ms(500))
            // On the chart beside the button, dragged 20 mm down: the chart's pan wins over the page's.
            drag(0, from: Point(x: 95, y: 30), to: Point(x: 95, y: 50), steps: 4, over: .ms(40))
            after(.ms(500))
            // On the page below the chart: the page's own scroll.
            drag(0, from: Point(x: 100, y: 100), to: Point(x: 100, y: 70), steps: 3, over: .ms(30))
        }
        #expect(lines == [
            #"{"time":0.050000,"region":"today","type":"tap","x":180,"y":15,"count":1}"#,
            #"{"time":0.560000,"region":"chart","type":"pan","phase":"began","dx":0,"dy":5}"#,
            #"{"time":0.570000,"region":"chart","type":"pan","phase":"changed","dx":0,"dy":10}"#,
            #"{"time":0.580000,"region":"chart","type":"pan","phase":"changed","dx":0,"dy":15}"#,
            #"{"time":0.590000,"region":"chart","type":"pan","phase":"changed","dx":0,"dy":20}"#,
            #"{"time":0.590000,"region":"chart","type":"pan","phase":"ended","dx":0,"dy":20,"vx":0,"vy":500}"#,
            // The page's drag begins beyond 10 mm: not at the first step's 10 mm, at the second's 20.
            #"{"time":1.110000,"region":"page","type":"pan","phase":"began","dx":0,"dy":-20}"#,
            #"{"time":1.120000,"region":"page","type":"pan","phase":"changed","dx":0,"dy":-30}"#,
            #"{"time":1.120000,"region":"page","type":"pan","phase":"ended","dx":0,"dy":-30,"vx":0,"vy":-1000}"#,
        ])
    }

    // MARK: Edge cases of coordination

    @Test func aChildsSequenceEndingInTheFrameItsParentBeginsAnew_isJudgedWithThatLift() throws {
        // The parent's tap ends and its next begins in one frame (one finger lifts from the child, another
        // lands beside it): the child's drag fails with that lift, so the parent's first tap is heard.
        let tree = [Target("p", shape: .rectangle(Rect(x: 0, y: 0, width: 100, height: 100)), gesture: TapGesture(), children: [
            Target("c", shape: .rectangle(Rect(x: 0, y: 0, width: 20, height: 20)), gesture: DragGesture(.init(minimumDistance: 3))),
        ])]
        let lines = try play(tree) {
            down(0, at: 10, 10)
            after(.ms(50))
            together(.up(0), .down(1, Point(x: 60, y: 60)))
            after(.ms(50))
            up(1)
        }
        #expect(lines == [
            #"{"time":0.050000,"region":"p","type":"tap","x":10,"y":10,"count":1}"#,
            #"{"time":0.100000,"region":"p","type":"tap","x":60,"y":60,"count":1}"#,
        ])
    }

    /// A gesture that never decides: possible for ever, with no deadline.
    struct Undecided: Gesture {
        static let name = "undecided"
        var status: RecognizerStatus { .possible }
        var deadline: Timestamp? { nil }
        mutating func touchesChanged<Log: TransitionLogging>(_ changes: TouchChanges, log: inout Log,
                                                             into updates: inout [GestureUpdate<Int>]) {}
        mutating func deadlineReached<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                              into updates: inout [GestureUpdate<Int>]) {}
        mutating func cancel<Log: TransitionLogging>(at now: Timestamp, log: inout Log, into updates: inout [GestureUpdate<Int>]) {}
    }

    @Test func aRivalWhoseFingersAreAllUpAndThatWaitsForNothing_hasFailed() throws {
        let tree = [Target("p", shape: .rectangle(Rect(x: 0, y: 0, width: 100, height: 100)), gesture: TapGesture(), children: [
            Target("c", shape: .rectangle(Rect(x: 0, y: 0, width: 20, height: 20)), gesture: Undecided()),
        ])]
        let lines = try play(tree) {
            tap(0, at: 10, 10, holding: .ms(50))
        }
        #expect(lines == [#"{"time":0.050000,"region":"p","type":"tap","x":10,"y":10,"count":1}"#])
    }

    @Test func afterADrop_aFingerRestingOnTheChartHidesNewFingersFromItAlone_notFromTheButtonOnIt() throws {
        let lines = try play([Self.chart(children: [Self.button()])]) {
            down(0, at: 50, 30)
            synDropped()
            tap(1, at: 180, 15, holding: .ms(50))
            after(.ms(50))
            up(0)
            after(.ms(500))
            tap(0, at: 50, 30, holding: .ms(50))                  // once it lifted, the chart is itself again
        }
        #expect(lines == [
            #"{"time":0.050000,"region":"today","type":"tap","x":180,"y":15,"count":1}"#,
            #"{"time":0.650000,"region":"chart","type":"tap","x":50,"y":30,"count":1,"value":4,"selection":{"start":4,"end":4}}"#,
        ])
    }

    @Test func aTapTheButtonWonIsNotTheFirstOfTheChartsDoubleTap() throws {
        let lines = try play([Self.chart(children: [Self.button()])]) {
            tap(0, at: 172, 15, holding: .ms(50))
            after(.ms(100))
            tap(0, at: 165, 15, holding: .ms(50))
        }
        #expect(lines == [
            #"{"time":0.050000,"region":"today","type":"tap","x":172,"y":15,"count":1}"#,
            #"{"time":0.200000,"region":"chart","type":"tap","x":165,"y":15,"count":1,"value":15.5,"selection":{"start":15,"end":15}}"#,
        ])
    }

    // MARK: Awake and idle targets, nested arbitration

    /// A layout target `name` over `rect` with a double tap that has priority over a single tap.
    static func doubleOrSingleTap(_ name: String, _ rect: Rect, children: [RegionConfiguration] = []) -> RegionConfiguration {
        .generic(TargetConfiguration(name: name, shape: .rectangle(rect), gestures: [
            TargetGesture(LayoutGestures.Tap(TapGesture.Configuration(requiredCount: 2))),
            TargetGesture(LayoutGestures.Tap()),
        ], children: children))
    }

    @Test func aTargetWhoseFingerLifted_stillFiresItsDeadline_whileAnotherIsTouched() throws {
        // "left" keeps its double tap's deadline after its finger lifts; a finger then rests on "right", among idle
        // targets no finger reaches: the deadline still fires, and the single tap comes out at its time.
        let idle = (0..<20).map { Self.doubleOrSingleTap("idle-\($0)", Rect(x: Double($0) * 5, y: 120, width: 4, height: 4)) }
        let tree = try ([Self.doubleOrSingleTap("left", Rect(x: 0, y: 0, width: 50, height: 50)),
                     Self.doubleOrSingleTap("right", Rect(x: 60, y: 0, width: 50, height: 50))] + idle).map { try $0.target }
        let lines = try play(tree) {
            tap(0, at: 20, 20, holding: .ms(50))
            after(.ms(50))
            down(1, at: 80, 20)
            after(.ms(500))
            up(1)
            after(.ms(400))
            tick()                                    // right's double tap has failed by now: its single tap is heard
        }
        #expect(lines == [
            #"{"time":0.350000,"region":"left","type":"tap","x":20,"y":20,"count":1}"#,
            #"{"time":0.900000,"region":"right","type":"tap","x":80,"y":20,"count":1}"#,
        ])
    }

    /// Three nested layout targets: "outer" ⊃ "middle" ⊃ "inner", each with a tap (the inner one's within 100 ms).
    static var nested: [Target] {
        get throws {
            [try RegionConfiguration.generic(TargetConfiguration(
            name: "outer", shape: .rectangle(Rect(x: 0, y: 0, width: 100, height: 100)), gestures: [TargetGesture(LayoutGestures.Tap())],
            children: [.generic(TargetConfiguration(
                name: "middle", shape: .rectangle(Rect(x: 10, y: 10, width: 80, height: 80)), gestures: [TargetGesture(LayoutGestures.Tap())],
                children: [.generic(TargetConfiguration(
                    name: "inner", shape: .rectangle(Rect(x: 20, y: 20, width: 60, height: 60)),
                    gestures: [TargetGesture(LayoutGestures.Tap(TapGesture.Configuration(maximumDuration: .ms(100))))]))]))])).target]
        }
    }

    @Test func nestedTargets_theDeepestThatSucceedsWins_andEachOneOutsideWaitsForAllInside() throws {
        let lines = try play(try Self.nested) {
            tap(0, at: 50, 50, holding: .ms(50))     // the inner tap: the two outside lose
            after(.ms(500))
            tap(0, at: 50, 50, holding: .ms(200))    // too long for the inner one: the middle one's, released at the lift
            after(.ms(500))
            tap(0, at: 15, 15, holding: .ms(50))     // in the middle one, beside the inner one
        }
        #expect(lines == [
            #"{"time":0.050000,"region":"inner","type":"tap","x":50,"y":50,"count":1}"#,
            #"{"time":0.750000,"region":"middle","type":"tap","x":50,"y":50,"count":1}"#,
            #"{"time":1.300000,"region":"middle","type":"tap","x":15,"y":15,"count":1}"#,
        ])
    }

    @Test func removingTheTargetAWaitingOneWaitsForFirst_judgesTheRestAsTheyAre() throws {
        // The outer target waits for the middle one, and through it for the inner one; the middle one (with the inner
        // one inside it) is removed while the finger rests: both count as failed, and the outer tap is heard.
        let lines = try play(try Self.nested) {
            down(0, at: 50, 50)
            after(.ms(20))
            change { engine, now in try engine.remove("middle", at: now) }
            after(.ms(30))
            up(0)
        }
        #expect(lines == [
            #"{"time":0.050000,"region":"outer","type":"tap","x":50,"y":50,"count":1}"#,
        ])
    }

    // MARK: Changes between frames

    static let timer = DialConfiguration(name: "timer", center: Point(x: 100, y: 110), radius: 40)

    @Test func removingATargetMidGestureCancelsIt_andLeavesTheOthersAlone() throws {
        let lines = try play([Self.chart(children: []), Target("timer", shape: .circle(center: Self.timer.center, radius: 40),
                                                           component: try DialComponent(Self.timer))]) {
            down(0, at: 95, 30)                                   // the chart: a long press
            rest(1, at: 100, 90, for: .ms(300))                   // the timer, at 12 o'clock
            arc(1, around: Point(x: 100, y: 110), radius: 20, from: 0, to: 12, steps: 2, over: .ms(20))
            change { engine, now in try engine.remove("chart", at: now) }
            move(0, to: 60, 30)                                   // nobody's now
            arc(1, around: Point(x: 100, y: 110), radius: 20, from: 12, to: 18, steps: 1, over: .ms(10))
            up(0)
            up(1)
        }
        #expect(lines == [
            #"{"time":0.300000,"region":"chart","type":"select","phase":"began","anchor":8,"selection":{"start":8,"end":8}}"#,
            #"{"time":0.300000,"region":"chart","type":"haptic","kind":"press"}"#,
            #"{"time":0.320000,"region":"timer","type":"wind","phase":"began","angle":12,"delta":12,"detent":2}"#,
            #"{"time":0.320000,"region":"timer","type":"haptic","kind":"detent","detent":1}"#,
            #"{"time":0.320000,"region":"timer","type":"haptic","kind":"detent","detent":2}"#,
            #"{"time":0.320000,"region":"chart","type":"select","phase":"cancelled","anchor":8,"selection":{"start":8,"end":8}}"#,
            #"{"time":0.330000,"region":"timer","type":"wind","phase":"changed","angle":18,"delta":6,"detent":3}"#,
            #"{"time":0.330000,"region":"timer","type":"haptic","kind":"detent","detent":3}"#,
            #"{"time":0.330000,"region":"timer","type":"wind","phase":"ended","angle":18,"delta":0,"detent":3}"#,
        ])
    }

    @Test func aTargetMovedUnderAFingerKeepsIt_andLaterTouchesFindItWhereItIs() throws {
        let lines = try play([Self.chart(children: [])]) {
            down(0, at: 95, 30)
            line(0, from: Point(x: 95, y: 30), to: Point(x: 105, y: 30), steps: 2, over: .ms(20))
            change { engine, _ in
                // The chart scrolls off to the right, under the finger: the pan goes on.
                try engine.reshape("chart", to: .rectangle(Rect(x: 110, y: 5, width: 200, height: 60)))
                return []
            }
            move(0, to: 100, 30)
            up(0)
            after(.ms(500))
            tap(1, at: 50, 30, holding: .ms(50))                 // where the chart was: nobody's
            after(.ms(500))
            tap(1, at: 195, 30, holding: .ms(50))                // the chart, mapped through its new place
        }
        #expect(lines == [
            #"{"time":0.010000,"region":"chart","type":"pan","phase":"began","dx":5,"dy":0}"#,
            #"{"time":0.020000,"region":"chart","type":"pan","phase":"changed","dx":10,"dy":0}"#,
            #"{"time":0.020000,"region":"chart","type":"pan","phase":"changed","dx":5,"dy":0}"#,
            #"{"time":0.020000,"region":"chart","type":"pan","phase":"ended","dx":5,"dy":0,"vx":125,"vy":0}"#,
            #"{"time":1.120000,"region":"chart","type":"tap","x":195,"y":30,"count":1,"value":8.5,"selection":{"start":8,"end":8}}"#,
        ])
    }

    @Test func aDialMovedWindsAboutItsNewCentre() throws {
        let moved = Point(x: 200, y: 110)
        let lines = try play([Target("timer", shape: .circle(center: Self.timer.center, radius: 40), component: try DialComponent(Self.timer))]) {
            change { engine, _ in
                try engine.reshape("timer", to: .circle(center: moved, radius: 40))
                return []
            }
            down(0, at: 200, 90)                                  // 12 o'clock of the new place
            arc(0, around: moved, radius: 20, from: 0, to: 30, steps: 3, over: .ms(30))
            up(0)
        }
        #expect(lines == DialTests.windToThirtyDegrees + [
            #"{"time":0.030000,"region":"timer","type":"wind","phase":"ended","angle":30,"delta":0,"detent":5}"#,
        ])
    }

    /// How a test makes a change: through `modify` and the component's own setter, or in one call (the engine's
    /// conveniences, `setDialValue`, `setDomain`). Both give the same lines.
    enum ChangeCall: CaseIterable, Sendable {
        case throughModify, inOneCall

        /// Sets the dial "timer" to `degrees` at `now`.
        func setDial(_ engine: inout GestureEngine, to degrees: Double, at now: Timestamp) throws -> [GestureEvent] {
            switch self {
            case .throughModify: try engine.modify("timer", as: DialComponent.self, at: now) { dial, _ in try dial.setValue(degrees: degrees) }
            case .inOneCall: try engine.setDialValue(of: "timer", degrees: degrees, at: now)
            }
        }

        /// Shows `domain` on the chart at `now`.
        func setDomain(_ engine: inout GestureEngine, to domain: TimelineDomain, at now: Timestamp) throws -> [GestureEvent] {
            switch self {
            case .throughModify:
                try engine.modify("chart", as: TimelineComponent.self, at: now) { chart, output in try chart.setDomain(domain, output: &output) }
            case .inOneCall:
                try engine.setDomain(of: "chart", to: domain, at: now)
            }
        }
    }

    @Test(arguments: ChangeCall.allCases)
    func settingTheDialsValue_windsOnFromThere_withDetentsFromTheNewValue(_ call: ChangeCall) throws {
        let center = Point(x: 100, y: 110)
        let lines = try play([Target("timer", shape: .circle(center: center, radius: 40), component: try DialComponent(Self.timer))]) {
            down(0, at: 100, 90)
            arc(0, around: center, radius: 20, from: 0, to: 30, steps: 3, over: .ms(30))
            up(0)
            after(.ms(1000))
            // The app's timer ran: it sets the value it counted down to (no haptic).
            change { engine, now in try call.setDial(&engine, to: 120, at: now) }
            down(0, at: 100, 90)
            arc(0, around: center, radius: 20, from: 0, to: 12, steps: 2, over: .ms(20))
            // Set mid-wind: the wind goes on from the new value.
            change { engine, now in try call.setDial(&engine, to: 60, at: now) }
            arc(0, around: center, radius: 20, from: 12, to: 18, steps: 1, over: .ms(10))
            up(0)
        }
        #expect(lines == DialTests.windToThirtyDegrees + [
            #"{"time":0.030000,"region":"timer","type":"wind","phase":"ended","angle":30,"delta":0,"detent":5}"#,
            // 6° at 20 mm is within the slop: the wind begins at 12°, applying both steps at once.
            #"{"time":1.050000,"region":"timer","type":"wind","phase":"began","angle":132,"delta":12,"detent":22}"#,
            #"{"time":1.050000,"region":"timer","type":"haptic","kind":"detent","detent":21}"#,
            #"{"time":1.050000,"region":"timer","type":"haptic","kind":"detent","detent":22}"#,
            #"{"time":1.060000,"region":"timer","type":"wind","phase":"changed","angle":66,"delta":6,"detent":11}"#,
            #"{"time":1.060000,"region":"timer","type":"haptic","kind":"detent","detent":11}"#,
            #"{"time":1.060000,"region":"timer","type":"wind","phase":"ended","angle":66,"delta":0,"detent":11}"#,
        ])
    }

    @Test(arguments: ChangeCall.allCases)
    func changingATimelinesDomainMidSelection_reanchorsAndSaysSo(_ call: ChangeCall) throws {
        let lines = try play([Self.chart(children: [])]) {
            rest(0, at: 95, 30, for: .ms(300))
            tick()
            move(0, to: 75, 30)                                   // selection 6–8
            after(.ms(10))
            // The chart scrolls by 10: the anchor (bucket 8) is brought within 10–30; the finger is over 16.5.
            change { engine, now in try call.setDomain(&engine, to: .numeric(start: 10, end: 30, bucket: 1), at: now) }
            after(.ms(10))
            move(0, to: 85, 30)
            after(.ms(10))
            up(0)
        }
        #expect(lines == [
            #"{"time":0.300000,"region":"chart","type":"select","phase":"began","anchor":8,"selection":{"start":8,"end":8}}"#,
            #"{"time":0.300000,"region":"chart","type":"haptic","kind":"press"}"#,
            #"{"time":0.300000,"region":"chart","type":"select","phase":"changed","anchor":8,"selection":{"start":6,"end":8}}"#,
            #"{"time":0.310000,"region":"chart","type":"select","phase":"changed","anchor":10,"selection":{"start":10,"end":16}}"#,
            #"{"time":0.320000,"region":"chart","type":"select","phase":"changed","anchor":10,"selection":{"start":10,"end":17}}"#,
            #"{"time":0.330000,"region":"chart","type":"select","phase":"ended","anchor":10,"selection":{"start":10,"end":17}}"#,
        ])
    }

    /// The view changes under a selection (the window is scaled), then the domain: the bucket "now under the finger"
    /// is the one under where the finger is, read in the view of that moment. (It was read at the finger's x in the
    /// view of its last move: at 2 points per mm the finger at 95 mm, x 190, was taken to be at x 95, over 3.75.)
    @Test func changingTheDomainAfterTheView_takesTheBucketUnderTheFingerInTheNewView() throws {
        let lines = try play([Self.chart(children: [])]) {
            rest(0, at: 95, 30, for: .ms(300))                    // over 8.5
            tick()
            change { engine, _ in
                try engine.setViewTransform(of: "chart", to: ViewTransform(scale: 2))
                return []
            }
            after(.ms(10))
            // The chart scrolls by 1: the finger, at x 190 of the chart's 20…420, is over 9.5.
            change { engine, now in
                try engine.modify("chart", as: TimelineComponent.self, at: now) { chart, output in
                    try chart.setDomain(.numeric(start: 1, end: 21, bucket: 1), output: &output)
                }
            }
            after(.ms(10))
            up(0)
        }
        #expect(lines == [
            #"{"time":0.300000,"region":"chart","type":"select","phase":"began","anchor":8,"selection":{"start":8,"end":8}}"#,
            #"{"time":0.300000,"region":"chart","type":"haptic","kind":"press"}"#,
            #"{"time":0.310000,"region":"chart","type":"select","phase":"changed","anchor":8,"selection":{"start":8,"end":9}}"#,
            #"{"time":0.320000,"region":"chart","type":"select","phase":"ended","anchor":8,"selection":{"start":8,"end":9}}"#,
        ])
    }

    @Test func insertingATarget_andReplacingOne() throws {
        let lines = try play([Self.chart(children: [])]) {
            change { engine, _ in
                try engine.insert(Self.button(), into: "chart")
                return []
            }
            tap(0, at: 180, 15, holding: .ms(50))                   // the new button's
            after(.ms(500))
            rest(0, at: 95, 30, for: .ms(300))
            tick()
            // The chart gets a new configuration mid-selection: the selection is cancelled; the finger
            // down stays nobody's (the new chart never saw it land).
            change { engine, now in
                var bigger = Self.chart
                bigger.longPressDuration = .ms(500)
                return try engine.replace("chart", with: Target("chart", shape: .rectangle(Self.chartRect),
                                                             component: try TimelineComponent(bigger)), at: now)
            }
            after(.ms(100))
            up(0)
            tap(0, at: 180, 15, holding: .ms(50))                   // the button went with the old chart
            after(.ms(500))
            tap(0, at: 95, 30, holding: .ms(600))                   // the new chart's 500 ms long press
        }
        #expect(lines == [
            #"{"time":0.050000,"region":"today","type":"tap","x":180,"y":15,"count":1}"#,
            #"{"time":0.850000,"region":"chart","type":"select","phase":"began","anchor":8,"selection":{"start":8,"end":8}}"#,
            #"{"time":0.850000,"region":"chart","type":"haptic","kind":"press"}"#,
            #"{"time":0.850000,"region":"chart","type":"select","phase":"cancelled","anchor":8,"selection":{"start":8,"end":8}}"#,
            #"{"time":1.000000,"region":"chart","type":"tap","x":180,"y":15,"count":1,"value":17,"selection":{"start":17,"end":17}}"#,
            #"{"time":2.000000,"region":"chart","type":"select","phase":"began","anchor":8,"selection":{"start":8,"end":8}}"#,
            #"{"time":2.000000,"region":"chart","type":"haptic","kind":"press"}"#,
            #"{"time":2.100000,"region":"chart","type":"select","phase":"ended","anchor":8,"selection":{"start":8,"end":8}}"#,
        ])
    }

    @Test func theComponentsAreReadable() throws {
        var engine = try GestureEngine(targets: [Self.chart(children: [Self.button()]),
                                             Target("timer", shape: .circle(center: Self.timer.center, radius: 40),
                                                    component: try DialComponent(Self.timer))])
        #expect(engine.targetNames == ["chart", "today", "timer"])
        _ = try engine.modify("timer", as: DialComponent.self, at: .zero) { dial, _ in try dial.setValue(degrees: 400) }
        #expect(engine.component(of: "timer", as: DialComponent.self)?.value.degrees == 360)
        #expect(engine.component(of: "timer", as: DialComponent.self)?.value.detent == 60)
        #expect(engine.component(of: "chart", as: DialComponent.self) == nil)
        #expect(engine.component(of: "chart", as: TimelineComponent.self)?.x(of: .number(8.5)) == 95)
        #expect(engine.shape(of: "today") == .rectangle(Self.buttonRect))
    }

    // MARK: Invariants on random input, with nesting and changes

    /// A page that scrolls, a chart on it with a button (exclusive) and a knob (simultaneous), a
    /// high-priority dial with a button in its middle (which the dial's own tap, first, always takes),
    /// and a lone dial.
    static var tree: [Target] {
        get throws {
            try [
                Target("page", shape: .rectangle(Rect(x: 0, y: 0, width: 220, height: 100)),
                       gesture: DragGesture(.init(minimumDistance: 10)), children: [
                    chart(children: [
                        button(),
                        Target("knob", shape: .rectangle(Rect(x: 20, y: 10, width: 30, height: 30)),
                               gesture: DragGesture(.init(minimumDistance: 0)), coordination: .simultaneous),
                    ]),
                ]),
                Target("timer", shape: .circle(center: Point(x: 100, y: 130), radius: 30), component: try DialComponent(
                    DialConfiguration(name: "timer", center: Point(x: 100, y: 130), radius: 30)), coordination: .highPriority, children: [
                    Target("start", shape: .circle(center: Point(x: 100, y: 130), radius: 6), gesture: TapGesture()),
                ]),
                Target("free", shape: .circle(center: Point(x: 200, y: 130), radius: 25), component: try DialComponent(
                    DialConfiguration(name: "free", center: Point(x: 200, y: 130), radius: 25, minDegrees: nil, maxDegrees: nil))),
            ]
        }
    }

    /// The random script of the engine tests, with changes to the tree here and there.
    static func randomScriptWithChanges(seed: UInt64) throws -> [ScriptAction] {
        var random = SplitMix(state: seed ^ 0x5EED)
        var actions: [ScriptAction] = []
        for action in EngineTests.randomScript(seed: seed) {
            actions.append(action)
            switch Int.random(in: 0..<200, using: &random) {
            case 0:
                actions.append(change { engine, now in
                    guard engine.targetNames.contains("today") else {
                        try engine.insert(button(), into: "chart", at: 0)
                        return []
                    }
                    return try engine.remove("today", at: now)
                })
            case 1:
                let degrees = Double.random(in: -100...500, using: &random)
                actions.append(change { engine, now in
                    try engine.modify("timer", as: DialComponent.self, at: now) { dial, _ in try dial.setValue(degrees: degrees) }
                })
            case 2:
                let start = Double.random(in: -10...10, using: &random).rounded()
                actions.append(change { engine, now in
                    try engine.modify("chart", as: TimelineComponent.self, at: now) { chart, output in
                        try chart.setDomain(.numeric(start: start, end: start + 20, bucket: 1), output: &output)
                    }
                })
            case 3:
                let x = Double.random(in: 0...20, using: &random).rounded()
                actions.append(change { engine, _ in
                    try engine.reshape("chart", to: .rectangle(Rect(x: x, y: 5, width: 200, height: 60)))
                    return []
                })
            case 4:
                actions.append(change { engine, now in
                    try engine.replace("free", with: Target("free", shape: .circle(center: Point(x: 200, y: 130), radius: 25),
                                                        component: try DialComponent(DialConfiguration(
                                                            name: "free", center: Point(x: 200, y: 130), radius: 25,
                                                            minDegrees: nil, maxDegrees: nil))), at: now)
                })
            default:
                break
            }
        }
        return actions
    }

    @Test(arguments: 1...40)
    func inATree_everyBeganHasExactlyOneEnd_timesNeverGoBack_andReplayIsIdentical(seed: Int) throws {
        let script = try Self.randomScriptWithChanges(seed: UInt64(seed))
        func run() throws -> [GestureEvent] {
            var player = ScriptPlayer(engine: try GestureEngine(targets: try Self.tree))
            player.run(script)
            player.finish()
            return player.events
        }
        let first = try run()
        #expect(lifecycleProblems(first) == [])
        #expect(first.map(\.time) == first.map(\.time).sorted())
        #expect(try first == run())
    }

    @Test func theRandomTreeScriptsReachEveryTarget() throws {
        // So that the invariant above is not vacuous: every target is heard from, with every phase.
        var heard: Set<String> = []
        for seed in 1...40 {
            var player = ScriptPlayer(engine: try GestureEngine(targets: try Self.tree))
            player.run(try Self.randomScriptWithChanges(seed: UInt64(seed)))
            player.finish()
            for event in player.events { heard.insert(event.target + "/" + event.kind.type + "/" + (event.kind.phase?.rawValue ?? "")) }
        }
        #expect(heard.isSuperset(of: [
            "page/pan/began", "page/pan/changed", "chart/tap/", "chart/select/began", "chart/select/cancelled", "chart/pan/began",
            "today/tap/", "knob/pan/began", "knob/pan/ended", "timer/wind/began", "timer/tap/",
            "free/rotate/began", "free/wind/cancelled",
        ]))
    }
}
