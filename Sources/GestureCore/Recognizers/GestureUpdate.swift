// What a recognizer reports and where it stands: the phase and value of an update (`GesturePhase`,
// `GestureUpdate`), its status in a touch sequence (`RecognizerStatus`, `Outcome`), and the small values the
// recognizers and combinators share (`Either`, `ExtraTouchPolicy`). The protocol they report through is in
// Gesture.swift.

/// The phase of a continuous gesture's update.
public enum GesturePhase: String, Hashable, Sendable {
    /// The gesture was recognized and begins: the first update of a continuous gesture (the output's `began`).
    case began
    /// The gesture goes on with a new value, after `began` (the output's `changed`).
    case changed
    /// The gesture finished normally: the last update of a continuous gesture, or the single update of a
    /// discrete one (a tap, a long press) when recognized (the output's `ended`).
    case ended
    /// The gesture was stopped without finishing: a withdrawn finger, a second finger, `SYN_DROPPED`, the end of
    /// input or the target's removal (the output's `cancelled`); it carries the last value reported.
    case cancelled
}

/// What a recognizer reports: a phase and the gesture's value at that moment.
///
/// A continuous gesture reports `began`, any number of `changed`, then exactly one `ended` or
/// `cancelled`. A discrete gesture (a tap, a long press) reports a single `ended` when recognized.
public struct GestureUpdate<Value: Sendable>: Sendable {
    /// The phase of this update: `began`, `changed`, `ended` or `cancelled`.
    public var phase: GesturePhase
    /// The gesture's value at this moment, in the recognizer's own type (a ``DragMeasure/Value``, a
    /// ``TapGesture/Value``, …); a `cancelled` update repeats the last value reported.
    public var value: Value

    /// An update in `phase` carrying `value`.
    public init(_ phase: GesturePhase, _ value: Value) {
        self.phase = phase
        self.value = value
    }
}

extension GestureUpdate: Equatable where Value: Equatable {}

/// Where a recognizer stands in the current touch sequence (from the first landing to the last lift).
///
/// `ended`, `failed` and `cancelled` last until the next touch sequence starts, so a composite can read
/// a child's outcome after the frame that decided it, even when that frame also lifted the last finger.
public enum RecognizerStatus: Hashable, Sendable {
    /// Waiting for touches, or tracking them without having decided.
    case possible
    /// A continuous gesture that has begun and not finished.
    case active
    /// Recognized (discrete) or finished normally (continuous).
    case ended
    /// Will not recognize anything in this touch sequence.
    case failed
    /// Was active and was cancelled.
    case cancelled

    /// True once the recognizer has decided this touch sequence.
    public var isFinished: Bool {
        switch self {
        case .possible, .active: false
        case .ended, .failed, .cancelled: true
        }
    }

    /// True when the recognizer has begun or been recognized in this touch sequence.
    public var hasSucceeded: Bool {
        switch self {
        case .active, .ended, .cancelled: true
        case .possible, .failed: false
        }
    }
}

/// The result of a composite whose two parts report different values.
public enum Either<First: Sendable, Second: Sendable>: Sendable {
    /// The first part's value (the receiver of `exclusively(before:)`, say).
    case first(First)
    /// The second part's value (the argument of `exclusively(before:)`, say).
    case second(Second)
}

extension Either: Equatable where First: Equatable, Second: Equatable {}

/// What a one-finger continuous gesture does when another finger lands while it is active.
public enum ExtraTouchPolicy: Hashable, Sendable {
    /// The gesture is cancelled (a timeline's pan or selection).
    case cancel
    /// The gesture ends normally, keeping its result (a dial's wind).
    case end
}

/// How a finished touch sequence ended for a recognizer.
public enum Outcome: Hashable, Sendable {
    /// The gesture was recognized (discrete) or finished normally (continuous): ``RecognizerStatus/ended``.
    case ended
    /// The gesture recognized nothing in the sequence: ``RecognizerStatus/failed``.
    case failed
    /// The gesture was active and was cancelled: ``RecognizerStatus/cancelled``.
    case cancelled

    var status: RecognizerStatus {
        switch self {
        case .ended: .ended
        case .failed: .failed
        case .cancelled: .cancelled
        }
    }

    /// The name of a `finished(outcome)` state in explanations: the outcome's.
    var name: String {
        switch self {
        case .ended: "ended"
        case .failed: "failed"
        case .cancelled: "cancelled"
        }
    }
}
