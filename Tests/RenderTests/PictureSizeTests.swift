import EvdevModel
import Foundation
import GestureCore
import GestureRuntime
import GestureTestSupport
import LayoutFile
@testable import Render
import gestures
import SystemCalls
import Testing
import TraceFormats
import TracePlayback

/// Traces made here, as evemu files, and their pictures as `gestures render` draws them.
enum GeneratedTraces {
    /// A 4-slot touchscreen of 100 × 50 mm at 100 units/mm: a move of one unit is below `ContactTrack.minimumStep`.
    static let device = DeviceDescription(
        name: "Generated Touchscreen", properties: [InputProperty.direct],
        codes: [EventType.key: [KeyCode.btnTouch]],
        absinfo: [
            AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 3),
            AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 10_000, resolution: 100),
            AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 5_000, resolution: 100),
            AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
        ])

    /// A chart that zooms, a dial without stops whose detents are a quarter turn, and a target with the other
    /// gestures.
    static let layout: Layout = {
        let text = """
            {"surface": {"width": 100, "height": 50}, "regions": [
              {"name": "chart", "kind": "timeline", "rect": {"x": 2, "y": 2, "width": 46, "height": 22},
               "domain": {"start": "2025-11-01", "end": "2025-12-01"}, "bucket": "day", "zoom": {}},
              {"name": "knob", "kind": "dial", "center": {"x": 75, "y": 25}, "radius": 22, "detentDegrees": 90,
               "minDegrees": null, "maxDegrees": null},
              {"name": "photo", "kind": "target", "shape": {"kind": "rectangle", "x": 2, "y": 26, "width": 46, "height": 22},
               "gestures": [{"kind": "tap"}, {"kind": "drag"}, {"kind": "magnify"}, {"kind": "rotation", "combine": "simultaneous"}]}
            ]}
            """
        return try! LayoutFile.parse(text)
    }()

    /// Units of the device for `mm`.
    static func units(_ mm: Double) -> Int32 { Int32((mm * 100).rounded()) }

    /// The evemu text of `script`'s events, after the device's header.
    static func evemu(_ script: EventScript) -> String {
        var text = EvemuFormat.header(for: device)
        var lastSyn: Timestamp?
        for event in script.events { text += EvemuFormat.eventLine(event, lastSyn: &lastSyn) }
        return text
    }

    /// The picture of `text` played on `layout`, and the trace's size in bytes.
    static func picture(_ text: String, explain: Bool = false) throws -> (picture: Picture, traceBytes: Int) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("generated-" + UUID().uuidString + ".evemu")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let picture = try gestures.picture(of: FilePath(url.path), options: ReplayOptions(layout: layout, explain: explain, warn: { _ in }))
        return (picture, text.utf8.count)
    }

    /// One finger going round the dial's centre 16 mm out, `degrees` a frame for `frames` frames at 100 Hz, from 12
    /// o'clock, then lifting.
    static func wind(frames: Int, degrees: Double) -> EventScript {
        var script = EventScript()
        for frame in 0...frames {
            script.at(Int64(frame) * 10_000)
            if frame == 0 { script.slot(0); script.trackingID(1) }
            let radians = Double(frame) * degrees * Double.pi / 180
            script.position(units(75 + 16 * sin(radians)), units(25 - 16 * cos(radians)))
            script.report()
        }
        script.at(Int64(frames + 1) * 10_000)
        script.trackingID(-1)
        script.report()
        return script
    }
}

