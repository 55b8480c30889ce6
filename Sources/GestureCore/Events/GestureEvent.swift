/// One line of output: something a target recognized, at a time (or, when the engine explains, why one of
/// its machines changed state).
public struct GestureEvent: Hashable, Sendable {
    /// When it happened, on the input's clock: a frame's time, or a deadline's own time.
    public var time: Timestamp
    /// The target's name (a layout file's region name); the output's `region` key.
    public var target: String
    /// What was recognized, with its values.
    public var kind: Kind

    /// An event of `kind` on the target named `target` at `time`.
    public init(time: Timestamp, target: String, kind: Kind) {
        self.time = time
        self.target = target
        self.kind = kind
    }

    /// What an event says: its type (the output's `type` key), its phase for a continuous gesture, and its values.
    public enum Kind: Hashable, Sendable {
        /// A tap, recognized at its lift (or, with an exact count, once the chain is known to be complete).
        case tap(Tap)
        /// A timeline's long-press-then-drag selection of buckets.
        case select(GesturePhase, Select)
        /// A one-finger drag: a timeline's scroll, or a target's `DragGesture`.
        case pan(GesturePhase, Pan)
        /// A dial wound with one finger.
        case wind(GesturePhase, Wind)
        /// A dial turned with two fingers.
        case rotate(GesturePhase, Rotate)
        /// Feedback to play now: a long press recognized, a dial's detent or stop.
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
        /// Where the finger went down, in mm from the surface's left edge (the output's `x`).
        public var x: Double
        /// Where the finger went down, in mm from the surface's top edge, y down (the output's `y`).
        public var y: Double
        /// The tap's place in its chain, from 1: the previous tap's count + 1 when that tap lifted within `doubleTapMs`
        /// of this one's landing and landed within `doubleTapSlopMm` of it, else 1 (SPEC.md, "Tap counts"). With an
        /// exact count (`TapGesture(count: n)`) it is always n.
        public var count: Int
        /// The value under the tap and the selection of its bucket (timelines only).
        public var value: DomainValue?
        /// The tapped value's bucket as a selection, start and end both that bucket (timelines only; nil elsewhere).
        public var selection: Selection?

        /// A tap that went down at (`x`, `y`) mm with `count`; `value` and `selection` only for a timeline's tap (nil,
        /// the default, elsewhere).
        public init(x: Double, y: Double, count: Int, value: DomainValue? = nil, selection: Selection? = nil) {
            self.x = x
            self.y = y
            self.count = count
            self.value = value
            self.selection = selection
        }
    }

    /// A timeline's long-press-then-drag selection of buckets (SPEC.md, "`timeline`", **select**): the output's
    /// `select` line.
    public struct Select: Hashable, Sendable {
        /// The bucket under the finger's down position when the long press was recognized; it stays for the whole
        /// selection.
        public var anchor: Bucket
        /// The buckets selected so far: from the earlier to the later of ``anchor`` and the bucket under the finger,
        /// always ordered and within the domain.
        public var selection: Selection

        /// A selection from `anchor` (the bucket where the finger went down) spanning `selection`.
        public init(anchor: Bucket, selection: Selection) {
            self.anchor = anchor
            self.selection = selection
        }
    }

    /// A one-finger drag's displacement (SPEC.md, "`timeline`", **pan**, and the `drag` gesture of a target): the
    /// output's `pan` line.
    public struct Pan: Hashable, Sendable {
        /// mm from the down position.
        public var dx: Double
        /// mm from the down position, downwards (y down: positive when the finger moved towards the bottom edge).
        public var dy: Double
        /// At `ended` only: the finger's velocity at the lift (`DragGesture.Value.velocity`).
        public var velocity: Velocity?

        /// A drag `dx`, `dy` mm from the down position; `velocity` (mm/s) only at `ended`, nil (the default) otherwise.
        public init(dx: Double, dy: Double, velocity: Velocity? = nil) {
            self.dx = dx
            self.dy = dy
            self.velocity = velocity
        }
    }

    /// A dial wound with one finger (SPEC.md, "`dial`", **wind**): the output's `wind` line.
    public struct Wind: Hashable, Sendable {
        /// The dial's value in degrees.
        public var angle: Double
        /// The change of the value applied since the previous line of this gesture.
        public var delta: Double
        /// The dial's detent index after this change: the nearest multiple of `detentDegrees` to the value, stepped
        /// with hysteresis (SPEC.md, "`dial`", **detents**).
        public var detent: Int

        /// A wind that left the dial at `angle` degrees, having applied `delta` degrees since the previous line, at
        /// `detent`.
        public init(angle: Double, delta: Double, detent: Int) {
            self.angle = angle
            self.delta = delta
            self.detent = detent
        }
    }

