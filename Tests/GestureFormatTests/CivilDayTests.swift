import Foundation
import GestureCore
import Testing

@Suite struct CivilDayTests {
    static let validity: [(Int, Int, Int, Bool)] = [
        (2024, 2, 29, true),
        (2025, 2, 29, false),
        (2025, 2, 28, true),
        (1900, 2, 29, false),
        (2000, 2, 29, true),
        (2100, 2, 29, false),
        (2025, 0, 1, false),
        (2025, 13, 1, false),
        (2025, -1, 1, false),
        (2025, 1, 0, false),
        (2025, 1, 32, false),
        (2025, 1, 31, true),
        (2025, 4, 30, true),
        (2025, 4, 31, false),
        (2025, 6, 31, false),
        (2025, 9, 31, false),
        (2025, 11, 31, false),
        (2025, 12, 31, true),
        (2025, 7, -3, false),
    ]

    @Test(arguments: validity)
    func initYearMonthDay(year: Int, month: Int, day: Int, valid: Bool) {
        let civil = CivilDay(year: year, month: month, day: day)
        #expect((civil != nil) == valid)
        if let civil {
            #expect(civil.components == (year, month, day))
        }
    }

    @Test func knownDaysSinceEpoch() {
        #expect(CivilDay(year: 1970, month: 1, day: 1)?.daysSinceEpoch == 0)
        #expect(CivilDay(year: 1969, month: 12, day: 31)?.daysSinceEpoch == -1)
        #expect(CivilDay(year: 1900, month: 1, day: 1)?.daysSinceEpoch == -25_567)
        #expect(CivilDay(year: 2000, month: 2, day: 29)?.daysSinceEpoch == 11_016)
        #expect(CivilDay(year: 2025, month: 11, day: 1)?.daysSinceEpoch == 20_393)
        #expect(CivilDay(year: 2025, month: 12, day: 1)?.daysSinceEpoch == 20_423)
        #expect(CivilDay(year: 1, month: 1, day: 1)?.daysSinceEpoch == -719_162)
        #expect(CivilDay(year: 9999, month: 12, day: 31)?.daysSinceEpoch == 2_932_896)
    }

    static let wellFormed: [(String, Int)] = [
        ("1970-01-01", 0),
        ("2024-02-29", 19_782),
        ("2025-11-01", 20_393),
        ("2000-02-29", 11_016),
        ("0001-01-01", -719_162),
    ]

    @Test(arguments: wellFormed)
    func parsesISO(text: String, days: Int) {
        let civil = CivilDay(iso: text)
        #expect(civil == CivilDay(daysSinceEpoch: days))
        #expect(civil?.description == text)
    }

    @Test(arguments: [
        "2025-1-01", "2025-01-1", "2025/01/01", "20250101", "2025-01-01T00", "abcd-ef-gh",
        "", "2025-01-01 ", " 2025-01-01", "2025-1-011", "2025-01-1a", "+2025-01-01", "-025-01-01",
        "2025\u{2013}01\u{2013}01", "\u{FF12}\u{FF10}\u{FF12}\u{FF15}-01-01", "2025-+1-01",
        // Well formed but impossible.
        "2025-02-29", "1900-02-29", "2025-00-10", "2025-13-01", "2025-01-00", "2025-01-32", "2025-04-31",
    ])
    func rejectsMalformedISO(text: String) {
        #expect(CivilDay(iso: text) == nil)
    }

    @Test func descriptionPads() {
        #expect(CivilDay(year: 2025, month: 3, day: 7)?.description == "2025-03-07")
        #expect(CivilDay(year: 987, month: 10, day: 12)?.description == "0987-10-12")
        #expect(CivilDay(daysSinceEpoch: 0).description == "1970-01-01")
    }

