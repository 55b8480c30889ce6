import GestureCore
import GestureTestSupport
import Testing

/// A layout's `target` regions (`TargetConfiguration`): the list of gestures composed in order, and
/// children coordinated with their parent.
@Suite struct LayoutTargetTests {
    /// SPEC's photo viewer: a double tap before a single one, a pan, a pinch and, alongside, a rotation;
    /// a close button on top.
    static let photo = Layout(regions: [
        .generic(TargetConfiguration(
            name: "photo", shape: .rectangle(Rect(x: 0, y: 0, width: 200, height: 120)),
            gestures: [
                TargetGesture(LayoutGestures.Tap(.init(requiredCount: 2))),
                TargetGesture(LayoutGestures.Tap(.init(requiredCount: 1))),
                TargetGesture(LayoutGestures.Drag()),
                TargetGesture(LayoutGestures.Magnify()),
                TargetGesture(LayoutGestures.Rotation(), combination: .simultaneous),
            ],
            children: [
                .generic(TargetConfiguration(name: "close", shape: .circle(center: Point(x: 190, y: 10), radius: 8),
                                             gestures: [TargetGesture(LayoutGestures.Tap())])),
            ])),
    ])

    @Test func aDoubleTapWaitsToKnowItIsNotTriple_aSingleTapToKnowItIsNotDouble() throws {
        let lines = try play(Self.photo) {
            tap(0, at: 50, 50, holding: .ms(50))
            after(.ms(100)); down(0, at: 51, 50)
            after(.ms(50)); up(0)                       // the second lift, at 0.2 s
            after(.ms(800)); down(0, at: 120, 80)       // 1.0 s: a single tap
            after(.ms(50)); up(0)
            after(.ms(500)); tick()
        }
        // The double tap is recognized doubleTapMs (300) after its second lift, where that tap went down;
        // the single one 300 ms after its lift, once the double tap has failed.
        #expect(lines == [
            #"{"time":0.500000,"region":"photo","type":"tap","x":51,"y":50,"count":2}"#,
            #"{"time":1.350000,"region":"photo","type":"tap","x":120,"y":80,"count":1}"#,
        ])
    }

    @Test func aDragWaitsForTheTapsToFail_thenPansFromTheDownPosition() throws {
        let lines = try play(Self.photo) {
            drag(0, from: Point(x: 50, y: 50), to: Point(x: 70, y: 50), steps: 4, over: .ms(40))
        }
        // The taps fail at the first move beyond 3 mm (5 mm): the drag, begun in that frame, is heard. It
        // ends at 5 mm a frame of 10 ms: 500 mm/s.
        #expect(lines == [
            #"{"time":0.010000,"region":"photo","type":"pan","phase":"began","dx":5,"dy":0}"#,
            #"{"time":0.020000,"region":"photo","type":"pan","phase":"changed","dx":10,"dy":0}"#,
            #"{"time":0.030000,"region":"photo","type":"pan","phase":"changed","dx":15,"dy":0}"#,
            #"{"time":0.040000,"region":"photo","type":"pan","phase":"changed","dx":20,"dy":0}"#,
            #"{"time":0.040000,"region":"photo","type":"pan","phase":"ended","dx":20,"dy":0,"vx":500,"vy":0}"#,
        ])
    }

    @Test func aPinchOutIsAMagnify_theRotationAlongsideSeesNoTurn() throws {
        let lines = try play(Self.photo) {
            down(0, at: 60, 60)
            drag(1, from: Point(x: 100, y: 60), to: Point(x: 120, y: 60), steps: 4, over: .ms(40))
            after(.ms(10)); up(0)
        }
        // The second finger makes the taps and the drag fail; the distance 40 → 45 mm begins the pinch.
        #expect(lines == [
            #"{"time":0.010000,"region":"photo","type":"magnify","phase":"began","scale":1.125,"center":{"x":82.5,"y":60}}"#,
            #"{"time":0.020000,"region":"photo","type":"magnify","phase":"changed","scale":1.25,"center":{"x":85,"y":60}}"#,
            #"{"time":0.030000,"region":"photo","type":"magnify","phase":"changed","scale":1.375,"center":{"x":87.5,"y":60}}"#,
            #"{"time":0.040000,"region":"photo","type":"magnify","phase":"changed","scale":1.5,"center":{"x":90,"y":60}}"#,
            #"{"time":0.040000,"region":"photo","type":"magnify","phase":"ended","scale":1.5,"center":{"x":90,"y":60}}"#,
        ])
    }

    @Test func aTwistIsARotation_alongsideAPinchThatNeverBegins() throws {
        let center = Point(x: 80, y: 60)
        let lines = try play(Self.photo) {
            together(.down(0, polar(center, radius: 20, degrees: 270)), .down(1, polar(center, radius: 20, degrees: 90)))
            twist(0, 1, around: center, radius: 20, from: 90, to: 120, steps: 3, over: .ms(30))
            up(1)
            up(0)
        }
        // The line from the first finger to the second turns 10° a frame; the distance stays 40 mm.
        #expect(lines == [
            #"{"time":0.010000,"region":"photo","type":"rotation","phase":"began","rotation":10,"center":{"x":80,"y":60}}"#,
            #"{"time":0.020000,"region":"photo","type":"rotation","phase":"changed","rotation":20,"center":{"x":80,"y":60}}"#,
            #"{"time":0.030000,"region":"photo","type":"rotation","phase":"changed","rotation":30,"center":{"x":80,"y":60}}"#,
            #"{"time":0.030000,"region":"photo","type":"rotation","phase":"ended","rotation":30,"center":{"x":80,"y":60}}"#,
        ])
    }

    @Test func aTapOnTheCloseButtonIsTheButtons_andThePhotoHearsNothing() throws {
        let lines = try play(Self.photo) {
            tap(0, at: 190, 10, holding: .ms(60))
            after(.ms(1000)); tick()
        }
        #expect(lines == [
            #"{"time":0.060000,"region":"close","type":"tap","x":190,"y":10,"count":1}"#,
        ])
    }

    @Test func aLongPressWinsOverTheDragListedAfterIt() throws {
        let card = Layout(regions: [
            .generic(TargetConfiguration(name: "card", shape: .rectangle(Rect(x: 0, y: 0, width: 100, height: 60)),
                                         gestures: [TargetGesture(LayoutGestures.LongPress()), TargetGesture(LayoutGestures.Drag())])),
        ])
        let lines = try play(card) {
            down(0, at: 30, 20)
            move(0, to: 31, 21)                         // within the slop
            after(.ms(400)); tick()
            line(0, from: Point(x: 31, y: 21), to: Point(x: 61, y: 21), steps: 3, over: .ms(30))
            up(0)
            down(0, at: 30, 20)                         // a drag at once: the long press fails
            line(0, from: Point(x: 30, y: 20), to: Point(x: 30, y: 40), steps: 2, over: .ms(20))
            up(0)
        }
        #expect(lines == [
            #"{"time":0.300000,"region":"card","type":"long-press","x":30,"y":20}"#,
            #"{"time":0.440000,"region":"card","type":"pan","phase":"began","dx":0,"dy":10}"#,
            #"{"time":0.450000,"region":"card","type":"pan","phase":"changed","dx":0,"dy":20}"#,
            #"{"time":0.450000,"region":"card","type":"pan","phase":"ended","dx":0,"dy":20,"vx":0,"vy":1000}"#,
        ])
    }

    /// A tap with `maxDurationMs` fails at its deadline, down + `maxDurationMs`, not at the lift: a drag listed after
    /// it, which began at the landing (slop 0) and waited, is released then, stamped with the deadline's time. A lift at
    /// exactly `maxDurationMs` comes after the deadline: too late.
    @Test func aTapWithAMaximumDurationFailsAtItsDeadline_notAtTheLift() throws {
        let knob = Layout(regions: [
            .generic(TargetConfiguration(name: "knob", shape: .rectangle(Rect(x: 0, y: 0, width: 100, height: 60)),
                                         gestures: [TargetGesture(LayoutGestures.Tap(.init(maximumDuration: .ms(200)))),
                                                    TargetGesture(LayoutGestures.Drag(.init(minimumDistance: 0)))])),
        ])
        #expect(try play(knob) { tap(0, at: 30, 20, holding: .ms(199)) } == [
            #"{"time":0.199000,"region":"knob","type":"tap","x":30,"y":20,"count":1}"#,
        ])
        #expect(try play(knob) { tap(0, at: 30, 20, holding: .ms(200)) } == [
            #"{"time":0.200000,"region":"knob","type":"pan","phase":"began","dx":0,"dy":0}"#,
            #"{"time":0.200000,"region":"knob","type":"pan","phase":"ended","dx":0,"dy":0,"vx":0,"vy":0}"#,
        ])
        #expect(try play(knob) { tap(0, at: 30, 20, holding: .ms(500)) } == [
            #"{"time":0.200000,"region":"knob","type":"pan","phase":"began","dx":0,"dy":0}"#,
            #"{"time":0.500000,"region":"knob","type":"pan","phase":"ended","dx":0,"dy":0,"vx":0,"vy":0}"#,
        ])
    }

    @Test func aContainerOnlyGroupsItsChildren() throws {
        let panel = Layout(regions: [
            .generic(TargetConfiguration(name: "panel", shape: .rectangle(Rect(x: 0, y: 0, width: 100, height: 60)), gestures: [], children: [
                .timeline(TimelineConfiguration(name: "chart", rect: Rect(x: 0, y: 0, width: 100, height: 30),
                                                domain: .numeric(start: 0, end: 10, bucket: 1))),
            ])),
        ])
        let lines = try play(panel) {
            tap(0, at: 25, 10, holding: .ms(50))
            down(0, at: 25, 50)                         // the panel only: nothing
            after(.ms(50)); up(0)
        }
        #expect(lines == [
            #"{"time":0.050000,"region":"chart","type":"tap","x":25,"y":10,"count":1,"value":2.5,"selection":{"start":2,"end":2}}"#,
        ])
    }

    /// `--explain` on a layout's target: its gestures, composed at run time (erased), explain under their own
    /// names, and the combinators name them so: a single tap is told from a double one at its deadline.
    @Test func aTargetsGesturesExplainUnderTheirOwnNames() throws {
        let layout = Layout(regions: [
            .generic(TargetConfiguration(
                name: "photo", shape: .rectangle(Rect(x: 0, y: 0, width: 200, height: 120)),
                gestures: [
                    TargetGesture(LayoutGestures.Tap(.init(requiredCount: 2))),
                    TargetGesture(LayoutGestures.Tap(.init(requiredCount: 1))),
                    TargetGesture(LayoutGestures.Rotation(), combination: .simultaneous),
                ])),
        ])
        let lines = try play(layout, explain: true) {
            tap(0, at: 50, 50, holding: .ms(50))
            after(.ms(500)); tick()
        }
        func explain(_ time: String, _ path: String, _ from: String, _ to: String, _ reason: String) -> String {
            #"{"time":\#(time),"region":"photo","type":"explain","path":"\#(path)","from":"\#(from)","to":"\#(to)","reason":"\#(reason)"}"#
        }
        let double = "simultaneously.first.exclusively.first.tap", single = "simultaneously.first.exclusively.second.tap"
        #expect(lines == [
            explain("0.000000", double, "idle", "pressed", "finger 0 landed at (50, 50): tap 1"),
            explain("0.000000", single, "idle", "pressed", "finger 0 landed at (50, 50): tap 1"),
            explain("0.000000", "simultaneously.second.rotation", "idle", "oneFinger", "finger 0 landed at (50, 50)"),
            explain("0.050000", double, "pressed", "waiting", "tap 1 of 2 lifted: waiting until 0.350000 for the next"),
            explain("0.050000", single, "pressed", "waiting", "tap 1 of 1 lifted: waiting until 0.350000 for the next"),
            explain("0.050000", "simultaneously.second.rotation", "oneFinger", "failed", "finger 0 lifted"),
            explain("0.350000", double, "waiting", "failed", "deadline 0.350000: the chain stopped at 1 of 2 taps"),
            explain("0.350000", single, "waiting", "recognized", "deadline 0.350000: no further tap: 1 of 1"),
            explain("0.350000", "simultaneously.first.exclusively", "undecided", "second", "first (tap) failed"),
            #"{"time":0.350000,"region":"photo","type":"tap","x":50,"y":50,"count":1}"#,
        ])
    }

    // MARK: Random targets

    /// A random gesture of a layout, with random options.
    static func randomGesture(_ kind: Int, _ random: inout SplitMix) -> any LayoutGesture {
        func mm() -> Double { Double.random(in: 0...8, using: &random) }
        switch kind {
        case 0: return LayoutGestures.Tap(.init(maximumDistance: mm(), maximumDuration: Bool.random(using: &random) ? nil : .ms(Int64.random(in: 0...600, using: &random)),
                                                countInterval: .ms(Int64.random(in: 0...500, using: &random)), countDistance: mm() * 2,
                                                requiredCount: Bool.random(using: &random) ? nil : Int.random(in: 1...3, using: &random)))
        case 1: return LayoutGestures.LongPress(.init(minimumDuration: .ms(Int64.random(in: 0...600, using: &random)), maximumDistance: mm()))
        case 2: return LayoutGestures.Drag(.init(minimumDistance: mm(), extraTouch: Bool.random(using: &random) ? .cancel : .end))
        case 3: return LayoutGestures.Magnify(.init(minimumDistanceChange: mm()))
        case 4: return LayoutGestures.Rotation(.init(minimumAngle: mm()))
        case 5: return LayoutGestures.Swipe(.init(fingers: Int.random(in: 1...3, using: &random), minimumSpeed: Double.random(in: 0...300, using: &random),
                                                  minimumDistance: mm(), directions: Bool.random(using: &random) ? .four : .eight,
                                                  tolerance: Double.random(in: 0...22.5, using: &random)))
        default:
            var edge = LayoutGestures.EdgeSwipe()
            edge.configuration.edge = [.left, .right, .top, .bottom].randomElement(using: &random)!
            edge.configuration.edgeDistance = mm() * 3
            edge.configuration.minimumDistance = mm()
            return edge
        }
    }

    /// A random target in `bounds`: a rectangle, circle or ring; up to four gestures of distinct kinds
    /// (two of a kind side by side would print two interleaved runs of one line type), each exclusive or
    /// simultaneous; and, `depth` allowing, up to two children, targets or timelines, each sharing a point with it.
    static func randomTarget(_ name: String, in bounds: Rect, depth: Int, _ random: inout SplitMix) -> TargetConfiguration {
        let width = Double.random(in: 10...bounds.width, using: &random), height = Double.random(in: 10...bounds.height, using: &random)
        let rect = Rect(x: bounds.x + Double.random(in: 0...(bounds.width - width), using: &random),
                        y: bounds.y + Double.random(in: 0...(bounds.height - height), using: &random), width: width, height: height)
        let center = Point(x: rect.x + width / 2, y: rect.y + height / 2), radius = min(width, height) / 2
        let shape: Shape
        switch Int.random(in: 0..<3, using: &random) {
        case 0: shape = .rectangle(rect)
        case 1: shape = .circle(center: center, radius: radius)
        default: shape = .ring(center: center, innerRadius: radius * Double.random(in: 0..<0.8, using: &random), outerRadius: radius)
        }
        let kinds = Array((0..<7).shuffled(using: &random).prefix(Int.random(in: 0...4, using: &random)))
        let gestures = kinds.map { kind in
            TargetGesture(randomGesture(kind, &random), combination: Bool.random(using: &random) ? .exclusive : .simultaneous)
        }
        var children: [RegionConfiguration] = []
        if depth > 0 {
            for index in 0..<Int.random(in: 0...2, using: &random) {
                let childName = name + "." + String(index)
                if Bool.random(using: &random) {
                    children.append(.generic(randomTarget(childName, in: rect, depth: depth - 1, &random)))
                } else {
                    children.append(.timeline(TimelineConfiguration(name: childName, rect: Rect(x: rect.x, y: rect.y, width: width / 2, height: height / 2),
                                                                    domain: .numeric(start: 0, end: 10, bucket: 1))))
                }
            }
        }
        // A child placed in the corner of a circle's or ring's bounds may miss it: left out, as the engine refuses it
        children.removeAll { !$0.shape.intersects(shape) }
        let coordination = gestures.isEmpty ? .exclusive : [Target.Coordination.exclusive, .simultaneous, .highPriority].randomElement(using: &random)!
        return TargetConfiguration(name: name, shape: shape, coordination: coordination, gestures: gestures, children: children)
    }

    /// `--explain` on random target trees (every kind of gesture, erased, combined, nested) adds its lines and
    /// changes no event; its lines keep time too.
    @Test func randomTargetsExplainedPrintTheSameEvents() throws {
        var failures: [String] = []
        for seed in 1...UInt64(PropertyTests.cases) {
            var lines: [[GestureEvent]] = []
            for explain in [false, true] {
                var random = SplitMix(state: seed)
                let layout = Layout(regions: (0..<Int.random(in: 1...2, using: &random)).map { index in
                    .generic(Self.randomTarget("t\(index)", in: Rect(x: 0, y: 0, width: 220, height: 160), depth: 2, &random))
                })
                var engine = try GestureEngine(layout: layout)
                engine.explains = explain
                var player = ScriptPlayer(engine: engine)
                player.run(randomTouchScript(RandomScriptShape(steps: 5...60, fingers: 4, pause: 1...700, moveStep: 12, drops: 2, ticks: 3),
                                             using: &random))
                player.finish()
                lines.append(player.events)
            }
            let events = lines[1].filter {
                if case .explanation = $0.kind { return false }
                return true
            }
            var problem: String?
            if events != lines[0] {
                problem = "\(events.count) events explained, \(lines[0].count) not"
            } else if let back = zip(lines[1], lines[1].dropFirst()).first(where: { $0.time > $1.time }) {
                problem = "\(back.0.time) then \(back.1.time)"
            }
            if let problem {
                failures.append("seed \(seed): \(problem)")
                if failures.count == 3 { break }
            }
        }
        #expect(failures == [])
    }

    /// Random target trees under random touch scripts: every `began` has exactly one `ended` or
    /// `cancelled`, and times never go back.
    @Test func randomTargetsCloseEveryGestureAndKeepTime() throws {
        var failures: [String] = []
        for seed in 1...UInt64(PropertyTests.cases) {
            var random = SplitMix(state: seed)
            let layout = Layout(regions: (0..<Int.random(in: 1...2, using: &random)).map { index in
                .generic(Self.randomTarget("t\(index)", in: Rect(x: 0, y: 0, width: 220, height: 160), depth: 2, &random))
            })
            var player = try ScriptPlayer(layout: layout)
            player.run(randomTouchScript(RandomScriptShape(steps: 5...60, fingers: 4, pause: 1...700, moveStep: 12, drops: 2, ticks: 3),
                                         using: &random))
            player.finish()
            var problems = lifecycleProblems(player.events)
            if let back = zip(player.events, player.events.dropFirst()).first(where: { $0.time > $1.time }) {
                problems.append("\(back.0.time) then \(back.1.time)")
            }
            if let problem = problems.first {
                failures.append("seed \(seed): \(problem)")
                if failures.count == 3 { break }
            }
        }
        #expect(failures == [])
    }
}
