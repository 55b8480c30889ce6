import GestureCore
import GestureTestSupport
import Testing

/// The combinators on their own, driven like the engine drives them.
@Suite struct ExclusiveTests {
    typealias TapThenPress = ExclusiveGesture<TapGesture, LongPressGesture>
    let tap = TapGesture(.init(maximumDistance: 3, maximumDuration: nil))
    let press = LongPressGesture(.init(minimumDuration: .ms(300), maximumDistance: 3))
    let origin = Point(x: 10, y: 10)

    @Test func firstHasPriorityEvenAfterTheSecondSucceeded() {
        // The long press is recognized at 300 ms but held while the tap is possible; the lift makes it a tap.
        var driver = GestureDriver(tap.exclusively(before: press))
        driver.run {
            hold(0, at: 10, 10, for: .ms(500))
        }
        #expect(driver.updates == [Timed(ms(500), GestureUpdate(.ended, .first(TapGesture.Value(location: origin, count: 1))))])
        #expect(driver.gesture.status == .ended)
    }

    @Test func secondIsReleasedWhenTheFirstFails() {
        // A tap limited to 200 ms fails at its deadline; the long press recognized at 300 ms is heard at once.
        let shortTap = TapGesture(.init(maximumDistance: 3, maximumDuration: .ms(200)))
        var driver = GestureDriver(shortTap.exclusively(before: press))
        driver.run {
            rest(0, at: 10, 10, for: .ms(400))
            tick()
            up(0)
        }
        #expect(driver.updates == [
            Timed(ms(300), GestureUpdate(.ended, .second(LongPressGesture.Value(startLocation: origin, location: origin)))),
        ])
    }

    @Test func heldUpdatesAreReleasedInOrderAtTheFailure() {
        // A drag with a 1 mm threshold begins while the tap (3 mm) is still possible; it is held, and
        // released, in order, on the frame that takes the finger beyond the tap's slop.
        let drag = DragGesture(.init(minimumDistance: 1))
        var driver = GestureDriver(tap.exclusively(before: drag))
        driver.run {
            down(0, at: 10, 10)
            moves(0, every: .ms(10), to: (12, 10), (14, 10))
            after(.ms(10))
            up(0)
        }
        let start = origin
        #expect(driver.updates.dropLast() == [
            Timed(ms(20), GestureUpdate(.began, .second(DragGesture.Value(startLocation: start, location: Point(x: 12, y: 10))))),
            Timed(ms(20), GestureUpdate(.changed, .second(DragGesture.Value(startLocation: start, location: Point(x: 14, y: 10))))),
        ])
        // The end, with the velocity of x = 10, 12, 14 at 0, 10, 20 ms: 200 mm/s (to rounding: the fit is
        // a least-squares quadratic through three points of a line).
        let end = driver.updates.last
        #expect(end?.time == ms(30) && end?.value.phase == .ended)
        guard case .second(let drag)? = end?.value.value, let velocity = drag.velocity else {
            Issue.record("no drag end: \(String(describing: end))")
            return
        }
        #expect(drag.startLocation == start && drag.location == Point(x: 14, y: 10))
        #expect(abs(velocity.vx - 200) < 1e-9 && abs(velocity.vy) < 1e-9)
    }

    @Test func aGestureThatBeganAndWasCancelledWhileHeldIsNeverHeard() {
        // The rotation stays possible while the drag begins (held) and is cancelled by the second
        // finger (held); when the rotation fails at the lifts, there is nothing to release.
        let drag = DragGesture(.init(minimumDistance: 1, extraTouch: .cancel))
        var driver = GestureDriver(RotationGesture().exclusively(before: drag))
        driver.run {
            rest(0, at: 10, 10, for: .ms(10))
            move(0, to: 12, 10)     // drag began, held
            after(.ms(10))
            down(1, at: 40, 10)     // drag cancelled, held; the rotation waits for a turn
            after(.ms(10))
            up(0)                   // the rotation fails
            up(1)
        }
        #expect(driver.updates.isEmpty)
        #expect(driver.gesture.status == .cancelled)
    }

    @Test func whatEndsInTheInputThatMakesTheFirstFailIsReported() {
        // The drag began while held; the second finger both fails the tap and cancels the drag.
        let drag = DragGesture(.init(minimumDistance: 1, extraTouch: .cancel))
        var driver = GestureDriver(tap.exclusively(before: drag))
        driver.run {
            rest(0, at: 10, 10, for: .ms(10))
            move(0, to: 12, 10)     // drag began, held
            after(.ms(10))
            down(1, at: 40, 10)     // tap fails, drag cancelled: both reported now
            after(.ms(10))
            up(0)
            up(1)
        }
        let value = DragGesture.Value(startLocation: origin, location: Point(x: 12, y: 10))
        #expect(driver.updates == [
            Timed(ms(20), GestureUpdate(.began, .second(value))),
            Timed(ms(20), GestureUpdate(.cancelled, .second(value))),
        ])
    }

    @Test func deadlinesOfBothAreSeenWhileUndecidedAndOnlyTheWinnersAfter() {
        var gesture = TapGesture(.init(maximumDistance: 3, maximumDuration: .ms(200))).exclusively(before: press)
        #expect(gesture.deadline == nil)
        _ = gesture.touchesChanged(TouchChanges(time: ms(0), landed: [TouchPoint(id: 0, position: origin)], fingersDown: 1))
        #expect(gesture.deadline == ms(200))
        #expect(gesture.deadlineReached(at: ms(200)).isEmpty)
        #expect(gesture.deadline == ms(300))
        let updates = gesture.deadlineReached(at: ms(300))
        #expect(updates == [GestureUpdate(.ended, .second(LongPressGesture.Value(startLocation: origin, location: origin)))])
        #expect(gesture.deadline == nil)
    }

    /// What the second did in a touch sequence the first won was never heard and does not carry over (as a target's
    /// gesture that lost, SPEC "Targets"): a tap lost to a long press is not the previous tap of the next one, whose
    /// count is 1 (SPEC `timeline` **tap**: "with no other gesture recognized ... in between"; a target's `tap` counts
    /// as a timeline's). It counted 3, after the tap before the long press and the unheard one.
    @Test func whatTheSecondDidInASequenceTheFirstWonDoesNotCarryOver() throws {
        let lines = try play([Target("photo", shape: .rectangle(Rect(x: 0, y: 0, width: 200, height: 100)),
                                 gesture: LongPressGesture().exclusively(before: TapGesture()))]) {
            down(0, at: 50, 50); after(.ms(50)); up(0)                // a tap, count 1
            after(.ms(50)); down(0, at: 50, 50); after(.ms(400)); up(0)   // a long press at 0.400
            after(.ms(100)); down(0, at: 50, 50); after(.ms(50)); up(0)   // 100 ms after: a tap, counting afresh
        }
        #expect(lines == [
            #"{"time":0.050000,"region":"photo","type":"tap","x":50,"y":50,"count":1}"#,
            #"{"time":0.400000,"region":"photo","type":"long-press","x":50,"y":50}"#,
            #"{"time":0.650000,"region":"photo","type":"tap","x":50,"y":50,"count":1}"#,
        ])
    }
}