    static let weeks: [(String, Int, String, String)] = [
        // day, days since Monday, its ISO week's Monday, its month's first day
        ("2025-11-01", 5, "2025-10-27", "2025-11-01"),   // a Saturday
        ("2025-11-02", 6, "2025-10-27", "2025-11-01"),   // a Sunday
        ("2025-11-03", 0, "2025-11-03", "2025-11-01"),   // a Monday
        ("2025-11-30", 6, "2025-11-24", "2025-11-01"),
        ("2026-01-01", 3, "2025-12-29", "2026-01-01"),   // a Thursday: its week starts the year before
        ("1970-01-01", 3, "1969-12-29", "1970-01-01"),
        ("1969-12-31", 2, "1969-12-29", "1969-12-01"),
        ("2024-02-29", 3, "2024-02-26", "2024-02-01"),
    ]

    @Test(arguments: weeks)
    func weekAndMonth(day: String, sinceMonday: Int, week: String, month: String) throws {
        let civil = try #require(CivilDay(iso: day))
        #expect(civil.daysSinceMonday == sinceMonday)
        #expect(civil.startOfWeek.description == week)
        #expect(civil.startOfMonth.description == month)
    }

    @Test func ordering() {
        let a = CivilDay(year: 2025, month: 11, day: 30)!
        let b = CivilDay(year: 2025, month: 12, day: 1)!
        #expect(a < b)
        #expect(!(b < a))
        #expect(CivilDay(year: 1969, month: 12, day: 31)! < CivilDay(daysSinceEpoch: 0))
    }

    /// Every day from 1960-01-01 to 2100-12-31 (51,500 days), against Foundation's ISO 8601 calendar in UTC.
    @Test func agreesWithFoundationEveryDay() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = utc
        calendar.firstWeekday = 2
        calendar.minimumDaysInFirstWeek = 4
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = utc
        formatter.formatOptions = [.withFullDate]

        var date = try #require(calendar.date(from: DateComponents(year: 1960, month: 1, day: 1)))
        let end = try #require(calendar.date(from: DateComponents(year: 2101, month: 1, day: 1)))
        func days(_ date: Date) -> Int { Int((date.timeIntervalSince1970 / 86_400).rounded(.down)) }
        #expect(days(date) == -3653)

        var checked = 0
        var mismatches: [String] = []
        var previous: CivilDay?
        while date < end {
            let d = days(date)
            let c = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
            let (year, month, day, weekday) = (c.year!, c.month!, c.day!, c.weekday!)
            let weekStart = try days(#require(calendar.dateInterval(of: .weekOfYear, for: date)).start)
            let monthStart = try days(#require(calendar.dateInterval(of: .month, for: date)).start)
            let text = formatter.string(from: date)

            let civil = CivilDay(daysSinceEpoch: d)
            var problems: [String] = []
            if civil.components != (year, month, day) { problems.append("components \(civil.components)") }
            if civil.description != text { problems.append("description \(civil.description)") }
            if CivilDay(year: year, month: month, day: day) != civil { problems.append("init(year:month:day:)") }
            if CivilDay(iso: text) != civil { problems.append("init(iso:)") }
            // Foundation: 1 = Sunday, 2 = Monday, … 7 = Saturday.
            if civil.daysSinceMonday != (weekday + 5) % 7 { problems.append("daysSinceMonday \(civil.daysSinceMonday)") }
            if civil.startOfWeek.daysSinceEpoch != weekStart { problems.append("startOfWeek \(civil.startOfWeek)") }
            if civil.startOfWeek.daysSinceMonday != 0 { problems.append("startOfWeek not a Monday") }
            if civil.startOfMonth.daysSinceEpoch != monthStart { problems.append("startOfMonth \(civil.startOfMonth)") }
            if let previous, !(previous < civil) { problems.append("order") }
            if !problems.isEmpty, mismatches.count < 20 { mismatches.append("\(text): " + problems.joined(separator: ", ")) }

            previous = civil
            checked += 1
            date = date.addingTimeInterval(86_400)
        }
        #expect(checked == 51_500)
        #expect(mismatches == [])
    }
}