/// The size of a picture is linear in its trace and its lines (docs/SPEC.md, Pictures, Size), and the marks that
/// follow a gesture line by line cost the same per line however long the gesture.
@Suite struct PictureSizeTests {
    /// A fast wind of a hundred turns, 36° a frame for 1,000 frames: its arc grew through a path redrawn whole for
    /// each of its 1,001 lines, in SVG that grew with the square of its length; it is one path now, drawn once,
    /// whose stroke is uncovered line by line, and an arrowhead of two points a line.
    @Test func aLongWindsArcGrowsInSVGLinearInItsLines() throws {
        let (picture, traceBytes) = try GeneratedTraces.picture(GeneratedTraces.evemu(GeneratedTraces.wind(frames: 1000, degrees: 36)))
        let winds = picture.events.filter { if case .wind = $0.kind { true } else { false } }
        #expect(winds.count == 1001)
        guard case .wind(.ended, let last)? = winds.last?.kind else {
            Issue.record("the wind did not end: \(String(describing: winds.last))")
            return
        }
        #expect(abs(last.angle - 36_000) < 1e-6)
        let svg = picture.svg(animated: true)
        #expect(svg.utf8.count <= picture.sizeLimit(traceBytes: traceBytes))
        let turn = try #require(try SVGElement.parse(svg).find("g", class: "gesture").first { $0["data-type"] == "wind" })
        // One arc: the way it went (clockwise only), its 100 turns drawn once, a point every 4°.
        let arcs = turn.find("path", class: "arc")
        #expect(arcs.count == 1)
        let arc = try #require(arcs.first)
        #expect(arc["d"]?.split(separator: " ").count == 9_000)
        #expect(arc["pathLength"] == "1000" && arc["stroke-dasharray"] == "1000 1000" && arc["marker-end"] == nil)
        #expect(arc.find("animate").map { $0["attributeName"] } == ["stroke-dashoffset"])
        let offsets = try #require(arc.find("animate").first?["values"]).split(separator: ";").map { Double($0)! }
        // From hidden, a value per line, uncovering a hundredth of a turn... the whole arc at the end.
        #expect(offsets.count == 1002 && offsets.first == 1000 && offsets.last == 0)
        #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 >= $1 })
        // The arrowhead: the marker of the arc's last step, two points a line.
        let head = try #require(turn.find("path", class: "arc-head").first)
        #expect(head["marker-end"] == "url(#arrow-c2570c)" && head["stroke"] == "none")
        let tips = try #require(head.find("animate").first { $0["attributeName"] == "d" }?["values"]).split(separator: ";")
        #expect(tips.count == 1002 && tips.allSatisfy { $0.hasPrefix("M") && $0.split(separator: "L").count == 2 })
        #expect(turn.find("animate").filter { $0["attributeName"] == "d" }.count == 1)
        // The still picture's arc: the same 100 turns, with its arrowhead.
        let still = try #require(try SVGElement.parse(picture.svg()).find("path", class: "arc").first)
        #expect(still["d"]?.split(separator: " ").count == 9_000 && still["marker-end"] == "url(#arrow-c2570c)")
    }

