import GestureCore

/// The sentences of explanation lines (`--explain`, SPEC "Explanations"): each reason with its numbers, in
/// the output's number forms (3 decimals, times with 6).
public enum ExplanationText {
    /// The reason as a sentence: `finger 0 moved 4.243 mm > slop 3 mm`, `deadline 0.300000: ...`.
    public static func reason(_ reason: Explanation.Reason) -> String {
        switch reason {
        case .landed(let finger, let point, let deadline):
            return "finger \(finger) landed at \(text(point))" + (deadline.map { "; deadline \(Numbers.seconds($0))" } ?? "")
        case .fingersLanded(let count, let expected):
            return "\(fingers(count)) landed, expected \(expected)"
        case .secondFinger(let finger):
            return "second finger landed (finger \(finger))"
        case .pairLanded(let first, let second):
            return "fingers \(first) and \(second) landed"
        case .lifted(let finger):
            return "finger \(finger) lifted"
        case .liftedWithinSlop(let finger, let slop):
            return "finger \(finger) lifted within slop \(mm(slop))"
        case .withdrawn(let finger):
            return "finger \(finger) withdrawn by the device"
        case .measured(let comparison):
            return text(comparison)
        case .cancelled(let cause):
            return "cancelled: " + cause.rawValue

        case .tapLanded(let finger, let point, let count, let previous, let deadline):
            var sentence = "finger \(finger) landed at \(text(point)): tap \(count)"
            if let previous {
                let sinceLift = "\(ms(previous.sinceLift)) after tap \(previous.count) lifted"
                    + " \(relation(previous.sinceLift.milliseconds, previous.interval.milliseconds)) \(ms(previous.interval))"
                let distance = "\(mm(previous.distance)) from its down \(relation(previous.distance, previous.maximumDistance)) "
                    + mm(previous.maximumDistance)
                if count > 1 {
                    sentence += ", " + sinceLift + ", " + distance
                } else {
                    // The condition that broke the chain.
                    sentence += ", " + (previous.sinceLift > previous.interval ? sinceLift : distance)
                }
            }
            return sentence + (deadline.map { "; deadline \(Numbers.seconds($0))" } ?? "")
        case .tapLifted(let finger, let slop, let held):
            return (held.map(text) ?? "finger \(finger) lifted") + ", never beyond slop \(mm(slop))"
        case .tapWaiting(let count, let required, let until):
            return "tap \(count) of \(required) lifted: waiting until \(Numbers.seconds(until)) for the next"
        case .tooManyTaps(let count, let required):
            return "tap \(count) landed, more than \(required)"
        case .chainEnded(let count, let required, let chainBreak):
            let cause: String
            switch chainBreak {
            case .landedAway(let finger, let distance, let maximum):
                cause = "finger \(finger) landed \(mm(distance)) from the last tap's down \(relation(distance, maximum)) \(mm(maximum))"
            case .fingers(let count):
                cause = "\(fingers(count)) landed"
            }
            return cause + ": the chain ends at \(count) of \(required) taps" + (count == required ? " (recognized)" : " (too few)")
        case .tapHeldTooLong(let deadline, let limit):
            return "deadline \(Numbers.seconds(deadline)): still down after long press \(ms(limit))"
        case .chainClosed(let deadline, let count, let required):
            return "deadline \(Numbers.seconds(deadline)): "
                + (count == required ? "no further tap: \(count) of \(required)" : "the chain stopped at \(count) of \(required) taps")

        case .longPressHeld(let deadline, let distance, let slop):
            return "deadline \(Numbers.seconds(deadline)): held \(mm(distance)) from its down \(relation(distance, slop)) slop \(mm(slop))"

        case .movedInward(let finger, let inward, let along, let slop):
            return "finger \(finger) moved \(mm(inward)) inward > slop \(mm(slop)), and >= \(mm(along)) along the edge"
        case .movedNotInward(let finger, let distance, let inward, let along, let slop):
            return "finger \(finger) moved \(mm(distance)) > slop \(mm(slop)), not inward: "
                + "\(mm(inward)) inward, \(mm(along)) along the edge"

        case .swipeFingers(let down, let required):
            return down > required ? "\(fingers(down)) down > \(required)" : "\(fingers(down)) down of \(required)"
        case .swiped(let direction, let mean, let minimum, let tolerance):
            return "lifted at \(speed(mean)) > \(speed(minimum)), \(direction.rawValue) within \(degrees(tolerance))"
        case .noSwipe(let miss):
            return "no swipe: " + text(miss)

        case .sequenceBegan:
            return "touch sequence began"
        case .held(let updates, let second, let first):
            return "\(count(updates, "update")) of second (\(second)) held: first (\(first)) still possible"
        case .firstWon(let first, let status, let dropped):
            return "first (\(first)) \(text(status))" + (dropped > 0 ? ": \(count(dropped, "update")) of the second never heard" : "")
        case .firstFailed(let first, let released):
            return "first (\(first)) failed" + (released > 0 ? ": \(count(released, "held update")) of the second released" : "")
        case .handedOver(let first, let fingers, let second):
            return fingers > 0
                ? "\(first) ended: \(self.fingers(fingers)) handed to \(second)"
                : "\(first) ended with no finger down: nothing to hand to \(second)"
        case .partFinished(let part, let status):
            return "\(part) \(text(status))"

        case .waitsFor(let rivals):
            return "touch sequence began: waits for " + names(rivals)
        case .noRival:
            return "touch sequence began: no rival"
        case .heldByRival(let updates, let rival):
            return "\(count(updates, "update")) held: \(rival) still possible"
        case .lostTo(let rival, let status, let dropped):
            return "\(rival) \(text(status)): lost" + (dropped > 0 ? ", \(count(dropped, "update")) never heard" : "")
        case .rivalsFailed(let rivals, let released):
            return "no rival succeeded (\(names(rivals)))" + (released > 0 ? ": \(count(released, "held update")) released" : "")
        }
    }

