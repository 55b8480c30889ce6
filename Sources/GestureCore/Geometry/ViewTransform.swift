/// Where a target is drawn: the map from surface millimetres to the points of its view (SPEC "View
/// coordinates"), as SwiftUI reports a gesture in a view's local space.
///
/// `point = offset + scale · R(surface)`, where `R` turns the surface's axes by the screen's rotation:
/// the display shows its picture turned `rotation` degrees clockwise on the panel (xrandr's `right` is
/// 90), so a finger moving towards the panel's right edge moves up the picture when it is 90:
///
/// | rotation | R(x, y)  |
/// |----------|----------|
/// | 0        | (x, y)   |
/// | 90       | (y, −x)  |
/// | 180      | (−x, −y) |
/// | 270      | (−y, x)  |
///
/// `offset` is where the surface's origin lands in the view: a view whose top-left corner is at surface
/// `(ox, oy)` with 2 points per mm and no rotation has `offset = (−2·ox, −2·oy)` (`placing(_:scale:rotation:)`).
/// Distances scale by `scale`; angles and their sense (clockwise stays clockwise) do not change: the map
/// turns and scales, it never mirrors.
public struct ViewTransform: Hashable, Sendable {
    /// The display's rotation, clockwise, in degrees.
    public enum Rotation: Int, Hashable, Sendable, CaseIterable {
        /// Not turned, 0°: R(x, y) = (x, y) (xrandr's `normal`).
        case none = 0
        /// A quarter turn clockwise, 90°: R(x, y) = (y, −x) (xrandr's `right`).
        case quarter = 90
        /// A half turn, 180°: R(x, y) = (−x, −y) (xrandr's `inverted`).
        case half = 180
        /// Three quarters clockwise, 270°: R(x, y) = (−y, x) (xrandr's `left`).
        case threeQuarters = 270
    }

    /// Points per millimetre: positive (within ``layoutScales`` for the engine to take it).
    public var scale: Double
    /// Where the surface's origin lands, in points.
    public var offset: Point
    /// How the display's picture is turned on the panel, clockwise (xrandr's `normal`, `right`, `inverted`, `left`):
    /// ``Rotation/none`` by default.
    public var rotation: Rotation

    /// The transform `point = offset + scale · R(surface)`: `scale` points per mm (1 by default), the surface's
    /// origin at `offset` points (the view's origin by default), turned by `rotation` (none by default).
    ///
    /// The engine takes a view whose scale is within ``layoutScales`` and whose offset is within ±`Size.largestLength`
    /// points, as the layout file does: it throws ``GestureError/invalidValue(subject:key:message:)`` for any other
    /// (``GestureEngine/setViewTransform(of:to:)``).
    public init(scale: Double = 1, offset: Point = .zero, rotation: Rotation = .none) {
        self.scale = scale
        self.offset = offset
        self.rotation = rotation
    }

    /// Surface millimetres as they are: what a target without a view has.
    public static let identity = ViewTransform()

    /// The scales a layout's `view` may give (docs/SPEC.md "Layout file", Limits): 0.001 to 1,000 points per
    /// mm, where displays have a few (4 to 20). Lines in view points then stay finite and say something: a
    /// scale of 1e308 made a pan's `dy` infinite (`null` in JSON Lines), one of 1e-310 put every tap at 0, 0.
    public static let layoutScales: ClosedRange<Double> = 1e-3...1e3

    /// The transform of a view showing `area` of the surface (mm) at `scale` points per mm, turned by
    /// `rotation`: the corner of `area` that the rotation brings to the top-left lands at the view's origin.
    public static func placing(_ area: Rect, scale: Double, rotation: Rotation = .none) -> ViewTransform {
        let turned = ViewTransform(scale: scale, rotation: rotation).rect(fromSurface: area)
        return ViewTransform(scale: scale, offset: Point(x: -turned.x, y: -turned.y), rotation: rotation)
    }

    // MARK: Surface to view

    /// A position on the surface, in the view's points.
    public func point(fromSurface point: Point) -> Point {
        let (x, y) = vector(fromSurface: point.x, point.y)
        return Point(x: offset.x + x, y: offset.y + y)
    }

    /// A displacement or a velocity on the surface (mm, mm/s), in the view's points (points/s): turned and
    /// scaled, not offset.
    public func vector(fromSurface dx: Double, _ dy: Double) -> (dx: Double, dy: Double) {
        let (x, y): (Double, Double) = switch rotation {
        case .none: (dx, dy)
        case .quarter: (dy, -dx)
        case .half: (-dx, -dy)
        case .threeQuarters: (-dy, dx)
        }
        return (scale * x, scale * y)
    }

    /// A rectangle of the surface as the view sees it (its sides stay axis-aligned: rotations are quarter turns).
    public func rect(fromSurface rect: Rect) -> Rect {
        let corner = point(fromSurface: Point(x: rect.x, y: rect.y))
        let (dx, dy) = vector(fromSurface: rect.width, rect.height)
        // The size from the scaled sides, not from subtracting corners: a view of 1 point per mm keeps
        // the rectangle's numbers exactly.
        return Rect(x: min(corner.x, corner.x + dx), y: min(corner.y, corner.y + dy), width: abs(dx), height: abs(dy))
    }

    /// The number of eighth turns counter-clockwise that a direction on the panel makes in the view.
    private var eighthTurns: Int { rotation.rawValue / 45 }

    /// A direction on the surface as the view sees it.
    public func direction(fromSurface direction: SwipeGesture.Direction) -> SwipeGesture.Direction {
        let all = SwipeGesture.Direction.allCases
        return all[(all.firstIndex(of: direction)! - eighthTurns + all.count) % all.count]
    }

    /// An edge of the surface (or of a target's rectangle) as the view sees it.
    public func edge(fromSurface edge: EdgeSwipeGesture.Edge) -> EdgeSwipeGesture.Edge {
        let outward: [(EdgeSwipeGesture.Edge, SwipeGesture.Direction)] = [(.top, .up), (.right, .right), (.bottom, .down), (.left, .left)]
        let turned = direction(fromSurface: outward.first { $0.0 == edge }!.1)
        return outward.first { $0.1 == turned }!.0
    }

    // MARK: View to surface

    /// A position in the view's points on the surface (mm): the inverse of `point(fromSurface:)`.
    public func surfacePoint(fromView point: Point) -> Point {
        let (dx, dy) = (point.x - offset.x, point.y - offset.y)
        let (x, y): (Double, Double) = switch rotation {
        case .none: (dx, dy)
        case .quarter: (-dy, dx)
        case .half: (-dx, -dy)
        case .threeQuarters: (dy, -dx)
        }
        return Point(x: x / scale, y: y / scale)
    }

    // MARK: Events

    /// An event's values in the view's points: positions, translations and velocities turned, scaled and
    /// offset; directions and edges turned. Domain values (a timeline's values, selections and visible
    /// domain; a dial's angle), scales, rotation angles, counts and a `gesture` line's typed value come out
    /// as they are (SPEC "View coordinates"), as each payload says (`GestureEventPayload.viewed(through:)`).
    public func kind(fromSurface kind: GestureEvent.Kind) -> GestureEvent.Kind {
        guard self != .identity else { return kind }
        // (An explanation's numbers are the recognizers' own: millimetres on the surface.)
        return kind.mapPayload(self)
    }
}

extension ViewTransform: GestureEventPayloadChange {
    /// `payload` as this view shows it.
    public func apply<Payload: GestureEventPayload>(_ payload: Payload) -> Payload {
        payload.viewed(through: self)
    }
}
