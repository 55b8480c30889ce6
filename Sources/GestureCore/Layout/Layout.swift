/// The regions of a layout file, in priority order: a touch belongs to the first region that contains
/// the point where it went down, and stays with it until it lifts. Each region is a top-level `Target`
/// (`RegionConfiguration.target`); `GestureEngine(layout:)` runs them.
public struct Layout: Hashable, Sendable {
    /// The physical size of the surface, for devices that do not report a resolution.
    public var surface: Size?
    /// The regions in priority order: a touch belongs to the first whose shape contains its down position (SPEC.md,
    /// "Regions"). Names are unique, children included.
    public var regions: [RegionConfiguration]
    /// The views of the regions (and children) that have one, by name: their lines are in that view's
    /// coordinates (SPEC "View coordinates"); the others' are in their parent's view (mm at the top level).
    public var viewTransforms: [String: ViewTransform]

    /// A layout of `regions` on a surface of `surface` mm (nil, the default: the device reports its size), with
    /// `viewTransforms` for the regions that have a view (none by default: every line in mm).
    public init(surface: Size? = nil, regions: [RegionConfiguration], viewTransforms: [String: ViewTransform] = [:]) {
        self.surface = surface
        self.regions = regions
        self.viewTransforms = viewTransforms
    }

    /// The regions as targets, each with its view (``viewTransforms``), children included.
    ///
    /// - Throws: ``GestureError/noTarget(named:)`` for a view of a name no region has, and what
    ///   ``RegionConfiguration/target`` throws.
    public func targets() throws(GestureError) -> [Target] {
        var views = viewTransforms
        func withViews(_ target: inout Target) {
            if let view = views.removeValue(forKey: target.name) { target.viewTransform = view }
            for index in target.children.indices { withViews(&target.children[index]) }
        }
        var targets: [Target] = []
        targets.reserveCapacity(regions.count)
        for region in regions {
            var target = try region.target
            if !views.isEmpty { withViews(&target) }
            targets.append(target)
        }
        if let unknown = views.keys.min() { throw .noTarget(named: unknown) }
        return targets
    }

    /// The whole surface as one timeline named `surface`, domain 0–100 (per cent of the width), bucket 1. Each side of
    /// its rectangle is brought within what a timeline may have (above 0, at most `Size.largestLength` mm), so that the
    /// engine takes it whatever the device claims: a side of 0 (an axis without range, whose touches all lie on its
    /// edge) is the least above 0, one beyond a kilometre (a damaged description) is a kilometre.
    public static func wholeSurface(_ size: Size) -> Layout {
        func side(_ length: Double) -> Double {
            length.isNaN ? Size.largestLength : min(max(length, .leastNormalMagnitude), Size.largestLength)
        }
        return Layout(surface: size, regions: [
            .timeline(TimelineConfiguration(name: "surface", rect: Rect(x: 0, y: 0, width: side(size.width), height: side(size.height)),
                                            domain: .numeric(start: 0, end: 100, bucket: 1))),
        ])
    }
}

/// One region of a layout, or one child of a `target` region.
public enum RegionConfiguration: Hashable, Sendable {
    /// A chart's time axis (SPEC.md, "`timeline`"): a rectangle with the ``TimelineComponent``, without children.
    case timeline(TimelineConfiguration)
    /// A round control (SPEC.md, "`dial`"): a circle with the ``DialComponent``, without children.
    case dial(DialConfiguration)
    /// A layout file's `target`: a shape, gestures, and children.
    case generic(TargetConfiguration)

    /// The region's name, unique in the layout: the output's `region` key and the target's name.
    public var name: String {
        switch self {
        case .timeline(let timeline): timeline.name
        case .dial(let dial): dial.name
        case .generic(let target): target.name
        }
    }

    /// The region as a target: its shape and its component (and a `target`'s children).
    ///
    /// - Throws: ``GestureError/invalidValue(subject:key:message:)`` for a timeline's or dial's configuration the
    ///   layout file refuses (``TimelineComponent/init(_:)``, ``DialComponent/init(_:)``). A layout the layout file
    ///   read has none.
    public var target: Target {
        get throws(GestureError) {
            switch self {
            case .timeline(let timeline):
                Target(timeline.name, shape: .rectangle(timeline.rect), component: try TimelineComponent(timeline))
            case .dial(let dial):
                Target(dial.name, shape: .circle(center: dial.center, radius: dial.radius), component: try DialComponent(dial))
            case .generic(let target):
                try target.target
            }
        }
    }

    /// Where a touch belongs to it.
    public var shape: Shape {
        switch self {
        case .timeline(let timeline): .rectangle(timeline.rect)
        case .dial(let dial): .circle(center: dial.center, radius: dial.radius)
        case .generic(let target): target.shape
        }
    }
}

