import GestureCore
import GestureFormat
import GestureService
import GestureTestSupport
import Testing

/// The bindings' targets on a device without a layout, and which binding each of their lines sets off (SPEC "Service").
@Suite struct BindingTests {
    static let size = Size(width: 200, height: 120)

    static let bindings = [
        Binding(gesture: .swipe(fingers: 3, direction: .up), run: ["next"]),
        Binding(gesture: .edgeSwipe(edge: .left, zone: 0...0.5), run: ["menu"]),
        Binding(gesture: .tap(count: 2), run: ["double"]),
        Binding(gesture: .pinch(closing: true), run: ["zoom-out"], continuous: true),
        Binding(gesture: .swipe(fingers: 3, direction: nil), run: ["any"]),
    ]

    /// The lines of `script` on the bindings' targets, each with the bindings it sets off.
    static func played(_ bindings: [Binding] = bindings, rotation: ViewTransform.Rotation = .none,
                       @TouchScriptBuilder _ script: () -> [ScriptAction]) throws -> [String] {
        let events = try playEvents(BindingTargets.layout(bindings, size: size, rotation: rotation), script)
        var matcher = BindingMatcher(bindings, size: size, rotation: rotation)
        let formatter = EventFormatter()
        return events.map { event in
            let steps = matcher.steps(for: event).map { "\($0.binding):\($0.step.line.map { String($0.dropLast()) } ?? "run")" }
            return formatter.line(for: event) + (steps.isEmpty ? "" : " -> " + steps.joined(separator: ", "))
        }
    }

    static func threeFingers(from y: Double, by dy: Double) -> [ScriptAction] {
        [together(.down(0, Point(x: 80, y: y)), .down(1, Point(x: 100, y: y)), .down(2, Point(x: 120, y: y))),
         .path(steps: 4, over: .ms(40)) { f in [.move(0, Point(x: 80, y: y + f * dy)), .move(1, Point(x: 100, y: y + f * dy)),
                                                .move(2, Point(x: 120, y: y + f * dy))] },
         together(.up(0), .up(1), .up(2))]
    }

