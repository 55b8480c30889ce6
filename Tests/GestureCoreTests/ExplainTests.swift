import GestureCore
import GestureFormat
import GestureTestSupport
import Testing

/// `--explain` (SPEC "Explanations"): a line per state transition of every machine, with its reason in
/// numbers, among the events; every line, in order.
@Suite struct ExplainTests {
    /// SPEC's chart: x 10–210 mm for the domain 0–20 in buckets of 1, slop 3 mm, long press 300 ms.
    static let chartRect = Rect(x: 10, y: 5, width: 200, height: 60)
    static let chartConfiguration = TimelineConfiguration(name: "chart", rect: chartRect, domain: .numeric(start: 0, end: 20, bucket: 1))
    static let chart = Layout(regions: [.timeline(chartConfiguration)])

    /// The timeline's machines, by their paths: its one-finger gestures are the first part of a
    /// `simultaneously` whose second, the pinch, is absent without the zoom option (and so never changes).
    static let tapPath = "simultaneously.first.exclusively.first.exclusively.first.tap"
    static let choice = "simultaneously.first.exclusively.first.exclusively"
    static let selecting = "simultaneously.first.exclusively.first.exclusively.second.sequenced"
    static let longPress = "simultaneously.first.exclusively.first.exclusively.second.sequenced.first.long-press"
    static let selectDrag = "simultaneously.first.exclusively.first.exclusively.second.sequenced.second.drag"
    static let pan = "simultaneously.first.exclusively.second.drag"
    static let oneFinger = "simultaneously.first.exclusively"

    /// An explanation line of `region` at `time`.
    static func explain(_ time: String, _ path: String, _ from: String, _ to: String, _ reason: String,
                        region: String = "chart") -> String {
        #"{"time":\#(time),"region":"\#(region)","type":"explain","path":"\#(path)","from":"\#(from)","to":"\#(to)","reason":"\#(reason)"}"#
    }

    /// The lines of a finger landing on the chart at (95, 30) at 0: the tap, the long press and the pan
    /// follow it.
    static let landing = [
        explain("0.000000", tapPath, "idle", "pressed", "finger 0 landed at (95, 30): tap 1; deadline 0.300000"),
        explain("0.000000", longPress, "idle", "pressing", "finger 0 landed at (95, 30); deadline 0.300000"),
        explain("0.000000", pan, "idle", "pending", "finger 0 landed at (95, 30)"),
    ]

    /// The lines of that finger moving beyond the slop at `time`, `moved` mm from its down: the tap and the
    /// long press fail, and so the selection and the choice between them; the pan begins and is heard.
    static func panBegins(at time: String, moved: String) -> [String] {
        [
            explain(time, tapPath, "pressed", "failed", "finger 0 moved \(moved) mm > slop 3 mm"),
            explain(time, longPress, "pressing", "failed", "finger 0 moved \(moved) mm > slop 3 mm"),
            explain(time, selecting, "first", "failed", "long-press failed"),
            explain(time, choice, "undecided", "second", "first (tap) failed"),
            explain(time, pan, "pending", "dragging", "finger 0 moved \(moved) mm > slop 3 mm"),
            explain(time, oneFinger, "undecided", "second", "first (exclusively) failed"),
        ]
    }

    /// A finger landing at (95, 30) and moving 10 mm right 50 ms later, beyond the slop; then 50 ms pass.
    static let panOfTenMillimetres = [down(0, at: 95, 30), after(.ms(50)), move(0, to: 105, 30), after(.ms(50))]

    /// The lines of `panOfTenMillimetres`: its landing, then the pan beginning and heard.
    static let panOfTenMillimetresLines = landing + panBegins(at: "0.050000", moved: "10") + [
        #"{"time":0.050000,"region":"chart","type":"pan","phase":"began","dx":10,"dy":0}"#,
    ]

    // MARK: The timeline's race: tap, long press, pan

