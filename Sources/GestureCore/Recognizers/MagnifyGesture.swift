/// Two-finger magnification, a pinch: the distance between the first two fingers of a touch sequence ÷
/// their distance when the second landed (SwiftUI's `MagnifyGesture`, GTK's `GtkGestureZoom`). A
/// `TwoFingerGesture`; diagram: docs/state-machines/two-finger.md.
///
/// Tracking starts when a second finger lands. The gesture begins once the distance has changed by more
/// than `minimumDistanceChange` mm from its start (or, when `minimumCenterMovement` is set, once their
/// midpoint has moved more than that from its start: a two-finger pan, as a zoomable timeline's), reports a change on every later frame in which either
/// finger moved, and ends when either finger lifts (`cancelled` when the device withdrew it). Further
/// fingers are ignored; a finger of the pair lifting before the gesture began makes it fail.
public typealias MagnifyGesture = TwoFingerGesture<MagnificationMeasure>

/// How the distance between the two fingers compares with its start.
public struct MagnificationMeasure: PairMeasure {
    /// When a pinch begins (SPEC.md, "Pinch"; the layout's `magnify` option `slopMm`, a zoomable timeline's
    /// `slopMm`).
    public struct Configuration: Hashable, Sendable {
        /// How far (mm) the distance between the fingers must move from its start before the gesture
        /// begins. 3 mm, the slop of the other gestures: libinput begins a pinch at 1.5 mm of finger
        /// travel, Flutter at a span change of 18 logical pixels (about 3 mm).
        public var minimumDistanceChange: Double
        /// How far (mm) the fingers' midpoint must move from its start for the gesture to begin without a
        /// change of distance; nil (the default): only the distance counts, a pinch.
        public var minimumCenterMovement: Double?

        /// A pinch that begins once the fingers' distance has changed by more than `minimumDistanceChange` mm (3 by
        /// default), or, when `minimumCenterMovement` is given (nil by default), once their midpoint has moved more
        /// than that many mm.
        public init(minimumDistanceChange: Double = 3, minimumCenterMovement: Double? = nil) {
            self.minimumDistanceChange = minimumDistanceChange
            self.minimumCenterMovement = minimumCenterMovement
        }
    }

    /// A pinch's measure, reported on every frame from `began` (the output's `magnify` line prints ``scale`` and
    /// ``center``).
    public struct Value: Hashable, Sendable {
        /// The distance now ÷ the distance when the second finger landed.
        public var scale: Double
        /// Midpoint of the two fingers.
        public var center: Point
        /// Their midpoint when the second finger landed.
        public var startCenter: Point

        /// A pinch at `scale` (distance now ÷ distance at the second landing, that one at least 1 mm) about `center`,
        /// having started about `startCenter` (mm on the surface).
        public init(scale: Double, center: Point, startCenter: Point) {
            self.scale = scale
            self.center = center
            self.startCenter = startCenter
        }
    }

    /// The smallest start distance a scale is taken against (mm): two fingers never land closer, and a
    /// device that says they did gets no division by zero.
    public static let smallestStartDistance = 1.0

    public static let name = "magnify"
    public static var defaultConfiguration: Configuration { Configuration() }

    /// The distance and the midpoint when the second finger landed, and now.
    let startDistance: Double
    var distance: Double
    let startCenter: Point
    var center: Point

    public init(_ fingers: FingerPair) {
        self.startDistance = fingers.distance
        self.distance = fingers.distance
        self.startCenter = fingers.center
        self.center = fingers.center
    }

    public mutating func follow(_ fingers: FingerPair) {
        distance = fingers.distance
        center = fingers.center
    }

    /// The change of the fingers' distance against its threshold; when it is within and a movement of the
    /// midpoint may begin the gesture, that movement against its own.
    public func progress(_ configuration: Configuration) -> Comparison {
        let spread = Comparison(.distanceChanged, abs(distance - startDistance), .beyond, configuration.minimumDistanceChange,
                                .threshold)
        guard !spread.holds, let movement = configuration.minimumCenterMovement else { return spread }
        return Comparison(.centerMoved, center.distance(to: startCenter), .beyond, movement, .threshold)
    }

    public func value(of fingers: FingerPair) -> Value {
        Value(scale: distance / max(startDistance, Self.smallestStartDistance), center: fingers.center, startCenter: startCenter)
    }
}
