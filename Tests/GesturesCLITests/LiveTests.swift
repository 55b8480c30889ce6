import Foundation
import Testing

/// `gestures live`, `devices` and `record` on emulated devices: umockdev shows the real libevdev a fake
/// /dev/input and replays an evemu trace on it in real time (Tests/Fixtures/umockdev/README.md).
///
/// Nothing here depends on timing luck: live output is compared with the replay of the same trace, which
/// SPEC makes equal whenever delivery latency varies by less than the grace (20 ms; umockdev's own jitter
/// measured at most 2.5 ms from frame to frame), and each run is interrupted well after its last event
/// (umockdev's drift is under 10% of a trace's length).
@Suite(.serialized, .enabled(if: Emulated.available, "umockdev is missing: run `make test`, which installs it"))
struct LiveTests {
    /// Runs `gestures ARGUMENTS` under the harness with `devices` (fixture name, trace or "-" pairs).
    static func emulated(_ devices: [(String, String)], options: [String] = [], binary: URL = CLI.binary,
                         _ arguments: [String]) throws -> Run {
        var command = [Emulated.harness.path] + options
        for (device, trace) in devices { command += [device, trace] }
        command += ["--", binary.path] + arguments
        return try CLI.runProcess(command)
    }

    /// Seconds to wait before interrupting a run of `trace`: its last event, plus umockdev's drift, plus
    /// a margin for starting up.
    static func interruptAfter(_ trace: URL) throws -> String {
        let text = try String(contentsOf: trace, encoding: .utf8)
        let last = text.split(separator: "\n").last { $0.hasPrefix("E:") }
        let seconds = last.flatMap { line -> Double? in
            let stamp = line.split(separator: " ")[1].split(separator: ".")
            guard stamp.count == 2, let whole = Double(stamp[0]), let micros = Double(stamp[1]) else { return nil }
            return whole + micros / 1_000_000
        } ?? 0
        return String(format: "%.1f", seconds * 1.1 + 1.0)
    }

    static let liveRecordings: [(trace: String, fixture: String)] = [
        ("synthetic-long-press-silent.evemu", "touchscreen-mt"),   // a long press held with no events
        ("synthetic-taps.evemu", "touchscreen-mt"),
        ("synthetic-dial-wind-limit.evemu", "touchscreen-mt"),
        ("synthetic-single-touch.evemu", "touchscreen-st"),
    ]

    @Test(arguments: liveRecordings)
    func liveOnTheEmulatedDevicePrintsWhatReplayPrints(trace: String, fixture: String) throws {
        let path = PinnedRecordings.directory.appendingPathComponent(trace)
        let layout = PinnedRecordings.directory.appendingPathComponent(PinnedRecordings.stem(trace) + ".layout.json").path
        let live = try Self.emulated([(fixture, path.path)], options: ["--interrupt-after", try Self.interruptAfter(path)],
                                     ["live", "--layout", layout])
        let replay = try CLI.run(["replay", path.path])
        #expect(live.status == 0)
        #expect(live.stderr == "")
        #expect(replay.status == 0)
        #expect(!replay.lines.isEmpty)
        #expect(live.lines == replay.lines)
    }

    /// `live --explain` prints the same explanations as `replay --explain`, the deadline's among them: a
    /// long press held with no events is recognized by the live loop's wake-up.
    @Test func liveExplainsAsReplayDoes() throws {
        let trace = "synthetic-long-press-silent.evemu"
        let path = PinnedRecordings.directory.appendingPathComponent(trace)
        let layout = PinnedRecordings.directory.appendingPathComponent(PinnedRecordings.stem(trace) + ".layout.json").path
        let live = try Self.emulated([("touchscreen-mt", path.path)], options: ["--interrupt-after", try Self.interruptAfter(path)],
                                     ["live", "--explain", "--layout", layout])
        let replay = try CLI.run(["replay", "--explain", path.path])
        #expect(live.status == 0)
        #expect(live.stderr == "")
        #expect(replay.lines.contains { $0.contains(#""type":"explain""#) && $0.contains(#""to":"recognized","reason":"deadline "#) })
        #expect(live.lines == replay.lines)
    }

