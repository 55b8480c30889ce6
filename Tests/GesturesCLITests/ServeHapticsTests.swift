import Foundation
import Testing

/// `gestures serve` with the configuration's `haptics`: the `haptic` lines of every device served play on one motor, an
/// emulated force-feedback device (serve-testbed.py's `--vibrator`: haptics.py's, which logs every call) or a real
/// feedbackd on a private session bus (feedbackd-bus.sh, the calls seen by dbus-monitor). The devices recognize
/// ServeTests' dial layout: a long press on its week timeline gives a `press`, the wind of its dial `detent`s.
@Suite(.serialized, .enabled(if: Emulated.available, "umockdev is missing: run `make test`, which installs it"))
struct ServeHapticsTests {
    /// The effects uploaded once at the start (press, detent, limit: as `live --haptics`), the device giving them the ids
    /// from `id` on.
    static func uploaded(from id: Int = 0) -> [String] {
        ["EVIOCGBIT(0) -> EV_SYN EV_FF",
         "EVIOCGBIT(EV_FF) -> FF_RUMBLE FF_PERIODIC",
         "EVIOCSFF FF_RUMBLE length 15 strong 49151 weak 49151 -> id \(id)",
         "EVIOCSFF FF_RUMBLE length 12 strong 32768 weak 32768 -> id \(id + 1)",
         "EVIOCSFF FF_RUMBLE length 25 strong 65535 weak 65535 -> id \(id + 2)"]
    }
    /// The effects from `id` erased.
    static func erased(from id: Int = 0) -> [String] { ["EVIOCRMFF \(id)", "EVIOCRMFF \(id + 1)", "EVIOCRMFF \(id + 2)"] }

    /// A configuration serving every device with the dial layout, its haptics `haptics` (JSON).
    static func files(haptics: String) -> [String: String] {
        ["serve.json": "{\"devices\": [{\"layout\": \"dial.layout.json\"}],\n \"haptics\": \(haptics)}\n",
         "dial.layout.json": ServeTests.dialLayout()]
    }

    static func log(_ directory: URL, _ name: String) -> [String] {
        ServeTests.read(directory.appendingPathComponent(name)).split(separator: "\n").map(String.init)
    }

    static let servingLayout20 = ServeTests.serving20.replacingOccurrences(of: "the bindings)", with: "its layout)")
    static let servingLayout21 = ServeTests.serving21.replacingOccurrences(of: "the bindings)", with: "its layout)")

    /// Two touchscreens, each a long press at the same moment: both presses play on the one motor (the second once
    /// the first has played, the burst rule), and the vibrator node is not taken as an input device. A reload (SIGHUP)
    /// closes the motor (its effects erased) and opens it anew.
    @Test func theHapticsOfEveryDevicePlayOnTheMotor() throws {
        let directory = try ServeTests.directory(Self.files(haptics: #""/dev/input/event30""#))
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try ServeTests.serve(["--vibrator", directory.appendingPathComponent("vibrator.log").path,
                                        "--device", "touchscreen-mt", ServeTests.trace("tap-longpress-mt.events"),
                                        "--device", "touchscreen-st", ServeTests.trace("tap-longpress-st.events"),
                                        "--at", "2.2", "signal", "HUP", "--at", "2.7", "signal", "INT"], in: directory)
        #expect(run.status == 0)
        for device in ["/dev/input/event20", "/dev/input/event21"] {
            #expect(ServeTests.lines(run, of: device) == [
                #"{"device":"\#(device)","time":0.090000,"region":"chart","type":"tap","x":52.632,"y":52.632,"count":1,"value":7.018,"selection":{"start":7,"end":7}}"#,
                #"{"device":"\#(device)","time":1.390000,"region":"week","type":"select","phase":"began","anchor":1,"selection":{"start":1,"end":1}}"#,
                #"{"device":"\#(device)","time":1.390000,"region":"week","type":"haptic","kind":"press"}"#,
                #"{"device":"\#(device)","time":1.600000,"region":"week","type":"select","phase":"ended","anchor":1,"selection":{"start":1,"end":1}}"#,
            ])
        }
        #expect(run.lines.count == 8)
        #expect(Self.log(directory, "vibrator.log")
                == Self.uploaded() + ["write EV_FF code 0 value 1", "write EV_FF code 0 value 1"] + Self.erased() + Self.uploaded(from: 3) + Self.erased(from: 3))
        #expect(run.stderr == """
            \(Self.servingLayout20)
            \(Self.servingLayout21)
            \(Self.servingLayout20)
            \(Self.servingLayout21)
            gestures: serve.json: loaded again

