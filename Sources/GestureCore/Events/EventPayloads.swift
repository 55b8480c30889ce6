// Over 400 lines for a reason: one section per kind of output line, each small and alike (its values, then its
// `type`, fields, view and drawing), kept together as the one list of the kinds, to be read side by side.

/// The payloads of the output's lines (`GestureEventPayload`): each kind's values, its `type`, its fields in the
/// SPEC's order ("JSON Lines output"), how a view shows it ("View coordinates") and how a picture draws it, in one
/// place each.

extension GestureEvent {
    /// A tap, with its position and count; in a timeline also the domain value and its bucket.
    public struct Tap: Hashable, Sendable {
        /// Where the finger went down, along x: in the target's view points under a view (its own or its parent's,
        /// SPEC.md "View coordinates"), else in mm from the surface's left edge (the output's `x`).
        public var x: Double
        /// Where the finger went down, along y: in the target's view points under a view (its own or its parent's,
        /// SPEC.md "View coordinates"), else in mm from the surface's top edge, y down (the output's `y`).
        public var y: Double
        /// The tap's place in its chain, from 1: the previous tap's count + 1 when that tap lifted within `doubleTapMs`
        /// of this one's landing and landed within `doubleTapSlopMm` of it, else 1 (SPEC.md, "Tap counts"). With an
        /// exact count (`TapGesture(count: n)`) it is always n.
        public var count: Int
        /// How many fingers tapped together (the output's `fingers`, written only when above 1; the tap's position is
        /// then the centroid of their downs).
        public var fingers: Int
        /// The value under the tap and the selection of its bucket (timelines only).
        public var value: DomainValue?
        /// The tapped value's bucket as a selection, start and end both that bucket (timelines only; nil elsewhere).
        public var selection: Selection?

        /// A tap that went down at (`x`, `y`) (view points under a view, else mm) with `count`, of `fingers` fingers (1);
        /// `value` and `selection` only for a timeline's tap (nil, the default, elsewhere).
        public init(x: Double, y: Double, count: Int, fingers: Int = 1, value: DomainValue? = nil, selection: Selection? = nil) {
            self.x = x
            self.y = y
            self.count = count
            self.fingers = fingers
            self.value = value
            self.selection = selection
        }
    }
}

extension GestureEvent.Tap: GestureEventPayload {
    public static var type: StaticString { "tap" }
    public var drawing: EventDrawing { .point(Point(x: x, y: y), count: count) }

    @inlinable @inline(__always)
    public func write<Fields: EventFieldWriter>(to fields: inout Fields) {
        fields.number("x", x)
        fields.number("y", y)
        fields.count("count", count)
        if fingers > 1 { fields.count("fingers", fingers) }
        if let value { fields.domainValue("value", value) }
        if let selection { fields.selection("selection", selection) }
    }

    public func viewed(through view: ViewTransform) -> Self {
        var viewed = self
        let at = view.point(fromSurface: Point(x: x, y: y))
        (viewed.x, viewed.y) = (at.x, at.y)
        return viewed
    }
}

extension GestureEvent {
    /// A timeline's long-press-then-drag selection of buckets (SPEC.md, "`timeline`", **select**): the output's
    /// `select` line.
    public struct Select: Hashable, Sendable {
        /// The bucket under the finger's down position when the long press was recognized; it stays for the whole
        /// selection.
        public var anchor: Bucket
        /// The buckets selected so far: from the earlier to the later of ``anchor`` and the bucket under the finger,
        /// always ordered and within the domain.
        public var selection: Selection

        /// A selection from `anchor` (the bucket where the finger went down) spanning `selection`.
        public init(anchor: Bucket, selection: Selection) {
            self.anchor = anchor
            self.selection = selection
        }
    }
}

extension GestureEvent.Select: GestureEventPayload {
    public static var type: StaticString { "select" }
    public var drawing: EventDrawing { .selection(selection) }

    @inlinable @inline(__always)
    public func write<Fields: EventFieldWriter>(to fields: inout Fields) {
        fields.bucket("anchor", anchor)
        fields.selection("selection", selection)
    }
}

extension GestureEvent {
    /// A one-finger drag's displacement (SPEC.md, "`timeline`", **pan**, and the `drag` gesture of a target): the
    /// output's `pan` line.
    public struct Pan: Hashable, Sendable {
        /// The displacement from the down position along x: in the target's view points under a view (its own or its
        /// parent's, SPEC.md "View coordinates"), else in mm (the output's `dx`).
        public var dx: Double
        /// The displacement from the down position along y, downwards (y down: positive when the finger moved towards
        /// the bottom edge): in the target's view points under a view (its own or its parent's, SPEC.md "View
        /// coordinates"), else in mm (the output's `dy`).
        public var dy: Double
        /// At `ended` only: the finger's velocity at the lift (`DragGesture.Value.velocity`): in the target's view
        /// points per second under a view, else in mm/s (the output's `vx`, `vy`).
        public var velocity: Velocity?

