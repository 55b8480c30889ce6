import GestureCore
import GestureFormat
import GestureRuntime
import GestureTestSupport
import Testing
import ToolkitInput

/// A toolkit's touches (`ToolkitGestureSource`): the same touches give the same events as the engine's own frames,
/// whatever the units, the toolkit's clock and its framing; late events; cancels; the units.
@Suite struct ToolkitInputTests {
    /// SPEC's panel, numeric: a chart above a timer dial.
    static let layout = Layout(regions: [
        .timeline(TimelineConfiguration(name: "chart", rect: Rect(x: 10, y: 5, width: 200, height: 60),
                                        domain: .numeric(start: 0, end: 20, bucket: 1))),
        .dial(DialConfiguration(name: "timer", center: Point(x: 100, y: 110), radius: 40)),
    ])

    /// 4 pixels a mm.
    static let pixels = try! ToolkitUnits(millimetresPerUnit: 0.25)  // swiftlint:disable:this force_try

    /// Taps, a long press then a drag, a wind, a pan, a finger withdrawn, two fingers at once: every frame at its own
    /// whole millisecond (a toolkit stamps milliseconds).
    @TouchScriptBuilder static var script: [ScriptAction] {
        tap(0, at: 95, 30, holding: .ms(50))
        after(.ms(100))
        tap(0, at: 96, 30, holding: .ms(40))                       // a double tap
        after(.ms(500))
        rest(0, at: 55, 30, for: .ms(350))                         // the long press fires at 0.990 + 0.300
        move(0, to: 95, 30)
        after(.ms(20))
        up(0)
        after(.ms(400))
        down(1, at: polar(Point(x: 100, y: 110), radius: 20, degrees: 0))
        arc(1, around: Point(x: 100, y: 110), radius: 20, from: 0, to: 95, steps: 6, over: .ms(120))
        after(.ms(10))
        up(1)
        after(.ms(400))
        down(0, at: 150, 40)
        line(0, from: Point(x: 150, y: 40), to: Point(x: 110, y: 40), steps: 4, over: .ms(40))
        after(.ms(10))
        up(0)
        after(.ms(400))
        down(0, at: 60, 30)
        after(.ms(30))
        together(.move(0, Point(x: 70, y: 30)), .down(1, polar(Point(x: 100, y: 110), radius: 20, degrees: 0)))
        after(.ms(30))
        withdraw(0)                                                 // GTK's GDK_TOUCH_CANCEL
        after(.ms(30))
        up(1)
    }

    /// The engine's events for the script's frames: the reference.
    static func reference() throws -> (frames: [TouchFrame], events: [GestureEvent]) {
        var player = try ScriptPlayer(layout: layout)
        player.run(script)
        player.finish()
        return (player.frames, player.events)
    }

    /// How a test stamps the toolkit's events.
    enum Clock: CaseIterable {
        /// 32-bit milliseconds that wrap around 1.5 s into the script.
        case wrappingMilliseconds
        case microseconds
    }

    /// Feeds `frames` to a toolkit source as a toolkit would: each contact's change as its event, in pixels, with the
    /// toolkit's time; the frame's end (`.toolkitFrames`), or a dispatch every third frame (`.byTime`: the app's
    /// batch of events over). The app gets each event at its own time on the monotonic clock. Returns the events,
    /// their times on the script's clock.
    static func feed(_ frames: [TouchFrame], framing: ToolkitFraming, clock: Clock) throws -> [GestureEvent] {
        let source = try ToolkitGestureSource(recognition: .layout(layout), units: pixels, framing: framing)
        // The toolkit's clock: 1.5 s before the 32-bit millisecond counter wraps, or 7 s along in microseconds.
        let origin: Int64 = clock == .wrappingMilliseconds ? Int64(UInt32.max) * 1000 + 1000 - 1_500_000 : 7_000_000
        func time(_ at: Timestamp) -> ToolkitTime {
            let toolkit = origin + at.microseconds
            switch clock {
            case .wrappingMilliseconds: return .milliseconds32(UInt32(truncatingIfNeeded: toolkit / 1000))
            case .microseconds: return .microseconds(toolkit)
            }
        }
        var events: [GestureEvent] = []
        let collect: (GestureEvent) -> Void = { events.append($0) }
        for (index, frame) in frames.enumerated() {
            let now = MonotonicTime(microseconds: frame.time.microseconds)
            source.dispatch(now: now, collect)  // the loop woke: deadlines due by now
            for contact in frame.contacts {
                let (x, y) = (contact.position.x * 4, contact.position.y * 4)
                switch contact.phase {
                case .began: source.touchDown(id: contact.id, x: x, y: y, time: time(frame.time), now: now, collect)
                case .moved: source.touchMotion(id: contact.id, x: x, y: y, time: time(frame.time), now: now, collect)
                case .stationary: break
                case .ended: source.touchUp(id: contact.id, x: x, y: y, time: time(frame.time), now: now, collect)
                case .cancelled: source.touchCancel(id: contact.id, time: time(frame.time), now: now, collect)
                }
            }
            switch framing {
            case .toolkitFrames: source.touchFrame(now: now, collect)
            case .byTime: if index % 3 == 2 { source.dispatch(now: now, collect) }
            }
        }
        source.stop(now: MonotonicTime(microseconds: frames.last!.time.microseconds), collect)
        // The widened clock's origin: the first event's time less its time on the script's clock.
        let shift = clock == .wrappingMilliseconds ? origin / 1000 * 1000 : origin
        return events.map { GestureEvent(time: Timestamp(microseconds: $0.time.microseconds - shift), target: $0.target, kind: $0.kind) }
    }

