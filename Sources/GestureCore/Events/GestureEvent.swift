/// One line of output: something a target recognized, at a time (or, when the engine explains, why one of
/// its machines changed state).
public struct GestureEvent: Hashable, Sendable {
    public var time: Timestamp
    /// The target's name (a layout file's region name); the output's `region` key.
    public var target: String
    public var kind: Kind

    public init(time: Timestamp, target: String, kind: Kind) {
        self.time = time
        self.target = target
        self.kind = kind
    }

    public enum Kind: Hashable, Sendable {
        case tap(Tap)
        case select(GesturePhase, Select)
        case pan(GesturePhase, Pan)
        case wind(GesturePhase, Wind)
        case rotate(GesturePhase, Rotate)
        case haptic(Haptic)
        /// A two-finger pinch (`MagnifyGesture`).
        case magnify(GesturePhase, Magnify)
        /// A swipe (`SwipeGesture`), recognized at the lift.
        case swipe(Swipe)
        /// A swipe in from an edge (`EdgeSwipeGesture`).
        case edgeSwipe(GesturePhase, EdgeSwipe)
        /// A pinch or two-finger pan of a zoomable timeline: its visible domain.
        case zoom(GesturePhase, Zoom)
        /// A long press of a target's own gesture (`LongPressGesture`), recognized at its deadline.
        case longPress(LongPress)
        /// The two-finger rotation of a target's own gesture (`RotationGesture`; a dial's is `rotate`).
        case rotation(GesturePhase, Rotation)
        /// An update of a target's own gesture, as it is (a target built with `Target(_:shape:gesture:)`):
        /// its phase (a discrete gesture is recognized as `ended`) and its typed value.
        case gesture(GesturePhase, GestureValue)
        /// Not a gesture: a state transition of a machine of the target's, with its reason (only when the
        /// engine `explains`; `--explain`). Indirect, so that the other events stay as small as they were.
        indirect case explanation(Explanation)

        /// The gesture type as the output names it (`tap`, `select`, ...).
        public var type: String {
            switch self {
            case .tap: "tap"
            case .select: "select"
            case .pan: "pan"
            case .wind: "wind"
            case .rotate: "rotate"
            case .haptic: "haptic"
            case .magnify: "magnify"
            case .swipe: "swipe"
            case .edgeSwipe: "edge-swipe"
            case .zoom: "zoom"
            case .longPress: "long-press"
            case .rotation: "rotation"
            case .gesture: "gesture"
            case .explanation: "explain"
            }
        }

        /// The phase of a continuous gesture; nil for taps and haptics.
        public var phase: GesturePhase? {
            switch self {
            case .tap, .haptic, .swipe, .longPress, .explanation: nil
            case .select(let phase, _), .pan(let phase, _), .wind(let phase, _), .rotate(let phase, _), .magnify(let phase, _),
                 .edgeSwipe(let phase, _), .zoom(let phase, _), .rotation(let phase, _), .gesture(let phase, _): phase
            }
        }
    }

    /// A tap, with its position and count; in a timeline also the domain value and its bucket.
    public struct Tap: Hashable, Sendable {
        public var x: Double
        public var y: Double
        public var count: Int
        /// The value under the tap and the selection of its bucket (timelines only).
        public var value: DomainValue?
        public var selection: Selection?

        public init(x: Double, y: Double, count: Int, value: DomainValue? = nil, selection: Selection? = nil) {
            self.x = x
            self.y = y
            self.count = count
            self.value = value
            self.selection = selection
        }
    }

    public struct Select: Hashable, Sendable {
        public var anchor: Bucket
        public var selection: Selection

        public init(anchor: Bucket, selection: Selection) {
            self.anchor = anchor
            self.selection = selection
        }
    }

    public struct Pan: Hashable, Sendable {
        /// mm from the down position.
        public var dx: Double
        public var dy: Double
        /// At `ended` only: the finger's velocity at the lift (`DragGesture.Value.velocity`).
        public var velocity: Velocity?

        public init(dx: Double, dy: Double, velocity: Velocity? = nil) {
            self.dx = dx
            self.dy = dy
            self.velocity = velocity
        }
    }

    public struct Wind: Hashable, Sendable {
        /// The dial's value in degrees.
        public var angle: Double
        /// The change of the value applied since the previous line of this gesture.
        public var delta: Double
        public var detent: Int

        public init(angle: Double, delta: Double, detent: Int) {
            self.angle = angle
            self.delta = delta
            self.detent = detent
        }
    }

    public struct Rotate: Hashable, Sendable {
        /// The dial's value in degrees.
        public var angle: Double
        /// Cumulative rotation of the two fingers since the second landed.
        public var rotation: Double
        /// The change of the value applied in this frame.
        public var delta: Double
        public var detent: Int
        /// Midpoint of the two fingers.
        public var center: Point

        public init(angle: Double, rotation: Double, delta: Double, detent: Int, center: Point) {
            self.angle = angle
            self.rotation = rotation
            self.delta = delta
            self.detent = detent
            self.center = center
        }
    }

    public struct Magnify: Hashable, Sendable {
        /// The distance between the two fingers ÷ their distance when the second landed.
        public var scale: Double
        /// Midpoint of the two fingers.
        public var center: Point

        public init(scale: Double, center: Point) {
            self.scale = scale
            self.center = center
        }
    }

    public struct Swipe: Hashable, Sendable {
        /// `up`, `up-right`, `right`, … (y down: up is towards the top edge).
        public var direction: String
        /// The fingers' mean velocity at the lift, mm/s.
        public var vx: Double
        public var vy: Double
        public var fingers: Int

        public init(direction: String, vx: Double, vy: Double, fingers: Int) {
            self.direction = direction
            self.vx = vx
            self.vy = vy
            self.fingers = fingers
        }
    }

    public struct EdgeSwipe: Hashable, Sendable {
        /// `left`, `right`, `top` or `bottom`.
        public var edge: String
        /// mm from the down position.
        public var dx: Double
        public var dy: Double

        public init(edge: String, dx: Double, dy: Double) {
            self.edge = edge
            self.dx = dx
            self.dy = dy
        }
    }

    public struct Zoom: Hashable, Sendable {
        /// The part of the timeline's domain its width shows now.
        public var visible: VisibleDomain

        public init(visible: VisibleDomain) {
            self.visible = visible
        }
    }

    public struct LongPress: Hashable, Sendable {
        /// Where the finger went down.
        public var x: Double
        public var y: Double

        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    public struct Rotation: Hashable, Sendable {
        /// Cumulative rotation of the line from the first finger to the second since the second landed,
        /// degrees clockwise.
        public var rotation: Double
        /// Midpoint of the two fingers.
        public var center: Point

        public init(rotation: Double, center: Point) {
            self.rotation = rotation
            self.center = center
        }
    }

    public enum Haptic: Hashable, Sendable {
        /// A long press was recognized.
        case press
        /// The dial stepped to this detent.
        case detent(Int)
        /// The dial was pushed against a stop; carries the detent after that change.
        case limit(detent: Int)
    }
}
