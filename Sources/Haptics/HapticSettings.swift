import GestureCore
import GestureRuntime

/// What a haptic is, to a motor: the kind of a `haptic` line (SPEC "Haptics").
public enum HapticKind: String, CaseIterable, Hashable, Sendable {
    /// A long press was recognized.
    case press
    /// A dial stepped to a detent.
    case detent
    /// A dial was pushed against a stop.
    case limit

    /// The kind of `haptic`, whatever detent it carries.
    public init(_ haptic: GestureEvent.Haptic) {
        switch haptic {
        case .press: self = .press
        case .detent: self = .detent
        case .limit: self = .limit
        }
    }
}

/// One kind's effect on a motor: how strong, how long.
public struct HapticEffect: Hashable, Sendable {
    /// From 0 (nothing) to 1 (the motor's strongest): the magnitude of a force-feedback effect is this times 65,535
    /// (`FF_RUMBLE`'s motors) or 32,767 (`FF_PERIODIC`'s).
    public var strength: Double
    /// How long the motor runs, in ms (1 to 1,000).
    public var lengthMs: Int

    /// An effect of `strength` (0 to 1) for `lengthMs` ms.
    public init(strength: Double, lengthMs: Int) {
        self.strength = strength
        self.lengthMs = lengthMs
    }
}

/// How each kind plays, and how soon a motor can play again: the settings of a ``HapticPlayer`` and its outputs.
///
/// The defaults follow feedbackd's default theme for a phone's motor (its `quiet` profile: `button-pressed` 15 ms,
/// `button-released` 12 ms, `window-close` 25 ms), whose events ``feedbackdEvents`` names.
public struct HapticSettings: Hashable, Sendable {
    /// A long press: 15 ms at 0.75.
    public var press = HapticEffect(strength: 0.75, lengthMs: 15)
    /// A detent: the lightest, 12 ms at 0.5.
    public var detent = HapticEffect(strength: 0.5, lengthMs: 12)
    /// A stop: the strongest, 25 ms at 1.
    public var limit = HapticEffect(strength: 1, lengthMs: 25)
    /// How long a motor rests after an effect before the next can be felt as another, in ms (0 to 1,000): an
    /// eccentric motor still spins down, and two effects closer than that are felt as one.
    public var gapMs = 20
    /// The event feedbackd plays for each kind (its theme's names): `button-pressed`, `button-released` and
    /// `window-close` by default.
    public var feedbackdEvents: [HapticKind: String] = [.press: "button-pressed", .detent: "button-released", .limit: "window-close"]
    /// The application id feedbackd is told (`TriggerFeedback`'s `app_id`).
    public var applicationID = "org.touchgestures.Gestures"

    /// The defaults.
    public init() {}

    /// The effect of `kind`.
    public subscript(kind: HapticKind) -> HapticEffect {
        get {
            switch kind {
            case .press: press
            case .detent: detent
            case .limit: limit
            }
        }
        set {
            switch kind {
            case .press: press = newValue
            case .detent: detent = newValue
            case .limit: limit = newValue
            }
        }
    }

    /// How soon after a play of `kind` the motor can play another that is felt as another: its length plus
    /// the gap (SPEC "Haptics", the burst rule).
    public func interval(after kind: HapticKind) -> TimeSpan {
        .ms(Int64(self[kind].lengthMs + gapMs))
    }

    /// Throws ``HapticError/invalidSettings(_:)`` naming the first value out of its range: a strength beyond 0 to 1,
    /// a length beyond 1 to 1,000 ms, a gap beyond 0 to 1,000 ms, a feedbackd event or application id that is
    /// empty or not printable ASCII.
    public func validate() throws(HapticError) {
        for kind in HapticKind.allCases {
            let effect = self[kind]
            guard effect.strength >= 0 && effect.strength <= 1 else {
                throw .invalidSettings("the \(kind.rawValue) strength must be between 0 and 1, not \(effect.strength)")
            }
            guard (1...1000).contains(effect.lengthMs) else {
                throw .invalidSettings("the \(kind.rawValue) length must be between 1 and 1000 ms, not \(effect.lengthMs)")
            }
            let event = feedbackdEvents[kind] ?? ""
            guard Self.isName(event) else {
                throw .invalidSettings("the feedbackd event of \(kind.rawValue) must be printable ASCII without spaces, not \"\(event)\"")
            }
        }
        guard (0...1000).contains(gapMs) else { throw .invalidSettings("the gap must be between 0 and 1000 ms, not \(gapMs)") }
        guard Self.isName(applicationID) else {
            throw .invalidSettings("the application id must be printable ASCII without spaces, not \"\(applicationID)\"")
        }
    }

    /// 1 to 255 printable ASCII characters, no space: what feedbackd's event names and application ids are.
    private static func isName(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 255 && text.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
    }
}
