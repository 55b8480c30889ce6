import Foundation
import Testing

/// A 2-slot touchscreen, 0…1000 × 0…500 at 10 units/mm: 100 × 50 mm.
let header = smallTouchHeader()

/// A tap at (50, 25) mm: down at 1.000000, up at 1.080000.
let tap = """
    E: 1.000000 0003 002f 0
    E: 1.000000 0003 0039 1
    E: 1.000000 0003 0035 500
    E: 1.000000 0003 0036 250
    E: 1.000000 0000 0000 0
    E: 1.080000 0003 0039 -1
    E: 1.080000 0000 0000 0

    """

/// A pan to the right: down at (20, 25) mm, 5 mm and 10 mm to the right, up.
let pan = """
    E: 2.000000 0003 002f 0
    E: 2.000000 0003 0039 2
    E: 2.000000 0003 0035 200
    E: 2.000000 0003 0036 250
    E: 2.000000 0000 0000 0
    E: 2.050000 0003 0035 250
    E: 2.050000 0000 0000 0
    E: 2.100000 0003 0035 300
    E: 2.100000 0000 0000 0

    """

let tapLine = #"{"time":1.080000,"region":"surface","type":"tap","x":50,"y":25,"count":1,"value":50,"selection":{"start":50,"end":50}}"#

@Suite struct ReplayCommandTests: WritesFiles {
    let directory: URL

    init() throws {
        directory = try CLI.temporaryDirectory()
    }

    @Test func aTapOnTheDefaultLayout() throws {
        let trace = try write("tap.evemu", header + tap)
        let run = try CLI.run(["replay", trace])
        #expect(run.status == 0)
        #expect(run.lines == [tapLine])
        #expect(run.stderr == "")
    }

