import GestureCore
import GestureFormat
import GestureTestSupport

/// The checks every run of the engine must pass, whatever its input: a finding (a trap) otherwise.
///
/// - every continuous gesture's `began` is closed exactly once, by `ended` or `cancelled`, keyed by target
///   name and gesture type (`lifecycleProblems`);
/// - event times never go backwards;
/// - one input (an evdev event, a frame, a deadline, the end) gives at most `maximumPerInput` events;
/// - every number in an event is finite (JSON Lines would print `null`), and every event can be formatted,
///   as JSON Lines and as text.
public struct GestureChecks {
    /// The most gesture events one input may cause. A frame on a few targets gives a handful; thousands
    /// mean a runaway (a dial stepping through millions of detents, for instance).
    public static let maximumPerInput = 10_000

    public private(set) var events: [GestureEvent] = []
    private var lastTime: Timestamp?
    private let formatters = OutputFormat.allCases.map { EventFormatter(format: $0) }
    private var scratch: [UInt8] = []

    public init() {}

    /// The events of one input, in order.
    public mutating func add(_ new: [GestureEvent], after input: @autoclosure () -> String) {
        guard new.count <= Self.maximumPerInput else {
            finding("\(new.count) gesture events for one input (\(input())), more than \(Self.maximumPerInput)")
        }
        for event in new {
            if let lastTime, event.time < lastTime {
                finding("time went backwards: \(event) after an event at \(lastTime) (\(input()))")
            }
            lastTime = event.time
            if let field = nonFiniteNumber(in: event) {
                finding("a number that is not finite, \(field), in \(event) (\(input()))")
            }
            for formatter in formatters {
                scratch.removeAll(keepingCapacity: true)
                formatter.append(event, to: &scratch)
            }
        }
        events += new
    }

    /// At the end of input: every `began` closed exactly once.
    public func finish() {
        let problems = lifecycleProblems(events)
        guard problems.isEmpty else {
            finding("gesture lifecycles: " + problems.prefix(5).joined(separator: "; "))
        }
    }
}

/// The path of the first `Double` in `value` (its stored properties and associated values, all the way
/// down) that is infinite or NaN; nil when every one is finite.
func nonFiniteNumber(in value: Any, path: String = "") -> String? {
    if let number = value as? Double {
        return number.isFinite ? nil : "\(path) = \(number)"
    }
    for (index, child) in Mirror(reflecting: value).children.enumerated() {
        if let found = nonFiniteNumber(in: child.value, path: path + "." + (child.label ?? String(index))) { return found }
    }
    return nil
}
