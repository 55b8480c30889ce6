import GestureCore
import GestureTestSupport
import Testing

/// A chart over November 2025 (SPEC's layout example): 30 days over 200 mm, 6.667 mm a day.
@Suite struct DateTimelineTests {
    static func november(_ bucket: DateBucket) -> Layout {
        Layout(regions: [
            .timeline(TimelineConfiguration(name: "chart", rect: Rect(x: 10, y: 5, width: 200, height: 60),
                                            domain: .date(start: CivilDay(iso: "2025-11-01")!, end: CivilDay(iso: "2025-12-01")!,
                                                          bucket: bucket))),
        ])
    }

    /// x of the instant `days` days after 2025-11-01T00:00Z.
    static func x(days: Double) -> Double { 10 + 200 * days / 30 }

    @Test(arguments: [(DateBucket.day, "2025-11-15"), (.week, "2025-11-10"), (.month, "2025-11-01")])
    func aTapGivesTheInstantAndItsBucket(bucket: DateBucket, start: String) throws {
        let lines = try play(Self.november(bucket)) {
            down(0, at: Self.x(days: 14.5), 30)
            after(.ms(80))
            up(0)
        }
        #expect(lines == [
            #"{"time":0.080000,"region":"chart","type":"tap","x":106.667,"y":30,"count":1,"value":"2025-11-15T12:00:00Z","selection":{"start":"\#(start)","end":"\#(start)"}}"#,
        ])
    }

    @Test func aSelectionOfDaysAcrossTheMonth() throws {
        let lines = try play(Self.november(.day)) {
            down(0, at: Self.x(days: 2.5), 30)      // 2025-11-03
            after(.ms(300))
            move(0, to: Self.x(days: 2.9), 30)      // still 11-03: nothing
            after(.ms(20))
            move(0, to: Self.x(days: 28.5), 30)     // 11-29
            after(.ms(20))
            move(0, to: Self.x(days: 40), 30)       // beyond the end: the last day, 11-30
            after(.ms(20))
            up(0)
        }
        #expect(lines == [
            #"{"time":0.300000,"region":"chart","type":"select","phase":"began","anchor":"2025-11-03","selection":{"start":"2025-11-03","end":"2025-11-03"}}"#,
            #"{"time":0.300000,"region":"chart","type":"haptic","kind":"press"}"#,
            #"{"time":0.320000,"region":"chart","type":"select","phase":"changed","anchor":"2025-11-03","selection":{"start":"2025-11-03","end":"2025-11-29"}}"#,
            #"{"time":0.340000,"region":"chart","type":"select","phase":"changed","anchor":"2025-11-03","selection":{"start":"2025-11-03","end":"2025-11-30"}}"#,
            #"{"time":0.360000,"region":"chart","type":"select","phase":"ended","anchor":"2025-11-03","selection":{"start":"2025-11-03","end":"2025-11-30"}}"#,
        ])
    }

    @Test func aSelectionOfISOWeeksStartsOnMondays_evenBeforeTheDomain() throws {
        let lines = try play(Self.november(.week)) {
            down(0, at: Self.x(days: 12), 30)       // Thursday 11-13: week of Monday 11-10
            after(.ms(320))
            move(0, to: Self.x(days: 0.5), 30)      // Saturday 11-01: week of Monday 10-27
            after(.ms(20))
            up(0)
        }
        #expect(lines == [
            #"{"time":0.300000,"region":"chart","type":"select","phase":"began","anchor":"2025-11-10","selection":{"start":"2025-11-10","end":"2025-11-10"}}"#,
            #"{"time":0.300000,"region":"chart","type":"haptic","kind":"press"}"#,
            #"{"time":0.320000,"region":"chart","type":"select","phase":"changed","anchor":"2025-11-10","selection":{"start":"2025-10-27","end":"2025-11-10"}}"#,
            #"{"time":0.340000,"region":"chart","type":"select","phase":"ended","anchor":"2025-11-10","selection":{"start":"2025-10-27","end":"2025-11-10"}}"#,
        ])
    }

    @Test func monthBucketsChangeOnlyAcrossMonths() throws {
        let layout = Layout(regions: [
            .timeline(TimelineConfiguration(name: "year", rect: Rect(x: 0, y: 0, width: 365, height: 50),
                                            domain: .date(start: CivilDay(iso: "2025-01-01")!, end: CivilDay(iso: "2026-01-01")!,
                                                          bucket: .month))),
        ])
        let lines = try play(layout) {
            rest(0, at: 40.5, 20, for: .ms(300))    // day 40: 2025-02-10
            line(0, from: Point(x: 40.5, y: 20), to: Point(x: 70.5, y: 20), steps: 6, over: .ms(60))  // up to 03-12
            up(0)
        }
        #expect(lines == [
            #"{"time":0.300000,"region":"year","type":"select","phase":"began","anchor":"2025-02-01","selection":{"start":"2025-02-01","end":"2025-02-01"}}"#,
            #"{"time":0.300000,"region":"year","type":"haptic","kind":"press"}"#,
            #"{"time":0.340000,"region":"year","type":"select","phase":"changed","anchor":"2025-02-01","selection":{"start":"2025-02-01","end":"2025-03-01"}}"#,
            #"{"time":0.360000,"region":"year","type":"select","phase":"ended","anchor":"2025-02-01","selection":{"start":"2025-02-01","end":"2025-03-01"}}"#,
        ])
    }
}