    @Test func aTap_theTapWinsTheRaceAtTheLift() throws {
        let lines = try play(Self.chart, explain: true) {
            tap(0, at: 95, 30, holding: .ms(100))
        }
        #expect(lines == Self.landing + [
            Self.explain("0.100000", Self.tapPath, "pressed", "recognized", "finger 0 lifted after 100 ms < long press 300 ms, never beyond slop 3 mm"),
            Self.explain("0.100000", Self.longPress, "pressing", "failed", "finger 0 lifted after 100 ms < long press 300 ms"),
            Self.explain("0.100000", Self.selecting, "first", "failed", "long-press failed"),
            Self.explain("0.100000", Self.choice, "undecided", "first", "first (tap) ended"),
            Self.explain("0.100000", Self.pan, "pending", "failed", "finger 0 lifted within slop 3 mm"),
            Self.explain("0.100000", Self.oneFinger, "undecided", "first", "first (exclusively) ended"),
            #"{"time":0.100000,"region":"chart","type":"tap","x":95,"y":30,"count":1,"value":8.5,"selection":{"start":8,"end":8}}"#,
        ])
    }

    @Test func aLongPressThatBecomesASelect_theDeadlineDecides() throws {
        let lines = try play(Self.chart, explain: true) {
            track(0, (0, 95, 30), (400, 106, 30), liftAt: 500)     // the deadline fires at 0.3, before the move
        }
        #expect(lines == Self.landing + [
            // Both deadlines fall at 0.3: the tap's limit and the long press.
            Self.explain("0.300000", Self.tapPath, "pressed", "failed", "deadline 0.300000: still down after long press 300 ms"),
            Self.explain("0.300000", Self.longPress, "pressing", "recognized", "deadline 0.300000: held 0 mm from its down <= slop 3 mm"),
            Self.explain("0.300000", Self.selecting, "first", "second", "long-press ended: 1 finger handed to drag"),
            Self.explain("0.300000", Self.selectDrag, "idle", "dragging", "finger 0 landed at (95, 30)"),
            Self.explain("0.300000", Self.choice, "undecided", "second", "first (tap) failed"),
            Self.explain("0.300000", Self.oneFinger, "undecided", "first", "first (exclusively) began"),
            #"{"time":0.300000,"region":"chart","type":"select","phase":"began","anchor":8,"selection":{"start":8,"end":8}}"#,
            #"{"time":0.300000,"region":"chart","type":"haptic","kind":"press"}"#,
            // The pan goes beyond its slop, but the selection has won: nothing of it is heard.
            Self.explain("0.400000", Self.pan, "pending", "dragging", "finger 0 moved 11 mm > slop 3 mm"),
            #"{"time":0.400000,"region":"chart","type":"select","phase":"changed","anchor":8,"selection":{"start":8,"end":9}}"#,
            Self.explain("0.500000", Self.selectDrag, "dragging", "ended", "finger 0 lifted"),
            Self.explain("0.500000", Self.selecting, "second", "ended", "drag ended"),
            Self.explain("0.500000", Self.pan, "dragging", "ended", "finger 0 lifted"),
            #"{"time":0.500000,"region":"chart","type":"select","phase":"ended","anchor":8,"selection":{"start":8,"end":9}}"#,
        ])
    }

    @Test func aPanBeyondTheSlop_theTapAndTheLongPressFailInTheSameFrame() throws {
        let lines = try play(Self.chart, explain: true) {
            track(0, (0, 95, 30),
                  (50, 98, 32),                 // √13 = 3.606 mm: beyond the 3 mm slop
                  (70, 110, 32),
                  liftAt: 100)
        }
        #expect(lines == Self.landing + Self.panBegins(at: "0.050000", moved: "3.606") + [
            #"{"time":0.050000,"region":"chart","type":"pan","phase":"began","dx":3,"dy":2}"#,
            #"{"time":0.070000,"region":"chart","type":"pan","phase":"changed","dx":15,"dy":2}"#,
            Self.explain("0.100000", Self.pan, "dragging", "ended", "finger 0 lifted"),
            // (The velocity: the down came 50 ms before the next sample, a pause beyond 40 ms that ends the window,
            // so it is the line through (0.05, 98) and (0.07, 110) in x: 12 mm in 20 ms; y stays 32.)
            #"{"time":0.100000,"region":"chart","type":"pan","phase":"ended","dx":15,"dy":2,"vx":600,"vy":0}"#,
        ])
    }

    // MARK: A second finger

    @Test func aSecondFingerCancelsThePan() throws {
        let lines = try play(Self.chart, explain: true) {
            Self.panOfTenMillimetres
            down(1, at: 150, 30)
            after(.ms(50))
            up(0)
            after(.ms(50))
            up(1)
        }
        #expect(lines == Self.panOfTenMillimetresLines + [
            // The others have failed already and wait for every finger to lift: only the pan changes.
            Self.explain("0.100000", Self.pan, "dragging", "cancelled", "second finger landed (finger 1)"),
            #"{"time":0.100000,"region":"chart","type":"pan","phase":"cancelled","dx":10,"dy":0}"#,
        ])
    }

    @Test func aSecondFingerStartsAPinch() throws {
        let photo = Target("photo", shape: .rectangle(Rect(x: 0, y: 0, width: 100, height: 100)), gesture: MagnifyGesture())
        let lines = try play([photo], explain: true) {
            down(0, at: 40, 50)
            after(.ms(50))
            rest(1, at: 60, 50, for: .ms(50))
            move(1, to: 64, 50)     // the fingers' distance: 20 mm, then 24
            after(.ms(50))
            up(1)
            after(.ms(50))
            up(0)
        }
        #expect(lines == [
            Self.explain("0.000000", "magnify", "idle", "oneFinger", "finger 0 landed at (40, 50)", region: "photo"),
            Self.explain("0.050000", "magnify", "oneFinger", "pending", "second finger landed (finger 1)", region: "photo"),
            Self.explain("0.100000", "magnify", "pending", "active", "the fingers' distance changed 4 mm > threshold 3 mm", region: "photo"),
            #"{"time":0.100000,"region":"photo","type":"magnify","phase":"began","scale":1.2,"center":{"x":52,"y":50}}"#,
            Self.explain("0.150000", "magnify", "active", "ended", "finger 1 lifted", region: "photo"),
            #"{"time":0.150000,"region":"photo","type":"magnify","phase":"ended","scale":1.2,"center":{"x":52,"y":50}}"#,
        ])
    }

    @Test func aDropCancelsThePanAndSaysSo() throws {
        let lines = try play(Self.chart, explain: true) {
            Self.panOfTenMillimetres
            synDropped()
            up(0)
        }
        #expect(lines == Self.panOfTenMillimetresLines + [
            Self.explain("0.100000", Self.pan, "dragging", "cancelled", "cancelled: SYN_DROPPED"),
            #"{"time":0.100000,"region":"chart","type":"pan","phase":"cancelled","dx":10,"dy":0}"#,
        ])
    }

    // MARK: Deadlines

    /// A double tap (`TapGesture(count: 2)`) is recognized by the deadline after its second lift.
    @Test func aDoubleTapIsRecognizedAtItsDeadline() throws {
        let button = Target("button", shape: .rectangle(Rect(x: 0, y: 0, width: 50, height: 50)), gesture: TapGesture(count: 2))
        let lines = try play([button], explain: true) {
            tap(0, at: 10, 10, holding: .ms(50))
            after(.ms(100))
            tap(0, at: 12, 10, holding: .ms(50))
            after(.ms(400))
            tick()                  // a live driver wakes after the deadline, at 0.6
        }
        #expect(lines == [
            Self.explain("0.000000", "tap", "idle", "pressed", "finger 0 landed at (10, 10): tap 1", region: "button"),
            Self.explain("0.050000", "tap", "pressed", "waiting", "tap 1 of 2 lifted: waiting until 0.350000 for the next", region: "button"),
            Self.explain("0.150000", "tap", "waiting", "pressed",
                         "finger 0 landed at (12, 10): tap 2, 100 ms after tap 1 lifted <= 300 ms, 2 mm from its down <= 10 mm", region: "button"),
            Self.explain("0.200000", "tap", "pressed", "waiting", "tap 2 of 2 lifted: waiting until 0.500000 for the next", region: "button"),
            Self.explain("0.500000", "tap", "waiting", "recognized", "deadline 0.500000: no further tap: 2 of 2", region: "button"),
            #"{"time":0.500000,"region":"button","type":"tap","x":12,"y":10,"count":2}"#,
        ])
    }

    @Test func aChainThatStopsShortFailsAtItsDeadline() throws {
        let button = Target("button", shape: .rectangle(Rect(x: 0, y: 0, width: 50, height: 50)), gesture: TapGesture(count: 2))
        let lines = try play([button], explain: true) {
            tap(0, at: 10, 10, holding: .ms(50))
            after(.ms(400))
            tick()
        }
        #expect(lines == [
            Self.explain("0.000000", "tap", "idle", "pressed", "finger 0 landed at (10, 10): tap 1", region: "button"),
            Self.explain("0.050000", "tap", "pressed", "waiting", "tap 1 of 2 lifted: waiting until 0.350000 for the next", region: "button"),
            Self.explain("0.350000", "tap", "waiting", "failed", "deadline 0.350000: the chain stopped at 1 of 2 taps", region: "button"),
        ])
    }

    // MARK: `exclusively` holds, then drops or releases

    /// A tap before a drag that begins at once: the drag's updates wait while the tap is possible.
    static let knob = [Target("knob", shape: .rectangle(Rect(x: 0, y: 0, width: 50, height: 50)),
                              gesture: TapGesture().exclusively(before: DragGesture(.init(minimumDistance: 0))))]

    static let knobHeld = [
        explain("0.000000", "exclusively.first.tap", "idle", "pressed", "finger 0 landed at (10, 10): tap 1", region: "knob"),
        explain("0.000000", "exclusively.second.drag", "idle", "dragging", "finger 0 landed at (10, 10)", region: "knob"),
        explain("0.000000", "exclusively", "undecided", "holding", "1 update of second (drag) held: first (tap) still possible", region: "knob"),
    ]

    @Test func exclusivelyHolds_thenTheFirstWins() throws {
        let lines = try play(Self.knob, explain: true) {
            tap(0, at: 10, 10, holding: .ms(50))
        }
        #expect(lines == Self.knobHeld + [
            Self.explain("0.050000", "exclusively.first.tap", "pressed", "recognized", "finger 0 lifted, never beyond slop 3 mm", region: "knob"),
            Self.explain("0.050000", "exclusively.second.drag", "dragging", "ended", "finger 0 lifted", region: "knob"),
            Self.explain("0.050000", "exclusively", "holding", "first", "first (tap) ended: 2 updates of the second never heard", region: "knob"),
            #"{"time":0.050000,"region":"knob","type":"tap","x":10,"y":10,"count":1}"#,
        ])
    }

    @Test func exclusivelyHolds_thenReleases() throws {
        let lines = try play(Self.knob, explain: true) {
            track(0, (0, 10, 10), (50, 15, 10), liftAt: 100)
        }
        #expect(lines == Self.knobHeld + [
            Self.explain("0.050000", "exclusively.first.tap", "pressed", "failed", "finger 0 moved 5 mm > slop 3 mm", region: "knob"),
            Self.explain("0.050000", "exclusively", "holding", "second", "first (tap) failed: 1 held update of the second released", region: "knob"),
            #"{"time":0.050000,"region":"knob","type":"pan","phase":"began","dx":0,"dy":0}"#,
            #"{"time":0.050000,"region":"knob","type":"pan","phase":"changed","dx":5,"dy":0}"#,
            Self.explain("0.100000", "exclusively.second.drag", "dragging", "ended", "finger 0 lifted", region: "knob"),
            // Lifted 50 ms after its move: it had stopped, no velocity.
            #"{"time":0.100000,"region":"knob","type":"pan","phase":"ended","dx":5,"dy":0,"vx":0,"vy":0}"#,
        ])
    }

    /// The counts in an `exclusively`'s reasons: `never heard` counts every update of the second that will never be
    /// reported, the deciding input's own included; `held updates released` counts those held from earlier inputs
    /// only, the deciding input's own being heard as they come (`exclusivelyHolds_thenReleases`: `1 held update`, then
    /// the frame's `changed`). One takes the singular; none leaves the count out (`first (tap) failed`).
    @Test func neverHeardCountsTheDecidingInputsOwnUpdates_inTheSingularForOne() throws {
        // Two drags beginning in the same frame: the first's `began` wins, and the second's, of that frame, was held by
        // no earlier input.
        let twins = [Target("knob", shape: .rectangle(Rect(x: 0, y: 0, width: 50, height: 50)),
                            gesture: DragGesture().exclusively(before: DragGesture()))]
        let lines = try play(twins, explain: true) {
            rest(0, at: 10, 10, for: .ms(10))
            move(0, to: 15, 10)
            up(0)
        }
        #expect(lines == [
            Self.explain("0.000000", "exclusively.first.drag", "idle", "pending", "finger 0 landed at (10, 10)", region: "knob"),
            Self.explain("0.000000", "exclusively.second.drag", "idle", "pending", "finger 0 landed at (10, 10)", region: "knob"),
            Self.explain("0.010000", "exclusively.first.drag", "pending", "dragging", "finger 0 moved 5 mm > slop 3 mm", region: "knob"),
            Self.explain("0.010000", "exclusively.second.drag", "pending", "dragging", "finger 0 moved 5 mm > slop 3 mm", region: "knob"),
            Self.explain("0.010000", "exclusively", "undecided", "first", "first (drag) began: 1 update of the second never heard", region: "knob"),
            #"{"time":0.010000,"region":"knob","type":"pan","phase":"began","dx":5,"dy":0}"#,
            Self.explain("0.010000", "exclusively.first.drag", "dragging", "ended", "finger 0 lifted", region: "knob"),
            Self.explain("0.010000", "exclusively.second.drag", "dragging", "ended", "finger 0 lifted", region: "knob"),
            #"{"time":0.010000,"region":"knob","type":"pan","phase":"ended","dx":5,"dy":0,"vx":500,"vy":0}"#,
        ])
    }

    // MARK: Nested targets: the engine's arbitration

    /// A "today" button on the chart (as in TargetTests): a tap with no time limit.
    static func chartWithButton() throws -> [Target] {
        [Target("chart", shape: .rectangle(chartRect), component: try TimelineComponent(chartConfiguration), children: [
            Target("today", shape: .rectangle(Rect(x: 170, y: 10, width: 30, height: 15)), gesture: TapGesture()),
        ])]
    }

    /// The lines of the chart and of the button up to 0.3 s, a finger held on the button from 0.
    static func heldOnTheButton() -> [String] {
        [
            explain("0.000000", "arbitration", "open", "waiting", "touch sequence began: waits for today"),
            explain("0.000000", tapPath, "idle", "pressed", "finger 0 landed at (180, 15): tap 1; deadline 0.300000"),
            explain("0.000000", longPress, "idle", "pressing", "finger 0 landed at (180, 15); deadline 0.300000"),
            explain("0.000000", pan, "idle", "pending", "finger 0 landed at (180, 15)"),
            explain("0.000000", "tap", "idle", "pressed", "finger 0 landed at (180, 15): tap 1", region: "today"),
            // The chart's long press is recognized while the button's tap is still possible: held.
            explain("0.300000", tapPath, "pressed", "failed", "deadline 0.300000: still down after long press 300 ms"),
            explain("0.300000", longPress, "pressing", "recognized", "deadline 0.300000: held 0 mm from its down <= slop 3 mm"),
            explain("0.300000", selecting, "first", "second", "long-press ended: 1 finger handed to drag"),
            explain("0.300000", selectDrag, "idle", "dragging", "finger 0 landed at (180, 15)"),
            explain("0.300000", choice, "undecided", "second", "first (tap) failed"),
            explain("0.300000", oneFinger, "undecided", "first", "first (exclusively) began"),
            explain("0.300000", "arbitration", "waiting", "holding", "2 updates held: today still possible"),
        ]
    }

    @Test func theChildWins_theParentsHeldUpdatesAreDropped() throws {
        let lines = try play(Self.chartWithButton(), explain: true) {
            rest(0, at: 180, 15, for: .ms(400))
            tick()
            after(.ms(100))
            up(0)
        }
        #expect(lines == Self.heldOnTheButton() + [
            Self.explain("0.500000", Self.selectDrag, "dragging", "ended", "finger 0 lifted"),
            Self.explain("0.500000", Self.selecting, "second", "ended", "drag ended"),
            Self.explain("0.500000", Self.pan, "pending", "failed", "finger 0 lifted within slop 3 mm"),
            Self.explain("0.500000", "tap", "pressed", "recognized", "finger 0 lifted, never beyond slop 3 mm", region: "today"),
            // The two held updates and the selection's end, of this input: never heard.
            Self.explain("0.500000", "arbitration", "holding", "lost", "today ended: lost, 3 updates never heard"),
            #"{"time":0.500000,"region":"today","type":"tap","x":180,"y":15,"count":1}"#,
            // The end of input opens the chart's arbitration again.
            Self.explain("0.500000", "arbitration", "lost", "open", "cancelled: end of input"),
        ])
    }

    @Test func theChildFails_theParentsHeldUpdatesAreReleased() throws {
        let lines = try play(Self.chartWithButton(), explain: true) {
            rest(0, at: 180, 15, for: .ms(400))
            tick()
            move(0, to: 160, 15)
            after(.ms(100))
            up(0)
        }
        #expect(lines == Self.heldOnTheButton() + [
            Self.explain("0.400000", Self.pan, "pending", "dragging", "finger 0 moved 20 mm > slop 3 mm"),
            Self.explain("0.400000", "tap", "pressed", "failed", "finger 0 moved 20 mm > slop 3 mm", region: "today"),
            Self.explain("0.400000", "arbitration", "holding", "open", "no rival succeeded (today): 2 held updates released"),
            // Released at 0.4: the held began (with its haptic), then this input's change.
            #"{"time":0.400000,"region":"chart","type":"select","phase":"began","anchor":17,"selection":{"start":17,"end":17}}"#,
            #"{"time":0.400000,"region":"chart","type":"haptic","kind":"press"}"#,
            #"{"time":0.400000,"region":"chart","type":"select","phase":"changed","anchor":17,"selection":{"start":15,"end":17}}"#,
            Self.explain("0.500000", Self.selectDrag, "dragging", "ended", "finger 0 lifted"),
            Self.explain("0.500000", Self.selecting, "second", "ended", "drag ended"),
            Self.explain("0.500000", Self.pan, "dragging", "ended", "finger 0 lifted"),
            #"{"time":0.500000,"region":"chart","type":"select","phase":"ended","anchor":17,"selection":{"start":15,"end":17}}"#,
        ])
    }
}
