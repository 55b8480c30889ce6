/// A point in the input's own time: the event time of a trace or of a device's clock, in whole microseconds.
///
/// The engine never reads a clock. Every input carries its time, and every deadline the engine
/// hands back is an absolute `Timestamp` in that same time base (libinput's timers work the same way).
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Microseconds since the origin of the input's time base.
    public var microseconds: Int64

    /// A timestamp `microseconds` µs after the origin of the input's time base (a trace's or a device's clock;
    /// see "Surface, units, time" in SPEC.md).
    public init(microseconds: Int64) {
        self.microseconds = microseconds
    }

    /// The origin of the time base, 0 µs.
    public static let zero = Timestamp(microseconds: 0)

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.microseconds < rhs.microseconds
    }

    /// `time + span`, saturating at the ends of the range so that absurd timestamps cannot trap.
    public static func + (time: Timestamp, span: TimeSpan) -> Timestamp {
        let (sum, overflow) = time.microseconds.addingReportingOverflow(span.microseconds)
        if overflow { return Timestamp(microseconds: span.microseconds > 0 ? .max : .min) }
        return Timestamp(microseconds: sum)
    }

    /// The span from `rhs` to `lhs`, saturating.
    public static func - (lhs: Timestamp, rhs: Timestamp) -> TimeSpan {
        let (difference, overflow) = lhs.microseconds.subtractingReportingOverflow(rhs.microseconds)
        if overflow { return TimeSpan(microseconds: lhs.microseconds > rhs.microseconds ? .max : .min) }
        return TimeSpan(microseconds: difference)
    }

    public var description: String { "\(microseconds)µs" }
}

/// A length of time in whole microseconds.
public struct TimeSpan: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The length in microseconds; negative for a span that goes back in time (``Timestamp`` subtraction saturates
    /// at the ends of `Int64` rather than trapping).
    public var microseconds: Int64

    /// A span of `microseconds` µs.
    public init(microseconds: Int64) {
        self.microseconds = microseconds
    }

    /// A span of `microseconds` µs: the short spelling of ``init(microseconds:)``, as in `after(.us(500))`.
    public static func us(_ microseconds: Int64) -> TimeSpan { TimeSpan(microseconds: microseconds) }

    /// A span of `milliseconds` ms (× 1000 µs), saturating at the ends of `Int64`. The layout's times (`longPressMs`,
    /// `doubleTapMs`, `durationMs`) are milliseconds and come in through this.
    public static func ms(_ milliseconds: Int64) -> TimeSpan {
        let (product, overflow) = milliseconds.multipliedReportingOverflow(by: 1000)
        return TimeSpan(microseconds: overflow ? (milliseconds > 0 ? .max : .min) : product)
    }

    /// A span of `seconds` s (× 1,000,000 µs), saturating at the ends of `Int64`.
    public static func seconds(_ seconds: Int64) -> TimeSpan { .ms(seconds.multipliedReportingOverflow(by: 1000).partialValue) }

    /// No time at all, 0 µs.
    public static let zero = TimeSpan(microseconds: 0)

    /// The span in milliseconds, for messages (explanations).
    public var milliseconds: Double { Double(microseconds) / 1000 }

    public static func < (lhs: TimeSpan, rhs: TimeSpan) -> Bool {
        lhs.microseconds < rhs.microseconds
    }

    public var description: String { "\(microseconds)µs" }
}
