/// A point in the input's own time: the event time of a trace or of a device's clock, in whole microseconds.
///
/// The engine never reads a clock. Every input carries its time, and every deadline the engine
/// hands back is an absolute `Timestamp` in that same time base (libinput's timers work the same way).
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Microseconds since the origin of the input's time base.
    public var microseconds: Int64

    public init(microseconds: Int64) {
        self.microseconds = microseconds
    }

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
    public var microseconds: Int64

    public init(microseconds: Int64) {
        self.microseconds = microseconds
    }

    public static func us(_ microseconds: Int64) -> TimeSpan { TimeSpan(microseconds: microseconds) }

    public static func ms(_ milliseconds: Int64) -> TimeSpan {
        let (product, overflow) = milliseconds.multipliedReportingOverflow(by: 1000)
        return TimeSpan(microseconds: overflow ? (milliseconds > 0 ? .max : .min) : product)
    }

    public static func seconds(_ seconds: Int64) -> TimeSpan { .ms(seconds.multipliedReportingOverflow(by: 1000).partialValue) }

    public static let zero = TimeSpan(microseconds: 0)

    /// The span in milliseconds, for messages (explanations).
    public var milliseconds: Double { Double(microseconds) / 1000 }

    public static func < (lhs: TimeSpan, rhs: TimeSpan) -> Bool {
        lhs.microseconds < rhs.microseconds
    }

    public var description: String { "\(microseconds)µs" }
}