    @Test func aLiveRecordingReplaysToTheLiveLines_andSoDoesRecord() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = Emulated.fixtures.appendingPathComponent("traces/tap-longpress-mt.events")
        let recorded = directory.appendingPathComponent("live.evemu").path
        let live = try Self.emulated([("touchscreen-mt", trace.path)], options: ["--interrupt-after", "2.5"],
                                     ["live", "--record", recorded])
        #expect(live.status == 0)
        #expect(live.lines == [
            #"{"time":0.090000,"region":"surface","type":"tap","x":52.632,"y":52.632,"count":1,"value":24.42,"selection":{"start":24,"end":24}}"#,
            #"{"time":1.390000,"region":"surface","type":"select","phase":"began","anchor":73,"selection":{"start":73,"end":73}}"#,
            #"{"time":1.390000,"region":"surface","type":"haptic","kind":"press"}"#,
            #"{"time":1.600000,"region":"surface","type":"select","phase":"ended","anchor":73,"selection":{"start":73,"end":73}}"#,
        ])
        let replayed = try CLI.run(["replay", recorded])
        #expect(replayed.status == 0)
        #expect(replayed.lines == live.lines)
        // The recording has the device's header and ends with an empty SYN_REPORT at the stop.
        let text = try String(contentsOf: URL(fileURLWithPath: recorded), encoding: .utf8)
        #expect(text.hasPrefix("# EVEMU 1.3\nN: Gestures Test Touchscreen\n"))
        let events = text.split(separator: "\n").filter { $0.hasPrefix("E:") }
        #expect(events.last?.contains(" 0000 0000 0") == true)

        let recordedByRecord = directory.appendingPathComponent("record.evemu").path
        let record = try Self.emulated([("touchscreen-mt", trace.path)], options: ["--interrupt-after", "2.5"],
                                       ["record", "/dev/input/event20", "-o", recordedByRecord])
        #expect(record.status == 0)
        #expect(record.stdout == "")
        #expect(try CLI.run(["replay", recordedByRecord]).lines == live.lines)
    }

    /// A reader that goes away (`live --record FILE | head`): SIGPIPE is ignored, so the write fails, and the
    /// session ends as when stopped: the gesture in progress cancelled at the stop, the recording complete,
    /// status 74. (It was killed by SIGPIPE, its recording cut to the header.)
    @Test func aReaderThatGoesAwayEndsTheSession_withItsRecordingComplete() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = Emulated.fixtures.appendingPathComponent("traces/tap-longpress-mt.events")
        let recorded = directory.appendingPathComponent("live.evemu").path
        // head takes the first byte of the tap's line (written at 0.09 s) and goes: the long press's (1.39 s)
        // cannot be written.
        let run = try CLI.runProcess([Emulated.harness.path, "touchscreen-mt", trace.path, "--", "/bin/bash", "-c",
                                      #""$0" live --record "$1" /dev/input/event20 | head -c 1 > /dev/null; exit "${PIPESTATUS[0]}""#,
                                      CLI.binary.path, recorded])
        #expect(run.status == 74)
        #expect(run.stderr == "gestures: cannot write the output\n")
        let text = try String(contentsOf: URL(fileURLWithPath: recorded), encoding: .utf8)
        #expect(text.split(separator: "\n").last { $0.hasPrefix("E:") }?.contains(" 0000 0000 0") == true)
        let replayed = try CLI.run(["replay", recorded])
        #expect(replayed.status == 0 && replayed.stderr == "")
        #expect(replayed.lines.prefix(3) == [
            #"{"time":0.090000,"region":"surface","type":"tap","x":52.632,"y":52.632,"count":1,"value":24.42,"selection":{"start":24,"end":24}}"#,
            #"{"time":1.390000,"region":"surface","type":"select","phase":"began","anchor":73,"selection":{"start":73,"end":73}}"#,
            #"{"time":1.390000,"region":"surface","type":"haptic","kind":"press"}"#,
        ])
        #expect(replayed.lines.count == 4)
        #expect(replayed.lines.last?.hasSuffix(#","region":"surface","type":"select","phase":"cancelled","anchor":73,"selection":{"start":73,"end":73}}"#) == true)
    }

    @Test func aSynDroppedCancelsTheGesture_andTheRecordingWithItsResyncReplaysTheSame() throws {
        let (live, recording, replayed) = try Self.liveAndItsRecording("syn-dropped-mt.events")
        #expect(live.status == 0)
        #expect(live.lines == Self.selectBeganAt800ms + [
            #"{"time":1.000000,"region":"surface","type":"select","phase":"cancelled","anchor":48,"selection":{"start":48,"end":48}}"#,
            #"{"time":1.560000,"region":"surface","type":"tap","x":52.632,"y":52.632,"count":1,"value":24.42,"selection":{"start":24,"end":24}}"#,
        ])
        // The fixture's resync says the finger is up (see the fixtures' README), so libevdev reports the lift
        // at 1.200000 as a bug: once, through the program's warnings.
        #expect(live.stderr == #"gestures: warning: /dev/input/event20: libevdev: BUG: Device "Gestures Test Touchscreen" received a double tracking ID -1 in slot 0."# + "\n")
        // The recording holds the SYN_DROPPED and libevdev's resync, as delivered.
        #expect(recording.contains("E: 1.0 0000 0003 0"))
        #expect(replayed == live.lines)
        // The kernel's trace itself (no resync in it): its lift after the drop ends the ignored finger too.
        let raw = try CLI.run(["replay", "--device", Emulated.fixtures.appendingPathComponent("touchscreen-mt.desc").path,
                               Emulated.fixtures.appendingPathComponent("traces/syn-dropped-mt.events").path])
        #expect(raw.lines == live.lines)
    }

    /// libevdev's messages are the program's warnings: each once, at most 10 different ones, then one line.
    @Test func libevdevsMessagesAreWarnings_eachOnce_atMostTen() throws {
        let trace = Emulated.fixtures.appendingPathComponent("traces/double-tracking-ids-mt.events")
        let run = try Self.emulated([("touchscreen-mt", trace.path)], options: ["--interrupt-after", "1"], ["live"])
        #expect(run.status == 0)
        #expect(run.stdout == "")
        let said = (0..<10).map { index -> String in
            let (round, slot) = index.quotientAndRemainder(dividingBy: 6)
            return #"gestures: warning: /dev/input/event20: libevdev: BUG: Device "Gestures Test Touchscreen" received a double tracking ID "#
                + "\((round + 2) * 10 + slot) in slot \(slot)."
        }
        #expect(run.stderr.split(separator: "\n").map(String.init)
            == said + ["gestures: warning: libevdev: more than 10 different messages; the others are not shown"])
    }

    /// SIGHUP too (a terminal closed): it killed the process, status 129, the gesture never ended and a recording cut.
    @Test(arguments: ["INT", "TERM", "HUP"])
    func aSignalCancelsTheGestureInProgressAtTheStopsTime_andExitsZero(signal: String) throws {
        let trace = Emulated.fixtures.appendingPathComponent("traces/held-mt.events")
        let run = try Self.emulated([("touchscreen-mt", trace.path)], options: ["--interrupt-after", "1.5", "--signal", signal],
                                    ["live", "--grab"])
        #expect(run.status == 0)
        #expect(Array(run.lines.prefix(2)) == [
            #"{"time":0.500000,"region":"surface","type":"select","phase":"began","anchor":48,"selection":{"start":48,"end":48}}"#,
            #"{"time":0.500000,"region":"surface","type":"haptic","kind":"press"}"#,
        ])
        // Cancelled at the event-clock time of the stop: the finger went down at 0.2 s on that clock and
        // the signal came about 1.5 s after the trace began playing.
        #expect(run.lines.count == 3)
        let last = run.lines.last ?? ""
        #expect(last.hasSuffix(#","region":"surface","type":"select","phase":"cancelled","anchor":48,"selection":{"start":48,"end":48}}"#))
        #expect(Self.time(of: last) > 1.0 && Self.time(of: last) < 3.0)
    }

    @Test func devicesListsTheTouchDevices_andLiveChoosesTheFirstTouchscreen() throws {
        let all = [("keyboard", "-"), ("touchpad", "-"), ("touchscreen-mt", "-"), ("touchscreen-st", "-")]
        let devices = try Self.emulated(all, ["devices"])
        #expect(devices.status == 0)
        #expect(devices.lines == [
            "/dev/input/event19\ttouchpad\tprotocol B\t100 x 60 mm\t5 slots\tGestures Test Touchpad",
            "/dev/input/event20\ttouchscreen\tprotocol B\t215.526 x 134.684 mm\t10 slots\tGestures Test Touchscreen",
            "/dev/input/event21\ttouchscreen\tprotocol single-touch\t215.526 x 134.684 mm\t1 slot\tGestures Test Single-Touch Screen",
        ])
        // Without DEVICE, live takes event20 (the keyboard and the touchpad come first, and are skipped).
        let trace = Emulated.fixtures.appendingPathComponent("traces/tap-longpress-mt.events")
        let live = try Self.emulated([("keyboard", "-"), ("touchpad", "-"), ("touchscreen-mt", trace.path)],
                                     options: ["--interrupt-after", "2.5"], ["live"])
        #expect(live.status == 0)
        #expect(live.lines.count == 4)
        #expect(live.lines.first?.hasPrefix(#"{"time":0.090000,"region":"surface","type":"tap""#) == true)
    }

    /// JSON Lines: one object a device, in node order; a size the device does not give (no resolution on its axes)
    /// is `null` there, `?` in the text table.
    @Test func devicesAsJSONLines_andADeviceWithoutASize() throws {
        let all = [("touchscreen-mt", "-"), ("touchscreen-unsized", "-")]
        let jsonl = try Self.emulated(all, ["devices", "--format", "jsonl"])
        #expect(jsonl.status == 0)
        #expect(jsonl.lines == [
            #"{"node":"/dev/input/event20","name":"Gestures Test Touchscreen","kind":"touchscreen","protocol":"B","width":215.526,"height":134.684,"slots":10}"#,
            #"{"node":"/dev/input/event22","name":"Gestures Test Unsized Touchscreen","kind":"touchscreen","protocol":"B","width":null,"height":null,"slots":2}"#,
        ])
        let text = try Self.emulated(all, ["devices"])
        #expect(text.status == 0)
        #expect(text.lines == [
            "/dev/input/event20\ttouchscreen\tprotocol B\t215.526 x 134.684 mm\t10 slots\tGestures Test Touchscreen",
            "/dev/input/event22\ttouchscreen\tprotocol B\t? x ? mm\t2 slots\tGestures Test Unsized Touchscreen",
        ])
    }

    /// One rule for device descriptions, live or recorded: a device whose X axes end below where they start is
    /// refused by `live` and `record` (64) as `replay` refuses its recording (65), with the same words; `devices`
    /// lists it, its size unknown and its name's control characters shown, and says why; `live` without DEVICE
    /// passes it over.
    @Test func aDeviceWhoseAxisSpansNoRangeIsRefused_asItsRecordingIs() throws {
        let problem = "expected the position axis ABS_MT_POSITION_X to span a range (maximum above minimum), found 4095 to 0: "
            + "positions on it cannot be told apart"
        for arguments in [["live", "/dev/input/event23"], ["record", "/dev/input/event23"]] {
            let run = try Self.emulated([("touchscreen-backwards", "-")], arguments)
            #expect(run.status == 64)
            #expect(run.stdout == "")
            #expect(run.stderr == "gestures: /dev/input/event23: \(problem)\n")
        }
        let replay = try CLI.run(["replay", "--device", Emulated.fixtures.appendingPathComponent("touchscreen-backwards.desc").path,
                                  Emulated.fixtures.appendingPathComponent("traces/tap-longpress-mt.events").path])
        #expect(replay.status == 65)
        #expect(replay.stderr.hasSuffix("touchscreen-backwards.desc: \(problem)\n"))
        let devices = try Self.emulated([("touchscreen-mt", "-"), ("touchscreen-backwards", "-")], ["devices"])
        #expect(devices.status == 0)
        #expect(devices.lines == [
            "/dev/input/event20\ttouchscreen\tprotocol B\t215.526 x 134.684 mm\t10 slots\tGestures Test Touchscreen",
            "/dev/input/event23\ttouchscreen\tprotocol B\t? x ? mm\t2 slots\tGestures \\x1b[31mTest\\x0d\\x0aBackwards Touchscreen",
        ])
        #expect(devices.stderr == "gestures: warning: /dev/input/event23: \(problem); live and record refuse it\n")
        let trace = Emulated.fixtures.appendingPathComponent("traces/tap-longpress-mt.events")
        let live = try Self.emulated([("touchscreen-backwards", "-"), ("touchscreen-mt", trace.path)], options: ["--interrupt-after", "2.5"], ["live"])
        #expect(live.status == 0)
        #expect(live.lines.first?.hasPrefix(#"{"time":0.090000,"region":"surface","type":"tap""#) == true)
    }

    /// A recording is written by one recorder at a time: a second `record -o` onto the file the first is writing
    /// is refused (74) before it changes anything, and the first's recording replays whole. A FIFO that no process
    /// reads is refused at once (74), where `open()` waited for a reader with the stop signals held.
    @Test(.timeLimit(.minutes(1))) func aRecordingHasOneRecorder_andAFIFOWithoutAReaderIsRefused() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = Emulated.fixtures.appendingPathComponent("traces/tap-longpress-mt.events")
        let gestures = CLI.binary.path
        let script = "\(gestures) record /dev/input/event20 -o shared.evemu & first=$!; sleep 1; "
            + "\(gestures) record /dev/input/event20 -o shared.evemu; echo second=$?; sleep 1.5; kill -INT $first; wait $first; echo first=$?"
        let run = try CLI.runProcess([Emulated.harness.path, "touchscreen-mt", trace.path, "--", "/bin/sh", "-c", script], in: directory)
        #expect(run.status == 0)
        #expect(run.lines == ["second=74", "first=0"])
        #expect(run.stderr == "gestures: shared.evemu: cannot record: another recorder is writing it\n")
        let replayed = try CLI.run(["replay", directory.appendingPathComponent("shared.evemu").path])
        #expect(replayed.status == 0)
        #expect(replayed.lines.first?.hasPrefix(#"{"time":0.090000,"region":"surface","type":"tap""#) == true)
        try #require(mkfifo(directory.appendingPathComponent("pipe").path, 0o644) == 0)
        for arguments in [["record", "/dev/input/event20", "-o", "pipe"], ["live", "/dev/input/event20", "--record", "pipe"]] {
            let refused = try CLI.runProcess([Emulated.harness.path, "touchscreen-mt", "-", "--", gestures] + arguments, in: directory)
            #expect(refused.status == 74)
            #expect(refused.stdout == "")
            #expect(refused.stderr == "gestures: pipe: cannot open: it is a pipe (FIFO) that no process reads\n")
        }
    }

    /// A stop signal ends `record` and `live` at once even while they wait to write to a reader that stopped
    /// reading (a FIFO whose reader never reads, filled by ten fingers at 1 kHz): the write is interrupted and
    /// gives up, and the command says why, status 74 (lines were lost). With the signals held for a signalfd,
    /// the write waited for ever.
    @Test(.timeLimit(.minutes(2))) func aStopEndsACommandWaitingOnAReaderThatDoesNotRead() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = directory.appendingPathComponent("storm.events").path
        let layout = directory.appendingPathComponent("storm.layout.json").path
        let generated = try CLI.runProcess(["/usr/bin/python3", Emulated.fixtures.appendingPathComponent("storm.py").path, "8", trace, layout])
        try #require(generated.status == 0)
        try #require(mkfifo(directory.appendingPathComponent("pipe").path, 0o644) == 0)
        // The reader holds the FIFO open and never reads; each command is stopped 3 s in, when the pipe is long full.
        let script = """
            sleep 100 < pipe & reader=$!
            "$0" record /dev/input/event20 -o pipe & command=$!; sleep 3; kill -INT $command; wait $command; echo record=$?
            "$0" live /dev/input/event20 --layout "$1" --explain > pipe & command=$!; sleep 3; kill -INT $command; wait $command; echo live=$?
            kill $reader
            """
        let run = try CLI.runProcess([Emulated.harness.path, "--script", "--timeout", "60", "touchscreen-mt", trace, "--",
                                      "/bin/sh", "-c", script, CLI.binary.path, layout], in: directory)
        #expect(run.status == 0)
        #expect(run.lines == ["record=74", "live=74"])
        let messages = run.stderr.split(separator: "\n").filter { !$0.contains("reading the device failed") }
        #expect(messages == [
            "gestures: pipe: cannot write: the stop came while its reader was not reading",
            "gestures: cannot write the output: the stop came while its reader was not reading",
        ])
    }

    /// With no touch device, `devices` lists nothing and says so on stderr; standard output stays a valid
    /// (empty) list in either format, and the status is 0.
    @Test(arguments: [["devices"], ["devices", "--format", "text"], ["devices", "--format", "jsonl"]])
    func devicesWithNothingToListSaysSo(arguments: [String]) throws {
        let run = try Self.emulated([("keyboard", "-")], arguments)
        #expect(run.status == 0)
        #expect(run.stdout == "")
        #expect(run.stderr == "gestures: no touch devices found\n")
    }

    @Test func aDeviceThatVanishesMidGestureCancelsItAndSaysSo() throws {
        let trace = Emulated.fixtures.appendingPathComponent("traces/tap-longpress-mt.events")
        let run = try Self.emulated([("touchscreen-mt", trace.path)], options: ["--vanish-after", "1.5"], ["live"])
        #expect(run.status == 74)
        // (The harness says on stderr too that it removed the device; gestures' own lines are these.)
        #expect(run.stderr.split(separator: "\n").filter { $0.hasPrefix("gestures:") }
            == [#"gestures: /dev/input/event20: the device "Gestures Test Touchscreen" disappeared"#])
        #expect(Array(run.lines.prefix(3)) == [
            #"{"time":0.090000,"region":"surface","type":"tap","x":52.632,"y":52.632,"count":1,"value":24.42,"selection":{"start":24,"end":24}}"#,
            #"{"time":1.390000,"region":"surface","type":"select","phase":"began","anchor":73,"selection":{"start":73,"end":73}}"#,
            #"{"time":1.390000,"region":"surface","type":"haptic","kind":"press"}"#,
        ])
        // The selection is cancelled at the event-clock time of the loss: after its began, before its lift.
        #expect(run.lines.count == 4)
        let last = run.lines.last ?? ""
        #expect(last.hasSuffix(#","region":"surface","type":"select","phase":"cancelled","anchor":73,"selection":{"start":73,"end":73}}"#))
        #expect(Self.time(of: last) >= 1.39 && Self.time(of: last) < 1.6)
    }

    static let readFailedWarning = "gestures: warning: /dev/input/event20: reading the device failed (Invalid argument): "
        + "events may be lost; the gestures in progress are cancelled and the device's state is read again"

    /// The select that the traces with a finger held from 0.5 s (syn-dropped, read-fails, read-fails-repeatedly)
    /// begin at its long press, 0.8 s.
    static let selectBeganAt800ms = [
        #"{"time":0.800000,"region":"surface","type":"select","phase":"began","anchor":48,"selection":{"start":48,"end":48}}"#,
        #"{"time":0.800000,"region":"surface","type":"haptic","kind":"press"}"#,
    ]

    /// The time of a JSON line, in seconds.
    static func time(of line: String) -> Double {
        Double(line.dropFirst(#"{"time":"#.count).prefix { $0 != "," }) ?? -1
    }

    /// A read that fails once (15 bytes that are not a whole event: libevdev says EINVAL) is a SYN_DROPPED:
    /// a warning, the select in progress cancelled, the device's state read again; then the session goes on.
    @Test func aReadThatFailsOnceResyncsAndGoesOn() throws {
        let (live, recording, replayed) = try Self.liveAndItsRecording("read-fails-mt.events")
        #expect(live.status == 0)
        #expect(live.lines.count == 4)
        #expect(Array(live.lines.prefix(2)) == Self.selectBeganAt800ms)
        // Cancelled at the event-clock time of the failure, 1.000000 as the trace has it.
        let cancelled = live.lines.count == 4 ? live.lines[2] : ""
        #expect(cancelled.hasSuffix(#","region":"surface","type":"select","phase":"cancelled","anchor":48,"selection":{"start":48,"end":48}}"#))
        #expect(Self.time(of: cancelled) >= 0.95 && Self.time(of: cancelled) < 1.2)
        #expect(live.lines.last == #"{"time":1.560000,"region":"surface","type":"tap","x":52.632,"y":52.632,"count":1,"value":24.42,"selection":{"start":24,"end":24}}"#)
        // The resync says the finger is up (the fixture's state), so libevdev finds the lift at 1.200000 a bug.
        #expect(live.stderr.split(separator: "\n").map(String.init) == [
            Self.readFailedWarning,
            #"gestures: warning: /dev/input/event20: libevdev: BUG: Device "Gestures Test Touchscreen" received a double tracking ID -1 in slot 0."#,
        ])
        // The recording holds the SYN_DROPPED and the resync, and replays to the same lines.
        #expect(recording.split(separator: "\n").filter { $0.contains(" 0000 0003 0") }.count == 1)
        #expect(replayed == live.lines)
    }

    /// umockdev's own failure: 200 events at once overflow its 4095-byte buffer before `live` opens the device
    /// (0.2 s late), the first read gets 4095 bytes, and libevdev says EINVAL twice in a row. One warning, a
    /// resync, and the tap after it is recognized.
    @Test func anOverflowedBufferIsResyncedAndTheTapAfterItRecognized() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = Emulated.fixtures.appendingPathComponent("traces/overflow-mt.events")
        let recorded = directory.appendingPathComponent("overflow.evemu").path
        let live = try CLI.runProcess([Emulated.harness.path, "--interrupt-after", "1.5", "touchscreen-mt", trace.path, "--",
                                       "/bin/sh", "-c", #"sleep 0.2; exec "$0" live --record "$1""#, CLI.binary.path, recorded])
        #expect(live.status == 0)
        #expect(live.lines == [
            #"{"time":0.860000,"region":"surface","type":"tap","x":52.632,"y":52.632,"count":1,"value":24.42,"selection":{"start":24,"end":24}}"#,
        ])
        #expect(live.stderr == Self.readFailedWarning + "\n")
        #expect(try CLI.run(["replay", recorded]).lines == live.lines)
    }

    /// Reads that fail again and again, with reads that work between them (each resync starts with one): each
    /// failure is resynced and the session goes on. The warning is said once, and one line at the end says how
    /// often in all.
    @Test func readsThatFailAgainAndAgainAreEachResynced_saidOnceThenSummed() throws {
        let (live, _, replayed) = try Self.liveAndItsRecording("read-fails-repeatedly-mt.events")
        #expect(live.status == 0)
        #expect(live.lines.count == 3)
        #expect(Array(live.lines.prefix(2)) == Self.selectBeganAt800ms)
        #expect(live.lines.last?.hasSuffix(#","type":"select","phase":"cancelled","anchor":48,"selection":{"start":48,"end":48}}"#) == true)
        #expect(Self.time(of: live.lines.last ?? "") >= 0.95 && Self.time(of: live.lines.last ?? "") < 1.2)
        // (libevdev may also warn of a double tracking id, when a resync falls between a lift and its frame's
        // end: that depends on where the reads fail, not on the program.)
        #expect(live.stderr.split(separator: "\n").map(String.init).filter { !$0.contains("libevdev:") } == [
            Self.readFailedWarning,
            "gestures: warning: /dev/input/event20: in all, reading the device failed 8 times, and its state was read again 8 times",
        ])
        #expect(replayed == live.lines)
    }

    /// A device that can no longer be read (every read fails with EINVAL, the resync's too, while poll() says
    /// there is data): once reads have failed in a row for a second, the session ends as for a lost device:
    /// the gesture in progress cancelled, the recording closed, the error, status 74.
    @Test func readsThatKeepFailingEndTheSessionWith74() throws {
        let (live, _, replayed) = try Self.liveAndItsRecording("tap-longpress-mt.events", options: ["--fail-reads-after", "1.45"])
        #expect(live.status == 74)
        #expect(live.lines.count == 4)
        #expect(Array(live.lines.prefix(3)) == [
            #"{"time":0.090000,"region":"surface","type":"tap","x":52.632,"y":52.632,"count":1,"value":24.42,"selection":{"start":24,"end":24}}"#,
            #"{"time":1.390000,"region":"surface","type":"select","phase":"began","anchor":73,"selection":{"start":73,"end":73}}"#,
            #"{"time":1.390000,"region":"surface","type":"haptic","kind":"press"}"#,
        ])
        // Cancelled at the event-clock time of the end, a second after the reads began to fail (the lift at
        // 1.600000 came unread).
        #expect(live.lines.last?.hasSuffix(#","type":"select","phase":"cancelled","anchor":73,"selection":{"start":73,"end":73}}"#) == true)
        #expect(Self.time(of: live.lines.last ?? "") >= 2.45 && Self.time(of: live.lines.last ?? "") < 4)
        // (The harness says on stderr too when the reads begin to fail; gestures' own lines are these.) The
        // count of reads depends on the machine's speed, the time past the second on its scheduling.
        let said = live.stderr.split(separator: "\n").filter { $0.hasPrefix("gestures:") }.map(String.init)
        #expect(said.count == 2)
        #expect(said.first == Self.readFailedWarning)
        let ending = try #require(said.last?.wholeMatch(
            of: #/gestures: /dev/input/event20: reading the device failed (\d+) times in a row, for (\d)\.(\d{3}) s: Invalid argument/#))
        #expect(Int(ending.output.1).map { $0 >= 8 } == true, "\(said)")
        #expect(ending.output.2 == "1" || ending.output.2 == "2", "\(said)")
        #expect(replayed == live.lines)
    }

    /// A device clock that steps back by an hour, then one that jumps forward by two: live prints what the
    /// replays of the trace and of the recording print. After the step back the frames keep the device's
    /// intervals (the long press fires 300 ms after its down, with no event, on the shifted clock); the jump
    /// forward is time passing (umockdev replays it in 0.3 s with --max-gap).
    @Test(arguments: [
        ("clock-steps-back-mt.events", [
            #"{"time":3600.160000,"region":"surface","type":"tap","x":52.632,"y":52.632,"count":1,"value":24.42,"selection":{"start":24,"end":24}}"#,
            #"{"time":3600.460000,"region":"surface","type":"select","phase":"began","anchor":73,"selection":{"start":73,"end":73}}"#,
            #"{"time":3600.460000,"region":"surface","type":"haptic","kind":"press"}"#,
            #"{"time":3600.660000,"region":"surface","type":"select","phase":"ended","anchor":73,"selection":{"start":73,"end":73}}"#,
            #"{"time":3601.020000,"region":"surface","type":"tap","x":52.632,"y":52.632,"count":1,"value":24.42,"selection":{"start":24,"end":24}}"#,
        ]),
        ("clock-jumps-forward-mt.events", [
            #"{"time":0.160000,"region":"surface","type":"tap","x":52.632,"y":52.632,"count":1,"value":24.42,"selection":{"start":24,"end":24}}"#,
            #"{"time":0.800000,"region":"surface","type":"select","phase":"began","anchor":73,"selection":{"start":73,"end":73}}"#,
            #"{"time":0.800000,"region":"surface","type":"haptic","kind":"press"}"#,
            #"{"time":7201.200000,"region":"surface","type":"select","phase":"ended","anchor":73,"selection":{"start":73,"end":73}}"#,
            #"{"time":7201.560000,"region":"surface","type":"tap","x":52.632,"y":52.632,"count":1,"value":24.42,"selection":{"start":24,"end":24}}"#,
        ]),
    ])
    func aDeviceClockThatStepsBackOrJumpsForward(trace: String, expected: [String]) throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = Emulated.fixtures.appendingPathComponent("traces/" + trace).path
        let recorded = directory.appendingPathComponent("clock.evemu").path
        let live = try Self.emulated([("touchscreen-mt", path)], options: ["--max-gap", "0.3", "--interrupt-after", "2.5"],
                                     ["live", "--record", recorded])
        #expect(live.status == 0)
        #expect(live.stderr == "")
        #expect(live.lines == expected)
        #expect(try CLI.run(["replay", recorded]).lines == expected)
        #expect(try CLI.run(["replay", "--device", Emulated.fixtures.appendingPathComponent("touchscreen-mt.desc").path, path]).lines == expected)
    }

    /// Runs `live --record` on `trace` (touchscreen-mt) with the harness's `options`, then replays the recording:
    /// what live printed, the recording's text, and what its replay printed (the same, when all is well).
    static func liveAndItsRecording(_ trace: String, options: [String] = ["--interrupt-after", "2.5"],
                                    _ arguments: [String] = []) throws -> (live: Run, recording: String, replayed: [String]) {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = Emulated.fixtures.appendingPathComponent("traces/" + trace).path
        let recorded = directory.appendingPathComponent("recorded.evemu").path
        let live = try emulated([("touchscreen-mt", path)], options: options, ["live", "--record", recorded] + arguments)
        let recording = try String(contentsOf: URL(fileURLWithPath: recorded), encoding: .utf8)
        return (live, recording, try CLI.run(["replay", recorded] + arguments).lines)
    }

    static let doubleLiftWarning =
        #"gestures: warning: /dev/input/event20: libevdev: BUG: Device "Gestures Test Touchscreen" received a double tracking ID -1 in slot 0."#

    /// SYN_DROPPED in bursts: three in a row cancel the select in progress once, at the first; five in a row
    /// with a finger down print nothing; the fingers down at a drop are ignored until they lift, and the taps
    /// after them are recognized. libevdev's complaint about the lifts (its resync said the fingers were up)
    /// is said once.
    @Test func synDroppedInBurstsCancelsOnce_andTheTapsAfterAreRecognized() throws {
        let (live, _, replayed) = try Self.liveAndItsRecording("syn-dropped-burst-mt.events")
        #expect(live.status == 0)
        let expected = [
            #"{"time":0.600000,"region":"surface","type":"select","phase":"began","anchor":24,"selection":{"start":24,"end":24}}"#,
            #"{"time":0.600000,"region":"surface","type":"haptic","kind":"press"}"#,
            #"{"time":0.700000,"region":"surface","type":"select","phase":"cancelled","anchor":24,"selection":{"start":24,"end":24}}"#,
            #"{"time":1.060000,"region":"surface","type":"tap","x":157.895,"y":52.632,"count":1,"value":73.26,"selection":{"start":73,"end":73}}"#,
            #"{"time":1.760000,"region":"surface","type":"tap","x":52.632,"y":105.263,"count":1,"value":24.42,"selection":{"start":24,"end":24}}"#,
        ]
        #expect(live.lines == expected)
        #expect(live.stderr == Self.doubleLiftWarning + "\n")
        #expect(replayed == expected)
        // The kernel's trace itself, without libevdev's resyncs, prints the same.
        let trace = Emulated.fixtures.appendingPathComponent("traces/syn-dropped-burst-mt.events").path
        #expect(try CLI.run(["replay", "--device", Emulated.fixtures.appendingPathComponent("touchscreen-mt.desc").path, trace]).lines == expected)
    }

    /// Tracking ids reused at once: in the next frame, or in the lift's own frame, the same id is a new touch
    /// (two taps each time). An id that changes without a lift is dropped by libevdev, which says so: live sees
    /// one finger that moves (a pan), where the raw trace has two taps; the recording holds what libevdev
    /// delivered, and replays to the live lines.
    @Test func trackingIdsReusedAtOnce() throws {
        let (live, _, replayed) = try Self.liveAndItsRecording("tracking-ids-reused-mt.events", options: ["--interrupt-after", "1.8"])
        #expect(live.status == 0)
        let taps = [
            #"{"time":0.160000,"region":"surface","type":"tap","x":52.632,"y":52.632,"count":1,"value":24.42,"selection":{"start":24,"end":24}}"#,
            #"{"time":0.230000,"region":"surface","type":"tap","x":157.895,"y":105.263,"count":1,"value":73.26,"selection":{"start":73,"end":73}}"#,
            #"{"time":0.560000,"region":"surface","type":"tap","x":52.632,"y":52.632,"count":1,"value":24.42,"selection":{"start":24,"end":24}}"#,
            #"{"time":0.620000,"region":"surface","type":"tap","x":157.895,"y":105.263,"count":1,"value":73.26,"selection":{"start":73,"end":73}}"#,
        ]
        #expect(live.lines == taps + [
            #"{"time":1.050000,"region":"surface","type":"pan","phase":"began","dx":105.263,"dy":52.632}"#,
            // The finger lifts 50 ms after its one move: it had stopped, no velocity.
            #"{"time":1.100000,"region":"surface","type":"pan","phase":"ended","dx":105.263,"dy":52.632,"vx":0,"vy":0}"#,
        ])
        #expect(live.stderr == #"gestures: warning: /dev/input/event20: libevdev: BUG: Device "Gestures Test Touchscreen" received a double tracking ID 8 in slot 0."# + "\n")
        #expect(replayed == live.lines)
        let trace = Emulated.fixtures.appendingPathComponent("traces/tracking-ids-reused-mt.events").path
        #expect(try CLI.run(["replay", "--device", Emulated.fixtures.appendingPathComponent("touchscreen-mt.desc").path, trace]).lines == taps + [
            #"{"time":1.050000,"region":"surface","type":"tap","x":52.632,"y":52.632,"count":1,"value":24.42,"selection":{"start":24,"end":24}}"#,
            #"{"time":1.100000,"region":"surface","type":"tap","x":157.895,"y":105.263,"count":1,"value":73.26,"selection":{"start":73,"end":73}}"#,
        ])
    }

    /// Twelve fingers on ten slots, each in a column of its own: libevdev takes slots 10 and 11 for slot 9 and
    /// drops their tracking ids, saying so; the finger of slot 9 ends where the last of them was put (column
    /// 11). The raw trace's replay ignores the events of slots beyond the device's. A tap after works.
    @Test func moreContactsThanSlots() throws {
        let layout = Emulated.fixtures.appendingPathComponent("traces/more-contacts-than-slots-mt.layout.json").path
        let (live, _, replayed) = try Self.liveAndItsRecording("more-contacts-than-slots-mt.events", options: ["--interrupt-after", "1"],
                                                              ["--layout", layout])
        #expect(live.status == 0)
        let columns = [
            #"{"time":0.160000,"region":"c0","type":"tap","x":7.895,"y":52.632,"count":1,"value":4.396,"selection":{"start":4,"end":4}}"#,
            #"{"time":0.160000,"region":"c1","type":"tap","x":25.263,"y":52.632,"count":1,"value":4.068,"selection":{"start":4,"end":4}}"#,
            #"{"time":0.160000,"region":"c2","type":"tap","x":42.632,"y":52.632,"count":1,"value":3.739,"selection":{"start":3,"end":3}}"#,
            #"{"time":0.160000,"region":"c3","type":"tap","x":60,"y":52.632,"count":1,"value":3.411,"selection":{"start":3,"end":3}}"#,
            #"{"time":0.160000,"region":"c4","type":"tap","x":77.368,"y":52.632,"count":1,"value":3.082,"selection":{"start":3,"end":3}}"#,
            #"{"time":0.160000,"region":"c5","type":"tap","x":94.737,"y":52.632,"count":1,"value":2.754,"selection":{"start":2,"end":2}}"#,
            #"{"time":0.160000,"region":"c6","type":"tap","x":112.105,"y":52.632,"count":1,"value":2.425,"selection":{"start":2,"end":2}}"#,
            #"{"time":0.160000,"region":"c7","type":"tap","x":129.474,"y":52.632,"count":1,"value":2.097,"selection":{"start":2,"end":2}}"#,
            #"{"time":0.160000,"region":"c8","type":"tap","x":146.842,"y":52.632,"count":1,"value":1.768,"selection":{"start":1,"end":1}}"#,
        ]
        let tap = #"{"time":0.560000,"region":"c2","type":"tap","x":52.632,"y":52.632,"count":1,"value":9.308,"selection":{"start":9,"end":9}}"#
        #expect(live.lines == columns + [
            #"{"time":0.160000,"region":"c11","type":"tap","x":198.947,"y":52.632,"count":1,"value":0.783,"selection":{"start":0,"end":0}}"#,
            tap,
        ])
        let device = #"/dev/input/event20: libevdev: BUG: Device "Gestures Test Touchscreen" received"#
        #expect(live.stderr.split(separator: "\n").map(String.init) == [
            "gestures: warning: \(device) an invalid slot index 10.Capping to announced max slot number 9.",
            "gestures: warning: \(device) a double tracking ID 30 in slot 9.",
            "gestures: warning: \(device) an invalid slot index 11.Capping to announced max slot number 9.",
            "gestures: warning: \(device) a double tracking ID 31 in slot 9.",
            "gestures: warning: \(device) a double tracking ID -1 in slot 9.",
        ])
        #expect(replayed == live.lines)
        let trace = Emulated.fixtures.appendingPathComponent("traces/more-contacts-than-slots-mt.events").path
        #expect(try CLI.run(["replay", "--device", Emulated.fixtures.appendingPathComponent("touchscreen-mt.desc").path, trace]).lines == columns + [
            #"{"time":0.160000,"region":"c9","type":"tap","x":164.211,"y":52.632,"count":1,"value":1.44,"selection":{"start":1,"end":1}}"#,
            tap,
        ])
    }

    /// A device that disappears while `live --record` and `record` write: the recording is closed with the
    /// stop's SYN_REPORT, parses, and replays to what live printed; both end with status 74 and the message.
    @Test func aDeviceThatVanishesLeavesARecordingThatReplaysTheSame() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = Emulated.fixtures.appendingPathComponent("traces/tap-longpress-mt.events")
        let vanished = #"gestures: /dev/input/event20: the device "Gestures Test Touchscreen" disappeared"#
        let recorded = directory.appendingPathComponent("live.evemu").path
        let live = try Self.emulated([("touchscreen-mt", trace.path)], options: ["--vanish-after", "1.5"], ["live", "--record", recorded])
        #expect(live.status == 74)
        #expect(live.stderr.split(separator: "\n").filter { $0.hasPrefix("gestures:") } == [Substring(vanished)])
        #expect(live.lines.count == 4)
        let replayed = try CLI.run(["replay", recorded])
        #expect(replayed.status == 0)
        #expect(replayed.lines == live.lines)

        let byRecord = directory.appendingPathComponent("record.evemu").path
        let record = try Self.emulated([("touchscreen-mt", trace.path)], options: ["--vanish-after", "1.5"],
                                       ["record", "/dev/input/event20", "-o", byRecord])
        #expect(record.status == 74)
        #expect(record.stderr.split(separator: "\n").filter { $0.hasPrefix("gestures:") } == [Substring(vanished)])
        let fromRecord = try CLI.run(["replay", byRecord])
        #expect(fromRecord.status == 0)
        #expect(Array(fromRecord.lines.prefix(3)) == Array(live.lines.prefix(3)))
        #expect(fromRecord.lines.last?.hasSuffix(#","type":"select","phase":"cancelled","anchor":73,"selection":{"start":73,"end":73}}"#) == true)
    }

    /// An event line's fields (time in microseconds, type, code, value), whatever its comment and padding.
    static func eventFields(_ line: Substring) -> [Int64]? {
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard fields.count >= 5, fields[0] == "E:" else { return nil }
        let stamp = fields[1].split(separator: ".")
        guard stamp.count == 2, let seconds = Int64(stamp[0]), let micros = Int64(stamp[1]),
              let type = Int64(fields[2], radix: 16), let code = Int64(fields[3], radix: 16), let value = Int64(fields[4]) else { return nil }
        return [seconds * 1_000_000 + micros, type, code, value]
    }

    /// A finger drawing for 2.3 s, a frame every 10 ms (X, Y, SYN_REPORT), on touchscreen-mt.
    static func drawingTrace() -> String {
        var text = "# EVEMU 1.3\n# A finger drawing, a frame every 10 ms (written by LiveTests). Microseconds UNPADDED.\n"
        text += "E: 0.0 0000 0000 0\nE: 0.100000 0003 0039 1\nE: 0.100000 0001 014a 1\n"
        for frame in 0...230 {
            let micros = 100_000 + frame * 10_000
            let stamp = "\(micros / 1_000_000).\(micros % 1_000_000)"
            text += "E: \(stamp) 0003 0035 \(500 + frame * 10)\nE: \(stamp) 0003 0036 \(1000 + frame % 50)\nE: \(stamp) 0000 0000 0\n"
        }
        return text + "E: 2.410000 0003 0039 -1\nE: 2.410000 0001 014a 0\nE: 2.410000 0000 0000 0\n"
    }

    /// `record` stopped by SIGINT at seeded random moments, from 50 ms after its start to the end of the trace:
    /// the file always parses (`replay` exits 0, no partial frame), holds the trace's events from the start in
    /// order, then the stop's SYN_REPORT, and lacks no frame that arrived 200 ms before the stop (the stop's time is
    /// the event clock's estimate: on a machine busy with other builds, umockdev's player and `record` fell 50 ms
    /// behind it, a frame 50 ms old still unread).
    ///
    /// SIGINT is held from the moment the session starts, before the file is created. Before that (the first
    /// 20 to 30 ms, longer on a busy machine) the signal's default action ends the program, status 130, and
    /// there is no file to check.
    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func recordUnderSIGINTAtRandomMomentsAlwaysLeavesAWholeFile(seed: UInt64) throws {
        var moments = SplitMix64(seed: seed)
        let moment = Double(Int.random(in: 50...2_400, using: &moments)) / 1000
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = directory.appendingPathComponent("drawing.events")
        try Self.drawingTrace().write(to: trace, atomically: false, encoding: .utf8)
        let recorded = directory.appendingPathComponent("recorded.evemu")
        let run = try Self.emulated([("touchscreen-mt", trace.path)], options: ["--interrupt-after", String(format: "%.3f", moment)],
                                    ["record", "/dev/input/event20", "-o", recorded.path])
        #expect(run.stderr == "", "moment \(moment)")
        if run.status == 130 && !FileManager.default.fileExists(atPath: recorded.path) { return }   // not started yet
        #expect(run.status == 0, "moment \(moment)")
        let replayed = try CLI.run(["replay", recorded.path])
        #expect(replayed.status == 0, "moment \(moment)")
        #expect(replayed.stderr == "", "moment \(moment)")
        let expected = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n").compactMap(Self.eventFields)
        let text = try String(contentsOf: recorded, encoding: .utf8)
        #expect(text.hasPrefix("# EVEMU 1.3\nN: Gestures Test Touchscreen\n"))
        var events = text.split(separator: "\n").compactMap(Self.eventFields)
        let last = events.popLast()
        let stop = try #require(last, "moment \(moment)")
        #expect(stop.dropFirst() == [0, 0, 0], "moment \(moment): the stop's SYN_REPORT")
        // (A frame read in part when the signal came is completed by the stop's SYN_REPORT.)
        #expect(events == Array(expected.prefix(events.count)), "moment \(moment)")
        let missing = expected.dropFirst(events.count).filter { $0[1] == 0 && $0[0] < stop[0] - 200_000 }
        #expect(missing.isEmpty, "moment \(moment): \(missing.count) frames that came 200 ms before the stop are missing")
    }

    /// Ten fingers at 1 kHz for a minute (`storm.py`: 28,000 events a second, each finger a long press then a
    /// drag in its own timeline), through umockdev scripts (its evemu player plays 5,000 events a second).
    /// Memory stays flat (VmRSS at 60 s within 2 MB of that at 10 s), and nothing is reordered or lost
    /// between libevdev and the output: live prints what the replay of its recording prints, and the recorded
    /// frames come in the trace's order. umockdev's 4095-byte buffer holds 6 ms of the storm, so on a busy
    /// machine it overflows now and then: a read fails, the session resyncs and goes on, and the recording
    /// holds what libevdev delivered (the figures are printed). The grace is 1 s, so that a stall of the
    /// emulation shorter than that fires no deadline before frames that were stamped earlier.
    @Test(.timeLimit(.minutes(4)),
          .enabled(if: Emulated.machineIsFreeEnough,
                   "the machine is too busy (load average at or above twice its cores) for a 1 kHz emulated device"))
    func aTenFingerStormAt1kHzForAMinute() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let trace = directory.appendingPathComponent("storm.events").path
        let layout = directory.appendingPathComponent("storm.layout.json").path
        let generated = try CLI.runProcess(["/usr/bin/python3", Emulated.fixtures.appendingPathComponent("storm.py").path, "60", trace, layout])
        #expect(generated.status == 0)
        let recorded = directory.appendingPathComponent("storm.evemu").path
        let output = directory.appendingPathComponent("live.jsonl").path
        // The shell samples the memory of `gestures live` at 10 s and 60 s, then stops it (SIGTERM: a job of a
        // script ignores SIGINT).
        let script = """
            "$0" live --layout "$1" --grace-ms 1000 --record "$2" > "$3" &
            live=$!
            sleep 10; grep -E '^Vm(RSS|HWM)' /proc/$live/status > "$4/status10"
            sleep 50; grep -E '^Vm(RSS|HWM)' /proc/$live/status > "$4/status60"
            kill -TERM $live; wait $live
            """
        let run = try CLI.runProcess([Emulated.harness.path, "--script", "--timeout", "150", "touchscreen-mt", trace, "--",
                                      "/bin/sh", "-c", script, CLI.binary.path, layout, recorded, output, directory.path])
        #expect(run.status == 0)
        let memory = { (name: String) throws -> [String: Int] in
            let text = try String(contentsOfFile: directory.appendingPathComponent(name).path, encoding: .utf8)
            var values: [String: Int] = [:]
            for line in text.split(separator: "\n") {
                let fields = line.split(whereSeparator: { $0 == ":" || $0 == " " || $0 == "\t" })
                if fields.count >= 2, let kilobytes = Int(fields[1]) { values[String(fields[0])] = kilobytes }
            }
            return values
        }
        let at10 = try memory("status10"), at60 = try memory("status60")
        let rss10 = try #require(at10["VmRSS"]), rss60 = try #require(at60["VmRSS"])
        #expect(rss60 <= rss10 + 2048, "VmRSS \(rss10) kB at 10 s, \(rss60) kB at 60 s")

        let live = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map(String.init)
        let replayed = try CLI.run(["replay", "--layout", layout, recorded])
        #expect(replayed.status == 0)
        #expect(live.count > 1000)
        #expect(replayed.lines == live)

        // The recording's frames, in the trace's order and on its milliseconds. Left out: the stop's SYN_REPORT,
        // and libevdev's resync after each SYN_DROPPED, whose events are all stamped with one earlier time (that
        // of the latest event libevdev handled): the SYN_REPORTs up to that time, or up to the first event's
        // after the drop (when the resync was empty), until a later one. Then the trace's events up to the
        // last frame, against the events recorded.
        let frames = try CLI.runProcess(["/usr/bin/awk", """
            /^E:/ { split($2, t, "."); time = t[1] * 1000000 + t[2]; report = ($3 == "0000" && $4 == "0000")
              if ($3 == "0000" && $4 == "0003") { drops++; resync = 1; first = -1; next }
              if (resync) {
                if (first < 0) first = time
                if (!report || time <= last || time <= first) next
                resync = 0
              }
              events++
              if (report) { wasBack = (frames && time <= last); wasOdd = (time % 1000 != 0)
                back += wasBack; odd += wasOdd; frames++; previous = last; last = time } }
            END { print frames - 1, back - wasBack, odd - wasOdd, drops + 0, events - 1, previous }
            """, recorded]).stdout.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        try #require(frames.count == 6)
        let (recordedFrames, backwards, offTheTrace, drops, recordedEvents, lastFrame) = (frames[0], frames[1], frames[2], frames[3], frames[4], frames[5])
        #expect(backwards == 0)
        #expect(offTheTrace == 0)
        let sent = try CLI.runProcess(["/usr/bin/awk", "-v", "last=\(lastFrame)", """
            /^E:/ { split($2, t, "."); if (t[1] * 1000000 + t[2] <= last) { events++; if ($3 == "0000" && $4 == "0000") frames++ } }
            END { print frames, events }
            """, trace]).stdout.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        try #require(sent.count == 2)
        if drops == 0 {
            #expect(recordedEvents == sent[1], "nothing lost")
        }
        print("storm: VmRSS \(rss10) kB at 10 s, \(rss60) kB at 60 s (VmHWM \(at10["VmHWM"] ?? 0), \(at60["VmHWM"] ?? 0) kB); "
              + "trace time reached \(Double(lastFrame) / 1e6) s; \(sent[0]) frames and \(sent[1]) events sent, \(recordedFrames) "
              + "frames and \(recordedEvents) events delivered, \(drops) resyncs after failed reads; \(live.count) lines")
    }

    /// An existing file named by `record -o` or `live --record` is replaced only once the device is open and
    /// known to be a touch device: a typo in the node or a refused device leaves it as it was.
    @Test(arguments: [
        (["record", "/dev/input/event99", "-o"], 66),
        (["record", "/dev/input/event2", "-o"], 64),
        (["live", "/dev/input/event2", "--record"], 64),
        (["live", "/dev/input/event99", "--record"], 66),
    ])
    func aDeviceThatCannotBeRecordedLeavesAnExistingFileAsItWas(arguments: [String], status: Int) throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let existing = directory.appendingPathComponent("existing.evemu")
        let content = "# EVEMU 1.3\nN: an earlier recording\n"
        try content.write(to: existing, atomically: false, encoding: .utf8)
        let run = try Self.emulated([("keyboard", "-")], arguments + [existing.path])
        #expect(Int(run.status) == status)
        #expect(run.stdout == "")
        #expect(try String(contentsOf: existing, encoding: .utf8) == content)
    }

    /// The header `record` writes is evemu-describe's for the same device (its `N:`, `I:`, `P:`, `B:` and
    /// `A:` lines; evemu-describe's comments aside), so evemu-device or umockdev recreate the same device.
    @Test(.enabled(if: Emulated.evemuDescribe != nil, "evemu-describe is missing: run `make test`, which installs evemu-tools"),
          arguments: ["touchscreen-mt", "touchscreen-st", "touchpad"])
    func theRecordedHeaderIsEvemuDescribes(fixture: String) throws {
        let node = "/dev/input/event\(["touchpad": 19, "touchscreen-mt": 20, "touchscreen-st": 21][fixture]!)"
        let described = try CLI.runProcess([Emulated.harness.path, fixture, "-", "--", Emulated.evemuDescribe!, node])
        #expect(described.status == 0)
        let recorded = try Self.emulated([(fixture, "-")], options: ["--interrupt-after", "0.5"], ["record", node])
        #expect(recorded.status == 0)
        let expected = described.lines.filter { !$0.hasPrefix("#") && !$0.isEmpty }
        let header = recorded.lines.filter { !$0.hasPrefix("#") && !$0.hasPrefix("E:") }
        #expect(expected.count > 20)
        #expect(header == expected)
    }

    @Test func aNonTouchDeviceIsRefused() throws {
        let run = try Self.emulated([("keyboard", "-")], ["live", "/dev/input/event2"])
        #expect(run.status == 64)
        #expect(run.stdout == "")
        #expect(run.stderr.contains("\"Gestures Test Keyboard\" is not a touch device"))
    }

    /// `gestures` runs as nobody here, so it runs from a copy in a temporary directory that nobody can enter:
    /// the checkout may lie in a directory only its owner can enter (a `mktemp -d` folder, a private home).
    @Test(.enabled(if: Emulated.canSwitchUser, "running `gestures` as another user needs root"),
          .enabled(if: Emulated.temporaryDirectoryIsOpenToOthers,
                   "the user nobody cannot reach the temporary directory, where a copy of `gestures` would go"))
    func permissionDeniedIs77AndSaysHowToGetAccess() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let binary = directory.appendingPathComponent("gestures")
        try FileManager.default.copyItem(at: CLI.binary, to: binary)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: binary.path)
        for arguments in [["live", "/dev/input/event20"], ["live"], ["devices"]] {
            let run = try Self.emulated([("touchscreen-mt", "-")], options: ["--deny"], binary: binary, arguments)
            #expect(run.status == 77, "\(arguments)")
            #expect(run.stdout == "")
            #expect(run.stderr.contains("'input' group"), "\(arguments)")
        }
    }
}

