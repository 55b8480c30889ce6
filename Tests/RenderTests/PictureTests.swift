import GestureCore
import GestureTestSupport
@testable import Render
import Testing

/// What `Picture` draws, from touch scripts played on targets of every kind.
@Suite struct PictureTests {
    /// Plays `script` on `targets` and draws it on a surface of `size`.
    static func picture(_ targets: [Target], size: Size, @TouchScriptBuilder _ script: () throws -> [ScriptAction]) throws -> Picture {
        var player = ScriptPlayer(engine: try GestureEngine(targets: targets))
        player.run(try script())
        player.finish()
        var picture = Picture(title: "script", surface: size, targets: targets)
        for frame in player.frames { picture.add(frame) }
        picture.add(player.events)
        return picture
    }

    /// A letter's angle is the sum of the widths of the letters before it ÷ the circumference × 360°: on a
    /// circle 3600 units round, at a font size of 2048 units (DejaVu Sans: I 604, M 1767 wide), "IM"
    /// centred on 0° spans 237.1°, so I starts at −118.55° and M 60.4° later.
    @Test func lettersAroundACircleAreSetByArcLength() throws {
        let text = CircularText(center: (100, 100), radius: 3600 / (2 * Double.pi), fontSize: 2048)
        #expect(abs(text.sweep(of: "IM") - 237.1) < 1e-9)
        let letters = text.letters(of: "IM", centredOn: 0)
        #expect(letters.map(\.letter) == ["I", "M"])
        #expect(abs(letters[0].angle + 118.55) < 1e-9 && abs(letters[1].angle + 58.15) < 1e-9)
        var svg = SVGText()
        text.write("IM", centredOn: 0, attributes: [], to: &svg)
        let transforms = try SVGElement.parse("<g>" + svg.text + "</g>").find("text").map { $0["transform"] }
        #expect(transforms == ["rotate(-118.55 100 100)", "rotate(-58.15 100 100)"])
    }

