import EvdevDevice
import EvdevModel
import Foundation
import GestureCore
import GestureRuntime
import GestureTestSupport
import Glibc
import LiveInput
import SystemCalls
import Testing
import TraceFormats
import TracePlayback

/// The live loop's timing on a manual clock: a stand-in device (a pipe) whose events arrive 490 s after their
/// device time (device time 10 s arrives at monotonic 500 s), the default layout (the whole 100 × 50 mm
/// surface as the timeline `surface`, a value per mm), and the grace of `gestures live` (20 ms).
@Suite struct LiveGestureSourceTests {
    let pipe: EventPipe
    let probe = DeviceProbe()
    let source: LiveGestureSource

    init() throws {
        pipe = try EventPipe()
        source = try LiveGestureSource(input: PipeDevice(pipe, probe: probe), recognition: .layout(nil))
    }

    /// The notices a source gave, in order.
    final class Notices {
        var all: [LiveNotice] = []
    }

    /// A source of its own, on a pipe device whose reads the test can script, and the notices it gives.
    static func noticingSource(probe: DeviceProbe = DeviceProbe()) throws
        -> (pipe: EventPipe, device: PipeDevice, source: LiveGestureSource, notices: Notices) {
        let notices = Notices()
        let pipe = try EventPipe()
        let device = PipeDevice(pipe, probe: probe)
        let source = try LiveGestureSource(input: device, recognition: .layout(nil), notices: { notices.all.append($0) })
        return (pipe, device, source, notices)
    }

    static let selectBegan = [
        #"{"time":10.300000,"region":"surface","type":"select","phase":"began","anchor":25,"selection":{"start":25,"end":25}}"#,
        #"{"time":10.300000,"region":"surface","type":"haptic","kind":"press"}"#,
    ]

