import GestureCore
import GestureFormat
import GestureTestSupport
import Testing

/// The one-finger zoom (`QuickScaleGesture`, SPEC "Quick scale"): a tap, then a second landing held and dragged,
/// scaling about the first tap's down, 2^(dy ÷ 20 mm) by default.
@Suite struct QuickScaleTests {
    typealias Update = Timed<GestureUpdate<QuickScaleGesture.Value>>

    /// Each update as `TIME PHASE scale S anchor (X, Y) location (X, Y)`, in the output's number forms (times with
    /// 6 decimals, numbers with 3): what a line would show, and the finger's place besides.
    static func text(_ updates: [Update]) -> [String] {
        updates.map { update in
            let value = update.value.value
            return "\(Numbers.seconds(update.time)) \(update.value.phase.rawValue) scale \(Numbers.decimal(value.scale))"
                + " anchor \(text(value.anchor)) location \(text(value.location))"
        }
    }

    static func text(_ point: Point) -> String { "(\(Numbers.decimal(point.x)), \(Numbers.decimal(point.y)))" }

    /// A tap at (50, 50) from 0 to 0.050, and a second landing 100 ms after its lift, 2.236 mm from its down.
    static func tapThenLand() -> [ScriptAction] {
        [down(0, at: 50, 50), after(.ms(50)), up(0),
         after(.ms(100)), down(0, at: 51, 52)]
    }

    /// A landing at `at`, dragged to `to` in the next frame 10 ms later, and lifted 10 ms after that: the second
    /// landing's whole stroke.
    static func landing(at: (x: Double, y: Double), draggedTo to: (x: Double, y: Double)) -> [ScriptAction] {
        [down(0, at: at.x, at.y), after(.ms(10)), move(0, to: to.x, to.y), after(.ms(10)), up(0)]
    }

