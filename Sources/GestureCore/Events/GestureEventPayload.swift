/// What a line of one gesture type says beyond its time, target and phase: the values of a `tap`, of a `pan`, …
///
/// Each kind of line is one such type, its one home: its `type` in the output, its fields in the SPEC's order
/// (which the JSON Lines and text formatters write, each its own way), how its values look in a view (what turns,
/// what scales: SPEC "View coordinates"), and how a picture draws it (`drawing`). The formatters, the view
/// transform and the pictures go through this protocol; none of them lists the kinds. A new kind is a payload type
/// and a case of ``GestureEvent/Kind`` (with its line in ``GestureEvent/Kind/accept(_:)``), where the compiler
/// leads.
public protocol GestureEventPayload: Hashable, Sendable {
    /// The output's `type`: `tap`, `pan`, `edge-swipe`, ….
    static var type: StaticString { get }

    /// How a picture draws it (`gestures render`), with the values it needs.
    var drawing: EventDrawing { get }

    /// Writes its fields, after `type` and `phase`, in the SPEC's order ("JSON Lines output").
    ///
    /// The library's payloads declare it `@inlinable @inline(__always)`: each output format's writer then writes a
    /// line in one function, with no call for its payload (docs/performance.md).
    func write<Fields: EventFieldWriter>(to fields: inout Fields)

    /// Its values as `view` shows them: positions, translations and velocities turned, scaled and offset,
    /// directions and edges turned; domain values, scales, angles and counts as they are. The default: as it is.
    func viewed(through view: ViewTransform) -> Self
}

extension GestureEventPayload {
    @inlinable
    public func viewed(through view: ViewTransform) -> Self { self }
}

/// A payload whose one place on the surface is its `center` (a dial's rotation, a pinch, a target's rotation, a quick
/// scale): seen through a view, the centre moves, and its angles and scales stay as they are.
protocol CenteredEventPayload: GestureEventPayload {
    var center: Point { get set }
}

extension CenteredEventPayload {
    public func viewed(through view: ViewTransform) -> Self {
        var viewed = self
        viewed.center = view.point(fromSurface: center)
        return viewed
    }
}

/// Where a payload writes its fields (`GestureEventPayload.write(to:)`), each under its key, as one output format
/// writes them (the JSON Lines `,"dx":-4`, the text ` dx=-4`).
public protocol EventFieldWriter {
    /// A number (mm, mm/s, degrees, a scale), written as the SPEC's numbers are: at most 3 decimals.
    mutating func number(_ key: StaticString, _ value: Double)
    /// A whole number (a count, a detent).
    mutating func count(_ key: StaticString, _ value: Int)
    /// A text (a direction, an edge, a `gesture`'s value), escaped as the output's strings are.
    mutating func text(_ key: StaticString, _ value: String)
    /// A word of the output's vocabulary known when the program is built (a haptic's kind): written as it is, with
    /// nothing to escape, so that an output format may write it with its key as one constant.
    mutating func word(_ key: StaticString, _ value: StaticString)
    /// A point in mm (or in a view's points): `{"x":…,"y":…}`.
    mutating func point(_ key: StaticString, _ value: Point)
    /// A value of a timeline's domain: a number, or an instant (an ISO date and time).
    mutating func domainValue(_ key: StaticString, _ value: DomainValue)
    /// A bucket of a timeline: a number, or a day.
    mutating func bucket(_ key: StaticString, _ value: Bucket)
    /// A range of buckets: `{"start":…,"end":…}`.
    mutating func selection(_ key: StaticString, _ value: Selection)
    /// A range of the domain: `{"start":…,"end":…}`.
    mutating func visibleDomain(_ key: StaticString, _ value: VisibleDomain)
}

/// How a picture draws a line (`gestures render`, SPEC "Pictures"): the few ways there are, each with the values it
/// needs, which a new kind of line picks from. A picture names each by the line's `type` (`pinch`, `quick scale`).
public enum EventDrawing: Hashable, Sendable {
    /// A dot where it happened, a run of them captioned once with their count (a tap).
    case point(Point, count: Int)
    /// A band over a chart's selected buckets (a select).
    case selection(Selection)
    /// A band along the way one finger went (`dx`, `dy` from its landing), an arrow at its end and its distance; a
    /// fling beyond it at a fast lift's `velocity`; from the `edge` it came in from, if any (a pan, an edge swipe).
    case translation(dx: Double, dy: Double, velocity: Velocity?, edge: EdgeSwipeGesture.Edge?)
    /// An arc on a dial from the value before it (`angle` − `delta`) to the last `angle` (a wind, a dial's rotation).
    case arc(angle: Double, delta: Double)
    /// A mark on the fingers of its target where it fired (a haptic).
    case haptic(GestureEvent.Haptic)
    /// The fingers' paths while it lasted, captioned with the scale at the last centre (a pinch, a quick scale).
    case scale(Double, center: Point)
    /// The fingers' paths while it lasted, captioned with the rotation (degrees) at the last centre (a rotation).
    case rotation(Double, center: Point)
    /// An arrow along the fingers' velocity where they lifted, with its direction (a swipe).
    case velocity(vx: Double, vy: Double, direction: SwipeGesture.Direction)
    /// The visible part of a chart's domain (a zoom).
    case visibleDomain(VisibleDomain)
    /// A ring where the finger went down (a long press).
    case ring(Point)
    /// Its value written on the target (a target's own gesture).
    case value(GestureValue)
}

/// Handed the payload of an event, whatever its kind (``GestureEvent/Kind/accept(_:)``): what formats, views or
/// draws events, without listing the kinds.
public protocol GestureEventVisitor {
    /// What visiting gives.
    associatedtype Result
    /// The event's payload, and its phase (nil for a discrete gesture's line).
    mutating func visit<Payload: GestureEventPayload>(_ payload: Payload, phase: GesturePhase?) -> Result
}
