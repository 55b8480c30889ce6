import Foundation
import SystemCalls
import Testing

/// `gestures serve` on emulated devices that come and go (Tests/Fixtures/umockdev/serve-testbed.py: umockdev's testbed,
/// whose uevents reach libudev's monitor in the service), with bindings whose commands write what they were given to a
/// file.
///
/// Each device's lines are compared in full, in order; lines of two devices are compared device by device (their
/// order between devices is the order their frames happened to arrive in). The one line whose time is the moment of a
/// removal or a stop (a `cancelled` line, at the event clock's time then) has its time checked within bounds.
@Suite(.serialized, .enabled(if: Emulated.available, "umockdev is missing: run `make test`, which installs it"))
struct ServeTests {
    static let testbed = Emulated.fixtures.appendingPathComponent("serve-testbed.py")
    static let traces = Emulated.fixtures.appendingPathComponent("traces")

    /// A scratch directory with `files` written in it.
    static func directory(_ files: [String: String]) throws -> URL {
        let directory = try CLI.temporaryDirectory()
        for (name, text) in files { try Data(text.utf8).write(to: directory.appendingPathComponent(name)) }
        return directory
    }

    /// `gestures serve --print --config CONFIG --socket DIRECTORY/gestures.sock` in the testbed with `arguments` (its devices and actions), in
    /// `directory`, with `path` before the usual PATH, `environment` given to env(1) (`HOME=…`, `-u NAME`), the whole run by
    /// `wrapper` (a private bus's harness) when given. No `--config` when `config` is nil.
    static func serve(_ arguments: [String], config: String? = "serve.json", in directory: URL, path: String? = nil,
                      environment: [String] = [], wrapper: [String] = []) throws -> Run {
        var command = wrapper + ["/usr/bin/env"] + environment
        if let path { command.append("PATH=\(path):" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")) }
        command += [testbed.path] + arguments + ["--", CLI.binary.path, "serve", "--print"] + (config.map { ["--config", $0] } ?? [])
            + ["--socket", directory.appendingPathComponent("gestures.sock").path]
        return try CLI.runProcess(command, in: directory)
    }

    static func trace(_ name: String) -> String { traces.appendingPathComponent(name).path }

    static func read(_ file: URL) -> String { (try? String(contentsOf: file, encoding: .utf8)) ?? "(no file)" }

    /// The lines of `run` of one device.
    static func lines(_ run: Run, of device: String) -> [String] {
        run.lines.filter { $0.hasPrefix(#"{"device":"\#(device)""#) }
    }

    /// `line` with its time replaced by `T`, and the time, for a line whose time is the moment of a removal or a stop.
    static func untimed(_ line: String) -> (String, Double?) {
        guard let start = line.range(of: #""time":"#), let end = line[start.upperBound...].firstIndex(of: ",") else { return (line, nil) }
        let time = Double(line[start.upperBound..<end])
        return (line.replacingCharacters(in: start.upperBound..<end, with: "T"), time)
    }

    /// A tap and a long press, each bound to a command that writes the gesture's device, type, count and place.
    static let tapAndPress = #"""
        {"bindings": [
          {"gesture": "tap", "run": ["sh", "-c", "echo \"$GESTURE_DEVICE $GESTURE_TYPE count=$GESTURE_COUNT at $GESTURE_X,$GESTURE_Y\" >> out"]},
          {"gesture": "long-press", "run": ["sh", "-c", "echo \"$GESTURE_DEVICE $GESTURE_TYPE count=$GESTURE_COUNT at $GESTURE_X,$GESTURE_Y\" >> out"]}
        ]}
        """#

    static let serving20 = #"gestures: /dev/input/event20: serving "Gestures Test Touchscreen" (touchscreen, 215.526 x 134.684 mm, rotation normal, the bindings)"#
    static let serving21 = #"gestures: /dev/input/event21: serving "Gestures Test Single-Touch Screen" (touchscreen, 215.526 x 134.684 mm, rotation normal, the bindings)"#

    @Test func aConfigurationWithAMistakeIsRefusedNamingItsLineAndKey() throws {
        let directory = try Self.directory(["serve.json": "{\"bindings\": [\n  {\"gesture\": \"swipe\", \"fingers\": 11, \"run\": [\"true\"]}\n]}\n"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CLI.run(["serve", "--config", "serve.json"], in: directory)
        #expect(run.status == 65)
        #expect(run.stdout == "")
        #expect(run.stderr == "gestures: serve.json:2: bindings[0].fingers: expected a whole number from 1 to 10, found 11\n")
        let missing = try CLI.run(["serve", "--config", "none.json"], in: directory)
        #expect(missing.status == 66)
        #expect(missing.stderr == "gestures: none.json: cannot open: No such file or directory\n")
    }

    /// Two touchscreens at once, each with its own engine: the same tap and long press on both, each device's lines
    /// and commands its own.
    @Test func twoDevicesAtOnceEachWithItsOwnEngine() throws {
        let directory = try Self.directory(["serve.json": Self.tapAndPress])
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try Self.serve(["--device", "touchscreen-mt", Self.trace("tap-longpress-mt.events"),
                                  "--device", "touchscreen-st", Self.trace("tap-longpress-st.events"), "--at", "2.5", "signal", "INT"],
                                 in: directory)
        #expect(run.status == 0)
        for device in ["/dev/input/event20", "/dev/input/event21"] {
            #expect(Self.lines(run, of: device) == [
                #"{"device":"\#(device)","time":0.390000,"region":"screen","type":"tap","x":52.632,"y":52.632,"count":1}"#,
                #"{"device":"\#(device)","time":1.390000,"region":"screen","type":"long-press","x":157.895,"y":105.263}"#,
            ])
        }
        #expect(run.lines.count == 4)
        #expect(Self.read(directory.appendingPathComponent("out")).split(separator: "\n").sorted() == [
            "/dev/input/event20 long-press count= at 157.895,105.263", "/dev/input/event20 tap count=1 at 52.632,52.632",
            "/dev/input/event21 long-press count= at 157.895,105.263", "/dev/input/event21 tap count=1 at 52.632,52.632",
        ])
        #expect(run.stderr.split(separator: "\n").sorted() == [Self.serving20, Self.serving21].map { Substring($0) })
    }

    /// None at start is no error; a device that appears is taken, one that disappears is dropped with its gesture in
    /// progress cancelled (a continuous command told `cancel`), and another that appears later is taken.
    @Test func devicesThatComeAndGo() throws {
        let follow = #"while read line; do echo \"$GESTURE_DEVICE $line\" >> out; done"#
        let directory = try Self.directory(["serve.json": """
            {"bindings": [
              {"gesture": "edge-swipe", "edge": "left", "continuous": true, "run": ["sh", "-c", "\(follow)"]},
              {"gesture": "tap", "run": ["sh", "-c", "echo \\"$GESTURE_DEVICE tap\\" >> out"]}
            ]}
            """])
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try Self.serve(["--at", "0.3", "add", "touchscreen-mt", Self.trace("edge-swipe-held-mt.events"),
                                  "--at", "1.0", "remove", "touchscreen-mt",
                                  "--at", "1.2", "add", "touchscreen-st", Self.trace("tap-longpress-st.events"),
                                  "--at", "2.5", "signal", "TERM"], in: directory)
        #expect(run.status == 0)
        let screen = Self.lines(run, of: "/dev/input/event20")
        #expect(screen.count == 3)
        #expect(Array(screen.prefix(2)) == [
            #"{"device":"/dev/input/event20","time":0.210000,"region":"bindings[0]","type":"edge-swipe","phase":"began","edge":"left","dx":10,"dy":0}"#,
            #"{"device":"/dev/input/event20","time":0.220000,"region":"bindings[0]","type":"edge-swipe","phase":"changed","edge":"left","dx":20,"dy":0}"#,
        ])
        // Cancelled at the event clock's time of the removal: the trace began when the device appeared (0.3 s), and
        // it was removed 0.7 s later.
        let (cancelled, time) = Self.untimed(screen.last ?? "")
        #expect(cancelled == #"{"device":"/dev/input/event20","time":T,"region":"bindings[0]","type":"edge-swipe","phase":"cancelled","edge":"left","dx":20,"dy":0}"#)
        #expect((0.22...1.5).contains(time ?? -1), "cancelled at \(String(describing: time))")
        #expect(Self.lines(run, of: "/dev/input/event21") == [
            #"{"device":"/dev/input/event21","time":0.390000,"region":"screen","type":"tap","x":52.632,"y":52.632,"count":1}"#,
        ])
        #expect(run.lines.count == 4)
        #expect(Self.read(directory.appendingPathComponent("out")) == """
            /dev/input/event20 begin 0.046
            /dev/input/event20 update 0.093
            /dev/input/event20 cancel 0.093
            /dev/input/event21 tap

            """)
        #expect(run.stderr == """
            \(Self.serving20)
            gestures: /dev/input/event20: "Gestures Test Touchscreen" was removed
            faults.py: /dev/input/event20 vanished
            \(Self.serving21)

            """)
    }

    /// A device that udev says went away and came back at the same node (a suspend and resume) is dropped, then taken
    /// up again, and serves as before.
    @Test func aDeviceThatComesBackIsTakenUpAgain() throws {
        let directory = try Self.directory(["serve.json": Self.tapAndPress])
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try Self.serve(["--device", "touchscreen-mt", "--at", "0.5", "uevent", "touchscreen-mt", "remove",
                                  "--at", "1.0", "uevent", "touchscreen-mt", "add",
                                  "--at", "1.5", "play", "touchscreen-mt", Self.trace("tap-longpress-mt.events"),
                                  "--at", "4.0", "signal", "INT"], in: directory)
        #expect(run.status == 0)
        #expect(run.lines == [
            #"{"device":"/dev/input/event20","time":0.390000,"region":"screen","type":"tap","x":52.632,"y":52.632,"count":1}"#,
            #"{"device":"/dev/input/event20","time":1.390000,"region":"screen","type":"long-press","x":157.895,"y":105.263}"#,
        ])
        #expect(Self.read(directory.appendingPathComponent("out")) == """
            /dev/input/event20 tap count=1 at 52.632,52.632
            /dev/input/event20 long-press count= at 157.895,105.263

            """)
        #expect(run.stderr == """
            \(Self.serving20)
            gestures: /dev/input/event20: "Gestures Test Touchscreen" was removed
            \(Self.serving20)

            """)
    }

    /// A stop mid-gesture cancels it: a continuous command is told `cancel`.
    @Test func aStopCancelsTheGestureInProgress() throws {
        let directory = try Self.directory(["serve.json": """
            {"bindings": [{"gesture": "edge-swipe", "edge": "left", "continuous": true, "run": ["sh", "-c", "cat > out"]}]}
            """])
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try Self.serve(["--device", "touchscreen-mt", Self.trace("edge-swipe-held-mt.events"), "--at", "1", "signal", "TERM"],
                                 in: directory)
        #expect(run.status == 0)
        #expect(run.lines.count == 3)
        #expect(Self.untimed(run.lines.last ?? "").0
                == #"{"device":"/dev/input/event20","time":T,"region":"bindings[0]","type":"edge-swipe","phase":"cancelled","edge":"left","dx":20,"dy":0}"#)
        // The command's input is closed at the stop: it has read every line by the time it ends.
        for _ in 0..<50 where !Self.read(directory.appendingPathComponent("out")).hasSuffix("cancel 0.093\n") { usleep(20_000) }
        #expect(Self.read(directory.appendingPathComponent("out")) == "begin 0.046\nupdate 0.093\ncancel 0.093\n")
        #expect(run.stderr == Self.serving20 + "\n")
    }

    /// SIGHUP reads the configuration again: one with a mistake keeps the old one running, and says why; a good one
    /// takes over.
    @Test func reloadGoodAndBad() throws {
        let directory = try Self.directory([
            "serve.json": """
                {"bindings": [{"gesture": "tap", "run": ["sh", "-c", "echo A tap >> out"]},
                              {"gesture": "long-press", "run": ["sh", "-c", "echo A long-press >> out"]}]}
                """,
            "bad.json": "{\"bindings\": [\n  {\"gesture\": \"tap\", \"run\": \"echo B\"}]}\n",
            "good.json": """
                {"bindings": [{"gesture": "long-press", "run": ["sh", "-c", "echo B long-press >> out"]}]}
                """,
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try Self.serve(["--device", "touchscreen-mt", Self.trace("tap-longpress-mt.events"),
                                  "--at", "0.6", "copy", "bad.json", "serve.json", "--at", "0.65", "signal", "HUP",
                                  "--at", "0.8", "copy", "good.json", "serve.json", "--at", "0.85", "signal", "HUP",
                                  "--at", "2.5", "signal", "INT"], in: directory)
        #expect(run.status == 0)
        #expect(run.lines == [
            #"{"device":"/dev/input/event20","time":0.390000,"region":"screen","type":"tap","x":52.632,"y":52.632,"count":1}"#,
            #"{"device":"/dev/input/event20","time":1.390000,"region":"screen","type":"long-press","x":157.895,"y":105.263}"#,
        ])
        #expect(Self.read(directory.appendingPathComponent("out")) == "A tap\nB long-press\n")
        #expect(run.stderr == """
            \(Self.serving20)
            gestures: serve.json:2: bindings[0].run: expected an array, found a string (the configuration loaded before goes on)
            \(Self.serving20)
            gestures: serve.json: loaded again

            """)
    }

    /// The configuration of the README, exactly as it is there, at the path it names (`~/.config/gestures/serve.json`,
    /// no `--config`), on an emulated touchscreen: a three-finger swipe up and an edge swipe from the left each run
    /// their command (a stand-in `swaymsg` that writes its arguments to a file).
    @Test func theReadmeConfigurationRunsBothCommands() throws {
        let readme = try String(contentsOf: CLI.root.appendingPathComponent("README.md"), encoding: .utf8)
        let marker = try #require(readme.range(of: "<!-- serve.json: the README configuration the tests run"))
        let start = try #require(readme.range(of: "```json\n", range: marker.upperBound..<readme.endIndex))
        let end = try #require(readme.range(of: "\n```", range: start.upperBound..<readme.endIndex))
        let configuration = String(readme[start.upperBound..<end.lowerBound]) + "\n"
        let directory = try Self.directory([:])
        defer { try? FileManager.default.removeItem(at: directory) }
        let home = directory.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home.appendingPathComponent(".config/gestures"), withIntermediateDirectories: true)
        try Data(configuration.utf8).write(to: home.appendingPathComponent(".config/gestures/serve.json"))
        let swaymsg = directory.appendingPathComponent("bin/swaymsg")
        try FileManager.default.createDirectory(at: swaymsg.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("#!/bin/sh\necho \"swaymsg $*\" >> '\(directory.appendingPathComponent("out").path)'\n".utf8).write(to: swaymsg)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: swaymsg.path)
        let run = try Self.serve(["--device", "touchscreen-mt", Self.trace("readme-gestures-mt.events"), "--at", "2", "signal", "INT"],
                                 config: nil, in: directory, path: directory.appendingPathComponent("bin").path,
                                 environment: ["-u", "XDG_CONFIG_HOME", "HOME=\(home.path)"])
        #expect(run.status == 0)
        #expect(Self.read(directory.appendingPathComponent("out")) == "swaymsg workspace next_on_output\nswaymsg exec wofi --show drun\n")
        #expect(run.lines == [
            #"{"device":"/dev/input/event20","time":0.250000,"region":"screen","type":"swipe","direction":"up","vx":0,"vy":-1000,"fingers":3}"#,
            #"{"device":"/dev/input/event20","time":1.010000,"region":"bindings[1]","type":"edge-swipe","phase":"began","edge":"left","dx":10,"dy":0}"#,
            #"{"device":"/dev/input/event20","time":1.020000,"region":"bindings[1]","type":"edge-swipe","phase":"changed","edge":"left","dx":20,"dy":0}"#,
            #"{"device":"/dev/input/event20","time":1.030000,"region":"bindings[1]","type":"edge-swipe","phase":"changed","edge":"left","dx":30,"dy":0}"#,
            #"{"device":"/dev/input/event20","time":1.040000,"region":"bindings[1]","type":"edge-swipe","phase":"changed","edge":"left","dx":40,"dy":0}"#,
            #"{"device":"/dev/input/event20","time":1.050000,"region":"bindings[1]","type":"edge-swipe","phase":"ended","edge":"left","dx":40,"dy":0}"#,
        ])
        #expect(run.stderr == Self.serving20 + "\n")
    }

    /// The README's install line, verbatim but for the build (`install-files` of the debug binary instead of `install`,
    /// which builds a release), in a shell whose HOME is a scratch directory: the binary goes to ~/.local/bin and the
    /// unit to ~/.local/share/systemd/user, where systemd looks for a user's units.
    @Test func theReadmeInstallLinePutsBothInTheHome() throws {
        let readme = try String(contentsOf: CLI.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "### Touchscreen gestures on sway, labwc, niri and phones"))
        let line = try #require(readme[section.upperBound...].split(separator: "\n").first { $0.hasPrefix("make install ") })
        #expect(line.hasPrefix("make install PREFIX=$HOME/.local "))
        let home = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let command = line.replacingOccurrences(of: "make install ", with: "make -s install-files GESTURES_BINARY='\(CLI.binary.path)' ")
        let run = try CLI.runProcess(["/usr/bin/env", "HOME=\(home.path)", "/bin/sh", "-c", command])
        #expect(run.status == 0)
        #expect(run.stdout == "" && run.stderr == "")
        #expect(FileManager.default.contentsEqual(atPath: home.appendingPathComponent(".local/bin/gestures").path, andPath: CLI.binary.path))
        let unitPath = home.appendingPathComponent(".local/share/systemd/user/gestures.service").path
        #expect(Self.read(URL(fileURLWithPath: unitPath)).split(separator: "\n").filter { $0.hasPrefix("ExecStart=") }
                == ["ExecStart=\(home.path)/.local/bin/gestures serve"])
        // systemd's own check of the unit as a user's (its ExecStart an executable that is there), where it is installed.
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze") {
            let runtime = home.appendingPathComponent("runtime")
            try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let verified = try CLI.runProcess(["/usr/bin/env", "XDG_RUNTIME_DIR=\(runtime.path)", "HOME=\(home.path)",
                                               "/usr/bin/systemd-analyze", "verify", "--user", unitPath])
            #expect(verified.status == 0)
            #expect(verified.stderr == "")
        }
    }

    /// `make install`'s copy: the binary and the systemd user unit, whose ExecStart is the installed binary's `serve`.
    @Test func makeInstallPutsTheBinaryAndTheUserUnit() throws {
        let destination = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: destination) }
        let run = try CLI.runProcess(["/usr/bin/make", "-s", "install-files", "GESTURES_BINARY=\(CLI.binary.path)",
                                      "DESTDIR=\(destination.path)", "PREFIX=/usr"])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        let binary = destination.appendingPathComponent("usr/bin/gestures")
        #expect(FileManager.default.isExecutableFile(atPath: binary.path))
        #expect(FileManager.default.contentsEqual(atPath: binary.path, andPath: CLI.binary.path))
        let unit = Self.read(destination.appendingPathComponent("usr/lib/systemd/user/gestures.service"))
        #expect(unit.split(separator: "\n").filter { !$0.hasPrefix("#") } == [
            "[Unit]",
            "Description=Touchscreen gestures: gestures serve runs the commands bound to them",
            "PartOf=graphical-session.target",
            "After=graphical-session.target",
            "[Service]",
            "ExecStart=/usr/bin/gestures serve",
            "ExecReload=/bin/kill -HUP $MAINPID",
            "Restart=on-failure",
            "[Install]",
            "WantedBy=graphical-session.target",
        ])
    }

    /// A client of the socket, while the service serves an emulated touchscreen: it turns the display right, subscribes,
    /// and gets the tap and the long press that follow, in the display's coordinates.
    @Test func aSocketClientTurnsTheDisplayAndGetsTheLines() throws {
        let directory = try Self.directory(["serve.json": Self.tapAndPress])
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = try Self.session(["--device", "touchscreen-mt", "--at", "2.0", "play", "touchscreen-mt", Self.trace("tap-longpress-mt.events"),
                                        "--at", "4.5", "signal", "INT"], in: directory, steps: [
            ([#"{"request":"set-rotation","device":"/dev/input/event20","rotation":"right"}"#, #"{"request":"subscribe"}"#], 4),
        ])
        #expect(session.status == 0)
        #expect(session.received == """
            {"reply":"set-rotation","ok":true}
            {"reply":"subscribe","ok":true}
            {"device":"/dev/input/event20","time":0.390000,"region":"screen","type":"tap","x":52.632,"y":162.895,"count":1}
            {"device":"/dev/input/event20","time":1.390000,"region":"screen","type":"long-press","x":105.263,"y":57.632}

            """)
        #expect(session.stderr == Self.serving20 + "\n" + Self.serving20.replacingOccurrences(of: "rotation normal", with: "rotation right") + "\n")
    }

    /// Runs the service under the testbed with `arguments`; as soon as its socket is there, sends each step's requests
    /// in turn, each once the socket has sent `until` lines in all (or 4 s passed without any). Returns what the socket
    /// sent, the service's status and its stderr.
    static func session(_ arguments: [String], in directory: URL,
                        steps: [(requests: [String], until: Int)]) throws -> (received: String, status: Int32, stderr: String) {
        let socketPath = directory.appendingPathComponent("gestures.sock").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: testbed.path)
        process.arguments = arguments + ["--", CLI.binary.path, "serve", "--config", "serve.json", "--socket", socketPath]
        process.currentDirectoryURL = directory
        let errors = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let errorHandle = try FileHandle(forWritingTo: errors)
        process.standardError = errorHandle
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var descriptor: Int32 = -1
        for _ in 0..<150 where descriptor < 0 {
            if case .success(let connected) = connectedSocket(socketPath) { descriptor = connected } else { usleep(10_000) }
        }
        defer { if descriptor >= 0 { _ = closeDescriptor(descriptor) } }
        var received: [UInt8] = []
        for step in steps where descriptor >= 0 {
            _ = Array(step.requests.map { $0 + "\n" }.joined().utf8).withUnsafeBytes { sendWithoutWaiting(descriptor, $0) }
            var buffer = [UInt8](repeating: 0, count: 4096)
            var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
            while received.filter({ $0 == UInt8(ascii: "\n") }).count < step.until,
                  case .success(let ready) = pollDescriptors(&descriptors, timeoutMilliseconds: 4000), ready > 0 {
                guard case .success(let count) = buffer.withUnsafeMutableBytes({ readDescriptor(descriptor, into: $0.baseAddress!, count: $0.count) }),
                      count > 0 else { break }
                received += buffer[..<count]
            }
        }
        process.waitUntilExit()
        try errorHandle.close()
        return (String(decoding: received, as: UTF8.self), process.terminationStatus, read(errors))
    }

    /// Two timelines and a dial (`tap-longpress-wind-mt`: a tap on the chart, a long press on the week, then a wind of the
    /// timer); `initial` the dial's `initialDegrees`.
    static func dialLayout(initial: Int = 0) -> String {
        """
        {"regions": [
          {"name": "chart", "kind": "timeline", "rect": {"x": 0, "y": 0, "width": 75, "height": 134},
           "domain": {"start": 0, "end": 10}, "bucket": 1},
          {"name": "week", "kind": "timeline", "rect": {"x": 140, "y": 0, "width": 75, "height": 134},
           "domain": {"start": 0, "end": 7}, "bucket": 1},
          {"name": "timer", "kind": "dial", "center": {"x": 107.5, "y": 100}, "radius": 30, "detentDegrees": 6,
           "maxDegrees": 360, "initialDegrees": \(initial)}
        ]}
        """
    }

    /// `gestures replay --layout LAYOUT` of a trace on touchscreen-mt, each line as the service writes it for `device`.
    static func replayed(_ trace: String, layout: String, device: String = "/dev/input/event20") throws -> [String] {
        let run = try CLI.run(["replay", "--layout", layout, "--device", Emulated.fixtures.appendingPathComponent("touchscreen-mt.desc").path, trace])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        return run.lines.map { #"{"device":"\#(device)","# + $0.dropFirst() }
    }

    /// A layout swapped in through the socket: the device recognizes its targets (a timeline's tap, no binding run),
    /// and its dial takes a value, which the wind that follows starts from: every line after the change is what a
    /// replay with the dial's initial value 90 gives. (The dial's value is set once the device's events have come:
    /// before any, the event clock of an emulated device, whose events keep the trace's times, is not the monotonic
    /// clock the change is stamped with, as a real device's is.)
    @Test func aSocketClientSwapsTheLayoutAndSetsADial() throws {
        let directory = try Self.directory([
            "serve.json": Self.tapAndPress, "dial.layout.json": Self.dialLayout(), "dial90.layout.json": Self.dialLayout(initial: 90),
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let layout = directory.appendingPathComponent("dial.layout.json").path
        let trace = Self.trace("tap-longpress-wind-mt.events")
        let from90 = try Self.replayed(trace, layout: directory.appendingPathComponent("dial90.layout.json").path)
        try #require(from90.count == 99)
        let session = try Self.session(["--device", "touchscreen-mt", "--at", "2.0", "play", "touchscreen-mt", trace,
                                        "--at", "7.0", "signal", "INT"], in: directory, steps: [
            ([#"{"request":"set-layout","device":"/dev/input/event20","layout":"\#(layout)"}"#, #"{"request":"devices"}"#,
              #"{"request":"subscribe"}"#], 4),
            ([#"{"request":"set-dial","device":"/dev/input/event20","target":"timer","degrees":90}"#,
              #"{"request":"set-dial","device":"/dev/input/event20","target":"chart","degrees":90}"#], 6 + 98),
        ])
        #expect(session.status == 0)
        let received = session.received.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(received.prefix(6)) == [
            #"{"reply":"set-layout","ok":true}"#,
            #"{"reply":"devices","devices":[{"node":"/dev/input/event20","name":"Gestures Test Touchscreen","rotation":"normal","layout":true}]}"#,
            #"{"reply":"subscribe","ok":true}"#,
            #"{"device":"/dev/input/event20","time":0.090000,"region":"chart","type":"tap","x":52.632,"y":52.632,"count":1,"value":7.018,"selection":{"start":7,"end":7}}"#,
            #"{"reply":"set-dial","ok":true}"#,
            #"{"reply":"set-dial","error":"the component of \"chart\" is a TimelineComponent, not a DialComponent"}"#,
        ])
        // The long press on the week, then the wind from 90: its first line 90 + 8.698.
        #expect(Array(received.dropFirst(6)) == Array(from90.dropFirst()) + [""])
        #expect(from90[4] == #"{"device":"/dev/input/event20","time":3.040000,"region":"timer","type":"wind","phase":"began","angle":98.698,"delta":8.698,"detent":16}"#)
        #expect(Self.read(directory.appendingPathComponent("out")) == "(no file)")
        #expect(session.stderr == Self.serving20 + "\n" + Self.serving20.replacingOccurrences(of: "the bindings)", with: "its layout)") + "\n")
    }
}
