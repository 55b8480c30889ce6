import GestureCore
import GestureTestSupport
import Testing

/// SPEC "Velocity": the window of samples a drag's, a pan's and a swipe's velocity is fitted to, and the finger that
/// stops before it lifts, which does not fling.
@Suite struct VelocityTests {
    /// SPEC's chart (x 10–210 mm for 0–20 by 1): its pan is the timeline's drag.
    static let chart = TimelineTests.chart

    /// A drag at 400 mm/s: down at (100, 30), then 4 mm to the right every 10 ms up to (120, 30) at 50 ms.
    static let dragAt400: [ScriptAction] = [down(0, at: 100, 30)] + (1...5).flatMap { step in
        [after(.ms(10)), move(0, to: 100 + 4 * Double(step), 30)]
    }

    /// The pan's lines up to its last move (it begins at the first: 4 mm is beyond the 3 mm slop).
    static let panAt400 = [
        #"{"time":0.010000,"region":"chart","type":"pan","phase":"began","dx":4,"dy":0}"#,
        #"{"time":0.020000,"region":"chart","type":"pan","phase":"changed","dx":8,"dy":0}"#,
        #"{"time":0.030000,"region":"chart","type":"pan","phase":"changed","dx":12,"dy":0}"#,
        #"{"time":0.040000,"region":"chart","type":"pan","phase":"changed","dx":16,"dy":0}"#,
        #"{"time":0.050000,"region":"chart","type":"pan","phase":"changed","dx":20,"dy":0}"#,
    ]

