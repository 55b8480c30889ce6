import GestureCore
import GestureFormat

/// A timeline's buckets, counted from the one that holds the domain's start: where each lies on the
/// chart, and its label. Works for any number of buckets without listing them. The chart shows `view`:
/// the whole domain, or the part a zoom left visible.
struct BucketAxis {
    let domain: TimelineDomain
    /// How many buckets the domain holds (the last may be cut short by the domain's end).
    let count: Int
    /// The part of the domain across the chart's width: numbers, or seconds since 1970.
    let view: (from: Double, to: Double)
    /// The first bucket's start, as a day, for date domains.
    private let firstDay: CivilDay?

    init(_ domain: TimelineDomain, visible: VisibleDomain? = nil) {
        self.domain = domain
        switch domain {
        case .numeric(let start, let end, _):
            view = visible.map { (BucketAxis.magnitude($0.start), BucketAxis.magnitude($0.end)) } ?? (start, end)
        case .date(let start, let end, _):
            view = visible.map { (BucketAxis.magnitude($0.start), BucketAxis.magnitude($0.end)) }
                ?? (Double(start.daysSinceEpoch) * 86_400, Double(end.daysSinceEpoch) * 86_400)
        }
        switch domain {
        case .numeric(let start, let end, let size):
            firstDay = nil
            // As `TimelineDomain.bucket(of:)` counts them.
            count = Int(max(1, min(((end - start) / size - 1e-9).rounded(.up), 2e9)))
        case .date(let start, let end, let kind):
            let first = BucketAxis.day(of: domain.bucket(of: .instant(seconds: Double(start.daysSinceEpoch) * 86_400)))
            firstDay = first
            let lastDay = CivilDay(daysSinceEpoch: max(end.daysSinceEpoch - 1, start.daysSinceEpoch))
            count = BucketAxis.index(of: lastDay, from: first, kind: kind) + 1
        }
    }

    private static func day(of bucket: Bucket) -> CivilDay {
        switch bucket {
        case .day(let day): day
        case .number(let number): CivilDay(daysSinceEpoch: Int((number / 86_400).rounded(.down)))
        }
    }

    private static func monthNumber(_ day: CivilDay) -> Int {
        let (year, month, _) = day.components
        return year * 12 + month - 1
    }

    /// The index of the bucket holding `day`, counted from the bucket that starts at `first`.
    private static func index(of day: CivilDay, from first: CivilDay, kind: DateBucket) -> Int {
        switch kind {
        case .day: day.daysSinceEpoch - first.daysSinceEpoch
        case .week: (day.daysSinceEpoch - first.daysSinceEpoch) / 7
        case .month: monthNumber(day) - monthNumber(first)
        }
    }

    /// The bucket at `index` (which may be `count`: the start of the bucket after the last).
    func bucket(_ index: Int) -> Bucket {
        switch domain {
        case .numeric(let start, _, let size):
            return .number(start + Double(index) * size)
        case .date(_, _, let kind):
            let first = firstDay!
            switch kind {
            case .day: return .day(CivilDay(daysSinceEpoch: first.daysSinceEpoch + index))
            case .week: return .day(CivilDay(daysSinceEpoch: first.daysSinceEpoch + 7 * index))
            case .month:
                let month = BucketAxis.monthNumber(first) + index
                let year = month >= 0 ? month / 12 : (month - 11) / 12
                return .day(CivilDay(year: year, month: month - year * 12 + 1, day: 1)!)
            }
        }
    }

    /// The first day of the bucket at `index` that lies in a date domain (a week bucket can start before it).
    func visibleDay(_ index: Int) -> CivilDay? {
        guard case .day(let day) = bucket(index), case .date(let start, _, _) = domain else { return nil }
        return max(day, start)
    }

    /// The index of `bucket`.
    func index(of bucket: Bucket) -> Int {
        switch (domain, bucket) {
        case (.numeric(let start, _, let size), .number(let number)):
            return Int(((number - start) / size).rounded())
        case (.date(_, _, let kind), .day(let day)):
            return BucketAxis.index(of: day, from: firstDay!, kind: kind)
        case (.numeric(let start, _, let size), .day(let day)):
            return Int((Double(day.daysSinceEpoch) * 86_400 - start) / size)
        case (.date(_, _, let kind), .number(let number)):
            return BucketAxis.index(of: BucketAxis.day(of: .number(number)), from: firstDay!, kind: kind)
        }
    }