    @Test func aThreeFingerSwipeUpSetsOffTheBindingsOfItsFingersAndDirection() throws {
        #expect(try Self.played { Self.threeFingers(from: 100, by: -40) } == [
            #"{"time":0.040000,"region":"screen","type":"swipe","direction":"up","vx":0,"vy":-1000,"fingers":3} -> 0:run, 4:run"#,
        ])
        // Down: only the binding of any direction.
        #expect(try Self.played { Self.threeFingers(from: 20, by: 40) } == [
            #"{"time":0.040000,"region":"screen","type":"swipe","direction":"down","vx":0,"vy":1000,"fingers":3} -> 4:run"#,
        ])
    }

    /// The lines of a finger swiped 40 mm in from the display's left edge in 40 ms, on the strip of `bindings[1]`.
    static let edgeSwipeFromTheLeft = [
        #"{"time":0.010000,"region":"bindings[1]","type":"edge-swipe","phase":"began","edge":"left","dx":10,"dy":0}"#,
        #"{"time":0.020000,"region":"bindings[1]","type":"edge-swipe","phase":"changed","edge":"left","dx":20,"dy":0}"#,
        #"{"time":0.030000,"region":"bindings[1]","type":"edge-swipe","phase":"changed","edge":"left","dx":30,"dy":0}"#,
        #"{"time":0.040000,"region":"bindings[1]","type":"edge-swipe","phase":"changed","edge":"left","dx":40,"dy":0}"#,
        #"{"time":0.040000,"region":"bindings[1]","type":"edge-swipe","phase":"ended","edge":"left","dx":40,"dy":0} -> 1:run"#,
    ]

    @Test func anEdgeSwipeRunsAtItsEndWhenItLandsInItsZone() throws {
        #expect(try Self.played {
            down(0, at: 1, 30)
            line(0, from: Point(x: 1, y: 30), to: Point(x: 41, y: 30), steps: 4, over: .ms(40))
            up(0)
        } == Self.edgeSwipeFromTheLeft)
        // Below the zone (the edge's lower half): no edge swipe.
        #expect(try Self.played {
            down(0, at: 1, 90)
            line(0, from: Point(x: 1, y: 90), to: Point(x: 41, y: 90), steps: 4, over: .ms(40))
            up(0)
        } == [])
    }

    /// On a display turned right (90° clockwise), the display's left edge is the panel's top, its top end at the
    /// panel's right: the zone [0, 0.5] is the panel's top edge from x = 200 to 100.
    @Test func onATurnedDisplayEdgesAndDirectionsAreTheDisplays() throws {
        #expect(try Self.played(rotation: .quarter) {
            down(0, at: 150, 1)
            line(0, from: Point(x: 150, y: 1), to: Point(x: 150, y: 41), steps: 4, over: .ms(40))
            up(0)
        } == Self.edgeSwipeFromTheLeft)
        #expect(try Self.played(rotation: .quarter) {
            down(0, at: 50, 1)
            line(0, from: Point(x: 50, y: 1), to: Point(x: 50, y: 41), steps: 4, over: .ms(40))
            up(0)
        } == [])
        // Three fingers towards the panel's right edge swipe up the picture.
        #expect(try Self.played(rotation: .quarter) {
            together(.down(0, Point(x: 60, y: 30)), .down(1, Point(x: 60, y: 60)), .down(2, Point(x: 60, y: 90)))
            ScriptAction.path(steps: 4, over: .ms(40)) { f in
                [.move(0, Point(x: 60 + 40 * f, y: 30)), .move(1, Point(x: 60 + 40 * f, y: 60)), .move(2, Point(x: 60 + 40 * f, y: 90))]
            }
            together(.up(0), .up(1), .up(2))
        } == [
            #"{"time":0.040000,"region":"screen","type":"swipe","direction":"up","vx":0,"vy":-1000,"fingers":3} -> 0:run, 4:run"#,
        ])
    }

    @Test func aDoubleTapIsTheTapOfCountTwo() throws {
        #expect(try Self.played {
            tap(0, at: 100, 60, holding: .ms(50))
            after(.ms(100))
            tap(0, at: 101, 60, holding: .ms(50))
            after(.ms(400))
            tick()
        } == [#"{"time":0.500000,"region":"screen","type":"tap","x":101,"y":60,"count":2} -> 2:run"#])
    }

    /// A continuous binding follows its gesture from `began`, with progress (a pinch's scale); a pinch out is not the
    /// binding's, and none of its lines set it off.
    @Test func aContinuousPinchInBeginsUpdatesAndEnds() throws {
        #expect(try Self.played {
            pinch(y: 60, through: (60, 140), (70, 130), (80, 120), (90, 110))
        } == [
            #"{"time":0.010000,"region":"screen","type":"magnify","phase":"began","scale":0.75,"center":{"x":100,"y":60}} -> 3:begin 0.75"#,
            #"{"time":0.020000,"region":"screen","type":"magnify","phase":"changed","scale":0.5,"center":{"x":100,"y":60}} -> 3:update 0.5"#,
            #"{"time":0.030000,"region":"screen","type":"magnify","phase":"changed","scale":0.25,"center":{"x":100,"y":60}} -> 3:update 0.25"#,
            #"{"time":0.040000,"region":"screen","type":"magnify","phase":"ended","scale":0.25,"center":{"x":100,"y":60}} -> 3:end 0.25"#,
        ])
        #expect(try Self.played {
            pinch(y: 60, through: (90, 110), (80, 120), (70, 130))
        } == [
            #"{"time":0.010000,"region":"screen","type":"magnify","phase":"began","scale":2,"center":{"x":100,"y":60}}"#,
            #"{"time":0.020000,"region":"screen","type":"magnify","phase":"changed","scale":3,"center":{"x":100,"y":60}}"#,
            #"{"time":0.030000,"region":"screen","type":"magnify","phase":"ended","scale":3,"center":{"x":100,"y":60}}"#,
        ])
    }

    /// A cancelled gesture (the input ended with the finger down) tells a continuous command `cancel`.
    @Test func aCancelledContinuousGestureSaysCancel() throws {
        let bindings = [Binding(gesture: .edgeSwipe(edge: .left, zone: 0...1), run: ["a"], continuous: true)]
        #expect(try Self.played(bindings) {
            down(0, at: 1, 30)
            line(0, from: Point(x: 1, y: 30), to: Point(x: 51, y: 30), steps: 1, over: .ms(10))
        } == [
            #"{"time":0.010000,"region":"bindings[0]","type":"edge-swipe","phase":"began","edge":"left","dx":50,"dy":0} -> 0:begin 0.25"#,
            #"{"time":0.010000,"region":"bindings[0]","type":"edge-swipe","phase":"cancelled","edge":"left","dx":50,"dy":0} -> 0:cancel 0.25"#,
        ])
    }

    /// A long press bound: a tap held that long is no tap.
    @Test func aLongPressIsNoTap() throws {
        let bindings = [Binding(gesture: .tap(count: 1), run: ["tap"]), Binding(gesture: .longPress(duration: .ms(500)), run: ["press"])]
        #expect(try Self.played(bindings) {
            tap(0, at: 100, 60, holding: .ms(700))
            after(.ms(400))
            tick()
        } == [#"{"time":0.500000,"region":"screen","type":"long-press","x":100,"y":60} -> 1:run"#])
        #expect(try Self.played(bindings) {
            tap(0, at: 100, 60, holding: .ms(100))
            after(.ms(400))
            tick()
        } == [#"{"time":0.400000,"region":"screen","type":"tap","x":100,"y":60,"count":1} -> 0:run"#])
    }

    /// A tap per (count, fingers) bound: a two-finger tap sets off its binding at its last lift, a one-finger tap its
    /// own, `doubleTapMs` after its lift; neither the other's.
    @Test func aTwoFingerTapRunsItsBinding_andAOneFingerTapItsOwn() throws {
        let bindings = [Binding(gesture: .tap(count: 1, fingers: 2), run: ["two"]), Binding(gesture: .tap(count: 1), run: ["one"])]
        let lines = try Self.played(bindings) {
            down(0, at: 90, 60)
            after(.ms(20)); down(1, at: 110, 70)
            after(.ms(60)); together(.up(0), .up(1))
            after(.ms(500))
            tap(0, at: 100, 60, holding: .ms(50))
            after(.ms(400)); tick()
        }
        #expect(lines == [
            #"{"time":0.080000,"region":"screen","type":"tap","x":100,"y":65,"count":1,"fingers":2} -> 0:run"#,
            #"{"time":0.930000,"region":"screen","type":"tap","x":100,"y":60,"count":1} -> 1:run"#,
        ])
    }
}
