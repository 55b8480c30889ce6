import GestureCore
import GestureFormat
import Testing

/// SPEC `timeline`: value(x) and the buckets of numeric and date domains.
@Suite struct NumericDomainTests {
    static let chart = TimelineDomain.numeric(start: 0, end: 20, bucket: 1)

    static let fractions: [(Double, Double)] = [
        (0, 0), (0.25, 5), (0.5, 10), (0.75, 15), (1, 20),
        // Clamped to [start, end].
        (-0.5, 0), (1.5, 20), (-Double.infinity, 0), (Double.infinity, 20), (Double.nan, 0),
        (-Double.leastNonzeroMagnitude, 0), (1 + Double.ulpOfOne, 20),
    ]

    @Test(arguments: fractions)
    func valueAtFraction(fraction: Double, expected: Double) {
        #expect(Self.chart.value(atFraction: fraction) == .number(expected))
    }

    @Test func valueAtFractionWithNegativeStart() {
        let domain = TimelineDomain.numeric(start: -10, end: 10, bucket: 5)
        #expect(domain.value(atFraction: 0) == .number(-10))
        #expect(domain.value(atFraction: 0.75) == .number(5))
        #expect(domain.value(atFraction: 1) == .number(10))
        #expect(domain.value(atFraction: 7) == .number(10))
    }

    /// The spec example: x = 47.2 in a rect at x 10, width 200, over 0–20, prints 3.72, bucket 3.
    @Test func specExampleTap() throws {
        let value = Self.chart.value(atFraction: (47.2 - 10) / 200)
        guard case .number(let number) = value else {
            Issue.record("expected a number, got \(value)")
            return
        }
        #expect(Numbers.decimal(number) == "3.72")
        #expect(Self.chart.bucket(of: value) == .number(3))
        // The long press at x = 95 is in bucket 8, dragged to 85 and 75: buckets 7 and 6.
        #expect(Self.chart.bucket(of: Self.chart.value(atFraction: (95 - 10) / 200.0)) == .number(8))
        #expect(Self.chart.bucket(of: Self.chart.value(atFraction: (85 - 10) / 200.0)) == .number(7))
        #expect(Self.chart.bucket(of: Self.chart.value(atFraction: (75 - 10) / 200.0)) == .number(6))
    }

    /// (start, end, bucket, value, k): the bucket is start + k × bucket.
    static let buckets: [(Double, Double, Double, Double, Int)] = [
        // 0–1 by 0.1: 0.3 / 0.1 = 2.9999999999999996 is k = 3 thanks to the 1e-9 tolerance.
        (0, 1, 0.1, 0, 0),
        (0, 1, 0.1, 0.05, 0),
        (0, 1, 0.1, 0.1, 1),
        (0, 1, 0.1, 0.3, 3),
        (0, 1, 0.1, 0.6, 6),
        (0, 1, 0.1, 0.7, 7),
        (0, 1, 0.1, 0.3 - 1e-11, 3),       // within 1e-9 bucket of the boundary
        (0, 1, 0.1, 0.3 - 1e-9, 2),        // 1e-8 bucket below it
        (0, 1, 0.1, 0.2999999, 2),
        (0, 1, 0.1, 0.95, 9),
        (0, 1, 0.1, 1, 9),                 // the end belongs to the last bucket
        (0, 1, 0.1, 1 - 1e-11, 9),
        // 0–10 by 3: buckets 0, 3, 6, 9; the end 10 is in the last one (9), which is short.
        (0, 10, 3, 0, 0),
        (0, 10, 3, 2.999, 0),
        (0, 10, 3, 3, 1),
        (0, 10, 3, 5.9, 1),
        (0, 10, 3, 6, 2),
        (0, 10, 3, 9, 3),
        (0, 10, 3, 9.5, 3),
        (0, 10, 3, 10, 3),
        // 0–0.9 by 0.3: 0.9 / 0.3 = 3.0000000000000004, still three buckets, and 0.9 in the last.
        (0, 0.9, 0.3, 0.6, 2),
        (0, 0.9, 0.3, 0.9, 2),
        // 0–20 by 1 (the spec example).
        (0, 20, 1, 3.72, 3),
        (0, 20, 1, 8.5, 8),
        (0, 20, 1, 19.999, 19),
        (0, 20, 1, 20, 19),
        // A negative start.
        (-10, 10, 5, -10, 0),
        (-10, 10, 5, -7, 0),
        (-10, 10, 5, -5, 1),
        (-10, 10, 5, 0, 2),
        (-10, 10, 5, 4.99, 2),
        (-10, 10, 5, 10, 3),
        // A positive start.
        (100, 200, 25, 100, 0),
        (100, 200, 25, 150, 2),
        (100, 200, 25, 199, 3),
        (100, 200, 25, 200, 3),
        // A domain shorter than one bucket is one bucket.
        (0, 0.5, 1, 0.5, 0),
        // Values outside the domain are clamped to its first and last buckets.
        (0, 1, 0.1, -0.1, 0),
        (0, 1, 0.1, 1.5, 9),
        (0, 10, 3, -100, 0),
        (0, 10, 3, 1e9, 3),
    ]