    /// A turn that goes back past where it started draws both ways once: each side's stroke is uncovered while the
    /// value is on that side, and covered again when it comes back. A cancelled turn (its finger still down at
    /// the end) keeps its dashes: its paths are uncovered through masks, with the same values.
    @Test(arguments: [true, false])
    func aTurnThatGoesBackDrawsEachSideOnce(lifted: Bool) throws {
        // Three quarters of a turn clockwise, 30° a frame, then back to half a turn anticlockwise of the start.
        var script = EventScript()
        let angles = Array(stride(from: 0.0, through: 270, by: 30)) + Array(stride(from: 240.0, through: -180, by: -30))
        for (frame, degrees) in angles.enumerated() {
            script.at(Int64(frame) * 10_000)
            if frame == 0 { script.slot(0); script.trackingID(1) }
            let radians = degrees * Double.pi / 180
            script.position(GeneratedTraces.units(75 + 16 * sin(radians)), GeneratedTraces.units(25 - 16 * cos(radians)))
            script.report()
        }
        if lifted {
            script.at(Int64(angles.count) * 10_000)
            script.trackingID(-1)
            script.report()
        }
        let (picture, _) = try GeneratedTraces.picture(GeneratedTraces.evemu(script))
        let root = try SVGElement.parse(picture.svg(animated: true))
        let turn = try #require(root.find("g", class: "gesture").first { $0["data-type"] == "wind" })
        #expect(picture.events.last { if case .wind = $0.kind { true } else { false } }?.kind.phase == (lifted ? .ended : .cancelled))
        let arcs = turn.find("path", class: "arc")
        #expect(arcs.map { $0["mask"] } == (lifted ? [nil, nil] : ["url(#turn-0-up)", "url(#turn-0-down)"]))
        #expect(arcs.map { $0["stroke-dasharray"] } == (lifted ? ["1000 1000", "1000 1000"] : ["1.44 1.2", "1.44 1.2"]))
        // The animations: on the paths, or on the masks' paths.
        let animated = lifted ? arcs : turn.find("mask").flatMap { $0.find("path") }
        #expect(turn.find("mask").map { $0["id"] } == (lifted ? [] : ["turn-0-up", "turn-0-down"]))
        let values = animated.map { $0.find("animate").first?["values"]?.split(separator: ";").map(String.init) ?? [] }
        // A value per line (the last at the lift, or at the end of the trace when it was cancelled), after the first.
        let backAtTheStart = ["1000", "1000", "1000", "1000", "1000", "1000"]
        // Clockwise: uncovered to its end at 270°, covered again once the value is back before the start.
        #expect(values.first == ["1000", "884.83", "770.6", "657.47", "545.36", "434.2", "324.13", "215.09", "107", "0", "107", "215.09",
                                 "324.13", "434.2", "545.36", "657.47", "770.6", "884.83", "1000"] + backAtTheStart + (lifted ? ["1000"] : []))
        // Anticlockwise: hidden until the value passes the start, then uncovered to its end at the last value.
        #expect(values.last == Array(repeating: "1000", count: 19) + ["829.59", "660.58", "493.2", "327.32", "162.85", "0"] + (lifted ? ["0"] : []))
    }

    /// Every picture of a generated trace, still, animated, and animated with `--explain`, lies within its bound:
    /// taps, contacts that land and lift, a pan, a selection, a zoom, a pinch, winds and rotations with their
    /// haptics.
    @Test(arguments: ["taps", "churn", "pan", "selection and zoom", "pinch", "fast wind", "rotation"])
    func everyPictureIsWithinItsBound(kind: String) throws {
        let text = GeneratedTraces.evemu(Self.script(kind))
        for explain in [false, true] {
            let (picture, traceBytes) = try GeneratedTraces.picture(text, explain: explain)
            #expect(!picture.events.isEmpty, "\(kind): no gesture")
            let limit = picture.sizeLimit(traceBytes: traceBytes)
            for animated in explain ? [true] : [false, true] {
                let size = picture.svg(animated: animated).utf8.count
                #expect(size <= limit, "\(kind), animated \(animated), explain \(explain): \(size) bytes, limit \(limit)")
            }
        }
    }

    static func script(_ kind: String) -> EventScript {
        let units = GeneratedTraces.units
        var script = EventScript()
        var time: Int64 = 0
        func frame(_ body: (inout EventScript) -> Void) {
            script.at(time)
            body(&script)
            script.report()
            time += 10_000
        }
        switch kind {
        case "taps":
            for tap in 0..<200 {
                frame { $0.slot(0); $0.trackingID(Int32(tap + 1)); $0.position(units(5 + Double(tap % 40)), units(30 + Double(tap % 15))) }
                frame { $0.trackingID(-1) }
                time += 400_000
            }
        case "churn":
            // Contacts that land and lift in the fewest lines: a new tracking id each frame, on the photo.
            frame { $0.slot(0); $0.position(units(20), units(35)) }
            for id in 1...1000 { frame { $0.trackingID(Int32(id)) } }
        case "pan":
            frame { $0.slot(0); $0.trackingID(1); $0.position(units(5), units(35)) }
            for step in 1...500 { frame { $0.abs(AbsCode.mtPositionX, units(5 + Double(step % 40) + (step % 2 == 0 ? 0.2 : 0))) } }
            frame { $0.trackingID(-1) }
        case "selection and zoom":
            frame { $0.slot(0); $0.trackingID(1); $0.position(units(5), units(10)) }
            time += 400_000
            for step in 1...300 { frame { $0.abs(AbsCode.mtPositionX, units(5 + Double(step % 40))) } }
            frame { $0.trackingID(-1) }
            frame { $0.slot(0); $0.trackingID(2); $0.position(units(15), units(12)); $0.slot(1); $0.trackingID(3); $0.position(units(30), units(12)) }
            for step in 1...300 {
                let spread = 7.5 + 6 * sin(Double(step) / 10)
                frame { $0.slot(0); $0.abs(AbsCode.mtPositionX, units(22.5 - spread)); $0.slot(1); $0.abs(AbsCode.mtPositionX, units(22.5 + spread)) }
            }
        case "pinch":
            frame { $0.slot(0); $0.trackingID(1); $0.position(units(15), units(37)); $0.slot(1); $0.trackingID(2); $0.position(units(30), units(37)) }
            for step in 1...500 {
                let spread = 7.5 + 6 * sin(Double(step) / 10), turn = Double(step) / 50
                frame {
                    $0.slot(0); $0.position(units(22.5 - spread * cos(turn)), units(37 - spread * sin(turn)))
                    $0.slot(1); $0.position(units(22.5 + spread * cos(turn)), units(37 + spread * sin(turn)))
                }
            }
        case "fast wind":
            script = GeneratedTraces.wind(frames: 600, degrees: 170)
        case "rotation":
            // Two fingers turning the dial, 100° a frame, back and forth.
            frame { $0.slot(0); $0.trackingID(1); $0.position(units(75), units(9)); $0.slot(1); $0.trackingID(2); $0.position(units(75), units(41)) }
            var degrees = 0.0
            for step in 1...600 {
                degrees += (step / 20) % 2 == 0 ? 100 : -100
                let radians = degrees * Double.pi / 180
                frame {
                    $0.slot(0); $0.position(units(75 + 16 * sin(radians)), units(25 - 16 * cos(radians)))
                    $0.slot(1); $0.position(units(75 - 16 * sin(radians)), units(25 + 16 * cos(radians)))
                }
            }
        default:
            Issue.record("no trace \(kind)")
        }
        return script
    }

    /// The track of a contact still down whose last move was shorter than `minimumStep` ends where that move took
    /// it, at its time: the animated picture drew that last point at the lift time it does not have yet, and trapped.
    @Test func aFingerStillDownAfterATinyMoveEndsItsPathThere() throws {
        var picture = Picture(title: "still down", surface: Size(width: 100, height: 50), targets: [])
        picture.add(TouchFrame(time: ms(1000), contacts: [Contact(id: 1, position: Point(x: 20, y: 25), phase: .began)]))
        picture.add(TouchFrame(time: ms(1050), contacts: [Contact(id: 1, position: Point(x: 25, y: 25), phase: .moved)]))
        picture.add(TouchFrame(time: ms(1100), contacts: [Contact(id: 1, position: Point(x: 25.05, y: 25), phase: .moved)]))
        let track = picture.contacts[0]
        #expect(track.end == .stillDown && track.endTime == nil)
        #expect(track.samples.map(\.position) == [Point(x: 20, y: 25), Point(x: 25, y: 25)])
        #expect(track.pathSamples.map(\.time) == [ms(1000), ms(1050), ms(1100)])
        #expect(track.pathSamples.map(\.position) == [Point(x: 20, y: 25), Point(x: 25, y: 25), Point(x: 25.05, y: 25)])
        let svg = picture.svg(animated: true)
        let rest = svg[try #require(svg.range(of: "<g class=\"contact\"")).lowerBound...]
        let group = rest[..<(try #require(rest.range(of: "</g>\n")).lowerBound)]
        #expect(group.split(separator: "\n") == [
            ##"<g class="contact" data-contact="1" stroke="#1f77b4">"##,
            ##"<path d="M20,25L25,25 25.05,25" stroke-width="0.53" stroke-opacity="0.85" pathLength="1000" stroke-dasharray="1000 1000">"##,
            ##"<animate attributeName="stroke-dashoffset" values="1000;9.9;0;0" keyTimes="0;0.03125;0.0625;1" calcMode="linear" dur="1.6s" repeatCount="indefinite"/>"##,
            ##"</path>"##,
            ##"<circle class="down" cx="20" cy="25" r="1.08" fill="#1f77b4" stroke="#ffffff" stroke-width="0.24">"##,
            ##"<animate attributeName="opacity" values="1;1" keyTimes="0;1" calcMode="discrete" dur="1.6s" repeatCount="indefinite"/>"##,
            ##"</circle>"##,
        ])
    }

    /// A haptic marks the fingers of the gesture that fired it, the last two to land on its target of those down:
    /// not every finger resting there (the marks grew with the fingers down times the haptics).
    @Test func aHapticMarksAtMostTwoFingers() throws {
        let dial = DialConfiguration(name: "knob", center: Point(x: 50, y: 25), radius: 20, detentDegrees: 6)
        var picture = Picture(title: "haptic", surface: Size(width: 100, height: 50), targets: [try RegionConfiguration.dial(dial).target])
        let fingers = (1...5).map { Contact(id: $0, position: Point(x: 40 + 4 * Double($0), y: 20), phase: .began) }
        picture.add(TouchFrame(time: ms(0), contacts: fingers))
        picture.add([GestureEvent(time: ms(10), target: "knob", kind: .haptic(.detent(1)))])
        let marks = try #require(try SVGElement.parse(picture.svg()).find("g", class: "haptic-marks").first)
        // Radial ticks on the fingers that landed last, 4 at (56, 20) and 5 at (60, 20).
        #expect(marks.find("line").map { [$0["x1"], $0["y1"], $0["x2"], $0["y2"]] } == [
            ["55.17", "20.69", "56.83", "19.31"], ["59.03", "20.48", "60.97", "19.52"],
        ])
    }
}