@Suite struct SequenceTests {
    let origin = Point(x: 10, y: 10)
    let press = LongPressGesture(.init(minimumDuration: .ms(300), maximumDistance: 3))
    /// The long press's value when the finger has not moved from where it landed.
    var pressed: LongPressGesture.Value { LongPressGesture.Value(startLocation: origin, location: origin) }

    /// The long press, then a drag that begins beyond `minimumDistance` mm, driven through `script`.
    func pressThenDrag(minimumDistance: Double, @TouchScriptBuilder _ script: () -> [ScriptAction])
        -> GestureDriver<SequenceGesture<LongPressGesture, DragGesture>> {
        var driver = GestureDriver(press.sequenced(before: DragGesture(.init(minimumDistance: minimumDistance))))
        driver.run(script)
        return driver
    }

    /// A finger held still past the press's 300 ms, until the kernel drops events at 320 ms.
    @TouchScriptBuilder var pressedUntilADropAt320ms: [ScriptAction] {
        rest(0, at: 10, 10, for: .ms(320))
        synDropped()
    }

    /// A second still running when every finger has lifted (a double tap after its first tap) and a finger lands
    /// again: a new touch sequence, which starts the sequence over. What it began ends, cancelled (it began at the
    /// long press and was never ended).
    @Test func aSecondStillWaitingWhenANewTouchSequenceBeginsEndsCancelled() {
        var driver = GestureDriver(press.sequenced(before: TapGesture(count: 2)))
        driver.run {
            hold(0, at: 10, 10, for: .ms(350))  // the first tap of the second's chain: it waits for the next
            after(.ms(100))
            hold(0, at: 10, 10, for: .ms(50))  // a new touch sequence, too short a press: the sequence's first fails
        }
        #expect(driver.updates == [
            Timed(ms(300), GestureUpdate(.began, .first(pressed))),
            Timed(ms(450), GestureUpdate(.cancelled, .second(pressed, nil))),
        ])
        #expect(driver.gesture.status == .failed)
    }

    @Test func theSecondStartsWhenTheFirstIsRecognizedWithTheFingersDownThen() {
        let driver = pressThenDrag(minimumDistance: 0) {
            rest(0, at: 10, 10, for: .ms(100))
            move(0, to: 11, 10)             // within the press's slop
            after(.ms(300))
            move(0, to: 30, 10)             // deadline at 300 ms fires first
            after(.ms(10))
            up(0)
        }
        let pressValue = LongPressGesture.Value(startLocation: origin, location: Point(x: 11, y: 10))
        let handedOver = Point(x: 11, y: 10)
        #expect(driver.updates == [
            Timed(ms(300), GestureUpdate(.began, .first(pressValue))),
            Timed(ms(300), GestureUpdate(.changed, .second(pressValue, DragGesture.Value(startLocation: handedOver, location: handedOver)))),
            Timed(ms(400), GestureUpdate(.changed, .second(pressValue, DragGesture.Value(startLocation: handedOver, location: Point(x: 30, y: 10))))),
            // The drag's samples: x = 11 at its hand-over (300 ms), 30 at 400 ms. The pause of 100 ms between them is
            // beyond 40 ms: the finger had stopped, and the window holds the move at 400 ms alone: velocity 0.
            Timed(ms(410), GestureUpdate(.ended, .second(pressValue, DragGesture.Value(startLocation: handedOver, location: Point(x: 30, y: 10),
                                                                                         velocity: Velocity(vx: 0, vy: 0))))),
        ])
    }

    @Test func aSecondThatFailsEndsTheSequenceWithoutItsValue() {
        let driver = pressThenDrag(minimumDistance: 5) {
            rest(0, at: 10, 10, for: .ms(350))
            move(0, to: 12, 10)     // not beyond the drag's 5 mm
            after(.ms(50))
            up(0)
        }
        #expect(driver.updates == [
            Timed(ms(300), GestureUpdate(.began, .first(pressed))),
            Timed(ms(400), GestureUpdate(.ended, .second(pressed, nil))),
        ])
    }

    @Test func aFirstThatFailsFailsTheSequenceSilently() {
        let driver = pressThenDrag(minimumDistance: 0) {
            rest(0, at: 10, 10, for: .ms(100))
            move(0, to: 20, 10)     // beyond the press's slop before its deadline
            after(.ms(400))
            up(0)
        }
        #expect(driver.updates.isEmpty)
        #expect(driver.gesture.status == .failed)
        #expect(driver.gesture.deadline == nil)
    }

    @Test func cancellingAfterTheHandOverCancelsTheSequence() {
        let driver = pressThenDrag(minimumDistance: 0) { pressedUntilADropAt320ms }
        let drag0 = DragGesture.Value(startLocation: origin, location: origin)
        #expect(driver.updates == [
            Timed(ms(300), GestureUpdate(.began, .first(pressed))),
            Timed(ms(300), GestureUpdate(.changed, .second(pressed, drag0))),
            Timed(ms(320), GestureUpdate(.cancelled, .second(pressed, drag0))),
        ])
    }

    @Test func cancellingWhileTheSecondIsPendingStillCancelsTheSequence() {
        let driver = pressThenDrag(minimumDistance: 5) { pressedUntilADropAt320ms }
        #expect(driver.updates == [
            Timed(ms(300), GestureUpdate(.began, .first(pressed))),
            Timed(ms(320), GestureUpdate(.cancelled, .second(pressed, nil))),
        ])
        #expect(driver.gesture.status == .cancelled)
    }

    @Test func theDeadlineIsTheRunningPartsOne() {
        var gesture = press.sequenced(before: DragGesture(.init(minimumDistance: 0)))
        _ = gesture.touchesChanged(TouchChanges(time: ms(1000), landed: [TouchPoint(id: 7, position: origin)], fingersDown: 1))
        #expect(gesture.deadline == ms(1300))
        #expect(gesture.deadlineReached(at: ms(1300)) == [
            GestureUpdate(.began, .first(pressed)),
            GestureUpdate(.changed, .second(pressed, DragGesture.Value(startLocation: origin, location: origin))),
        ])
        #expect(gesture.deadline == nil)
        #expect(gesture.status == .active)
    }

    @Test func aSecondTouchSequenceStartsClean() {
        let driver = pressThenDrag(minimumDistance: 0) {
            hold(0, at: 10, 10, for: .ms(400))  // began at 300, ended at 400
            after(.ms(100))
            hold(1, at: 10, 10, for: .ms(400))  // began at 800, ended at 900
        }
        #expect(driver.updates.map { $0.value.phase } == [.began, .changed, .ended, .began, .changed, .ended])
        #expect(driver.updates.map { $0.time } == [ms(300), ms(300), ms(400), ms(800), ms(800), ms(900)])
    }
}

