import Foundation
import GestureCore
import GestureRuntime
import Synchronization
import Testing
import TraceFormats
import TracePlayback

/// A `GestureSession` driven from `@MainActor`, as an app drives it: the kitchen timer's recording at its own pace on a
/// manual clock that only the test moves, so that what the source has read when a change comes is exact.
@Suite struct GestureSessionTests {
    static let kitchenTimer = "synthetic-kitchen-timer"

    /// A session of the kitchen timer's recording at its own pace on `clock`, and its first event's time.
    static func kitchenTimerSession(clock: ManualClock, pendingChangeLimit: Int = GestureSession<TraceGestureSource>.maximumPendingChanges)
        throws -> GestureSession<TraceGestureSource> {
        let trace = Recordings.trace(kitchenTimer)
        let layout = try Recordings.layout(kitchenTimer)
        return GestureSession(clock: clock, pendingChangeLimit: pendingChangeLimit) { () throws(FileError) in
            try TraceGestureSource(path: trace, recognition: .layout(layout), pacing: .realTime(speed: 1))
        }
    }

    /// The clock's time at which the trace, started at 1000 s, reaches `seconds` of its own time (its first event is at 0).
    static func traceTime(_ seconds: Double) -> MonotonicTime { at(1000 + seconds) }

    /// Takes `count` events from `iterator`.
    static func take(_ count: Int, from iterator: inout GestureSession<TraceGestureSource>.Events.AsyncIterator,
                     isolation: isolated (any Actor)? = #isolation) async throws -> [String] {
        var taken: [GestureEvent] = []
        while taken.count < count, let event = try await iterator.next(isolation: isolation) { taken.append(event) }
        return lines(taken)
    }

    /// Takes every event left, to the end.
    static func rest(of iterator: inout GestureSession<TraceGestureSource>.Events.AsyncIterator,
                     isolation: isolated (any Actor)? = #isolation) async throws -> [String] {
        try await take(.max, from: &iterator)
    }

    /// The recording's expected lines up to `seconds` of its time.
    static func expectedLines(upTo seconds: Double) throws -> [String] {
        let marker = "\"time\":"
        return try Recordings.expectedLines(kitchenTimer).filter { line in
            let start = line.range(of: marker)!.upperBound
            return Double(line[start...].prefix { $0 != "," })! <= seconds
        }
    }

    /// A change that changes nothing: once it is answered, the source has read its input up to the clock's time, and
    /// the events of it are in the session's events.
    static func settle(_ session: GestureSession<TraceGestureSource>) async throws {
        try await session.change { _, _ in [] }
    }

    /// Moves `clock` to `seconds` of the trace's time and settles the session there. (The session's thread may be
    /// asleep in `poll()` until the trace's next event as the clock read before it moved: the change wakes it.)
    static func play(_ session: GestureSession<TraceGestureSource>, on clock: ManualClock, to seconds: Double) async throws {
        clock.advance(to: traceTime(seconds))
        try await settle(session)
    }

    /// The kitchen timer's session played to 3.05 s of its time, mid-wind at 82.384°, with the events up to there taken
    /// (the recording's, checked).
    struct MidWind {
        let clock: ManualClock
        let session: GestureSession<TraceGestureSource>
        var events: GestureSession<TraceGestureSource>.Events.AsyncIterator
        /// How many events were taken.
        let taken: Int

        static func start(isolation: isolated (any Actor)? = #isolation) async throws -> MidWind {
            let clock = ManualClock(traceTime(0))
            let session = try kitchenTimerSession(clock: clock)
            var events = session.events.makeAsyncIterator()
            try await settle(session)  // the trace's start at 1000 s
            try await play(session, on: clock, to: 3.05)
            let before = try expectedLines(upTo: 3.05)
            #expect(try await take(before.count, from: &events) == before)
            return MidWind(clock: clock, session: session, events: events, taken: before.count)
        }

        /// The events left, the clock moved past the trace's end.
        mutating func rest(isolation: isolated (any Actor)? = #isolation) async throws -> [String] {
            clock.advance(to: traceTime(10))
            return try await GestureSessionTests.rest(of: &events)
        }
    }

