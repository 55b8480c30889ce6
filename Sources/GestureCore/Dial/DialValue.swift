/// The value of a dial in degrees, shared by winding and rotation: clamping at the stops (overshoot is
/// not stored), detents with hysteresis, and the haptics they cause. Diagram: docs/state-machines/dial-value.md.
///
/// The detent is an index that starts at the multiple of `detentDegrees` nearest the value (ties away
/// from zero). After each change it steps one at a time while the value lies beyond the midpoint to the
/// next detent by more than `hysteresisDegrees`, one haptic per step, so jitter at a boundary gives no
/// tick storm. A change clamped at a stop gives one `limit` haptic, and that stop fires again only after
/// the value has gone beyond `hysteresisDegrees` away from it; reaching a stop exactly gives none.
public struct DialValue: Hashable, Sendable {
    /// The detents and stops of a dial's value (SPEC.md, "`dial`": `detentDegrees`, `hysteresisDegrees`,
    /// `minDegrees`, `maxDegrees`).
    public struct Configuration: Hashable, Sendable {
        /// The angle between detents, in degrees (6 by default; at least ``DialValue/finestDetentDegrees``).
        public var detentDegrees: Double
        /// How far beyond the midpoint to the next detent (or away from a stop) the value must go before the detent
        /// steps (or the stop re-arms), in degrees: a tenth of ``detentDegrees`` by default.
        public var hysteresisDegrees: Double
        /// `nil`: no lower stop.
        public var minDegrees: Double?
        /// `nil`: no upper stop.
        public var maxDegrees: Double?

        /// Detents every `detentDegrees` (6) with `hysteresisDegrees` of hysteresis (nil: a tenth of the detent), stops
        /// at `minDegrees` (0) and `maxDegrees` (360), either nil for none.
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

        /// A change that applied `applied` degrees, stepped through `detents` in order, and was clamped at a stop
        /// (`limit`) or not.
        public init(applied: Double, detents: [Int], limit: Bool) {
            self.applied = applied
            self.detents = detents
            self.limit = limit
        }
    }

    // MARK: Limits (docs/SPEC.md "Layout file", Limits): what keeps every dial's work per frame bounded.

    /// The finest detent: a tenth of a degree, 3,600 a turn. A finger 30 mm from the centre moves 0.05 mm
    /// for 0.1°, below what a touchscreen resolves; finer detents would only multiply the haptics of a frame.
    public static let finestDetentDegrees = 0.1
    /// The largest value, stop or start in magnitude a layout may give: a million degrees (2,777 turns).
    public static let largestLayoutDegrees = 1e6
    /// A dial without stops stops here all the same, silently: a billion degrees (2.8 million turns, 64 days
    /// of winding at 180° a millisecond), where a detent index and the value's decimals are still exact.
    public static let farthestDegrees = 1e9
    /// The most detent haptics one change gives: a whole turn at the finest detent. A change that crosses
    /// more (a wind that accumulated many turns within a slop wider than the dead zone, then began) steps
    /// that many, then jumps to its last detent with one haptic for it.
    public static let mostDetentsPerChange = 3_600

    /// The detents and stops of this value, fixed for its life.
    public let configuration: Configuration
    /// The value in degrees, clockwise; within the stops, and within ±``farthestDegrees`` without them.
    public private(set) var degrees: Double
    /// The detent index: `detent` × ``Configuration/detentDegrees`` is the detent's angle. Steps with hysteresis,
    /// never by rounding the value afresh.
    public private(set) var detent: Int
    /// Whether each stop may give a limit haptic.
    private var lowerArmed = true
    private var upperArmed = true

    /// A value at `initialDegrees` (0; within the stops), its detent the nearest multiple of the detent angle (ties
    /// away from zero).
    ///
    /// - Throws: ``GestureError/invalidValue(subject:key:message:)`` for a detent finer than ``finestDetentDegrees``, a
    ///   negative hysteresis, a stop or value beyond ±``farthestDegrees`` or not finite, a lower stop above the upper
    ///   one, or an initial value outside the stops.
    public init(_ configuration: Configuration, initialDegrees: Double = 0) throws(GestureError) {
        var finder = ProblemFinder()
        finder.note("", configuration.problem(initialDegrees: initialDegrees, limit: Self.farthestDegrees))
        try finder.check("DialValue")
        self.configuration = configuration
        self.degrees = initialDegrees
        self.detent = 0
        self.detent = nearestDetent(to: degrees)
    }

    /// The detent nearest `value` (ties away from zero): where a dial starts, or is set.
    private func nearestDetent(to value: Double) -> Int {
        Int((value / configuration.detentDegrees).rounded(.toNearestOrAwayFromZero))
    }

