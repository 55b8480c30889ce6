/// A timeline region (SPEC "timeline"): tap, long-press-then-drag selection of buckets, and pan.
///
/// Built from the combinators, not as one machine:
/// `tap.exclusively(before: longPress.sequenced(before: drag)).exclusively(before: pan)`.
/// The tap lifts before `longPressDuration` within the slop; the long press needs the finger within the
/// slop for `longPressDuration` and then hands the finger to a drag with no minimum distance (no slop
/// after the selection began); the pan is a drag beyond the slop and is heard only when both others failed.
public struct TimelineRegion: Sendable {
    public typealias Selecting = SequenceGesture<LongPressGesture, DragGesture>
    public typealias Recognizer = ExclusiveGesture<ExclusiveGesture<TapGesture, Selecting>, DragGesture>

    public let configuration: TimelineConfiguration
    public private(set) var recognizer: Recognizer
    /// The select gesture's last line: its anchor and selection.
    private var selecting: GestureEvent.Select?

    public init(_ configuration: TimelineConfiguration) {
        self.configuration = configuration
        let tap = TapGesture(.init(maximumDistance: configuration.slop, maximumDuration: configuration.longPressDuration,
                                   countInterval: configuration.doubleTapInterval, countDistance: configuration.doubleTapSlop))
        let longPress = LongPressGesture(.init(minimumDuration: configuration.longPressDuration, maximumDistance: configuration.slop))
        let drag = DragGesture(.init(minimumDistance: 0, extraTouch: .cancel))
        let pan = DragGesture(.init(minimumDistance: configuration.slop, extraTouch: .cancel))
        self.recognizer = tap.exclusively(before: longPress.sequenced(before: drag)).exclusively(before: pan)
    }

    public func contains(_ point: Point) -> Bool { configuration.rect.contains(point) }

    public var deadline: Timestamp? { recognizer.deadline }

    /// The domain value under `x`, clamped to the domain.
    public func value(at x: Double) -> DomainValue {
        configuration.domain.value(atFraction: (x - configuration.rect.x) / configuration.rect.width)
    }

    public func bucket(at x: Double) -> Bucket { configuration.domain.bucket(of: value(at: x)) }

    public mutating func touchesChanged(_ changes: TouchChanges) -> [GestureEvent] {
        events(for: recognizer.touchesChanged(changes), at: changes.time)
    }

    public mutating func deadlineReached(at now: Timestamp) -> [GestureEvent] {
        events(for: recognizer.deadlineReached(at: now), at: now)
    }

    public mutating func cancel(at now: Timestamp) -> [GestureEvent] {
        events(for: recognizer.cancel(at: now), at: now)
    }

    private mutating func events(for updates: [GestureUpdate<Recognizer.Value>], at time: Timestamp) -> [GestureEvent] {
        guard !updates.isEmpty else { return [] }
        var events: [GestureEvent] = []
        func emit(_ kind: GestureEvent.Kind) {
            events.append(GestureEvent(time: time, region: configuration.name, kind: kind))
        }
        for update in updates {
            switch update.value {
            case .first(.first(let tap)):
                // A tap is discrete: it only ever arrives recognized.
                let value = value(at: tap.location.x)
                let bucket = configuration.domain.bucket(of: value)
                emit(.tap(GestureEvent.Tap(x: tap.location.x, y: tap.location.y, count: tap.count,
                                           value: value, selection: Selection(start: bucket, end: bucket))))
            case .first(.second(.first(let press))):
                if update.phase == .began {
                    let anchor = bucket(at: press.startLocation.x)
                    let select = GestureEvent.Select(anchor: anchor, selection: Selection(between: anchor, and: bucket(at: press.location.x)))
                    selecting = select
                    emit(.select(.began, select))
                    emit(.haptic(.press))
                } else {
                    select(update.phase, current: bucket(at: press.location.x)).forEach(emit)
                }
            case .first(.second(.second(_, let drag))):
                select(update.phase, current: drag.map { bucket(at: $0.location.x) }).forEach(emit)
            case .second(let pan):
                let (dx, dy) = pan.translation
                emit(.pan(update.phase, GestureEvent.Pan(dx: dx, dy: dy)))
            }
        }
        return events
    }

    /// A later update of the selection: a line only when the selection changes, and the end.
    private mutating func select(_ phase: GesturePhase, current: Bucket?) -> [GestureEvent.Kind] {
        guard var select = selecting else { return [] }
        var lines: [GestureEvent.Kind] = []
        if let current {
            select.selection = Selection(between: select.anchor, and: current)
        }
        switch phase {
        case .began, .changed:
            if select != selecting {
                selecting = select
                lines.append(.select(.changed, select))
            }
        case .ended, .cancelled:
            if select != selecting {
                lines.append(.select(.changed, select))
            }
            selecting = nil
            lines.append(.select(phase, select))
        }
        return lines
    }
}
