import GestureCore
import GestureFormat

/// The targets of a device without a layout, made from the bindings: one whole-screen target whose gestures are those
/// the bindings ask for, each once, and a strip along an edge for each edge swipe (SPEC "Service").
public enum BindingTargets {
    /// The whole-screen target's name: the `region` of its lines.
    public static let screen = "screen"

    /// The name of the strip of the edge swipe bound at `index` of the bindings: the `region` of its lines.
    public static func strip(_ index: Int) -> String { "bindings[\(index)]" }

    /// The view of a surface of `size` mm shown turned by `rotation`: mm as the display shows them, the origin at
    /// its top-left corner.
    public static func view(_ size: Size, rotation: ViewTransform.Rotation) -> ViewTransform {
        .placing(Rect(x: 0, y: 0, width: size.width, height: size.height), scale: 1, rotation: rotation)
    }

    /// The layout of `bindings` on a surface of `size` mm shown turned by `rotation`.
    ///
    /// The screen's gestures, combined `simultaneous` (each recognized on its own): a swipe for each number of fingers
    /// bound, a tap for each count and number of fingers (failing at the long press's duration when one is bound, so that a long press is
    /// no tap), the long press, the pinch, the rotation. Each edge swipe is a child strip `edgeMm` deep along its edge
    /// (the display's, turned onto the panel) over its zone: a finger landing there is the edge swipe's first, the
    /// screen's gestures waiting until it fails.
    public static func layout(_ bindings: [Binding], size: Size, rotation: ViewTransform.Rotation) -> Layout {
        let view = view(size, rotation: rotation)
        let shown = view.rect(fromSurface: Rect(x: 0, y: 0, width: size.width, height: size.height))
        var swipes: [Int] = []
        var taps: [(count: Int, fingers: Int)] = []
        var longPress: TimeSpan?
        var pinch = false
        var turn = false
        var strips: [RegionConfiguration] = []
        for (index, binding) in bindings.enumerated() {
            switch binding.gesture {
            case .swipe(let fingers, _): if !swipes.contains(fingers) { swipes.append(fingers) }
            case .tap(let count, let fingers): if !taps.contains(where: { $0 == (count, fingers) }) { taps.append((count, fingers)) }
            case .longPress(let duration): longPress = longPress ?? duration
            case .pinch: pinch = true
            case .rotation: turn = true
            case .edgeSwipe(let edge, let zone):
                let depth = EdgeSwipeGesture.Configuration(edge: edge, surface: shown).edgeDistance
                let across = edge == .left || edge == .right ? shown.height : shown.width
                let (from, to) = (zone.lowerBound * across, zone.upperBound * across)
                let corners: (Point, Point) = switch edge {
                case .left: (Point(x: 0, y: from), Point(x: min(depth, shown.width), y: to))
                case .right: (Point(x: max(shown.width - depth, 0), y: from), Point(x: shown.width, y: to))
                case .top: (Point(x: from, y: 0), Point(x: to, y: min(depth, shown.height)))
                case .bottom: (Point(x: from, y: max(shown.height - depth, 0)), Point(x: to, y: shown.height))
                }
                let a = view.surfacePoint(fromView: corners.0), b = view.surfacePoint(fromView: corners.1)
                let band = Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x), height: abs(a.y - b.y))
                // The edge on the panel that the display shows as `edge`.
                let panelEdge = [EdgeSwipeGesture.Edge.left, .right, .top, .bottom].first { view.edge(fromSurface: $0) == edge }!
                let gesture = LayoutGestures.EdgeSwipe(EdgeSwipeGesture.Configuration(edge: panelEdge, surface: band))
                strips.append(.generic(TargetConfiguration(name: strip(index), shape: .rectangle(band), gestures: [TargetGesture(gesture)])))
            }
        }
        var gestures: [any LayoutGesture] = swipes.map { LayoutGestures.Swipe(SwipeGesture.Configuration(fingers: $0)) }
        for (count, fingers) in taps {
            var tap = TapGesture.Configuration(fingers: fingers)
            tap.requiredCount = count
            tap.maximumDuration = longPress
            gestures.append(LayoutGestures.Tap(tap))
        }
        if let longPress { gestures.append(LayoutGestures.LongPress(LongPressGesture.Configuration(minimumDuration: longPress))) }
        if pinch { gestures.append(LayoutGestures.Magnify()) }
        if turn { gestures.append(LayoutGestures.Rotation()) }
        let screen = TargetConfiguration(name: screen, shape: .rectangle(Rect(x: 0, y: 0, width: size.width, height: size.height)),
                                         gestures: gestures.enumerated().map { TargetGesture($1, combination: $0 == 0 ? .exclusive : .simultaneous) },
                                         children: strips)
        return Layout(surface: size, regions: [.generic(screen)], viewTransforms: [Self.screen: view])
    }

    /// `layout` with every top-level region that has no view of its own shown turned by `rotation` on a surface of
    /// `size` mm.
    public static func turning(_ layout: Layout, size: Size, rotation: ViewTransform.Rotation) -> Layout {
        guard rotation != .none else { return layout }
        var turned = layout
        for region in layout.regions where turned.viewTransforms[region.name] == nil {
            turned.viewTransforms[region.name] = view(size, rotation: rotation)
        }
        return turned
    }
}

/// What a binding's command is to do at a gesture line.
public enum ActionStep: Hashable, Sendable {
    /// Run the command once: the gesture was recognized.
    case run
    /// Start the command of a continuous binding, with `begin` on its standard input.
    case begin(progress: Double)
    /// An `update` line to the running command.
    case update(progress: Double)
    /// An `end` line, then its standard input closed.
    case end(progress: Double)
    /// A `cancel` line, then its standard input closed: the gesture was cancelled.
    case cancel(progress: Double)