    @Test(arguments: buckets)
    func bucket(start: Double, end: Double, size: Double, value: Double, k: Int) {
        let domain = TimelineDomain.numeric(start: start, end: end, bucket: size)
        #expect(domain.bucket(of: .number(value)) == .number(start + Double(k) * size))
    }

    @Test func bucketStartsPrintRounded() {
        let domain = TimelineDomain.numeric(start: 0, end: 1, bucket: 0.1)
        guard case .number(let start) = domain.bucket(of: .number(0.3)) else {
            Issue.record("expected a numeric bucket")
            return
        }
        #expect(Numbers.decimal(start) == "0.3")
        guard case .number(let last) = domain.bucket(of: .number(1)) else {
            Issue.record("expected a numeric bucket")
            return
        }
        #expect(Numbers.decimal(last) == "0.9")
    }

    /// Every bucket of 0–1 by 0.1 is reached from inside, through value(atFraction:).
    @Test func everyBucketFromItsMiddle() {
        let domain = TimelineDomain.numeric(start: 0, end: 1, bucket: 0.1)
        var printed: [String] = []
        for k in 0..<10 {
            if case .number(let start) = domain.bucket(of: domain.value(atFraction: (Double(k) + 0.5) / 10)) {
                printed.append(Numbers.decimal(start))
            }
        }
        #expect(printed == ["0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9"])
    }
}

@Suite struct DateDomainTests {
    static let november = CivilDay(iso: "2025-11-01")!
    static let december = CivilDay(iso: "2025-12-01")!

    static func domain(_ bucket: DateBucket) -> TimelineDomain {
        .date(start: november, end: december, bucket: bucket)
    }

    /// Seconds since the epoch of `day` at `secondOfDay`.
    static func instant(_ day: String, _ secondOfDay: Double = 0) -> DomainValue {
        .instant(seconds: Double(CivilDay(iso: day)!.daysSinceEpoch) * 86_400 + secondOfDay)
    }

    @Test func valueAtFraction() {
        let domain = Self.domain(.day)
        #expect(domain.value(atFraction: 0) == .instant(seconds: 1_761_955_200))
        #expect(domain.value(atFraction: 0.5) == .instant(seconds: 1_763_251_200))
        #expect(domain.value(atFraction: 1) == .instant(seconds: 1_764_547_200))
        // Clamped.
        #expect(domain.value(atFraction: -1) == .instant(seconds: 1_761_955_200))
        #expect(domain.value(atFraction: 2) == .instant(seconds: 1_764_547_200))
        #expect(domain.value(atFraction: .nan) == .instant(seconds: 1_761_955_200))
        // 14.5 of the 30 days: 2025-11-15 at noon.
        guard case .instant(let seconds) = domain.value(atFraction: 14.5 / 30) else {
            Issue.record("expected an instant")
            return
        }
        #expect(Numbers.instant(seconds: seconds) == "2025-11-15T12:00:00Z")
    }

