/// The value of a dial in degrees, shared by winding and rotation: clamping at the stops (overshoot is
/// not stored), detents with hysteresis, and the haptics they cause. Diagram: docs/state-machines/dial-value.md.
///
/// The detent is an index that starts at the multiple of `detentDegrees` nearest the value (ties away
/// from zero). After each change it steps one at a time while the value lies beyond the midpoint to the
/// next detent by more than `hysteresisDegrees`, one haptic per step, so jitter at a boundary gives no
/// tick storm. A change clamped at a stop gives one `limit` haptic, and that stop fires again only after
/// the value has gone beyond `hysteresisDegrees` away from it; reaching a stop exactly gives none.
public struct DialValue: Hashable, Sendable {
    public struct Configuration: Hashable, Sendable {
        public var detentDegrees: Double
        public var hysteresisDegrees: Double
        /// `nil`: no lower stop.
        public var minDegrees: Double?
        /// `nil`: no upper stop.
        public var maxDegrees: Double?

        public init(detentDegrees: Double = 6, hysteresisDegrees: Double? = nil,
                    minDegrees: Double? = 0, maxDegrees: Double? = 360) {
            self.detentDegrees = detentDegrees
            self.hysteresisDegrees = hysteresisDegrees ?? detentDegrees / 10
            self.minDegrees = minDegrees
            self.maxDegrees = maxDegrees
        }
    }

    /// What one applied turn did.
    public struct Change: Hashable, Sendable {
        /// The change of the value actually applied (after clamping).
        public var applied: Double
        /// The detent indexes stepped to, in crossing order.
        public var detents: [Int]
        /// True when the turn was clamped at an armed stop: one `limit` haptic.
        public var limit: Bool

        public init(applied: Double, detents: [Int], limit: Bool) {
            self.applied = applied
            self.detents = detents
            self.limit = limit
        }
    }

    public let configuration: Configuration
    public private(set) var degrees: Double
    public private(set) var detent: Int
    /// Whether each stop may give a limit haptic.
    private var lowerArmed = true
    private var upperArmed = true

    public init(_ configuration: Configuration, initialDegrees: Double = 0) {
        self.configuration = configuration
        self.degrees = initialDegrees
        self.detent = Int((initialDegrees / configuration.detentDegrees).rounded(.toNearestOrAwayFromZero))
    }

    /// Sets the value, brought within the stops; the detent is derived anew as at the start (the nearest
    /// multiple of `detentDegrees`, ties away from zero), and the stops are armed as the new value allows.
    /// No haptic: nobody turned the dial.
    public mutating func set(degrees newValue: Double) {
        var value = newValue
        if let maxDegrees = configuration.maxDegrees { value = min(value, maxDegrees) }
        if let minDegrees = configuration.minDegrees { value = max(value, minDegrees) }
        degrees = value
        detent = Int((value / configuration.detentDegrees).rounded(.toNearestOrAwayFromZero))
        upperArmed = configuration.maxDegrees.map { $0 - degrees > configuration.hysteresisDegrees } ?? true
        lowerArmed = configuration.minDegrees.map { degrees - $0 > configuration.hysteresisDegrees } ?? true
    }

    /// Adds `turn` degrees, clamped to the stops.
    public mutating func apply(turn: Double) -> Change {
        var target = degrees + turn
        var clampedLow = false
        var clampedHigh = false
        if let maxDegrees = configuration.maxDegrees, target > maxDegrees {
            target = maxDegrees
            clampedHigh = true
        }
        if let minDegrees = configuration.minDegrees, target < minDegrees {
            target = minDegrees
            clampedLow = true
        }
        let applied = target - degrees
        degrees = target

        var detents: [Int] = []
        let step = configuration.detentDegrees
        let hysteresis = configuration.hysteresisDegrees
        while degrees - (Double(detent) + 0.5) * step > hysteresis {
            detent += 1
            detents.append(detent)
        }
        while (Double(detent) - 0.5) * step - degrees > hysteresis {
            detent -= 1
            detents.append(detent)
        }

        var limit = false
        if clampedHigh && upperArmed {
            limit = true
            upperArmed = false
        }
        if clampedLow && lowerArmed {
            limit = true
            lowerArmed = false
        }
        if let maxDegrees = configuration.maxDegrees, maxDegrees - degrees > hysteresis { upperArmed = true }
        if let minDegrees = configuration.minDegrees, degrees - minDegrees > hysteresis { lowerArmed = true }
        return Change(applied: applied, detents: detents, limit: limit)
    }
}
