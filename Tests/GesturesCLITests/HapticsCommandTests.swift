import Foundation
import Testing

/// `gestures live --haptics` on an emulated force-feedback device (Tests/Fixtures/umockdev/haptics.py answers its
/// ioctls and sees its writes through umockdev's ioctl handler) and on a real feedbackd on a private session bus
/// (Tests/Fixtures/dbus/feedbackd-bus.sh, the calls seen by dbus-monitor). The touchscreen plays
/// tap-longpress-mt: a tap, then a long press whose `haptic` of kind `press` is the run's one haptic.
@Suite(.serialized, .enabled(if: Emulated.available && HapticsHarness.available,
                             "umockdev, python3-gi or feedbackd is missing: run `make test`, which installs them"))
struct HapticsCommandTests {
    static let trace = Emulated.fixtures.appendingPathComponent("traces/tap-longpress-mt.events").path

    /// The lines of the long press, as without --haptics: the JSON output is unchanged.
    static let expectedLines = [
        #"{"time":0.090000,"region":"surface","type":"tap","x":52.632,"y":52.632,"count":1,"value":24.42,"selection":{"start":24,"end":24}}"#,
        #"{"time":1.390000,"region":"surface","type":"select","phase":"began","anchor":73,"selection":{"start":73,"end":73}}"#,
        #"{"time":1.390000,"region":"surface","type":"haptic","kind":"press"}"#,
        #"{"time":1.600000,"region":"surface","type":"select","phase":"ended","anchor":73,"selection":{"start":73,"end":73}}"#,
    ]

    /// `gestures live … --haptics /dev/input/event30` on the emulated touchscreen and vibrator; the vibrator's log.
    func vibrator(ff: String = "rumble", trace: String = trace, _ arguments: [String]) throws -> (Run, [String]) {
        let scratch = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let log = scratch.appendingPathComponent("vibrator.log").path
        let fixtures = Emulated.fixtures.path
        let run = try CLI.runProcess(["/usr/bin/python3", HapticsHarness.vibrator, "--log", log, "--ff", ff, "--interrupt-after", "2.5",
                                      "--device", fixtures + "/touchscreen-mt.umockdev", fixtures + "/touchscreen-mt.ioctl",
                                      "/dev/input/event20", trace, "--", CLI.binary.path] + arguments)
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return (run, text.split(separator: "\n").map(String.init))
    }

