import EvdevModel
import GestureCore
import GestureRuntime
import GestureTestSupport
import SystemCalls
import Testing
import TracePlayback

/// The pipeline from evdev events to gesture events, on a protocol B test device (100 × 50 mm at 10 units/mm)
/// with the default layout: the whole surface as the timeline `surface`, domain 0…100 in buckets of 1, so a
/// tap's value is its x in mm.
@Suite struct GesturePipelineTests {
    private func pipeline() throws -> GesturePipeline {
        let description = TestDevices.slots(2)
        let surface = try #require(description.surfaceMapping())
        return try #require(try GesturePipeline(description: description, surface: surface, layout: nil))
    }

    private func surfaceEvent(_ microseconds: Int64, _ kind: GestureEvent.Kind) -> GestureEvent {
        GestureEvent(time: T(microseconds), target: "surface", kind: kind)
    }

    /// A tap at (25, 10) mm, in value 25's bucket.
    private var tapAt25: GestureEvent.Kind {
        .tap(GestureEvent.Tap(x: 25, y: 10, count: 1, value: .number(25), selection: Selection(start: .number(25), end: .number(25))))
    }

    /// Down, `SYN_REPORT`, up, `SYN_REPORT`: the tap comes out of the second `SYN_REPORT`, and nothing else
    /// comes out of any event.
    @Test func tap() throws {
        var pipeline = try pipeline()
        #expect(pipeline.engine.targetNames == ["surface"])
        var s = EventScript()
        s.at(1_000); s.slot(0); s.trackingID(1); s.position(250, 100); s.report()
        s.at(51_000); s.trackingID(-1); s.report()
        #expect(s.events.map { pipeline.handle($0) } == [[], [], [], [], [], [], [surfaceEvent(51_000, tapAt25)]])
        #expect(pipeline.nextDeadline == nil)
        #expect(pipeline.finish() == GesturePipeline.EndOfInput(events: [], partialFrameDropped: false, lastFrameTime: T(51_000)))
    }