/// The captions' board and the contacts' index, which keep the work per mark the same however many came before.
@Suite struct PictureIndexTests {
    /// A caption moves down a line, up a line, two down… rather than cover one placed before, and takes the fourth
    /// line down when all are taken; a caption elsewhere is not moved by them.
    @Test func captionsKeepClearOfThoseBefore() {
        let board = CaptionBoard(cell: 8)
        let tops = (0..<10).map { _ in board.place(Rect(x: 10, y: 10, width: 5, height: 1), step: 2) }
        #expect(tops == [10, 12, 8, 14, 6, 16, 4, 18, 18, 18])
        #expect(board.place(Rect(x: 40, y: 10, width: 5, height: 1), step: 2) == 10)
        #expect(board.place(Rect(x: 14, y: 9.5, width: 5, height: 1), step: 2) == 17.5)
    }

    /// A square of the board holds at most 256 captions: the 257th is compared with them, and those after it are
    /// not compared with it.
    @Test func aCrowdedSquareKeepsItsFirstCaptions() {
        let board = CaptionBoard(cell: 2000)
        let tops = (0..<256).map { row in board.place(Rect(x: 0, y: Double(4 * row), width: 1, height: 1), step: 2) }
        #expect(tops == (0..<256).map { Double(4 * $0) })
        #expect(board.place(Rect(x: 0, y: 0.5, width: 1, height: 1), step: 2) == 2.5)
        #expect(board.place(Rect(x: 10, y: 0, width: 1, height: 1), step: 2) == 0)
        #expect(board.place(Rect(x: 10, y: 0, width: 1, height: 1), step: 2) == 0)
    }

