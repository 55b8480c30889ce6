import GestureCore
import GestureTestSupport
import Testing

/// Taps recognized at an exact count (`TapGesture(count:)`), which wait to see that no further tap follows.
@Suite struct TapCountTests {
    static let area = Shape.rectangle(Rect(x: 0, y: 0, width: 200, height: 100))

    /// Double before single: a single tap comes `countInterval` (300 ms) after its lift, a double tap
    /// `countInterval` after its second lift.
    static let singleOrDouble = [Target("photo", shape: area, gesture: TapGesture(count: 2).exclusively(before: TapGesture(count: 1)))]
    /// Triple before double before single.
    static let upToThree = [Target("photo", shape: area, gesture: TapGesture(count: 3)
        .exclusively(before: TapGesture(count: 2).exclusively(before: TapGesture(count: 1))))]

    @Test func aSingleTapIsRecognized300msAfterItsLift() throws {
        let lines = try play(Self.singleOrDouble) {
            tap(0, at: 50, 50, holding: .ms(50))
            after(.ms(299)); tick()                                   // not yet
            after(.ms(1)); tick()                                     // 0.350
        }
        #expect(lines == [#"{"time":0.350000,"region":"photo","type":"tap","x":50,"y":50,"count":1}"#])
    }

    @Test func aDoubleTapIsRecognized300msAfterItsSecondLift_andNoSingleTap() throws {
        let lines = try play(Self.singleOrDouble) {
            tap(0, at: 50, 50, holding: .ms(50))
            after(.ms(100))
            tap(0, at: 52, 51, holding: .ms(50))                      // lifts at 0.200
            after(.ms(400)); tick()
        }
        #expect(lines == [#"{"time":0.500000,"region":"photo","type":"tap","x":52,"y":51,"count":2}"#])
    }

    @Test func singleDoubleAndTripleTaps_eachAtItsExactCount() throws {
        let lines = try play(Self.upToThree) {
            tap(0, at: 50, 50, holding: .ms(50))
            after(.ms(1000)); tick()                                  // single: 0.350
            tap(0, at: 50, 50, holding: .ms(50))                      // 1.050 … 1.100
            after(.ms(100))
            tap(0, at: 50, 50, holding: .ms(50))                      // 1.200 … 1.250
            after(.ms(1000)); tick()                                  // double: 1.550
            tap(0, at: 50, 50, holding: .ms(50))                      // 2.250 … 2.300
            after(.ms(100))
            tap(0, at: 50, 50, holding: .ms(50))                      // 2.400 … 2.450
            after(.ms(100))
            tap(0, at: 50, 50, holding: .ms(50))                      // 2.550 … 2.600
            after(.ms(1000)); tick()                                  // triple: 2.900
        }
        #expect(lines == [
            #"{"time":0.350000,"region":"photo","type":"tap","x":50,"y":50,"count":1}"#,
            #"{"time":1.550000,"region":"photo","type":"tap","x":50,"y":50,"count":2}"#,
            #"{"time":2.900000,"region":"photo","type":"tap","x":50,"y":50,"count":3}"#,
        ])
    }

    @Test func aTapTooFarFromThePreviousEndsItsChain_andBeginsAnother() throws {
        let lines = try play(Self.singleOrDouble) {
            tap(0, at: 50, 50, holding: .ms(50))
            after(.ms(100))
            tap(0, at: 80, 50, holding: .ms(50))                      // 30 mm away: the first is a single tap
            after(.ms(400)); tick()
        }
        // The single tap is recognized at the far landing (0.150), but the double tap, begun anew there,
        // has priority: its failure at 0.500 releases both single taps, stamped then.
        #expect(lines == [
            #"{"time":0.500000,"region":"photo","type":"tap","x":50,"y":50,"count":1}"#,
            #"{"time":0.500000,"region":"photo","type":"tap","x":80,"y":50,"count":1}"#,
        ])
    }

    @Test func oneTapMoreThanRequiredIsNoTap_andTheDefaultTapIsNeverDelayed() throws {
        let double = [Target("photo", shape: Self.area, gesture: TapGesture(count: 2))]
        let lines = try play(double) {
            for start in [0, 150, 300] as [Int64] {
                after(.ms(start == 0 ? 0 : 100))
                tap(0, at: 50, 50, holding: .ms(50))
            }
            after(.ms(1000)); tick()
        }
        #expect(lines == [])
        let plain = [Target("photo", shape: Self.area, gesture: TapGesture())]
        #expect(try play(plain) {
            tap(0, at: 50, 50, holding: .ms(50))
            after(.ms(100))
            tap(0, at: 50, 50, holding: .ms(50))
        } == [
            #"{"time":0.050000,"region":"photo","type":"tap","x":50,"y":50,"count":1}"#,
            #"{"time":0.200000,"region":"photo","type":"tap","x":50,"y":50,"count":2}"#,
        ])
    }

    /// The wait for the next tap closes at the previous lift + `doubleTapMs`, and a deadline fires before a frame of
    /// its own time (SPEC "Frames"): a landing just before it continues the chain, one at that very time is too late
    /// and begins a new chain (SPEC "Tap counts"). (The default tap, which waits for nothing, counts one at exactly
    /// `doubleTapMs`: see TimelineTests.)
    @Test func theNextTapMustLandBeforeTheWaitCloses_oneAtExactlyDoubleTapMsIsTooLate() throws {
        let early = try play(Self.singleOrDouble) {
            tap(0, at: 50, 50, holding: .ms(50))                      // lifts at 0.050: the wait closes at 0.350
            after(TimeSpan(microseconds: 299_999))
            tap(0, at: 50, 50, holding: .ms(50))                      // lands at 0.349999
            after(.ms(400)); tick()
        }
        #expect(early == [#"{"time":0.699999,"region":"photo","type":"tap","x":50,"y":50,"count":2}"#])
        let atTheDeadline = try play(Self.singleOrDouble) {
            tap(0, at: 50, 50, holding: .ms(50))
            after(.ms(300))
            tap(0, at: 50, 50, holding: .ms(50))                      // lands at 0.350: the first tap was single
            after(.ms(400)); tick()
        }
        #expect(atTheDeadline == [
            #"{"time":0.350000,"region":"photo","type":"tap","x":50,"y":50,"count":1}"#,
            #"{"time":0.700000,"region":"photo","type":"tap","x":50,"y":50,"count":1}"#,
        ])
    }
}
