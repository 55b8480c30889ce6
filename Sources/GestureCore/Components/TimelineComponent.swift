/// A chart's time axis (SPEC "timeline"): tap, long-press-then-drag selection of buckets, and pan.
/// A `Component`, built only on the public API, as a UI layer builds its own.
///
/// Built from the combinators, not as one machine:
/// `tap.exclusively(before: longPress.sequenced(before: drag)).exclusively(before: pan)`.
/// The tap lifts before `longPressDuration` within the slop; the long press needs the finger within the
/// slop for `longPressDuration` and then hands the finger to a drag with no minimum distance (no slop
/// after the selection began); the pan is a drag beyond the slop and is heard only when both others failed.
///
/// Values map x through the target's rectangle (its shape's bounds) as it is when they are computed, so
/// a chart that is moved or resized maps through its new rectangle.
public struct TimelineComponent: Component {
    public typealias Selecting = SequenceGesture<LongPressGesture, DragGesture>
    public typealias Recognizer = ExclusiveGesture<ExclusiveGesture<TapGesture, Selecting>, DragGesture>

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

    public init(_ configuration: TimelineConfiguration) {
        self.configuration = configuration
        self.rect = configuration.rect
        let tap = TapGesture(.init(maximumDistance: configuration.slop, maximumDuration: configuration.longPressDuration,
                                   countInterval: configuration.doubleTapInterval, countDistance: configuration.doubleTapSlop))
        let longPress = LongPressGesture(.init(minimumDuration: configuration.longPressDuration, maximumDistance: configuration.slop))
        let drag = DragGesture(.init(minimumDistance: 0, extraTouch: .cancel))
        let pan = DragGesture(.init(minimumDistance: configuration.slop, extraTouch: .cancel))
        self.gesture = tap.exclusively(before: longPress.sequenced(before: drag)).exclusively(before: pan)
    }

    /// The domain value under `x`, clamped to the domain.
    public func value(at x: Double) -> DomainValue {
        configuration.domain.value(atFraction: (x - rect.x) / rect.width)
    }

    /// The bucket under `x`.
    public func bucket(at x: Double) -> Bucket { configuration.domain.bucket(of: value(at: x)) }

    /// The x (mm) of `value`: the inverse of `value(at:)`, for drawing.
    public func x(of value: DomainValue) -> Double {
        rect.x + configuration.domain.fraction(of: value) * rect.width
    }

    public mutating func targetReshaped(to shape: Shape) {
        rect = shape.bounds
    }

    /// Shows another part of the domain (scrolling or zooming the chart): from now on x maps onto
    /// `domain`. A selection in progress keeps its anchor (the same bucket start, brought within the new
    /// domain and into its buckets) and takes the bucket now under the finger: when that changes the
    /// selection, a `select` `changed` line says so at once.
    public mutating func setDomain(_ domain: TimelineDomain, output: inout TargetOutput) {
        configuration.domain = domain
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
        case .first(.first(let tap)):
            // A tap is discrete: it only ever arrives recognized.
            let value = value(at: tap.location.x)
            let bucket = configuration.domain.bucket(of: value)
            output.emit(.tap(GestureEvent.Tap(x: tap.location.x, y: tap.location.y, count: tap.count,
                                              value: value, selection: Selection(start: bucket, end: bucket))))
        case .first(.second(.first(let press))):
            if update.phase == .began {
                let anchor = bucket(at: press.startLocation.x)
                let line = GestureEvent.Select(anchor: anchor, selection: Selection(between: anchor, and: bucket(at: press.location.x)))
                selecting = SelectionInProgress(line: line, fingerX: press.location.x)
                output.emit(.select(.began, line))
                output.emit(.haptic(.press))
            } else {
                select(update.phase, fingerX: press.location.x, to: &output)
            }
        case .first(.second(.second(_, let drag))):
            select(update.phase, fingerX: drag?.location.x, to: &output)
        case .second(let pan):
            let (dx, dy) = pan.translation
            output.emit(.pan(update.phase, GestureEvent.Pan(dx: dx, dy: dy, velocity: pan.velocity)))
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
