/// A chart's time axis (SPEC "timeline"): tap, long-press-then-drag selection of buckets, and pan; with
/// the `zoom` option, pinch-to-zoom and two-finger pan of the visible domain.
/// A `Component`, built only on the public API, as a UI layer builds its own.
///
/// Built from the combinators, not as one machine:
/// `tap.exclusively(before: longPress.sequenced(before: drag)).exclusively(before: pan)`, simultaneously
/// with a pinch (`MagnifyGesture`, beginning on a change of the fingers' distance or a move of their
/// midpoint beyond the slop) that is `absent` without the option.
/// The tap lifts before `longPressDuration` within the slop; the long press needs the finger within the
/// slop for `longPressDuration` and then hands the finger to a drag with no minimum distance (no slop
/// after the selection began); the pan is a drag beyond the slop and is heard only when both others failed.
/// A second finger ends them all (SPEC); with the option, the two fingers then pinch (`TimelineZoom`).
///
/// Values map x through the target's rectangle (its shape's bounds) as it is when they are computed, so
/// a chart that is moved or resized maps through its new rectangle, onto the visible domain. The x is the
/// view's (`ChartProxy`): with a view transform that turns the display, the time axis runs along the
/// view's x, wherever that lies on the panel.
public struct TimelineComponent: Component {
    /// The selection: a long press (``TimelineConfiguration/longPressDuration`` within the slop), then a drag with no
    /// minimum distance that moves the selection's end.
    public typealias Selecting = SequenceGesture<LongPressGesture, DragGesture>
    /// The one-finger gestures in priority order: a tap, else the selection, else a pan (a drag beyond the slop).
    public typealias OneFinger = ExclusiveGesture<ExclusiveGesture<TapGesture, Selecting>, DragGesture>
    /// The timeline's recognizer: the one-finger gestures, simultaneously with the pinch that is present only with
    /// the `zoom` option.
    public typealias Recognizer = SimultaneousGesture<OneFinger, OptionalGesture<MagnifyGesture>>

    /// The selection in progress: its last line, and where the finger is (surface mm: read through the view of the
    /// moment, which may have changed since).
    struct SelectionInProgress: Sendable {
        var line: GestureEvent.Select
        var finger: Point
    }

    /// The layout's `timeline` region this component was made from (SPEC.md, "`timeline`"): its rectangle, domain,
    /// bucket, times and slops; its domain changes with ``setDomain(_:output:)``.
    public private(set) var configuration: TimelineConfiguration
    public var gesture: Recognizer
    /// The selection in progress, if any.
    private var selecting: SelectionInProgress?
    /// The rectangle values were last mapped through (the target's bounds).
    private var rect: Rect
    /// The visible domain (the whole domain, unless the `zoom` option let a pinch change it).
    public private(set) var zoom: TimelineZoom

    /// The timeline of `configuration`, showing its whole domain.
    ///
    /// - Throws: ``GestureError/invalidValue(subject:key:message:)`` for what the layout file refuses in a `timeline`
    ///   (SPEC "Layout file"): a domain whose start is not before its end, a bucket that is not positive or makes more
    ///   than ``TimelineDomain/mostBuckets`` buckets, a rectangle that is not positive, negative slops and times, a
    ///   minimum span that is not positive, numbers beyond the limits or not finite. The message names the timeline
    ///   and the value: `timeline "chart": domain.start: expected start before end, found 20 and 0`.
    public init(_ configuration: TimelineConfiguration) throws(GestureError) {
        var finder = ProblemFinder()
        finder.note("", configuration.problem)
        try finder.check(Self.subject(configuration.name))
        self.configuration = configuration
        self.rect = configuration.rect
        let tap = TapGesture(.init(maximumDistance: configuration.slop, maximumDuration: configuration.longPressDuration,
                                   countInterval: configuration.doubleTapInterval, countDistance: configuration.doubleTapSlop))
        let longPress = LongPressGesture(.init(minimumDuration: configuration.longPressDuration, maximumDistance: configuration.slop))
        let drag = DragGesture(.init(minimumDistance: 0, extraTouch: .cancel))
        let pan = DragGesture(.init(minimumDistance: configuration.slop, extraTouch: .cancel))
        let pinch = configuration.zoom.map { _ in
            MagnifyGesture(.init(minimumDistanceChange: configuration.slop, minimumCenterMovement: configuration.slop))
        }
        self.gesture = tap.exclusively(before: longPress.sequenced(before: drag)).exclusively(before: pan)
            .simultaneously(with: OptionalGesture(pinch))
        self.zoom = try TimelineZoom(domain: configuration.domain, minimumSpan: configuration.zoom?.minimumSpan)
    }