/// What the emulated-device tests need.
enum Emulated {
    static let fixtures = CLI.root.appendingPathComponent("Tests/Fixtures/umockdev")
    static let harness = fixtures.appendingPathComponent("run-emulated.sh")

    /// umockdev and the fault helper (faults.py) are installed (`run-emulated.sh --check faults`).
    static let available: Bool = (try? CLI.runProcess([harness.path, "--check", "faults"]).status) == 0

    /// Debian's evemu-tools (installed by `make test`), whose evemu-describe the recorded headers must equal.
    static let evemuDescribe: String? = ["/usr/bin/evemu-describe", "/usr/local/bin/evemu-describe"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Root can run a command as another user (the permission test runs `gestures` as nobody).
    static let canSwitchUser: Bool = getuid() == 0

    /// The one-minute load average is below twice the cores. umockdev replays a 1 kHz storm in real time
    /// through a 4 KiB buffer: on a machine busy with other work (a fuzzing campaign beside the suite) its
    /// reader falls behind for whole seconds, reads keep failing for a second, and the session ends as for
    /// a lost device; that says nothing of the program. (Below that load, runs of up to 8 failed reads
    /// within 40 ms were measured with two busy loops beside the storm; they end in a resync.)
    static let machineIsFreeEnough: Bool = {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8),
              let load = text.split(separator: " ").first.flatMap({ Double($0) }) else { return true }
        return load < 2 * Double(ProcessInfo.processInfo.activeProcessorCount)
    }()

    /// Others (the user nobody) may enter every directory on the way to the temporary directory, where the
    /// permission test puts the copy of `gestures` that nobody runs.
    static let temporaryDirectoryIsOpenToOthers: Bool = {
        var directory = FileManager.default.temporaryDirectory.resolvingSymlinksInPath()
        while true {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: directory.path),
                  let permissions = attributes[.posixPermissions] as? Int, permissions & 0o001 != 0 else { return false }
            if directory.path == "/" { return true }
            directory = directory.deletingLastPathComponent()
        }
    }()
}
