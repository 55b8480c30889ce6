import GestureCore
import GestureTestSupport
import Testing

/// Taps of several fingers together (`TapGesture.Configuration.fingers`): all down before the first lifts, none beyond
/// the slop, recognized at the last lift at the centroid of the downs, count 1.
@Suite struct MultiFingerTapTests {
    static let area = Shape.rectangle(Rect(x: 0, y: 0, width: 200, height: 100))
    static func pad(_ fingers: Int, maximumDuration: TimeSpan? = nil) -> [Target] {
        [Target("pad", shape: area, gesture: TapGesture(.init(maximumDuration: maximumDuration, fingers: fingers)))]
    }

    @Test func aTwoFingerTap_atTheCentroidOfItsDowns_recognizedAtTheLastLift() throws {
        let lines = try play(Self.pad(2)) {
            down(0, at: 50, 50)
            after(.ms(30)); down(1, at: 70, 60)
            after(.ms(60)); up(0)
            after(.ms(20)); up(1)
        }
        #expect(lines == [#"{"time":0.110000,"region":"pad","type":"tap","x":60,"y":55,"count":1,"fingers":2}"#])
    }

    @Test func aThreeFingerTap_andTwoInARowAreEachCountedOne() throws {
        let lines = try play(Self.pad(3)) {
            for _ in 0..<2 {
                together(.down(0, Point(x: 40, y: 50)), .down(1, Point(x: 60, y: 50)), .down(2, Point(x: 50, y: 80)))
                after(.ms(50)); together(.up(0), .up(1), .up(2))
                after(.ms(100))
            }
        }
        #expect(lines == [
            #"{"time":0.050000,"region":"pad","type":"tap","x":50,"y":60,"count":1,"fingers":3}"#,
            #"{"time":0.200000,"region":"pad","type":"tap","x":50,"y":60,"count":1,"fingers":3}"#,
        ])
    }

    @Test func aFingerMovingBeyondTheSlopFailsIt_andTheNextTapIsRecognized() throws {
        let lines = try play(Self.pad(2)) {
            together(.down(0, Point(x: 50, y: 50)), .down(1, Point(x: 70, y: 50)))
            after(.ms(20)); move(1, to: 74, 50)                       // 4 mm > 3
            after(.ms(20)); together(.up(0), .up(1))
            after(.ms(100))
            together(.down(0, Point(x: 50, y: 50)), .down(1, Point(x: 70, y: 50)))
            after(.ms(20)); move(1, to: 73, 50)                       // 3 mm: within
            after(.ms(20)); together(.up(0), .up(1))
        }
        #expect(lines == [#"{"time":0.180000,"region":"pad","type":"tap","x":60,"y":50,"count":1,"fingers":2}"#])
    }

    @Test func aThirdFingerFailsATwoFingerTap_asDoesALandingAfterALift() throws {
        #expect(try play(Self.pad(2)) {
            down(0, at: 50, 50)
            after(.ms(10)); down(1, at: 70, 50)
            after(.ms(10)); down(2, at: 90, 50)
            after(.ms(30)); together(.up(0), .up(1), .up(2))
        } == [])
        #expect(try play(Self.pad(2)) {
            together(.down(0, Point(x: 50, y: 50)), .down(1, Point(x: 70, y: 50)))
            after(.ms(30)); up(0)
            after(.ms(10)); down(2, at: 50, 50)
            after(.ms(10)); together(.up(1), .up(2))
        } == [])
    }

    @Test func oneFingerLiftingBeforeTheSecondLands_orHeldTooLong_isNoTap() throws {
        #expect(try play(Self.pad(2)) {
            tap(0, at: 50, 50, holding: .ms(30))
            after(.ms(10)); tap(1, at: 70, 50, holding: .ms(30))
        } == [])
        #expect(try play(Self.pad(2, maximumDuration: .ms(200))) {
            together(.down(0, Point(x: 50, y: 50)), .down(1, Point(x: 70, y: 50)))
            after(.ms(150)); up(0)
            after(.ms(50)); up(1)                                     // the deadline, 0.200, fired first
        } == [])
    }

    @Test func aOneFingerTapIsUnchanged_andATwoFingerTapFailsIt() throws {
        let one = [Target("pad", shape: Self.area, gesture: TapGesture())]
        #expect(try play(one) {
            tap(0, at: 50, 50, holding: .ms(50))
            after(.ms(100))
            together(.down(0, Point(x: 50, y: 50)), .down(1, Point(x: 70, y: 50)))
            after(.ms(50)); together(.up(0), .up(1))
        } == [#"{"time":0.050000,"region":"pad","type":"tap","x":50,"y":50,"count":1}"#])
    }

    @Test func theEngineRefusesAChainedTapOfSeveralFingers_andNoFingers() throws {
        #expect(throws: GestureError.invalidValue(subject: "TapGesture", key: "requiredCount",
                                                  message: "expected 1 with 2 fingers (a tap of several is never chained), found 2")) {
            try TapGesture(count: 2, .init(fingers: 2)).checkConfiguration()
        }
        #expect(throws: GestureError.invalidValue(subject: "TapGesture", key: "fingers", message: "expected at least 1, found 0")) {
            try TapGesture(.init(fingers: 0)).checkConfiguration()
        }
        try TapGesture(count: 1, .init(fingers: 2)).checkConfiguration()
    }
}