/// A target of a layout file's own making (`kind` `target`, SPEC "Layout file"): a shape, a list of
/// gestures, and children of any kind drawn on top of it.
public struct TargetConfiguration: Hashable, Sendable {
    /// The target's name, unique in the layout (children included): the output's `region` key.
    public var name: String
    /// Where a touch reaches it, in mm on the surface, boundary included; a child's shape shares at least a point
    /// with it.
    public var shape: Shape
    /// How its gesture is coordinated with its ancestors' and descendants'; a target without gestures (a
    /// container) takes no part in coordination.
    public var coordination: Target.Coordination
    /// Its gestures, in priority order: each one after the first combines with the composition of those
    /// before it (`TargetGesture.Combination`).
    public var gestures: [TargetGesture]
    /// Drawn on top of it, the first on top.
    public var children: [RegionConfiguration]

    /// A target `name` of `shape` with `gestures` in priority order (none: a container), coordinated by
    /// `coordination` (``Target/Coordination/exclusive`` by default), with `children` on top of it (none by default).
    public init(name: String, shape: Shape, coordination: Target.Coordination = .exclusive, gestures: [TargetGesture],
                children: [RegionConfiguration] = []) {
        self.name = name
        self.shape = shape
        self.coordination = coordination
        self.gestures = gestures
        self.children = children
    }

    /// The gestures composed into one: the first, then each next one `exclusively(before:)` or
    /// `simultaneously(with:)` after the composition so far. Nil without gestures.
    public var gesture: AnyStandardGesture? {
        guard let first = gestures.first else { return nil }
        var composed = first.gesture.erasedGesture(in: shape)
        for next in gestures.dropFirst() {
            let gesture = next.gesture.erasedGesture(in: shape)
            switch next.combination {
            case .exclusive: composed = AnyStandardGesture(composed.exclusively(before: gesture))
            case .simultaneous: composed = AnyStandardGesture(composed.simultaneously(with: gesture))
            }
        }
        return composed
    }

    /// The target, with its children's.
    ///
    /// - Throws: ``GestureError/invalidValue(subject:key:message:)`` for a child timeline's or dial's configuration
    ///   the layout file refuses (see ``RegionConfiguration/target``).
    public var target: Target {
        get throws(GestureError) {
            var children: [Target] = []
            children.reserveCapacity(self.children.count)
            for child in self.children { children.append(try child.target) }
            guard let gesture else { return Target(name, shape: shape, children: children) }
            return Target(name, shape: shape, component: StandardLinesComponent(gesture: gesture, shape: shape), coordination: coordination,
                          children: children)
        }
    }
}

/// One gesture of a `target`, and how it combines with the gestures listed before it.
public struct TargetGesture: Hashable, Sendable {
    /// How a gesture of a list combines with the composition of those before it: the layout's `combine`
    /// (SPEC.md, "`target`").
    public enum Combination: String, Hashable, Sendable {
        /// Those before it have priority: its updates wait while they are possible, are dropped if they
        /// succeed, and are released if they all fail (`exclusively(before:)`).
        case exclusive
        /// Recognized alongside those before it (`simultaneously(with:)`).
        case simultaneous
    }

    /// The gesture, as the layout file named it with its options (a ``LayoutGestures/Tap``, a
    /// ``LayoutGestures/Drag``, …).
    public var gesture: any LayoutGesture
    /// Ignored for the first gesture of a list, which has none before it.
    public var combination: Combination

    /// `gesture`, combined with those before it by `combination` (``Combination/exclusive`` by default).
    public init(_ gesture: any LayoutGesture, combination: Combination = .exclusive) {
        self.gesture = gesture
        self.combination = combination
    }

    public static func == (lhs: TargetGesture, rhs: TargetGesture) -> Bool {
        lhs.combination == rhs.combination && AnyHashable(lhs.gesture) == AnyHashable(rhs.gesture)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(combination)
        hasher.combine(AnyHashable(gesture))
    }
}

/// A chart's time axis: tap a bucket, long-press and drag to select a range of buckets, or pan.
/// The defaults are SPEC's.
public struct TimelineConfiguration: Hashable, Sendable {
    /// The region's name, unique in the layout: the output's `region` key.
    public var name: String
    /// The chart's plot area in mm on the surface: a touch must go down in it, and its width maps onto the visible
    /// domain, x = `rect.x` at the start.
    public var rect: Rect
    /// The values the width maps onto and their buckets (numbers, or UTC days cut into days, ISO weeks or months).
    public var domain: TimelineDomain
    /// `longPressMs`.
    public var longPressDuration: TimeSpan
    /// `slopMm`.
    public var slop: Double
    /// `doubleTapMs`.
    public var doubleTapInterval: TimeSpan
    /// `doubleTapSlopMm`.
    public var doubleTapSlop: Double
    /// `zoom`: pinch-to-zoom and two-finger pan of the visible domain; nil (the default): none.
    public var zoom: ZoomConfiguration?

