import GestureCore
import GestureFormat
import Testing

/// The sentences of `--explain` (SPEC "Explanations"): every reason, with its numbers in the output's forms.
@Suite struct ExplanationTextTests {
    static func at(_ microseconds: Int64) -> Timestamp { Timestamp(microseconds: microseconds) }

    static let sentences: [(Explanation.Reason, String)] = [
        (.landed(finger: 0, at: Point(x: 95, y: 30.25), deadline: nil), "finger 0 landed at (95, 30.25)"),
        (.landed(finger: 2, at: Point(x: 1, y: 2), deadline: at(1_300_000)), "finger 2 landed at (1, 2); deadline 1.300000"),
        (.fingersLanded(count: 2, expected: 1), "2 fingers landed, expected 1"),
        (.secondFinger(1), "second finger landed (finger 1)"),
        (.pairLanded(first: 3, second: 4), "fingers 3 and 4 landed"),
        (.lifted(finger: 0), "finger 0 lifted"),
        (.liftedWithinSlop(finger: 0, slop: 3), "finger 0 lifted within slop 3 mm"),
        (.withdrawn(finger: 5), "finger 5 withdrawn by the device"),
        (.measured(Comparison(.moved(finger: 0), 4.2426, .beyond, 3, .slop)), "finger 0 moved 4.243 mm > slop 3 mm"),
        // A comparison that does not hold says the relation that does.
        (.measured(Comparison(.moved(finger: 0), 2, .beyond, 3, .slop)), "finger 0 moved 2 mm <= slop 3 mm"),
        (.measured(Comparison(.liftedAfter(finger: 1), 120, .below, 300, .longPress)), "finger 1 lifted after 120 ms < long press 300 ms"),
        (.measured(Comparison(.liftedAfter(finger: 1), 300, .below, 300, .longPress)), "finger 1 lifted after 300 ms >= long press 300 ms"),
        (.measured(Comparison(.distanceChanged, 3.5, .beyond, 3, .threshold)), "the fingers' distance changed 3.5 mm > threshold 3 mm"),
        (.measured(Comparison(.centerMoved, 3.25, .beyond, 3, .threshold)), "the fingers' midpoint moved 3.25 mm > threshold 3 mm"),
        (.measured(Comparison(.rotated, 2.25, .atLeast, 2, .threshold)), "the fingers turned 2.25° >= threshold 2°"),
        (.measured(Comparison(.rotated, 1, .atLeast, 2, .threshold)), "the fingers turned 1° < threshold 2°"),
        (.measured(Comparison(.landedFromEdge(finger: 0, edge: .left), 2, .within, 5, .edgeZone)),
         "finger 0 landed 2 mm from the left edge <= edge zone 5 mm"),
        (.measured(Comparison(.landedFromEdge(finger: 0, edge: .top), 12, .within, 5, .edgeZone)),
         "finger 0 landed 12 mm from the top edge > edge zone 5 mm"),
        (.cancelled(.dropped), "cancelled: SYN_DROPPED"),
        (.cancelled(.endOfInput), "cancelled: end of input"),
        (.cancelled(.forgotten), "cancelled: a new touch sequence forgets the one never heard"),

        (.tapLanded(finger: 0, at: Point(x: 50, y: 30), count: 1, previous: nil, deadline: at(300_000)),
         "finger 0 landed at (50, 30): tap 1; deadline 0.300000"),
        (.tapLanded(finger: 0, at: Point(x: 55, y: 32), count: 2,
                    previous: .init(count: 1, sinceLift: .ms(240), interval: .ms(300), distance: 5.385, maximumDistance: 10), deadline: nil),
         "finger 0 landed at (55, 32): tap 2, 240 ms after tap 1 lifted <= 300 ms, 5.385 mm from its down <= 10 mm"),
        (.tapLanded(finger: 0, at: Point(x: 52, y: 28), count: 1,
                    previous: .init(count: 3, sinceLift: .ms(301), interval: .ms(300), distance: 0, maximumDistance: 10), deadline: nil),
         "finger 0 landed at (52, 28): tap 1, 301 ms after tap 3 lifted > 300 ms"),
        (.tapLanded(finger: 0, at: Point(x: 63, y: 28), count: 1,
                    previous: .init(count: 1, sinceLift: .ms(160), interval: .ms(300), distance: 11, maximumDistance: 10), deadline: nil),
         "finger 0 landed at (63, 28): tap 1, 11 mm from its down > 10 mm"),
        (.tapLifted(finger: 0, slop: 3, held: nil), "finger 0 lifted, never beyond slop 3 mm"),
        (.tapWaiting(count: 1, required: 2, until: at(350_000)), "tap 1 of 2 lifted: waiting until 0.350000 for the next"),
        (.tooManyTaps(count: 3, required: 2), "tap 3 landed, more than 2"),
        (.chainEnded(count: 2, required: 2, by: .landedAway(finger: 0, distance: 12, maximumDistance: 10)),
         "finger 0 landed 12 mm from the last tap's down > 10 mm: the chain ends at 2 of 2 taps (recognized)"),
        (.chainEnded(count: 1, required: 2, by: .fingers(2)), "2 fingers landed: the chain ends at 1 of 2 taps (too few)"),
        (.tapHeldTooLong(deadline: at(1_300_000), limit: .ms(300)), "deadline 1.300000: still down after long press 300 ms"),
        (.chainClosed(deadline: at(500_000), count: 2, required: 2), "deadline 0.500000: no further tap: 2 of 2"),
        (.chainClosed(deadline: at(350_000), count: 1, required: 2), "deadline 0.350000: the chain stopped at 1 of 2 taps"),
        (.longPressHeld(deadline: at(300_000), distance: 1.25, slop: 3), "deadline 0.300000: held 1.25 mm from its down <= slop 3 mm"),

        (.movedInward(finger: 0, inward: 4, along: 1, slop: 3), "finger 0 moved 4 mm inward > slop 3 mm, and >= 1 mm along the edge"),
        (.movedNotInward(finger: 0, distance: 4.5, inward: 1, along: 4.4, slop: 3),
         "finger 0 moved 4.5 mm > slop 3 mm, not inward: 1 mm inward, 4.4 mm along the edge"),

        (.swipeFingers(down: 1, required: 1), "1 finger down of 1"),
        (.swipeFingers(down: 3, required: 2), "3 fingers down > 2"),
        (.swiped(direction: .right, speed: 250.5, minimumSpeed: 150, tolerance: 15), "lifted at 250.5 mm/s > 150 mm/s, right within 15°"),
        (.noSwipe(.fingers(down: 1, required: 2)), "no swipe: 1 finger down at the first lift, not 2"),
        (.noSwipe(.withdrawn(finger: 0)), "no swipe: finger 0 withdrawn by the device"),
        (.noSwipe(.tooSlow(finger: 0, speed: 80, minimum: 150)), "no swipe: finger 0 lifted at 80 mm/s <= 150 mm/s"),
        (.noSwipe(.tooShort(finger: 1, distance: 2, minimum: 3)), "no swipe: finger 1 moved 2 mm <= 3 mm"),
        (.noSwipe(.noDirection(finger: 0, heading: 22.5, tolerance: 15)), "no swipe: finger 0 heading 22.5° is within 15° of no direction"),
        (.noSwipe(.directionsDiffer(.right, .downRight)), "no swipe: the fingers went right and down-right"),

        (.sequenceBegan, "touch sequence began"),
        (.held(updates: 1, of: "drag", whileStillPossible: "tap"), "1 update of second (drag) held: first (tap) still possible"),
        (.firstWon(first: "tap", status: .ended, dropped: 0), "first (tap) ended"),
        (.firstWon(first: "drag", status: .active, dropped: 2), "first (drag) began: 2 updates of the second never heard"),
        (.firstFailed(first: "tap", released: 0), "first (tap) failed"),
        (.firstFailed(first: "tap", released: 3), "first (tap) failed: 3 held updates of the second released"),
        (.handedOver(first: "long-press", fingers: 1, to: "drag"), "long-press ended: 1 finger handed to drag"),
        (.handedOver(first: "long-press", fingers: 0, to: "drag"), "long-press ended with no finger down: nothing to hand to drag"),
        (.partFinished(part: "drag", status: .cancelled), "drag cancelled"),

        (.waitsFor(rivals: ["today", "later"]), "touch sequence began: waits for today, later"),
        (.noRival, "touch sequence began: no rival"),
        (.heldByRival(updates: 2, rival: "today"), "2 updates held: today still possible"),
        (.lostTo(rival: "today", status: .ended, dropped: 0), "today ended: lost"),
        (.lostTo(rival: "today", status: .active, dropped: 1), "today began: lost, 1 update never heard"),
        (.rivalsFailed(rivals: ["today"], released: 0), "no rival succeeded (today)"),
        (.rivalsFailed(rivals: [], released: 2), "no rival succeeded (none left): 2 held updates released"),
    ]

    @Test(arguments: sentences)
    func sentence(reason: Explanation.Reason, expected: String) {
        #expect(ExplanationText.reason(reason) == expected)
    }

    static let line = GestureEvent(time: at(300_000), target: "chart", kind: .explanation(Explanation(
        path: "exclusively.first.exclusively.first.tap", from: "pressed", to: "failed",
        reason: .tapHeldTooLong(deadline: at(300_000), limit: .ms(300)))))

    @Test func jsonLine() {
        #expect(EventFormatter().line(for: Self.line) == #"{"time":0.300000,"region":"chart","type":"explain","#
            + #""path":"exclusively.first.exclusively.first.tap","from":"pressed","to":"failed","#
            + #""reason":"deadline 0.300000: still down after long press 300 ms"}"#)
        #expect(EventFormatter(trace: "t.evemu").line(for: Self.line).hasPrefix(#"{"trace":"t.evemu","time":0.300000,"#))
    }

    @Test func textLine() {
        #expect(EventFormatter(format: .text).line(for: Self.line)
            == "0.300000 chart explain exclusively.first.exclusively.first.tap: pressed -> failed, deadline 0.300000: still down after long press 300 ms")
    }
}
