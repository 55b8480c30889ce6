import GestureCore
import GestureFormat
import GestureTestSupport
import Testing

/// The example of SPEC "JSON Lines output", reproduced through the engine.
@Suite struct SpecExampleTests {
    static let chart = Layout(regions: [
        .timeline(TimelineConfiguration(name: "chart", rect: Rect(x: 10, y: 5, width: 200, height: 60),
                                        domain: .numeric(start: 0, end: 20, bucket: 1))),
    ])

    @Test func tapThenLongPressDraggedTwoBucketsLeft() throws {
        let lines = try play(Self.chart, start: Timestamp(microseconds: 11_900_000)) {
            down(0, at: 47.2, 30.1)
            after(.us(100_120))
            up(0)                       // 12.000120: a tap at value 3.72
            after(.us(999_880))
            rest(1, at: 95, 30, for: .ms(412))  // 13.000000: value 8.5, bucket 8
            move(1, to: 85, 30)         // 13.412: value 7.5 → selection 7–8
            after(.ms(86))
            move(1, to: 75, 30)         // 13.498: value 6.5 → selection 6–8
            after(.ms(152))
            up(1)                       // 13.650
        }
        #expect(lines == [
            #"{"time":12.000120,"region":"chart","type":"tap","x":47.2,"y":30.1,"count":1,"value":3.72,"selection":{"start":3,"end":3}}"#,
            #"{"time":13.300000,"region":"chart","type":"select","phase":"began","anchor":8,"selection":{"start":8,"end":8}}"#,
            #"{"time":13.300000,"region":"chart","type":"haptic","kind":"press"}"#,
            #"{"time":13.412000,"region":"chart","type":"select","phase":"changed","anchor":8,"selection":{"start":7,"end":8}}"#,
            #"{"time":13.498000,"region":"chart","type":"select","phase":"changed","anchor":8,"selection":{"start":6,"end":8}}"#,
            #"{"time":13.650000,"region":"chart","type":"select","phase":"ended","anchor":8,"selection":{"start":6,"end":8}}"#,
        ])
    }
}

/// The example of the README's "Driving the engine", kept true.
@Suite struct ReadmeExampleTests {
    @Test func aLiveDriverWakesAtTheDeadline() throws {
        let layout = Layout(regions: [
            .timeline(TimelineConfiguration(
                name: "chart", rect: Rect(x: 10, y: 5, width: 200, height: 60),
                domain: .date(start: CivilDay(iso: "2025-11-01")!, end: CivilDay(iso: "2025-12-01")!, bucket: .day))),
            .dial(DialConfiguration(name: "timer", center: Point(x: 107.5, y: 100), radius: 30, maxDegrees: 360)),
        ])
        var engine = try GestureEngine(layout: layout)
        let output = EventFormatter(format: .jsonl)
        var lines: [String] = []
        for event in engine.handle(TouchFrame(time: Timestamp(microseconds: 1_000_000), contacts: [
            Contact(id: 7, position: Point(x: 95, y: 30), phase: .began),
        ])) { lines.append(output.line(for: event)) }
        #expect(lines.isEmpty)
        let deadline = engine.nextDeadline
        #expect(deadline == Timestamp(microseconds: 1_300_000))
        if let deadline {
            for event in engine.advance(to: deadline) { lines.append(output.line(for: event)) }
        }
        #expect(lines == [
            #"{"time":1.300000,"region":"chart","type":"select","phase":"began","anchor":"2025-11-13","selection":{"start":"2025-11-13","end":"2025-11-13"}}"#,
            #"{"time":1.300000,"region":"chart","type":"haptic","kind":"press"}"#,
        ])
    }
}

/// The example of the README's "Targets: a UI layer's views", kept true: a kitchen timer the app counts
/// down, and a week's chart with a "today" button on it.
@Suite struct ReadmeTargetsExampleTests {
    @Test func theTimerCountsDown_andTheButtonTakesItsTaps() throws {
        let timer = DialConfiguration(name: "timer", center: Point(x: 107.5, y: 100), radius: 30, maxDegrees: 360)
        let week = TimelineConfiguration(name: "week", rect: Rect(x: 10, y: 5, width: 200, height: 60),
                                         domain: .date(start: CivilDay(iso: "2025-11-03")!, end: CivilDay(iso: "2025-11-10")!, bucket: .day))
        var engine = try GestureEngine(targets: [
            Target("week", shape: .rectangle(week.rect), component: try TimelineComponent(week), children: [
                Target("today", shape: .rectangle(Rect(x: 180, y: 8, width: 25, height: 12)), gesture: TapGesture()),
            ]),
            Target("timer", shape: .circle(center: timer.center, radius: timer.radius), component: try DialComponent(timer)),
        ])
        let output = EventFormatter()
        var lines: [String] = []
        func frame(_ ms: Int64, _ contacts: Contact...) {
            for event in engine.handle(TouchFrame(time: Timestamp(microseconds: ms * 1000), contacts: contacts)) {
                lines.append(output.line(for: event))
            }
        }
        // Wind the timer up by 30° (five minutes at 6° a minute)...
        let center = timer.center
        frame(0, Contact(id: 1, position: Point(x: center.x, y: center.y - 20), phase: .began))
        frame(20, Contact(id: 1, position: polar(center, radius: 20, degrees: 15), phase: .moved))
        frame(40, Contact(id: 1, position: polar(center, radius: 20, degrees: 30), phase: .moved))
        frame(60, Contact(id: 1, position: polar(center, radius: 20, degrees: 30), phase: .ended))
        // ...the app counts down a minute, setting the dial's value each second...
        for second in 1...60 {
            let now = Timestamp(microseconds: Int64(second) * 1_000_000)
            lines += try engine.modify("timer", as: DialComponent.self, at: now) { dial, _ in
                try dial.setValue(degrees: dial.value.degrees - 0.1)
            }.map { output.line(for: $0) }
        }
        #expect(abs((engine.component(of: "timer", as: DialComponent.self)?.value.degrees ?? 0) - 24) < 1e-9)
        #expect(engine.component(of: "timer", as: DialComponent.self)?.value.detent == 4)
        // ...and a tap on "today" is the button's, not the chart's.
        frame(61_000, Contact(id: 2, position: Point(x: 190, y: 12), phase: .began))
        frame(61_080, Contact(id: 2, position: Point(x: 190, y: 12), phase: .ended))
        #expect(lines == [
            #"{"time":0.020000,"region":"timer","type":"wind","phase":"began","angle":15,"delta":15,"detent":2}"#,
            #"{"time":0.020000,"region":"timer","type":"haptic","kind":"detent","detent":1}"#,
            #"{"time":0.020000,"region":"timer","type":"haptic","kind":"detent","detent":2}"#,
            #"{"time":0.040000,"region":"timer","type":"wind","phase":"changed","angle":30,"delta":15,"detent":5}"#,
            #"{"time":0.040000,"region":"timer","type":"haptic","kind":"detent","detent":3}"#,
            #"{"time":0.040000,"region":"timer","type":"haptic","kind":"detent","detent":4}"#,
            #"{"time":0.040000,"region":"timer","type":"haptic","kind":"detent","detent":5}"#,
            #"{"time":0.060000,"region":"timer","type":"wind","phase":"ended","angle":30,"delta":0,"detent":5}"#,
            #"{"time":61.080000,"region":"today","type":"tap","x":190,"y":12,"count":1}"#,
        ])
    }
}
