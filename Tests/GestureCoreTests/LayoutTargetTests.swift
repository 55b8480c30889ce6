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

    @Test func aDoubleTapWaitsToKnowItIsNotTriple_aSingleTapToKnowItIsNotDouble() {
        let lines = play(Self.photo) {
            down(0, at: 50, 50)
            after(.ms(50)); up(0)
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

    @Test func aDragWaitsForTheTapsToFail_thenPansFromTheDownPosition() {
        let lines = play(Self.photo) {
            down(0, at: 50, 50)
            line(0, from: Point(x: 50, y: 50), to: Point(x: 70, y: 50), steps: 4, over: .ms(40))
            up(0)
        }
        // The taps fail at the first move beyond 3 mm (5 mm): the drag, begun in that frame, is heard.
        #expect(lines == [
            #"{"time":0.010000,"region":"photo","type":"pan","phase":"began","dx":5,"dy":0}"#,
            #"{"time":0.020000,"region":"photo","type":"pan","phase":"changed","dx":10,"dy":0}"#,
            #"{"time":0.030000,"region":"photo","type":"pan","phase":"changed","dx":15,"dy":0}"#,
            #"{"time":0.040000,"region":"photo","type":"pan","phase":"changed","dx":20,"dy":0}"#,
            #"{"time":0.040000,"region":"photo","type":"pan","phase":"ended","dx":20,"dy":0}"#,
        ])
    }

    @Test func aPinchOutIsAMagnify_theRotationAlongsideSeesNoTurn() {
        let lines = play(Self.photo) {
            down(0, at: 60, 60)
            down(1, at: 100, 60)
            line(1, from: Point(x: 100, y: 60), to: Point(x: 120, y: 60), steps: 4, over: .ms(40))
            up(1)
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

    @Test func aTwistIsARotation_alongsideAPinchThatNeverBegins() {
        let center = Point(x: 80, y: 60)
        let lines = play(Self.photo) {
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

    @Test func aTapOnTheCloseButtonIsTheButtons_andThePhotoHearsNothing() {
        let lines = play(Self.photo) {
            down(0, at: 190, 10)
            after(.ms(60)); up(0)
            after(.ms(1000)); tick()
        }
        #expect(lines == [
            #"{"time":0.060000,"region":"close","type":"tap","x":190,"y":10,"count":1}"#,
        ])
    }

    @Test func aLongPressWinsOverTheDragListedAfterIt() {
        let card = Layout(regions: [
            .generic(TargetConfiguration(name: "card", shape: .rectangle(Rect(x: 0, y: 0, width: 100, height: 60)),
                                         gestures: [TargetGesture(LayoutGestures.LongPress()), TargetGesture(LayoutGestures.Drag())])),
        ])
        let lines = play(card) {
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
            #"{"time":0.450000,"region":"card","type":"pan","phase":"ended","dx":0,"dy":20}"#,
        ])
    }

    @Test func aContainerOnlyGroupsItsChildren() {
        let panel = Layout(regions: [
            .generic(TargetConfiguration(name: "panel", shape: .rectangle(Rect(x: 0, y: 0, width: 100, height: 60)), gestures: [], children: [
                .timeline(TimelineConfiguration(name: "chart", rect: Rect(x: 0, y: 0, width: 100, height: 30),
                                                domain: .numeric(start: 0, end: 10, bucket: 1))),
            ])),
        ])
        let lines = play(panel) {
            down(0, at: 25, 10)
            after(.ms(50)); up(0)
            down(0, at: 25, 50)                         // the panel only: nothing
            after(.ms(50)); up(0)
        }
        #expect(lines == [
            #"{"time":0.050000,"region":"chart","type":"tap","x":25,"y":10,"count":1,"value":2.5,"selection":{"start":2,"end":2}}"#,
        ])
    }
}
