/// The visible part of a timeline's domain, and the gestures that change it (SPEC "timeline", **zoom**): the pinch,
/// and the one-finger pan of a zoomed chart (its `oneFingerScroll`). Diagram: docs/state-machines/timeline-zoom.md.
///
/// The visible domain is a window [lower, upper] of the domain, in magnitudes (numbers, or seconds since
/// 1970 for dates). A pinch grips the value under the fingers' midpoint as it was when the second finger
/// landed. On each of its updates the span becomes the span at the grip ÷ the pinch's scale, brought
/// within [`minimumSpan`, the whole domain], and the window is placed so that the gripped value lies under
/// the midpoint now, then shifted back within the domain if it stuck out. So the value under the fingers
/// stays put: spreading the fingers zooms in about it, moving both pans the window with them. A scroll grips the
/// value under the finger where it went down and keeps it under the finger, the span unchanged.
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
        /// No pinch or scroll under way: the window stays as it is.
        case resting(Window)
        /// A pinch under way: `grip` is the value that was under the fingers' midpoint when the second
        /// finger landed, `span` the window's span then.
        case pinching(Window, grip: Double, span: Double)
        /// A one-finger scroll under way: `grip` is the value that was under the finger where it went down.
        case scrolling(Window, grip: Double)
        /// A pinch or scroll still under way whose lines have already ended (the domain or the visible domain was
        /// set under it, `setDomain`, `setVisible`): its further updates change nothing, and its end brings the zoom
        /// to `resting`.
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
    ///
    /// - Throws: ``GestureError/invalidValue(subject:key:message:)`` for a domain the layout file refuses (`start`
    ///   not before `end`, a bucket that is not positive, numbers beyond the limits), or a minimum span that is not
    ///   positive.
    public init(domain: TimelineDomain, minimumSpan: Double? = nil) throws(GestureError) {
        var finder = ProblemFinder()
        finder.note("", domain.problem)
        finder.note("minimumSpan", minimumSpan.flatMap(NumberCheck.positive))
        try finder.check("TimelineZoom")
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
        case .resting(let window), .pinching(let window, _, _), .scrolling(let window, _), .overruled(let window): window
        }
    }

    /// Whether it shows less than the whole domain: a one-finger pan then scrolls it.
    var isZoomedIn: Bool { window != Self.whole(domain) }

    /// Whether a one-finger scroll is under way (its moves change the window).
    var isScrolling: Bool {
        switch state {
        case .scrolling: true
        case .resting, .pinching, .overruled: false
        }
    }

    // MARK: Inputs (the component's: `TimelineComponent` calls them in the order its gestures' updates come)

    /// A pinch began: the fingers' midpoint was at `startFraction` when the second finger landed and is at
    /// `fraction` now, their distance `scale` times what it was then. Returns the visible domain now.
    mutating func pinchBegan(from startFraction: Double, to fraction: Double, scale: Double) -> VisibleDomain {
        switch state {
        case .resting(let window):
            let grip = window.lower + Self.clampedFraction(startFraction) * window.span
            state = .pinching(place(grip: grip, span: window.span, fraction: fraction, scale: scale), grip: grip, span: window.span)
            return visible
        case .pinching, .scrolling, .overruled:
            // A second finger cancels the one-finger pan (its scroll's end comes first), and a pinch reports one end.
            preconditionFailure("TimelineZoom.\(state): a pinch began while another gesture was under way")
        }
    }

    /// The pinch went on: its midpoint is at `fraction`, its scale `scale`. Returns the visible domain when
    /// it changed, nil when it did not (or when the pinch was overruled).
    mutating func pinchMoved(to fraction: Double, scale: Double) -> VisibleDomain? {
        switch state {
        case .pinching(let window, let grip, let span):
            let moved = place(grip: grip, span: span, fraction: fraction, scale: scale)
            state = .pinching(moved, grip: grip, span: span)
            return moved == window ? nil : visible
        case .overruled:
            return nil
        case .resting, .scrolling:
            preconditionFailure("TimelineZoom.\(state): a pinch moved that never began")
        }
    }

    /// The pinch ended or was cancelled: the window stays. Returns the visible domain, to report with the
    /// pinch's last line; nil when the pinch was overruled (its lines have ended already).
    mutating func pinchEnded() -> VisibleDomain? {
        switch state {
        case .pinching(let window, _, _):
            state = .resting(window)
            return visible
        case .overruled(let window):
            state = .resting(window)
            return nil
        case .resting, .scrolling:
            preconditionFailure("TimelineZoom.\(state): a pinch ended that never began")
        }
    }

    /// A one-finger pan began: its finger went down at `startFraction` and is at `fraction` now. When the chart shows
    /// less than its whole domain, the scroll begins: returns the visible domain now. Nil, and nothing begins, when it
    /// shows all of it (there is nothing to scroll to).
    mutating func scrollBegan(from startFraction: Double, to fraction: Double) -> VisibleDomain? {
        switch state {
        case .resting(let window):
            guard isZoomedIn else { return nil }
            let grip = window.lower + Self.clampedFraction(startFraction) * window.span
            state = .scrolling(scroll(window, grip: grip, to: fraction), grip: grip)
            return visible
        case .pinching, .scrolling, .overruled:
            // A one-finger pan begins only when no other finger is down in the chart.
            preconditionFailure("TimelineZoom.\(state): a scroll began while another gesture was under way")
        }
    }

    /// The pan went on: its finger is at `fraction`. Returns the visible domain when it changed; nil when it did not,
    /// when the pan scrolls nothing (it began on a chart showing its whole domain) or when the scroll was overruled.
    mutating func scrollMoved(to fraction: Double) -> VisibleDomain? {
        switch state {
        case .scrolling(let window, let grip):
            let moved = scroll(window, grip: grip, to: fraction)
            state = .scrolling(moved, grip: grip)
            return moved == window ? nil : visible
        case .resting, .overruled:
            return nil
        case .pinching:
            preconditionFailure("TimelineZoom.\(state): a scroll moved under a pinch")
        }
    }

    /// The pan ended or was cancelled: the window stays. Returns the visible domain, to report with the scroll's last
    /// line; nil when the pan scrolled nothing, or when the scroll was overruled (its lines have ended already).
    mutating func scrollEnded() -> VisibleDomain? {
        switch state {
        case .scrolling(let window, _):
            state = .resting(window)
            return visible
        case .overruled(let window):
            state = .resting(window)
            return nil
        case .resting:
            return nil
        case .pinching:
            preconditionFailure("TimelineZoom.\(state): a scroll ended under a pinch")
        }
    }

    /// The chart shows another domain (`TimelineComponent.setDomain`): all of it, unzoomed. Returns true
    /// when a pinch or scroll was under way: it is overruled, and the caller reports its end (`cancelled`).
    mutating func setDomain(_ domain: TimelineDomain) -> Bool {
        self.domain = domain
        return show(Self.whole(domain))
    }

    /// The chart shows [`lower`, `upper`] of its domain (`TimelineComponent.setVisibleDomain`), a window the caller
    /// checked (within the domain, at least the smallest span). Returns true when a pinch or scroll was under way: it
    /// is overruled, and the caller reports its end (`cancelled`).
    mutating func setVisible(lower: Double, upper: Double) -> Bool {
        show(Window(lower: lower, upper: upper))
    }

    /// Shows `window` from now on, overruling a pinch or scroll under way: true when there was one.
    private mutating func show(_ window: Window) -> Bool {
        switch state {
        case .resting:
            state = .resting(window)
            return false
        case .overruled:
            // Still under way, its lines already ended: the rest of it changes nothing, and its end rests.
            state = .overruled(window)
            return false
        case .pinching, .scrolling:
            state = .overruled(window)
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
        return shiftedWithin(whole, lower: grip - Self.clampedFraction(fraction) * newSpan, span: newSpan)
    }

    /// `window` moved so that `grip` lies at `fraction` of the width, its span kept, shifted within the domain. The
    /// fraction is not clamped: the gripped value follows the finger beyond the chart's edges, as a scroll view's
    /// content does, until the window reaches an end of the domain.
    func scroll(_ window: Window, grip: Double, to fraction: Double) -> Window {
        guard fraction.isFinite else { return window }
        return shiftedWithin(Self.whole(domain), lower: grip - fraction * window.span, span: window.span)
    }

    /// The window of `span` from `lower`, shifted, keeping its span, to lie within `whole`.
    private func shiftedWithin(_ whole: Window, lower: Double, span: Double) -> Window {
        if lower <= whole.lower { return Window(lower: whole.lower, upper: whole.lower + span) }
        if lower + span >= whole.upper { return Window(lower: whole.upper - span, upper: whole.upper) }
        return Window(lower: lower, upper: lower + span)
    }
}