    /// A dial turned with two fingers (SPEC.md, "`dial`", **rotate**): the output's `rotate` line.
    public struct Rotate: Hashable, Sendable {
        /// The dial's value in degrees.
        public var angle: Double
        /// Cumulative rotation of the two fingers since the second landed.
        public var rotation: Double
        /// The change of the value applied in this frame.
        public var delta: Double
        /// The dial's detent index after this frame's change (SPEC.md, "`dial`", **detents**).
        public var detent: Int
        /// Midpoint of the two fingers.
        public var center: Point

        /// A rotation that left the dial at `angle` degrees with the fingers turned `rotation` degrees (clockwise)
        /// since the second landed, `delta` degrees applied in this frame, at `detent`, the fingers' midpoint at
        /// `center` (mm).
        public init(angle: Double, rotation: Double, delta: Double, detent: Int, center: Point) {
            self.angle = angle
            self.rotation = rotation
            self.delta = delta
            self.detent = detent
            self.center = center
        }
    }

    /// A two-finger pinch (SPEC.md, "Pinch"): the output's `magnify` line.
    public struct Magnify: Hashable, Sendable {
        /// The distance between the two fingers ÷ their distance when the second landed.
        public var scale: Double
        /// Midpoint of the two fingers.
        public var center: Point

        /// A pinch at `scale` (current distance ÷ distance at the second landing; above 1 when spreading) about
        /// `center` (mm on the surface).
        public init(scale: Double, center: Point) {
            self.scale = scale
            self.center = center
        }
    }

    /// A swipe, recognized at the first lift of its fingers (SPEC.md, "Swipe"): the output's `swipe` line.
    public struct Swipe: Hashable, Sendable {
        /// `up`, `up-right`, `right`, … (y down: up is towards the top edge).
        public var direction: String
        /// The fingers' mean velocity at the lift, mm/s.
        public var vx: Double
        /// The fingers' mean vertical velocity at the lift, mm/s, y down (negative for a swipe up).
        public var vy: Double
        /// How many fingers swiped: the configured ``SwipeGesture/Configuration/fingers``.
        public var fingers: Int

        /// A swipe in `direction` (the output's name, `up-right` for instance) at a mean `vx`, `vy` mm/s (y down), with
        /// `fingers` fingers.
        public init(direction: String, vx: Double, vy: Double, fingers: Int) {
            self.direction = direction
            self.vx = vx
            self.vy = vy
            self.fingers = fingers
        }
    }

    /// A swipe in from an edge (SPEC.md, "Edge swipe"): the output's `edge-swipe` line.
    public struct EdgeSwipe: Hashable, Sendable {
        /// `left`, `right`, `top` or `bottom`.
        public var edge: String
        /// mm from the down position.
        public var dx: Double
        /// mm from the down position, downwards (y down).
        public var dy: Double

        /// An edge swipe in from `edge` (`left`, `right`, `top` or `bottom`), `dx`, `dy` mm from the down position.
        public init(edge: String, dx: Double, dy: Double) {
            self.edge = edge
            self.dx = dx
            self.dy = dy
        }
    }

    /// A zoomable timeline's pinch or two-finger pan (SPEC.md, "`timeline`", **zoom**): the output's `zoom` line.
    public struct Zoom: Hashable, Sendable {
        /// The part of the timeline's domain its width shows now.
        public var visible: VisibleDomain

        /// A zoom that now shows `visible`, in the domain's units.
        public init(visible: VisibleDomain) {
            self.visible = visible
        }
    }

    /// A target's long press, recognized at its deadline, down + `durationMs` (SPEC.md, "Layout file", `long-press`):
    /// the output's `long-press` line.
    public struct LongPress: Hashable, Sendable {
        /// Where the finger went down.
        public var x: Double
        /// Where the finger went down, in mm from the surface's top edge (y down).
        public var y: Double

        /// A long press of a finger that went down at (`x`, `y`) mm.
        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// A target's two-finger rotation (`RotationGesture`; SPEC.md, "Layout file", `rotation`): the output's
    /// `rotation` line. A dial's own rotation is a ``Rotate``.
    public struct Rotation: Hashable, Sendable {
        /// Cumulative rotation of the line from the first finger to the second since the second landed,
        /// degrees clockwise.
        public var rotation: Double
        /// Midpoint of the two fingers.
        public var center: Point

        /// A rotation of `rotation` degrees clockwise since the second finger landed, the fingers' midpoint at
        /// `center` (mm on the surface).
        public init(rotation: Double, center: Point) {
            self.rotation = rotation
            self.center = center
        }
    }

    /// Feedback for the application to play now (the output's `haptic` line, its `kind` key): a long press, a
    /// dial's detent or a dial's stop.
    public enum Haptic: Hashable, Sendable {
        /// A long press was recognized.
        case press
        /// The dial stepped to this detent.
        case detent(Int)
        /// The dial was pushed against a stop; carries the detent after that change.
        case limit(detent: Int)
    }
}
