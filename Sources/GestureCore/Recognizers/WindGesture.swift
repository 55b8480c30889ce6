/// One-finger winding about a centre: the finger's cumulative turn, in degrees clockwise, over as many
/// turns as it makes. A `OneFingerGesture`; diagram: docs/state-machines/wind.md.
///
/// Outside the dead zone, a frame's turn is the change of the finger's angle about `center` since the
/// previous frame outside the dead zone, normalised to (−180, 180]. Frames inside the dead zone add
/// nothing, and the angle is taken afresh when the finger leaves it, so passing over the centre causes
/// no jump. The gesture begins when the finger first moves beyond `minimumDistance` from where it went
/// down, carrying the turn accumulated since the down (no rotation is lost to the slop), then reports a
/// change on every frame in which the finger moved.
public typealias WindGesture = OneFingerGesture<WindMeasure>

extension OneFingerGesture where Measure == WindMeasure {
    /// Winds about `center` from now on (the dial was moved). A finger winding now has its angle taken
    /// afresh at its next move, as after the dead zone: the move itself adds no turn, so there is no jump.
    public mutating func recenter(on center: Point) {
        configuration.center = center
        measure.lastAngle = nil
    }
}

/// How far a winding finger has turned about the centre since its down.
public struct WindMeasure: FingerMeasure {
    /// Where the winding turns about and what starts it (SPEC.md, "`dial`", **wind**: `center`, `deadZoneMm`,
    /// `slopMm`).
    public struct Configuration: Hashable, Sendable {
        /// The centre the finger's angle is measured about, in mm on the surface (a dial's `center`); angles are
        /// degrees clockwise from 12 o'clock about it.
        public var center: Point
        /// SPEC `deadZoneMm`: within this distance of the centre (boundary included) a move adds no turn.
        public var deadZone: Double
        /// SPEC `slopMm`.
        public var minimumDistance: Double
        /// A dial's wind ends (keeping its turn) when a second finger lands.
        public var extraTouch: ExtraTouchPolicy

        /// Winding about `center` (mm), adding no turn within `deadZone` mm of it (5), beginning beyond
        /// `minimumDistance` mm from the down position (3), ending (`.end`, the default) or cancelled (`.cancel`) by a
        /// second finger.
        public init(center: Point, deadZone: Double = 5, minimumDistance: Double = 3, extraTouch: ExtraTouchPolicy = .end) {
            self.center = center
            self.deadZone = deadZone
            self.minimumDistance = minimumDistance
            self.extraTouch = extraTouch
        }
    }

    /// A wind's position, reported on every frame from `began`.
    public struct Value: Hashable, Sendable {
        /// Cumulative turn since the finger went down, in degrees, clockwise positive, unbounded.
        public var turn: Double
        /// Where the finger is now, in mm on the surface (y down).
        public var location: Point

        /// A wind that has turned `turn` degrees (clockwise positive, since the down) with the finger at `location`
        /// (mm).
        public init(turn: Double, location: Point) {
            self.turn = turn
            self.location = location
        }
    }

    public static let name = "wind"
    public static var activeStateName: String { "winding" }
    public static func slop(_ configuration: Configuration) -> Double { configuration.minimumDistance }
    public static func extraTouch(_ configuration: Configuration) -> ExtraTouchPolicy { configuration.extraTouch }

    /// The finger's angle about the centre at its previous position followed; nil while inside the dead zone.
    var lastAngle: Double?
    /// The turn since the down, degrees clockwise.
    private var turn = 0.0

    public init() {}

    /// The finger's angle about `configuration`'s centre, or nil inside its dead zone.
    static func angle(of point: Point, about configuration: Configuration) -> Double? {
        point.distance(to: configuration.center) <= configuration.deadZone
            ? nil : Angle.degrees(of: point, around: configuration.center)
    }

    public mutating func start(at position: Point, time: Timestamp, _ configuration: Configuration) {
        lastAngle = Self.angle(of: position, about: configuration)
        turn = 0
    }

    /// The finger's angle about the centre taken anew (nil within the dead zone), and the step from the previous
    /// angle added to the turn when both are known.
    public mutating func follow(to position: Point, at time: Timestamp, _ configuration: Configuration) {
        let previous = lastAngle
        lastAngle = Self.angle(of: position, about: configuration)
        if let previous, let current = lastAngle {
            turn += Angle.normalized(current - previous)
        }
    }

    /// The turn since the down, the finger at `location`.
    public func value(_ phase: GesturePhase, start: Point, location: Point, at time: Timestamp,
                      _ configuration: Configuration) -> Value {
        Value(turn: turn, location: location)
    }
}
