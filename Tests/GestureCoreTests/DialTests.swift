import GestureCore
import GestureTestSupport
import Testing

/// The dial region of SPEC: tap, one-finger wind, two-finger rotation, detents, limits and haptics.
/// The timer's centre is (100, 100) mm, radius 40; detents every 6°, stops at 0° and 360°.
@Suite struct DialTests {
    static let center = Point(x: 100, y: 100)

    static func timer(initial: Double = 0, min: Double? = 0, max: Double? = 360) -> Layout {
        Layout(regions: [
            .dial(DialConfiguration(name: "timer", center: center, radius: 40, minDegrees: min, maxDegrees: max,
                                    initialDegrees: initial)),
        ])
    }

    /// Finger `finger` moves in one frame to the point at `degrees` on the circle of `radius` mm.
    func turn(_ finger: Int, to degrees: Double, radius: Double = 20) -> ScriptAction {
        let point = polar(Self.center, radius: radius, degrees: degrees)
        return move(finger, to: point.x, point.y)
    }

    /// A dial at 0 with detents every 6° wound to 30° in three steps of 10°, a frame every 10 ms from the down at 0 ms
    /// (the events to its end): the wind begins with the first 10°, and the detents 1 to 5 tick on the way.
    static let windToThirtyDegrees = [
            #"{"time":0.010000,"region":"timer","type":"wind","phase":"began","angle":10,"delta":10,"detent":2}"#,
            #"{"time":0.010000,"region":"timer","type":"haptic","kind":"detent","detent":1}"#,
            #"{"time":0.010000,"region":"timer","type":"haptic","kind":"detent","detent":2}"#,
            #"{"time":0.020000,"region":"timer","type":"wind","phase":"changed","angle":20,"delta":10,"detent":3}"#,
            #"{"time":0.020000,"region":"timer","type":"haptic","kind":"detent","detent":3}"#,
            #"{"time":0.030000,"region":"timer","type":"wind","phase":"changed","angle":30,"delta":10,"detent":5}"#,
            #"{"time":0.030000,"region":"timer","type":"haptic","kind":"detent","detent":4}"#,
            #"{"time":0.030000,"region":"timer","type":"haptic","kind":"detent","detent":5}"#,
    ]

    func land(_ finger: Int, at degrees: Double, radius: Double = 20) -> ScriptAction {
        let point = polar(Self.center, radius: radius, degrees: degrees)
        return down(finger, at: point.x, point.y)
    }

    // MARK: tap

