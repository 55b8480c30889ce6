import EvdevModel
import GestureCore
import GestureRuntime
import GestureService
import SystemCalls
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The bindings' commands (SPEC "Service"): their environment, a continuous command's input, and their reaping.
@Suite struct ActionTests {
    static let device = ServedDeviceInfo(node: "/dev/input/event20", name: "Test Screen", kind: .touchscreen,
                                         surface: SurfaceMapping(x: AxisMapping(minimum: 0, maximum: 2000, unitsPerMillimetre: 10),
                                                                 y: AxisMapping(minimum: 0, maximum: 1200, unitsPerMillimetre: 10)),
                                         rotation: .none, hasLayout: false)

    /// A scratch directory of the test's own.
    final class Scratch {
        let path: String
        init() {
            var template = Array("/tmp/gestures-actions-XXXXXX".utf8CString)
            path = String(cString: mkdtemp(&template)!)
        }
        deinit { _ = system("rm -rf '\(path)'") }
        func read(_ name: String) -> String? {
            guard let file = fopen(path + "/" + name, "r") else { return nil }
            defer { fclose(file) }
            var bytes: [UInt8] = []
            while case let byte = fgetc(file), byte != EOF { bytes.append(UInt8(byte)) }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Notices, as the runner says them.
    final class Notices: @unchecked Sendable {
        var said: [String] = []
        func take(_ notice: ServiceNotice) {
            switch notice {
            case .runSkipped(let binding, _): said.append("skipped \(binding)")
            case .commandEnded(let binding, let command, _, let ending): said.append("ended \(binding) \(command) \(ending)")
            case .commandFailed(let binding, let command, let error): said.append("failed \(binding) \(command): \(error)")
            case .linesDropped(let binding, let count): said.append("dropped \(binding) \(count)")
            case .deviceTaken, .deviceDropped, .deviceRefused, .libevdev, .device, .hapticsUnavailable, .hapticsFailed: said.append("other")
            }
        }
    }

    /// Waits in `poll()` on the runner's pidfds and reaps, until no command runs (5 s at most).
    static func reapAll(_ runner: ActionRunner) {
        for _ in 0..<500 where runner.runningCount > 0 {
            var descriptors = runner.descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            _ = pollDescriptors(&descriptors, timeoutMilliseconds: 10)
            runner.reap()
        }
    }

    static let swipe = GestureEvent(time: Timestamp(microseconds: 1_250_000), target: "screen",
                                    kind: .swipe(.init(direction: .up, vx: 10.5, vy: -820, fingers: 3)))

    @Test func aCommandRunsWithTheGesturesFieldsInItsEnvironment() throws {
        let scratch = Scratch()
        let notices = Notices()
        let runner = ActionRunner(notices: notices.take)
        let binding = Binding(gesture: .swipe(fingers: 3, direction: .up),
                              run: ["sh", "-c", "env | grep ^GESTURE_ | sort > '\(scratch.path)/env'; exit 3"])
        #expect(runner.take(.run, binding: binding, index: 0, event: Self.swipe, device: Self.device))
        #expect(runner.runningCount == 1)
        Self.reapAll(runner)
        #expect(scratch.read("env") == """
            GESTURE_DEVICE=/dev/input/event20
            GESTURE_DEVICE_NAME=Test Screen
            GESTURE_DIRECTION=up
            GESTURE_FINGERS=3
            GESTURE_LINE={"device":"/dev/input/event20","time":1.250000,"region":"screen","type":"swipe","direction":"up","vx":10.5,"vy":-820,"fingers":3}
            GESTURE_TIME=1.250000
            GESTURE_TYPE=swipe
            GESTURE_VX=10.5
            GESTURE_VY=-820

            """)
        #expect(notices.said == ["ended bindings[0] (swipe) sh exited(3)"])
    }

    @Test func aTwoFingerTapsCommandHasItsFingersInItsEnvironment() throws {
        let scratch = Scratch()
        let notices = Notices()
        let runner = ActionRunner(notices: notices.take)
        let binding = Binding(gesture: .tap(count: 1, fingers: 2), run: ["sh", "-c", "env | grep ^GESTURE_ | sort > '\(scratch.path)/env'"])
        let tap = GestureEvent(time: Timestamp(microseconds: 80_000), target: "screen", kind: .tap(.init(x: 100, y: 65, count: 1, fingers: 2)))
        #expect(runner.take(.run, binding: binding, index: 0, event: tap, device: Self.device))
        Self.reapAll(runner)
        #expect(scratch.read("env") == """
            GESTURE_COUNT=1
            GESTURE_DEVICE=/dev/input/event20
            GESTURE_DEVICE_NAME=Test Screen
            GESTURE_FINGERS=2
            GESTURE_LINE={"device":"/dev/input/event20","time":0.080000,"region":"screen","type":"tap","x":100,"y":65,"count":1,"fingers":2}
            GESTURE_TIME=0.080000
            GESTURE_TYPE=tap
            GESTURE_X=100
            GESTURE_Y=65

            """)
        #expect(notices.said.isEmpty)  // a command that exits 0 is not said
    }

    @Test func aContinuousCommandReadsBeginUpdateAndEndOnItsInput() throws {
        let scratch = Scratch()
        let notices = Notices()
        let runner = ActionRunner(notices: notices.take)
        let binding = Binding(gesture: .pinch(closing: true), run: ["sh", "-c", "cat > '\(scratch.path)/lines'"], continuous: true)
        func pinch(_ phase: GesturePhase, _ scale: Double) -> GestureEvent {
            GestureEvent(time: .zero, target: "screen", kind: .magnify(phase, .init(scale: scale, center: Point(x: 100, y: 60))))
        }
        #expect(runner.take(.begin(progress: 0.75), binding: binding, index: 2, event: pinch(.began, 0.75), device: Self.device))
        #expect(runner.take(.update(progress: 0.5), binding: binding, index: 2, event: pinch(.changed, 0.5), device: Self.device))
        // A second gesture while the first goes on: passed over.
        #expect(!runner.take(.begin(progress: 0.9), binding: binding, index: 2, event: pinch(.began, 0.9), device: Self.device))
        #expect(runner.take(.end(progress: 0.25), binding: binding, index: 2, event: pinch(.ended, 0.25), device: Self.device))
        Self.reapAll(runner)
        #expect(scratch.read("lines") == "begin 0.75\nupdate 0.5\nend 0.25\n")
        #expect(notices.said == ["skipped bindings[2] (pinch)"])
    }

    /// A command that does not read never holds the service: its lines beyond the pipe's 64 KiB are dropped, and
    /// counted once its input is closed.
    @Test func aCommandThatDoesNotReadLosesLinesNeverTheService() throws {
        let scratch = Scratch()
        let notices = Notices()
        let runner = ActionRunner(notices: notices.take)
        let binding = Binding(gesture: .rotation(clockwise: nil), run: ["sh", "-c", "sleep 0.3; wc -l > '\(scratch.path)/count'"],
                              continuous: true)
        let event = GestureEvent(time: .zero, target: "screen", kind: .rotation(.began, .init(rotation: 5, center: Point(x: 0, y: 0))))
        #expect(runner.take(.begin(progress: 5), binding: binding, index: 0, event: event, device: Self.device))
        // The pipe holds 16 pages of 4 KiB, a write of a line never split between two: "begin 5\n" (8 bytes) and 371
        // lines of "update 0.5\n" (11 bytes) in the first, 372 in each other: 5,952 lines, the 4,048 other updates and
        // the end dropped.
        for _ in 0..<9_999 { runner.take(.update(progress: 0.5), binding: binding, index: 0, event: event, device: Self.device) }
        runner.take(.end(progress: 0.5), binding: binding, index: 0, event: event, device: Self.device)
        #expect(notices.said == ["dropped bindings[0] (rotation) 4049"])
        Self.reapAll(runner)
        #expect(scratch.read("count") == "5952\n")
    }

    /// Every command is reaped once it has ended: none is left a zombie.
    @Test func everyCommandIsReaped() throws {
        let notices = Notices()
        let runner = ActionRunner(notices: notices.take)
        for index in 0..<5 {
            let binding = Binding(gesture: .tap(count: 1), run: ["true"])
            #expect(runner.take(.run, binding: binding, index: index, event: Self.swipe, device: Self.device))
        }
        let pids = runner.runningProcesses
        #expect(pids.count == 5)
        Self.reapAll(runner)
        #expect(runner.runningCount == 0)
        #expect(runner.descriptors.isEmpty)
        #expect(notices.said.isEmpty)
        // A zombie still answers kill(pid, 0); a reaped process is gone (ESRCH).
        for pid in pids { #expect(kill(pid, 0) == -1 && errno == ESRCH, "process \(pid)") }
    }

    @Test func aCommandThatCannotStartIsSaid() throws {
        let notices = Notices()
        let runner = ActionRunner(notices: notices.take)
        let binding = Binding(gesture: .tap(count: 1), run: ["/nonexistent/command"])
        #expect(!runner.take(.run, binding: binding, index: 1, event: Self.swipe, device: Self.device))
        #expect(runner.runningCount == 0)
        #expect(notices.said == ["failed bindings[1] (tap) /nonexistent/command: No such file or directory"])
    }
}
