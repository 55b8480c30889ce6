import GestureCore
import GestureTestSupport
import Testing

/// The two-finger pinch, on a target of its own.
@Suite struct MagnifyTests {
    static let photo = [Target("photo", shape: .rectangle(Rect(x: 0, y: 0, width: 200, height: 100)), gesture: MagnifyGesture())]

    @Test func pinchingOut_beginsBeyondTheSlop_andScalesFromTheSecondFingersLanding() throws {
        let lines = try play(Self.photo) {
            down(0, at: 90, 50)
            after(.ms(10))
            down(1, at: 110, 50)                                      // 20 mm apart: the start
            after(.ms(10))
            together(.move(0, Point(x: 89, y: 50)), .move(1, Point(x: 111, y: 50)))   // 22 mm: within 3 mm
            after(.ms(10))
            together(.move(0, Point(x: 88, y: 50)), .move(1, Point(x: 112, y: 50)))   // 24 mm: begins
            after(.ms(10))
            move(1, to: 120, 50)                                      // 32 mm
            after(.ms(10))
            move(0, to: 80, 50)                                       // 40 mm
            after(.ms(10))
            up(1)
            after(.ms(10))
            up(0)
        }
        #expect(lines == [
            #"{"time":0.030000,"region":"photo","type":"magnify","phase":"began","scale":1.2,"center":{"x":100,"y":50}}"#,
            #"{"time":0.040000,"region":"photo","type":"magnify","phase":"changed","scale":1.6,"center":{"x":104,"y":50}}"#,
            #"{"time":0.050000,"region":"photo","type":"magnify","phase":"changed","scale":2,"center":{"x":100,"y":50}}"#,
            #"{"time":0.060000,"region":"photo","type":"magnify","phase":"ended","scale":2,"center":{"x":100,"y":50}}"#,
        ])
    }

    @Test func pinchingIn_scalesBelowOne_andAThirdFingerIsIgnored() throws {
        let lines = try play(Self.photo) {
            together(.down(0, Point(x: 60, y: 50)), .down(1, Point(x: 140, y: 50)))   // 80 mm apart
            after(.ms(10))
            together(.move(0, Point(x: 70, y: 50)), .move(1, Point(x: 130, y: 50)))   // 60 mm
            after(.ms(10))
            down(2, at: 100, 90)                                      // ignored
            after(.ms(10))
            together(.move(0, Point(x: 80, y: 50)), .move(1, Point(x: 120, y: 50)), .move(2, Point(x: 100, y: 10)))
            after(.ms(10))
            move(2, to: 150, 10)                                      // the third finger alone: nothing
            after(.ms(10))
            withdraw(0)                                            // withdrawn by the device: cancelled
            after(.ms(10))
            up(1)
            up(2)
        }
        #expect(lines == [
            #"{"time":0.010000,"region":"photo","type":"magnify","phase":"began","scale":0.75,"center":{"x":100,"y":50}}"#,
            #"{"time":0.030000,"region":"photo","type":"magnify","phase":"changed","scale":0.5,"center":{"x":100,"y":50}}"#,
            #"{"time":0.050000,"region":"photo","type":"magnify","phase":"cancelled","scale":0.5,"center":{"x":100,"y":50}}"#,
        ])
    }

    @Test func aFingerOfThePairLiftingBeforeItBeganFailsIt_untilAllLift() throws {
        let lines = try play(Self.photo) {
            down(0, at: 90, 50)
            tap(1, at: 110, 50, holding: .ms(10)) // before any scale: fails
            after(.ms(10))
            rest(1, at: 130, 50, for: .ms(10))                        // finger 0 still down: nothing
            move(1, to: 150, 50)
            up(0)
            up(1)
            after(.ms(10))
            together(.down(0, Point(x: 90, y: 50)), .down(1, Point(x: 110, y: 50)))   // a new sequence
            after(.ms(10))
            move(1, to: 114, 50)
            up(0)
            up(1)
        }
        #expect(lines == [
            #"{"time":0.050000,"region":"photo","type":"magnify","phase":"began","scale":1.2,"center":{"x":102,"y":50}}"#,
            #"{"time":0.050000,"region":"photo","type":"magnify","phase":"ended","scale":1.2,"center":{"x":102,"y":50}}"#,
        ])
    }

    @Test func withAMinimumCentreMovement_aTwoFingerPanBeginsIt_atScaleOne() throws {
        let panning = [Target("photo", shape: .rectangle(Rect(x: 0, y: 0, width: 200, height: 100)),
                              gesture: MagnifyGesture(.init(minimumDistanceChange: 3, minimumCenterMovement: 3)))]
        func pan() -> [ScriptAction] {
            [together(.down(0, Point(x: 90, y: 50)), .down(1, Point(x: 110, y: 50))),
             after(.ms(10)), together(.move(0, Point(x: 93, y: 50)), .move(1, Point(x: 113, y: 50))),    // 3 mm: within
             after(.ms(10)), together(.move(0, Point(x: 94, y: 50)), .move(1, Point(x: 114, y: 50))),    // 4 mm: began
             after(.ms(10)), up(0), up(1)]
        }
        #expect(try play(panning) { pan() } == [
            #"{"time":0.020000,"region":"photo","type":"magnify","phase":"began","scale":1,"center":{"x":104,"y":50}}"#,
            #"{"time":0.030000,"region":"photo","type":"magnify","phase":"ended","scale":1,"center":{"x":104,"y":50}}"#,
        ])
        // Without it (the default), the same pan is no pinch.
        #expect(try play(Self.photo) { pan() } == [])
    }

    @Test func fingersLandingOnOnePointScaleAgainstOneMillimetre() throws {
        let lines = try play(Self.photo) {
            together(.down(0, Point(x: 100, y: 50)), .down(1, Point(x: 100, y: 50)))
            after(.ms(10))
            move(1, to: 105, 50)
            up(0)
            up(1)
        }
        #expect(lines == [
            #"{"time":0.010000,"region":"photo","type":"magnify","phase":"began","scale":5,"center":{"x":102.5,"y":50}}"#,
            #"{"time":0.010000,"region":"photo","type":"magnify","phase":"ended","scale":5,"center":{"x":102.5,"y":50}}"#,
        ])
    }
}