    /// The long press fires once the event clock is the grace past its deadline, stamped with the deadline.
    /// With nothing pending the source asks for no wake-up.
    @Test func aDeadlineFiresAGracePastItOnTheEventClock_stampedWithItsOwnTime() {
        #expect(source.nextWakeup == nil)
        pipe.send(Finger.down(at: 10_000_000, x: 250, y: 100))
        #expect(source.dispatch(now: at(500)).isEmpty)
        // The long press is due at 10.300 on the event clock: 500.300 on the monotonic clock, plus the grace.
        #expect(source.nextWakeup == at(500.32))
        #expect(source.dispatch(now: at(500.319)).isEmpty)
        #expect(lines(source.dispatch(now: at(500.32))) == Self.selectBegan)
        // The selection waits for the finger: no deadline, no wake-up.
        #expect(source.nextWakeup == nil)
        pipe.send(Finger.up(at: 10_500_000))
        #expect(lines(source.dispatch(now: at(500.5))) == [
            #"{"time":10.500000,"region":"surface","type":"select","phase":"ended","anchor":25,"selection":{"start":25,"end":25}}"#,
        ])
        #expect(source.nextWakeup == nil)
        #expect(source.failure == nil)
        #expect(!source.isFinished)
    }

    /// `explains: true` (`live --explain`): the deadline's explanations come with its lines, stamped with it.
    @Test func anExplainingSourceDeliversTheDeadlinesExplanations() throws {
        let pipe = try EventPipe()
        let source = try LiveGestureSource(input: PipeDevice(pipe, probe: DeviceProbe()), recognition: .layout(nil), explains: true)
        pipe.send(Finger.down(at: 10_000_000, x: 250, y: 100))
        #expect(lines(source.dispatch(now: at(500))).count == 3)  // the tap, the long press and the pan follow the finger
        let path = "simultaneously.first.exclusively.first.exclusively"
        #expect(lines(source.dispatch(now: at(500.32))) == [
            #"{"time":10.300000,"region":"surface","type":"explain","path":"\#(path).first.tap","from":"pressed","to":"failed","#
                + #""reason":"deadline 10.300000: still down after long press 300 ms"}"#,
            #"{"time":10.300000,"region":"surface","type":"explain","path":"\#(path).second.sequenced.first.long-press","from":"pressing","#
                + #""to":"recognized","reason":"deadline 10.300000: held 0 mm from its down <= slop 3 mm"}"#,
            #"{"time":10.300000,"region":"surface","type":"explain","path":"\#(path).second.sequenced","from":"first","to":"second","#
                + #""reason":"long-press ended: 1 finger handed to drag"}"#,
            #"{"time":10.300000,"region":"surface","type":"explain","path":"\#(path).second.sequenced.second.drag","from":"idle","#
                + #""to":"dragging","reason":"finger 0 landed at (25, 10)"}"#,
            #"{"time":10.300000,"region":"surface","type":"explain","path":"\#(path)","from":"undecided","to":"second","#
                + #""reason":"first (tap) failed"}"#,
            #"{"time":10.300000,"region":"surface","type":"explain","path":"simultaneously.first.exclusively","from":"undecided","#
                + #""to":"first","reason":"first (exclusively) began"}"#,
        ] + Self.selectBegan)
    }

    /// A lift 15 ms late, within the grace, is still a tap: the long press had not fired.
    @Test func aFrameLateByLessThanTheGraceComesBeforeTheDeadline() {
        pipe.send(Finger.down(at: 10_000_000, x: 250, y: 100))
        #expect(source.dispatch(now: at(500)).isEmpty)
        #expect(source.dispatch(now: at(500.31)).isEmpty)
        // Stamped 10.290, it arrives at 500.315 (25 ms after its time), before the long press's wake-up.
        pipe.send(Finger.up(at: 10_290_000))
        #expect(lines(source.dispatch(now: at(500.315))) == [
            #"{"time":10.290000,"region":"surface","type":"tap","x":25,"y":10,"count":1,"value":25,"selection":{"start":25,"end":25}}"#,
        ])
    }

    /// A lift later than the grace, stamped before the time the loop had reached, is handled at that time:
    /// the lines never go back.
    @Test func aFrameLaterThanTheGraceIsHandledAtTheTimeReached() {
        pipe.send(Finger.down(at: 10_000_000, x: 250, y: 100))
        #expect(source.dispatch(now: at(500)).isEmpty)
        #expect(lines(source.dispatch(now: at(500.32))) == Self.selectBegan)
        pipe.send(Finger.up(at: 10_250_000))
        #expect(lines(source.dispatch(now: at(500.33))) == [
            #"{"time":10.300000,"region":"surface","type":"select","phase":"ended","anchor":25,"selection":{"start":25,"end":25}}"#,
        ])
    }

    /// The event clock is estimated from the latest event's arrival: an event that came later than the one
    /// before it moves the deadline's wake-up on by as much.
    @Test func theEventClockFollowsTheLatestArrival() {
        pipe.send(Finger.down(at: 10_000_000, x: 250, y: 100))
        #expect(source.dispatch(now: at(500)).isEmpty)
        #expect(source.nextWakeup == at(500.32))
        // 10.100 on the device, arriving 50 ms later than the first event's offset says (a move within the slop).
        pipe.send(Finger.move(at: 10_100_000, x: 251, y: 100))
        #expect(source.dispatch(now: at(500.15)).isEmpty)
        #expect(source.nextWakeup == at(500.37))
    }

    /// A change of the engine happens on the event clock less the grace, as a deadline fires: the long press
    /// due at 10.300 fires first only once that time has passed it.
    @Test func aChangeHappensOnTheEventClockLessTheGrace_afterTheDeadlinesDue() {
        pipe.send(Finger.down(at: 10_000_000, x: 250, y: 100))
        #expect(source.dispatch(now: at(500)).isEmpty)
        var times: [Timestamp] = []
        let noteTime: (inout GestureEngine, Timestamp) -> [GestureEvent] = { _, time in
            times.append(time)
            return []
        }
        #expect(source.change(now: at(500.31), noteTime).isEmpty)
        #expect(lines(source.change(now: at(500.33), noteTime)) == Self.selectBegan)
        #expect(times == [Timestamp(microseconds: 10_290_000), Timestamp(microseconds: 10_310_000)])
    }

    /// An app counting a timer down sets the dial's value through the source; the next wind goes on from it.
    @Test func anAppSetsTheDialsValueThroughTheSource() throws {
        let timer = DialConfiguration(name: "timer", center: Point(x: 50, y: 25), radius: 20, maxDegrees: 360)
        let engine = try GestureEngine(targets: [Target("timer", shape: .circle(center: timer.center, radius: timer.radius),
                                                    component: try DialComponent(timer))])
        let pipe = try EventPipe()
        let source = try LiveGestureSource(input: PipeDevice(pipe), recognition: .engine(engine))
        var events: [GestureEvent] = []
        try source.change(now: at(600), { engine, time in
            try engine.modify("timer", as: DialComponent.self, at: time) { dial, _ in try dial.setValue(degrees: 90) }
        }, { events.append($0) })
        #expect(events.isEmpty)
        #expect(source.engine.component(of: "timer", as: DialComponent.self)?.value.degrees == 90)
        #expect(source.nextWakeup == nil)
    }

    /// A device that reads ahead: the events it has read go to the pipeline where they lie, with the lines they
    /// give one at a time, and an app that changes the engine from its closure (which dispatches again) goes on
    /// after them, in order.
    @Test(arguments: [false, true]) func eventsReadAheadGiveTheSameLines(readsAhead: Bool) throws {
        let pipe = try EventPipe()
        let device = PipeDevice(pipe)
        device.readsAhead = readsAhead
        let source = try LiveGestureSource(input: device, recognition: .layout(nil))
        pipe.send(Finger.down(at: 10_000_000, x: 250, y: 100) + Finger.move(at: 10_050_000, x: 400, y: 100)
                  + Finger.move(at: 10_060_000, x: 500, y: 100) + Finger.up(at: 10_070_000)
                  + Finger.down(at: 10_100_000, x: 250, y: 100) + Finger.up(at: 10_150_000))
        var delivered: [GestureEvent] = []
        source.dispatch(now: at(500.2)) { event in
            delivered.append(event)
            // The first line: the app dispatches again (`change`), which reads on from where this dispatch is.
            if delivered.count == 1 { source.change(now: at(500.2), { _, _ in [] }) { delivered.append($0) } }
        }
        #expect(lines(delivered) == [
            #"{"time":10.050000,"region":"surface","type":"pan","phase":"began","dx":15,"dy":0}"#,
            #"{"time":10.060000,"region":"surface","type":"pan","phase":"changed","dx":25,"dy":0}"#,
            // The down came 50 ms before the first move, a pause beyond 40 ms: the window holds the two moves, 10 mm in
            // 10 ms.
            #"{"time":10.070000,"region":"surface","type":"pan","phase":"ended","dx":25,"dy":0,"vx":1000,"vy":0}"#,
            #"{"time":10.150000,"region":"surface","type":"tap","x":25,"y":10,"count":1,"value":25,"selection":{"start":25,"end":25}}"#,
        ])
        // The 20 events came through `readAhead`, in one run when the stand-in reads the pipe in one go, and the app's
        // dispatch from within the delivery took none of them out of order.
        #expect(device.skipped == 20)
        #expect(device.runs == (readsAhead ? 1 : 20))
        #expect(source.failure == nil)
    }

    /// A stop cancels the gestures in progress at the event-clock time and closes the device; nothing more
    /// comes after it.
    @Test func aStopCancelsTheGestureInProgressAtTheEventClockTime_andClosesTheDevice() {
        pipe.send(Finger.down(at: 10_000_000, x: 250, y: 100))
        #expect(source.dispatch(now: at(500)).isEmpty)
        #expect(lines(source.dispatch(now: at(500.32))) == Self.selectBegan)
        #expect(lines(source.stop(now: at(501))) == [
            #"{"time":11.000000,"region":"surface","type":"select","phase":"cancelled","anchor":25,"selection":{"start":25,"end":25}}"#,
        ])
        #expect(source.isFinished)
        #expect(source.failure == nil)
        #expect(probe.closed)
        #expect(source.nextWakeup == nil)
        #expect(source.dispatch(now: at(502)).isEmpty)
        #expect(source.stop(now: at(503)).isEmpty)
    }

    /// A device that goes away (its descriptor hangs up) ends the source as a stop does, and says why.
    @Test func aLostDeviceCancelsTheGestureInProgress_andSaysSo() {
        pipe.send(Finger.down(at: 10_000_000, x: 250, y: 100) + Finger.move(at: 10_050_000, x: 400, y: 100))
        #expect(lines(source.dispatch(now: at(500.05))) == [
            #"{"time":10.050000,"region":"surface","type":"pan","phase":"began","dx":15,"dy":0}"#,
        ])
        pipe.unplug()
        #expect(lines(source.dispatch(now: at(500.1))) == [
            #"{"time":10.100000,"region":"surface","type":"pan","phase":"cancelled","dx":15,"dy":0}"#,
        ])
        #expect(source.isFinished)
        #expect(source.failure == .device(.lost(path: "/dev/input/event99", name: "Test MT-B")))
        #expect(source.failure?.description == #"/dev/input/event99: the device "Test MT-B" disappeared"#)
        #expect(probe.closed)
    }

    /// A read that fails with the device still there is a `SYN_DROPPED` at the event-clock time: the gesture
    /// in progress is cancelled, the notices say so, and the events up to the next `SYN_REPORT` make no frame.
    @Test func aFailedReadIsASynDroppedAtTheEventClockTime() throws {
        let (pipe, device, source, notices) = try Self.noticingSource()
        pipe.send(Finger.down(at: 10_000_000, x: 250, y: 100))
        #expect(source.dispatch(now: at(500)).isEmpty)
        #expect(lines(source.dispatch(now: at(500.32))) == Self.selectBegan)
        device.scripted = [.failed(.invalidArgument, inARow: 1), .resynced]
        pipe.send(Finger.up(at: 10_600_000))
        #expect(lines(source.dispatch(now: at(500.6))) == [
            #"{"time":10.600000,"region":"surface","type":"select","phase":"cancelled","anchor":25,"selection":{"start":25,"end":25}}"#,
        ])
        #expect(notices.all == [.readFailed(.invalidArgument, inARow: 1), .resynced])
        #expect(!source.isFinished)
    }

    /// Reads that fail in a row end the source once there are eight and they have gone on for a second, as a
    /// lost device does. Eight at once do not: a device out of step with event boundaries catches up. From the
    /// eighth on, a dispatch reads once, so that each failure is timed by its own dispatch.
    @Test func readsThatFailInARowForASecondEndTheSource() throws {
        let probe = DeviceProbe()
        let (pipe, device, source, notices) = try Self.noticingSource(probe: probe)
        device.scripted = (1...11).map { .failed(.invalidArgument, inARow: $0) }
        pipe.send(Finger.down(at: 10_000_000, x: 250, y: 100))
        #expect(source.dispatch(now: at(500)).isEmpty)
        #expect(notices.all.count == 8)
        #expect(source.nextWakeup == .zero)   // at once: the device is still to read
        #expect(source.dispatch(now: at(500.5)).isEmpty)
        #expect(source.dispatch(now: at(500.999)).isEmpty)
        #expect(notices.all.count == 10)
        #expect(!source.isFinished)
        #expect(source.dispatch(now: at(501)).isEmpty)
        #expect(notices.all == (1...11).map { .readFailed(.invalidArgument, inARow: $0) })
        #expect(source.isFinished)
        #expect(source.failure == .readFailedRepeatedly(path: "/dev/input/event99", .invalidArgument, times: 11, during: .seconds(1)))
        #expect(source.failure?.description
            == "/dev/input/event99: reading the device failed 11 times in a row, for 1.000 s: Invalid argument")
        #expect(probe.closed)
    }

    /// Fewer than eight failed reads in a row do not end the source, however long they take.
    @Test func sevenFailedReadsInARowOverTwoSecondsDoNotEndTheSource() throws {
        let (pipe, device, source, notices) = try Self.noticingSource()
        device.scripted = (1...4).map { .failed(.invalidArgument, inARow: $0) }
        pipe.send(Finger.down(at: 10_000_000, x: 250, y: 100))
        #expect(source.dispatch(now: at(500)).isEmpty)
        device.scripted = (5...7).map { .failed(.invalidArgument, inARow: $0) }
        pipe.send(Finger.move(at: 10_010_000, x: 250, y: 100))
        #expect(source.dispatch(now: at(502)).isEmpty)
        #expect(notices.all == (1...7).map { .readFailed(.invalidArgument, inARow: $0) })
        #expect(!source.isFinished)
        #expect(source.failure == nil)
    }

    /// The recording holds the device's header, its events and the stop's `SYN_REPORT`: its replay gives
    /// exactly what the source delivered.
    @Test func theRecordingReplaysToWhatTheSourceDelivered() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("live-input-tests-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = FilePath(directory.appendingPathComponent("live.evemu").path)
        let pipe = try EventPipe()
        let source = try LiveGestureSource(input: PipeDevice(pipe), recognition: .layout(nil), recording: .file(file))
        pipe.send(Finger.down(at: 10_000_000, x: 250, y: 100))
        var delivered = source.dispatch(now: at(500))
        delivered += source.dispatch(now: at(500.32))
        delivered += source.stop(now: at(500.4))
        #expect(lines(delivered) == Self.selectBegan + [
            #"{"time":10.400000,"region":"surface","type":"select","phase":"cancelled","anchor":25,"selection":{"start":25,"end":25}}"#,
        ])
        let replay = try TraceGestureSource(path: file)
        var replayed: [GestureEvent] = []
        while !replay.isFinished { replayed += replay.dispatch(now: .zero) }
        #expect(replay.failure == nil)
        #expect(replayed == delivered)
    }

    /// A device that is not a touch device is refused, and closed.
    @Test func aDeviceThatIsNotATouchDeviceIsRefused() throws {
        let pipe = try EventPipe()
        let probe = DeviceProbe()
        let keyboard = DeviceDescription(name: "Test Keyboard", codes: [EventType.key: [1, 2, 3]], absinfo: [:])
        #expect(throws: LiveInputError.notATouchDevice(path: "/dev/input/event99", name: "Test Keyboard")) {
            try LiveGestureSource(input: PipeDevice(pipe, description: keyboard, probe: probe), recognition: .layout(nil))
        }
        #expect(probe.closed)
    }

    /// A node that does not exist, through libevdev: `.device(.missing)`.
    @Test func aMissingNodeIsMissing() throws {
        #expect(throws: LiveInputError.device(.missing(path: "/dev/input/no-such-event"))) {
            try LiveGestureSource(device: "/dev/input/no-such-event")
        }
    }
}

