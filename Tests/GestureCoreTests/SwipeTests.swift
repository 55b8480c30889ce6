import GestureCore
import GestureTestSupport
import RealModule
import Testing

/// Velocity at the lift, and swipes.
@Suite struct SwipeTests {
    @Test func theVelocityIsTheSlopeOfALeastSquaresQuadratic_overTheLast100ms() {
        // x = 1000 t² mm (accelerating), y = 50 t mm, sampled every 10 ms from t = 0 to 0.2 s: the
        // quadratic fits exactly, so the velocity at 0.2 s is dx/dt = 2000 × 0.2 = 400 mm/s, dy/dt = 50.
        var tracker = VelocityTracker()
        for step in 0...20 {
            let t = Double(step) / 100
            tracker.add(Point(x: 1000 * t * t, y: 50 * t), at: Timestamp(microseconds: Int64(step) * 10_000))
        }
        let velocity = tracker.velocity(at: Timestamp(microseconds: 200_000))
        #expect(abs(velocity.vx - 400) < 1e-6)
        #expect(abs(velocity.vy - 50) < 1e-6)
        // Lifted 40 ms after the last move: still that; 41 ms: the finger had stopped, 0.
        #expect(abs(tracker.velocity(at: Timestamp(microseconds: 240_000)).vx - 400) < 1e-6)
        #expect(tracker.velocity(at: Timestamp(microseconds: 241_000)) == .zero)
        // Two samples: the line through them.
        var two = VelocityTracker()
        two.add(Point(x: 0, y: 0), at: Timestamp(microseconds: 0))
        two.add(Point(x: 3, y: -4), at: Timestamp(microseconds: 20_000))
        #expect(two.velocity(at: Timestamp(microseconds: 20_000)) == Velocity(vx: 150, vy: -200))
        #expect(VelocityTracker().velocity(at: .zero) == .zero)
    }

    @Test func aTrackerKeepsItsLast20Samples_andEqualsOneWithTheSameSamplesWhereverItsRingBegins() {
        // 25 samples, 1 ms apart, all within the horizon: the first 5 are forgotten, so a tracker that saw only the
        // last 20 equals it, hashes alike and fits the same velocity (x = 1000 t², 2000 t mm/s at t = 24 ms: 48).
        func sample(_ step: Int) -> (Point, Timestamp) {
            let t = Double(step) / 1000
            return (Point(x: 1000 * t * t, y: 7), Timestamp(microseconds: Int64(step) * 1_000))
        }
        var all = VelocityTracker()
        var last20 = VelocityTracker()
        for step in 0..<25 { all.add(sample(step).0, at: sample(step).1) }
        for step in 5..<25 { last20.add(sample(step).0, at: sample(step).1) }
        #expect(all == last20)
        #expect(all.hashValue == last20.hashValue)
        let end = Timestamp(microseconds: 24_000)
        #expect(all.velocity(at: end) == last20.velocity(at: end))
        #expect(abs(all.velocity(at: end).vx - 48) < 1e-6)
        // One sample more in one of them: different.
        last20.add(sample(25).0, at: sample(25).1)
        #expect(all != last20)
    }

    static let pad = [Target("pad", shape: .rectangle(Rect(x: 0, y: 0, width: 200, height: 200)), gesture: SwipeGesture())]

    /// One finger from the middle, `steps` frames of 5 mm at `degrees` (clockwise from up), `every` apart
    /// (10 ms: 500 mm/s), lifting at the last.
    static func flick(_ degrees: Double, steps: Int = 5, every: TimeSpan = .ms(10)) -> [ScriptAction] {
        let start = Point(x: 100, y: 100)
        return [down(0, at: start.x, start.y),
                line(0, from: start, to: polar(start, radius: 5 * Double(steps), degrees: degrees), steps: steps, over: TimeSpan(microseconds: every.microseconds * Int64(steps))),
                up(0)]
    }

    @Test(arguments: [(0.0, "up", "0", "-500"), (45, "up-right", "353.553", "-353.553"), (90, "right", "500", "0"),
                      (135, "down-right", "353.553", "353.553"), (180, "down", "0", "500"), (225, "down-left", "-353.553", "353.553"),
                      (270, "left", "-500", "0"), (315, "up-left", "-353.553", "-353.553")])
    func aSwipeInEachOfEightDirections(degrees: Double, direction: String, vx: String, vy: String) throws {
        let lines = try play(Self.pad) { Self.flick(degrees) }
        #expect(lines == [#"{"time":0.050000,"region":"pad","type":"swipe","direction":"\#(direction)","vx":\#(vx),"vy":\#(vy),"fingers":1}"#])
    }

    @Test func justWithinTheToleranceIsASwipe_justOutsideIsNone() throws {
        #expect(try play(Self.pad) { Self.flick(14) } == [#"{"time":0.050000,"region":"pad","type":"swipe","direction":"up","vx":120.961,"vy":-485.148,"fingers":1}"#])
        #expect(try play(Self.pad) { Self.flick(-14) } == [#"{"time":0.050000,"region":"pad","type":"swipe","direction":"up","vx":-120.961,"vy":-485.148,"fingers":1}"#])
        #expect(try play(Self.pad) { Self.flick(16) } == [])                // 16° from up, 29° from up-right
        #expect(try play(Self.pad) { Self.flick(22.5) } == [])
    }

    @Test func tooSlow_tooShort_restedOrWithdrawn_isNoSwipe() throws {
        #expect(try play(Self.pad) { Self.flick(90, every: .ms(50)) } == [])     // 100 mm/s
        #expect(try play(Self.pad) {                                          // 2 mm, however fast
            down(0, at: 100, 100); after(.ms(5)); move(0, to: 102, 100); up(0)
        } == [])
        #expect(try play(Self.pad) { Self.flick(90) + [after(.ms(150))] } == [#"{"time":0.050000,"region":"pad","type":"swipe","direction":"right","vx":500,"vy":0,"fingers":1}"#])  // the up comes with the last move
        #expect(try play(Self.pad) {
            Self.flick(90).dropLast()
            after(.ms(150))                                               // rested 150 ms, then lifted
            up(0)
        } == [])
        #expect(try play(Self.pad) {
            Self.flick(90).dropLast()
            withdraw(0)
        } == [])
    }

    @Test func aTwoFingerSwipe_andOneFingerMoreIsNone() throws {
        let two = [Target("pad", shape: .rectangle(Rect(x: 0, y: 0, width: 200, height: 200)), gesture: SwipeGesture(.init(fingers: 2)))]
        let lines = try play(two) {
            together(.down(0, Point(x: 100, y: 100)), .down(1, Point(x: 120, y: 100)))
            for step in 1...5 {
                after(.ms(10))
                together(.move(0, Point(x: 100, y: 100 - 5 * Double(step))), .move(1, Point(x: 120, y: 100 - 6 * Double(step))))
            }
            together(.up(0), .up(1))
        }
        #expect(lines == [#"{"time":0.050000,"region":"pad","type":"swipe","direction":"up","vx":0,"vy":-550,"fingers":2}"#])
        #expect(try play(Self.pad) {                                          // two fingers on a one-finger swipe
            together(.down(0, Point(x: 100, y: 100)), .down(1, Point(x: 120, y: 100)))
            for step in 1...5 {
                after(.ms(10))
                together(.move(0, Point(x: 100, y: 100 - 5 * Double(step))), .move(1, Point(x: 120, y: 100 - 5 * Double(step))))
            }
            together(.up(0), .up(1))
        } == [])
    }
}