    /// The done-when of issue 24: a `@MainActor` app sets the dial's value mid-wind (3.05 s, at 82.384°), and the wind
    /// goes on from it: its next line is at the set value plus the turn since, with its `delta`, the detents and their
    /// haptics counting from the value set, to its end; the rest of the recording is as before.
    @MainActor @Test func aMainActorAppSetsTheDialsValueMidWind_andTheWindGoesOnFromIt() async throws {
        var midWind = try await MidWind.start()
        try await midWind.session.change { engine, time in
            try engine.modify("timer", as: DialComponent.self, at: time) { dial, _ in try dial.setValue(degrees: 200) }
        }
        #expect(try await midWind.rest() == [
            #"{"time":3.060000,"region":"timer","type":"wind","phase":"changed","angle":201.511,"delta":1.511,"detent":33}"#,
            #"{"time":3.070000,"region":"timer","type":"wind","phase":"changed","angle":203.024,"delta":1.513,"detent":34}"#,
            #"{"time":3.070000,"region":"timer","type":"haptic","kind":"detent","detent":34}"#,
            #"{"time":3.080000,"region":"timer","type":"wind","phase":"changed","angle":204.537,"delta":1.513,"detent":34}"#,
            #"{"time":3.090000,"region":"timer","type":"wind","phase":"changed","angle":206.044,"delta":1.507,"detent":34}"#,
            #"{"time":3.100000,"region":"timer","type":"wind","phase":"changed","angle":207.553,"delta":1.509,"detent":34}"#,
            #"{"time":3.200000,"region":"timer","type":"wind","phase":"ended","angle":207.553,"delta":0,"detent":34}"#,
            #"{"time":6.770000,"region":"chart","type":"tap","x":150,"y":40,"count":1,"value":"2025-11-22T00:00:00Z","selection":{"start":"2025-11-22","end":"2025-11-22"}}"#,
        ])
    }

    /// Once the session has ended (the trace's end), a change throws that it has ended, and changes nothing.
    @MainActor @Test func aChangeAfterTheEndThrowsThatTheSessionHasEnded() async throws {
        let layout = try Recordings.layout(Self.kitchenTimer)
        let session = TraceGestureSource.session(path: Recordings.trace(Self.kitchenTimer), recognition: .layout(layout))
        var taken: [GestureEvent] = []
        for try await event in session.events { taken.append(event) }
        #expect(lines(taken) == (try Recordings.expectedLines(Self.kitchenTimer)))
        let error = await #expect(throws: GestureSessionChangeError<GestureError>.sessionEnded) {
            try await session.change { (engine: inout GestureEngine, time: Timestamp) throws(GestureError) -> [GestureEvent] in
                try engine.setDialValue(of: "timer", degrees: 200, at: time)
            }
        }
        #expect(error?.description == "the gesture session has ended: the change was not made")
    }

    /// `stop()` mid-wind: the wind in progress is cancelled and its line still comes, then the events end; a change
    /// after the stop throws that the session has ended.
    @MainActor @Test func stoppingMidWindCancelsTheWind_thenTheEventsEnd() async throws {
        var midWind = try await MidWind.start()
        await midWind.session.stop()
        #expect(try await midWind.rest() == [
            #"{"time":3.050000,"region":"timer","type":"wind","phase":"cancelled","angle":82.384,"delta":0,"detent":14}"#,
        ])
        await #expect(throws: GestureSessionChangeError<Never>.sessionEnded) { try await Self.settle(midWind.session) }
        await midWind.session.stop()  // nothing more
    }

    /// The body's own error; `unexpected`, what setting the dial threw, when it threw.
    struct Refused: Error, Equatable {
        var unexpected: GestureError?
    }

    /// A body that throws, having set the dial's value: its error comes to the caller, and the engine is as it was (the
    /// wind goes on as recorded).
    @MainActor @Test func aBodyThatThrowsRethrowsItsError_andChangesNothing() async throws {
        var midWind = try await MidWind.start()
        await #expect(throws: GestureSessionChangeError.body(Refused())) {
            try await midWind.session.change { (engine: inout GestureEngine, time: Timestamp) throws(Refused) -> [GestureEvent] in
                do throws(GestureError) {
                    _ = try engine.setDialValue(of: "timer", degrees: 200, at: time)
                } catch {
                    throw Refused(unexpected: error)
                }
                throw Refused()
            }
        }
        #expect(try await midWind.rest() == Array(try Recordings.expectedLines(Self.kitchenTimer).dropFirst(midWind.taken)))
    }

    /// What a change body running on the source's thread lets the test see, and waits for.
    final class Gate: Sendable {
        private let entered = Mutex(false)
        private let opened = DispatchSemaphore(value: 0)

        /// In the body: says it has started, then waits until the test opens the gate.
        func pass() {
            entered.withLock { $0 = true }
            opened.wait()
        }

        func open() { opened.signal() }

        /// Waits up to 5 s until a body is at the gate.
        func waitUntilEntered() async throws {
            for _ in 0..<5000 where !entered.withLock({ $0 }) {
                try await Task.sleep(nanoseconds: 1_000_000)
            }
            try #require(entered.withLock { $0 })
        }
    }

    /// Waits up to 5 s until `count` changes wait for the session's thread.
    static func waitUntilPending(_ count: Int, in session: GestureSession<TraceGestureSource>) async throws {
        for _ in 0..<5000 where session.pendingChangeCount < count {
            try await Task.sleep(nanoseconds: 1_000_000)
        }
        try #require(session.pendingChangeCount == count)
    }

    /// Waits up to 5 s until a stop was asked of `session`: a change is then refused.
    static func waitUntilStopping(_ session: GestureSession<TraceGestureSource>) async throws {
        for _ in 0..<5000 where !session.isStopping {
            try await Task.sleep(nanoseconds: 1_000_000)
        }
        try #require(session.isStopping)
    }

    /// The mailbox holds at most its limit (1 here; 64 by default): while the thread runs a change, one more waits and
    /// the next is refused at once. Every change is answered; the waiting one runs once the thread is free.
    @Test func aChangeBeyondTheLimitIsRefused_andTheOthersRun() async throws {
        let clock = ManualClock(Self.traceTime(0))
        let session = try Self.kitchenTimerSession(clock: clock, pendingChangeLimit: 1)
        let gate = Gate()
        let first = Task { try await session.change { _, _ in gate.pass(); return [] } }
        try await gate.waitUntilEntered()
        let second = Task { try await session.change { _, _ in [] } }
        try await Self.waitUntilPending(1, in: session)
        let error = await #expect(throws: GestureSessionChangeError<Never>.tooManyPendingChanges) { try await Self.settle(session) }
        #expect(error?.description == "the gesture session has too many changes waiting already: the change was not made")
        gate.open()
        try await first.value
        try await second.value
        #expect(GestureSession<TraceGestureSource>.maximumPendingChanges == 64)
        await session.stop()
    }

    /// A change waiting when the source comes to its end is answered: the session has ended, the change not made.
    @Test func aChangeWaitingWhenTheSourceEndsIsAnswered() async throws {
        let clock = ManualClock(Self.traceTime(0))
        let session = try Self.kitchenTimerSession(clock: clock)
        var events = session.events.makeAsyncIterator()
        let gate = Gate()
        let first = Task { try await session.change { _, _ in gate.pass(); return [] } }
        try await gate.waitUntilEntered()
        clock.advance(to: Self.traceTime(10))
        let second = Task { try await session.change { _, _ in [] } }
        try await Self.waitUntilPending(1, in: session)
        gate.open()
        try await first.value
        // The second change's dispatch, up to the clock, takes the trace to its end: it is not made.
        await #expect(throws: GestureSessionChangeError<Never>.sessionEnded) { try await second.value }
        #expect(try await Self.rest(of: &events) == (try Recordings.expectedLines(Self.kitchenTimer)))
    }

    /// A change posted before a stop runs before it, even when the thread takes both at once; one posted after is
    /// refused.
    @Test func aChangePostedBeforeAStopRunsFirst() async throws {
        let clock = ManualClock(Self.traceTime(0))
        let session = try Self.kitchenTimerSession(clock: clock)
        let gate = Gate()
        let first = Task { try await session.change { _, _ in gate.pass(); return [] } }
        try await gate.waitUntilEntered()
        let ran = Mutex(false)
        let second = Task { try await session.change { _, _ in ran.withLock { $0 = true }; return [] } }
        try await Self.waitUntilPending(1, in: session)
        let stop = Task { await session.stop() }
        try await Self.waitUntilStopping(session)
        await #expect(throws: GestureSessionChangeError<Never>.sessionEnded) { try await Self.settle(session) }
        gate.open()
        try await first.value
        try await second.value
        await stop.value
        #expect(ran.withLock { $0 })
    }

    /// The events have one consumer: a second iterator ends at once, and the first takes every event.
    @Test func aSecondIteratorEndsAtOnce() async throws {
        let layout = try Recordings.layout(Self.kitchenTimer)
        let session = TraceGestureSource.session(path: Recordings.trace(Self.kitchenTimer), recognition: .layout(layout))
        var first = session.events.makeAsyncIterator()
        var second = session.events.makeAsyncIterator()
        #expect(try await second.next() == nil)
        #expect(try await Self.rest(of: &first) == (try Recordings.expectedLines(Self.kitchenTimer)))
    }

    /// A source that recognizes nothing has no engine to change.
    @Test func aSourceThatRecognizesNothingHasNoEngineToChange() async throws {
        let trace = Recordings.trace(Self.kitchenTimer)
        // At its own pace on a clock that stays still: the trace is not at its end.
        let session = GestureSession(clock: ManualClock(Self.traceTime(0))) { () throws(FileError) in
            try TraceGestureSource(path: trace, recognition: .nothing, pacing: .realTime(speed: 1))
        }
        let error = await #expect(throws: GestureSessionChangeError<Never>.noEngine) { try await Self.settle(session) }
        #expect(error?.description == "the gesture session's source recognizes nothing: there is no engine to change")
        await session.stop()
    }

    // MARK: Reporting to a @MainActor model

    /// A component of an app's own: it counts the taps on it, and reports each with its total as a `gesture` event. It
    /// holds no reference to the app's model: it runs on the source's thread, and may run on a copy of the engine.
    struct TapTally: Component {
        /// What the tally reports: the taps counted so far, and this one's count in its chain.
        struct Report: Hashable, Sendable {
            var taps: Int
            var count: Int
        }

        var gesture = TapGesture()
        var taps = 0

        mutating func deliver(_ update: GestureUpdate<TapGesture.Value>, to output: inout TargetOutput) {
            taps += 1
            output.emit(.gesture(update.phase, GestureValue(Report(taps: taps, count: update.value.count))))
        }
    }

    /// The app's model, on the main actor: it applies what the component reports.
    @MainActor final class TallyModel {
        private(set) var taps = 0
        private(set) var counts: [Int] = []

        func apply(_ event: GestureEvent) {
            guard case .gesture(.ended, let value) = event.kind, let report = value.as(TapTally.Report.self) else { return }
            taps = report.taps
            counts.append(report.count)
        }
    }

    /// A component reports to a `@MainActor` model through the session's events: the model, iterating them on its
    /// actor, sees every tap of the recording, in order, with no lock and no unsafe escape.
    @MainActor @Test func aComponentReportsToAMainActorModelThroughTheEvents() async throws {
        let surface = Target("tally", shape: .rectangle(Rect(x: 0, y: 0, width: 215.5, height: 134.7)), component: TapTally())
        let session = TraceGestureSource.session(path: Recordings.trace("synthetic-taps"),
                                                 recognition: .engine(try GestureEngine(targets: [surface])))
        let model = TallyModel()
        for try await event in session.events { model.apply(event) }
        #expect(model.taps == 8)
        #expect(model.counts == [1, 1, 2, 3, 1, 1, 2, 1])
    }
}
