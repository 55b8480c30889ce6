/// Two-finger magnification, a pinch: the distance between the first two fingers of a touch sequence ÷
/// their distance when the second landed (SwiftUI's `MagnifyGesture`, GTK's `GtkGestureZoom`). A
/// `TwoFingerGesture`; diagram: docs/state-machines/two-finger.md.
///
/// Tracking starts when a second finger lands. The gesture begins once the distance has changed by more
/// than `minimumDistanceChange` mm from its start, reports a change on every later frame in which either
/// finger moved, and ends when either finger lifts (`cancelled` when the device withdrew it). Further
/// fingers are ignored; a finger of the pair lifting before the gesture began makes it fail.
public typealias MagnifyGesture = TwoFingerGesture<MagnificationMeasure>

/// How the distance between the two fingers compares with its start.
public struct MagnificationMeasure: PairMeasure {
    public struct Configuration: Hashable, Sendable {
        /// How far (mm) the distance between the fingers must move from its start before the gesture
        /// begins. 3 mm, the slop of the other gestures: libinput begins a pinch at 1.5 mm of finger
        /// travel, Flutter at a span change of 18 logical pixels (about 3 mm).
        public var minimumDistanceChange: Double

        public init(minimumDistanceChange: Double = 3) {
            self.minimumDistanceChange = minimumDistanceChange
        }
    }

    public struct Value: Hashable, Sendable {
        /// The distance now ÷ the distance when the second finger landed.
        public var scale: Double
        /// Midpoint of the two fingers.
        public var center: Point

        public init(scale: Double, center: Point) {
            self.scale = scale
            self.center = center
        }
    }

    /// The smallest start distance a scale is taken against (mm): two fingers never land closer, and a
    /// device that says they did gets no division by zero.
    public static let smallestStartDistance = 1.0

    public static let name = "magnify"
    public static var defaultConfiguration: Configuration { Configuration() }

    /// The distance when the second finger landed, and now.
    let startDistance: Double
    var distance: Double

    public init(_ fingers: FingerPair) {
        self.startDistance = fingers.distance
        self.distance = fingers.distance
    }

    public mutating func follow(_ fingers: FingerPair) {
        distance = fingers.distance
    }

    public func progress(_ configuration: Configuration) -> Comparison {
        Comparison(.distanceChanged, abs(distance - startDistance), .beyond, configuration.minimumDistanceChange, .threshold)
    }

    public func value(of fingers: FingerPair) -> Value {
        Value(scale: distance / max(startDistance, Self.smallestStartDistance), center: fingers.center)
    }
}
