/// A calendar day in UTC (proleptic Gregorian), counted in days since 1970-01-01.
///
/// Pure integer arithmetic (Howard Hinnant's `days_from_civil` / `civil_from_days`), so the core needs
/// neither Foundation nor a time zone database; the tests check it against Foundation's `Calendar`.
public struct CivilDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01 (day 0), negative before it; the day's UTC midnight is this × 86,400 s since 1970.
    public var daysSinceEpoch: Int

    /// The day `daysSinceEpoch` days after 1970-01-01 (before it when negative); every Int is a day.
    public init(daysSinceEpoch: Int) {
        self.daysSinceEpoch = daysSinceEpoch
    }

    /// The day `year-month-day`, or nil if there is no such day (2025-02-29, month 13, ...).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= CivilDay.daysIn(month: month, year: year),
              (-1_000_000...1_000_000).contains(year) else { return nil }
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        self.daysSinceEpoch = era * 146_097 + dayOfEra - 719_468
    }

    /// Parses `YYYY-MM-DD` (exactly four, two and two digits); nil if malformed or impossible.
    public init?(iso text: String) {
        guard let (year, month, day) = CivilDay.isoComponents(text) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The numbers of `YYYY-MM-DD` (exactly four, two and two digits), whether or not that day exists
    /// (`2025-02-30` gives 2025, 2, 30); nil if malformed.
    public static func isoComponents(_ text: String) -> (year: Int, month: Int, day: Int)? {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        return (year, month, day)
    }

    /// The number of days of `month` (1 to 12) in `year` of the proleptic Gregorian calendar: 28 or 29 for February
    /// (leap years: divisible by 4, but not by 100 unless by 400), 30 or 31 for the others. A month outside 1...12
    /// counts as 31.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The day's year, month (1 to 12) and day of the month (from 1), in the proleptic Gregorian calendar (UTC).
    public var components: (year: Int, month: Int, day: Int) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Days since the Monday that starts this day's ISO week (0 for a Monday).
    public var daysSinceMonday: Int {
        // 1970-01-01 was a Thursday, three days after a Monday.
        let offset = (daysSinceEpoch + 3) % 7
        return offset < 0 ? offset + 7 : offset
    }

    /// The Monday that starts this day's ISO week.
    public var startOfWeek: CivilDay { CivilDay(daysSinceEpoch: daysSinceEpoch - daysSinceMonday) }

    /// The first day of this day's month.
    public var startOfMonth: CivilDay {
        let (year, month, _) = components
        return CivilDay(year: year, month: month, day: 1)!
    }

    public static func < (lhs: CivilDay, rhs: CivilDay) -> Bool { lhs.daysSinceEpoch < rhs.daysSinceEpoch }

    /// `YYYY-MM-DD`.
    public var description: String {
        let (year, month, day) = components
        return CivilDay.pad(year, 4) + "-" + CivilDay.pad(month, 2) + "-" + CivilDay.pad(day, 2)
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(abs(value))
        let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
        return value < 0 ? "-" + padded : padded
    }
}