    @Test(arguments: [ToolkitFraming.toolkitFrames, .byTime], Clock.allCases)
    func aToolkitsTouchesGiveTheEventsOfTheSameFrames(framing: ToolkitFraming, clock: Clock) throws {
        let (frames, expected) = try Self.reference()
        #expect(expected.count == 37)  // the script says something: taps, a selection, a wind with detents, a pan
        let formatter = EventFormatter()
        #expect(try Self.feed(frames, framing: framing, clock: clock).map { formatter.line(for: $0) }
                == expected.map { formatter.line(for: $0) })
    }

    @Test func thirtyTwoBitMillisecondsAreWidenedAcrossTheWrapAround() throws {
        // A tap whose down is 4 ms before the counter wraps and whose lift 36 ms after: 40 ms long, at the widened
        // time of its lift (a timeline reports each tap at once, with its count).
        let source = try ToolkitGestureSource(recognition: .layout(Self.layout), units: Self.pixels, framing: .toolkitFrames)
        var lines: [String] = []
        let formatter = EventFormatter()
        let collect: (GestureEvent) -> Void = { lines.append(formatter.line(for: $0)) }
        source.touchDown(id: 7, x: 380, y: 120, time: .milliseconds32(UInt32.max - 3), now: MonotonicTime(microseconds: 0), collect)
        source.touchFrame(now: MonotonicTime(microseconds: 0), collect)
        source.touchUp(id: 7, time: .milliseconds32(36), now: MonotonicTime(microseconds: 40_000), collect)
        source.touchFrame(now: MonotonicTime(microseconds: 40_000), collect)
        #expect(source.nextWakeup == nil)
        #expect(lines == [
            #"{"time":4294967.332000,"region":"chart","type":"tap","x":95,"y":30,"count":1,"value":8.5,"selection":{"start":8,"end":8}}"#,
        ])
    }

    @Test func anEventLaterThanTheTimeReached_isTakenAtThatTime() throws {
        // A finger rests on the chart; the app's loop wakes 325 ms later (the long press's 300 plus the grace) and the
        // selection begins, stamped 0.300. A move stamped 0.290 then arrives: late, it is taken at 0.305, the time the
        // engine reached (the loop's time less the grace), and the selection follows it from there.
        let source = try ToolkitGestureSource(recognition: .layout(Self.layout), units: Self.pixels, framing: .byTime)
        var lines: [String] = []
        let formatter = EventFormatter()
        let collect: (GestureEvent) -> Void = { lines.append(formatter.line(for: $0)) }
        source.touchDown(id: 1, x: 220, y: 120, time: .microseconds(0), now: .zero, collect)
        source.dispatch(now: .zero, collect)
        #expect(source.nextWakeup == MonotonicTime(microseconds: 320_000))  // the long press's 300 ms, and the grace
        source.dispatch(now: MonotonicTime(microseconds: 325_000), collect)
        source.touchMotion(id: 1, x: 380, y: 120, time: .microseconds(290_000), now: MonotonicTime(microseconds: 326_000), collect)
        source.touchUp(id: 1, time: .microseconds(330_000), now: MonotonicTime(microseconds: 331_000), collect)
        source.dispatch(now: MonotonicTime(microseconds: 331_000), collect)
        #expect(lines == [
            #"{"time":0.300000,"region":"chart","type":"select","phase":"began","anchor":4,"selection":{"start":4,"end":4}}"#,
            #"{"time":0.300000,"region":"chart","type":"haptic","kind":"press"}"#,
            #"{"time":0.305000,"region":"chart","type":"select","phase":"changed","anchor":4,"selection":{"start":4,"end":8}}"#,
            #"{"time":0.330000,"region":"chart","type":"select","phase":"ended","anchor":4,"selection":{"start":4,"end":8}}"#,
        ])
    }

    @Test func waylandsCancel_withdrawsEveryTouchAtTheLatestTime() throws {
        // Two fingers wind the dial; the compositor takes the touches over (`wl_touch.cancel`, no time): the wind is
        // cancelled at the time of the last event.
        let source = try ToolkitGestureSource(recognition: .layout(Self.layout), units: Self.pixels, framing: .toolkitFrames)
        var lines: [String] = []
        let formatter = EventFormatter()
        let collect: (GestureEvent) -> Void = { lines.append(formatter.line(for: $0)) }
        let center = Point(x: 100, y: 110)
        func at(_ degrees: Double) -> (x: Double, y: Double) {
            let point = polar(center, radius: 20, degrees: degrees)
            return (point.x * 4, point.y * 4)
        }
        source.touchDown(id: 3, x: at(0).x, y: at(0).y, time: .milliseconds32(1000), now: .zero, collect)
        source.touchFrame(now: .zero, collect)
        source.touchMotion(id: 3, x: at(30).x, y: at(30).y, time: .milliseconds32(1010), now: MonotonicTime(microseconds: 10_000), collect)
        source.touchFrame(now: MonotonicTime(microseconds: 10_000), collect)
        source.touchCancel(now: MonotonicTime(microseconds: 15_000), collect)
        #expect(lines == [
            #"{"time":1.010000,"region":"timer","type":"wind","phase":"began","angle":30,"delta":30,"detent":5}"#,
            #"{"time":1.010000,"region":"timer","type":"haptic","kind":"detent","detent":1}"#,
            #"{"time":1.010000,"region":"timer","type":"haptic","kind":"detent","detent":2}"#,
            #"{"time":1.010000,"region":"timer","type":"haptic","kind":"detent","detent":3}"#,
            #"{"time":1.010000,"region":"timer","type":"haptic","kind":"detent","detent":4}"#,
            #"{"time":1.010000,"region":"timer","type":"haptic","kind":"detent","detent":5}"#,
            #"{"time":1.015000,"region":"timer","type":"wind","phase":"cancelled","angle":30,"delta":0,"detent":5}"#,
        ])
    }

    @Test func aTouchThatLandsAndLiftsInOneToolkitFrame_isStillATap() throws {
        let source = try ToolkitGestureSource(recognition: .layout(Self.layout), units: Self.pixels, framing: .toolkitFrames)
        var lines: [String] = []
        let formatter = EventFormatter()
        let collect: (GestureEvent) -> Void = { lines.append(formatter.line(for: $0)) }
        source.touchDown(id: 2, x: 380, y: 120, time: .microseconds(1_000_000), now: .zero, collect)
        source.touchUp(id: 2, time: .microseconds(1_000_000), now: .zero, collect)
        source.touchFrame(now: .zero, collect)
        source.stop(now: MonotonicTime(microseconds: 400_000), collect)
        #expect(lines == [
            #"{"time":1.000000,"region":"chart","type":"tap","x":95,"y":30,"count":1,"value":8.5,"selection":{"start":8,"end":8}}"#,
        ])
    }

    /// A target given in the app's pixels (`units.rect`), its lines in pixels too (`units.view`): a button of 80 × 40
    /// pixels at 400, 200, tapped at 420, 210 and dragged 60 pixels right (15 mm at 4 pixels a mm).
    @Test func aTargetGivenInTheAppsUnits_reportsInThem() throws {
        var button = Target("button", shape: .rectangle(Self.pixels.rect(Rect(x: 400, y: 200, width: 80, height: 40))),
                            gesture: TapGesture().exclusively(before: DragGesture()))
        button.viewTransform = Self.pixels.view
        let source = try ToolkitGestureSource(recognition: .engine(GestureEngine(targets: [button])), units: Self.pixels,
                                              framing: .toolkitFrames)
        var lines: [String] = []
        let formatter = EventFormatter()
        let collect: (GestureEvent) -> Void = { lines.append(formatter.line(for: $0)) }
        for (ms, x, phase) in [(1000, 420.0, 0), (1050, 420, 2), (1500, 420, 0), (1520, 450, 1), (1540, 480, 1), (1560, 480, 2)] {
            let now = MonotonicTime(microseconds: Int64(ms) * 1000)
            switch phase {
            case 0: source.touchDown(id: 1, x: x, y: 210, time: .milliseconds32(UInt32(ms)), now: now, collect)
            case 1: source.touchMotion(id: 1, x: x, y: 210, time: .milliseconds32(UInt32(ms)), now: now, collect)
            default: source.touchUp(id: 1, x: x, y: 210, time: .milliseconds32(UInt32(ms)), now: now, collect)
            }
            source.touchFrame(now: now, collect)
        }
        source.stop(now: MonotonicTime(microseconds: 2_000_000), collect)
        // The pan's 60 pixels over its last 40 ms: 1,500 pixels a second (375 mm/s)
        #expect(lines == [
            #"{"time":1.050000,"region":"button","type":"tap","x":420,"y":210,"count":1}"#,
            #"{"time":1.520000,"region":"button","type":"pan","phase":"began","dx":30,"dy":0}"#,
            #"{"time":1.540000,"region":"button","type":"pan","phase":"changed","dx":60,"dy":0}"#,
            #"{"time":1.560000,"region":"button","type":"pan","phase":"ended","dx":60,"dy":0,"vx":1500,"vy":0}"#,
        ])
    }

    /// A pan on the chart whose motions come at no number and at 10^300 pixels: the first is not taken, the second
    /// at 10^6 mm (SPEC's limit); a touch whose down came at no number is unknown, its lift too.
    @Test func positionsThatAreNoNumberAreNotTaken_andFarOnesAreBroughtWithinTheLimits() throws {
        let source = try ToolkitGestureSource(recognition: .layout(Self.layout), units: Self.pixels, framing: .toolkitFrames)
        var lines: [String] = []
        let formatter = EventFormatter()
        let collect: (GestureEvent) -> Void = { lines.append(formatter.line(for: $0)) }
        for (ms, x) in [(1000, 380.0), (1010, .nan), (1020, .infinity), (1030, 1e300), (1040, 390)] {
            let time = ToolkitTime.milliseconds32(UInt32(ms))
            if ms == 1000 {
                source.touchDown(id: 1, x: x, y: 120, time: time, now: .zero, collect)
            } else {
                source.touchMotion(id: 1, x: x, y: 120, time: time, now: .zero, collect)
            }
            source.touchFrame(now: .zero, collect)
        }
        source.touchUp(id: 1, x: .nan, y: 120, time: .milliseconds32(1100), now: .zero, collect)
        source.touchFrame(now: .zero, collect)
        source.touchDown(id: 2, x: .nan, y: 120, time: .milliseconds32(1200), now: .zero, collect)
        source.touchFrame(now: .zero, collect)
        source.touchUp(id: 2, time: .milliseconds32(1300), now: .zero, collect)
        source.touchFrame(now: .zero, collect)
        source.stop(now: .zero, collect)
        // Down at 95 mm; the far motion at 10^6 mm (a pan of 999,905); back at 97.5 mm; the lift where it last was, 60 ms
        // after the finger stopped (velocity 0)
        #expect(lines == [
            #"{"time":1.030000,"region":"chart","type":"pan","phase":"began","dx":999905,"dy":0}"#,
            #"{"time":1.040000,"region":"chart","type":"pan","phase":"changed","dx":2.5,"dy":0}"#,
            #"{"time":1.100000,"region":"chart","type":"pan","phase":"ended","dx":2.5,"dy":0,"vx":0,"vy":0}"#,
        ])
    }

    @Test func unitsFromAnOutputsSizes_andScalesThatMapNothingAreRefused() throws {
        let output = try ToolkitUnits(size: Size(width: 1920, height: 1080), physicalSize: Size(width: 344, height: 194))
        #expect(output.point(x: 960, y: 540) == Point(x: 172, y: 97))
        let inches = try ToolkitUnits(dotsPerInch: 254).point(x: 10, y: 20)
        #expect(abs(inches.x - 1) < 1e-12 && abs(inches.y - 2) < 1e-12)
        #expect(throws: ToolkitInputError.scale("expected a finite number of mm a unit above 0, found 0.0")) {
            try ToolkitUnits(millimetresPerUnit: 0)
        }
        #expect(throws: ToolkitInputError.scale("expected a finite number of mm a unit above 0, found inf")) {
            try ToolkitUnits(size: Size(width: 0, height: 1080), physicalSize: Size(width: 344, height: 194))
        }
        #expect(throws: ToolkitInputError.recognition("expected a layout or an engine to recognize with")) {
            try ToolkitGestureSource(recognition: .nothing, units: output, framing: .byTime)
        }
    }
}
