/// Where a target takes touches: the area in which a finger that goes down belongs to it (boundaries
/// included), in surface millimetres.
public enum Shape: Hashable, Sendable {
    /// A rectangle in mm on the surface (x, y its top-left corner, y down), boundary included: a timeline's `rect`,
    /// or a layout `shape` of kind `rectangle`.
    case rectangle(Rect)
    /// A disc: every point within `radius` of `center`.
    case circle(center: Point, radius: Double)
    /// An annulus: every point at least `innerRadius` and at most `outerRadius` from `center` (a dial's
    /// rim around a button in its middle).
    case ring(center: Point, innerRadius: Double, outerRadius: Double)

    /// Whether a finger going down at `point` (mm on the surface) belongs to the shape, its boundary included
    /// (SPEC.md, "Targets").
    public func contains(_ point: Point) -> Bool {
        switch self {
        case .rectangle(let rect):
            rect.contains(point)
        case .circle(let center, let radius):
            point.distance(to: center) <= radius
        case .ring(let center, let innerRadius, let outerRadius):
            (innerRadius...max(innerRadius, outerRadius)).contains(point.distance(to: center))
        }
    }

    /// The smallest rectangle holding the shape.
    public var bounds: Rect {
        switch self {
        case .rectangle(let rect):
            rect
        case .circle(let center, let radius), .ring(let center, _, let radius):
            Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
        }
    }

    /// True when some point lies in both shapes (boundaries included): a child that does not meet its
    /// parent can never be reached by a touch.
    public func intersects(_ other: Shape) -> Bool {
        switch (self, other) {
        case (.rectangle(let a), .rectangle(let b)):
            return a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height
        case (.rectangle(let rect), _):
            return other.meets(rect)
        case (_, .rectangle(let rect)):
            return meets(rect)
        case (.circle, _), (.ring, _):
            // Both round: the distances from one's centre to the other's points form an interval, which
            // must meet this one's radii.
            let (center, inner, outer) = annulus
            let (otherCenter, otherInner, otherOuter) = other.annulus
            let distance = center.distance(to: otherCenter)
            let nearest = Swift.max(0, distance - otherOuter, otherInner - distance)
            return nearest <= outer && distance + otherOuter >= inner
        }
    }

    /// A round shape as its centre and radii (a circle's inner radius is 0).
    private var annulus: (center: Point, inner: Double, outer: Double) {
        switch self {
        case .circle(let center, let radius): (center, 0, radius)
        case .ring(let center, let innerRadius, let outerRadius): (center, innerRadius, outerRadius)
        case .rectangle(let rect): preconditionFailure("Shape.annulus of a rectangle \(rect)")
        }
    }

    /// True when this round shape and `rect` share a point: the distances from the centre to the
    /// rectangle's points form an interval, from its nearest point to its farthest corner.
    private func meets(_ rect: Rect) -> Bool {
        let (center, inner, outer) = annulus
        let nearest = Point(x: Swift.min(Swift.max(center.x, rect.x), rect.x + rect.width),
                            y: Swift.min(Swift.max(center.y, rect.y), rect.y + rect.height))
        let farthest = Point(x: abs(center.x - rect.x) > abs(center.x - (rect.x + rect.width)) ? rect.x : rect.x + rect.width,
                             y: abs(center.y - rect.y) > abs(center.y - (rect.y + rect.height)) ? rect.y : rect.y + rect.height)
        return center.distance(to: nearest) <= outer && center.distance(to: farthest) >= inner
    }
}