        /// A drag `dx`, `dy` from the down position (view points under a view, else mm); `velocity` (points/s under a
        /// view, else mm/s) only at `ended`, nil (the default) otherwise.
        public init(dx: Double, dy: Double, velocity: Velocity? = nil) {
            self.dx = dx
            self.dy = dy
            self.velocity = velocity
        }
    }
}

extension GestureEvent.Pan: GestureEventPayload {
    public static var type: StaticString { "pan" }
    public var drawing: EventDrawing { .translation(dx: dx, dy: dy, velocity: velocity, edge: nil) }

    @inlinable @inline(__always)
    public func write<Fields: EventFieldWriter>(to fields: inout Fields) {
        fields.number("dx", dx)
        fields.number("dy", dy)
        if let velocity {
            fields.number("vx", velocity.vx)
            fields.number("vy", velocity.vy)
        }
    }

    public func viewed(through view: ViewTransform) -> Self {
        var viewed = self
        (viewed.dx, viewed.dy) = view.vector(fromSurface: dx, dy)
        viewed.velocity = velocity.map { let (vx, vy) = view.vector(fromSurface: $0.vx, $0.vy); return Velocity(vx: vx, vy: vy) }
        return viewed
    }
}

extension GestureEvent {
    /// A dial wound with one finger (SPEC.md, "`dial`", **wind**): the output's `wind` line.
    public struct Wind: Hashable, Sendable {
        /// The dial's value in degrees.
        public var angle: Double
        /// The change of the value applied since the previous line of this gesture.
        public var delta: Double
        /// The dial's detent index after this change: the nearest multiple of `detentDegrees` to the value, stepped
        /// with hysteresis (SPEC.md, "`dial`", **detents**).
        public var detent: Int

        /// A wind that left the dial at `angle` degrees, having applied `delta` degrees since the previous line, at
        /// `detent`.
        public init(angle: Double, delta: Double, detent: Int) {
            self.angle = angle
            self.delta = delta
            self.detent = detent
        }
    }
}

extension GestureEvent.Wind: GestureEventPayload {
    public static var type: StaticString { "wind" }
    public var drawing: EventDrawing { .arc(angle: angle, delta: delta) }

    @inlinable @inline(__always)
    public func write<Fields: EventFieldWriter>(to fields: inout Fields) {
        fields.number("angle", angle)
        fields.number("delta", delta)
        fields.count("detent", detent)
    }
}

extension GestureEvent {
    /// A dial turned with two fingers (SPEC.md, "`dial`", **rotate**): the output's `rotate` line.
    public struct Rotate: Hashable, Sendable {
        /// The dial's value in degrees.
        public var angle: Double
        /// Cumulative rotation of the two fingers since the second landed.
        public var rotation: Double
        /// The change of the value applied in this frame.
        public var delta: Double
        /// The dial's detent index after this frame's change (SPEC.md, "`dial`", **detents**).
        public var detent: Int
        /// Midpoint of the two fingers: in the target's view points under a view (its own or its parent's, SPEC.md
        /// "View coordinates"), else in mm on the surface (the output's `center`).
        public var center: Point

        /// A rotation that left the dial at `angle` degrees with the fingers turned `rotation` degrees (clockwise)
        /// since the second landed, `delta` degrees applied in this frame, at `detent`, the fingers' midpoint at
        /// `center` (view points under a view, else mm).
        public init(angle: Double, rotation: Double, delta: Double, detent: Int, center: Point) {
            self.angle = angle
            self.rotation = rotation
            self.delta = delta
            self.detent = detent
            self.center = center
        }
    }
}

extension GestureEvent.Rotate: CenteredEventPayload {
    public static var type: StaticString { "rotate" }
    public var drawing: EventDrawing { .arc(angle: angle, delta: delta) }

    @inlinable @inline(__always)
    public func write<Fields: EventFieldWriter>(to fields: inout Fields) {
        fields.number("angle", angle)
        fields.number("rotation", rotation)
        fields.number("delta", delta)
        fields.count("detent", detent)
        fields.point("center", center)
    }
}

extension GestureEvent {
    /// A two-finger pinch (SPEC.md, "Pinch"): the output's `magnify` line.
    public struct Magnify: Hashable, Sendable {
        /// The distance between the two fingers ÷ their distance when the second landed (the same in every view).
        public var scale: Double
        /// Midpoint of the two fingers: in the target's view points under a view (its own or its parent's, SPEC.md
        /// "View coordinates"), else in mm on the surface (the output's `center`).
        public var center: Point