            """)
    }

    /// The motor fails (its writes fail with ENODEV, as an unplugged one's) after the long press played: the first
    /// detent of the wind that follows fails, which is said once; nothing more is played, and the lines are the
    /// replay's, every one.
    @Test func aMotorThatFailsIsSaidOnceAndTheGesturesGoOn() throws {
        let directory = try ServeTests.directory(Self.files(haptics: #""/dev/input/event30""#))
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = ServeTests.trace("tap-longpress-wind-mt.events")
        let run = try ServeTests.serve(["--vibrator", directory.appendingPathComponent("vibrator.log").path,
                                        "--device", "touchscreen-mt", trace, "--at", "2.4", "vibrator-fails",
                                        "--at", "5.0", "signal", "INT"], in: directory)
        #expect(run.status == 0)
        let expected = try ServeTests.replayed(trace, layout: directory.appendingPathComponent("dial.layout.json").path)
        #expect(expected.filter { $0.contains(#""type":"haptic""#) }.count == 28)
        #expect(run.lines == expected)
        #expect(Self.log(directory, "vibrator.log") == Self.uploaded() + ["write EV_FF code 0 value 1", "write EV_FF code 1 value 1 -> ENODEV"] + Self.erased())
        #expect(run.stderr == """
            \(Self.servingLayout20)
            gestures: warning: /dev/input/event30: cannot play the detent effect: No such device; the gestures go on without haptics

            """)
    }

    /// A motor that is not there: said, naming the configuration's line and key, and the gestures go on.
    @Test func aMotorThatIsNotThereIsSaidAndTheServiceGoesOn() throws {
        let directory = try ServeTests.directory(Self.files(haptics: #""/dev/input/event31""#))
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try ServeTests.serve(["--device", "touchscreen-mt", ServeTests.trace("tap-longpress-mt.events"), "--at", "2.5", "signal", "INT"],
                                       in: directory)
        #expect(run.status == 0)
        #expect(run.lines.count == 4)
        #expect(run.lines[2] == #"{"device":"/dev/input/event20","time":1.390000,"region":"week","type":"haptic","kind":"press"}"#)
        #expect(run.stderr == """
            gestures: warning: serve.json:2: haptics: /dev/input/event31: no such haptic device; the gestures go on without haptics
            \(Self.servingLayout20)

            """)
    }

    /// `"haptics": "feedbackd"`: the long press is one TriggerFeedback to a real feedbackd on a private bus.
    @Test(.enabled(if: HapticsHarness.available, "feedbackd is missing: run `make test`, which installs it"))
    func theLongPressPlaysThroughFeedbackd() throws {
        let directory = try ServeTests.directory(Self.files(haptics: #""feedbackd""#))
        defer { try? FileManager.default.removeItem(at: directory) }
        let calls = directory.appendingPathComponent("calls.log")
        let run = try ServeTests.serve(["--device", "touchscreen-mt", ServeTests.trace("tap-longpress-mt.events"), "--at", "2.5", "signal", "INT"],
                                       in: directory, wrapper: [HapticsHarness.feedbackd, calls.path, "--"])
        #expect(run.status == 0)
        #expect(run.lines.count == 4)
        #expect(run.lines[2] == #"{"device":"/dev/input/event20","time":1.390000,"region":"week","type":"haptic","kind":"press"}"#)
        #expect(Self.log(directory, "calls.log") == HapticsHarness.pingThenPress)
        #expect(run.stderr == Self.servingLayout20 + "\n")
    }
}
