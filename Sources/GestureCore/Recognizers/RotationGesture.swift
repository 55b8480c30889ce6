/// Two-finger rotation: the cumulative, normalised change of the angle of the line from the first finger
/// to the second, clockwise positive (SPEC "dial", rotate). A `TwoFingerGesture`; diagram:
/// docs/state-machines/two-finger.md.
///
/// Tracking starts when a second finger lands. The gesture begins when the rotation's magnitude reaches
/// `minimumAngle`, reports a change on every later frame in which either finger moved, and ends when
/// either finger lifts. Further fingers are ignored.
public typealias RotationGesture = TwoFingerGesture<RotationMeasure>

/// How far the line from the first finger to the second has turned since the second landed.
public struct RotationMeasure: PairMeasure {
    /// When a two-finger rotation begins (a dial's `rotateThresholdDegrees`, a target's `rotation` option
    /// `thresholdDegrees`; SPEC.md, "`dial`" and "Layout file").
    public struct Configuration: Hashable, Sendable {
        /// SPEC `rotateThresholdDegrees`.
        public var minimumAngle: Double

        /// A rotation that begins once its magnitude reaches `minimumAngle` degrees (2 by default), either way.
        public init(minimumAngle: Double = 2) {
            self.minimumAngle = minimumAngle
        }
    }

    /// A rotation's measure, reported on every frame from `began`: the values of its `rotation` line
    /// (``GestureEvent/Rotation``), the cumulative rotation and the fingers' midpoint.
    public typealias Value = GestureEvent.Rotation

    public static let name = "rotation"
    public static var defaultConfiguration: Configuration { Configuration() }

    /// Angle of the line first → second at the previous frame.
    var lastAngle: Double
    var rotation = 0.0

    public init(_ fingers: FingerPair) {
        self.lastAngle = Angle.degrees(of: fingers.second.position, around: fingers.first.position)
    }

    public mutating func follow(_ fingers: FingerPair) {
        let angle = Angle.degrees(of: fingers.second.position, around: fingers.first.position)
        rotation += Angle.normalized(angle - lastAngle)
        lastAngle = angle
    }

    public func progress(_ configuration: Configuration) -> Comparison {
        Comparison(.rotated, abs(rotation), .atLeast, configuration.minimumAngle, .threshold)
    }

    public func value(of fingers: FingerPair) -> Value { Value(rotation: rotation, center: fingers.center) }
}