/// A plain `poll()` main loop on the source's descriptor and wake-up, in real time.
@Suite struct MainLoopTests {
    /// Runs the live loop (`LiveLoop`, as `gestures live` does) on `source` and a stop pipe until the stop pipe is
    /// written (after `stopAfter` milliseconds) or 5 s pass; returns how many times `poll()` returned, and what
    /// was delivered.
    func runLoop(_ source: LiveGestureSource, stopAfter milliseconds: Int) throws -> (wakeups: Int, events: [GestureEvent]) {
        let stop = try EventPipe()
        let writer = Thread {
            usleep(UInt32(milliseconds * 1000))
            var byte: UInt8 = 1
            _ = write(stop.writeEnd, &byte, 1)
        }
        writer.start()
        _ = try #require(source.fileDescriptor)
        var loop = LiveLoop(source: source, wakeDescriptor: stop.readEnd, clock: SystemMonotonicClock(), idleTimeoutMilliseconds: 5000)
        var wakeups = 0
        var events: [GestureEvent] = []
        let start = MonotonicTime.now
        while MonotonicTime.now - start < .seconds(5) {
            wakeups += 1
            if try loop.step({ events.append($0) }) == .woken { break }
        }
        return (wakeups, events)
    }

    /// A `poll()` interrupted by a signal is called again, and the stop still comes.
    @Test func anInterruptedPollSleepsAgain() throws {
        let pipe = try EventPipe()
        let source = try LiveGestureSource(input: PipeDevice(pipe), recognition: .layout(nil))
        let stop = try EventPipe()
        var byte: UInt8 = 1
        #expect(write(stop.writeEnd, &byte, 1) == 1)
        var polls = 0
        var loop = LiveLoop(source: source, wakeDescriptor: stop.readEnd, clock: SystemMonotonicClock()) { descriptors, timeout in
            polls += 1
            return polls == 1 ? .failure(.interrupted) : pollDescriptors(&descriptors, timeoutMilliseconds: timeout)
        }
        var events: [GestureEvent] = []
        #expect(try loop.step { events.append($0) } == .woken)
        #expect(polls == 2)
        #expect(events.isEmpty)
    }