    @Test func theLongPressPlaysOnAForceFeedbackDevice() throws {
        let (run, calls) = try vibrator(["live", "/dev/input/event20", "--haptics", "/dev/input/event30"])
        #expect(run.status == 0)
        #expect(run.lines == Self.expectedLines)
        #expect(run.stderr == "")
        // The effects uploaded once, at the start (press 15 ms at 0.75, detent 12 ms at 0.5, limit 25 ms at 1);
        // the press played once (effect 0); the effects erased at the end.
        #expect(calls == [
            "EVIOCGBIT(0) -> EV_SYN EV_FF",
            "EVIOCGBIT(EV_FF) -> FF_RUMBLE FF_PERIODIC",
            "EVIOCSFF FF_RUMBLE length 15 strong 49151 weak 49151 -> id 0",
            "EVIOCSFF FF_RUMBLE length 12 strong 32768 weak 32768 -> id 1",
            "EVIOCSFF FF_RUMBLE length 25 strong 65535 weak 65535 -> id 2",
            "write EV_FF code 0 value 1",
            "EVIOCRMFF 0",
            "EVIOCRMFF 1",
            "EVIOCRMFF 2",
        ])
    }

    @Test func aDeviceWithoutRumblePlaysASine() throws {
        let (run, calls) = try vibrator(ff: "periodic", ["live", "/dev/input/event20", "--haptics", "/dev/input/event30"])
        #expect(run.status == 0)
        #expect(run.lines == Self.expectedLines)
        #expect(calls == [
            "EVIOCGBIT(0) -> EV_SYN EV_FF",
            "EVIOCGBIT(EV_FF) -> FF_PERIODIC",
            "EVIOCSFF FF_PERIODIC length 15 waveform 0x5a period 15 magnitude 24575 -> id 0",
            "EVIOCSFF FF_PERIODIC length 12 waveform 0x5a period 12 magnitude 16384 -> id 1",
            "EVIOCSFF FF_PERIODIC length 25 waveform 0x5a period 25 magnitude 32767 -> id 2",
            "write EV_FF code 0 value 1",
            "EVIOCRMFF 0",
            "EVIOCRMFF 1",
            "EVIOCRMFF 2",
        ])
    }

    @Test func aDeviceWithoutForceFeedbackIsRefused() throws {
        let (run, calls) = try vibrator(ff: "none", trace: "-", ["live", "/dev/input/event20", "--haptics", "/dev/input/event30"])
        #expect(run.status == 64)
        #expect(run.stdout == "")
        #expect(run.stderr == "gestures: /dev/input/event30: not a haptic device: it has no force feedback (EV_FF)\n")
        #expect(calls == ["EVIOCGBIT(0) -> EV_SYN EV_KEY"])
    }

    @Test func aMissingDeviceIsRefused() throws {
        let (run, calls) = try vibrator(trace: "-", ["live", "/dev/input/event20", "--haptics", "/dev/input/event31"])
        #expect(run.status == 66)
        #expect(run.stdout == "")
        #expect(run.stderr == "gestures: /dev/input/event31: no such haptic device\n")
        #expect(calls == [])
    }

    @Test func theLongPressPlaysThroughFeedbackd() throws {
        let (run, calls) = try feedbackd(["live", "--haptics", "feedbackd"])
        #expect(run.status == 0)
        #expect(run.lines == Self.expectedLines)
        #expect(run.stderr == "")
        #expect(calls == HapticsHarness.pingThenPress)
    }

    @Test func aMissingFeedbackdIsRefused() throws {
        let (run, calls) = try feedbackd(withoutFeedbackd: true, ["live", "--haptics", "feedbackd"])
        #expect(run.status == 74)
        #expect(run.stdout == "")
        #expect(run.stderr == "gestures: feedbackd: not running on the session bus (org.sigxcpu.Feedback is not there)\n")
        #expect(calls == ["org.freedesktop.DBus.Peer.Ping"])
    }

    @Test func noSessionBusIsRefused() throws {
        let run = try CLI.runProcess(["/usr/bin/env", "-u", "DBUS_SESSION_BUS_ADDRESS", "-u", "XDG_RUNTIME_DIR", Emulated.harness.path,
                                      "touchscreen-mt", "-", "--", CLI.binary.path, "live", "--haptics", "feedbackd"])
        #expect(run.status == 74)
        #expect(run.stdout == "")
        #expect(run.stderr == "gestures: feedbackd: no session bus: neither DBUS_SESSION_BUS_ADDRESS nor XDG_RUNTIME_DIR is set\n")
    }

    /// `gestures live …` on the emulated touchscreen, with a private session bus and feedbackd; the calls to feedbackd.
    func feedbackd(withoutFeedbackd: Bool = false, _ arguments: [String]) throws -> (Run, [String]) {
        let scratch = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let log = scratch.appendingPathComponent("calls.log").path
        let run = try CLI.runProcess([HapticsHarness.feedbackd, log] + (withoutFeedbackd ? ["--no-feedbackd"] : []) + ["--",
                                      Emulated.harness.path, "--interrupt-after", "2.5", "touchscreen-mt", Self.trace, "--",
                                      CLI.binary.path] + arguments)
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return (run, text.split(separator: "\n").map(String.init))
    }
}

/// The two harnesses of the haptics tests.
enum HapticsHarness {
    static let vibrator = Emulated.fixtures.appendingPathComponent("haptics.py").path
    static let feedbackd = CLI.root.appendingPathComponent("Tests/Fixtures/dbus/feedbackd-bus.sh").path

    /// The calls of a run whose one haptic is a press: the check that feedbackd is there, then one TriggerFeedback,
    /// the press's event, no hints, played once.
    static let pingThenPress = [
        "org.freedesktop.DBus.Peer.Ping",
        "org.sigxcpu.Feedback.TriggerFeedback",
        #"string "org.touchgestures.Gestures""#,
        #"string "button-pressed""#,
        "array [",
        "]",
        "int32 -1",
    ]

    /// feedbackd, dbus-daemon and dbus-monitor are installed (`feedbackd-bus.sh --check`).
    static let available: Bool = (try? CLI.runProcess([feedbackd, "--check"]).status) == 0
}