    /// Sets the value, brought within the stops; the detent is derived anew as at the start (the nearest
    /// multiple of `detentDegrees`, ties away from zero), and the stops are armed as the new value allows.
    /// No haptic: nobody turned the dial.
    ///
    /// - Throws: ``GestureError/invalidValue(subject:key:message:)`` for a value that is not finite; the value is then
    ///   as it was.
    public mutating func set(degrees newValue: Double) throws(GestureError) {
        var finder = ProblemFinder()
        finder.note("degrees", NumberCheck.finite(newValue))
        try finder.check("DialValue")
        var value = min(max(newValue, -Self.farthestDegrees), Self.farthestDegrees)
        if let maxDegrees = configuration.maxDegrees { value = min(value, maxDegrees) }
        if let minDegrees = configuration.minDegrees { value = max(value, minDegrees) }
        degrees = value
        detent = nearestDetent(to: value)
        upperArmed = configuration.maxDegrees.map { $0 - degrees > configuration.hysteresisDegrees } ?? true
        lowerArmed = configuration.minDegrees.map { degrees - $0 > configuration.hysteresisDegrees } ?? true
    }

    /// Adds `turn` degrees, clamped to the stops.
    ///
    /// - Throws: ``GestureError/invalidValue(subject:key:message:)`` for a turn that is not a number (NaN); the value
    ///   is then as it was. An infinite turn goes to the stop, or to ±``farthestDegrees`` without one.
    public mutating func apply(turn: Double) throws(GestureError) -> Change {
        guard !turn.isNaN else { throw .invalidValue(subject: "DialValue", key: "turn", message: "expected a number, found NaN") }
        let (applied, limit, crossed) = apply(turnCrossing: turn)
        return Change(applied: applied, detents: Array(crossed), limit: limit)
    }

    /// The detents one change stepped to, in crossing order, as a range rather than in a buffer: one at a time from
    /// the detent before the change, up or down, then (after ``DialValue/mostDetentsPerChange`` steps) the last one
    /// jumped to. Appending each detent to a buffer and reading it back cost more than stepping to it again, for
    /// several detents a frame of winding (docs/performance.md).
    struct CrossedDetents: Sequence, IteratorProtocol {
        /// The detent last stepped to (before the first step: the one before the change).
        private var detent: Int
        /// Steps left, each 1 or -1.
        private var steps: Int
        private let step: Int
        /// After the steps, the last detent jumped to.
        private var jumpedTo: Int?

        init(from detent: Int, steps: Int, up: Bool, jumpedTo: Int?) {
            self.detent = detent
            self.steps = steps
            self.step = up ? 1 : -1
            self.jumpedTo = jumpedTo
        }

        mutating func next() -> Int? {
            if steps > 0 {
                steps -= 1
                detent += step
                return detent
            }
            defer { jumpedTo = nil }
            return jumpedTo
        }
    }

    /// `apply(turn:)`, the detents stepped to as a `CrossedDetents`: a component reads them without a buffer.
    mutating func apply(turnCrossing turn: Double) -> (applied: Double, limit: Bool, crossed: CrossedDetents) {
        var target = min(max(degrees + turn, -Self.farthestDegrees), Self.farthestDegrees)
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

        let step = configuration.detentDegrees
        let hysteresis = configuration.hysteresisDegrees
        let before = detent
        var steps = 0
        var up = true
        var jumpedTo: Int?
        while degrees - (Double(detent) + 0.5) * step > hysteresis {
            guard steps < Self.mostDetentsPerChange else {
                jumpedTo = jumpToLastDetent(up: true)
                break
            }
            detent += 1
            steps += 1
        }
        while (Double(detent) - 0.5) * step - degrees > hysteresis {
            guard steps < Self.mostDetentsPerChange else {
                jumpedTo = jumpToLastDetent(up: false)
                break
            }
            up = false
            detent -= 1
            steps += 1
        }
        let crossed = CrossedDetents(from: before, steps: steps, up: up, jumpedTo: jumpedTo)

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
        return (applied, limit, crossed)
    }

    /// After `mostDetentsPerChange` steps, the detent the stepping would end at, with one haptic: returned when it is
    /// not the detent stepped to last.
    private mutating func jumpToLastDetent(up: Bool) -> Int? {
        let stepped = detent
        let step = configuration.detentDegrees
        let hysteresis = configuration.hysteresisDegrees
        // The stepping stops at the first detent d with |degrees − d·step| ≤ step/2 + hysteresis on its side:
        // computed directly, then nudged so that the loop's own condition holds exactly.
        if up {
            var last = Int(((degrees - hysteresis) / step - 0.5).rounded(.up))
            while degrees - (Double(last) + 0.5) * step > hysteresis { last += 1 }
            while last > detent, degrees - (Double(last - 1) + 0.5) * step <= hysteresis { last -= 1 }
            detent = max(detent, last)
        } else {
            var last = Int(((degrees + hysteresis) / step + 0.5).rounded(.down))
            while (Double(last) - 0.5) * step - degrees > hysteresis { last -= 1 }
            while last < detent, (Double(last + 1) - 0.5) * step - degrees <= hysteresis { last += 1 }
            detent = min(detent, last)
        }
        return detent != stepped ? detent : nil
    }
}