    /// `--explain`: a line per state transition of the timeline's machines, before the events they cause.
    @Test func explainATap() throws {
        let trace = try write("tap.evemu", header + tap)
        let run = try CLI.run(["replay", "--explain", trace])
        #expect(run.status == 0)
        let explain = { (time: String, path: String, from: String, to: String, reason: String) in
            #"{"time":\#(time),"region":"surface","type":"explain","path":"\#(path)","from":"\#(from)","to":"\#(to)","reason":"\#(reason)"}"#
        }
        #expect(run.lines == [
            explain("1.000000", "simultaneously.first.exclusively.first.exclusively.first.tap", "idle", "pressed", "finger 0 landed at (50, 25): tap 1; deadline 1.300000"),
            explain("1.000000", "simultaneously.first.exclusively.first.exclusively.second.sequenced.first.long-press", "idle", "pressing",
                    "finger 0 landed at (50, 25); deadline 1.300000"),
            explain("1.000000", "simultaneously.first.exclusively.second.drag", "idle", "pending", "finger 0 landed at (50, 25)"),
            explain("1.080000", "simultaneously.first.exclusively.first.exclusively.first.tap", "pressed", "recognized",
                    "finger 0 lifted after 80 ms < long press 300 ms, never beyond slop 3 mm"),
            explain("1.080000", "simultaneously.first.exclusively.first.exclusively.second.sequenced.first.long-press", "pressing", "failed",
                    "finger 0 lifted after 80 ms < long press 300 ms"),
            explain("1.080000", "simultaneously.first.exclusively.first.exclusively.second.sequenced", "first", "failed", "long-press failed"),
            explain("1.080000", "simultaneously.first.exclusively.first.exclusively", "undecided", "first", "first (tap) ended"),
            explain("1.080000", "simultaneously.first.exclusively.second.drag", "pending", "failed", "finger 0 lifted within slop 3 mm"),
            explain("1.080000", "simultaneously.first.exclusively", "undecided", "first", "first (exclusively) ended"),
            tapLine,
        ])
        #expect(run.stderr == "")
        // Without the flag, only the event.
        #expect(try CLI.run(["replay", trace]).lines == [tapLine])
    }

    @Test func explainInTextAndWithSeveralTraces() throws {
        let first = try write("tap.evemu", header + tap)
        let second = try write("pan.evemu", header + pan)
        let text = try CLI.run(["replay", "--explain", "--format", "text", first])
        #expect(text.status == 0)
        #expect(text.lines.first == "1.000000 surface explain simultaneously.first.exclusively.first.exclusively.first.tap: idle -> pressed, "
            + "finger 0 landed at (50, 25): tap 1; deadline 1.300000")
        #expect(text.lines.last == "1.080000 surface tap x=50 y=25 count=1 value=50 selection=50..50")
        let both = try CLI.run(["replay", "--explain", first, second])
        #expect(both.status == 0)
        // The tap's 10 lines; the pan's: 3 landings, 6 transitions and its began, its changed, its cancellation at
        // the end of input and the explanation before it.
        #expect(both.lines.count == 10 + 13)
        #expect(both.lines.allSatisfy { $0.hasPrefix(#"{"trace":""#) })
        // The end of the pan's trace cancels it, and says why.
        #expect(both.lines.suffix(2) == [
            #"{"trace":"\#(second)","time":2.100000,"region":"surface","type":"explain","path":"simultaneously.first.exclusively.second.drag","#
                + #""from":"dragging","to":"cancelled","reason":"cancelled: end of input"}"#,
            #"{"trace":"\#(second)","time":2.100000,"region":"surface","type":"pan","phase":"cancelled","dx":10,"dy":0}"#,
        ])
    }

    /// `check` compares the events with the expected files: it has no `--explain` (use `replay --explain`).
    @Test func checkHasNoExplain() throws {
        let trace = try write("tap.evemu", header + tap)
        let run = try CLI.run(["check", "--explain", trace])
        #expect(run.status == 64)
        #expect(run.stderr.contains("Unknown option '--explain'"))
    }

    @Test func theSameTraceTwiceGivesTheSameBytes() throws {
        let trace = try write("pan.evemu", header + tap + pan)
        let first = try CLI.run(["replay", trace])
        let second = try CLI.run(["replay", trace])
        #expect(first.status == 0)
        #expect(first.stdout == second.stdout)
        #expect(first.lines.count == 4)
    }

    @Test func severalTracesNameEachLine_andStartAfresh() throws {
        let one = try write("one.evemu", header + tap)
        let two = try write("two.evemu", header + tap)
        let run = try CLI.run(["replay", one, two])
        #expect(run.status == 0)
        let tapFields = tapLine.dropFirst()   // without the opening brace
        #expect(run.lines == [
            #"{"trace":"\#(one)","# + tapFields,
            #"{"trace":"\#(two)","# + tapFields,
        ])
    }

    @Test func textFormat() throws {
        let trace = try write("pan.evemu", header + pan)
        let run = try CLI.run(["replay", "--format", "text", trace])
        #expect(run.status == 0)
        #expect(run.lines == [
            "2.050000 surface pan began dx=5 dy=0",
            "2.100000 surface pan changed dx=10 dy=0",
            "2.100000 surface pan cancelled dx=10 dy=0",
        ])
    }

    @Test func aLayoutBesideTheTraceIsUsed() throws {
        let trace = try write("taps.evemu", header + tap)
        _ = try write("taps.layout.json", """
            {"regions": [{"name": "knob", "kind": "dial", "center": {"x": 50, "y": 25}, "radius": 20}]}
            """)
        let run = try CLI.run(["replay", trace])
        #expect(run.lines == [#"{"time":1.080000,"region":"knob","type":"tap","x":50,"y":25,"count":1}"#])
        // --layout wins over the file beside the trace.
        let chart = try write("chart.json", """
            {"regions": [{"name": "chart", "kind": "timeline", "rect": {"x": 0, "y": 0, "width": 100, "height": 50},
              "domain": {"start": 0, "end": 10}, "bucket": 2}]}
            """)
        let given = try CLI.run(["replay", "--layout", chart, trace])
        #expect(given.lines == [#"{"time":1.080000,"region":"chart","type":"tap","x":50,"y":25,"count":1,"value":5,"selection":{"start":4,"end":4}}"#])
    }

    @Test func aHeaderlessTraceWithItsDescription() throws {
        let description = try write("device.desc", header)
        let trace = try write("bare.events", tap)
        let run = try CLI.run(["replay", "--device", description, trace])
        #expect(run.status == 0)
        #expect(run.lines == [tapLine])
        // Without it, and without a .desc beside it: malformed, saying what is missing.
        let missing = try CLI.run(["replay", trace])
        #expect(missing.status == 65)
        #expect(missing.stdout == "")
        #expect(missing.stderr.hasPrefix("gestures: \(trace): expected a device description"))
    }

    @Test func sizeGivesTheSurfaceOfADeviceWithoutResolution() throws {
        let noResolution = header.replacingOccurrences(of: " 0 0 10\n", with: " 0 0 0\n")
        let trace = try write("tap.evemu", noResolution + tap)
        let sized = try CLI.run(["replay", "--size", "200x100", trace])
        #expect(sized.lines == [#"{"time":1.080000,"region":"surface","type":"tap","x":100,"y":50,"count":1,"value":50,"selection":{"start":50,"end":50}}"#])
        #expect(sized.stderr == "")
        let assumed = try CLI.run(["replay", trace])
        #expect(assumed.lines == [#"{"time":1.080000,"region":"surface","type":"tap","x":125,"y":62.5,"count":1,"value":50,"selection":{"start":50,"end":50}}"#])
        #expect(assumed.stderr.contains("assuming the wider axis spans 250 mm"))
        // Said once, however many traces need it.
        let twice = try CLI.run(["replay", trace, trace])
        #expect(twice.lines.count == 2)
        #expect(twice.stderr.components(separatedBy: "assuming the wider axis").count == 2)
    }

    // MARK: bad input

    /// Output whose reader goes away (`replay | head`): SIGPIPE is ignored, so the write fails, and replay
    /// stops there with status 74 and nothing on stderr, rather than being killed by the signal (141).
    @Test func aReaderThatGoesAwayIs74_notASignal() throws {
        let trace = directory.appendingPathComponent("long.yml")
        try LargeRecording.write(to: trace, periods: 1_000)   // output of some 300 KiB: more than a pipe holds
        let run = try CLI.runProcess(["/bin/bash", "-c", #""$0" replay "$1" | head -c 1 > /dev/null; exit "${PIPESTATUS[0]}""#,
                                      CLI.binary.path, trace.path])
        #expect(run.status == 74)
        #expect(run.stderr == "")
    }

    @Test func aMissingTraceIs66() throws {
        let run = try CLI.run(["replay", directory.appendingPathComponent("nope.evemu").path])
        #expect(run.status == 66)
        #expect(run.stdout == "")
        #expect(run.stderr.contains("nope.evemu"))
    }

    @Test func aMalformedTraceIs65_afterTheLinesOfItsGoodFrames_withGesturesInProgressCancelled() throws {
        let trace = try write("bad.evemu", header + pan + "E: 2.150000 0003 00zz 1\n" + tap)
        let run = try CLI.run(["replay", trace])
        #expect(run.status == 65)
        #expect(run.lines == [
            #"{"time":2.050000,"region":"surface","type":"pan","phase":"began","dx":5,"dy":0}"#,
            #"{"time":2.100000,"region":"surface","type":"pan","phase":"changed","dx":10,"dy":0}"#,
            #"{"time":2.100000,"region":"surface","type":"pan","phase":"cancelled","dx":10,"dy":0}"#,
        ])
        #expect(run.stderr == "gestures: \(trace):26: expected a hexadecimal event code (0 to ffff), found '00zz'\n")
    }

    @Test func aTraceEndingMidFrameWarnsAndSucceeds() throws {
        let trace = try write("cut.evemu", header + pan + "E: 2.150000 0003 0035 350\nE: 2.15")
        let run = try CLI.run(["replay", trace])
        #expect(run.status == 0)
        #expect(run.lines == [
            #"{"time":2.050000,"region":"surface","type":"pan","phase":"began","dx":5,"dy":0}"#,
            #"{"time":2.100000,"region":"surface","type":"pan","phase":"changed","dx":10,"dy":0}"#,
            #"{"time":2.100000,"region":"surface","type":"pan","phase":"cancelled","dx":10,"dy":0}"#,
        ])
        #expect(run.stderr == "gestures: warning: \(trace):27: the last line has no line end (the trace was cut short): it was dropped, with any events after the final SYN_REPORT\n")
    }

    @Test func aBadLayoutIs65NamingTheKey_aMissingOne66() throws {
        let trace = try write("tap.evemu", header + tap)
        let layout = try write("bad.json", #"{"regions": [{"name": "d", "kind": "dial", "center": {"x": 1, "y": 1}, "radius": -1}]}"#)
        let bad = try CLI.run(["replay", "--layout", layout, trace])
        #expect(bad.status == 65)
        #expect(bad.stdout == "")
        #expect(bad.stderr == "gestures: \(layout):1: regions[0].radius: expected a positive number, found -1\n")
        let missing = try CLI.run(["replay", "--layout", directory.appendingPathComponent("none.json").path, trace])
        #expect(missing.status == 66)
    }

    @Test(arguments: [
        ["replay"],
        ["replay", "--format", "yaml", "x.evemu"],
        ["replay", "--size", "100", "x.evemu"],
        ["replay", "--size", "0x10", "x.evemu"],
        ["replay", "--colour", "x.evemu"],
        ["dance"],
    ])
    func usageErrorsAre64(arguments: [String]) throws {
        let run = try CLI.run(arguments)
        #expect(run.status == 64)
        #expect(run.stdout == "")
        #expect(!run.stderr.isEmpty)
    }

    @Test func aDeviceThatIsNotATouchDeviceIs65() throws {
        let keyboard = """
            # EVEMU 1.3
            N: Keyboard
            I: 0003 0001 0001 0001
            P: 00 00 00 00 00 00 00 00
            B: 00 03 00 00 00 00 00 00 00
            B: 01 fe ff ff ff 00 00 00 00

            E: 1.000000 0001 001e 1
            E: 1.000000 0000 0000 0

            """
        let trace = try write("keyboard.evemu", keyboard)
        let run = try CLI.run(["replay", trace])
        #expect(run.status == 65)
        #expect(run.stderr.contains("expected a touch device"))
    }
}
