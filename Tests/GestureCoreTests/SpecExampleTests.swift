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

    @Test func tapThenLongPressDraggedTwoBucketsLeft() {
        let lines = play(Self.chart, start: Timestamp(microseconds: 11_900_000)) {
            down(0, at: 47.2, 30.1)
            after(.us(100_120))
            up(0)                       // 12.000120: a tap at value 3.72
            after(.us(999_880))
            down(1, at: 95, 30)         // 13.000000: value 8.5, bucket 8
            after(.ms(412))
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
    @Test func aLiveDriverWakesAtTheDeadline() {
        let layout = Layout(regions: [
            .timeline(TimelineConfiguration(
                name: "chart", rect: Rect(x: 10, y: 5, width: 200, height: 60),
                domain: .date(start: CivilDay(iso: "2025-11-01")!, end: CivilDay(iso: "2025-12-01")!, bucket: .day))),
            .dial(DialConfiguration(name: "timer", center: Point(x: 107.5, y: 100), radius: 30, maxDegrees: 360)),
        ])
        var engine = GestureEngine(layout: layout)
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