    /// A `poll()` that fails with anything but EINTR ends the loop with an error that names it, instead of
    /// waking it again and again; the source is neither dispatched nor stopped.
    @Test func aFailingPollEndsTheLoopWithItsError() throws {
        let pipe = try EventPipe()
        let source = try LiveGestureSource(input: PipeDevice(pipe), recognition: .layout(nil))
        let stop = try EventPipe()
        var polls = 0
        var loop = LiveLoop(source: source, wakeDescriptor: stop.readEnd, clock: SystemMonotonicClock()) { _, _ in
            polls += 1
            return .failure(Errno(rawValue: EBADF))
        }
        #expect(throws: PollFailure(Errno(rawValue: EBADF))) { try loop.step { _ in } }
        #expect(PollFailure(Errno(rawValue: EBADF)).description == "poll failed: Bad file descriptor")
        #expect(polls == 1)
        #expect(!source.isFinished)
    }

    /// With nothing touching and no deadline, the loop sleeps until it is stopped: a single wake-up.
    @Test func anIdleSourceNeverWakesTheLoop() throws {
        let pipe = try EventPipe()
        let source = try LiveGestureSource(input: PipeDevice(pipe), recognition: .layout(nil))
        #expect(source.nextWakeup == nil)
        let run = try runLoop(source, stopAfter: 200)
        #expect(run.wakeups == 1)
        #expect(run.events.isEmpty)
    }

    /// A finger held down: the descriptor wakes the loop for the landing, then the long press's wake-up
    /// fires it; then, with the selection waiting for the finger, the loop sleeps until stopped.
    @Test func theDescriptorAndTheWakeupDriveALongPress() throws {
        let pipe = try EventPipe()
        let source = try LiveGestureSource(input: PipeDevice(pipe), recognition: .layout(nil))
        // Stamped now on the device's clock: the event clock is the monotonic clock.
        let now = MonotonicTime.now.microseconds
        pipe.send(Finger.down(at: now, x: 250, y: 100))
        let run = try runLoop(source, stopAfter: 800)
        let deadline = now + 300_000
        let time = String(format: "%lld.%06lld", deadline / 1_000_000, deadline % 1_000_000)
        #expect(lines(run.events) == [
            #"{"time":\#(time),"region":"surface","type":"select","phase":"began","anchor":25,"selection":{"start":25,"end":25}}"#,
            #"{"time":\#(time),"region":"surface","type":"haptic","kind":"press"}"#,
        ])
        // The landing, the deadline (the timeout is rounded up to the millisecond: never early), the stop.
        #expect(run.wakeups == 3)
    }
}
