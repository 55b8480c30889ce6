/// An edge swipe: one finger that lands within `edgeDistance` of an edge of `surface` and moves inward
/// beyond `minimumDistance`, and at least as far as along the edge (UIKit's `UIScreenEdgePanGestureRecognizer`,
/// lisgd's edge gestures). It begins then, reports a change on every later frame the finger moved, and ends at the
/// lift; a second finger or a withdrawn one cancels it. A move beyond `minimumDistance` from the down that is less
/// inward than along the edge (sideways, or outward) makes it fail. Diagram: docs/state-machines/edge-swipe.md.
public struct EdgeSwipeGesture: SinkGesture {
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
        case pending(touchID: Int, down: Point)
        /// Swiping in.
        case swiping(touchID: Int, down: Point, location: Point)
        /// Decided; fingers may still be down.
        case finished(Outcome)
    }

    /// Its machine's name in explanation paths (`Explanation.path`).
    public static let name = "edge-swipe"

    /// The edge, rectangle and distances this recognizer was made with, fixed for its life but for a layout's
    /// rectangle, which follows its target's shape (`Configuration.followsTarget`).
    public private(set) var configuration: Configuration
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

    public mutating func touchesChanged<Log: TransitionLogging>(_ changes: TouchChanges, log: inout Log,
                                                                sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        checkFingers(changes)
        switch state {
        case .pending(let touchID, let down):
            if let position = changes.position(of: touchID) {
                let start = configuration.inward(down), now = configuration.inward(position)
                let depth = now.depth - start.depth, along = abs(now.along - start.along)
                if depth > configuration.minimumDistance && depth >= along {
                    log.transition(&state, to: .swiping(touchID: touchID, down: down, location: position), in: Self.name,
                                   because: .movedInward(finger: touchID, inward: depth, along: along, slop: configuration.minimumDistance))
                    updates.append(GestureUpdate(.began, value(down, position)))
                } else if depth < along && position.distance(to: down) > configuration.minimumDistance {
                    // Beyond the slop, and more along the edge than in (or out): a move along the edge, not in from
                    // it. (One at least as far in as along, not yet beyond the slop inward, goes on waiting: failing
                    // it made a steady diagonal swipe in succeed or fail by where its frames fell.)
                    log.transition(&state, to: .finished(.failed), in: Self.name,
                                   because: .movedNotInward(finger: touchID, distance: position.distance(to: down), inward: depth,
                                                            along: along, slop: configuration.minimumDistance))
                }
            }
        case .swiping(let touchID, let down, _):
            if let position = changes.position(of: touchID) {
                state = .swiping(touchID: touchID, down: down, location: position)
                updates.append(GestureUpdate(.changed, value(down, position)))
            }
        case .idle, .finished:
            break
        }
        switch state {
        case .pending(let touchID, _):
            if changes.lift(of: touchID) != nil {
                log.transition(&state, to: .finished(.failed), in: Self.name,
                               because: .liftedWithinSlop(finger: touchID, slop: configuration.minimumDistance))
            }
        case .swiping(let touchID, let down, let location):
            if let lift = changes.lift(of: touchID) {
                log.transition(&state, to: .finished(lift.withdrawn ? .cancelled : .ended), in: Self.name,
                               because: lift.withdrawn ? .withdrawn(finger: touchID) : .lifted(finger: touchID))
                updates.append(GestureUpdate(lift.withdrawn ? .cancelled : .ended, value(down, location)))
            }
        case .idle, .finished:
            break
        }
        guard !changes.landed.isEmpty else { return }
        switch state {
        case .idle:
            start(changes, log: &log)
        case .finished where changes.beginsSequence:
            start(changes, log: &log)
        case .finished:
            break
        case .pending:
            // A second finger.
            log.transition(&state, to: .finished(.failed), in: Self.name, because: .secondFinger(changes.landed[0].id))
        case .swiping(_, let down, let location):
            log.transition(&state, to: .finished(.cancelled), in: Self.name, because: .secondFinger(changes.landed[0].id))
            updates.append(GestureUpdate(.cancelled, value(down, location)))
        }
    }

    /// Every change follows from the fingers this machine knows to be down (`TouchChanges.requireFingersBefore`).
    @inline(__always)  // (a call of its own on every change once its check moved to TouchChanges)
    private func checkFingers(_ changes: TouchChanges) {
        switch state {
        case .idle: changes.requireFingersBefore(in: 0...0, "EdgeSwipeGesture.\(state)")
        case .pending, .swiping: changes.requireFingersBefore(in: 1...1, "EdgeSwipeGesture.\(state)")
        case .finished: break
        }
    }

    private mutating func start<Log: TransitionLogging>(_ changes: TouchChanges, log: inout Log) {
        guard changes.landed.count == 1 else {
            log.transition(&state, to: .finished(.failed), in: Self.name,
                           because: .fingersLanded(count: changes.landed.count, expected: 1))
            return
        }
        let touch = changes.landed[0]
        let landing = Comparison(.landedFromEdge(finger: touch.id, edge: configuration.edge),
                                 configuration.inward(touch.position).depth, .within, configuration.edgeDistance, .edgeZone)
        log.transition(&state, to: landing.holds ? .pending(touchID: touch.id, down: touch.position) : .finished(.failed),
                       in: Self.name, because: .measured(landing))
    }

    /// Never called: this gesture sets no deadline (`deadline` is always nil).
    public mutating func deadlineReached<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                                 sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        preconditionFailure("EdgeSwipeGesture.\(state): deadlineReached(at: \(now)), but it sets no deadline")
    }

    public mutating func cancel<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                        sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        switch state {
        case .swiping(_, let down, let location):
            log.cancel(&state, to: .finished(.cancelled), in: Self.name)
            updates.append(GestureUpdate(.cancelled, value(down, location)))
        case .pending:
            log.cancel(&state, to: .finished(.failed), in: Self.name)
        case .idle, .finished:
            break
        }
    }
}

extension EdgeSwipeGesture.State: MachineState {
    var name: String {
        switch self {
        case .idle: "idle"
        case .pending: "pending"
        case .swiping: "swiping"
        case .finished(let outcome): outcome.name
        }
    }
}

extension EdgeSwipeGesture: TargetShapedGesture {
    /// A layout's edge swipe is on its target's new bounding rectangle from now on (a finger down keeps its depth
    /// from the edge: a move changes the depths of its down and of where it is alike).
    mutating func targetReshaped(to shape: Shape) {
        if configuration.followsTarget { configuration.surface = shape.bounds }
    }
}
