/// The visible part of a zoomable timeline's domain, and the pinch that changes it (SPEC "timeline",
/// **zoom**). Diagram: docs/state-machines/timeline-zoom.md.
///
/// The visible domain is a window [lower, upper] of the domain, in magnitudes (numbers, or seconds since
/// 1970 for dates). A pinch grips the value under the fingers' midpoint as it was when the second finger
/// landed. On each of its updates the span becomes the span at the grip ÷ the pinch's scale, brought
/// within [`minimumSpan`, the whole domain], and the window is placed so that the gripped value lies under
/// the midpoint now, then shifted back within the domain if it stuck out. So the value under the fingers
/// stays put: spreading the fingers zooms in about it, moving both pans the window with them.
///
/// Positions come in as fractions of the chart's width (0 at its left edge, 1 at its right), so the
/// machine knows nothing of millimetres; the component maps x through its rectangle.
public struct TimelineZoom: Hashable, Sendable {
    /// A part of the domain, in magnitudes: lower < upper.
    struct Window: Hashable, Sendable {
        var lower: Double
        var upper: Double

        var span: Double { upper - lower }
    }

    enum State: Hashable, Sendable {
        /// No pinch under way: the window stays as it is.
        case resting(Window)
        /// A pinch under way: `grip` is the value that was under the fingers' midpoint when the second
        /// finger landed, `span` the window's span then.
        case pinching(Window, grip: Double, span: Double)
        /// A pinch still under way whose lines have already ended (the domain was set under it,
        /// `setDomain`): its further updates change nothing, and its end brings the zoom to `resting`.
        case overruled(Window)
    }

    /// The whole domain: the window always lies within it.
    public private(set) var domain: TimelineDomain
    /// The smallest span (a magnitude): the one asked for, else one bucket of the domain shown now (its longest, for
    /// dates), also once another domain is set; the window's span is at least this or the whole domain's, whichever
    /// is smaller.
    public var minimumSpan: Double { minimumSpanAskedFor ?? domain.longestBucketSpan }
    /// The layout's `minSpan`, or nil for one bucket of whatever domain is shown.
    private let minimumSpanAskedFor: Double?
    private(set) var state: State

    /// A zoom showing the whole of `domain`; `minimumSpan` nil: the domain's longest bucket.
    public init(domain: TimelineDomain, minimumSpan: Double? = nil) {
        precondition(minimumSpan.map { $0 > 0 } ?? true, "a minimum span is positive")
        self.domain = domain
        self.minimumSpanAskedFor = minimumSpan
        self.state = .resting(Self.whole(domain))
    }

    /// The part of the domain the chart shows now.
    public var visible: VisibleDomain {
        VisibleDomain(start: domain.value(magnitude: window.lower), end: domain.value(magnitude: window.upper))
    }

    /// The value at `fraction` of the chart's width, clamped to the visible domain.
    public func value(atFraction fraction: Double) -> DomainValue {
        domain.value(atFraction: fraction, from: window.lower, to: window.upper)
    }

    /// Where `value` lies as a fraction of the chart's width (outside [0, 1] when it is not visible).
    public func fraction(of value: DomainValue) -> Double {
        TimelineDomain.fraction(of: value, from: window.lower, to: window.upper)
    }

    var window: Window {
        switch state {
        case .resting(let window), .pinching(let window, _, _), .overruled(let window): window
        }
    }

    // MARK: Inputs

    /// A pinch began: the fingers' midpoint was at `startFraction` when the second finger landed and is at
    /// `fraction` now, their distance `scale` times what it was then. Returns the visible domain now.
    public mutating func pinchBegan(from startFraction: Double, to fraction: Double, scale: Double) -> VisibleDomain {
        switch state {
        case .resting(let window):
            let grip = window.lower + Self.clampedFraction(startFraction) * window.span
            state = .pinching(place(grip: grip, span: window.span, fraction: fraction, scale: scale), grip: grip, span: window.span)
            return visible
        case .pinching, .overruled:
            preconditionFailure("TimelineZoom.\(state): a pinch began while another was under way")
        }
    }

    /// The pinch went on: its midpoint is at `fraction`, its scale `scale`. Returns the visible domain when
    /// it changed, nil when it did not (or when the pinch was overruled).
    public mutating func pinchMoved(to fraction: Double, scale: Double) -> VisibleDomain? {
        switch state {
        case .pinching(let window, let grip, let span):
            let moved = place(grip: grip, span: span, fraction: fraction, scale: scale)
            state = .pinching(moved, grip: grip, span: span)
            return moved == window ? nil : visible
        case .overruled:
            return nil
        case .resting:
            preconditionFailure("TimelineZoom.\(state): a pinch moved that never began")
        }
    }

    /// The pinch ended or was cancelled: the window stays. Returns the visible domain, to report with the
    /// pinch's last line; nil when the pinch was overruled (its lines have ended already).
    public mutating func pinchEnded() -> VisibleDomain? {
        switch state {
        case .pinching(let window, _, _):
            state = .resting(window)
            return visible
        case .overruled(let window):
            state = .resting(window)
            return nil
        case .resting:
            preconditionFailure("TimelineZoom.\(state): a pinch ended that never began")
        }
    }

    /// The chart shows another domain (`TimelineComponent.setDomain`): all of it, unzoomed. Returns true
    /// when a pinch was under way: it is overruled, and the caller reports its end (`cancelled`).
    public mutating func setDomain(_ domain: TimelineDomain) -> Bool {
        self.domain = domain
        switch state {
        case .resting:
            state = .resting(Self.whole(domain))
            return false
        case .overruled:
            // Still under way, its lines already ended: the rest of it changes nothing, and its end rests.
            state = .overruled(Self.whole(domain))
            return false
        case .pinching:
            state = .overruled(Self.whole(domain))
            return true
        }
    }

    // MARK: The window

    static func whole(_ domain: TimelineDomain) -> Window {
        let (from, to) = domain.bounds
        return Window(lower: from, upper: to)
    }

    static func clampedFraction(_ fraction: Double) -> Double {
        fraction.isNaN ? 0 : min(max(fraction, 0), 1)
    }

    /// The window of span `span` ÷ `scale` (within [minimumSpan, whole]) that has `grip` at `fraction` of
    /// the width, shifted within the domain.
    func place(grip: Double, span: Double, fraction: Double, scale: Double) -> Window {
        let whole = Self.whole(domain)
        let wanted = span / scale  // scale 0 (fingers together): infinite, the whole domain
        let newSpan = wanted.isNaN ? whole.span : min(max(wanted, min(minimumSpan, whole.span)), whole.span)
        guard newSpan < whole.span else { return whole }
        let lower = grip - Self.clampedFraction(fraction) * newSpan
        if lower <= whole.lower { return Window(lower: whole.lower, upper: whole.lower + newSpan) }
        if lower + newSpan >= whole.upper { return Window(lower: whole.upper - newSpan, upper: whole.upper) }
        return Window(lower: lower, upper: lower + newSpan)
    }
}
