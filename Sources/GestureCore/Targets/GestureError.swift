/// A caller's mistake, which the library refuses before it changes anything: a name the engine does not know or
/// already has, a component of another type than the one asked for, a position among siblings that is not there, a
/// value that no target, domain or configuration can take (SPEC "Changes between inputs"). The library never stops
/// the program for one: every such mistake is thrown as one of these, whatever the sequence of calls.
///
/// Its ``description`` names the target or the value, in the layout file's words where the layout file refuses
/// the same value (SPEC "Layout file"):
///
/// ```swift
/// do {
///     events = try engine.setDialValue(of: "Timer", degrees: 90, at: now)
/// } catch {
///     print(error)  // no target named "Timer"
/// }
/// ```
public enum GestureError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No target of the engine is named so.
    case noTarget(named: String)
    /// Two targets would have this name: names are unique among all the targets of an engine, children included.
    case duplicateName(String)
    /// The target's component is not the type asked for: `found` is the type it is, nil for a container (a target
    /// without a gesture).
    case wrongComponent(target: String, expected: String, found: String?)
    /// An insertion at `position` among the `count` children of `parent` (nil: among the top-level targets),
    /// where positions go from 0 (on top) to `count` (under the others).
    case noPosition(Int, parent: String?, count: Int)
    /// A value the library cannot take: `subject` holds it (`timeline "chart"`, `target "today"`, `DialValue`),
    /// `key` names it (`domain.start`, `view.scale`), and `message` says what was expected and what was found
    /// (`expected start before end, found 5 and 3`).
    case invalidValue(subject: String, key: String, message: String)

    public var description: String {
        switch self {
        case .noTarget(let name):
            "no target named \(quoted(name))"
        case .duplicateName(let name):
            "duplicate name \(quoted(name)): target names are unique in an engine, children included"
        case .wrongComponent(let target, let expected, let found?):
            "the component of \(quoted(target)) is a \(found), not a \(expected)"
        case .wrongComponent(let target, let expected, nil):
            "\(quoted(target)) has no component (it is a container), not a \(expected)"
        case .noPosition(let position, let parent, let count):
            "expected a position from 0 to \(count) among " + (parent.map { "the children of \(quoted($0))" } ?? "the top-level targets")
                + ", found \(position)"
        case .invalidValue(let subject, let key, let message):
            subject + ": " + key + ": " + message
        }
    }
}

/// `"name"`: a name in a message.
func quoted(_ name: String) -> String { "\"" + name + "\"" }

/// A number as a person wrote it: 3, not 3.0.
package func show(_ value: Double) -> String {
    value == value.rounded() && abs(value) <= 1e18 ? String(Int64(value)) : String(value)
}

/// The checks of the numbers the library takes, each returning what is wrong with a number (nil when nothing is):
/// the one wording of the layout file's refusals (module LayoutFile, which takes a number plainly within what is asked
/// at once and asks these of any other) and of the code API's (``GestureError/invalidValue(subject:key:message:)``).
package enum NumberCheck {
    /// What is wrong with a number outside `range`.
    package static func range(_ range: ClosedRange<Double>, _ value: Double) -> String {
        "expected a number from \(show(range.lowerBound)) to \(show(range.upperBound)), found \(show(value))"
    }

    /// A finite number.
    package static func finite(_ value: Double) -> String? {
        value.isFinite ? nil : "expected a finite number"
    }

    /// A number above 0.
    package static func positive(_ value: Double) -> String? {
        finite(value) ?? (value > 0 ? nil : "expected a positive number, found \(show(value))")
    }

    /// A number from 0.
    package static func nonNegative(_ value: Double) -> String? {
        finite(value) ?? (value >= 0 ? nil : "expected a number ≥ 0, found \(show(value))")
    }

    /// A number whose magnitude is at most `limit` (one of the limits of docs/SPEC.md).
    package static func within(_ limit: Double, _ value: Double) -> String? {
        finite(value) ?? (abs(value) <= limit ? nil : range(-limit...limit, value))
    }

    /// A whole number within `range` (a tap's count, a swipe's fingers, an id).
    package static func whole(_ value: Double, in range: ClosedRange<Int>) -> String? {
        guard value == value.rounded(), value >= Double(range.lowerBound), value <= Double(range.upperBound) else {
            return "expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(show(value))"
        }
        return nil
    }

    /// A position in mm: within ±`Size.largestLength`.
    package static func coordinate(_ value: Double) -> String? {
        within(Size.largestLength, value)
    }

    /// A size or radius in mm: positive (or ≥ 0, `allowingZero`), at most `Size.largestLength`.
    package static func length(_ value: Double, allowingZero: Bool = false) -> String? {
        if let problem = allowingZero ? nonNegative(value) : positive(value) { return problem }
        return value <= Size.largestLength ? nil : "expected at most \(show(Size.largestLength)) mm, found \(show(value))"
    }

    /// Milliseconds from 0 to 10^12 (a layout's times).
    package static func milliseconds(_ value: Double) -> String? {
        if let problem = nonNegative(value) { return problem }
        return value <= 1e12 ? nil : "expected at most 1e12 milliseconds, found \(show(value))"
    }

    /// A time span from 0 to 10^12 ms.
    static func span(_ span: TimeSpan) -> String? {
        milliseconds(span.milliseconds)
    }
}