        /// A pinch at `scale` (current distance ÷ distance at the second landing; above 1 when spreading) about
        /// `center` (view points under a view, else mm on the surface).
        public init(scale: Double, center: Point) {
            self.scale = scale
            self.center = center
        }
    }
}

extension GestureEvent.Magnify: CenteredEventPayload {
    public static var type: StaticString { "magnify" }
    public var drawing: EventDrawing { .scale(scale, center: center) }

    @inlinable @inline(__always)
    public func write<Fields: EventFieldWriter>(to fields: inout Fields) {
        fields.number("scale", scale)
        fields.point("center", center)
    }
}

extension GestureEvent {
    /// A swipe, recognized at the first lift of its fingers (SPEC.md, "Swipe"): the output's `swipe` line.
    public struct Swipe: Hashable, Sendable {
        /// The direction of the fingers' velocity at the lift: `up`, `up-right`, `right`, … (y down: up is towards the
        /// top edge), in the target's view under a view (turned with it), else on the surface.
        public var direction: SwipeGesture.Direction
        /// The fingers' mean horizontal velocity at the lift: in the target's view points per second under a view
        /// (its own or its parent's, SPEC.md "View coordinates"), else in mm/s (the output's `vx`).
        public var vx: Double
        /// The fingers' mean vertical velocity at the lift, y down (negative for a swipe up): in the target's view
        /// points per second under a view, else in mm/s (the output's `vy`).
        public var vy: Double
        /// How many fingers swiped: the configured ``SwipeGesture/Configuration/fingers``.
        public var fingers: Int

        /// A swipe in `direction` at a mean `vx`, `vy` (y down; view points per second under a view, else mm/s), with
        /// `fingers` fingers.
        public init(direction: SwipeGesture.Direction, vx: Double, vy: Double, fingers: Int) {
            self.direction = direction
            self.vx = vx
            self.vy = vy
            self.fingers = fingers
        }
    }
}

extension GestureEvent.Swipe: GestureEventPayload {
    public static var type: StaticString { "swipe" }
    public var drawing: EventDrawing { .velocity(vx: vx, vy: vy, direction: direction) }

    @inlinable @inline(__always)
    public func write<Fields: EventFieldWriter>(to fields: inout Fields) {
        fields.text("direction", direction.rawValue)
        fields.number("vx", vx)
        fields.number("vy", vy)
        fields.count("fingers", fingers)
    }

    public func viewed(through view: ViewTransform) -> Self {
        var viewed = self
        (viewed.vx, viewed.vy) = view.vector(fromSurface: vx, vy)
        viewed.direction = view.direction(fromSurface: direction)
        return viewed
    }
}

extension GestureEvent {
    /// A swipe in from an edge (SPEC.md, "Edge swipe"): the output's `edge-swipe` line.
    public struct EdgeSwipe: Hashable, Sendable {
        /// The edge it came in from: `left`, `right`, `top` or `bottom`, of the target's view under a view (turned with
        /// it), else of the surface.
        public var edge: EdgeSwipeGesture.Edge
        /// The displacement from the down position along x: in the target's view points under a view (its own or its
        /// parent's, SPEC.md "View coordinates"), else in mm (the output's `dx`).
        public var dx: Double
        /// The displacement from the down position along y, downwards (y down): in the target's view points under a
        /// view (its own or its parent's, SPEC.md "View coordinates"), else in mm (the output's `dy`).
        public var dy: Double

        /// An edge swipe in from `edge`, `dx`, `dy` from the down position (view points under a view, else mm).
        public init(edge: EdgeSwipeGesture.Edge, dx: Double, dy: Double) {
            self.edge = edge
            self.dx = dx
            self.dy = dy
        }
    }
}

extension GestureEvent.EdgeSwipe: GestureEventPayload {
    public static var type: StaticString { "edge-swipe" }
    public var drawing: EventDrawing { .translation(dx: dx, dy: dy, velocity: nil, edge: edge) }

    @inlinable @inline(__always)
    public func write<Fields: EventFieldWriter>(to fields: inout Fields) {
        fields.text("edge", edge.rawValue)
        fields.number("dx", dx)
        fields.number("dy", dy)
    }

    public func viewed(through view: ViewTransform) -> Self {
        var viewed = self
        (viewed.dx, viewed.dy) = view.vector(fromSurface: dx, dy)
        viewed.edge = view.edge(fromSurface: edge)
        return viewed
    }
}

