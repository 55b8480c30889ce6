/// A swipe: `fingers` fingers (1 by default) moving the same way, recognized at the lift when they are
/// fast enough, with one of 4 or 8 directions. Diagram: docs/state-machines/swipe.md.
///
/// The fingers' velocities at the first lift (`VelocityTracker`: the last 100 ms, least squares; 0 for a finger
/// that rested beyond 40 ms before it) must each exceed `minimumSpeed`, their paths from the down each exceed
/// `minimumDistance`, and the directions of their velocities all lie within `tolerance` of one direction of the set
/// (lisgd: 8 directions, ±15°). A stroke that stops before the lift is therefore no swipe. A finger more than
/// `fingers`, or a first lift with fewer down, is no swipe.
public struct SwipeGesture: SinkGesture, DeadlineFreeRecognizer {
    /// A direction on the surface (y down: `up` is towards the top edge).
    public enum Direction: String, Hashable, Sendable, CaseIterable {
        // The order of the cases is their order clockwise from up: `degrees` is 45 × the index.
        /// Towards the top edge (y decreasing), 0°; the output's `up`.
        case up
        /// Towards the top-right corner, 45°; the output's `up-right`.
        case upRight = "up-right"
        /// Towards the right edge (x increasing), 90°; the output's `right`.
        case right
        /// Towards the bottom-right corner, 135°; the output's `down-right`.
        case downRight = "down-right"
        /// Towards the bottom edge (y increasing), 180°; the output's `down`.
        case down
        /// Towards the bottom-left corner, 225°; the output's `down-left`.
        case downLeft = "down-left"
        /// Towards the left edge (x decreasing), 270°; the output's `left`.
        case left
        /// Towards the top-left corner, 315°; the output's `up-left`.
        case upLeft = "up-left"

        /// Its angle, clockwise from up, in degrees.
        public var degrees: Double {
            Double(Self.allCases.firstIndex(of: self)!) * 45
        }
    }

    /// Which directions a swipe may have.
    public enum Directions: Hashable, Sendable {
        /// Up, right, down, left.
        case four
        /// And the four diagonals.
        case eight

        var members: [Direction] {
            switch self {
            case .four: [.up, .right, .down, .left]
            case .eight: Direction.allCases
            }
        }
    }

    /// What makes a swipe (SPEC.md, "Swipe"; the layout's `swipe` options `fingers`, `minSpeedMmPerS`, `slopMm`,
    /// `diagonals`, `toleranceDegrees`).
    public struct Configuration: Hashable, Sendable {
        /// How many fingers swipe together, exactly (1 by default; the layout allows 1 to 10): more, or a first lift
        /// with fewer down, is no swipe.
        public var fingers: Int
        /// mm/s each finger must exceed at the lift. 150 mm/s: a flick, about 2.5 cm in the last 1/6 s
        /// (Flutter's fling starts at 50 logical px/s, about 8 mm/s, which any drag reaches).
        public var minimumSpeed: Double
        /// mm each finger must have moved from its down: the slop of the other gestures.
        public var minimumDistance: Double
        /// The directions a swipe may have: ``Directions/eight`` by default (the layout's `diagonals` true),
        /// ``Directions/four`` without diagonals.
        public var directions: Directions
        /// Degrees a finger's direction may stray from the swipe's (lisgd: 15).
        public var tolerance: Double

        /// A swipe of exactly `fingers` fingers (1; at least 1: the engine refuses a swipe of none,
        /// ``SwipeGesture/checkConfiguration()``), each faster than `minimumSpeed` mm/s (150) and moved beyond
        /// `minimumDistance` mm (3) at the first lift, all within `tolerance` degrees (15) of one of `directions` (8).
        public init(fingers: Int = 1, minimumSpeed: Double = 150, minimumDistance: Double = 3,
                    directions: Directions = .eight, tolerance: Double = 15) {
            self.fingers = fingers
            self.minimumSpeed = minimumSpeed
            self.minimumDistance = minimumDistance
            self.directions = directions
            self.tolerance = tolerance
        }
    }

    /// A recognized swipe, reported once as `ended` at the first lift: the values of its `swipe` line
    /// (``GestureEvent/Swipe``), its direction, the fingers' mean velocity and their count.
    public typealias Value = GestureEvent.Swipe

    /// A finger being followed: where it went down, and its recent positions.
    struct Finger: Hashable, Sendable {
        var id: Int
        var down: Point
        var location: Point
        var tracker: VelocityTracker
    }

    enum State: Hashable, Sendable {
        /// No finger down in this touch sequence yet.
        case idle
        /// The fingers followed: every finger down, none lifted yet, at most `Configuration.fingers` of them.
        case tracking(followed: [Finger])
        /// Decided; fingers may still be down.
        case finished(Outcome)
    }

    /// Its machine's name in explanation paths (`Explanation.path`).
    public static let name = "swipe"

    /// The thresholds this recognizer was made with, fixed for its life.
    public let configuration: Configuration
    private(set) var state: State = .idle