    @Test func aTapHasNoTimeLimit_andCounts() throws {
        let lines = try play(Self.timer()) {
            tap(0, at: 100, 100, holding: .seconds(2))
            after(.ms(100))
            tap(0, at: 102, 101, holding: .ms(50))
        }
        #expect(lines == [
            #"{"time":2.000000,"region":"timer","type":"tap","x":100,"y":100,"count":1}"#,
            #"{"time":2.150000,"region":"timer","type":"tap","x":102,"y":101,"count":2}"#,
        ])
    }

    // MARK: wind

    @Test func windingClockwiseTicksEachDetentAndKeepsTheSlopsTurn() throws {
        // The first step of 10° moves the finger 3.49 mm: beyond the slop, so the wind begins with the
        // whole 10° applied.
        let lines = try play(Self.timer()) {
            land(0, at: 0)
            arc(0, around: Self.center, radius: 20, from: 0, to: 30, steps: 3, over: .ms(30))
            after(.ms(10))
            up(0)
        }
        #expect(lines == Self.windToThirtyDegrees + [
            #"{"time":0.040000,"region":"timer","type":"wind","phase":"ended","angle":30,"delta":0,"detent":5}"#,
        ])
    }

    @Test func noTurnIsLostToTheSlop() throws {
        // Small steps of 2° (0.7 mm at 20 mm) stay within the slop until the fifth; the wind then begins
        // with all 10°.
        let lines = try play(Self.timer()) {
            land(0, at: 0)
            arc(0, around: Self.center, radius: 20, from: 0, to: 10, steps: 5, over: .ms(50))
            up(0)
        }
        #expect(lines == [
            #"{"time":0.050000,"region":"timer","type":"wind","phase":"began","angle":10,"delta":10,"detent":2}"#,
            #"{"time":0.050000,"region":"timer","type":"haptic","kind":"detent","detent":1}"#,
            #"{"time":0.050000,"region":"timer","type":"haptic","kind":"detent","detent":2}"#,
            #"{"time":0.050000,"region":"timer","type":"wind","phase":"ended","angle":10,"delta":0,"detent":2}"#,
        ])
    }

    @Test func aFastWindCrossesSeveralDetentsInOneFrame_inOrder() throws {
        let lines = try play(Self.timer()) {
            land(0, at: 0)
            after(.ms(10))
            turn(0, to: 40)
            after(.ms(10))
            turn(0, to: 5)              // back 35° in one frame
            up(0)
        }
        #expect(lines == [
            #"{"time":0.010000,"region":"timer","type":"wind","phase":"began","angle":40,"delta":40,"detent":7}"#,
            #"{"time":0.010000,"region":"timer","type":"haptic","kind":"detent","detent":1}"#,
            #"{"time":0.010000,"region":"timer","type":"haptic","kind":"detent","detent":2}"#,
            #"{"time":0.010000,"region":"timer","type":"haptic","kind":"detent","detent":3}"#,
            #"{"time":0.010000,"region":"timer","type":"haptic","kind":"detent","detent":4}"#,
            #"{"time":0.010000,"region":"timer","type":"haptic","kind":"detent","detent":5}"#,
            #"{"time":0.010000,"region":"timer","type":"haptic","kind":"detent","detent":6}"#,
            #"{"time":0.010000,"region":"timer","type":"haptic","kind":"detent","detent":7}"#,
            #"{"time":0.020000,"region":"timer","type":"wind","phase":"changed","angle":5,"delta":-35,"detent":1}"#,
            #"{"time":0.020000,"region":"timer","type":"haptic","kind":"detent","detent":6}"#,
            #"{"time":0.020000,"region":"timer","type":"haptic","kind":"detent","detent":5}"#,
            #"{"time":0.020000,"region":"timer","type":"haptic","kind":"detent","detent":4}"#,
            #"{"time":0.020000,"region":"timer","type":"haptic","kind":"detent","detent":3}"#,
            #"{"time":0.020000,"region":"timer","type":"haptic","kind":"detent","detent":2}"#,
            #"{"time":0.020000,"region":"timer","type":"haptic","kind":"detent","detent":1}"#,
            #"{"time":0.020000,"region":"timer","type":"wind","phase":"ended","angle":5,"delta":0,"detent":1}"#,
        ])
    }

    @Test func jitterAtADetentBoundaryGivesNoTickStorm() throws {
        // Between detents 1 and 2 the midpoint is 9°; with 0.6° of hysteresis a step needs 9.6° up or
        // 8.4° down.
        let lines = try play(Self.timer()) {
            land(0, at: 0, radius: 30)
            after(.ms(10)); turn(0, to: 10, radius: 30)     // began: detents 1, 2
            after(.ms(10)); turn(0, to: 8.5, radius: 30)
            after(.ms(10)); turn(0, to: 9.5, radius: 30)
            after(.ms(10)); turn(0, to: 8.5, radius: 30)
            after(.ms(10)); turn(0, to: 8.3, radius: 30)    // tick down to 1
            after(.ms(10)); turn(0, to: 9.5, radius: 30)
            after(.ms(10)); turn(0, to: 9.7, radius: 30)    // tick up to 2
            up(0)
        }
        #expect(lines == [
            #"{"time":0.010000,"region":"timer","type":"wind","phase":"began","angle":10,"delta":10,"detent":2}"#,
            #"{"time":0.010000,"region":"timer","type":"haptic","kind":"detent","detent":1}"#,
            #"{"time":0.010000,"region":"timer","type":"haptic","kind":"detent","detent":2}"#,
            #"{"time":0.020000,"region":"timer","type":"wind","phase":"changed","angle":8.5,"delta":-1.5,"detent":2}"#,
            #"{"time":0.030000,"region":"timer","type":"wind","phase":"changed","angle":9.5,"delta":1,"detent":2}"#,
            #"{"time":0.040000,"region":"timer","type":"wind","phase":"changed","angle":8.5,"delta":-1,"detent":2}"#,
            #"{"time":0.050000,"region":"timer","type":"wind","phase":"changed","angle":8.3,"delta":-0.2,"detent":1}"#,
            #"{"time":0.050000,"region":"timer","type":"haptic","kind":"detent","detent":1}"#,
            #"{"time":0.060000,"region":"timer","type":"wind","phase":"changed","angle":9.5,"delta":1.2,"detent":1}"#,
            #"{"time":0.070000,"region":"timer","type":"wind","phase":"changed","angle":9.7,"delta":0.2,"detent":2}"#,
            #"{"time":0.070000,"region":"timer","type":"haptic","kind":"detent","detent":2}"#,
            #"{"time":0.070000,"region":"timer","type":"wind","phase":"ended","angle":9.7,"delta":0,"detent":2}"#,
        ])
    }

    @Test func windingThroughTheDeadZoneCausesNoJump() throws {
        // Straight through the centre from 12 o'clock to 6 o'clock: the angle flips by 180° but the
        // frames within 5 mm of the centre add nothing and the angle is taken afresh on the far side.
        let lines = try play(Self.timer()) {
            down(0, at: 100, 80)
            line(0, from: Point(x: 100, y: 80), to: Point(x: 100, y: 120), steps: 8, over: .ms(80))
            arc(0, around: Self.center, radius: 20, from: 180, to: 200, steps: 2, over: .ms(20))
            up(0)
        }
        #expect(lines == [
            #"{"time":0.010000,"region":"timer","type":"wind","phase":"began","angle":0,"delta":0,"detent":0}"#,
            #"{"time":0.090000,"region":"timer","type":"wind","phase":"changed","angle":10,"delta":10,"detent":2}"#,
            #"{"time":0.090000,"region":"timer","type":"haptic","kind":"detent","detent":1}"#,
            #"{"time":0.090000,"region":"timer","type":"haptic","kind":"detent","detent":2}"#,
            #"{"time":0.100000,"region":"timer","type":"wind","phase":"changed","angle":20,"delta":10,"detent":3}"#,
            #"{"time":0.100000,"region":"timer","type":"haptic","kind":"detent","detent":3}"#,
            #"{"time":0.100000,"region":"timer","type":"wind","phase":"ended","angle":20,"delta":0,"detent":3}"#,
        ])
    }

    @Test func windingPastTheLimitAndStraightBack() throws {
        let lines = try play(Self.timer(initial: 350)) {
            land(0, at: 0)
            after(.ms(10)); turn(0, to: 10)     // 360 exactly: detents 59, 60, no limit
            after(.ms(10)); turn(0, to: 20)     // pushed past the stop: the value stays, a limit alone
            after(.ms(10)); turn(0, to: 30)     // still against the stop: nothing more
            after(.ms(10)); turn(0, to: 20)     // straight back: 350 at once (no overshoot stored)
            after(.ms(10)); turn(0, to: 40)     // clamped at 360 again, the stop re-armed: a limit
            up(0)
        }
        #expect(lines == [
            #"{"time":0.010000,"region":"timer","type":"wind","phase":"began","angle":360,"delta":10,"detent":60}"#,
            #"{"time":0.010000,"region":"timer","type":"haptic","kind":"detent","detent":59}"#,
            #"{"time":0.010000,"region":"timer","type":"haptic","kind":"detent","detent":60}"#,
            #"{"time":0.020000,"region":"timer","type":"haptic","kind":"limit","detent":60}"#,
            #"{"time":0.040000,"region":"timer","type":"wind","phase":"changed","angle":350,"delta":-10,"detent":58}"#,
            #"{"time":0.040000,"region":"timer","type":"haptic","kind":"detent","detent":59}"#,
            #"{"time":0.040000,"region":"timer","type":"haptic","kind":"detent","detent":58}"#,
            #"{"time":0.050000,"region":"timer","type":"wind","phase":"changed","angle":360,"delta":10,"detent":60}"#,
            #"{"time":0.050000,"region":"timer","type":"haptic","kind":"detent","detent":59}"#,
            #"{"time":0.050000,"region":"timer","type":"haptic","kind":"detent","detent":60}"#,
            #"{"time":0.050000,"region":"timer","type":"haptic","kind":"limit","detent":60}"#,
            #"{"time":0.050000,"region":"timer","type":"wind","phase":"ended","angle":360,"delta":0,"detent":60}"#,
        ])
    }

    @Test func windingBelowTheLowerStop() throws {
        let lines = try play(Self.timer()) {
            land(0, at: 90)
            after(.ms(10)); turn(0, to: 80)     // −10 from 0: clamped at 0, applied 0: a limit alone
            up(0)
        }
        #expect(lines == [
            #"{"time":0.010000,"region":"timer","type":"wind","phase":"began","angle":0,"delta":0,"detent":0}"#,
            #"{"time":0.010000,"region":"timer","type":"haptic","kind":"limit","detent":0}"#,
            #"{"time":0.010000,"region":"timer","type":"wind","phase":"ended","angle":0,"delta":0,"detent":0}"#,
        ])
    }

    @Test func withoutStopsTheValueWindsOverSeveralTurns() throws {
        let lines = try play(Self.timer(min: nil, max: nil)) {
            land(0, at: 0)
            arc(0, around: Self.center, radius: 20, from: 0, to: 720, steps: 72, over: .ms(720))
            up(0)
        }
        // From the contract: with the default 6° detents and 0.6° hysteresis, detent k is reached once the value is
        // beyond the midpoint below it by more than the hysteresis, above 6k − 3 + 0.6; each step of 10° prints its
        // line, then a haptic for each detent it reached, in order.
        var expected: [String] = []
        var detent = 0
        for step in 1...72 {
            let angle = 10 * step
            let time = "0." + (angle < 100 ? "0" : "") + "\(angle)000"
            let reached = Int((Double(angle) + 2.4) / 6)    // the largest k with 6k − 2.4 below the angle
            expected.append(#"{"time":\#(time),"region":"timer","type":"wind","phase":"\#(step == 1 ? "began" : "changed")","angle":\#(angle),"delta":10,"detent":\#(reached)}"#)
            for tick in stride(from: detent + 1, through: reached, by: 1) {
                expected.append(#"{"time":\#(time),"region":"timer","type":"haptic","kind":"detent","detent":\#(tick)}"#)
            }
            detent = reached
        }
        expected.append(#"{"time":0.720000,"region":"timer","type":"wind","phase":"ended","angle":720,"delta":0,"detent":120}"#)
        #expect(expected.count == 1 + 71 + 120 + 1)    // began, 71 changes, 120 detent ticks, ended
        #expect(lines == expected)
    }

    @Test func theValuePersistsFromGestureToGesture() throws {
        let lines = try play(Self.timer()) {
            land(0, at: 0)
            after(.ms(10)); turn(0, to: 10)
            up(0)
            after(.ms(500))
            land(0, at: 90)
            after(.ms(10)); turn(0, to: 100)
            up(0)
        }
        #expect(lines.filter { $0.contains(#""type":"wind""#) } == [
            #"{"time":0.010000,"region":"timer","type":"wind","phase":"began","angle":10,"delta":10,"detent":2}"#,
            #"{"time":0.010000,"region":"timer","type":"wind","phase":"ended","angle":10,"delta":0,"detent":2}"#,
            #"{"time":0.520000,"region":"timer","type":"wind","phase":"began","angle":20,"delta":10,"detent":3}"#,
            #"{"time":0.520000,"region":"timer","type":"wind","phase":"ended","angle":20,"delta":0,"detent":3}"#,
        ])
    }

    // MARK: two fingers

    @Test func aSecondFingerEndsTheWind_thenTheTwoFingersRotate() throws {
        let lines = try play(Self.timer()) {
            land(0, at: 0)
            after(.ms(10)); turn(0, to: 10)             // wind began at 10
            after(.ms(10)); land(1, at: 180)            // wind ended, value kept
            twist(0, 1, around: Self.center, radius: 20, from: 190, to: 220, steps: 3, over: .ms(30))
            after(.ms(10)); up(1)                       // rotation ended
            after(.ms(10)); up(0)
        }
        // The line from finger 0 (at 10° on the circle) to finger 1 (at 180°) points at 185°; as the two
        // go round together it points at 200°, 210°, 220°: the rotation is 15°, 25°, 35° and the value,
        // kept at 10 from the wind, goes to 25, 35, 45.
        #expect(lines == [
            #"{"time":0.010000,"region":"timer","type":"wind","phase":"began","angle":10,"delta":10,"detent":2}"#,
            #"{"time":0.010000,"region":"timer","type":"haptic","kind":"detent","detent":1}"#,
            #"{"time":0.010000,"region":"timer","type":"haptic","kind":"detent","detent":2}"#,
            #"{"time":0.020000,"region":"timer","type":"wind","phase":"ended","angle":10,"delta":0,"detent":2}"#,
            #"{"time":0.030000,"region":"timer","type":"rotate","phase":"began","angle":25,"rotation":15,"delta":15,"detent":4,"center":{"x":100,"y":100}}"#,
            #"{"time":0.030000,"region":"timer","type":"haptic","kind":"detent","detent":3}"#,
            #"{"time":0.030000,"region":"timer","type":"haptic","kind":"detent","detent":4}"#,
            #"{"time":0.040000,"region":"timer","type":"rotate","phase":"changed","angle":35,"rotation":25,"delta":10,"detent":6,"center":{"x":100,"y":100}}"#,
            #"{"time":0.040000,"region":"timer","type":"haptic","kind":"detent","detent":5}"#,
            #"{"time":0.040000,"region":"timer","type":"haptic","kind":"detent","detent":6}"#,
            #"{"time":0.050000,"region":"timer","type":"rotate","phase":"changed","angle":45,"rotation":35,"delta":10,"detent":7,"center":{"x":100,"y":100}}"#,
            #"{"time":0.050000,"region":"timer","type":"haptic","kind":"detent","detent":7}"#,
            #"{"time":0.060000,"region":"timer","type":"rotate","phase":"ended","angle":45,"rotation":35,"delta":0,"detent":7,"center":{"x":100,"y":100}}"#,
        ])
    }

    @Test func rotationWithTheFirstFingerMovingToo() throws {
        let lines = try play(Self.timer()) {
            down(0, at: 100, 90)
            after(.ms(10)); down(1, at: 100, 110)       // the line points straight down: 180°
            after(.ms(10)); move(0, to: 110, 90)        // only the first finger moves: the line turns 26.565°
            after(.ms(10)); together(.move(0, Point(x: 120, y: 100)), .move(1, Point(x: 80, y: 100)))   // both: to −90°
            after(.ms(10)); up(0)
            up(1)
        }
        #expect(lines == [
            #"{"time":0.020000,"region":"timer","type":"rotate","phase":"began","angle":26.565,"rotation":26.565,"delta":26.565,"detent":4,"center":{"x":105,"y":100}}"#,
            #"{"time":0.020000,"region":"timer","type":"haptic","kind":"detent","detent":1}"#,
            #"{"time":0.020000,"region":"timer","type":"haptic","kind":"detent","detent":2}"#,
            #"{"time":0.020000,"region":"timer","type":"haptic","kind":"detent","detent":3}"#,
            #"{"time":0.020000,"region":"timer","type":"haptic","kind":"detent","detent":4}"#,
            #"{"time":0.030000,"region":"timer","type":"rotate","phase":"changed","angle":90,"rotation":90,"delta":63.435,"detent":15,"center":{"x":100,"y":100}}"#,
        ] + (5...15).map { #"{"time":0.030000,"region":"timer","type":"haptic","kind":"detent","detent":\#($0)}"# } + [
            #"{"time":0.040000,"region":"timer","type":"rotate","phase":"ended","angle":90,"rotation":90,"delta":0,"detent":15,"center":{"x":100,"y":100}}"#,
        ])
    }

    @Test func aSecondFingerMakesAPendingTapFail_andARotationBelowItsThresholdIsNothing() throws {
        let lines = try play(Self.timer()) {
            down(0, at: 100, 90)
            after(.ms(10)); down(1, at: 100, 110)
            after(.ms(10)); move(1, to: 100.5, 110)     // 1.4°: below the 2° threshold
            after(.ms(10)); up(1)
            after(.ms(10)); up(0)
        }
        #expect(lines.isEmpty)
    }

    @Test func furtherFingersAreIgnoredByTheRotation() throws {
        let lines = try play(Self.timer()) {
            down(0, at: 100, 90)
            after(.ms(10)); down(1, at: 100, 110)
            after(.ms(10)); down(2, at: 90, 100)
            after(.ms(10)); move(2, to: 80, 80)         // the third finger: nothing
            after(.ms(10)); up(2)
            after(.ms(10)); up(1)
            after(.ms(10)); up(0)
        }
        #expect(lines.isEmpty)
    }

    // MARK: interruptions

    @Test func synDroppedCancelsAWind_repeatingItsLastLine() throws {
        let lines = try play(Self.timer()) {
            land(0, at: 0)
            after(.ms(10)); turn(0, to: 10)
            after(.ms(10)); synDropped()
            after(.ms(10)); turn(0, to: 30)             // ignored until it lifts
            up(0)
        }
        #expect(lines == [
            #"{"time":0.010000,"region":"timer","type":"wind","phase":"began","angle":10,"delta":10,"detent":2}"#,
            #"{"time":0.010000,"region":"timer","type":"haptic","kind":"detent","detent":1}"#,
            #"{"time":0.010000,"region":"timer","type":"haptic","kind":"detent","detent":2}"#,
            #"{"time":0.020000,"region":"timer","type":"wind","phase":"cancelled","angle":10,"delta":0,"detent":2}"#,
        ])
    }

    @Test func theEndOfInputCancelsARotation() throws {
        let lines = try play(Self.timer()) {
            down(0, at: 100, 90)
            after(.ms(10)); down(1, at: 100, 110)
            after(.ms(10)); move(1, to: 95, 110)        // the line turns clockwise by 14.036°
        }
        #expect(lines == [
            #"{"time":0.020000,"region":"timer","type":"rotate","phase":"began","angle":14.036,"rotation":14.036,"delta":14.036,"detent":2,"center":{"x":97.5,"y":100}}"#,
            #"{"time":0.020000,"region":"timer","type":"haptic","kind":"detent","detent":1}"#,
            #"{"time":0.020000,"region":"timer","type":"haptic","kind":"detent","detent":2}"#,
            #"{"time":0.020000,"region":"timer","type":"rotate","phase":"cancelled","angle":14.036,"rotation":14.036,"delta":0,"detent":2,"center":{"x":97.5,"y":100}}"#,
        ])
    }

    @Test func aRotationAgainstTheLowerStop() throws {
        let lines = try play(Self.timer()) {
            down(0, at: 100, 90)
            after(.ms(10)); down(1, at: 100, 110)
            after(.ms(10)); move(1, to: 105, 110)       // anticlockwise: −14.036°, clamped at 0
            after(.ms(10)); up(1)
            up(0)
        }
        #expect(lines == [
            #"{"time":0.020000,"region":"timer","type":"rotate","phase":"began","angle":0,"rotation":-14.036,"delta":0,"detent":0,"center":{"x":102.5,"y":100}}"#,
            #"{"time":0.020000,"region":"timer","type":"haptic","kind":"limit","detent":0}"#,
            #"{"time":0.030000,"region":"timer","type":"rotate","phase":"ended","angle":0,"rotation":-14.036,"delta":0,"detent":0,"center":{"x":102.5,"y":100}}"#,
        ])
    }
}
