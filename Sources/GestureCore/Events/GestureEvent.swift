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
        /// A one-finger zoom: a tap, then a second landing held and dragged up or down (`QuickScaleGesture`).
        case quickScale(GesturePhase, QuickScale)
        /// An update of a target's own gesture, as it is (a target built with `Target(_:shape:gesture:)`):
        /// its phase (a discrete gesture is recognized as `ended`) and its typed value.
        case gesture(GesturePhase, GestureValue)
        /// Not a gesture: a state transition of a machine of the target's, with its reason (only when the
        /// engine `explains`; `--explain`). Indirect, so that the other events stay as small as they were.
        indirect case explanation(Explanation)

        /// The gesture type as the output names it (`tap`, `select`, ...; `explain` for an explanation).
        public var type: String {
            var visitor = TypeOfPayload()
            return accept(&visitor).map { String(describing: $0) } ?? "explain"
        }

        /// The phase of a continuous gesture; nil for taps, haptics and the other discrete lines.
        public var phase: GesturePhase? {
            var visitor = PhaseOfPayload()
            return accept(&visitor) ?? nil
        }

        /// How a picture draws the line (`GestureEventPayload.drawing`); nil for an explanation.
        public var drawing: EventDrawing? {
            var visitor = DrawingOfPayload()
            return accept(&visitor)
        }

        /// Hands `visitor` the event's payload and phase, whatever its kind: the one place that lists the kinds of
        /// line (with `mapPayload(_:)`). An explanation is no gesture's line: nil. Always inlined, as the payloads'
        /// `write(to:)` are, so that a formatter writes a line in one function (docs/performance.md).
        @inlinable @inline(__always)
        public func accept<Visitor: GestureEventVisitor>(_ visitor: inout Visitor) -> Visitor.Result? {
            switch self {
            case .tap(let payload): visitor.visit(payload, phase: nil)
            case .select(let phase, let payload): visitor.visit(payload, phase: phase)
            case .pan(let phase, let payload): visitor.visit(payload, phase: phase)
            case .wind(let phase, let payload): visitor.visit(payload, phase: phase)
            case .rotate(let phase, let payload): visitor.visit(payload, phase: phase)
            case .haptic(let payload): visitor.visit(payload, phase: nil)
            case .magnify(let phase, let payload): visitor.visit(payload, phase: phase)
            case .swipe(let payload): visitor.visit(payload, phase: nil)
            case .edgeSwipe(let phase, let payload): visitor.visit(payload, phase: phase)
            case .zoom(let phase, let payload): visitor.visit(payload, phase: phase)
            case .longPress(let payload): visitor.visit(payload, phase: nil)
            case .rotation(let phase, let payload): visitor.visit(payload, phase: phase)
            case .quickScale(let phase, let payload): visitor.visit(payload, phase: phase)
            case .gesture(let phase, let payload): visitor.visit(payload, phase: phase)
            case .explanation: nil
            }
        }

        /// The same kind with its payload changed by `change` (a view's coordinates); an explanation as it is.
        public func mapPayload<Change: GestureEventPayloadChange>(_ change: Change) -> Self {
            switch self {
            case .tap(let payload): .tap(change.apply(payload))
            case .select(let phase, let payload): .select(phase, change.apply(payload))
            case .pan(let phase, let payload): .pan(phase, change.apply(payload))
            case .wind(let phase, let payload): .wind(phase, change.apply(payload))
            case .rotate(let phase, let payload): .rotate(phase, change.apply(payload))
            case .haptic(let payload): .haptic(change.apply(payload))
            case .magnify(let phase, let payload): .magnify(phase, change.apply(payload))
            case .swipe(let payload): .swipe(change.apply(payload))
            case .edgeSwipe(let phase, let payload): .edgeSwipe(phase, change.apply(payload))
            case .zoom(let phase, let payload): .zoom(phase, change.apply(payload))
            case .longPress(let payload): .longPress(change.apply(payload))
            case .rotation(let phase, let payload): .rotation(phase, change.apply(payload))
            case .quickScale(let phase, let payload): .quickScale(phase, change.apply(payload))
            case .gesture(let phase, let payload): .gesture(phase, change.apply(payload))
            case .explanation: self
            }
        }
    }
}

/// A change of any payload into another of its own type (`GestureEvent.Kind.mapPayload(_:)`): a view's coordinates.
public protocol GestureEventPayloadChange {
    /// `payload`, changed.
    func apply<Payload: GestureEventPayload>(_ payload: Payload) -> Payload
}

/// The `type` of a payload.
private struct TypeOfPayload: GestureEventVisitor {
    func visit<Payload: GestureEventPayload>(_ payload: Payload, phase: GesturePhase?) -> StaticString { Payload.type }
}

/// The phase of an event.
private struct PhaseOfPayload: GestureEventVisitor {
    func visit<Payload: GestureEventPayload>(_ payload: Payload, phase: GesturePhase?) -> GesturePhase? { phase }
}

/// How a picture draws a payload.
private struct DrawingOfPayload: GestureEventVisitor {
    func visit<Payload: GestureEventPayload>(_ payload: Payload, phase: GesturePhase?) -> EventDrawing { payload.drawing }
}