    /// A domain value as a number: itself, or an instant's seconds since 1970.
    static func magnitude(_ value: DomainValue) -> Double {
        switch value {
        case .number(let number): number
        case .instant(let seconds): seconds
        }
    }

    /// Where `value` lies across the chart: 0 at the view's start, 1 at its end.
    func fraction(of value: DomainValue) -> Double {
        (BucketAxis.magnitude(value) - view.from) / (view.to - view.from)
    }

    /// The buckets the view shows, whole or in part.
    var visibleIndices: ClosedRange<Int> {
        func index(at magnitude: Double) -> Int {
            let value: DomainValue = switch domain {
            case .numeric: .number(magnitude)
            case .date: .instant(seconds: magnitude)
            }
            return min(max(self.index(of: domain.bucket(of: value)), 0), count - 1)
        }
        return index(at: view.from)...max(index(at: view.from), index(at: view.to))
    }

    /// Where the bucket at `index` starts and ends, as fractions of the chart's width, within [0, 1] (a
    /// week bucket can start before the domain, the last bucket can end after it, a zoomed chart shows
    /// part of a bucket at its edges).
    func extent(_ index: Int) -> (start: Double, end: Double) {
        (clamp(fraction(of: bucket(index).start)), clamp(fraction(of: bucket(index + 1).start)))
    }

    /// The extent of the buckets from `first` to `last` (a selection), as fractions of the chart's width.
    func extent(from first: Bucket, to last: Bucket) -> (start: Double, end: Double) {
        (extent(index(of: first)).start, extent(index(of: last)).end)
    }

    private func clamp(_ fraction: Double) -> Double { min(max(fraction, 0), 1) }

    /// The label of the bucket at `index`: a number, or a date (`Nov 3`, `Jan 2025`); `short` leaves the
    /// month out of a day or week (`3`) and the year out of a month (`Feb`).
    func label(_ index: Int, short: Bool) -> String {
        BucketAxis.label(bucket(index), short: short, domain: domain)
    }

    /// The larger unit that the bucket at `index` lies in, for date buckets: `Nov 2025` for a day or a week,
    /// `2025` for a month; nil for numbers.
    func largerUnitLabel(_ index: Int) -> String? {
        guard let day = visibleDay(index), case .date(_, _, let kind) = domain else { return nil }
        let (year, month, _) = day.components
        return kind == .month ? String(year) : BucketAxis.monthNames[month - 1] + " " + String(year)
    }

    static func label(_ bucket: Bucket, short: Bool, domain: TimelineDomain) -> String {
        switch (bucket, domain) {
        case (.number(let number), _):
            return Numbers.decimal(number)
        case (.day(let day), .date(_, _, .month)):
            let (year, month, _) = day.components
            return short ? monthNames[month - 1] : monthNames[month - 1] + " " + String(year)
        case (.day(let day), _):
            let (_, month, dayOfMonth) = day.components
            return short ? String(dayOfMonth) : monthNames[month - 1] + " " + String(dayOfMonth)
        }
    }

    /// A selection as people read it: `Nov 8 – Nov 12`, `3 – 7`, or one bucket alone.
    static func label(_ selection: Selection, domain: TimelineDomain) -> String {
        let start = label(selection.start, short: false, domain: domain)
        guard selection.end != selection.start else { return start }
        return start + " – " + label(selection.end, short: false, domain: domain)
    }

    /// A zoom's visible part of the domain as people read it: `12.5 – 37.5`, or `Nov 7 16:00 – Nov 24 08:00`
    /// (UTC; the time left out at midnight).
    static func label(_ visible: VisibleDomain) -> String {
        func text(_ value: DomainValue) -> String {
            switch value {
            case .number(let number):
                return Numbers.decimal(number, places: 2)
            case .instant(let seconds):
                let whole = Int((seconds / 60).rounded()) * 60
                let day = CivilDay(daysSinceEpoch: Int((Double(whole) / 86_400).rounded(.down)))
                let minutes = (whole - day.daysSinceEpoch * 86_400) / 60
                let (_, month, dayOfMonth) = day.components
                let date = monthNames[month - 1] + " " + String(dayOfMonth)
                guard minutes != 0 else { return date }
                let hours = String(minutes / 60), rest = String(minutes % 60)
                return date + " " + (hours.count < 2 ? "0" : "") + hours + ":" + (rest.count < 2 ? "0" : "") + rest
            }
        }
        return text(visible.start) + " – " + text(visible.end)
    }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