/// What the library says about a value that contradicts another, in the layout file's words and the code API's alike.
package enum ContradictionMessage {
    /// A domain whose start is not before its end.
    package static func startBeforeEnd(_ start: String, _ end: String) -> String {
        "expected start before end, found \(start) and \(end)"
    }

    /// A numeric domain of more than `TimelineDomain.mostBuckets` buckets of `bucket` over `span`.
    package static func tooManyBuckets(span: Double, bucket: Double) -> String {
        "expected at most \(show(TimelineDomain.mostBuckets)) buckets in the domain (a bucket of at least "
            + "\(show(span / TimelineDomain.mostBuckets))), found \(show(bucket))"
    }

    /// A detent finer than `DialValue.finestDetentDegrees`.
    package static func finerThanFinestDetent(_ detent: Double) -> String {
        "expected at least \(show(DialValue.finestDetentDegrees)) (the finest detent), found \(show(detent))"
    }

    /// A value (`minDegrees`, `initialDegrees`) above the upper stop `high`.
    package static func aboveMaxDegrees(_ value: Double, _ high: Double) -> String {
        "expected at most maxDegrees (\(show(high))), found \(show(value))"
    }

    /// An initial value below the lower stop `low`.
    package static func belowMinDegrees(_ value: Double, _ low: Double) -> String {
        "expected at least minDegrees (\(show(low))), found \(show(value))"
    }

    /// A ring whose inner radius is not below its outer one.
    package static func innerRadiusNotBelowOuter(_ inner: Double, _ outer: Double) -> String {
        "expected less than outerRadius (\(show(outer))), found \(show(inner))"
    }

    /// A view's scale beyond `ViewTransform.layoutScales`.
    package static func scaleBeyondLimits(_ scale: Double) -> String {
        NumberCheck.range(ViewTransform.layoutScales, scale)
    }
}

/// What is wrong with a value made of several numbers: the key of the first wrong one (`domain.start`, `width`) and
/// what is wrong with it; nil when nothing is.
typealias Problem = (key: String, message: String)

/// Gathers the first problem of a value's numbers, in the order they are checked.
struct ProblemFinder {
    /// The first problem found.
    private(set) var problem: Problem?

    /// Notes `message` about `key` unless a problem was found before.
    mutating func note(_ key: @autoclosure () -> String, _ message: String?) {
        guard problem == nil, let message else { return }
        problem = (key(), message)
    }

    /// Notes the problem of a part of the value, its key under `prefix` (`rect.` + `width`).
    mutating func note(_ prefix: String, _ part: Problem?) {
        guard problem == nil, let part else { return }
        problem = (prefix + part.key, part.message)
    }

    /// Throws the problem found, for `subject`.
    func check(_ subject: @autoclosure () -> String) throws(GestureError) {
        if let problem { throw .invalidValue(subject: subject(), key: problem.key, message: problem.message) }
    }
}