    /// (instant, day bucket, week bucket, month bucket) in the domain 2025-11-01 to 2025-12-01.
    static let buckets: [(DomainValue, String, String, String)] = [
        // 2025-11-01 is a Saturday: its ISO week starts on Monday 2025-10-27, before the domain.
        (instant("2025-11-01"), "2025-11-01", "2025-10-27", "2025-11-01"),
        (instant("2025-11-01", 43_200), "2025-11-01", "2025-10-27", "2025-11-01"),
        (instant("2025-11-02", 86_399.999), "2025-11-02", "2025-10-27", "2025-11-01"),
        (instant("2025-11-03"), "2025-11-03", "2025-11-03", "2025-11-01"),
        (instant("2025-11-15", 43_200), "2025-11-15", "2025-11-10", "2025-11-01"),
        (instant("2025-11-17", 1), "2025-11-17", "2025-11-17", "2025-11-01"),
        (instant("2025-11-30", 86_399), "2025-11-30", "2025-11-24", "2025-11-01"),
        // The end instant, 2025-12-01T00:00:00Z, belongs to the last bucket.
        (instant("2025-12-01"), "2025-11-30", "2025-11-24", "2025-11-01"),
        // The bucket is taken from the unrounded value: 0.3 s before midnight is still the day before.
        (instant("2025-11-16", -0.3), "2025-11-15", "2025-11-10", "2025-11-01"),
    ]

    @Test(arguments: buckets)
    func bucket(value: DomainValue, day: String, week: String, month: String) {
        #expect(Self.domain(.day).bucket(of: value) == .day(CivilDay(iso: day)!))
        #expect(Self.domain(.week).bucket(of: value) == .day(CivilDay(iso: week)!))
        #expect(Self.domain(.month).bucket(of: value) == .day(CivilDay(iso: month)!))
    }

    @Test func endInstantThroughValueAtFraction() {
        let end = Self.domain(.day).value(atFraction: 1)
        #expect(Self.domain(.day).bucket(of: end) == .day(CivilDay(iso: "2025-11-30")!))
        #expect(Self.domain(.week).bucket(of: end) == .day(CivilDay(iso: "2025-11-24")!))
        #expect(Self.domain(.month).bucket(of: end) == .day(CivilDay(iso: "2025-11-01")!))
    }

    @Test func monthsAndWeeksAcrossAYear() {
        let start = CivilDay(iso: "2025-12-15")!
        let end = CivilDay(iso: "2026-02-10")!
        let weeks = TimelineDomain.date(start: start, end: end, bucket: .week)
        let months = TimelineDomain.date(start: start, end: end, bucket: .month)
        // 2026-01-01 is a Thursday: its week starts in 2025.
        #expect(weeks.bucket(of: Self.instant("2026-01-01", 3600)) == .day(CivilDay(iso: "2025-12-29")!))
        #expect(months.bucket(of: Self.instant("2026-01-01", 3600)) == .day(CivilDay(iso: "2026-01-01")!))
        // A month bucket also starts before the domain.
        #expect(months.bucket(of: weeks.value(atFraction: 0)) == .day(CivilDay(iso: "2025-12-01")!))
        // The end, 2026-02-10, belongs to the bucket of 2026-02-09 (a Monday).
        #expect(weeks.bucket(of: weeks.value(atFraction: 1)) == .day(CivilDay(iso: "2026-02-09")!))
        #expect(months.bucket(of: months.value(atFraction: 1)) == .day(CivilDay(iso: "2026-02-01")!))
    }

    @Test func leapFebruary() {
        let domain = TimelineDomain.date(start: CivilDay(iso: "2024-02-01")!, end: CivilDay(iso: "2024-03-01")!, bucket: .day)
        #expect(domain.bucket(of: domain.value(atFraction: 1)) == .day(CivilDay(iso: "2024-02-29")!))
        #expect(domain.bucket(of: domain.value(atFraction: 0.5)) == .day(CivilDay(iso: "2024-02-15")!))
    }

    @Test func beforeTheEpoch() {
        let domain = TimelineDomain.date(start: CivilDay(iso: "1969-12-01")!, end: CivilDay(iso: "1970-01-10")!, bucket: .week)
        // 1969-12-31T23:59:59.5Z is a Wednesday: week of Monday 1969-12-29.
        #expect(domain.bucket(of: .instant(seconds: -0.5)) == .day(CivilDay(iso: "1969-12-29")!))
        let days = TimelineDomain.date(start: CivilDay(iso: "1969-12-01")!, end: CivilDay(iso: "1970-01-10")!, bucket: .day)
        #expect(days.bucket(of: .instant(seconds: -0.5)) == .day(CivilDay(iso: "1969-12-31")!))
        #expect(days.bucket(of: .instant(seconds: 0)) == .day(CivilDay(iso: "1970-01-01")!))
    }
}