@Suite struct SimultaneousTests {
    let origin = Point(x: 10, y: 10)

    @Test func bothAreRecognizedIndependently() {
        let tap = TapGesture(.init(maximumDistance: 3, maximumDuration: nil))
        let press = LongPressGesture(.init(minimumDuration: .ms(300), maximumDistance: 3))
        var driver = GestureDriver(tap.simultaneously(with: press))
        driver.run {
            hold(0, at: 10, 10, for: .ms(500))
        }
        #expect(driver.updates == [
            Timed(ms(300), GestureUpdate(.ended, .second(LongPressGesture.Value(startLocation: origin, location: origin)))),
            Timed(ms(500), GestureUpdate(.ended, .first(TapGesture.Value(location: origin, count: 1)))),
        ])
        #expect(driver.gesture.status == .ended)
    }

    @Test func oneFailingDoesNotStopTheOther() {
        let tap = TapGesture(.init(maximumDistance: 3, maximumDuration: nil))
        let drag = DragGesture(.init(minimumDistance: 3))
        var driver = GestureDriver(tap.simultaneously(with: drag))
        driver.run {
            rest(0, at: 10, 10, for: .ms(10))
            move(0, to: 20, 10)
            after(.ms(10))
            up(0)
        }
        let moved = DragGesture.Value(startLocation: origin, location: Point(x: 20, y: 10))
        // The end's velocity: x = 10 at 0 ms, 20 at 10 ms, a line of slope 1000 mm/s (to rounding).
        let velocity = driver.updates.last.flatMap { if case .second(let drag) = $0.value.value { drag.velocity } else { nil } }
        #expect(abs((velocity?.vx ?? 0) - 1000) < 1e-9 && velocity?.vy == 0)
        #expect(driver.updates == [
            Timed(ms(10), GestureUpdate(.began, .second(moved))),
            Timed(ms(20), GestureUpdate(.ended, .second(DragGesture.Value(startLocation: origin, location: Point(x: 20, y: 10), velocity: velocity)))),
        ])
        #expect(driver.gesture.first.status == .failed)
        #expect(driver.gesture.status == .ended)
    }

    @Test func theDeadlineIsTheEarliestOfBoth() {
        let a = LongPressGesture(.init(minimumDuration: .ms(500), maximumDistance: 3))
        let b = LongPressGesture(.init(minimumDuration: .ms(200), maximumDistance: 3))
        var gesture = a.simultaneously(with: b)
        _ = gesture.touchesChanged(TouchChanges(time: ms(0), landed: [TouchPoint(id: 0, position: origin)], fingersDown: 1))
        #expect(gesture.deadline == ms(200))
        #expect(gesture.deadlineReached(at: ms(200)) == [
            GestureUpdate(.ended, .second(LongPressGesture.Value(startLocation: origin, location: origin))),
        ])
        #expect(gesture.deadline == ms(500))
    }
}