    /// The line a continuous command reads (`begin 0.25`); nil for `run`.
    public var line: String? {
        switch self {
        case .run: nil
        case .begin(let progress): "begin " + Numbers.decimal(progress) + "\n"
        case .update(let progress): "update " + Numbers.decimal(progress) + "\n"
        case .end(let progress): "end " + Numbers.decimal(progress) + "\n"
        case .cancel(let progress): "cancel " + Numbers.decimal(progress) + "\n"
        }
    }
}

/// Which bindings a device's gesture lines set off (SPEC "Service"): the lines of `BindingTargets`' layout in, the
/// steps of the bindings' commands out.
///
/// A pinch's and a rotation's direction is taken at their `began` and kept to their end; an edge swipe's, a pinch's
/// and a rotation's binding runs its command at `ended`, or, continuous, follows the gesture from `began`
/// (`ContinuousBinding`, docs/state-machines/continuous-binding.md).
public struct BindingMatcher: Sendable {
    /// The bindings, in the configuration's order: a step names a binding by its place here.
    public let bindings: [Binding]
    /// The display's size in mm as its lines measure it (turned), for an edge swipe's progress.
    let shown: Size
    /// Each binding's following of a continuous gesture (used by edge swipes, pinches and rotations only).
    var following: [ContinuousBinding]

    /// The matcher of `bindings` on a surface of `size` mm shown turned by `rotation`.
    public init(_ bindings: [Binding], size: Size, rotation: ViewTransform.Rotation) {
        self.bindings = bindings
        let shown = BindingTargets.view(size, rotation: rotation).rect(fromSurface: Rect(x: 0, y: 0, width: size.width, height: size.height))
        self.shown = Size(width: shown.width, height: shown.height)
        following = Array(repeating: ContinuousBinding(), count: bindings.count)
    }

    /// The bindings `event` sets off, in the bindings' order, each with its step.
    public mutating func steps(for event: GestureEvent) -> [(binding: Int, step: ActionStep)] {
        var steps: [(binding: Int, step: ActionStep)] = []
        for (index, binding) in bindings.enumerated() {
            if let step = step(binding, index, event) { steps.append((index, step)) }
        }
        return steps
    }

    private mutating func step(_ binding: Binding, _ index: Int, _ event: GestureEvent) -> ActionStep? {
        switch (binding.gesture, event.kind) {
        case (.swipe(let fingers, let direction), .swipe(let swipe)):
            return swipe.fingers == fingers && (direction == nil || direction == swipe.direction) ? .run : nil
        case (.tap(let count, let fingers), .tap(let tap)):
            return tap.count == count && tap.fingers == fingers && event.target == BindingTargets.screen ? .run : nil
        case (.longPress, .longPress):
            return .run
        case (.edgeSwipe(let edge, _), .edgeSwipe(let phase, let swipe)) where event.target == BindingTargets.strip(index):
            let inward = switch edge {
            case .left: swipe.dx / shown.width
            case .right: -swipe.dx / shown.width
            case .top: swipe.dy / shown.height
            case .bottom: -swipe.dy / shown.height
            }
            return following[index].take(phase, progress: inward, matches: true, continuous: binding.continuous)
        case (.pinch(let closing), .magnify(let phase, let magnify)):
            return following[index].take(phase, progress: magnify.scale, matches: closing.map { $0 == (magnify.scale < 1) } ?? true,
                                         continuous: binding.continuous)
        case (.rotation(let clockwise), .rotation(let phase, let rotation)):
            return following[index].take(phase, progress: rotation.rotation,
                                         matches: clockwise.map { $0 == (rotation.rotation > 0) } ?? true, continuous: binding.continuous)
        default:
            return nil
        }
    }

    /// A binding whose command could not follow its gesture (the previous run still running, or it could not start):
    /// the rest of the gesture is passed over.
    public mutating func passOver(_ binding: Int) {
        following[binding].passOver()
    }
}

/// A binding's following of one continuous gesture (an edge swipe, a pinch, a rotation), from its `began` to its end:
/// docs/state-machines/continuous-binding.md.
public struct ContinuousBinding: Sendable {
    enum State: Sendable {
        /// No gesture under way.
        case idle
        /// A gesture under way whose direction the binding is for.
        case following
        /// A gesture under way that the binding is not for (its direction), or whose command could not follow.
        case passingOver
    }

    var state = State.idle

    /// The step of a line of the gesture in `phase`, whose progress is `progress`; `matches`: the gesture (at its
    /// `began`) is one the binding is for. A binding that is not `continuous` runs its command at `ended`.
    mutating func take(_ phase: GesturePhase, progress: Double, matches: Bool, continuous: Bool) -> ActionStep? {
        switch (state, phase) {
        case (.idle, .began), (.following, .began), (.passingOver, .began):
            state = matches ? .following : .passingOver
            return matches && continuous ? .begin(progress: progress) : nil
        case (.following, .changed):
            return continuous ? .update(progress: progress) : nil
        case (.following, .ended):
            state = .idle
            return continuous ? .end(progress: progress) : .run
        case (.following, .cancelled):
            state = .idle
            return continuous ? .cancel(progress: progress) : nil
        case (.passingOver, .ended), (.passingOver, .cancelled):
            state = .idle
            return nil
        case (.idle, .changed), (.idle, .ended), (.idle, .cancelled), (.passingOver, .changed):
            return nil
        }
    }

    mutating func passOver() {
        switch state {
        case .following: state = .passingOver
        case .idle, .passingOver: break
        }
    }
}
