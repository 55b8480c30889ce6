/// An edge swipe: one finger that lands within `edgeDistance` of an edge of `surface` and moves inward
/// beyond `minimumDistance` (UIKit's `UIScreenEdgePanGestureRecognizer`, lisgd's edge gestures). It
/// begins then, reports a change on every later frame the finger moved, and ends at the lift; a second
/// finger or a withdrawn one cancels it. Diagram: docs/state-machines/edge-swipe.md.
public struct EdgeSwipeGesture: Gesture {
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
        /// The edge the swipe came in from: the configured ``Configuration/edge``.
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

    enum State: Hashable, Sendable {
        /// No finger down in this touch sequence yet.
        case idle
        /// One finger down near the edge, not yet beyond the slop.
        case pending(touch: Int, down: Point)
        /// Swiping in.
        case swiping(touch: Int, down: Point, location: Point)
        /// Decided; fingers may still be down.
        case finished(Outcome)
    }

    /// The edge, rectangle and distances this recognizer was made with, fixed for its life.
    public let configuration: Configuration
    private(set) var state: State = .idle

    /// An edge swipe recognizer for `configuration` (no default: the edge and its rectangle must be named).
    public init(_ configuration: Configuration) {
        self.configuration = configuration
    }

    public var status: RecognizerStatus {
        switch state {
        case .idle, .pending: .possible
        case .swiping: .active
        case .finished(let outcome): outcome.status
        }
    }

    public var deadline: Timestamp? { nil }

    private func value(_ down: Point, _ location: Point) -> Value {
        Value(edge: configuration.edge, startLocation: down, location: location)
    }

    public mutating func touchesChanged(_ changes: TouchChanges) -> [GestureUpdate<Value>] {
        var updates: [GestureUpdate<Value>] = []
        switch state {
        case .pending(let touch, let down):
            if let position = changes.position(of: touch) {
                let start = configuration.inward(down), now = configuration.inward(position)
                let depth = now.depth - start.depth, along = abs(now.along - start.along)
                if depth > configuration.minimumDistance && depth >= along {
                    state = .swiping(touch: touch, down: down, location: position)
                    updates.append(GestureUpdate(.began, value(down, position)))
                } else if position.distance(to: down) > configuration.minimumDistance {
                    state = .finished(.failed)  // beyond the slop, but not inward
                }
            }
        case .swiping(let touch, let down, _):
            if let position = changes.position(of: touch) {
                state = .swiping(touch: touch, down: down, location: position)
                updates.append(GestureUpdate(.changed, value(down, position)))
            }
        case .idle, .finished:
            break
        }
        switch state {
        case .pending(let touch, _):
            if changes.lift(of: touch) != nil { state = .finished(.failed) }
        case .swiping(let touch, let down, let location):
            if let lift = changes.lift(of: touch) {
                state = .finished(lift.cancelled ? .cancelled : .ended)
                updates.append(GestureUpdate(lift.cancelled ? .cancelled : .ended, value(down, location)))
            }
        case .idle, .finished:
            break
        }
        guard !changes.landed.isEmpty else { return updates }
        switch state {
        case .idle:
            start(changes)
        case .finished where changes.beginsSequence:
            start(changes)
        case .finished:
            break
        case .pending:
            state = .finished(.failed)  // a second finger
        case .swiping(_, let down, let location):
            state = .finished(.cancelled)
            updates.append(GestureUpdate(.cancelled, value(down, location)))
        }
        return updates
    }

    private mutating func start(_ changes: TouchChanges) {
        guard changes.landed.count == 1, configuration.inward(changes.landed[0].position).depth <= configuration.edgeDistance else {
            state = .finished(.failed)
            return
        }
        state = .pending(touch: changes.landed[0].id, down: changes.landed[0].position)
    }

    public mutating func deadlineReached(at now: Timestamp) -> [GestureUpdate<Value>] { [] }

    public mutating func cancel(at now: Timestamp) -> [GestureUpdate<Value>] {
        switch state {
        case .swiping(_, let down, let location):
            state = .finished(.cancelled)
            return [GestureUpdate(.cancelled, value(down, location))]
        case .pending:
            state = .finished(.failed)
        case .idle, .finished:
            break
        }
        return []
    }
}