    /// The subject of a message about the timeline named `name`.
    static func subject(_ name: String) -> String { "timeline " + quoted(name) }

    /// The domain value under `x` (surface mm), clamped to the visible domain. A target with a view
    /// transform: `GestureEngine.chartProxy(of:)` answers in its view's points.
    public func value(at x: Double) -> DomainValue {
        ChartProxy(plotArea: rect, zoom: zoom).value(atX: x)
    }

    /// The bucket under `x` (surface mm).
    public func bucket(at x: Double) -> Bucket { configuration.domain.bucket(of: value(at: x)) }

    /// The x (surface mm) of `value`: the inverse of `value(at:)`, for drawing.
    public func x(of value: DomainValue) -> Double {
        ChartProxy(plotArea: rect, zoom: zoom).x(of: value)
    }

    /// The chart as the target's view sees it now.
    private func chart(_ output: TargetOutput) -> ChartProxy {
        ChartProxy(plotArea: output.viewTransform.rect(fromSurface: output.shape.bounds), zoom: zoom)
    }

    /// The view's x of a position on the surface.
    private func viewX(_ point: Point, _ output: TargetOutput) -> Double {
        output.viewTransform.point(fromSurface: point).x
    }

    /// The bucket under the view's `x`.
    private func bucket(_ chart: ChartProxy, atX x: Double) -> Bucket {
        configuration.domain.bucket(of: chart.value(atX: x))
    }

    public mutating func targetReshaped(to shape: Shape) {
        rect = shape.bounds
    }

    /// Shows another domain (the app scrolls or zooms the chart by changing its data): from now on x maps onto
    /// `domain`, all of it (a zoom is undone; a pinch or scroll under way ends with a `zoom` `cancelled` line and
    /// changes nothing more). A selection in progress keeps its anchor (the same bucket start, brought within the new
    /// domain and into its buckets) and takes the bucket now under the finger: when that changes the selection, a
    /// `select` `changed` line says so at once. To show part of the domain, at any resolution, see
    /// ``setVisibleDomain(from:to:output:)``.
    ///
    /// - Throws: ``GestureError/invalidValue(subject:key:message:)`` for a domain the layout file refuses (its start
    ///   not before its end, a bucket that is not positive or makes more than ``TimelineDomain/mostBuckets`` buckets,
    ///   numbers beyond the limits); the timeline is then as it was.
    public mutating func setDomain(_ domain: TimelineDomain, output: inout TargetOutput) throws(GestureError) {
        var finder = ProblemFinder()
        finder.note("", domain.problem)
        try finder.check(Self.subject(configuration.name))
        configuration.domain = domain
        if zoom.setDomain(domain) {
            output.emit(.zoom(.cancelled, GestureEvent.Zoom(visible: zoom.visible)))
        }
        reselect(output: &output)
    }