    /// A dial's labels in the picture: each letter turned by the width of the letters before it over the
    /// circumference of the labels' circle, each label centred on its detent.
    @Test func aDialsLabelsFollowItsCircle() throws {
        let dial = DialConfiguration(name: "timer", center: Point(x: 60, y: 60), radius: 40, detentDegrees: 6)
        let picture = try Self.picture([try RegionConfiguration.dial(dial).target], size: Size(width: 120, height: 120)) {}
        let root = try SVGElement.parse(picture.svg())
        let letters = try #require(root.find("g", class: "dial-labels").first).find("text")
        let labels = stride(from: 0, to: 360, by: 30).map { "\($0)°" }
        #expect(letters.map(\.text).joined() == labels.joined())
        var index = 0
        for (label, degrees) in zip(labels, stride(from: 0.0, to: 360, by: 30)) {
            let group = letters[index..<index + label.count]
            index += label.count
            let radius = 60 - (try #require(group.first!.number("y")))
            let circumference = 2 * Double.pi * radius
            let angles = try group.map { letter -> Double in
                let transform = try #require(letter["transform"])
                return try #require(Double(transform.dropFirst("rotate(".count).split(separator: " ")[0]))
            }
            let fontSize = 0.7 * 2.67 // the picture's font for a 120 mm surface is 120 / 45 mm
            var before = 0.0
            let sweep = label.reduce(0.0) { $0 + TextMetrics.width(of: $1, fontSize: fontSize) } / circumference * 360
            for (letter, angle) in zip(label, angles) {
                #expect(abs(angle - (degrees - sweep / 2 + before / circumference * 360)) < 0.02, "\(label): \(letter) at \(angle)")
                before += TextMetrics.width(of: letter, fontSize: fontSize)
            }
        }
    }

    @Test func bucketsOfNumbersWeeksAndMonths() throws {
        let numbers = BucketAxis(.numeric(start: 0, end: 20, bucket: 3))
        #expect(numbers.count == 7)
        #expect(numbers.extent(6) == (0.9, 1))      // 18 to 21, cut at the domain's end
        #expect(numbers.label(6, short: true) == "18")
        // 2025-11-01 is a Saturday: the first week bucket starts on Monday 2025-10-27, before the domain.
        let weeks = BucketAxis(.date(start: CivilDay(iso: "2025-11-01")!, end: CivilDay(iso: "2026-01-01")!, bucket: .week))
        #expect(weeks.count == 10)                 // to the week of Monday 2025-12-29
        #expect(weeks.extent(0) == (0, 2.0 / 61))
        #expect(weeks.label(1, short: true) == "3" && weeks.largerUnitLabel(1) == "Nov 2025")
        let months = BucketAxis(.date(start: CivilDay(iso: "2025-01-01")!, end: CivilDay(iso: "2026-01-01")!, bucket: .month))
        #expect(months.count == 12)
        #expect(months.extent(1) == (31.0 / 365, 59.0 / 365))
        #expect(months.label(1, short: true) == "Feb" && months.largerUnitLabel(1) == "2025")
        let selection = Selection(start: .day(CivilDay(iso: "2025-02-01")!), end: .day(CivilDay(iso: "2025-03-01")!))
        #expect(months.extent(from: selection.start, to: selection.end) == (31.0 / 365, 90.0 / 365))
        #expect(BucketAxis.label(selection, domain: months.domain) == "Feb 2025 – Mar 2025")
    }

    /// Nested targets are drawn inside their parents; a pinch as its two fingers' paths and its scale, a
    /// swipe as an arrow with its speed, an edge swipe along its way from the edge, a long press as a ring, a
    /// target's own gesture as its value, a fast pan's lift as a fling; each gesture type has its lane in the
    /// time strip.
    @Test func everyGestureTypeAndNestedTargets() throws {
        let surface = Rect(x: 0, y: 0, width: 300, height: 300)
        let targets = [Target("screen", shape: .rectangle(surface), children: [
            Target("photo", shape: .rectangle(Rect(x: 10, y: 10, width: 130, height: 80)), gesture: MagnifyGesture()),
            Target("pad", shape: .rectangle(Rect(x: 150, y: 10, width: 140, height: 80)), gesture: SwipeGesture()),
            Target("press", shape: .rectangle(Rect(x: 150, y: 110, width: 140, height: 80)), gesture: LongPressGesture()),
            Target("edge", shape: .rectangle(Rect(x: 0, y: 100, width: 140, height: 100)),
                   gesture: EdgeSwipeGesture(.init(edge: .left, surface: surface))),
            Target("list", shape: .rectangle(Rect(x: 150, y: 200, width: 140, height: 90)), gesture: DragGesture()),
            Target("knob", shape: .rectangle(Rect(x: 10, y: 200, width: 60, height: 90)),
                   gesture: WindGesture(.init(center: Point(x: 40, y: 245)))),
        ])]
        let picture = try Self.picture(targets, size: Size(width: 300, height: 300)) {
            down(0, at: 65, 50); after(.ms(10)); down(1, at: 85, 50)             // 20 mm apart
            after(.ms(10)); together(.move(0, Point(x: 60, y: 50)), .move(1, Point(x: 90, y: 50)))
            after(.ms(10)); together(.move(0, Point(x: 55, y: 50)), .move(1, Point(x: 95, y: 50)))   // 40 mm: × 2
            after(.ms(10)); up(1); up(0)
            after(.ms(100))
            down(2, at: 200, 50)                                                 // 5 mm every 10 ms to the right
            line(2, from: Point(x: 200, y: 50), to: Point(x: 225, y: 50), steps: 5, over: .ms(50))
            up(2)
            after(.ms(100))
            down(3, at: 2, 150); after(.ms(10)); move(3, to: 8, 150); after(.ms(10)); move(3, to: 40, 150); up(3)
            after(.ms(100))
            down(4, at: 200, 150); after(.ms(400)); tick(); up(4)
            after(.ms(100))
            down(5, at: 160, 250)                                                // a fling: 6 mm every 10 ms, up
            line(5, from: Point(x: 160, y: 250), to: Point(x: 160, y: 220), steps: 5, over: .ms(50))
            up(5)
            after(.ms(100))
            down(6, at: 40, 215)                                                 // a quarter turn about (40, 245)
            arc(6, around: Point(x: 40, y: 245), radius: 30, from: 0, to: 90, steps: 9, over: .ms(90))
            up(6)
        }
        let root = try SVGElement.parse(picture.svg())
        let screen = try #require(root.find("g", class: "target").first { $0["data-target"] == "screen" })
        #expect(Set(screen.find("g", class: "target").compactMap { $0["data-target"] }) == ["screen", "photo", "pad", "press", "edge", "list", "knob"])
        func gesture(_ type: String) throws -> SVGElement { try #require(root.find("g", class: "gesture").first { $0["data-type"] == type }) }
        func captions(_ element: SVGElement) -> [String] { element.find("text").map(\.text) }
        let pinch = try gesture("magnify")
        #expect(pinch.find("path").filter { $0["marker-end"] != nil }.count == 2)
        #expect(captions(pinch) == ["pinch ×2"])
        #expect(captions(try gesture("swipe")) == ["swipe right 500 mm/s"])
        let edge = try gesture("edge-swipe")
        #expect(captions(edge) == ["edge swipe from left 38 mm"])
        // The way it went, from where the finger landed through each line's translation, under the paths.
        let way = try #require(root.find("path", class: "way").first { $0["data-target"] == "edge" })
        #expect(way["d"] == "M2,150L8,150 40,150 40,150")
        let arrow = try #require(edge.find("line", class: "arrow").first)
        #expect(arrow["x2"] == "40" && arrow["y2"] == "150" && arrow["marker-end"] != nil)
        let press = try gesture("long-press")
        #expect(captions(press) == ["long press"])
        let ring = try #require(press.find("circle").first)
        #expect(ring["cx"] == "200" && ring["cy"] == "150")
        // A target's own gesture (a bare wind): as much of its value as fits on the target (60 mm at 5.33 mm:
        // 20 characters), all of it in the tooltip.
        guard case .gesture(_, let value)? = picture.events.last(where: { $0.target == "knob" })?.kind else {
            Issue.record("no gesture line of the knob")
            return
        }
        let own = try gesture("gesture")
        #expect(value.description.hasPrefix("Value(turn: ") && value.description.count > 20)
        #expect(captions(own) == [String(value.description.prefix(19)) + "…"])
        #expect(own.find("title").map(\.text) == [value.description])
        // A pan that lifts at the speed of a swipe or faster goes on as a fling, with its velocity.
        let fling = try #require(try gesture("pan").find("g", class: "fling").first)
        #expect(captions(fling) == ["fling 600 mm/s"])
        let lanes = try #require(root.find("g", class: "time-strip").first).find("text", class: "lane").map(\.text)
        #expect(lanes == ["touches", "magnify", "swipe", "edge-swipe", "long-press", "pan", "gesture"])
    }

    /// A finger that rests stays where it is until it moves on: the position before a move is kept at the
    /// frame before it, and moves under `minimumStep` are not kept.
    @Test func aRestIsKeptAsARest() {
        var picture = Picture(title: "rest", surface: Size(width: 100, height: 100), targets: [])
        picture.add(TouchFrame(time: ms(0), contacts: [Contact(id: 7, position: Point(x: 10, y: 10), phase: .began)]))
        for time in stride(from: 10, through: 1000, by: 10) {
            picture.add(TouchFrame(time: ms(Int64(time)), contacts: [Contact(id: 7, position: Point(x: 10.02, y: 10), phase: .moved)]))
        }
        picture.add(TouchFrame(time: ms(1010), contacts: [Contact(id: 7, position: Point(x: 20, y: 10), phase: .moved)]))
        picture.add(TouchFrame(time: ms(1020), contacts: [Contact(id: 7, position: Point(x: 20.05, y: 10), phase: .ended)]))
        let track = picture.contacts[0]
        #expect(track.samples.map(\.time) == [ms(0), ms(1000), ms(1010), ms(1020)])
        #expect(track.samples.map(\.position) == [Point(x: 10, y: 10), Point(x: 10.02, y: 10), Point(x: 20, y: 10), Point(x: 20.05, y: 10)])
        #expect(track.position(at: ms(500)) == Point(x: 10, y: 10))
        #expect(track.end == .lifted && track.endTime == ms(1020) && track.finger == 0)
    }

    /// Fingers take the lowest colour free when they land: the first finger of each touch the same.
    @Test func fingersAreColouredByOrderOfLanding() {
        var picture = Picture(title: "fingers", surface: Size(width: 100, height: 100), targets: [])
        picture.add(TouchFrame(time: ms(0), contacts: [Contact(id: 1, position: Point(x: 10, y: 10), phase: .began)]))
        picture.add(TouchFrame(time: ms(10), contacts: [Contact(id: 1, position: Point(x: 10, y: 10), phase: .stationary),
                                                        Contact(id: 2, position: Point(x: 20, y: 10), phase: .began)]))
        picture.add(TouchFrame(time: ms(20), contacts: [Contact(id: 1, position: Point(x: 10, y: 10), phase: .ended),
                                                        Contact(id: 2, position: Point(x: 20, y: 10), phase: .stationary)]))
        picture.add(TouchFrame(time: ms(30), contacts: [Contact(id: 2, position: Point(x: 20, y: 10), phase: .stationary),
                                                        Contact(id: 3, position: Point(x: 30, y: 10), phase: .began)]))
        picture.add(TouchFrame(time: ms(40), contacts: [Contact(id: 2, position: Point(x: 20, y: 10), phase: .cancelled),
                                                        Contact(id: 3, position: Point(x: 30, y: 10), phase: .ended)]))
        #expect(picture.contacts.map(\.finger) == [0, 1, 0])
        #expect(picture.contacts.map(\.end) == [.lifted, .cancelled, .lifted])
    }

    /// Nothing at all still makes a picture, still or animated; text is escaped.
    @Test func anEmptyTraceAndAnAwkwardTitle() throws {
        let picture = Picture(title: "a <b> & \"c\"\u{1}", surface: Size(width: 50, height: 30), targets: [])
        for animated in [false, true] {
            let root = try SVGElement.parse(picture.svg(animated: animated))
            #expect(root.find("title").first?.text == "a <b> & \"c\"\\u{1}")
        }
    }

    @Test func numbersAreShortAndExact() {
        #expect(SVGNumber.text(3) == "3" && SVGNumber.text(-0.001) == "0" && SVGNumber.text(2.675) == "2.68")
        #expect(SVGNumber.text(-12.5) == "-12.5" && SVGNumber.text(0.123456, places: 5) == "0.12346")
        #expect(SVGNumber.text(.nan) == "0")
    }
}