    /// Scroll a chart, stop on the day wanted, lift: the chart stays. A rest of up to 40 ms before the lift is still
    /// movement (the six samples lie on one line: 400 mm/s); beyond it the finger had stopped (Flutter's and
    /// Android's 40 ms), and the velocity is 0, however recent the movement before the rest.
    @Test(arguments: [(30, "0.080000", "400"), (40, "0.090000", "400"), (41, "0.091000", "0"), (60, "0.110000", "0"),
                      (99, "0.149000", "0")])
    func aDragThatRestsBeforeItLifts(restMs: Int64, lift: String, vx: String) throws {
        let lines = try play(Self.chart) {
            Self.dragAt400
            after(.ms(restMs))
            up(0)
        }
        #expect(lines == Self.panAt400 + [
            #"{"time":\#(lift),"region":"chart","type":"pan","phase":"ended","dx":20,"dy":0,"vx":\#(vx),"vy":0}"#,
        ])
    }

    /// The velocity is asked at the moment that ends the drag: a second finger's landing ends a drag with
    /// `extraTouch: .end`, and the rest is counted to it.
    @Test func aDragEndedByASecondFinger_takesItsVelocityAtTheLanding_afterTheSameRest() throws {
        let strip = [Target("strip", shape: .rectangle(Rect(x: 0, y: 0, width: 200, height: 100)),
                            gesture: DragGesture(.init(extraTouch: .end)))]
        func ended(restMs: Int64) throws -> String? {
            try play(strip) {
                Self.dragAt400
                after(.ms(restMs))
                down(1, at: 150, 60)
                after(.ms(10))
                up(0); up(1)
            }.last
        }
        #expect(try ended(restMs: 40) == #"{"time":0.090000,"region":"strip","type":"pan","phase":"ended","dx":20,"dy":0,"vx":400,"vy":0}"#)
        #expect(try ended(restMs: 41) == #"{"time":0.091000,"region":"strip","type":"pan","phase":"ended","dx":20,"dy":0,"vx":0,"vy":0}"#)
    }

    /// The chart's lines for a finger down at (100, 30) that moves along y = 30 to each x `after` ms after the one
    /// before, and lifts 10 ms after the last.
    static func pan(through moves: [(after: Int64, x: Double)]) throws -> [String] {
        try play(Self.chart) {
            down(0, at: 100, 30)
            for move in moves {
                after(.ms(move.after))
                GestureTestSupport.move(0, to: move.x, 30)
            }
            after(.ms(10))
            up(0)
        }
    }

    /// A pause of more than 40 ms between two moves ends the window there: the samples before it are of a movement
    /// that stopped. A pause of exactly 40 ms does not.
    @Test func aGapInsideTheWindow_beyond40msEndsIt_40msDoesNot() throws {
        // x = 100, 104, 108 at 0, 10, 20 ms; a pause; then 120, 130, 140 every 10 ms; the lift 10 ms after the last.
        func pan(pauseMs: Int64) throws -> [String] {
            try Self.pan(through: [(10, 104), (10, 108), (pauseMs, 120), (10, 130), (10, 140)])
        }
        // A pause of 50 ms (20 → 70 ms): the window is the three samples after it, 10 mm every 10 ms: 1000 mm/s
        // (all six, each within 100 ms of the newest, would fit 884905/1147 = 771.495 mm/s).
        #expect(try pan(pauseMs: 50) == [
            #"{"time":0.010000,"region":"chart","type":"pan","phase":"began","dx":4,"dy":0}"#,
            #"{"time":0.020000,"region":"chart","type":"pan","phase":"changed","dx":8,"dy":0}"#,
            #"{"time":0.070000,"region":"chart","type":"pan","phase":"changed","dx":20,"dy":0}"#,
            #"{"time":0.080000,"region":"chart","type":"pan","phase":"changed","dx":30,"dy":0}"#,
            #"{"time":0.090000,"region":"chart","type":"pan","phase":"changed","dx":40,"dy":0}"#,
            #"{"time":0.100000,"region":"chart","type":"pan","phase":"ended","dx":40,"dy":0,"vx":1000,"vy":0}"#,
        ])
        // A pause of exactly 40 ms (20 → 60 ms): the six samples, by hand in t = ms before the newest (−80, −70, −60,
        // −20, −10, 0) and x (100, 104, 108, 120, 130, 140): the least-squares quadratic's slope at 0 is
        // 2680700/3161 = 848.054 mm/s.
        #expect(try pan(pauseMs: 40) == [
            #"{"time":0.010000,"region":"chart","type":"pan","phase":"began","dx":4,"dy":0}"#,
            #"{"time":0.020000,"region":"chart","type":"pan","phase":"changed","dx":8,"dy":0}"#,
            #"{"time":0.060000,"region":"chart","type":"pan","phase":"changed","dx":20,"dy":0}"#,
            #"{"time":0.070000,"region":"chart","type":"pan","phase":"changed","dx":30,"dy":0}"#,
            #"{"time":0.080000,"region":"chart","type":"pan","phase":"changed","dx":40,"dy":0}"#,
            #"{"time":0.090000,"region":"chart","type":"pan","phase":"ended","dx":40,"dy":0,"vx":848.054,"vy":0}"#,
        ])
    }

    /// The window's far end: a sample exactly 100 ms older than the newest counts; one 101 ms older does not.
    @Test func aSampleExactly100msOlderThanTheNewestIsInTheWindow_101msIsNot() throws {
        // x = 100 at the down, then 103 (exactly the slop: not beyond), 110 and 130, at most 40 ms apart; the lift
        // 10 ms after the last move.
        func pan(firstMoveAfterMs first: Int64) throws -> [String] {
            try Self.pan(through: [(first, 103), (30, 110), (40, 130)])
        }
        // The down 100 ms before the newest: four samples, t = −100, −70, −40, 0 ms, x = 100, 103, 110, 130: the
        // quadratic's slope at 0 is 948700/1551 = 611.670 mm/s.
        #expect(try pan(firstMoveAfterMs: 30) == [
            #"{"time":0.060000,"region":"chart","type":"pan","phase":"began","dx":10,"dy":0}"#,
            #"{"time":0.100000,"region":"chart","type":"pan","phase":"changed","dx":30,"dy":0}"#,
            #"{"time":0.110000,"region":"chart","type":"pan","phase":"ended","dx":30,"dy":0,"vx":611.67,"vy":0}"#,
        ])
        // 101 ms: the down is out, the three moves fit 13700/21 = 652.381 mm/s.
        #expect(try pan(firstMoveAfterMs: 31) == [
            #"{"time":0.061000,"region":"chart","type":"pan","phase":"began","dx":10,"dy":0}"#,
            #"{"time":0.101000,"region":"chart","type":"pan","phase":"changed","dx":30,"dy":0}"#,
            #"{"time":0.111000,"region":"chart","type":"pan","phase":"ended","dx":30,"dy":0,"vx":652.381,"vy":0}"#,
        ])
    }

    // MARK: Swipes

    static let pad = [Target("pad", shape: .rectangle(Rect(x: 0, y: 0, width: 200, height: 200)), gesture: SwipeGesture())]

    /// A flick to the right, 5 mm every 10 ms (500 mm/s) from (100, 100) at 0 to (125, 100) at 50 ms, then a rest.
    static func flickThenRest(_ restMs: Int64) -> [ScriptAction] {
        [down(0, at: 100, 100),
         line(0, from: Point(x: 100, y: 100), to: Point(x: 125, y: 100), over: .ms(50)),
         after(.ms(restMs)),
         up(0)]
    }

    /// A stroke that stops before the lift is no swipe: its finger's velocity at the lift is 0.
    @Test func aSwipeThatStopsBeforeTheLiftIsNoSwipe() throws {
        #expect(try play(Self.pad) { Self.flickThenRest(40) } == [
            #"{"time":0.090000,"region":"pad","type":"swipe","direction":"right","vx":500,"vy":0,"fingers":1}"#,
        ])
        #expect(try play(Self.pad, explain: true) { Self.flickThenRest(41) } == [
            #"{"time":0.000000,"region":"pad","type":"explain","path":"swipe","from":"idle","to":"tracking","reason":"1 finger down of 1"}"#,
            #"{"time":0.091000,"region":"pad","type":"explain","path":"swipe","from":"tracking","to":"failed","reason":"no swipe: finger 0 lifted at 0 mm/s <= 150 mm/s"}"#,
        ])
    }

    /// A swipe's direction is its fingers' velocity's at the lift, not their path's from the down: a stroke that
    /// went right, stopped, and flicked up swipes up.
    @Test func aSwipesDirectionIsItsVelocitys_notItsPaths() throws {
        let lines = try play(Self.pad) {
            down(0, at: 100, 100)
            after(.ms(20)); move(0, to: 130, 100)           // right: a movement that stops
            after(.ms(50)); move(0, to: 130, 95)            // a pause of 50 ms, then up, 5 mm every 10 ms
            after(.ms(10)); move(0, to: 130, 90)
            after(.ms(10)); move(0, to: 130, 85)
            up(0)
        }
        // The window is the three moves up (the pause beyond 40 ms ends it): vx 0, vy −500 mm/s, up. The path from
        // the down, (30, −15) mm, heads 116.565° clockwise from up: 26.6° from right, 18.4° from down-right, within
        // 15° of no direction.
        #expect(lines == [#"{"time":0.090000,"region":"pad","type":"swipe","direction":"up","vx":0,"vy":-500,"fingers":1}"#])
    }
}