/// `Gesture.ignoresChangesUntilNextSequence`: a combinator does not feed a part that ignores the changes, until a new
/// touch sequence begins; a part that does not say so is fed every change.
@Suite struct IgnoredChangesTests {
    /// Counts the changes it is fed; fails at the first move of a touch sequence, and (when `declares`) says it ignores
    /// the changes once failed.
    struct FedCounter: Gesture {
        static let name = "fed-counter"
        let declares: Bool
        var fed = 0
        var failed = false
        var status: RecognizerStatus { failed ? .failed : .possible }
        var deadline: Timestamp? { nil }
        var ignoresChangesUntilNextSequence: Bool { declares && failed }

        mutating func touchesChanged<Log: TransitionLogging>(_ changes: TouchChanges, log: inout Log,
                                                             into updates: inout [GestureUpdate<Int>]) {
            fed += 1
            if changes.beginsSequence { failed = false }
            if !changes.moved.isEmpty { failed = true }
        }
        mutating func deadlineReached<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                              into updates: inout [GestureUpdate<Int>]) {}
        mutating func cancel<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                     into updates: inout [GestureUpdate<Int>]) {}
    }

    let drag = DragGesture(.init(minimumDistance: 1))

    /// A drag fails the counter at its first move; then the lift, and a tap after it.
    @TouchScriptBuilder var script: [ScriptAction] {
        dragOfEightMillimetres()
        after(.ms(100))
        tap(1, at: 30, 10, holding: .ms(10))
    }

    @Test func aFailedFirstThatSaysSoIsFedAgainOnlyWhenASequenceBegins() {
        var ignoring = GestureDriver(FedCounter(declares: true).exclusively(before: drag))
        ignoring.run { script }
        var fedAll = GestureDriver(FedCounter(declares: false).exclusively(before: drag))
        fedAll.run { script }
        // Fed: the landing, the move that fails it; not the next move nor the lift; then the second landing and lift.
        #expect(ignoring.gesture.first.fed == 4)
        #expect(fedAll.gesture.first.fed == 6)
        // The drag's updates, the same either way.
        #expect(ignoring.updates.map { Timed($0.time, $0.value.phase) } == [Timed(ms(10), .began), Timed(ms(20), .changed), Timed(ms(30), .ended)])
        #expect(ignoring.updates == fedAll.updates)
    }

    @Test func aSimultaneousPartThatIgnoresTheChangesIsNotFed() {
        var driver = GestureDriver(FedCounter(declares: true).simultaneously(with: drag))
        driver.run { script }
        #expect(driver.gesture.first.fed == 4)
        #expect(driver.updates.map { Timed($0.time, $0.value.phase) } == [Timed(ms(10), .began), Timed(ms(20), .changed), Timed(ms(30), .ended)])
    }
}