    /// Shows the part of the domain from `start` (at the chart's left edge) to `end` (at its right edge), at any
    /// resolution: the app scrolls or zooms the chart itself (a fling after a pan, a "today" button, an animation).
    /// Taps, selections and `ChartProxy` map x through it from now on, as after a pinch; buckets stay those of the
    /// whole domain. A pinch or one-finger scroll under way ends with a `zoom` `cancelled` line showing the new
    /// visible domain and changes nothing more; a selection in progress takes the bucket now under the finger (a
    /// `select` `changed` line when that changes it). Nothing else is reported: the app knows what it set.
    ///
    /// - Throws: ``GestureError/invalidValue(subject:key:message:)`` when `start` is not before `end`, when either is
    ///   not a value of the domain's kind (numbers for a numeric domain, instants for a date domain) or lies outside
    ///   the domain, or when the span is below the smallest the chart shows (``TimelineZoom/minimumSpan``, or the
    ///   whole domain's when that is smaller); the timeline is then as it was.
    public mutating func setVisibleDomain(from start: DomainValue, to end: DomainValue, output: inout TargetOutput) throws(GestureError) {
        let window = try checkedWindow(from: start, to: end)
        if zoom.setVisible(lower: window.lower, upper: window.upper) {
            output.emit(.zoom(.cancelled, GestureEvent.Zoom(visible: zoom.visible)))
        }
        reselect(output: &output)
    }

    /// The magnitudes of [`start`, `end`], once checked to be a window the chart can show.
    func checkedWindow(from start: DomainValue, to end: DomainValue) throws(GestureError) -> TimelineZoom.Window {
        let domain = configuration.domain
        var finder = ProblemFinder()
        for (key, value) in [("visible.start", start), ("visible.end", end)] {
            switch (domain, value) {
            case (.numeric, .number), (.date, .instant):
                finder.note(key, NumberCheck.finite(value.magnitude))
            case (.numeric, .instant):
                finder.note(key, "expected a number, as the domain is numeric, found an instant")
            case (.date, .number):
                finder.note(key, "expected an instant, as the domain is of dates, found a number")
            }
        }
        let (lower, upper) = domain.bounds
        let whole = "the domain (\(domain.describe(lower)) to \(domain.describe(upper)))"
        finder.note("visible.start", start.magnitude < end.magnitude ? nil
                    : ContradictionMessage.startBeforeEnd(domain.describe(start.magnitude), domain.describe(end.magnitude)))
        finder.note("visible.start", start.magnitude >= lower ? nil : "expected a value within \(whole), found \(domain.describe(start.magnitude))")
        finder.note("visible.end", end.magnitude <= upper ? nil : "expected a value within \(whole), found \(domain.describe(end.magnitude))")
        let smallest = min(zoom.minimumSpan, upper - lower)
        finder.note("visible", end.magnitude - start.magnitude >= smallest ? nil
                    : "expected a span of at least \(show(smallest))\(domain.spanUnit), the smallest the chart shows, "
                    + "found \(show(end.magnitude - start.magnitude))")
        try finder.check(Self.subject(configuration.name))
        return TimelineZoom.Window(lower: start.magnitude, upper: end.magnitude)
    }

    /// After the domain or the visible domain changed: a selection in progress keeps its anchor's start, brought
    /// within the domain and into its buckets, and takes the bucket now under the finger, with a `select` `changed`
    /// line when that changes it.
    private mutating func reselect(output: inout TargetOutput) {
        let domain = configuration.domain
        guard var select = selecting else { return }
        let anchor = domain.bucket(of: domain.clamped(select.line.anchor.start))
        let line = GestureEvent.Select(anchor: anchor, selection: Selection(between: anchor, and: bucket(chart(output), atX: viewX(select.finger, output))))
        if line != select.line {
            select.line = line
            selecting = select
            output.emit(.select(.changed, line))
        }
    }

    public mutating func deliver(_ update: GestureUpdate<Recognizer.Value>, to output: inout TargetOutput) {
        rect = output.shape.bounds
        switch update.value {
        case .first(let oneFinger):
            deliver(update.phase, oneFinger, to: &output)
        case .second(let pinch):
            let chart = chart(output)
            func fraction(_ point: Point) -> Double { chart.fraction(atX: viewX(point, output)) }
            let visible: VisibleDomain?
            switch update.phase {
            case .began:
                visible = zoom.pinchBegan(from: fraction(pinch.startCenter), to: fraction(pinch.center), scale: pinch.scale)
            case .changed:
                visible = zoom.pinchMoved(to: fraction(pinch.center), scale: pinch.scale)
            case .ended, .cancelled:
                visible = zoom.pinchEnded()
            }
            if let visible { output.emit(.zoom(update.phase, GestureEvent.Zoom(visible: visible))) }
        }
    }

