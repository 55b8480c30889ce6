/// An edge swipe: one finger that lands within `edgeDistance` of an edge of `surface` and moves inward
/// beyond `minimumDistance`, and at least as far as along the edge (UIKit's `UIScreenEdgePanGestureRecognizer`,
/// lisgd's edge gestures). It begins then, reports a change on every later frame the finger moved, and ends at the
/// lift; a second finger or a withdrawn one cancels it. A move beyond `minimumDistance` from the down that is less
/// inward than along the edge (sideways, or outward) makes it fail. A `OneFingerGesture`; diagram:
/// docs/state-machines/edge-swipe.md.
public typealias EdgeSwipeGesture = OneFingerGesture<EdgeSwipeMeasure>

extension OneFingerGesture where Measure == EdgeSwipeMeasure {
    /// The edge of the rectangle a swipe comes in from: ``EdgeSwipeMeasure/Edge``.
    public typealias Edge = EdgeSwipeMeasure.Edge
}

/// How far an edge swipe's finger is inside its edge, and along it.
public struct EdgeSwipeMeasure: FingerMeasure {
    /// The edge of the rectangle a swipe comes in from (the layout's `edge`, the output's `edge`): the finger moves
    /// inward from it, rightwards from `left`, downwards from `top` (y down).
    public enum Edge: String, Hashable, Sendable {
        /// The left edge, x = the rectangle's `x`; the swipe moves right.
        case left
        /// The right edge, x = the rectangle's `x + width`; the swipe moves left.
        case right
        /// The top edge, y = the rectangle's `y`; the swipe moves down (y down).
        case top
        /// The bottom edge, y = the rectangle's `y + height`; the swipe moves up.
        case bottom
    }

    /// Which edge, of which rectangle, and the distances that make an edge swipe (SPEC.md, "Edge swipe"; the layout's
    /// `edge-swipe` options `edge`, `edgeMm`, `slopMm`).
    public struct Configuration: Hashable, Sendable {
        /// The edge the finger must land near and move away from, inward.
        public var edge: Edge
        /// The area whose edge it is, in mm: the surface, or a target's rectangle.
        public var surface: Rect
        /// How close to the edge (mm) the finger must land. 5 mm: a touchscreen's bezel side is where a
        /// finger coming from outside lands first (lisgd's 50 px is about 8 mm on a phone).
        public var edgeDistance: Double
        /// How far inward (mm) the finger must move, more than sideways, before the swipe begins.
        public var minimumDistance: Double
        /// `surface` is its target's bounding rectangle, and follows it when the target is moved or resized (a layout's
        /// `edge-swipe`, `LayoutGestures.EdgeSwipe`); false for a rectangle given (the surface's).
        var followsTarget = false

        /// An edge swipe in from `edge` of `surface` (mm): a landing within `edgeDistance` mm of it (5 by default,
        /// outside the rectangle included), then an inward move beyond `minimumDistance` mm (3 by default).
        public init(edge: Edge, surface: Rect, edgeDistance: Double = 5, minimumDistance: Double = 3) {
            self.edge = edge
            self.surface = surface
            self.edgeDistance = edgeDistance
            self.minimumDistance = minimumDistance
        }

        /// How far `point` lies inside the edge, and along it.
        func inward(_ point: Point) -> (depth: Double, along: Double) {
            switch edge {
            case .left: (point.x - surface.x, point.y)
            case .right: (surface.x + surface.width - point.x, point.y)
            case .top: (point.y - surface.y, point.x)
            case .bottom: (surface.y + surface.height - point.y, point.x)
            }
        }
    }

    /// An edge swipe's position: its edge, where the finger went down and where it is. The output's `edge-swipe` line
    /// prints `location − startLocation` as `dx`, `dy`.
    public struct Value: Hashable, Sendable {
        /// The edge the swipe came in from: the configured ``EdgeSwipeMeasure/Configuration/edge``.
        public var edge: Edge
        /// Where the finger went down, in mm on the surface (y down).
        public var startLocation: Point
        /// Where the finger is now, in mm on the surface (y down): at `ended`, where it lifted.
        public var location: Point

        /// An edge swipe from `edge` that went down at `startLocation` and is now at `location` (mm on the surface).
        public init(edge: Edge, startLocation: Point, location: Point) {
            self.edge = edge
            self.startLocation = startLocation
            self.location = location
        }
    }

    public static let name = "edge-swipe"
    public static var activeStateName: String { "swiping" }
    public static func slop(_ configuration: Configuration) -> Double { configuration.minimumDistance }
    /// A second finger cancels an edge swipe.
    public static func extraTouch(_ configuration: Configuration) -> ExtraTouchPolicy { .cancel }

    public init() {}

    /// A finger is followed when it lands within `edgeDistance` of the edge (outside the rectangle included).
    public func landing(of touch: TouchPoint, _ configuration: Configuration) -> Comparison? {
        Comparison(.landedFromEdge(finger: touch.id, edge: configuration.edge),
                   configuration.inward(touch.position).depth, .within, configuration.edgeDistance, .edgeZone)
    }

    public mutating func start(at position: Point, time: Timestamp, _ configuration: Configuration) {}

    public mutating func follow(to position: Point, at time: Timestamp, _ configuration: Configuration) {}

    /// Begins once the finger has moved inward beyond the slop, and at least as far as along the edge; fails once it
    /// has moved beyond the slop from its down, less inward than along.
    public func decide(finger: Int, start: Point, position: Point, _ configuration: Configuration) -> FingerDecision {
        let down = configuration.inward(start), now = configuration.inward(position)
        let depth = now.depth - down.depth, along = abs(now.along - down.along)
        if depth > configuration.minimumDistance && depth >= along {
            return .begin(because: .movedInward(finger: finger, inward: depth, along: along, slop: configuration.minimumDistance))
        } else if depth < along && position.distance(to: start) > configuration.minimumDistance {
            // Beyond the slop, and more along the edge than in (or out): a move along the edge, not in from
            // it. (One at least as far in as along, not yet beyond the slop inward, goes on waiting: failing
            // it made a steady diagonal swipe in succeed or fail by where its frames fell.)
            return .fail(because: .movedNotInward(finger: finger, distance: position.distance(to: start), inward: depth,
                                                  along: along, slop: configuration.minimumDistance))
        }
        return .wait
    }

    /// The swipe from `start` to `location`, from the configured edge.
    public func value(_ phase: GesturePhase, start: Point, location: Point, at time: Timestamp,
                      _ configuration: Configuration) -> Value {
        Value(edge: configuration.edge, startLocation: start, location: location)
    }
}

extension EdgeSwipeGesture: TargetShapedGesture {
    /// A layout's edge swipe is on its target's new bounding rectangle from now on (a finger down keeps its depth
    /// from the edge: a move changes the depths of its down and of where it is alike).
    mutating func targetReshaped(to shape: Shape) {
        if configuration.followsTarget { configuration.surface = shape.bounds }
    }
}