    /// A buffer of events: each call handles them up to the first that causes gesture events, and says how many
    /// it handled; the pan's begin and its cancel come out of the events that cause them, as one at a time.
    @Test func aBufferIsHandledUpToTheFirstEventWithGestureEvents() throws {
        var pipeline = try pipeline()
        let events = panThenDropped.events
        #expect(events.count == 10)
        var calls: [(handled: Int, events: [GestureEvent])] = []
        var observed: [Timestamp] = []
        events.withUnsafeBufferPointer { buffer in
            var next = 0
            while next < buffer.count {
                let call = pipeline.handle(UnsafeBufferPointer(rebasing: buffer[next...]), observingFrames: { observed.append($0.time) })
                calls.append(call)
                next += call.handled
            }
        }
        #expect(calls.map(\.handled) == [7, 1, 2])
        #expect(calls.map(\.events) == [
            [surfaceEvent(11_000, .pan(.began, GestureEvent.Pan(dx: 35, dy: 0)))],
            [surfaceEvent(21_000, .pan(.cancelled, GestureEvent.Pan(dx: 35, dy: 0)))],
            [],
        ])
        #expect(observed == [T(1_000), T(11_000), T(21_500)])
        #expect(pipeline.handle(UnsafeBufferPointer(start: nil, count: 0), observingFrames: { _ in }) == (0, []))
    }

    /// A finger lands at 1 ms and pans 35 mm at 11 ms; the device drops events at 21 ms, and the resync after
    /// it lifts the finger at 21.5 ms.
    private var panThenDropped: EventScript {
        var s = EventScript()
        s.at(1_000); s.slot(0); s.trackingID(1); s.position(250, 100); s.report()
        s.at(11_000); s.abs(AbsCode.mtPositionX, 600); s.report()
        s.at(21_000); s.dropped()
        s.at(21_500); s.trackingID(-1); s.report()
        return s
    }

    /// `SYN_DROPPED` cancels the pan in progress at its time; the lift in the events after it (the resync)
    /// ends the finger without a line, and the next touch is a tap again.
    @Test func droppedEventsCancelThePanInProgress() throws {
        var pipeline = try pipeline()
        var s = panThenDropped
        s.at(31_000); s.trackingID(2); s.position(250, 100); s.report()
        s.at(41_000); s.trackingID(-1); s.report()
        #expect(s.events.flatMap { pipeline.handle($0) } == [
            surfaceEvent(11_000, .pan(.began, GestureEvent.Pan(dx: 35, dy: 0))),
            surfaceEvent(21_000, .pan(.cancelled, GestureEvent.Pan(dx: 35, dy: 0))),
            surfaceEvent(41_000, tapAt25),
        ])
        #expect(pipeline.finish() == GesturePipeline.EndOfInput(events: [], partialFrameDropped: false, lastFrameTime: T(41_000)))
    }

    /// The end of a trace: events after the last `SYN_REPORT` are dropped and reported, and the pan in
    /// progress is cancelled at the last frame's time.
    @Test func finishCancelsAtTheLastFrameAndReportsThePartialFrame() throws {
        var pipeline = try pipeline()
        var s = EventScript()
        s.at(1_000); s.slot(0); s.trackingID(1); s.position(250, 100); s.report()
        s.at(11_000); s.abs(AbsCode.mtPositionX, 600); s.report()
        s.at(21_000); s.abs(AbsCode.mtPositionX, 900)
        #expect(s.events.flatMap { pipeline.handle($0) } == [surfaceEvent(11_000, .pan(.began, GestureEvent.Pan(dx: 35, dy: 0)))])
        #expect(pipeline.finish() == GesturePipeline.EndOfInput(
            events: [surfaceEvent(11_000, .pan(.cancelled, GestureEvent.Pan(dx: 35, dy: 0)))],
            partialFrameDropped: true, lastFrameTime: T(11_000)))
    }

    /// A change whose body throws (a caller's mistake) throws from `change(at:_:)`, and the deadline that fired for it
    /// comes first with the next input: the events are those of a pipeline never asked for the change.
    @Test func aChangeThatThrows_leavesItsDeadlinesToTheNextInput() throws {
        var pipeline = try pipeline()
        var s = EventScript()
        s.at(1_000); s.slot(0); s.trackingID(1); s.position(250, 100); s.report()
        #expect(s.events.flatMap { pipeline.handle($0) } == [])
        #expect(throws: GestureError.noTarget(named: "timer")) {
            try pipeline.change(at: T(320_000)) { engine, time in try engine.setDialValue(of: "timer", degrees: 90, at: time) }
        }
        var lift = EventScript()
        lift.at(330_000); lift.trackingID(-1); lift.report()
        let selection = GestureEvent.Select(anchor: .number(25), selection: Selection(start: .number(25), end: .number(25)))
        #expect(lift.events.flatMap { pipeline.handle($0) } == [
            surfaceEvent(301_000, .select(.began, selection)),
            surfaceEvent(301_000, .haptic(.press)),
            surfaceEvent(330_000, .select(.ended, selection)),
        ])
    }

    /// A live run: the long press's deadline fires through `advance(to:)`, and the stop (`finish(at:)`)
    /// cancels the selection at the stop's time.
    @Test func deadlineThenStop() throws {
        var pipeline = try pipeline()
        var s = EventScript()
        s.at(1_000); s.slot(0); s.trackingID(1); s.position(250, 100); s.report()
        #expect(s.events.flatMap { pipeline.handle($0) } == [])
        #expect(pipeline.nextDeadline == T(301_000))
        #expect(pipeline.advance(to: T(300_999)) == [])
        let selection = GestureEvent.Select(anchor: .number(25), selection: Selection(start: .number(25), end: .number(25)))
        #expect(pipeline.advance(to: T(301_000)) == [
            surfaceEvent(301_000, .select(.began, selection)),
            surfaceEvent(301_000, .haptic(.press)),
        ])
        #expect(pipeline.nextDeadline == nil)
        #expect(pipeline.finish(at: T(400_000)) == [surfaceEvent(400_000, .select(.cancelled, selection))])
        #expect(pipeline.finish() == GesturePipeline.EndOfInput(events: [], partialFrameDropped: false, lastFrameTime: nil))
    }

    /// After the device's clock stepped back an hour, the deadlines are on the engine's time (the device's
    /// plus `clockShift`), and a stop at an earlier device time cancels at its frame's time, as a replay of
    /// the recording does, never before the lines already printed.
    @Test func aClockStepBackShiftsDeadlinesAndTheStop() throws {
        var pipeline = try pipeline()
        let hour: Int64 = 3_600_000_000
        var s = EventScript()
        s.at(hour); s.report()
        s.at(1_000); s.slot(0); s.trackingID(1); s.position(250, 100); s.report()
        #expect(s.events.flatMap { pipeline.handle($0) } == [])
        #expect(pipeline.clockShift == TimeSpan(microseconds: hour - 1_000))
        #expect(pipeline.nextDeadline == T(hour + 300_000))
        let selection = GestureEvent.Select(anchor: .number(25), selection: Selection(start: .number(25), end: .number(25)))
        #expect(pipeline.advance(to: T(hour + 300_000)) == [
            surfaceEvent(hour + 300_000, .select(.began, selection)),
            surfaceEvent(hour + 300_000, .haptic(.press)),
        ])
        #expect(pipeline.finish(at: T(400_000)) == [surfaceEvent(hour + 399_000, .select(.cancelled, selection))])
    }

    /// A frame that comes after `advance(to:)` but is stamped earlier (a device that delivered late) is
    /// handled at the time advanced to: the lines never go back in time.
    @Test func aLateFrameIsHandledAtTheTimeAdvancedTo() throws {
        var pipeline = try pipeline()
        var s = EventScript()
        s.at(1_000); s.slot(0); s.trackingID(1); s.position(250, 100); s.report()
        #expect(s.events.flatMap { pipeline.handle($0) } == [])
        let selection = GestureEvent.Select(anchor: .number(25), selection: Selection(start: .number(25), end: .number(25)))
        #expect(pipeline.advance(to: T(320_000)) == [
            surfaceEvent(301_000, .select(.began, selection)),
            surfaceEvent(301_000, .haptic(.press)),
        ])
        var late = EventScript()
        late.at(250_000); late.trackingID(-1); late.report()
        #expect(late.events.flatMap { pipeline.handle($0) } == [surfaceEvent(320_000, .select(.ended, selection))])
    }

    /// A device without touches makes no pipeline.
    @Test func keyboardMakesNoPipeline() throws {
        let keyboard = DeviceDescription(name: "keyboard", codes: [EventType.key: [30, 31]])
        let surface = try #require(TestDevices.slots(2).surfaceMapping())
        #expect(try GesturePipeline(description: keyboard, surface: surface, layout: nil) == nil)
    }
}
