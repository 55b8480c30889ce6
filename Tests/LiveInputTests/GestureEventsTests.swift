import EvdevDevice
import EvdevModel
import Foundation
import GestureCore
import GestureRuntime
import GestureTestSupport
import LiveInput
import Synchronization
import SystemCalls
import Testing
import TraceFormats
import TracePlayback

/// The `AsyncSequence` of a source's events: a stand-in device (a pipe) on a manual clock that reads 500 s,
/// so that the times of a stop are exact; and the recordings of `Recordings/`.
@Suite struct GestureEventsTests {
    /// The lines taken so far by a consuming task, for the test to wait on.
    final class Taken: Sendable {
        private let taken = Mutex<[String]>([])

        func append(_ line: String) { taken.withLock { $0.append(line) } }
        var lines: [String] { taken.withLock { $0 } }

        /// Waits up to 5 s until `count` lines have been taken.
        func wait(for count: Int) async throws {
            for _ in 0..<5000 where lines.count < count {
                try await Task.sleep(nanoseconds: 1_000_000)
            }
            try #require(lines.count >= count)
        }
    }

    static let panBegan = #"{"time":10.050000,"region":"surface","type":"pan","phase":"began","dx":15,"dy":0}"#
    static let panCancelled = #"{"time":10.050000,"region":"surface","type":"pan","phase":"cancelled","dx":15,"dy":0}"#

    /// The events of a stand-in device whose source is made on the stream's thread.
    func events(_ pipe: EventPipe, probe: DeviceProbe) -> GestureEvents<LiveGestureSource> {
        GestureEvents(clock: ManualClock(at(500))) { () throws(LiveInputError) in
            try LiveGestureSource(input: PipeDevice(pipe, probe: probe), recognition: .layout(nil))
        }
    }

    /// Cancelling the consuming task cancels the gesture in progress (its `cancelled` still comes), closes the
    /// device, ends the sequence, and lets everything go.
    @Test func cancellingTheConsumerCancelsTheGesture_closesTheDevice_andEndsTheSequence() async throws {
        let pipe = try EventPipe()
        let probe = DeviceProbe()
        let taken = Taken()
        let stream = events(pipe, probe: probe)
        let consumer = Task {
            for try await event in stream { taken.append(lines([event])[0]) }
            return taken.lines
        }
        pipe.send(Finger.down(at: 10_000_000, x: 250, y: 100) + Finger.move(at: 10_050_000, x: 400, y: 100))
        try await taken.wait(for: 1)
        #expect(!probe.closed)
        consumer.cancel()
        #expect(try await consumer.value == [Self.panBegan, Self.panCancelled])
        #expect(probe.closed)
        try await probe.waitUntilReleased()
        #expect(probe.released)
        pipe.unplug()
    }

    /// An iterator dropped before the end stops its source just the same.
    @Test func droppingTheIteratorStopsTheSource() async throws {
        let pipe = try EventPipe()
        let probe = DeviceProbe()
        let stream = events(pipe, probe: probe)
        pipe.send(Finger.down(at: 10_000_000, x: 250, y: 100) + Finger.move(at: 10_050_000, x: 400, y: 100))
        var first: GestureEvent?
        for try await event in stream {
            first = event
            break
        }
        #expect(lines(first.map { [$0] } ?? []) == [Self.panBegan])
        try await probe.waitUntilReleased()
        #expect(probe.closed)
        #expect(probe.released)
        pipe.unplug()
    }

    /// A device that goes away: its last events come (the gesture in progress cancelled), then the error.
    @Test func aLostDeviceEndsTheSequenceWithItsError() async throws {
        let pipe = try EventPipe()
        let probe = DeviceProbe()
        let taken = Taken()
        let stream = events(pipe, probe: probe)
        let consumer = Task { () async throws(LiveInputError) -> [String] in
            for try await event in stream { taken.append(lines([event])[0]) }
            return taken.lines
        }
        pipe.send(Finger.down(at: 10_000_000, x: 250, y: 100) + Finger.move(at: 10_050_000, x: 400, y: 100))
        try await taken.wait(for: 1)
        pipe.unplug()
        let result = await consumer.result
        #expect(throws: LiveInputError.device(.lost(path: "/dev/input/event99", name: "Test MT-B"))) { try result.get() }
        #expect(taken.lines == [Self.panBegan, Self.panCancelled])
        #expect(probe.closed)
    }

    /// A device that cannot be opened: the first `next()` throws what opening it threw.
    @Test func aDeviceThatCannotBeOpenedFailsOnTheFirstNext() async {
        var iterator = LiveGestureSource.events(device: "/dev/input/no-such-event").makeAsyncIterator()
        await #expect(throws: LiveInputError.device(.missing(path: "/dev/input/no-such-event"))) {
            _ = try await iterator.next()
        }
    }

    /// A recording's stream gives exactly its expected gestures.
    @Test(arguments: ["synthetic-long-press-silent", "synthetic-dial-wind-limit"])
    func aTracesStreamGivesItsExpectedGestures(name: String) async throws {
        let layout = try Recordings.layout(name)
        let expected = try Recordings.expectedLines(name)
        var fast: [String] = []
        for try await event in TraceGestureSource.events(path: Recordings.trace(name), recognition: .layout(layout)) {
            fast += lines([event])
        }
        #expect(fast == expected)
    }

    /// With `explains: true`, a recording's stream and its session give exactly the lines of `gestures replay
    /// --explain` (the source opened as `replay` opens it, played to its end): the 36 transitions of the long press,
    /// its selection and the two taps among the expected gestures, in order (without it, the gestures alone:
    /// `aTracesStreamGivesItsExpectedGestures`).
    @Test func aTracesStreamExplainsAsReplayExplainDoes() async throws {
        let name = "synthetic-long-press-silent"
        let layout = try Recordings.layout(name)
        let replay = try TraceGestureSource(path: Recordings.trace(name), recognition: .given(.layout(layout)), explains: true,
                                            warn: { _ in })
        var replayed: [GestureEvent] = []
        try replay.playToEnd(warn: { _ in }) { replayed += $0 }
        let explained = lines(replayed)
        let isExplanation = { (line: String) in line.contains(#""type":"explain""#) }
        #expect(explained.filter(isExplanation).count == 36)
        #expect(explained.filter { !isExplanation($0) } == (try Recordings.expectedLines(name)))

        var streamed: [String] = []
        for try await event in TraceGestureSource.events(path: Recordings.trace(name), recognition: .layout(layout), explains: true) {
            streamed += lines([event])
        }
        #expect(streamed == explained)
        var session: [String] = []
        for try await event in TraceGestureSource.session(path: Recordings.trace(name), recognition: .layout(layout),
                                                          explains: true).events {
            session += lines([event])
        }
        #expect(session == explained)
    }
}