    /// `finger 0 moved 4.243 mm > slop 3 mm`: the relation that holds, whichever way it went.
    static func text(_ comparison: Comparison) -> String {
        let value: String, limit: String
        let measured: String
        switch comparison.quantity {
        case .moved(let finger):
            measured = "finger \(finger) moved"
            (value, limit) = (mm(comparison.value), mm(comparison.limit))
        case .liftedAfter(let finger):
            measured = "finger \(finger) lifted after"
            (value, limit) = (ms(comparison.value), ms(comparison.limit))
        case .distanceChanged:
            measured = "the fingers' distance changed"
            (value, limit) = (mm(comparison.value), mm(comparison.limit))
        case .centerMoved:
            measured = "the fingers' midpoint moved"
            (value, limit) = (mm(comparison.value), mm(comparison.limit))
        case .rotated:
            measured = "the fingers turned"
            (value, limit) = (degrees(comparison.value), degrees(comparison.limit))
        case .landedFromEdge(let finger, let edge):
            measured = "finger \(finger) landed"
            (value, limit) = (mm(comparison.value) + " from the \(edge.rawValue) edge", mm(comparison.limit))
        }
        let relation = comparison.holds ? comparison.relation : negation(comparison.relation)
        return "\(measured) \(value) \(relation.rawValue) \(comparison.threshold.rawValue) \(limit)"
    }

    private static func text(_ miss: Explanation.SwipeMiss) -> String {
        switch miss {
        case .fingers(let down, let required):
            "\(fingers(down)) down at the first lift, not \(required)"
        case .withdrawn(let finger):
            "finger \(finger) withdrawn by the device"
        case .tooSlow(let finger, let speed, let minimum):
            "finger \(finger) lifted at \(self.speed(speed)) <= \(self.speed(minimum))"
        case .tooShort(let finger, let distance, let minimum):
            "finger \(finger) moved \(mm(distance)) <= \(mm(minimum))"
        case .noDirection(let finger, let heading, let tolerance):
            "finger \(finger) heading \(degrees(heading)) is within \(degrees(tolerance)) of no direction"
        case .directionsDiffer(let first, let second):
            "the fingers went \(first.rawValue) and \(second.rawValue)"
        }
    }

    /// A status as a verb: `began`, `ended`, `failed`, `cancelled`, `still possible`.
    private static func text(_ status: RecognizerStatus) -> String {
        switch status {
        case .possible: "still possible"
        case .active: "began"
        case .ended: "ended"
        case .failed: "failed"
        case .cancelled: "cancelled"
        }
    }

    private static func negation(_ relation: Comparison.Relation) -> Comparison.Relation {
        switch relation {
        case .below: .atLeast
        case .within: .beyond
        case .beyond: .within
        case .atLeast: .below
        }
    }

    /// `<=` or `>`: how a value stands to a most allowed.
    private static func relation(_ value: Double, _ maximum: Double) -> String { value <= maximum ? "<=" : ">" }

    private static func text(_ point: Point) -> String { "(\(Numbers.decimal(point.x)), \(Numbers.decimal(point.y)))" }
    private static func mm(_ value: Double) -> String { Numbers.decimal(value) + " mm" }
    private static func ms(_ value: Double) -> String { Numbers.decimal(value) + " ms" }
    private static func ms(_ span: TimeSpan) -> String { ms(span.milliseconds) }
    private static func degrees(_ value: Double) -> String { Numbers.decimal(value) + "°" }
    private static func speed(_ value: Double) -> String { Numbers.decimal(value) + " mm/s" }
    private static func fingers(_ count: Int) -> String { count == 1 ? "1 finger" : "\(count) fingers" }
    private static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
    private static func names(_ names: [String]) -> String { names.isEmpty ? "none left" : names.joined(separator: ", ") }
}
