/// Where a target takes touches: the area in which a finger that goes down belongs to it (boundaries
/// included), in surface millimetres.
public enum Shape: Hashable, Sendable {
    case rectangle(Rect)
    /// A disc: every point within `radius` of `center`.
    case circle(center: Point, radius: Double)
    /// An annulus: every point at least `innerRadius` and at most `outerRadius` from `center` (a dial's
    /// rim around a button in its middle).
    case ring(center: Point, innerRadius: Double, outerRadius: Double)

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
}
