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
    public init(_ configuration: TimelineConfiguration) {
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
        self.zoom = TimelineZoom(domain: configuration.domain, minimumSpan: configuration.zoom?.minimumSpan)
    }

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

    /// Shows another part of the domain (scrolling or zooming the chart): from now on x maps onto
    /// `domain`, all of it (a zoom is undone; a pinch under way ends with a `zoom` `cancelled` line and
    /// changes nothing more). A selection in progress keeps its anchor (the same bucket start, brought
    /// within the new domain and into its buckets) and takes the bucket now under the finger: when that
    /// changes the selection, a `select` `changed` line says so at once.
    public mutating func setDomain(_ domain: TimelineDomain, output: inout TargetOutput) {
        configuration.domain = domain
        if zoom.setDomain(domain) {
            output.emit(.zoom(.cancelled, GestureEvent.Zoom(visible: zoom.visible)))
        }
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
        }
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
