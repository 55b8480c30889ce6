import EvdevModel
import Foundation
import GestureCore
import LiveInput
import Testing
import TraceFormats

/// A trace as a source: at once, as `gestures replay` prints it, and at its own pace on a manual clock.
@Suite struct TraceGestureSourceTests {
    static let recordings = ["synthetic-long-press-silent", "synthetic-dial-wind-limit", "synthetic-taps", "synthetic-pan"]

    /// As fast as possible, a dispatch at a time: the expected gestures, and no descriptor to poll.
    @Test(arguments: recordings)
    func asFastAsPossibleItGivesTheExpectedGestures(name: String) throws {
        let source = try TraceGestureSource(path: Recordings.trace(name), recognition: .layout(Recordings.layout(name)))
        #expect(source.fileDescriptor == nil)
        var delivered: [GestureEvent] = []
        while !source.isFinished {
            #expect(source.nextWakeup == .zero)
            source.dispatch(now: .zero) { delivered.append($0) }
        }
        #expect(lines(delivered) == (try Recordings.expectedLines(name)))
        #expect(source.nextWakeup == nil)
        #expect(source.failure == nil)
        #expect(source.endOfInput?.partialFrameDropped == false)
    }

    /// At its own pace, each event comes when as much time has passed since the first as in the trace (divided
    /// by the speed), deadlines included: a loop that moves a manual clock to each wake-up sees every event at
    /// its own time, and the same events as a replay.
    @Test(arguments: [1.0, 4.0])
    func atItsOwnPaceEachEventComesAtItsTime(speed: Double) throws {
        let name = "synthetic-long-press-silent"
        let source = try TraceGestureSource(path: Recordings.trace(name), recognition: .layout(Recordings.layout(name)),
                                            pacing: .realTime(speed: speed))
        let firstEvent = try #require(try TraceReader.open(path: Recordings.trace(name)).next())
        let clock = ManualClock(at(1000))
        var delivered: [(at: MonotonicTime, event: GestureEvent)] = []
        var wakeups = 0
        while !source.isFinished {
            clock.advance(to: try #require(source.nextWakeup))
            source.dispatch(now: clock.now()) { delivered.append((clock.now(), $0)) }
            wakeups += 1
        }
        #expect(lines(delivered.map(\.event)) == (try Recordings.expectedLines(name)))
        for (time, event) in delivered {
            let span = Double((event.time - firstEvent.time).microseconds) / speed
            #expect(time == at(1000) + TimeSpan(microseconds: Int64(span.rounded(.up))), "\(event)")
        }
        // One wake-up a frame (each comes at once), one for the long press: no busy loop.
        let frames = try TraceReader.open(path: Recordings.trace(name)).readAll().filter { $0.type == EventType.syn }.count
        #expect(wakeups <= frames + 2)
    }

    /// A change on a trace at its own pace happens at the time `now` stands for, after the events and the
    /// deadlines up to it.
    @Test func aChangeAtItsOwnPaceHappensAtTheTraceTimeOfNow() throws {
        let name = "synthetic-long-press-silent"
        let source = try TraceGestureSource(path: Recordings.trace(name), recognition: .layout(Recordings.layout(name)),
                                            pacing: .realTime(speed: 1))
        let firstEvent = try #require(try TraceReader.open(path: Recordings.trace(name)).next())
        #expect(source.dispatch(now: at(1000)).isEmpty)
        var times: [Timestamp] = []
        _ = source.change(now: at(1000.25)) { _, time in
            times.append(time)
            return []
        }
        #expect(times == [firstEvent.time + .ms(250)])
    }
}
