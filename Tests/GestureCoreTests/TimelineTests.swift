import GestureCore
import GestureTestSupport
import Testing

/// The timeline region of SPEC: tap, long-press-then-drag selection, pan. The chart spans x 10–210 mm
/// for the domain 0–20 in buckets of 1, so a bucket is 10 mm wide and value(x) = (x − 10) / 10.
@Suite struct TimelineTests {
    static let chart = Layout(regions: [
        .timeline(TimelineConfiguration(name: "chart", rect: Rect(x: 10, y: 5, width: 200, height: 60),
                                        domain: .numeric(start: 0, end: 20, bucket: 1))),
    ])

    // MARK: tap

    @Test func aQuickTapIsRecognizedAtTheLiftWithTheDownPosition() throws {
        let lines = try play(Self.chart) {
            track(0, (0, 47.2, 30.1), (50, 49.2, 31.1), liftAt: 100)     // 2.2 mm: within the slop
        }
        #expect(lines == [
            #"{"time":0.100000,"region":"chart","type":"tap","x":47.2,"y":30.1,"count":1,"value":3.72,"selection":{"start":3,"end":3}}"#,
        ])
    }

    @Test func taps_countUpWithinTheIntervalAndDistance_andAreNeverDelayed() throws {
        let lines = try play(Self.chart) {
            tap(0, at: 50, 30, holding: .ms(60))                 // 0.060 count 1
            after(.ms(300)); tap(0, at: 55, 32, holding: .ms(60))          // lifted 300 ms before: count 2
            after(.ms(200)); tap(0, at: 52, 28, holding: .ms(60))          // count 3
            after(.ms(301)); tap(0, at: 52, 28, holding: .ms(60))          // 301 ms: count 1
            after(.ms(100)); tap(0, at: 63, 28, holding: .ms(60))          // 11 mm away: count 1
        }
        #expect(lines == [
            #"{"time":0.060000,"region":"chart","type":"tap","x":50,"y":30,"count":1,"value":4,"selection":{"start":4,"end":4}}"#,
            #"{"time":0.420000,"region":"chart","type":"tap","x":55,"y":32,"count":2,"value":4.5,"selection":{"start":4,"end":4}}"#,
            #"{"time":0.680000,"region":"chart","type":"tap","x":52,"y":28,"count":3,"value":4.2,"selection":{"start":4,"end":4}}"#,
            #"{"time":1.041000,"region":"chart","type":"tap","x":52,"y":28,"count":1,"value":4.2,"selection":{"start":4,"end":4}}"#,
            #"{"time":1.201000,"region":"chart","type":"tap","x":63,"y":28,"count":1,"value":5.3,"selection":{"start":5,"end":5}}"#,
        ])
    }

    @Test func aPanInBetweenBreaksTheTapCount() throws {
        let lines = try play(Self.chart) {
            tap(0, at: 50, 30, holding: .ms(50))
            after(.ms(20)); down(0, at: 50, 30); after(.ms(20)); move(0, to: 60, 30); after(.ms(20)); up(0)
            after(.ms(20)); tap(0, at: 50, 30, holding: .ms(50))
        }
        #expect(lines == [
            #"{"time":0.050000,"region":"chart","type":"tap","x":50,"y":30,"count":1,"value":4,"selection":{"start":4,"end":4}}"#,
            #"{"time":0.090000,"region":"chart","type":"pan","phase":"began","dx":10,"dy":0}"#,
            #"{"time":0.110000,"region":"chart","type":"pan","phase":"ended","dx":10,"dy":0,"vx":500,"vy":0}"#,
            #"{"time":0.180000,"region":"chart","type":"tap","x":50,"y":30,"count":1,"value":4,"selection":{"start":4,"end":4}}"#,
        ])
    }

    @Test func aSecondFingerInBetweenBreaksTheTapCount() throws {
        let lines = try play(Self.chart) {
            tap(0, at: 50, 30, holding: .ms(50))
            after(.ms(20)); down(0, at: 50, 30); down(1, at: 100, 30); after(.ms(20)); up(0); up(1)
            after(.ms(20)); tap(0, at: 50, 30, holding: .ms(50))
        }
        #expect(lines == [
            #"{"time":0.050000,"region":"chart","type":"tap","x":50,"y":30,"count":1,"value":4,"selection":{"start":4,"end":4}}"#,
            #"{"time":0.160000,"region":"chart","type":"tap","x":50,"y":30,"count":1,"value":4,"selection":{"start":4,"end":4}}"#,
        ])
    }

    // MARK: long press boundary and deadlines

    @Test func liftingAt290msIsATap() throws {
        let lines = try play(Self.chart) {
            tap(0, at: 95, 30, holding: .ms(290))
        }
        #expect(lines == [
            #"{"time":0.290000,"region":"chart","type":"tap","x":95,"y":30,"count":1,"value":8.5,"selection":{"start":8,"end":8}}"#,
        ])
    }

    /// A press held still at bucket 8 for `held`: the selection of it begins at the deadline, 300 ms, and ends at the
    /// lift, at `lift` seconds.
    struct HeldPress: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let held: TimeSpan
        let lift: String
    }

    static let heldPresses = [
        HeldPress(testDescription: "lifting at 310 ms ends a selection that began at 300 ms", held: .ms(310), lift: "0.310000"),
        // Deadlines ≤ t fire before the frame at t.
        HeldPress(testDescription: "lifting exactly at the deadline is a long press", held: .ms(300), lift: "0.300000"),
        HeldPress(testDescription: "the long press fires at its deadline with no event until much later",
                  held: .seconds(5), lift: "5.000000"),
    ]

    @Test(arguments: heldPresses)
    func aHeldPressSelectsAtTheDeadlineAndEndsAtTheLift(_ press: HeldPress) throws {
        let lines = try play(Self.chart) {
            hold(0, at: 95, 30, for: press.held)
        }
        #expect(lines == [
            #"{"time":0.300000,"region":"chart","type":"select","phase":"began","anchor":8,"selection":{"start":8,"end":8}}"#,
            #"{"time":0.300000,"region":"chart","type":"haptic","kind":"press"}"#,
            #"{"time":\#(press.lift),"region":"chart","type":"select","phase":"ended","anchor":8,"selection":{"start":8,"end":8}}"#,
        ])
    }

    @Test func aLiveDriverWakingAtTheDeadlineGetsTheSelectionWithNoFrame() throws {
        var player = try ScriptPlayer(layout: Self.chart)
        player.run([down(0, at: 95, 30)])
        #expect(player.engine.nextDeadline == Timestamp(microseconds: 300_000))
        player.run([after(.ms(299)), tick()])
        #expect(player.events.isEmpty)
        player.run([after(.ms(1)), tick()])
        #expect(player.events.count == 2)
        #expect(player.engine.nextDeadline == nil)
    }

    @Test func aLongPressThatMovedWithinTheSlopStillSelects_fromTheCurrentBucket() throws {
        // The anchor is the bucket under the down position; the selection's other end the bucket under
        // the finger when the press is recognized.
        let lines = try play(Self.chart) {
            track(0, (0, 99, 30),                   // value 8.9
                  (100, 101.5, 30),             // value 9.15, 2.5 mm: within the slop
                  liftAt: 350)
        }
        #expect(lines == [
            #"{"time":0.300000,"region":"chart","type":"select","phase":"began","anchor":8,"selection":{"start":8,"end":9}}"#,
            #"{"time":0.300000,"region":"chart","type":"haptic","kind":"press"}"#,
            #"{"time":0.350000,"region":"chart","type":"select","phase":"ended","anchor":8,"selection":{"start":8,"end":9}}"#,
        ])
    }

    // MARK: selection

    @Test func draggingLeftOfTheAnchorGivesAnOrderedSelection() throws {
        let lines = try play(Self.chart) {
            track(0, (0, 95, 30),
                  (400, 105, 30),               // right: 8–9
                  (420, 85, 30),                // left of the anchor: 7–8
                  (440, 55, 30),                // 4–8
                  liftAt: 460)
        }
        #expect(lines == [
            #"{"time":0.300000,"region":"chart","type":"select","phase":"began","anchor":8,"selection":{"start":8,"end":8}}"#,
            #"{"time":0.300000,"region":"chart","type":"haptic","kind":"press"}"#,
            #"{"time":0.400000,"region":"chart","type":"select","phase":"changed","anchor":8,"selection":{"start":8,"end":9}}"#,
            #"{"time":0.420000,"region":"chart","type":"select","phase":"changed","anchor":8,"selection":{"start":7,"end":8}}"#,
            #"{"time":0.440000,"region":"chart","type":"select","phase":"changed","anchor":8,"selection":{"start":4,"end":8}}"#,
            #"{"time":0.460000,"region":"chart","type":"select","phase":"ended","anchor":8,"selection":{"start":4,"end":8}}"#,
        ])
    }

    @Test func theSelectionChangesOnlyWhenItsBucketsChange() throws {
        let lines = try play(Self.chart) {
            rest(0, at: 91, 30, for: .ms(300))
            line(0, from: Point(x: 91, y: 30), to: Point(x: 99, y: 45), steps: 8, over: .ms(80))   // all in bucket 8
            line(0, from: Point(x: 99, y: 45), to: Point(x: 119, y: 45), steps: 4, over: .ms(40))  // 104, 109, 114, 119
            up(0)
        }
        #expect(lines == [
            #"{"time":0.300000,"region":"chart","type":"select","phase":"began","anchor":8,"selection":{"start":8,"end":8}}"#,
            #"{"time":0.300000,"region":"chart","type":"haptic","kind":"press"}"#,
            #"{"time":0.390000,"region":"chart","type":"select","phase":"changed","anchor":8,"selection":{"start":8,"end":9}}"#,
            #"{"time":0.410000,"region":"chart","type":"select","phase":"changed","anchor":8,"selection":{"start":8,"end":10}}"#,
            #"{"time":0.420000,"region":"chart","type":"select","phase":"ended","anchor":8,"selection":{"start":8,"end":10}}"#,
        ])
    }

    @Test func theSelectionIsClampedAtTheDomainEnds() throws {
        let lines = try play(Self.chart) {
            track(0, (0, 195, 30),
                  (310, 209, 30),               // 19.9: bucket 19
                  (320, 240, 30),               // beyond the rect: clamped to 20, the last bucket is 19
                  (330, -30, 30),               // beyond the left end: 0
                  liftAt: 340)
        }
        #expect(lines == [
            #"{"time":0.300000,"region":"chart","type":"select","phase":"began","anchor":18,"selection":{"start":18,"end":18}}"#,
            #"{"time":0.300000,"region":"chart","type":"haptic","kind":"press"}"#,
            #"{"time":0.310000,"region":"chart","type":"select","phase":"changed","anchor":18,"selection":{"start":18,"end":19}}"#,
            #"{"time":0.330000,"region":"chart","type":"select","phase":"changed","anchor":18,"selection":{"start":0,"end":18}}"#,
            #"{"time":0.340000,"region":"chart","type":"select","phase":"ended","anchor":18,"selection":{"start":0,"end":18}}"#,
        ])
    }

    @Test func aTapOnTheRightEdgeBelongsToTheLastBucket() throws {
        let lines = try play(Self.chart) {
            tap(0, at: 210, 65, holding: .ms(50))
        }
        #expect(lines == [
            #"{"time":0.050000,"region":"chart","type":"tap","x":210,"y":65,"count":1,"value":20,"selection":{"start":19,"end":19}}"#,
        ])
    }

    // MARK: pan

    @Test func movingBeyondTheSlopBeforeTheLongPressPans() throws {
        let lines = try play(Self.chart) {
            track(0, (0, 100, 30),
                  (50, 103, 30),                // exactly 3 mm: not beyond
                  (100, 103.5, 31),             // beyond: began
                  (150, 110, 35),
                  liftAt: 200)
        }
        // The finger lifts 50 ms after its last move: it had stopped (a rest beyond 40 ms), so no velocity.
        #expect(lines == [
            #"{"time":0.100000,"region":"chart","type":"pan","phase":"began","dx":3.5,"dy":1}"#,
            #"{"time":0.150000,"region":"chart","type":"pan","phase":"changed","dx":10,"dy":5}"#,
            #"{"time":0.200000,"region":"chart","type":"pan","phase":"ended","dx":10,"dy":5,"vx":0,"vy":0}"#,
        ])
    }

    // MARK: pan velocity

    /// A fling: the down at (100, 30), then a move every 10 ms, decelerating at the end.
    static func fling() -> [ScriptAction] {
        [down(0, at: 100, 30),
         after(.ms(10)), move(0, to: 102, 30),        // 2 mm: within the slop
         after(.ms(10)), move(0, to: 106, 31),        // began
         after(.ms(10)), move(0, to: 112, 31),
         after(.ms(10)), move(0, to: 118, 32),
         after(.ms(10)), move(0, to: 122, 32)]
    }

    static let flingLines = [
        #"{"time":0.020000,"region":"chart","type":"pan","phase":"began","dx":6,"dy":1}"#,
        #"{"time":0.030000,"region":"chart","type":"pan","phase":"changed","dx":12,"dy":1}"#,
        #"{"time":0.040000,"region":"chart","type":"pan","phase":"changed","dx":18,"dy":2}"#,
        #"{"time":0.050000,"region":"chart","type":"pan","phase":"changed","dx":22,"dy":2}"#,
    ]

    @Test func aFlingEndsWithTheLeastSquaresVelocityOfItsLast100ms() throws {
        // Lifted 10 ms after the last move: the six samples at 0…50 ms all lie within 100 ms of the newest.
        // By hand, in u = (t − 50 ms) / 10 ms = −5…0, fit x = a + b·u + c·u² by least squares; the normal
        // equations, with Σ1 = 6, Σu = −15, Σu² = 55, Σu³ = −225, Σu⁴ = 979:
        //   x (100, 102, 106, 112, 118, 122): Σx = 660, Σu·x = −1568, Σu²·x = 5652
        //     [6 −15 55; −15 55 −225; 55 −225 979]·(a, b, c) = (660, −1568, 5652)
        //     → a = 1719/14, b = 881/140 mm per 10 ms, c = 9/28; vx = 100·b = 4405/7 = 629.2857… mm/s
        //   y (30, 30, 31, 31, 32, 32): Σy = 186, Σu·y = −457, Σu²·y = 1665
        //     → a = 225/7, b = 16/35, c = 0; vy = 100·b = 320/7 = 45.7142… mm/s
        let lines = try play(Self.chart) {
            Self.fling()
            after(.ms(10))
            up(0)
        }
        #expect(lines == Self.flingLines + [
            #"{"time":0.060000,"region":"chart","type":"pan","phase":"ended","dx":22,"dy":2,"vx":629.286,"vy":45.714}"#,
        ])
        // A target with a bare drag reports the same velocity in its `pan` line (from its down: dx 22).
        let bare = [Target("strip", shape: .rectangle(Rect(x: 0, y: 0, width: 200, height: 100)), gesture: DragGesture())]
        #expect(try play(bare) { Self.fling(); after(.ms(10)); up(0) }.last
                == #"{"time":0.060000,"region":"strip","type":"pan","phase":"ended","dx":22,"dy":2,"vx":629.286,"vy":45.714}"#)
    }

    @Test func aFingerThatRestedLongerThan40msBeforeTheLiftHasNoVelocity() throws {
        // Lifted exactly 40 ms after the last move: still moving (beyond = >), the same six samples.
        #expect(try play(Self.chart) { Self.fling(); after(.ms(40)); up(0) } == Self.flingLines + [
            #"{"time":0.090000,"region":"chart","type":"pan","phase":"ended","dx":22,"dy":2,"vx":629.286,"vy":45.714}"#,
        ])
        // 41 ms, and 100 ms (which flung at 629.286 mm/s when only a rest beyond the 100 ms window stopped it): the
        // finger had stopped; its velocity is 0.
        #expect(try play(Self.chart) { Self.fling(); after(.ms(41)); up(0) } == Self.flingLines + [
            #"{"time":0.091000,"region":"chart","type":"pan","phase":"ended","dx":22,"dy":2,"vx":0,"vy":0}"#,
        ])
        #expect(try play(Self.chart) { Self.fling(); after(.ms(100)); up(0) } == Self.flingLines + [
            #"{"time":0.150000,"region":"chart","type":"pan","phase":"ended","dx":22,"dy":2,"vx":0,"vy":0}"#,
        ])
    }

    @Test func aCancelledPanHasNoVelocity() throws {
        let lines = try play(Self.chart) {
            Self.fling()
            after(.ms(10))
            down(1, at: 150, 40)        // a second finger cancels the pan
            after(.ms(10))
            up(0); up(1)
        }
        #expect(lines == Self.flingLines + [
            #"{"time":0.060000,"region":"chart","type":"pan","phase":"cancelled","dx":22,"dy":2}"#,
        ])
    }

    @Test func movingExactlyTheSlopIsStillATap() throws {
        let lines = try play(Self.chart) {
            track(0, (0, 100, 30), (50, 103, 30), liftAt: 100)
        }
        #expect(lines == [
            #"{"time":0.100000,"region":"chart","type":"tap","x":100,"y":30,"count":1,"value":9,"selection":{"start":9,"end":9}}"#,
        ])
    }

    @Test func movingAfterTheLongPressSelectsAndNeverPans() throws {
        let lines = try play(Self.chart) {
            track(0, (0, 100, 30), (350, 100, 50), liftAt: 400)     // 20 mm down, same bucket: nothing
        }
        #expect(lines == [
            #"{"time":0.300000,"region":"chart","type":"select","phase":"began","anchor":9,"selection":{"start":9,"end":9}}"#,
            #"{"time":0.300000,"region":"chart","type":"haptic","kind":"press"}"#,
            #"{"time":0.400000,"region":"chart","type":"select","phase":"ended","anchor":9,"selection":{"start":9,"end":9}}"#,
        ])
    }

    @Test func aPanKeepsGoingPastTheLongPressTime() throws {
        let lines = try play(Self.chart) {
            track(0, (0, 100, 30), (100, 110, 30),
                  (500, 120, 30),               // the long-press deadline passed long ago: nothing
                  liftAt: 510)
        }
        #expect(lines == [
            #"{"time":0.100000,"region":"chart","type":"pan","phase":"began","dx":10,"dy":0}"#,
            #"{"time":0.500000,"region":"chart","type":"pan","phase":"changed","dx":20,"dy":0}"#,
            #"{"time":0.510000,"region":"chart","type":"pan","phase":"ended","dx":20,"dy":0,"vx":0,"vy":0}"#,
        ])
    }

    // MARK: second finger

    @Test func aSecondFingerMakesAPendingTapFailSilently_andNothingMoreUntilAllLift() throws {
        let lines = try play(Self.chart) {
            down(0, at: 100, 30)
            after(.ms(50))
            tap(1, at: 150, 30, holding: .ms(50))
            after(.ms(400))             // the long press would have fired: it failed
            move(0, to: 140, 30)        // the remaining finger does not pan
            after(.ms(50))
            up(0)
            after(.ms(50))
            tap(0, at: 100, 30, holding: .ms(50)) // afresh: a tap, count 1
        }
        #expect(lines == [
            #"{"time":0.650000,"region":"chart","type":"tap","x":100,"y":30,"count":1,"value":9,"selection":{"start":9,"end":9}}"#,
        ])
    }

    @Test func aSecondFingerCancelsASelection() throws {
        let lines = try play(Self.chart) {
            rest(0, at: 100, 30, for: .ms(350))
            move(0, to: 125, 30)
            after(.ms(50))
            down(1, at: 150, 30)
            after(.ms(50))
            move(0, to: 60, 30)
            after(.ms(50))
            up(0)
            up(1)
        }
        #expect(lines == [
            #"{"time":0.300000,"region":"chart","type":"select","phase":"began","anchor":9,"selection":{"start":9,"end":9}}"#,
            #"{"time":0.300000,"region":"chart","type":"haptic","kind":"press"}"#,
            #"{"time":0.350000,"region":"chart","type":"select","phase":"changed","anchor":9,"selection":{"start":9,"end":11}}"#,
            #"{"time":0.400000,"region":"chart","type":"select","phase":"cancelled","anchor":9,"selection":{"start":9,"end":11}}"#,
        ])
    }

    @Test func aSecondFingerCancelsAPan_evenInTheFrameThePanBegan() throws {
        let lines = try play(Self.chart) {
            down(0, at: 100, 30)
            after(.ms(50))
            together(.move(0, Point(x: 110, y: 30)), .down(1, Point(x: 150, y: 30)))
            after(.ms(50))
            up(0)
            up(1)
        }
        #expect(lines == [
            #"{"time":0.050000,"region":"chart","type":"pan","phase":"began","dx":10,"dy":0}"#,
            #"{"time":0.050000,"region":"chart","type":"pan","phase":"cancelled","dx":10,"dy":0}"#,
        ])
    }

    @Test func twoFingersLandingTogetherRecognizeNothing() throws {
        let lines = try play(Self.chart) {
            together(.down(0, Point(x: 100, y: 30)), .down(1, Point(x: 150, y: 30)))
            after(.ms(500))
            together(.up(0), .up(1))
        }
        #expect(lines.isEmpty)
    }

    // MARK: interruptions

    @Test func synDroppedCancelsTheSelection_andTheFingersDownAreIgnoredUntilTheyLift() throws {
        let lines = try play(Self.chart) {
            rest(0, at: 100, 30, for: .ms(400))
            synDropped()
            after(.ms(10))
            move(0, to: 150, 30)        // ignored
            after(.ms(10))
            tap(1, at: 60, 30, holding: .ms(10)) // beside an ignored finger: ignored too
            up(0)
            after(.ms(10))
            tap(2, at: 60, 30, holding: .ms(10)) // all lifted: recognized again
        }
        #expect(lines == [
            #"{"time":0.300000,"region":"chart","type":"select","phase":"began","anchor":9,"selection":{"start":9,"end":9}}"#,
            #"{"time":0.300000,"region":"chart","type":"haptic","kind":"press"}"#,
            #"{"time":0.400000,"region":"chart","type":"select","phase":"cancelled","anchor":9,"selection":{"start":9,"end":9}}"#,
            #"{"time":0.450000,"region":"chart","type":"tap","x":60,"y":30,"count":1,"value":5,"selection":{"start":5,"end":5}}"#,
        ])
    }

    @Test func aContactWithdrawnByTheDeviceIsNoTap_andCancelsAPan() throws {
        let lines = try play(Self.chart) {
            rest(0, at: 100, 30, for: .ms(50))
            withdraw(0)
            after(.ms(50))
            rest(0, at: 100, 30, for: .ms(50))
            move(0, to: 110, 30)
            after(.ms(50))
            withdraw(0)
        }
        #expect(lines == [
            #"{"time":0.150000,"region":"chart","type":"pan","phase":"began","dx":10,"dy":0}"#,
            #"{"time":0.200000,"region":"chart","type":"pan","phase":"cancelled","dx":10,"dy":0}"#,
        ])
    }

    @Test func theEndOfInputCancelsWhatIsInProgressAtTheLastFrame() throws {
        let lines = try play(Self.chart) {
            down(0, at: 100, 30)
            moves(0, every: .ms(50), to: (110, 30), (115, 30))
        }
        #expect(lines == [
            #"{"time":0.050000,"region":"chart","type":"pan","phase":"began","dx":10,"dy":0}"#,
            #"{"time":0.100000,"region":"chart","type":"pan","phase":"changed","dx":15,"dy":0}"#,
            #"{"time":0.100000,"region":"chart","type":"pan","phase":"cancelled","dx":15,"dy":0}"#,
        ])
    }

    @Test func theEndOfInputBeforeTheDeadlineFiresNothing() throws {
        // No time passes beyond the last complete frame: a press held 200 ms when input ends is nothing.
        let lines = try play(Self.chart) {
            rest(0, at: 100, 30, for: .ms(200))
            move(0, to: 101, 30)
        }
        #expect(lines.isEmpty)
    }

    @Test func touchesOutsideEveryRegionAreIgnored() throws {
        let lines = try play(Self.chart) {
            rest(0, at: 5, 30, for: .ms(50))  // left of the chart
            move(0, to: 100, 30)        // into the chart: still not the chart's
            after(.ms(400))
            up(0)
        }
        #expect(lines.isEmpty)
    }
}
