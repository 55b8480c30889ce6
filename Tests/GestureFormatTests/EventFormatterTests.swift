import Foundation
import GestureCore
import GestureFormat
import Testing

/// SPEC "JSON Lines output" and `--format text`.
@Suite struct EventFormatterTests {
    static func at(_ microseconds: Int64) -> Timestamp { Timestamp(microseconds: microseconds) }
    static func day(_ iso: String) -> CivilDay { CivilDay(iso: iso)! }

    static let jsonl = EventFormatter()
    static let text = EventFormatter(format: .text)

    // MARK: events of every kind

    static let numericTap = GestureEvent(time: at(12_000_120), target: "chart", kind: .tap(.init(
        x: 47.2, y: 30.1, count: 1, value: .number(3.72), selection: Selection(start: .number(3), end: .number(3)))))
    static let quickScale = GestureEvent(time: at(2_100_000), target: "map", kind: .quickScale(.began, .init(
        scale: 1.414, center: Point(x: 30.25, y: 40))))
    static let pinch = GestureEvent(time: at(2_000_000), target: "photo", kind: .magnify(.changed, .init(
        scale: 1.375, center: Point(x: 50.5, y: 20))))
    static let longPress = GestureEvent(time: at(1_300_000), target: "photo", kind: .longPress(.init(x: 40.0004, y: 25)))
    static let rotation = GestureEvent(time: at(2_010_000), target: "photo", kind: .rotation(.began, .init(
        rotation: -2.5, center: Point(x: 50, y: 20.125))))
    /// A target's own gesture: its value as Swift describes it.
    static let buttonTap = GestureEvent(time: at(1_000_000), target: "button", kind: .gesture(.ended, GestureValue(
        TapGesture.Value(location: Point(x: 1.5, y: 2), count: 1))))
    /// A line of `--explain`.
    static let explanation = GestureEvent(time: at(50_000), target: "chart", kind: .explanation(Explanation(
        path: "exclusively.second.drag", from: "pending", to: "dragging",
        reason: .measured(Comparison(.moved(finger: 0), 3.6056, .beyond, 3, .slop)))))
    static let dialTap = GestureEvent(time: at(250_000), target: "timer", kind: .tap(.init(x: 107.5, y: 100, count: 2)))
    static let selectBegan = GestureEvent(time: at(13_300_000), target: "chart", kind: .select(.began, .init(
        anchor: .number(8), selection: Selection(start: .number(8), end: .number(8)))))
    static let selectChanged = GestureEvent(time: at(13_412_000), target: "chart", kind: .select(.changed, .init(
        anchor: .number(8), selection: Selection(between: .number(8), and: .number(7)))))
    static let selectEnded = GestureEvent(time: at(13_650_000), target: "chart", kind: .select(.ended, .init(
        anchor: .number(8), selection: Selection(start: .number(6), end: .number(8)))))
    static let panBegan = GestureEvent(time: at(2_000_001), target: "chart", kind: .pan(.began, .init(dx: 3.0004, dy: -0.25)))
    static let panChanged = GestureEvent(time: at(2_016_000), target: "chart", kind: .pan(.changed, .init(dx: -12.3456, dy: -0.0001)))
    static let panEnded = GestureEvent(time: at(2_032_000), target: "chart", kind: .pan(.ended, .init(
        dx: -12.3456, dy: 0, velocity: Velocity(vx: -629.28571, vy: 0.0004))))
    static let numericZoom = GestureEvent(time: at(3_000_000), target: "chart", kind: .zoom(.changed, .init(
        visible: VisibleDomain(start: .number(2.49951), end: .number(-0.0001)))))
    static let dateZoom = GestureEvent(time: at(3_100_000), target: "chart", kind: .zoom(.ended, .init(
        visible: VisibleDomain(start: .instant(seconds: 1_762_560_000.4), end: .instant(seconds: 1_763_208_000.5)))))
    static let windChanged = GestureEvent(time: at(5_000_000), target: "timer", kind: .wind(.changed, .init(
        angle: 36.00000001, delta: 5.9995, detent: 6)))
    static let windCancelled = GestureEvent(time: at(5_100_000), target: "timer", kind: .wind(.cancelled, .init(
        angle: -12.5, delta: 0, detent: -2)))
    static let rotateChanged = GestureEvent(time: at(1_500_000), target: "timer", kind: .rotate(.changed, .init(
        angle: 12.5, rotation: -7.25, delta: 0.1234, detent: 2, center: Point(x: 107.5, y: 99.9996))))
    static let rotateEnded = GestureEvent(time: at(1_600_000), target: "timer", kind: .rotate(.ended, .init(
        angle: 360, rotation: 347.5, delta: 0, detent: 60, center: Point(x: -0.0001, y: 0.125))))
    static let press = GestureEvent(time: at(13_300_000), target: "chart", kind: .haptic(.press))
    static let detent = GestureEvent(time: at(5_000_000), target: "timer", kind: .haptic(.detent(7)))
    static let negativeDetent = GestureEvent(time: at(5_000_000), target: "timer", kind: .haptic(.detent(-1)))
    static let limit = GestureEvent(time: at(5_200_000), target: "timer", kind: .haptic(.limit(detent: 60)))

