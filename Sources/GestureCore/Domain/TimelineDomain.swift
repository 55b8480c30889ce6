/// How a date domain is cut into buckets (all in UTC).
public enum DateBucket: String, Hashable, Sendable {
    /// One bucket per calendar day, from its UTC midnight (the layout's `"bucket": "day"`).
    case day
    /// ISO weeks, Monday first; a week bucket can start before the domain.
    case week
    /// One bucket per calendar month, from its first day's UTC midnight (the layout's `"bucket": "month"`).
    case month
}

/// The domain a timeline maps its width onto, and how that domain is cut into buckets.
public enum TimelineDomain: Hashable, Sendable {
    /// Numbers from `start` to `end`, in buckets `start + k × bucket`.
    case numeric(start: Double, end: Double, bucket: Double)
    /// Days from `start`'s UTC midnight to `end`'s (an instant: 2025-11-01 to 2025-12-01 spans 30 days).
    case date(start: CivilDay, end: CivilDay, bucket: DateBucket)

    /// The seconds in a day, 86,400 (UTC has no leap seconds here): a date domain's values are seconds since 1970,
    /// its days whole multiples of this.
    public static let secondsPerDay = 86_400.0

    /// The largest number a numeric domain may start or end at, in magnitude: 10^15, below which every
    /// integer and every value printed with three decimals is exact in a Double (docs/SPEC.md Limits).
    public static let largestNumber = 1e15
    /// The most buckets a numeric domain may have: a billion. With more, a bucket's start, start + k ×
    /// bucket, would no longer be distinguishable from its neighbours' in a Double.
    public static let mostBuckets = 1e9

    /// The domain value at `fraction` of the width, clamped to [start, end].
    public func value(atFraction fraction: Double) -> DomainValue {
        let (from, to) = bounds
        return value(atFraction: fraction, from: from, to: to)
    }

    /// The value at `fraction` of the width when the width shows [from, to] of the domain (magnitudes, see
    /// `bounds`: all of it, or a zoomed chart's visible part), clamped to [from, to].
    func value(atFraction fraction: Double, from: Double, to: Double) -> DomainValue {
        let f = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
        return value(magnitude: min(max(from + f * (to - from), from), to))
    }

    /// Where `value` lies, as a fraction of the width (0 at `start`, 1 at `end`; beyond them outside
    /// [0, 1]): the inverse of `value(atFraction:)`.
    public func fraction(of value: DomainValue) -> Double {
        let (from, to) = bounds
        return Self.fraction(of: value, from: from, to: to)
    }

    /// Where `value` lies when the width shows [from, to]: the inverse of `value(atFraction:from:to:)`.
    static func fraction(of value: DomainValue, from: Double, to: Double) -> Double {
        (value.magnitude - from) / (to - from)
    }

    /// `value` brought within [start, end].
    public func clamped(_ value: DomainValue) -> DomainValue {
        let (from, to) = bounds
        return self.value(magnitude: min(max(value.magnitude, from), to))
    }

    /// The value of this domain's kind whose magnitude (see `bounds`) is `magnitude`.
    func value(magnitude: Double) -> DomainValue {
        switch self {
        case .numeric: .number(magnitude)
        case .date: .instant(seconds: magnitude)
        }
    }

    /// The span of the domain's longest bucket, as a magnitude: `bucket`, or a day, a week or 31 days in
    /// seconds.
    var longestBucketSpan: Double {
        switch self {
        case .numeric(_, _, let bucket): bucket
        case .date(_, _, .day): Self.secondsPerDay
        case .date(_, _, .week): 7 * Self.secondsPerDay
        case .date(_, _, .month): 31 * Self.secondsPerDay
        }
    }

    /// `start` and `end` as numbers, dates in seconds since 1970: the values' magnitudes.
    var bounds: (Double, Double) {
        switch self {
        case .numeric(let start, let end, _): (start, end)
        case .date(let start, let end, _): (Double(start.daysSinceEpoch) * Self.secondsPerDay, Double(end.daysSinceEpoch) * Self.secondsPerDay)
        }
    }

