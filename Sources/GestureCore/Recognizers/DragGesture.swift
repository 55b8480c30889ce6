/// A one-finger drag: begins when the finger has moved beyond `minimumDistance` from where it went down
/// (at once when that distance is 0, as SwiftUI's `DragGesture(minimumDistance: 0)`), then reports a
/// change on every frame in which the finger moved, and ends at the lift, with the finger's velocity there
/// (`VelocityTracker`: the last 100 ms, least squares; 0 once the finger rested beyond 40 ms). A `OneFingerGesture`;
/// diagram: docs/state-machines/drag.md.
public typealias DragGesture = OneFingerGesture<DragMeasure>

extension OneFingerGesture where Measure == DragMeasure {
    /// A drag with a 3 mm slop and a second finger cancelling it.
    public init() {
        self.init(Configuration())
    }
}

/// How far a drag's finger is from its down, and how fast it moves: its positions since the down.
public struct DragMeasure: FingerMeasure {
    /// How far a finger must move before the drag begins, and what a second finger does: the layout's `drag` options
    /// `slopMm` and `extraFinger` (SPEC.md, "Layout file").
    public struct Configuration: Hashable, Sendable {
        /// SPEC `slopMm` for a pan; 0 for the drag that follows a long press.
        public var minimumDistance: Double
        /// What a second finger does to a drag in progress (a pending drag always fails).
        public var extraTouch: ExtraTouchPolicy

        /// A drag that begins beyond `minimumDistance` mm from the down position (3, SPEC.md's default `slopMm`; 0
        /// begins at the first move) and that a second finger cancels (`.cancel`, the default) or ends (`.end`).
        public init(minimumDistance: Double = 3, extraTouch: ExtraTouchPolicy = .cancel) {
            self.minimumDistance = minimumDistance
            self.extraTouch = extraTouch
        }
    }

    /// A drag's position: where it started, where the finger is now, and at `ended` its velocity. The output's `pan`
    /// line prints ``translation`` as `dx`, `dy`.
    public struct Value: Hashable, Sendable {
        /// Where the finger was when the drag started tracking it (its down position, or where it was
        /// when a sequence handed it over).
        public var startLocation: Point
        /// Where the finger is now, in mm on the surface (y down): at `ended`, where it lifted.
        public var location: Point
        /// At `ended`, the finger's velocity at the end (its lift, or the landing that ended the drag),
        /// from its positions in the last 100 ms (`VelocityTracker`); 0 when it rested longer than 40 ms
        /// (``VelocityTracker/stoppedAfter``) before it: a finger that stops before it lifts does not fling.
        /// Nil in the other phases.
        public var velocity: Velocity?

        /// A drag from `startLocation` to `location` (mm on the surface); `velocity` (mm/s, y down) only at `ended`,
        /// nil (the default) in the other phases.
        public init(startLocation: Point, location: Point, velocity: Velocity? = nil) {
            self.startLocation = startLocation
            self.location = location
            self.velocity = velocity
        }

        /// The movement from `startLocation` in mm.
        public var translation: (dx: Double, dy: Double) {
            (location.x - startLocation.x, location.y - startLocation.y)
        }
    }

    public static let name = "drag"
    public static var activeStateName: String { "dragging" }
    public static func slop(_ configuration: Configuration) -> Double { configuration.minimumDistance }
    public static func extraTouch(_ configuration: Configuration) -> ExtraTouchPolicy { configuration.extraTouch }
    public static func beginsAtLanding(_ configuration: Configuration) -> Bool { configuration.minimumDistance == 0 }

    /// The finger's positions since its down.
    private var tracker = VelocityTracker()

    public init() {}

    public mutating func start(at position: Point, time: Timestamp, _ configuration: Configuration) {
        tracker.restart(at: position, time: time)
    }

    public mutating func follow(to position: Point, at time: Timestamp, _ configuration: Configuration) {
        tracker.add(position, at: time)
    }

    /// The drag from `start` to `location`; at `ended`, with the finger's velocity at `time`.
    public func value(_ phase: GesturePhase, start: Point, location: Point, at time: Timestamp,
                      _ configuration: Configuration) -> Value {
        switch phase {
        case .ended: Value(startLocation: start, location: location, velocity: tracker.velocity(at: time))
        case .began, .changed, .cancelled: Value(startLocation: start, location: location)
        }
    }
}