/// A gesture of your own that implements the inputs into a sink (`SinkGesture`): it gets the inputs into an array from
/// them, and inside a combinator its updates go straight to the whole's, in order with its part's.
@Suite struct SinkInputTests {
    /// Reports each frame in which its finger moved, with the count of moves so far; ends at the lift.
    struct MoveCounter: SinkGesture {
        // (Named: the sink inputs' `some UpdateSink` leaves it to infer.)
        typealias Value = Int
        static let name = "move-counter"
        var moves = 0
        var ended = false
        var status: RecognizerStatus { ended ? .ended : (moves > 0 ? .active : .possible) }
        var deadline: Timestamp? { nil }

        mutating func touchesChanged<Log: TransitionLogging>(_ changes: TouchChanges, log: inout Log,
                                                             sink updates: inout some UpdateSink<GestureUpdate<Int>>) {
            if !changes.moved.isEmpty {
                moves += 1
                updates.append(GestureUpdate(moves == 1 ? .began : .changed, moves))
            }
            if !changes.lifted.isEmpty && moves > 0 && !ended {
                ended = true
                updates.append(GestureUpdate(.ended, moves))
            }
        }
        mutating func deadlineReached<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                              sink updates: inout some UpdateSink<GestureUpdate<Int>>) {}
        mutating func cancel<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                     sink updates: inout some UpdateSink<GestureUpdate<Int>>) {}
    }

    @TouchScriptBuilder var script: [ScriptAction] { dragOfEightMillimetres() }

    @Test func onItsOwnItsArrayInputsComeFromItsSinkInputs() {
        var driver = GestureDriver(MoveCounter())
        driver.run { script }
        #expect(driver.updates == [
            Timed(ms(10), GestureUpdate(.began, 1)),
            Timed(ms(20), GestureUpdate(.changed, 2)),
            Timed(ms(30), GestureUpdate(.ended, 2)),
        ])
    }

    @Test func inACombinatorItsUpdatesGoStraightToTheWholes() {
        let drag = DragGesture(.init(minimumDistance: 1))
        var driver = GestureDriver(MoveCounter().simultaneously(with: drag))
        driver.run { script }
        // Frame by frame: the counter's update, then the drag's (the first part before the second).
        #expect(driver.updates.map { Timed($0.time, $0.value.phase) } == [
            Timed(ms(10), .began), Timed(ms(10), .began),
            Timed(ms(20), .changed), Timed(ms(20), .changed),
            Timed(ms(30), .ended), Timed(ms(30), .ended),
        ])
        #expect(driver.updates.compactMap { if case .first(let moves) = $0.value.value { moves } else { nil } } == [1, 2, 2])
        #expect(driver.updates.map { if case .first = $0.value.value { "counter" } else { "drag" } }
            == ["counter", "drag", "counter", "drag", "counter", "drag"])
    }
}

/// One finger down at (10, 10), moved 4 mm right twice, 10 ms apart, lifted 10 ms later: the drag both composition
/// suites above feed their gestures.
@TouchScriptBuilder private func dragOfEightMillimetres() -> [ScriptAction] {
        down(0, at: 10, 10)
        moves(0, every: .ms(10), to: (14, 10), (18, 10))
        after(.ms(10))
        up(0)
}