    /// A timeline `name` over `rect` (mm) showing `domain`, with SPEC.md's defaults: `longPressDuration` 300 ms,
    /// `slop` 3 mm, `doubleTapInterval` 300 ms, `doubleTapSlop` 10 mm, no `zoom`.
    public init(name: String, rect: Rect, domain: TimelineDomain, longPressDuration: TimeSpan = .ms(300),
                slop: Double = 3, doubleTapInterval: TimeSpan = .ms(300), doubleTapSlop: Double = 10,
                zoom: ZoomConfiguration? = nil) {
        self.name = name
        self.rect = rect
        self.domain = domain
        self.longPressDuration = longPressDuration
        self.slop = slop
        self.doubleTapInterval = doubleTapInterval
        self.doubleTapSlop = doubleTapSlop
        self.zoom = zoom
    }
}

/// A timeline's pinch-to-zoom, and the one-finger scroll of its zoomed chart (SPEC "timeline", **zoom**).
public struct ZoomConfiguration: Hashable, Sendable {
    /// `minSpan`: the smallest visible span, in the domain's units (seconds for a date domain; the layout
    /// file's `minSpan` is in days there). Nil: one bucket (the longest, for months: 31 days).
    public var minimumSpan: Double?
    /// `oneFingerScroll`: whether a one-finger pan of the chart, once zoomed in, scrolls its visible domain with the
    /// finger, as a chart app's does (its `zoom` lines follow the `pan` lines). True by default; false leaves the
    /// pan to the app, as a chart without zoom does.
    public var oneFingerScroll: Bool

    /// A zoom whose visible span is at least `minimumSpan`, in the domain's units (nil, the default: one bucket), and
    /// whose zoomed chart scrolls with one finger (`oneFingerScroll`, true by default).
    public init(minimumSpan: Double? = nil, oneFingerScroll: Bool = true) {
        self.minimumSpan = minimumSpan
        self.oneFingerScroll = oneFingerScroll
    }
}

/// A round control: wind it with one finger, rotate it with two, tap it; detents and stops give haptics.
/// The defaults are SPEC's.
public struct DialConfiguration: Hashable, Sendable {
    /// The region's name, unique in the layout: the output's `region` key.
    public var name: String
    /// The dial's centre in mm on the surface: angles are degrees clockwise from 12 o'clock about it.
    public var center: Point
    /// A touch must go down within this distance of the centre (boundary included).
    public var radius: Double
    /// `deadZoneMm`.
    public var deadZone: Double
    /// `slopMm`.
    public var slop: Double
    /// `doubleTapMs`.
    public var doubleTapInterval: TimeSpan
    /// `doubleTapSlopMm`.
    public var doubleTapSlop: Double
    /// `detentDegrees`: the angle between detents, in degrees (6; at least ``DialValue/finestDetentDegrees``).
    public var detentDegrees: Double
    /// `nil`: 10% of `detentDegrees`.
    public var hysteresisDegrees: Double?
    /// `nil`: no lower stop.
    public var minDegrees: Double?
    /// `nil`: no upper stop.
    public var maxDegrees: Double?
    /// `initialDegrees`: the value the dial starts at, in degrees (0); within the stops.
    public var initialDegrees: Double
    /// `rotateThresholdDegrees`: how far two fingers must turn, either way, before a rotation begins (2°).
    public var rotateThresholdDegrees: Double

    /// A dial `name` about `center` (mm) of `radius` mm, with SPEC.md's defaults: `deadZone` 5 mm, `slop` 3 mm,
    /// `doubleTapInterval` 300 ms, `doubleTapSlop` 10 mm, detents every 6° with a tenth of that as hysteresis, stops
    /// at 0° and 360°, starting at 0°, rotation beginning at 2°.
    public init(name: String, center: Point, radius: Double, deadZone: Double = 5, slop: Double = 3,
                doubleTapInterval: TimeSpan = .ms(300), doubleTapSlop: Double = 10, detentDegrees: Double = 6,
                hysteresisDegrees: Double? = nil, minDegrees: Double? = 0, maxDegrees: Double? = 360,
                initialDegrees: Double = 0, rotateThresholdDegrees: Double = 2) {
        self.name = name
        self.center = center
        self.radius = radius
        self.deadZone = deadZone
        self.slop = slop
        self.doubleTapInterval = doubleTapInterval
        self.doubleTapSlop = doubleTapSlop
        self.detentDegrees = detentDegrees
        self.hysteresisDegrees = hysteresisDegrees
        self.minDegrees = minDegrees
        self.maxDegrees = maxDegrees
        self.initialDegrees = initialDegrees
        self.rotateThresholdDegrees = rotateThresholdDegrees
    }
}