    /// A swipe recognizer with `configuration`, by default one finger, 150 mm/s, 3 mm, 8 directions, ±15°.
    public init(_ configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Throws for fewer than one finger, which no touch makes a swipe (driven directly, such a swipe is never
    /// recognized).
    public func checkConfiguration() throws(GestureError) {
        if configuration.fingers < 1 {
            throw .invalidValue(subject: "SwipeGesture", key: "fingers", message: "expected at least 1, found \(configuration.fingers)")
        }
    }

    public var status: RecognizerStatus {
        switch state {
        case .idle, .tracking: .possible
        case .finished(let outcome): outcome.status
        }
    }

    public mutating func touchesChanged<Log: TransitionLogging>(_ changes: TouchChanges, log: inout Log,
                                                                sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        checkFingers(changes)
        switch state {
        case .tracking(var followed):
            state = .idle  // let go of the state's copy of the fingers, so that changing them does not copy them
            for index in followed.indices {
                if let position = changes.position(of: followed[index].id) {
                    followed[index].location = position
                    followed[index].tracker.add(position, at: changes.time)
                }
            }
            state = .tracking(followed: followed)
            if followed.contains(where: { changes.lift(of: $0.id) != nil }) {
                switch swipe(of: followed, at: changes.time, lifts: changes) {
                case .swipe(let swipe):
                    log.transition(&state, to: .finished(.ended), in: Self.name,
                                   because: .swiped(direction: swipe.direction,
                                                    speed: (swipe.vx * swipe.vx + swipe.vy * swipe.vy).squareRoot(),
                                                    minimumSpeed: configuration.minimumSpeed, tolerance: configuration.tolerance))
                    updates.append(GestureUpdate(.ended, swipe))
                case .miss(let miss):
                    log.transition(&state, to: .finished(.failed), in: Self.name, because: .noSwipe(miss))
                }
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
        case .tracking(let followed):
            follow(followed + fingersLanding(changes), log: &log)
        }
    }

    /// Every change follows from the fingers this machine knows to be down (`TouchChanges.requireFingersBefore`).
    @inline(__always)  // (a call of its own on every change once its check moved to TouchChanges)
    private func checkFingers(_ changes: TouchChanges) {
        switch state {
        case .idle: changes.requireFingersBefore(in: 0...0, "SwipeGesture.\(state)")
        case .tracking(let followed): changes.requireFingersBefore(in: followed.count...followed.count, "SwipeGesture.\(state)")
        case .finished: break
        }
    }

    private func tracker(_ touch: TouchPoint, _ time: Timestamp) -> VelocityTracker {
        var tracker = VelocityTracker()
        tracker.add(touch.position, at: time)
        return tracker
    }

    private mutating func start<Log: TransitionLogging>(_ changes: TouchChanges, log: inout Log) {
        follow(fingersLanding(changes), log: &log)
    }

    /// The fingers that land in `changes`, each with its first sample.
    private func fingersLanding(_ changes: TouchChanges) -> [Finger] {
        changes.landed.map { Finger(id: $0.id, down: $0.position, location: $0.position, tracker: tracker($0, changes.time)) }
    }

    /// The fingers down after landings: followed while they are at most `Configuration.fingers`.
    private mutating func follow<Log: TransitionLogging>(_ followed: [Finger], log: inout Log) {
        log.transition(&state, to: followed.count > configuration.fingers ? .finished(.failed) : .tracking(followed: followed),
                       in: Self.name, because: .swipeFingers(down: followed.count, required: configuration.fingers))
    }

    /// What the fingers make at a lift: a swipe, or why not.
    private enum Verdict {
        case swipe(Value)
        case miss(Explanation.SwipeMiss)
    }

    /// The swipe the fingers make at a lift, if they make one.
    private func swipe(of fingers: [Finger], at time: Timestamp, lifts: TouchChanges) -> Verdict {
        guard fingers.count == configuration.fingers else { return .miss(.fingers(down: fingers.count, required: configuration.fingers)) }
        if let withdrawn = fingers.first(where: { lifts.lift(of: $0.id)?.withdrawn == true }) {
            return .miss(.withdrawn(finger: withdrawn.id))
        }
        var directions: [Direction] = []
        var sum = (vx: 0.0, vy: 0.0)
        for finger in fingers {
            let velocity = finger.tracker.velocity(at: time)
            let speed = (velocity.vx * velocity.vx + velocity.vy * velocity.vy).squareRoot()
            guard speed > configuration.minimumSpeed else {
                return .miss(.tooSlow(finger: finger.id, speed: speed, minimum: configuration.minimumSpeed))
            }
            let distance = finger.location.distance(to: finger.down)
            guard distance > configuration.minimumDistance else {
                return .miss(.tooShort(finger: finger.id, distance: distance, minimum: configuration.minimumDistance))
            }
            let degrees = Angle.degrees(of: Point(x: velocity.vx, y: velocity.vy), around: Point(x: 0, y: 0))
            guard let direction = configuration.directions.members.first(where: {
                abs(Angle.normalized(degrees - $0.degrees)) <= configuration.tolerance
            }) else { return .miss(.noDirection(finger: finger.id, heading: degrees, tolerance: configuration.tolerance)) }
            directions.append(direction)
            sum.vx += velocity.vx
            sum.vy += velocity.vy
        }
        guard let direction = directions.first else {
            // Every finger followed (`Configuration.fingers`, at least 1) gave a direction or returned a miss above.
            preconditionFailure("SwipeGesture.\(state): \(fingers.count) fingers followed, and not one direction")
        }
        if let other = directions.first(where: { $0 != direction }) { return .miss(.directionsDiffer(direction, other)) }
        let count = Double(fingers.count)
        return .swipe(Value(direction: direction, vx: sum.vx / count, vy: sum.vy / count, fingers: fingers.count))
    }

    public mutating func cancel<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                        sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        switch state {
        case .tracking: log.cancel(&state, to: .finished(.failed), in: Self.name)
        case .idle, .finished: break
        }
    }
}

extension SwipeGesture.State: MachineState {
    var name: String {
        switch self {
        case .idle: "idle"
        case .tracking: "tracking"
        case .finished(let outcome): outcome.name
        }
    }
}