    /// An update of the one-finger gestures: tap, select, pan.
    private mutating func deliver(_ phase: GesturePhase, _ update: OneFinger.Value, to output: inout TargetOutput) {
        // The chart only where a value is read: a pan reads none, and would build it every frame for nothing
        // (docs/performance.md).
        switch update {
        case .first(.first(let tap)):
            // A tap is discrete: it only ever arrives recognized.
            let chart = chart(output)
            let value = chart.value(atX: viewX(tap.location, output))
            let bucket = configuration.domain.bucket(of: value)
            output.emit(.tap(GestureEvent.Tap(x: tap.location.x, y: tap.location.y, count: tap.count,
                                              value: value, selection: Selection(start: bucket, end: bucket))))
        case .first(.second(.first(let press))):
            let chart = chart(output)
            if phase == .began {
                let anchor = bucket(chart, atX: viewX(press.startLocation, output))
                let line = GestureEvent.Select(anchor: anchor, selection: Selection(between: anchor,
                                                                                    and: bucket(chart, atX: viewX(press.location, output))))
                selecting = SelectionInProgress(line: line, finger: press.location)
                output.emit(.select(.began, line))
                output.emit(.haptic(.press))
            } else {
                select(phase, finger: press.location, chart: chart, to: &output)
            }
        case .first(.second(.second(_, let drag))):
            select(phase, finger: drag?.location, chart: chart(output), to: &output)
        case .second(let pan):
            let (dx, dy) = pan.translation
            output.emit(.pan(phase, GestureEvent.Pan(dx: dx, dy: dy, velocity: pan.velocity)))
            if configuration.zoom?.oneFingerScroll == true { scroll(phase, pan, to: &output) }
        }
    }

    /// A pan of a zoomed chart with `oneFingerScroll` scrolls it: its `zoom` line follows the pan's, when the visible
    /// domain changed (and always at the scroll's beginning and end, as a pinch's).
    private mutating func scroll(_ phase: GesturePhase, _ pan: DragMeasure.Value, to output: inout TargetOutput) {
        let visible: VisibleDomain?
        switch phase {
        case .began:
            let chart = chart(output)
            visible = zoom.scrollBegan(from: chart.fraction(atX: viewX(pan.startLocation, output)),
                                       to: chart.fraction(atX: viewX(pan.location, output)))
        case .changed:
            // (The chart only while a scroll is under way: built at every frame of a pan that scrolls nothing, it
            // cost for nothing.)
            visible = zoom.isScrolling ? zoom.scrollMoved(to: chart(output).fraction(atX: viewX(pan.location, output))) : nil
        case .ended, .cancelled:
            visible = zoom.scrollEnded()
        }
        if let visible { output.emit(.zoom(phase, GestureEvent.Zoom(visible: visible))) }
    }

    /// A later update of the selection: a line only when the selection changes, and the end.
    private mutating func select(_ phase: GesturePhase, finger: Point?, chart: ChartProxy, to output: inout TargetOutput) {
        guard var select = selecting else { return }
        if let finger {
            select.finger = finger
            select.line.selection = Selection(between: select.line.anchor, and: bucket(chart, atX: viewX(finger, output)))
        }
        switch phase {
        case .began, .changed:
            if select.line != selecting?.line { output.emit(.select(.changed, select.line)) }
            selecting = select
        case .ended, .cancelled:
            if select.line != selecting?.line { output.emit(.select(.changed, select.line)) }
            selecting = nil
            output.emit(.select(phase, select.line))
        }
    }
}
