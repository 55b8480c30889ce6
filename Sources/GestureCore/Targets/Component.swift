/// What a target does with the touches routed to it: one gesture, and what its updates mean.
///
/// This is the engine's one extension point. The timeline and the dial are components, built only on
/// what this protocol offers; a UI layer adds its own the same way:
///
/// ```swift
/// struct Slider: Component {
///     var gesture = DragGesture(.init(minimumDistance: 0))
///     var value = 0.0
///     mutating func deliver(_ update: GestureUpdate<DragGesture.Value>, to output: inout TargetOutput) {
///         value = update.value.location.x
///         output.emit(.gesture(update.phase, GestureValue(value)))
///     }
/// }
/// ```
///
/// The engine feeds `gesture` with the target's touches and deadlines, coordinates its status with the
/// other targets' (docs/SPEC.md "Targets"), and hands each update that is to be heard to `deliver`, in
/// order. An update held while a gesture with priority was undecided is delivered when that one fails,
/// with the time of that moment; an update of a gesture that lost is never delivered. So a component
/// changes its state (a dial's value) only for what is reported.
public protocol Component: Sendable {
    /// The component's recognizer type: any composition of gestures (``DialComponent/Recognizer``, say).
    associatedtype Body: Gesture

    /// The recognizer of the target: any composition of `Gesture`s.
    var gesture: Body { get set }

    /// One update of `gesture` that is to be heard: emit the events it means into `output`.
    mutating func deliver(_ update: GestureUpdate<Body.Value>, to output: inout TargetOutput)

    /// The target was moved or resized (`GestureEngine.reshape`): a component whose gesture depends on
    /// the target's geometry (a dial's centre) follows it here. The default does nothing.
    mutating func targetReshaped(to shape: Shape)
}

extension Component {
    public mutating func targetReshaped(to shape: Shape) {}
}

/// Where a component emits its events: the target's name and the time are filled in, and the values
/// emitted in surface millimetres come out in the target's view (`ViewTransform.kind(fromSurface:)`, the
/// one place where events take the view's coordinates).
///
/// The engine keeps one for each target from input to input (`GestureEngine.Node.output`), changing only its time
/// and swapping its buffer of events in and out, rather than build and destroy one for each target and input
/// (docs/performance.md).
public struct TargetOutput: Sendable {
    /// The target whose component emits.
    public internal(set) var target: String
    /// The target's shape now (a timeline maps x through its rectangle).
    public internal(set) var shape: Shape
    /// The time of the input being handled (for a released update, the time of its release).
    public internal(set) var time: Timestamp
    /// The target's view now: `emit` maps what it is given through it.
    public internal(set) var viewTransform: ViewTransform {
        didSet { viewIsIdentity = viewTransform == .identity }
    }
    /// Whether `viewTransform` is the identity, known once for the target rather than compared on every event:
    /// `kind(fromSurface:)` compared and copied each event's kind (a dial's haptics come several a frame;
    /// docs/performance.md).
    private(set) var viewIsIdentity: Bool
    /// Where `emit` appends: the engine's buffer for the input, swapped in while the component emits.
    var events: [GestureEvent] = []

    /// The output of the target named `target`, empty, at time zero until an input sets it.
    init(target: String, shape: Shape, viewTransform: ViewTransform) {
        self.target = target
        self.shape = shape
        self.viewTransform = viewTransform
        self.viewIsIdentity = viewTransform == .identity
        self.time = .zero
    }

    /// Emits one event of this target at `time`: `kind`'s values in surface millimetres, which come out
    /// in the target's view coordinates. (`consuming`: the kind moves into the event instead of being copied.)
    /// Inlined into the components: with `GestureEvent.Kind` loadable, each emit then writes its event's fields
    /// straight into the buffer (it did not pay while the kind was address-only: docs/performance.md).
    @inline(__always)
    public mutating func emit(_ kind: consuming GestureEvent.Kind) {
        if viewIsIdentity {
            events.append(GestureEvent(time: time, target: target, kind: kind))
        } else {
            events.append(GestureEvent(time: time, target: target, kind: viewTransform.kind(fromSurface: kind)))
        }
    }
}

/// The component of a target built from a bare gesture: each update comes out as it is. A value with a
/// line of its own (`StandardEventValue`: a tap, a drag) comes out as that line (`tap`, `pan`); any other
/// as a `GestureEvent.Kind.gesture` line carrying the typed value.
public struct GestureComponent<Body: Gesture>: Component {
    public var gesture: Body

    /// The component of `gesture`: its updates come out as ``StandardEventValue`` lines or `gesture` lines.
    public init(_ gesture: Body) {
        self.gesture = gesture
    }

    /// The target was moved or resized: a gesture on its target's edge (a layout's `edge-swipe`) follows it.
    public mutating func targetReshaped(to shape: Shape) {
        reshapeIfTargetShaped(&gesture, to: shape)
    }

    public mutating func deliver(_ update: GestureUpdate<Body.Value>, to output: inout TargetOutput) {
        if let standard = update.value as? any StandardEventValue {
            output.emit(standard.eventKind(update.phase))
        } else {
            output.emit(.gesture(update.phase, GestureValue(update.value)))
        }
    }
}

/// The component of a layout file's `target`: its composed gestures, erased (`TargetConfiguration.gesture`), each
/// update coming out as its line. It is `GestureComponent`'s delivery for a value known to have a line of its own,
/// without asking at every update whether it has one (a cast through the runtime), and a type of its own so that the
/// engine runs it specialized (`TargetRecognizer`).
struct StandardLinesComponent: Component {
    var gesture: AnyStandardGesture
    /// The shape `gesture` follows: the target's, for which it was made.
    var shape: Shape