    static let swipe = GestureEvent(time: at(700_000), target: "photo", kind: .swipe(.init(
        direction: .upRight, vx: 250.5, vy: -180.0004, fingers: 2)))
    static let edgeSwipe = GestureEvent(time: at(800_000), target: "photo", kind: .edgeSwipe(.began, .init(
        edge: .left, dx: 12.5, dy: -0.25)))

    static let dateTap = GestureEvent(time: at(12_000_120), target: "chart", kind: .tap(.init(
        x: 106.667, y: 30, count: 1, value: .instant(seconds: 1_763_208_000),
        selection: Selection(start: .day(day("2025-11-15")), end: .day(day("2025-11-15"))))))
    static let dateSelect = GestureEvent(time: at(13_300_000), target: "chart", kind: .select(.changed, .init(
        anchor: .day(day("2025-11-03")), selection: Selection(between: .day(day("2025-11-03")), and: .day(day("2025-10-27"))))))

    static let expectedJSONL: [(GestureEvent, String)] = [
        (numericTap, #"{"time":12.000120,"region":"chart","type":"tap","x":47.2,"y":30.1,"count":1,"value":3.72,"selection":{"start":3,"end":3}}"#),
        (dialTap, #"{"time":0.250000,"region":"timer","type":"tap","x":107.5,"y":100,"count":2}"#),
        (selectBegan, #"{"time":13.300000,"region":"chart","type":"select","phase":"began","anchor":8,"selection":{"start":8,"end":8}}"#),
        (selectChanged, #"{"time":13.412000,"region":"chart","type":"select","phase":"changed","anchor":8,"selection":{"start":7,"end":8}}"#),
        (selectEnded, #"{"time":13.650000,"region":"chart","type":"select","phase":"ended","anchor":8,"selection":{"start":6,"end":8}}"#),
        (panBegan, #"{"time":2.000001,"region":"chart","type":"pan","phase":"began","dx":3,"dy":-0.25}"#),
        (panChanged, #"{"time":2.016000,"region":"chart","type":"pan","phase":"changed","dx":-12.346,"dy":0}"#),
        (panEnded, #"{"time":2.032000,"region":"chart","type":"pan","phase":"ended","dx":-12.346,"dy":0,"vx":-629.286,"vy":0}"#),
        (windChanged, #"{"time":5.000000,"region":"timer","type":"wind","phase":"changed","angle":36,"delta":6,"detent":6}"#),
        (windCancelled, #"{"time":5.100000,"region":"timer","type":"wind","phase":"cancelled","angle":-12.5,"delta":0,"detent":-2}"#),
        (rotateChanged, #"{"time":1.500000,"region":"timer","type":"rotate","phase":"changed","angle":12.5,"rotation":-7.25,"delta":0.123,"detent":2,"center":{"x":107.5,"y":100}}"#),
        (rotateEnded, #"{"time":1.600000,"region":"timer","type":"rotate","phase":"ended","angle":360,"rotation":347.5,"delta":0,"detent":60,"center":{"x":0,"y":0.125}}"#),
        (press, #"{"time":13.300000,"region":"chart","type":"haptic","kind":"press"}"#),
        (detent, #"{"time":5.000000,"region":"timer","type":"haptic","kind":"detent","detent":7}"#),
        (negativeDetent, #"{"time":5.000000,"region":"timer","type":"haptic","kind":"detent","detent":-1}"#),
        (limit, #"{"time":5.200000,"region":"timer","type":"haptic","kind":"limit","detent":60}"#),
        (dateTap, #"{"time":12.000120,"region":"chart","type":"tap","x":106.667,"y":30,"count":1,"value":"2025-11-15T12:00:00Z","selection":{"start":"2025-11-15","end":"2025-11-15"}}"#),
        (dateSelect, #"{"time":13.300000,"region":"chart","type":"select","phase":"changed","anchor":"2025-11-03","selection":{"start":"2025-10-27","end":"2025-11-03"}}"#),
        (numericZoom, #"{"time":3.000000,"region":"chart","type":"zoom","phase":"changed","visible":{"start":2.5,"end":0}}"#),
        (dateZoom, #"{"time":3.100000,"region":"chart","type":"zoom","phase":"ended","visible":{"start":"2025-11-08T00:00:00Z","end":"2025-11-15T12:00:01Z"}}"#),
        (pinch, #"{"time":2.000000,"region":"photo","type":"magnify","phase":"changed","scale":1.375,"center":{"x":50.5,"y":20}}"#),
        (quickScale, #"{"time":2.100000,"region":"map","type":"quick-scale","phase":"began","scale":1.414,"center":{"x":30.25,"y":40}}"#),
        (longPress, #"{"time":1.300000,"region":"photo","type":"long-press","x":40,"y":25}"#),
        (swipe, #"{"time":0.700000,"region":"photo","type":"swipe","direction":"up-right","vx":250.5,"vy":-180,"fingers":2}"#),
        (edgeSwipe, #"{"time":0.800000,"region":"photo","type":"edge-swipe","phase":"began","edge":"left","dx":12.5,"dy":-0.25}"#),
        (rotation, #"{"time":2.010000,"region":"photo","type":"rotation","phase":"began","rotation":-2.5,"center":{"x":50,"y":20.125}}"#),
        (buttonTap, #"{"time":1.000000,"region":"button","type":"gesture","phase":"ended","value":"Value(location: (1.5, 2.0), count: 1)"}"#),
        (explanation, #"{"time":0.050000,"region":"chart","type":"explain","path":"exclusively.second.drag","from":"pending","to":"dragging","reason":"finger 0 moved 3.606 mm > slop 3 mm"}"#),
    ]

    @Test(arguments: expectedJSONL)
    func jsonLine(event: GestureEvent, expected: String) throws {
        let line = Self.jsonl.line(for: event)
        #expect(line == expected)
        // Every line is one valid JSON object, without a newline.
        #expect(!line.contains("\n"))
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
        #expect(object is [String: Any])
    }

    /// Keys in the spec's order: (trace,) time, region, type, phase, then the type's fields.
    @Test(arguments: expectedJSONL)
    func keyOrder(event: GestureEvent, expected: String) {
        let keys = Self.topLevelKeys(of: EventFormatter(trace: "t.evemu").line(for: event))
        let fields: [String]
        switch event.kind {
        case .tap(let tap): fields = ["x", "y", "count"] + (tap.value == nil ? [] : ["value", "selection"])
        case .select: fields = ["anchor", "selection"]
        case .pan(_, let pan): fields = ["dx", "dy"] + (pan.velocity == nil ? [] : ["vx", "vy"])
        case .wind: fields = ["angle", "delta", "detent"]
        case .rotate: fields = ["angle", "rotation", "delta", "detent", "center"]
        case .haptic(.press): fields = ["kind"]
        case .haptic: fields = ["kind", "detent"]
        case .magnify, .quickScale: fields = ["scale", "center"]
        case .swipe: fields = ["direction", "vx", "vy", "fingers"]
        case .edgeSwipe: fields = ["edge", "dx", "dy"]
        case .zoom: fields = ["visible"]
        case .longPress: fields = ["x", "y"]
        case .rotation: fields = ["rotation", "center"]
        case .gesture: fields = ["value"]
        case .explanation: fields = ["path", "from", "to", "reason"]
        }
        let phase = event.kind.phase == nil ? [] : ["phase"]
        #expect(keys == ["trace", "time", "region", "type"] + phase + fields)
    }

    /// The formatter writes each type and phase as a constant of its own: they are `Kind.type` and
    /// `GesturePhase.rawValue`, in both formats, for events of every kind and every phase.
    @Test(arguments: expectedJSONL)
    func typeAndPhaseAreTheKindsOwn(event: GestureEvent, expected: String) throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(Self.jsonl.line(for: event).utf8)) as? [String: Any])
        #expect(object["type"] as? String == event.kind.type)
        #expect(object["phase"] as? String == event.kind.phase?.rawValue)
        let words = Self.text.line(for: event).split(separator: " ").map(String.init)
        #expect(Array(words[2...].prefix(event.kind.phase == nil ? 1 : 2))
            == [event.kind.type] + (event.kind.phase.map { [$0.rawValue] } ?? []))
    }

    @Test func everyPhaseIsCovered() {
        let phases = Set(Self.expectedJSONL.compactMap { $0.0.kind.phase })
        #expect(phases == [.began, .changed, .ended, .cancelled])
    }

    /// The top-level keys of a flat JSON line, in order (nested objects skipped).
    static func topLevelKeys(of line: String) -> [String] {
        var keys: [String] = []
        var depth = 0
        var inString = false
        var escaped = false
        var current = ""
        var expectKey = false
        for character in line {
            if inString {
                if escaped { escaped = false; current.append(character); continue }
                if character == "\\" { escaped = true; continue }
                if character == "\"" {
                    inString = false
                    if expectKey { keys.append(current); expectKey = false }
                } else {
                    current.append(character)
                }
                continue
            }
            switch character {
            case "{":
                depth += 1
                if depth == 1 { expectKey = true }
            case "}": depth -= 1
            case ",": if depth == 1 { expectKey = true }
            case "\"":
                inString = true
                current = ""
            case ":": expectKey = false
            default: break
            }
        }
        return keys
    }

    @Test func traceComesFirst() {
        let formatter = EventFormatter(trace: "traces/one.evemu")
        #expect(formatter.line(for: Self.press)
            == #"{"trace":"traces/one.evemu","time":13.300000,"region":"chart","type":"haptic","kind":"press"}"#)
        #expect(formatter.line(for: Self.numericTap)
            == #"{"trace":"traces/one.evemu","time":12.000120,"region":"chart","type":"tap","x":47.2,"y":30.1,"count":1,"value":3.72,"selection":{"start":3,"end":3}}"#)
        let quoted = EventFormatter(trace: #"C:\traces\"a".evemu"#)
        #expect(quoted.line(for: Self.press)
            == #"{"trace":"C:\\traces\\\"a\".evemu","time":13.300000,"region":"chart","type":"haptic","kind":"press"}"#)
    }

    @Test func negativeTime() {
        let event = GestureEvent(time: Self.at(-1), target: "chart", kind: .haptic(.press))
        #expect(Self.jsonl.line(for: event) == #"{"time":-0.000001,"region":"chart","type":"haptic","kind":"press"}"#)
    }

    // MARK: string escaping

    /// Only `"`, `\` and control characters are escaped; é, 🙂 and U+2028 stay literal.
    static let escapes: [(String, String)] = [
        ("plain", #""plain""#),
        ("say \"hi\"", #""say \"hi\"""#),
        (#"back\slash"#, #""back\\slash""#),
        ("new\nline", #""new\nline""#),
        ("tab\there", #""tab\there""#),
        ("cr\rhere", #""cr\rhere""#),
        ("one\u{01}two", #""one\u0001two""#),
        ("nul\u{00}", #""nul\u0000""#),
        ("us\u{1F}", #""us\u001f""#),
        ("bell\u{07}bs\u{08}ff\u{0C}", #""bell\u0007bs\u0008ff\u000c""#),
        ("café", "\"café\""),
        ("/slash/", #""/slash/""#),
        ("🙂 日本 \u{2028}", "\"🙂 日本 \u{2028}\""),
        ("\"\\\n\t\u{01}é", #""\"\\\n\t\u0001é""#),
    ]

    @Test(arguments: escapes)
    func escaping(region: String, expected: String) throws {
        let event = GestureEvent(time: .zero, target: region, kind: .haptic(.press))
        let line = Self.jsonl.line(for: event)
        #expect(line == #"{"time":0.000000,"region":"# + expected + #","type":"haptic","kind":"press"}"#)
        // And a JSON parser reads the name back unchanged.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["region"] as? String == region)
        #expect(!line.contains("\n") && !line.contains("\r") && !line.contains("\t"))
    }

    /// "Strings escape only `"`, `\` and control characters": Unicode's control characters (category
    /// Cc), so DEL (U+007F) and the C1 controls (U+0080–U+009F) are escaped like the C0 ones.
    @Test func delAndC1ControlsTreatedAlike() {
        let del = Self.jsonl.line(for: GestureEvent(time: .zero, target: "a\u{7F}b", kind: .haptic(.press)))
        let nel = Self.jsonl.line(for: GestureEvent(time: .zero, target: "a\u{85}b", kind: .haptic(.press)))
        #expect(del == #"{"time":0.000000,"region":"a\u007fb","type":"haptic","kind":"press"}"#)
        #expect(nel == #"{"time":0.000000,"region":"a\u0085b","type":"haptic","kind":"press"}"#)
    }

    // MARK: text format

    static let expectedText: [(GestureEvent, String)] = [
        (numericTap, "12.000120 chart tap x=47.2 y=30.1 count=1 value=3.72 selection=3..3"),
        (dialTap, "0.250000 timer tap x=107.5 y=100 count=2"),
        (selectBegan, "13.300000 chart select began anchor=8 selection=8..8"),
        (selectChanged, "13.412000 chart select changed anchor=8 selection=7..8"),
        (panChanged, "2.016000 chart pan changed dx=-12.346 dy=0"),
        (panEnded, "2.032000 chart pan ended dx=-12.346 dy=0 vx=-629.286 vy=0"),
        (windCancelled, "5.100000 timer wind cancelled angle=-12.5 delta=0 detent=-2"),
        (rotateChanged, "1.500000 timer rotate changed angle=12.5 rotation=-7.25 delta=0.123 detent=2 center=107.5,100"),
        (press, "13.300000 chart haptic kind=press"),
        (detent, "5.000000 timer haptic kind=detent detent=7"),
        (limit, "5.200000 timer haptic kind=limit detent=60"),
        (dateTap, "12.000120 chart tap x=106.667 y=30 count=1 value=2025-11-15T12:00:00Z selection=2025-11-15..2025-11-15"),
        (dateSelect, "13.300000 chart select changed anchor=2025-11-03 selection=2025-10-27..2025-11-03"),
        (numericZoom, "3.000000 chart zoom changed visible=2.5..0"),
        (dateZoom, "3.100000 chart zoom ended visible=2025-11-08T00:00:00Z..2025-11-15T12:00:01Z"),
        (explanation, "0.050000 chart explain exclusively.second.drag: pending -> dragging, finger 0 moved 3.606 mm > slop 3 mm"),
    ]

    @Test(arguments: expectedText)
    func textLine(event: GestureEvent, expected: String) {
        #expect(Self.text.line(for: event) == expected)
    }

    @Test func textWithTrace() {
        let formatter = EventFormatter(format: .text, trace: "traces/one.evemu")
        #expect(formatter.line(for: Self.selectEnded) == "traces/one.evemu 13.650000 chart select ended anchor=8 selection=6..8")
    }

    /// `--format text` is "one line per event": a region name with a line break must not split it.
    @Test func textIsOneLineEvenForANameWithALineBreak() {
        let event = GestureEvent(time: .zero, target: "two\nlines", kind: .haptic(.press))
        #expect(Self.text.line(for: event) == #"0.000000 two\nlines haptic kind=press"#)
    }

    /// A `LineStart` kept from line to line changes no byte: lines of the same and of other times, targets,
    /// formats and traces, a beginning too long to keep, and one written again into more room.
    @Test func reusingTheLineStartChangesNothing() {
        let long = String(repeating: "long-region-name ", count: 8)
        var events: [GestureEvent] = []
        for (event, _) in Self.expectedJSONL {
            events += [event, event, GestureEvent(time: event.time, target: "other \"name\"", kind: event.kind),
                       GestureEvent(time: event.time, target: long, kind: event.kind),
                       GestureEvent(time: event.time, target: long, kind: event.kind)]
        }
        let formatters = [Self.jsonl, Self.text, EventFormatter(trace: "a.evemu"), EventFormatter(trace: "b.evemu"),
                          EventFormatter(format: .text, trace: "a.evemu")]
        var reused: [UInt8] = []
        var expected: [UInt8] = []
        var lineStart = EventFormatter.LineStart()
        for (index, event) in events.enumerated() {
            // Two lines by each formatter in turn, so that each follows both its own line and another's.
            let formatter = formatters[index / 2 % formatters.count]
            formatter.appendLine(event, to: &reused, reusing: &lineStart)
            formatter.appendLine(event, to: &expected)
        }
        #expect(String(decoding: reused, as: UTF8.self) == String(decoding: expected, as: UTF8.self))

        // A line that does not fit the room left is written again, beginning included.
        var full: [UInt8] = []
        full.reserveCapacity(1 << 12)
        full.append(contentsOf: repeatElement(UInt8(ascii: " "), count: full.capacity - 20))
        let before = full.count
        Self.jsonl.appendLine(Self.detent, to: &full, reusing: &lineStart)
        Self.jsonl.appendLine(Self.detent, to: &full, reusing: &lineStart)
        let line = Self.jsonl.line(for: Self.detent) + "\n"
        #expect(String(decoding: full[before...], as: UTF8.self) == line + line)

        // Two paths Swift's `==` takes for equal (the same name in NFC and in NFD: two files on Linux) begin
        // their lines with their own bytes.
        let composed = EventFormatter(trace: "caf\u{E9}.evemu"), decomposed = EventFormatter(trace: "cafe\u{301}.evemu")
        #expect(composed.trace == decomposed.trace)
        var lines: [UInt8] = []
        composed.appendLine(Self.detent, to: &lines, reusing: &lineStart)
        decomposed.appendLine(Self.detent, to: &lines, reusing: &lineStart)
        #expect(String(decoding: lines, as: UTF8.self) == composed.line(for: Self.detent) + "\n" + decomposed.line(for: Self.detent) + "\n")
        #expect(Array(lines.split(separator: UInt8(ascii: "\n"))[1]) == Array(decomposed.line(for: Self.detent).utf8))
        // And back: the trace kept is the one whose bytes are kept.
        lines = []
        for formatter in [composed, decomposed, composed, composed] {
            formatter.appendLine(Self.detent, to: &lines, reusing: &lineStart)
        }
        #expect(lines.split(separator: UInt8(ascii: "\n")).map { Array($0) }
                == [composed, decomposed, composed, composed].map { Array($0.line(for: Self.detent).utf8) })
    }

    /// Two targets frame after frame (a chart's pan, a dial's wind and its detents), then a third: each line
    /// of a new time reuses its target's region part, and a third target takes the older one's place. The lines
    /// are those written without a `LineStart`.
    @Test func reusingTheRegionPartsOfTwoTargetsChangesNothing() {
        var events: [GestureEvent] = []
        for frame in Int64(0)..<4 {
            let time = Self.at(10_000 * frame + 1)
            events += [GestureEvent(time: time, target: "chart", kind: .pan(.changed, .init(dx: Double(frame), dy: 0))),
                       GestureEvent(time: time, target: "timer", kind: .wind(.changed, .init(angle: 6, delta: 6, detent: Int(frame)))),
                       GestureEvent(time: time, target: "timer", kind: .haptic(.detent(Int(frame))))]
        }
        events += [GestureEvent(time: Self.at(50_001), target: "photo", kind: .haptic(.press)),
                   GestureEvent(time: Self.at(50_001), target: "chart", kind: .haptic(.press)),
                   GestureEvent(time: Self.at(60_001), target: "timer", kind: .haptic(.press)),
                   GestureEvent(time: Self.at(60_001), target: "photo", kind: .haptic(.press))]
        for formatter in [Self.jsonl, Self.text, EventFormatter(trace: "a.evemu")] {
            var reused: [UInt8] = []
            var lineStart = EventFormatter.LineStart()
            for event in events { formatter.appendLine(event, to: &reused, reusing: &lineStart) }
            let expected = events.map { formatter.line(for: $0) + "\n" }.joined()
            #expect(String(decoding: reused, as: UTF8.self) == expected)
        }
    }

    /// Two names Swift's `==` takes for equal, of one length in UTF-8 but not the same bytes (two combining marks in
    /// either order), each begin their lines with their own bytes: at the same time, and at later times, when each
    /// line could reuse a kept region part.
    @Test func equivalentNamesOfOneLengthKeepTheirOwnBytes() {
        let first = "a\u{301}\u{323}", second = "a\u{323}\u{301}"
        #expect(first == second && first.utf8.count == second.utf8.count && !first.utf8.elementsEqual(second.utf8))
        let events = [GestureEvent(time: Self.at(1), target: first, kind: .haptic(.press)),
                      GestureEvent(time: Self.at(1), target: second, kind: .haptic(.press)),
                      GestureEvent(time: Self.at(10_001), target: first, kind: .haptic(.press)),
                      GestureEvent(time: Self.at(20_001), target: second, kind: .haptic(.press)),
                      GestureEvent(time: Self.at(20_001), target: second, kind: .haptic(.press))]
        for formatter in [Self.jsonl, Self.text] {
            var reused: [UInt8] = []
            var lineStart = EventFormatter.LineStart()
            for event in events { formatter.appendLine(event, to: &reused, reusing: &lineStart) }
            #expect(reused == Array(events.map { formatter.line(for: $0) + "\n" }.joined().utf8))
        }
    }

    /// `writeLine(_:into:reusing:)` writes at the beginning of the room the bytes that `appendLine` appends and
    /// returns their count; nil when they do not fit, and the same line written again into more room is whole.
    @Test func writingALineIntoRoom() {
        let room = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 4096)
        defer { room.deallocate() }
        var lineStart = EventFormatter.LineStart()
        for (event, expected) in Self.expectedJSONL {
            for _ in 0..<2 {  // the second time with the line's beginning kept
                let count = Self.jsonl.writeLine(event, into: room, reusing: &lineStart)
                #expect(count == expected.utf8.count + 1)
                #expect(String(decoding: room.prefix(count ?? 0), as: UTF8.self) == expected + "\n")
            }
        }
        let short = UnsafeMutableBufferPointer(rebasing: room[..<40])
        #expect(Self.jsonl.writeLine(Self.detent, into: short, reusing: &lineStart) == nil)
        let expected = #"{"time":5.000000,"region":"timer","type":"haptic","kind":"detent","detent":7}"# + "\n"
        #expect(Self.jsonl.writeLine(Self.detent, into: room, reusing: &lineStart) == expected.utf8.count)
        #expect(String(decoding: room.prefix(expected.utf8.count), as: UTF8.self) == expected)
        var nothingKept = EventFormatter.LineStart()
        let text = "5.000000 timer haptic kind=detent detent=7\n"
        #expect(Self.text.writeLine(Self.detent, into: room, reusing: &nothingKept) == text.utf8.count)
        #expect(String(decoding: room.prefix(text.utf8.count), as: UTF8.self) == text)
    }

    /// `writeLines(_:from:into:reusing:)` writes the lines of the events from `start` one after the other, the
    /// bytes `writeLine` writes for each; as many as fit, and 0 when the first does not.
    @Test func writingLinesIntoRoom() {
        let room = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 16)
        defer { room.deallocate() }
        let events = Self.expectedJSONL.map(\.0) + [Self.detent, Self.detent, Self.windChanged, Self.detent]
        for formatter in [Self.jsonl, Self.text, EventFormatter(trace: "a.evemu")] {
            let lines = events.map { formatter.line(for: $0) + "\n" }
            var lineStart = EventFormatter.LineStart()
            var written = formatter.writeLines(events, from: 0, into: room, reusing: &lineStart)
            #expect(written.lines == events.count)
            #expect(String(decoding: room.prefix(written.count), as: UTF8.self) == lines.joined())
            // From the third, with what the lines before kept.
            written = formatter.writeLines(events, from: 2, into: room, reusing: &lineStart)
            #expect(written.lines == events.count - 2)
            #expect(String(decoding: room.prefix(written.count), as: UTF8.self) == lines.dropFirst(2).joined())
            // Into 4 KiB: two lines, not the third, whose region's name is longer, nor the fourth after it.
            let long = GestureEvent(time: Self.at(5_000_000), target: String(repeating: "n", count: 5000), kind: .haptic(.press))
            let cut = [Self.detent, Self.windChanged, long, Self.detent]
            let cutLines = cut.map { formatter.line(for: $0) + "\n" }
            written = formatter.writeLines(cut, from: 0, into: UnsafeMutableBufferPointer(rebasing: room[..<4096]),
                                           reusing: &lineStart)
            #expect(written.lines == 2)
            #expect(String(decoding: room.prefix(written.count), as: UTF8.self) == cutLines[0] + cutLines[1])
            // The third then written into more room: whole, and the fourth after it.
            written = formatter.writeLines(cut, from: 2, into: room, reusing: &lineStart)
            #expect(written.lines == 2)
            #expect(String(decoding: room.prefix(written.count), as: UTF8.self) == cutLines[2] + cutLines[3])
            // Room for none, and no events.
            #expect(formatter.writeLines(events, from: 0, into: UnsafeMutableBufferPointer(rebasing: room[..<10]),
                                         reusing: &lineStart) == (0, 0))
            #expect(formatter.writeLines(events, from: events.count, into: room, reusing: &lineStart) == (0, 0))
            #expect(formatter.writeLines([], from: 0, into: room, reusing: &lineStart) == (0, 0))
        }
    }

    /// Each kind's line with its numbers at their longest (the greatest double, negative: a sign and 309 digits;
    /// `Int.min`; the earliest time), its longest phase and a name to escape: the room a JSON line claims
    /// for its numbers holds them (a debug build asserts so), and the bytes are the number forms'.
    static let longest: [(GestureEvent.Kind, @Sendable (String) -> String)] = {
        let big = -Double.greatestFiniteMagnitude
        let center = Point(x: big, y: big)
        return [
            (.tap(.init(x: big, y: big, count: .min, value: .number(big), selection: Selection(start: .number(big), end: .number(big)))),
             { #""type":"tap","x":\#($0),"y":\#($0),"count":-9223372036854775808,"value":\#($0),"selection":{"start":\#($0),"end":\#($0)}"# }),
            (.select(.cancelled, .init(anchor: .number(big), selection: Selection(start: .number(big), end: .number(big)))),
             { #""type":"select","phase":"cancelled","anchor":\#($0),"selection":{"start":\#($0),"end":\#($0)}"# }),
            (.pan(.cancelled, .init(dx: big, dy: big, velocity: Velocity(vx: big, vy: big))),
             { #""type":"pan","phase":"cancelled","dx":\#($0),"dy":\#($0),"vx":\#($0),"vy":\#($0)"# }),
            (.wind(.cancelled, .init(angle: big, delta: big, detent: .min)),
             { #""type":"wind","phase":"cancelled","angle":\#($0),"delta":\#($0),"detent":-9223372036854775808"# }),
            (.rotate(.cancelled, .init(angle: big, rotation: big, delta: big, detent: .min, center: center)),
             { #""type":"rotate","phase":"cancelled","angle":\#($0),"rotation":\#($0),"delta":\#($0),"detent":-9223372036854775808,"center":{"x":\#($0),"y":\#($0)}"# }),
            (.haptic(.detent(.min)), { _ in #""type":"haptic","kind":"detent","detent":-9223372036854775808"# }),
            (.haptic(.limit(detent: .min)), { _ in #""type":"haptic","kind":"limit","detent":-9223372036854775808"# }),
            (.magnify(.cancelled, .init(scale: big, center: center)),
             { #""type":"magnify","phase":"cancelled","scale":\#($0),"center":{"x":\#($0),"y":\#($0)}"# }),
            (.quickScale(.cancelled, .init(scale: big, center: center)),
             { #""type":"quick-scale","phase":"cancelled","scale":\#($0),"center":{"x":\#($0),"y":\#($0)}"# }),
            (.swipe(.init(direction: .downRight, vx: big, vy: big, fingers: .min)),
             { #""type":"swipe","direction":"down-right","vx":\#($0),"vy":\#($0),"fingers":-9223372036854775808"# }),
            (.edgeSwipe(.cancelled, .init(edge: .bottom, dx: big, dy: big)),
             { #""type":"edge-swipe","phase":"cancelled","edge":"bottom","dx":\#($0),"dy":\#($0)"# }),
            (.zoom(.cancelled, .init(visible: VisibleDomain(start: .number(big), end: .number(big)))),
             { #""type":"zoom","phase":"cancelled","visible":{"start":\#($0),"end":\#($0)}"# }),
            (.longPress(.init(x: big, y: big)), { #""type":"long-press","x":\#($0),"y":\#($0)"# }),
            (.rotation(.cancelled, .init(rotation: big, center: center)),
             { #""type":"rotation","phase":"cancelled","rotation":\#($0),"center":{"x":\#($0),"y":\#($0)}"# }),
        ]
    }()

    @Test func longestLines() throws {
        let big = Numbers.decimal(-Double.greatestFiniteMagnitude)
        #expect(big.utf8.count == 310)
        let earliest = Timestamp(microseconds: .min)
        #expect(Numbers.seconds(earliest) == "-9223372036854.775808")
        let target = "a \"b\""
        for (kind, fields) in Self.longest {
            let event = GestureEvent(time: earliest, target: target, kind: kind)
            let expected = #"{"time":-9223372036854.775808,"region":"a \"b\"","# + fields(big) + "}"
            #expect(Self.jsonl.line(for: event) == expected)
            #expect(EventFormatter(trace: "t\t").line(for: event) == #"{"trace":"t\t","# + expected.dropFirst())
            // Written into the little room left at the end of a buffer, then again into more.
            var bytes: [UInt8] = []
            bytes.reserveCapacity(1 << 12)
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: bytes.capacity - 100))
            let before = bytes.count
            var lineStart = EventFormatter.LineStart()
            Self.jsonl.appendLine(event, to: &bytes, reusing: &lineStart)
            Self.jsonl.appendLine(event, to: &bytes, reusing: &lineStart)
            #expect(String(decoding: bytes[before...], as: UTF8.self) == expected + "\n" + expected + "\n")
        }
    }

    /// The text lines of the kinds `expectedText` leaves out (byte for byte what the writer shared with
    /// JSON wrote).
    @Test func textLinesOfTheOtherKinds() {
        #expect(Self.text.line(for: Self.panBegan) == "2.000001 chart pan began dx=3 dy=-0.25")
        #expect(Self.text.line(for: Self.windChanged) == "5.000000 timer wind changed angle=36 delta=6 detent=6")
        #expect(Self.text.line(for: Self.rotateEnded)
                == "1.600000 timer rotate ended angle=360 rotation=347.5 delta=0 detent=60 center=0,0.125")
        #expect(Self.text.line(for: Self.negativeDetent) == "5.000000 timer haptic kind=detent detent=-1")
        #expect(Self.text.line(for: Self.pinch) == "2.000000 photo magnify changed scale=1.375 center=50.5,20")
        #expect(Self.text.line(for: Self.quickScale) == "2.100000 map quick-scale began scale=1.414 center=30.25,40")
        #expect(Self.text.line(for: Self.longPress) == "1.300000 photo long-press x=40 y=25")
        #expect(Self.text.line(for: Self.swipe) == "0.700000 photo swipe direction=up-right vx=250.5 vy=-180 fingers=2")
        #expect(Self.text.line(for: Self.edgeSwipe) == "0.800000 photo edge-swipe began edge=left dx=12.5 dy=-0.25")
        #expect(Self.text.line(for: Self.rotation) == "2.010000 photo rotation began rotation=-2.5 center=50,20.125")
        #expect(Self.text.line(for: Self.buttonTap) == "1.000000 button gesture ended value=Value(location: (1.5, 2.0), count: 1)")
        let escaped = GestureEvent(time: .zero, target: "t", kind: .gesture(.ended, GestureValue("a\"b\nc")))
        #expect(Self.text.line(for: escaped) == #"0.000000 t gesture ended value=a\"b\nc"#)
    }

    @Test func formats() {
        #expect(OutputFormat.allCases == [.jsonl, .text])
        #expect(OutputFormat(rawValue: "jsonl") == .jsonl)
        #expect(OutputFormat(rawValue: "text") == .text)
        #expect(OutputFormat(rawValue: "json") == nil)
        #expect(EventFormatter().format == .jsonl)
        #expect(EventFormatter().trace == nil)
    }
}