    /// The contacts down at a moment, landed on a target: those landed by then and not lifted before, the last
    /// `limit` to land, in landing order.
    @Test func contactsDownAtAMoment() {
        var picture = Picture(title: "index", surface: Size(width: 100, height: 50), targets: [])
        func frame(_ time: Int64, _ contacts: [(Int, Double, ContactPhase)]) {
            picture.add(TouchFrame(time: ms(time), contacts: contacts.map { Contact(id: $0.0, position: Point(x: $0.1, y: 10), phase: $0.2) }))
        }
        frame(0, [(1, 10, .began), (2, 60, .began)])
        frame(10, [(1, 10, .stationary), (2, 60, .stationary), (3, 20, .began)])
        frame(20, [(1, 10, .ended), (2, 60, .stationary), (3, 20, .stationary)])
        frame(30, [(2, 60, .stationary), (3, 20, .stationary), (4, 30, .began)])
        frame(40, [(2, 60, .stationary), (3, 20, .cancelled), (4, 30, .stationary)])
        let left = ContactsDown(picture.contacts, landedIn: .rectangle(Rect(x: 0, y: 0, width: 50, height: 50)))
        func ids(_ indices: [Int]) -> [Int] { indices.map { picture.contacts[$0].id } }
        #expect(ids(left.down(at: ms(5), last: 16)) == [1])
        #expect(ids(left.down(at: ms(20), last: 16)) == [1, 3])
        #expect(ids(left.down(at: ms(30), last: 16)) == [3, 4])
        #expect(ids(left.down(at: ms(30), last: 1)) == [4])
        #expect(ids(left.down(at: ms(50), last: 16)) == [4])
        #expect(ids(left.down(at: ms(-1), last: 16)) == [])
        #expect(ids(ContactsDown(picture.contacts, landedIn: .circle(center: Point(x: 60, y: 10), radius: 1)).down(at: ms(50), last: 16)) == [2])
        #expect(ids(ContactsDown([], landedIn: .circle(center: Point(x: 60, y: 10), radius: 1)).down(at: ms(50), last: 16)) == [])
    }
}