    /// The gesture follows the target's new shape. Not when it is the shape it follows already, as when the engine
    /// takes up the target it was made for: telling the gesture asks the runtime, at each gesture and combinator,
    /// whether it depends on the shape (docs/performance.md, "Layout loading").
    mutating func targetReshaped(to shape: Shape) {
        guard shape != self.shape else { return }
        self.shape = shape
        gesture.targetReshaped(to: shape)
    }

    mutating func deliver(_ update: GestureUpdate<AnyStandardGesture.Value>, to output: inout TargetOutput) {
        output.emit(update.value.kind)
    }
}

/// A gesture that depends on its target's shape (a layout's edge swipe, on its target's edge), and the combinators
/// that hold one: `GestureComponent.targetReshaped(to:)` reaches it through them when the target is moved or resized.
protocol TargetShapedGesture {
    mutating func targetReshaped(to shape: Shape)
}

/// Tells `gesture` its target's new shape, when it depends on it (`TargetShapedGesture`); else leaves it.
func reshapeIfTargetShaped<G: Gesture>(_ gesture: inout G, to shape: Shape) {
    guard var shaped = gesture as? any TargetShapedGesture else { return }
    shaped.targetReshaped(to: shape)
    if let reshaped = shaped as? G { gesture = reshaped }
}

/// A gesture value that has a line of its own in the output, whatever target reports it.
public protocol StandardEventValue: Sendable {
    /// The event of an update in `phase` with this value.
    func eventKind(_ phase: GesturePhase) -> GestureEvent.Kind
}

extension TapGesture.Value: StandardEventValue {
    /// A `tap` line at the down position, with the count (no domain fields: those are a timeline's).
    public func eventKind(_ phase: GesturePhase) -> GestureEvent.Kind {
        .tap(GestureEvent.Tap(x: location.x, y: location.y, count: count, fingers: fingers))
    }
}

extension DragMeasure.Value: StandardEventValue {
    /// A `pan` line: the translation from where the drag started; at `ended`, the velocity.
    public func eventKind(_ phase: GesturePhase) -> GestureEvent.Kind {
        .pan(phase, GestureEvent.Pan(dx: translation.dx, dy: translation.dy, velocity: velocity))
    }
}

extension MagnificationMeasure.Value: StandardEventValue {
    /// A `magnify` line: the scale and the fingers' midpoint.
    public func eventKind(_ phase: GesturePhase) -> GestureEvent.Kind {
        .magnify(phase, GestureEvent.Magnify(scale: scale, center: center))
    }
}

extension GestureEvent.Swipe: StandardEventValue {
    /// A `swipe` line: its direction, the fingers' mean velocity, and how many.
    public func eventKind(_ phase: GesturePhase) -> GestureEvent.Kind {
        .swipe(self)
    }
}

extension EdgeSwipeMeasure.Value: StandardEventValue {
    /// An `edge-swipe` line: the edge, and the translation from the down position.
    public func eventKind(_ phase: GesturePhase) -> GestureEvent.Kind {
        .edgeSwipe(phase, GestureEvent.EdgeSwipe(edge: edge, dx: location.x - startLocation.x, dy: location.y - startLocation.y))
    }
}

extension LongPressGesture.Value: StandardEventValue {
    /// A `long-press` line at the down position.
    public func eventKind(_ phase: GesturePhase) -> GestureEvent.Kind {
        .longPress(GestureEvent.LongPress(x: startLocation.x, y: startLocation.y))
    }
}

extension GestureEvent.Rotation: StandardEventValue {
    /// A `rotation` line: the cumulative rotation and the fingers' midpoint.
    public func eventKind(_ phase: GesturePhase) -> GestureEvent.Kind {
        .rotation(phase, self)
    }
}

extension Either: StandardEventValue where First: StandardEventValue, Second: StandardEventValue {
    /// The line of whichever gesture reported.
    public func eventKind(_ phase: GesturePhase) -> GestureEvent.Kind {
        switch self {
        case .first(let value): value.eventKind(phase)
        case .second(let value): value.eventKind(phase)
        }
    }
}

/// The value of a gesture of any type, as a `GestureEvent` carries it: read it back with `as(_:)`.
///
/// Two values are equal when they have the same type and the same description (`String(describing:)`),
/// which for the library's value types means the same fields.
public struct GestureValue: Hashable, Sendable, CustomStringConvertible {
    /// The value and its description, in a box of their own: a reference keeps `GestureEvent.Kind` loadable. Held
    /// inline, the `any Sendable` made every event address-only: built on the stack and copied into the engine's
    /// buffer, and copied before every `switch` over its kind (the formatter's, at every line; docs/performance.md).
    /// Only a `gesture` event pays for the box (one allocation).
    private final class Storage: Sendable {
        let value: any Sendable
        let description: String
        init(_ value: any Sendable) {
            self.value = value
            self.description = String(describing: value)
        }
    }
    private let storage: Storage

    /// The gesture's own value (a ``TapGesture/Value``, a type of the library user's own); read it with
    /// ``as(_:)``.
    public var value: any Sendable { storage.value }
    public var description: String { storage.description }

    /// The value `value`, described once with `String(describing:)` (the output's `value` key).
    public init(_ value: any Sendable) {
        storage = Storage(value)
    }

    /// The value, if it is a `T`.
    public func `as`<T>(_ type: T.Type = T.self) -> T? { value as? T }

    public static func == (lhs: GestureValue, rhs: GestureValue) -> Bool {
        ObjectIdentifier(Swift.type(of: lhs.value)) == ObjectIdentifier(Swift.type(of: rhs.value)) && lhs.description == rhs.description
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(Swift.type(of: value)))
        hasher.combine(description)
    }
}