    /// The bucket that holds `value`; a value equal to `end` belongs to the last bucket.
    public func bucket(of value: DomainValue) -> Bucket {
        switch (self, value) {
        case (.numeric(let start, let end, let size), .number(let number)):
            // A tolerance of 1e-9 bucket, so that 0.3 / 0.1 gives 3.
            let count = max(1, ((end - start) / size - 1e-9).rounded(.up))
            let k = min(max(((number - start) / size + 1e-9).rounded(.down), 0), count - 1)
            return .number(start + k * size)
        case (.date(_, let end, let kind), .instant(let seconds)):
            let day = seconds >= Double(end.daysSinceEpoch) * Self.secondsPerDay
                ? CivilDay(daysSinceEpoch: end.daysSinceEpoch - 1)
                : CivilDay(daysSinceEpoch: Int((seconds / Self.secondsPerDay).rounded(.down)))
            switch kind {
            case .day: return .day(day)
            case .week: return .day(day.startOfWeek)
            case .month: return .day(day.startOfMonth)
            }
        case (.numeric, .instant(let seconds)):
            return bucket(of: .number(seconds))
        case (.date, .number(let number)):
            return bucket(of: .instant(seconds: number))
        }
    }
}

/// The part of a timeline's domain that its width shows: all of it, or less once the chart is zoomed
/// (`TimelineZoom`).
public struct VisibleDomain: Hashable, Sendable {
    /// The value at the timeline's left edge (`rect.x`): the whole domain's start, or a later value once zoomed in.
    public var start: DomainValue
    /// The value at the timeline's right edge (`rect.x + rect.width`): the whole domain's end, or an earlier value
    /// once zoomed in. Always after ``start``.
    public var end: DomainValue

    /// The visible part from `start` (at the left edge) to `end` (at the right edge), both values of the domain's
    /// kind (numbers, or instants for a date domain).
    public init(start: DomainValue, end: DomainValue) {
        self.start = start
        self.end = end
    }
}

/// A value in a timeline's domain.
public enum DomainValue: Hashable, Sendable {
    /// A value of a numeric domain, in the domain's own units (those of the layout's `start`, `end` and `bucket`).
    case number(Double)
    /// An instant in seconds since 1970-01-01T00:00:00Z.
    case instant(seconds: Double)

    /// The number, or the instant's seconds since 1970.
    var magnitude: Double {
        switch self {
        case .number(let number): number
        case .instant(let seconds): seconds
        }
    }
}

/// A bucket, named by where it starts.
public enum Bucket: Hashable, Sendable, Comparable {
    /// The bucket of a numeric domain that starts at this value: `start + k × bucket` for a whole k ≥ 0.
    case number(Double)
    /// The first day of a day, ISO week or month bucket.
    case day(CivilDay)

    /// Where the bucket starts, as a domain value (a day bucket: that day's UTC midnight).
    public var start: DomainValue {
        switch self {
        case .number(let number): .number(number)
        case .day(let day): .instant(seconds: Double(day.daysSinceEpoch) * TimelineDomain.secondsPerDay)
        }
    }

    public static func < (lhs: Bucket, rhs: Bucket) -> Bool {
        switch (lhs, rhs) {
        case (.number(let a), .number(let b)): a < b
        case (.day(let a), .day(let b)): a < b
        case (.number, .day): true
        case (.day, .number): false
        }
    }
}

/// A selection of buckets, always ordered: `start` ≤ `end`, both bucket starts.
public struct Selection: Hashable, Sendable {
    /// The earlier bucket, by its start.
    public var start: Bucket
    /// The later bucket, by its start; equal to ``start`` for a selection of one bucket (a tap's).
    public var end: Bucket

    /// The selection from `start` to `end`, taken as given: the caller keeps `start` ≤ `end` (use
    /// ``init(between:and:)`` to order two buckets).
    public init(start: Bucket, end: Bucket) {
        self.start = start
        self.end = end
    }

    /// The ordered selection between two buckets.
    public init(between a: Bucket, and b: Bucket) {
        self.start = min(a, b)
        self.end = max(a, b)
    }
}
