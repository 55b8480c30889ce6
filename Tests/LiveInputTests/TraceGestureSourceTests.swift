import EvdevModel
import Foundation
import GestureCore
import GestureRuntime
import LiveInput
import SystemCalls
import Testing
import TraceFormats
import TracePlayback

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

    /// Played to its end (`playToEnd`), a source at its own pace gives the same lines, and the same warnings, as one as
    /// fast as possible: its events one after another at their times, without waiting for them (no clock).
    @Test(arguments: recordings)
    func playedToItsEndAtItsOwnPaceItGivesTheExpectedGestures(name: String) throws {
        for pacing in [TraceGestureSource.Pacing.asFastAsPossible, .realTime(speed: 1)] {
            var warnings: [TraceWarning] = []
            let source = try TraceGestureSource(path: Recordings.trace(name), recognition: .layoutBesideTheTrace,
                                                pacing: pacing, warn: { warnings.append($0) })
            var delivered: [GestureEvent] = []
            try source.playToEnd(warn: { warnings.append($0) }) { delivered += $0 }
            #expect(lines(delivered) == (try Recordings.expectedLines(name)), "\(pacing)")
            #expect(warnings == [], "\(pacing)")
            #expect(source.isFinished)
        }
    }

    /// A `deliver` that stops the source ends it there: the pan in progress is cancelled at the last frame handled,
    /// and nothing of the trace comes after (the rest of the events read ahead are not handled).
    @Test func aStopFromTheDeliveryEndsTheSourceThere() throws {
        let name = "synthetic-pan"
        let source = try TraceGestureSource(path: Recordings.trace(name), recognition: .layout(Recordings.layout(name)))
        var delivered: [GestureEvent] = []
        func deliver(_ event: GestureEvent) {
            delivered.append(event)
            if delivered.count == 3 { source.stop(now: .zero) { delivered.append($0) } }
        }
        while !source.isFinished { source.dispatch(now: .zero, deliver) }
        #expect(lines(delivered) == Array(try Recordings.expectedLines(name).prefix(3)) + [
            #"{"time":0.540000,"region":"chart","type":"pan","phase":"cancelled","dx":-8,"dy":1}"#,
        ])
        #expect(source.endOfInput?.lastFrameTime == Timestamp(microseconds: 540_000))
    }

    /// A `deliver` that changes the engine at the pan's last move takes the source to its end from within a dispatch
    /// (its change dispatches first, which reads the lift and the end): the lines come once each, in order, and the
    /// source ends once, its last frame's time kept for the warning (a second ending lost it).
    @Test func aDeliveryThatTakesTheSourceToItsEndEndsItOnce() throws {
        let name = "synthetic-pan"
        let source = try TraceGestureSource(path: Recordings.trace(name), recognition: .layout(Recordings.layout(name)))
        let lastFrame = try #require(try TraceReader.open(path: Recordings.trace(name)).readAll().last { $0.type == EventType.syn })
        var delivered: [GestureEvent] = []
        func deliver(_ event: GestureEvent) {
            delivered.append(event)
            if event.time == Timestamp(microseconds: 1_400_000) { source.change(now: .zero, { _, _ in [] }, deliver) }
        }
        while !source.isFinished { source.dispatch(now: .zero, deliver) }
        #expect(lines(delivered) == (try Recordings.expectedLines(name)))
        #expect(source.endOfInput?.lastFrameTime == lastFrame.time)
        #expect(source.endOfInput?.partialFrameDropped == false)
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

    /// A trace whose write was cut short: a finger held from 0.5 s, then a partial frame at 2 s (no `SYN_REPORT`).
    /// No time passes beyond the last complete frame, so the selection's long press (due at 0.8 s) never fires: at
    /// once and at its own pace alike, nothing comes. (At its own pace the long press fired while the partial frame
    /// was awaited, and the end then cancelled it at 0.5 s, back in time.)
    @Test func aTrailingPartialFrameLetsNoDeadlineFire_atEitherPace() throws {
        let name = "synthetic-long-press-silent"
        let recording = try String(contentsOfFile: String(decoding: Recordings.trace(name).bytes, as: UTF8.self), encoding: .utf8)
        let header = recording.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.hasPrefix("E:") }.map(String.init)
        let events = [
            "E: 0.500000 0003 0039 0", "E: 0.500000 0003 0035 1140", "E: 0.500000 0003 0036 570", "E: 0.500000 0000 0000 0",
            "E: 2.000000 0003 0035 1200",
        ]
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cut-short-\(UUID().uuidString).evemu").path
        try (header + events).joined(separator: "\n").appending("\n").write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        for pacing in [TraceGestureSource.Pacing.asFastAsPossible, .realTime(speed: 1)] {
            let source = try TraceGestureSource(path: FilePath(path), recognition: .layout(Recordings.layout(name)), pacing: pacing)
            let clock = ManualClock(at(1000))
            var delivered: [GestureEvent] = []
            while !source.isFinished {
                clock.advance(to: max(clock.now(), try #require(source.nextWakeup)))
                source.dispatch(now: clock.now()) { delivered.append($0) }
            }
            #expect(lines(delivered) == [], "\(pacing)")
            #expect(source.endOfInput?.partialFrameDropped == true, "\(pacing)")
        }
    }
}
