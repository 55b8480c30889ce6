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
/// a chart that is moved or resized maps through its new rectangle, onto the visible domain.
public struct TimelineComponent: Component {
    public typealias Selecting = SequenceGesture<LongPressGesture, DragGesture>
    public typealias OneFinger = ExclusiveGesture<ExclusiveGesture<TapGesture, Selecting>, DragGesture>
    public typealias Recognizer = SimultaneousGesture<OneFinger, OptionalGesture<MagnifyGesture>>

    /// The selection in progress: its last line, and where the finger is.
    struct SelectionInProgress: Sendable {
        var line: GestureEvent.Select
        var fingerX: Double
    }

    public private(set) var configuration: TimelineConfiguration
    public var gesture: Recognizer
    /// The selection in progress, if any.
    private var selecting: SelectionInProgress?
    /// The rectangle values were last mapped through (the target's bounds).
    private var rect: Rect
    /// The visible domain (the whole domain, unless the `zoom` option let a pinch change it).
    public private(set) var zoom: TimelineZoom

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

    /// The domain value under `x`, clamped to the visible domain.
    public func value(at x: Double) -> DomainValue {
        zoom.value(atFraction: fraction(at: x))
    }

    /// Where `x` lies as a fraction of the rectangle's width.
    private func fraction(at x: Double) -> Double {
        (x - rect.x) / rect.width
    }

    /// The bucket under `x`.
    public func bucket(at x: Double) -> Bucket { configuration.domain.bucket(of: value(at: x)) }

    /// The x (mm) of `value`: the inverse of `value(at:)`, for drawing.
    public func x(of value: DomainValue) -> Double {
        rect.x + zoom.fraction(of: value) * rect.width
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
        let line = GestureEvent.Select(anchor: anchor, selection: Selection(between: anchor, and: bucket(at: select.fingerX)))
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
            let visible: VisibleDomain?
            switch update.phase {
            case .began:
                visible = zoom.pinchBegan(from: fraction(at: pinch.startCenter.x), to: fraction(at: pinch.center.x), scale: pinch.scale)
            case .changed:
                visible = zoom.pinchMoved(to: fraction(at: pinch.center.x), scale: pinch.scale)
            case .ended, .cancelled:
                visible = zoom.pinchEnded()
            }
            if let visible { output.emit(.zoom(update.phase, GestureEvent.Zoom(visible: visible))) }
        }
    }

    /// An update of the one-finger gestures: tap, select, pan.
    private mutating func deliver(_ phase: GesturePhase, _ update: OneFinger.Value, to output: inout TargetOutput) {
        switch update {
        case .first(.first(let tap)):
            // A tap is discrete: it only ever arrives recognized.
            let value = value(at: tap.location.x)
            let bucket = configuration.domain.bucket(of: value)
            output.emit(.tap(GestureEvent.Tap(x: tap.location.x, y: tap.location.y, count: tap.count,
                                              value: value, selection: Selection(start: bucket, end: bucket))))
        case .first(.second(.first(let press))):
            if phase == .began {
                let anchor = bucket(at: press.startLocation.x)
                let line = GestureEvent.Select(anchor: anchor, selection: Selection(between: anchor, and: bucket(at: press.location.x)))
                selecting = SelectionInProgress(line: line, fingerX: press.location.x)
                output.emit(.select(.began, line))
                output.emit(.haptic(.press))
            } else {
                select(phase, fingerX: press.location.x, to: &output)
            }
        case .first(.second(.second(_, let drag))):
            select(phase, fingerX: drag?.location.x, to: &output)
        case .second(let pan):
            let (dx, dy) = pan.translation
            output.emit(.pan(phase, GestureEvent.Pan(dx: dx, dy: dy, velocity: pan.velocity)))
        }
    }

    /// A later update of the selection: a line only when the selection changes, and the end.
    private mutating func select(_ phase: GesturePhase, fingerX: Double?, to output: inout TargetOutput) {
        guard var select = selecting else { return }
        if let fingerX {
            select.fingerX = fingerX
            select.line.selection = Selection(between: select.line.anchor, and: bucket(at: fingerX))
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