extension GestureEvent {
    /// A zoomable timeline's pinch, two-finger pan or one-finger scroll (SPEC.md, "`timeline`", **zoom**): the
    /// output's `zoom` line.
    public struct Zoom: Hashable, Sendable {
        /// The part of the timeline's domain its width shows now.
        public var visible: VisibleDomain

        /// A zoom that now shows `visible`, in the domain's units.
        public init(visible: VisibleDomain) {
            self.visible = visible
        }
    }
}

extension GestureEvent.Zoom: GestureEventPayload {
    public static var type: StaticString { "zoom" }
    public var drawing: EventDrawing { .visibleDomain(visible) }

    @inlinable @inline(__always)
    public func write<Fields: EventFieldWriter>(to fields: inout Fields) {
        fields.visibleDomain("visible", visible)
    }
}

extension GestureEvent {
    /// A target's long press, recognized at its deadline, down + `durationMs` (SPEC.md, "Layout file", `long-press`):
    /// the output's `long-press` line.
    public struct LongPress: Hashable, Sendable {
        /// Where the finger went down, along x: in the target's view points under a view (its own or its parent's,
        /// SPEC.md "View coordinates"), else in mm from the surface's left edge (the output's `x`).
        public var x: Double
        /// Where the finger went down, along y: in the target's view points under a view (its own or its parent's,
        /// SPEC.md "View coordinates"), else in mm from the surface's top edge, y down (the output's `y`).
        public var y: Double

        /// A long press of a finger that went down at (`x`, `y`) (view points under a view, else mm).
        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }
}

extension GestureEvent.LongPress: GestureEventPayload {
    public static var type: StaticString { "long-press" }
    public var drawing: EventDrawing { .ring(Point(x: x, y: y)) }

    @inlinable @inline(__always)
    public func write<Fields: EventFieldWriter>(to fields: inout Fields) {
        fields.number("x", x)
        fields.number("y", y)
    }

    public func viewed(through view: ViewTransform) -> Self {
        var viewed = self
        let at = view.point(fromSurface: Point(x: x, y: y))
        (viewed.x, viewed.y) = (at.x, at.y)
        return viewed
    }
}

extension GestureEvent {
    /// A target's two-finger rotation (`RotationGesture`; SPEC.md, "Layout file", `rotation`): the output's
    /// `rotation` line. A dial's own rotation is a ``Rotate``.
    public struct Rotation: Hashable, Sendable {
        /// Cumulative rotation of the line from the first finger to the second since the second landed,
        /// degrees clockwise.
        public var rotation: Double
        /// Midpoint of the two fingers: in the target's view points under a view (its own or its parent's, SPEC.md
        /// "View coordinates"), else in mm on the surface (the output's `center`).
        public var center: Point

        /// A rotation of `rotation` degrees clockwise since the second finger landed, the fingers' midpoint at
        /// `center` (view points under a view, else mm on the surface).
        public init(rotation: Double, center: Point) {
            self.rotation = rotation
            self.center = center
        }
    }
}

extension GestureEvent.Rotation: CenteredEventPayload {
    public static var type: StaticString { "rotation" }
    public var drawing: EventDrawing { .rotation(rotation, center: center) }

    @inlinable @inline(__always)
    public func write<Fields: EventFieldWriter>(to fields: inout Fields) {
        fields.number("rotation", rotation)
        fields.point("center", center)
    }
}

extension GestureEvent {
    /// Feedback for the application to play now (the output's `haptic` line, its `kind` key): a long press, a
    /// dial's detent or a dial's stop.
    public enum Haptic: Hashable, Sendable {
        /// A long press was recognized.
        case press
        /// The dial stepped to this detent.
        case detent(Int)
        /// The dial was pushed against a stop; carries the detent after that change.
        case limit(detent: Int)
    }
}

extension GestureEvent.Haptic: GestureEventPayload {
    public static var type: StaticString { "haptic" }
    public var drawing: EventDrawing { .haptic(self) }

    @inlinable @inline(__always)
    public func write<Fields: EventFieldWriter>(to fields: inout Fields) {
        switch self {
        case .press:
            fields.word("kind", "press")
        case .detent(let detent):
            fields.word("kind", "detent")
            fields.count("detent", detent)
        case .limit(let detent):
            fields.word("kind", "limit")
            fields.count("detent", detent)
        }
    }
}

extension GestureValue: GestureEventPayload {
    /// A target's own gesture's line (`GestureEvent.Kind.gesture`).
    public static var type: StaticString { "gesture" }
    public var drawing: EventDrawing { .value(self) }

    /// Its value as Swift describes it (the typed value is the library's).
    @inlinable @inline(__always)
    public func write<Fields: EventFieldWriter>(to fields: inout Fields) {
        fields.text("value", description)
    }
}
