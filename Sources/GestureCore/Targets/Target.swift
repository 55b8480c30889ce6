/// The library's idea of a view: a named area of the surface with one gesture, and child targets drawn
/// on top of it. Targets form a tree; the engine routes touches through it (docs/SPEC.md "Targets").
///
/// ```swift
/// let chart = Target("chart", shape: .rectangle(Rect(x: 10, y: 5, width: 200, height: 60)),
///                    component: TimelineComponent(configuration), children: [
///     Target("today", shape: .rectangle(Rect(x: 180, y: 8, width: 25, height: 12)), gesture: TapGesture()),
/// ])
/// var engine = GestureEngine(targets: [chart])
/// ```
public struct Target: Sendable {
    /// How a target's gesture is coordinated with the gestures of the targets above and below it.
    /// SwiftUI's `gesture`, `simultaneousGesture` and `highPriorityGesture`.
    public enum Coordination: Hashable, Sendable {
        /// The default: this gesture has priority over its ancestors' (their updates wait while it is
        /// possible, are dropped when it is recognized, and are released when it fails), and its
        /// descendants' have priority over it.
        case exclusive
        /// Recognized alongside the ancestors' gestures: it neither waits for them nor makes them wait.
        case simultaneous
        /// Has priority over its descendants' gestures: theirs wait for this one to fail.
        case highPriority
    }

    /// Unique among all the targets of an engine; events carry it.
    public var name: String
    /// Where a touch reaches the target, in mm on the surface, boundary included: a finger that goes down in it (and
    /// in its ancestors' shapes) belongs to it (SPEC.md, "Targets", **Routing**).
    public var shape: Shape
    /// How the target's gesture is coordinated with its ancestors' and descendants' (SPEC.md, "Targets",
    /// **Coordination**): ``Coordination/exclusive`` by default.
    public var coordination: Coordination
    /// Drawn on top of this target, first on top: a touch goes to the first child whose shape contains
    /// its down position (and on to that child's children), and to every ancestor.
    public var children: [Target]
    /// Where the target is drawn: its events' positions, translations and velocities come out in this
    /// view's points (SPEC "View coordinates"); ``ViewTransform/identity`` keeps surface millimetres. Nil, the
    /// default: its parent's view (surface millimetres at the top level), as a SwiftUI view draws in its parent's
    /// coordinates unless it has its own; a child without a view of its own follows its parent's when that changes
    /// (``GestureEngine/setViewTransform(of:to:)``).
    public var viewTransform: ViewTransform?
    /// What the target recognizes: nil for a container that only groups its children.
    var recognizer: TargetRecognizing?

    /// A target whose touches a component handles: a timeline, a dial, or a component of your own.
    public init<C: Component>(_ name: String, shape: Shape, component: C, coordination: Coordination = .exclusive,
                              children: [Target] = []) {
        self.name = name
        self.shape = shape
        self.coordination = coordination
        self.children = children
        self.recognizer = TargetRecognizer(component)
    }

    /// A target with a gesture (any composition of `Gesture`s) whose updates come out as they are:
    /// `GestureEvent.Kind.gesture`, carrying the typed value.
    public init<G: Gesture>(_ name: String, shape: Shape, gesture: G, coordination: Coordination = .exclusive,
                            children: [Target] = []) {
        self.init(name, shape: shape, component: GestureComponent(gesture), coordination: coordination, children: children)
    }

    /// A target without a gesture of its own: it groups its children, and takes no part in coordination.
    public init(_ name: String, shape: Shape, children: [Target]) {
        self.name = name
        self.shape = shape
        self.coordination = .exclusive
        self.children = children
        self.recognizer = nil
    }

    /// The component of this target, if it is a `C`.
    public func component<C: Component>(as type: C.Type = C.self) -> C? {
        recognizer?.component as? C
    }
}