    @Test func draggingDownZoomsIn_andUpZoomsOut_aboutTheFirstTap() {
        var driver = GestureDriver(QuickScaleGesture())
        driver.run {
            Self.tapThenLand()                                        // 0.150
            after(.ms(10)); move(0, to: 51, 54)                       // 2 mm from the landing: within the slop
            after(.ms(10)); move(0, to: 51, 62)                       // 10 mm: begins, the whole travel counted
            after(.ms(10)); move(0, to: 51, 72)                       // 20 mm down: one doubling
            after(.ms(10)); move(0, to: 53, 92)                       // 40 mm down (x plays no part): two
            after(.ms(10)); move(0, to: 53, 42)                       // 10 mm above the landing: 1/√2
            after(.ms(10)); up(0)
        }
        #expect(Self.text(driver.updates) == [
            "0.170000 began scale 1.414 anchor (50, 50) location (51, 62)",
            "0.180000 changed scale 2 anchor (50, 50) location (51, 72)",
            "0.190000 changed scale 4 anchor (50, 50) location (53, 92)",
            "0.200000 changed scale 0.707 anchor (50, 50) location (53, 42)",
            "0.210000 ended scale 0.707 anchor (50, 50) location (53, 42)",
        ])
        #expect(driver.gesture.status == .ended)
    }

    @Test func aDoubleTapIsNotClaimed_soADoubleTapAfterItHasIt() {
        let doubleTap: [ScriptAction] = Self.tapThenLand() + [after(.ms(10)), move(0, to: 51, 55), after(.ms(40)), up(0)]   // 3 mm: within
        var alone = GestureDriver(QuickScaleGesture())
        alone.run { doubleTap }
        #expect(alone.updates.isEmpty)
        #expect(alone.gesture.status == .failed)
        #expect(alone.gesture.deadline == nil)
        // Before a double tap: it fails at the second lift (0.200), which releases the double tap, recognized
        // `countInterval` after that lift, at its last down.
        var composed = GestureDriver(QuickScaleGesture().exclusively(before: TapGesture(count: 2)))
        composed.run { doubleTap; after(.ms(300)); tick() }
        #expect(composed.updates == [Timed(ms(500), GestureUpdate(.ended, .second(TapGesture.Value(location: Point(x: 51, y: 52), count: 2))))])
    }

    @Test func aSecondLandingTooLateIsTheFirstTapOfANewChain() {
        var driver = GestureDriver(QuickScaleGesture())
        driver.run { tap(0, at: 50, 50, holding: .ms(50)) }
        #expect(driver.gesture.deadline == ms(350))                // the lift + 300 ms
        driver.run {
            after(.ms(300)); down(0, at: 50, 50)                      // 0.350: the wait closed first, at its deadline
        }
        #expect(driver.gesture.status == .possible)
        #expect(driver.gesture.deadline == ms(650))                // a first tap again: down + 300 ms
        driver.run {
            after(.ms(50)); up(0)                                     // 0.400
            after(.ms(100)); Self.landing(at: (52, 50), draggedTo: (52, 70))    // 0.500: its second landing, 20 mm down
        }
        #expect(Self.text(driver.updates) == [
            "0.510000 began scale 2 anchor (50, 50) location (52, 70)",
            "0.520000 ended scale 2 anchor (50, 50) location (52, 70)",
        ])
    }

    @Test func aSecondLandingTooFarIsTheFirstTapOfANewChain() {
        var driver = GestureDriver(QuickScaleGesture())
        driver.run {
            tap(0, at: 50, 50, holding: .ms(50))
            after(.ms(100)); tap(0, at: 60.5, 50, holding: .ms(50))   // 0.150: 10.5 mm away: the first tap of a new chain
            after(.ms(100)); Self.landing(at: (58, 50), draggedTo: (58, 30))    // 0.300: 2.5 mm from it: its second landing, 20 mm up
        }
        #expect(Self.text(driver.updates) == [
            "0.310000 began scale 0.5 anchor (60.5, 50) location (58, 30)",
            "0.320000 ended scale 0.5 anchor (60.5, 50) location (58, 30)",
        ])
        // Exactly 10 mm away is within: the chain goes on.
        var within = GestureDriver(QuickScaleGesture())
        within.run {
            tap(0, at: 50, 50, holding: .ms(50))
            after(.ms(100)); Self.landing(at: (60, 50), draggedTo: (60, 30))
        }
        #expect(Self.text(within.updates) == [
            "0.160000 began scale 0.5 anchor (50, 50) location (60, 30)",
            "0.170000 ended scale 0.5 anchor (50, 50) location (60, 30)",
        ])
    }

    @Test func aSecondFingerCancelsAScale_andNothingMoreUntilAllLift() {
        var driver = GestureDriver(QuickScaleGesture())
        driver.run {
            Self.tapThenLand()
            after(.ms(10)); move(0, to: 51, 56)                       // 4 mm: begins
            after(.ms(10)); down(1, at: 90, 50)                       // 0.170: cancelled, with the last value
            after(.ms(10)); move(0, to: 51, 80)
            up(1)
            after(.ms(10)); up(0)
            after(.ms(10)); tap(0, at: 50, 50, holding: .ms(50))         // a new sequence: a first tap again
            after(.ms(100)); down(0, at: 50, 50)
            after(.ms(10)); withdraw(0)                               // withdrawn before it began: fails, silently
        }
        #expect(Self.text(driver.updates) == [
            "0.160000 began scale 1.149 anchor (50, 50) location (51, 56)",
            "0.170000 cancelled scale 1.149 anchor (50, 50) location (51, 56)",
        ])
        #expect(driver.gesture.status == .failed)
    }

    @Test func aWithdrawnFingerOrALostInputCancelsAScale() {
        var withdrawn = GestureDriver(QuickScaleGesture())
        withdrawn.run { Self.tapThenLand(); after(.ms(10)); move(0, to: 51, 32); after(.ms(10)); withdraw(0) }
        #expect(Self.text(withdrawn.updates) == [
            "0.160000 began scale 0.5 anchor (50, 50) location (51, 32)",
            "0.170000 cancelled scale 0.5 anchor (50, 50) location (51, 32)",
        ])
        #expect(withdrawn.gesture.status == .cancelled)
        var dropped = GestureDriver(QuickScaleGesture())
        dropped.run { Self.tapThenLand(); after(.ms(10)); move(0, to: 51, 92); after(.ms(10)); synDropped(); up(0) }
        #expect(Self.text(dropped.updates) == [
            "0.160000 began scale 4 anchor (50, 50) location (51, 92)",
            "0.170000 cancelled scale 4 anchor (50, 50) location (51, 92)",
        ])
        #expect(dropped.gesture.status == .cancelled)
    }

    @Test func theDeadlines_aFirstTapHeldTooLong_andAWaitWithNoSecondLanding() {
        // Held to its deadline (down + 300 ms): no tap, so no chain, however soon the next landing.
        var held = GestureDriver(QuickScaleGesture())
        held.run { down(0, at: 50, 50); after(.ms(300)); tick() }
        #expect(held.gesture.status == .failed)
        #expect(held.gesture.deadline == nil)
        held.run { after(.ms(10)); up(0); after(.ms(50)); down(0, at: 50, 50); after(.ms(10)); move(0, to: 50, 70); up(0) }
        #expect(held.updates.isEmpty)
        // Moved beyond its slop: no tap either.
        var moved = GestureDriver(QuickScaleGesture())
        moved.run { down(0, at: 50, 50); after(.ms(10)); move(0, to: 53.5, 50) }
        #expect(moved.gesture.status == .failed)
        #expect(moved.gesture.deadline == nil)
        // A tap, and nothing after: the wait closes at the lift + 300 ms, and the gesture fails there.
        var waited = GestureDriver(QuickScaleGesture())
        waited.run { tap(0, at: 50, 50, holding: .ms(50)); after(.ms(299)); tick() }
        #expect(waited.gesture.status == .possible)
        #expect(waited.gesture.deadline == ms(350))
        waited.run { after(.ms(1)); tick() }
        #expect(waited.gesture.status == .failed)
        #expect(waited.gesture.deadline == nil)
        #expect(waited.updates.isEmpty)
    }

    @Test func theScaleStaysFiniteAndAboveZero_whateverTheNumbers() {
        // A doubling every 0.001 mm: 100 mm down would be 2^100000; it is 2^1000, and 2^-1000 up.
        var steep = GestureDriver(QuickScaleGesture(.init(distancePerDoubling: 0.001)))
        steep.run { Self.tapThenLand(); after(.ms(10)); move(0, to: 51, 152); after(.ms(10)); move(0, to: 51, -48) }
        #expect(steep.updates.map(\.value.value.scale) == [Double.exp2(1000), Double.exp2(-1000)])
        // None at all (0): no travel is no doubling; any is the most.
        var flat = GestureDriver(QuickScaleGesture(.init(slop: 0, distancePerDoubling: 0)))
        flat.run { Self.tapThenLand(); after(.ms(10)); move(0, to: 52, 52); after(.ms(10)); move(0, to: 52, 53) }
        #expect(flat.updates.map(\.value.value.scale) == [1, Double.exp2(1000)])
    }

    /// A random script about one spot, where chains of taps and scales are frequent: one or two fingers landing within
    /// 8 mm of (50, 50), moving up to 6 mm a frame, lifting, withdrawn, with pauses up to 0.25 s, drops and wake-ups.
    static func scriptNearOneSpot(_ random: inout SplitMix) -> [ScriptAction] {
        var actions: [ScriptAction] = []
        var fingers: [Int: Point] = [:]
        for _ in 0..<Int.random(in: 5...40, using: &random) {
            actions.append(after(.ms(Int64.random(in: 0...250, using: &random))))
            let roll = Int.random(in: 0..<100, using: &random)
            if roll < 2 {
                actions.append(synDropped())
            } else if roll < 5 {
                actions.append(tick())
            } else if roll < 30 || fingers.isEmpty {
                if let finger = (0..<2).first(where: { fingers[$0] == nil }) {
                    let point = Point(x: 50 + Double.random(in: -8...8, using: &random), y: 50 + Double.random(in: -8...8, using: &random))
                    fingers[finger] = point
                    actions.append(down(finger, at: point))
                }
            } else if roll < 55 {
                let finger = fingers.keys.sorted()[Int.random(in: 0..<fingers.count, using: &random)]
                fingers[finger] = nil
                actions.append(roll < 52 ? up(finger) : withdraw(finger))
            } else {
                let finger = fingers.keys.sorted()[Int.random(in: 0..<fingers.count, using: &random)]
                let point = Point(x: fingers[finger]!.x + Double.random(in: -6...6, using: &random),
                                  y: fingers[finger]!.y + Double.random(in: -6...6, using: &random))
                fingers[finger] = point
                actions.append(move(finger, to: point))
            }
        }
        return actions
    }

    /// Whatever the touches and the thresholds: no trap; every `began` followed by `changed` only until exactly one
    /// `ended` or `cancelled` with the last value (through the engine too, to the end of input); every scale finite
    /// and above 0; and the same events explained or not.
    @Test func randomTouches_keepTheLifecycleAndTheRule() throws {
        var failures: [String] = []
        var began = 0
        for seed in 1...UInt64(1_000) {
            var random = SplitMix(state: seed)
            let configuration = QuickScaleGesture.Configuration(
                slop: Double.random(in: 0...5, using: &random),
                maximumDuration: Bool.random(using: &random) ? nil : .ms(Int64.random(in: 50...400, using: &random)),
                countInterval: .ms(Int64.random(in: 50...400, using: &random)), countDistance: Double.random(in: 0...15, using: &random),
                distancePerDoubling: [20, -20, 0.5, 0].randomElement(using: &random)!)
            let script = Self.scriptNearOneSpot(&random)
            var driver = GestureDriver(QuickScaleGesture(configuration))
            driver.run { script }
            var open: QuickScaleGesture.Value?
            for update in driver.updates {
                let (phase, value) = (update.value.phase, update.value.value)
                if phase == .began { began += 1 }
                let problem: String? = switch phase {
                case .began: open == nil ? nil : "began again"
                case .changed, .ended, .cancelled: open == nil ? "\(phase) without began" : nil
                }
                if let problem { failures.append("seed \(seed): \(problem) at \(update.time)") }
                if phase == .ended || phase == .cancelled, let open, open != value { failures.append("seed \(seed): \(phase) with another value") }
                open = phase == .began || phase == .changed ? value : nil
                if !(value.scale.isFinite && value.scale > 0) { failures.append("seed \(seed): scale \(value.scale)") }
            }
            let area = Shape.rectangle(Rect(x: 0, y: 0, width: 200, height: 100))
            let targets = [Target("map", shape: area, gesture: QuickScaleGesture(configuration).exclusively(before: TapGesture(count: 2)))]
            let plain = try play(targets) { script }
            let explained = try play(targets, explain: true) { script }.filter { !$0.contains(#""type":"explain""#) }
            if plain != explained { failures.append("seed \(seed): explaining changed the events") }
            // (Alone: a double tap's line, discrete, would read as an end without a beginning.)
            var player = ScriptPlayer(engine: try GestureEngine(targets: [Target("map", shape: area, gesture: QuickScaleGesture(configuration))]))
            player.run(script)
            player.finish()
            if let problem = lifecycleProblems(player.events).first { failures.append("seed \(seed): \(problem)") }
            if failures.count >= 3 { break }
        }
        #expect(failures == [])
        #expect(began > 50)   // (the scripts do scale: 89 times)
    }

    /// Every transition of one quick scale, with its reason in numbers (`--explain`), among its own lines: a target
    /// of the library with the bare gesture reports them as `quick-scale` lines (`StandardEventValue`), each
    /// transition before the line it brings.
    @Test func explanations_ofOneQuickScale() throws {
        let map = [Target("map", shape: .rectangle(Rect(x: 0, y: 0, width: 200, height: 100)), gesture: QuickScaleGesture())]
        let lines = try play(map, explain: true) {
            Self.tapThenLand()
            after(.ms(10)); move(0, to: 51, 54)
            after(.ms(10)); move(0, to: 51, 62)
            after(.ms(10)); up(0)
        }
        func explain(_ time: String, _ from: String, _ to: String, _ reason: String) -> String {
            #"{"time":\#(time),"region":"map","type":"explain","path":"quick-scale","from":"\#(from)","to":"\#(to)","reason":"\#(reason)"}"#
        }
        func scale(_ time: String, _ phase: String, _ scale: String) -> String {
            #"{"time":\#(time),"region":"map","type":"quick-scale","phase":"\#(phase)","scale":\#(scale),"center":{"x":50,"y":50}}"#
        }
        #expect(lines == [
            explain("0.000000", "idle", "firstTap", "finger 0 landed at (50, 50): tap 1; deadline 0.300000"),
            explain("0.050000", "firstTap", "waiting", "tap 1 of 2 lifted: waiting until 0.350000 for the next"),
            explain("0.150000", "waiting", "pending", "finger 0 landed at (51, 52): tap 2, 100 ms after tap 1 lifted <= 300 ms, 2.236 mm from its down <= 10 mm"),
            explain("0.170000", "pending", "scaling", "finger 0 moved 10 mm > slop 3 mm"),
            scale("0.170000", "began", "1.414"),
            explain("0.180000", "scaling", "ended", "finger 0 lifted"),
            scale("0.180000", "ended", "1.414"),
        ])
    }

    /// The ways it fails, explained: a landing too far, a wait that closes, a double tap.
    @Test func explanations_ofTheChainsThatFail() {
        var log = TransitionLog()
        var gesture = QuickScaleGesture()
        func frame(_ time: Int64, landed: [TouchPoint] = [], lifted: [TouchLift] = [], moved: [TouchPoint] = [], down: Int) {
            _ = gesture.touchesChanged(TouchChanges(time: ms(time), moved: moved, lifted: lifted, landed: landed, fingersDown: down), log: &log)
        }
        frame(0, landed: [TouchPoint(id: 0, position: Point(x: 50, y: 50))], down: 1)
        frame(50, lifted: [TouchLift(id: 0)], down: 0)
        frame(150, landed: [TouchPoint(id: 1, position: Point(x: 62, y: 50))], down: 1)   // 12 mm away
        frame(200, lifted: [TouchLift(id: 1)], down: 0)
        _ = gesture.deadlineReached(at: ms(500), log: &log)
        frame(600, landed: [TouchPoint(id: 2, position: Point(x: 50, y: 50))], down: 1)
        frame(650, lifted: [TouchLift(id: 2)], down: 0)
        frame(700, landed: [TouchPoint(id: 3, position: Point(x: 50, y: 50))], down: 1)
        frame(750, lifted: [TouchLift(id: 3)], down: 0)
        #expect(log.removeAll().map { "\($0.from) -> \($0.to): \(ExplanationText.reason($0.reason))" } == [
            "idle -> firstTap: finger 0 landed at (50, 50): tap 1; deadline 0.300000",
            "firstTap -> waiting: tap 1 of 2 lifted: waiting until 0.350000 for the next",
            "waiting -> firstTap: finger 1 landed at (62, 50): tap 1, 12 mm from its down > 10 mm; deadline 0.450000",
            "firstTap -> waiting: tap 1 of 2 lifted: waiting until 0.500000 for the next",
            "waiting -> failed: deadline 0.500000: the chain stopped at 1 of 2 taps",
            "failed -> firstTap: finger 2 landed at (50, 50): tap 1; deadline 0.900000",
            "firstTap -> waiting: tap 1 of 2 lifted: waiting until 0.950000 for the next",
            "waiting -> pending: finger 3 landed at (50, 50): tap 2, 50 ms after tap 1 lifted <= 300 ms, 0 mm from its down <= 10 mm",
            "pending -> failed: finger 3 lifted within slop 3 mm",
        ])
    }
}
