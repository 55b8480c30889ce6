/// A gesture kind of a layout file's `target` regions (SPEC "Layout file", gestures): its `kind`, its
/// options with the library's defaults, the options that contradict each other, and the recognizer.
///
/// A gesture kind of the layout file is a type conforming to `LayoutGesture`, listed in `LayoutGestures.all`: the
/// layout file reader reads and checks its options from `options`, and a target builds its recognizer with
/// `gesture(in:)`. A new kind with a line of its own is added in three files: the recognizer's (the recognizer, its
/// line's payload, `GestureEventPayload`, and this conformance: `QuickScaleGesture.swift` shows how), its case in
/// `GestureEvent.Kind` (with its line in `accept(_:)` and `mapPayload(_:)`), and its entry in `all`. The formatters and
/// the view transform know no kinds.
public protocol LayoutGesture: Hashable, Sendable {
    /// The recognizer this kind builds (``TapGesture``, ``DragGesture``, …), whose values make their own output lines.
    associatedtype Body: Gesture where Body.Value: StandardEventValue

    /// Its `kind` in the layout file.
    static var kind: String { get }

    /// The options a layout file may give, in the order SPEC lists them. A `static let`: the layout file reader
    /// reads them at every gesture of the kind, and a computed list would build its key paths anew each time.
    static var options: [LayoutOption<Self>] { get }

    /// The gesture with the library's defaults, before a layout file's options are applied.
    init()

    /// A gesture of this kind with the library's defaults and `settings` applied in order, each the index of one of
    /// `options` and its value; nil when a setting names no option, or gives one a value it does not take (of another
    /// kind, or out of its range). A requirement, not only an extension, and erased, so that a reader that knows the
    /// kind only as `any LayoutGesture.Type` runs no generic code (docs/performance.md, "Layout loading, third step").
    static func layoutGesture(_ settings: [(option: Int, value: LayoutOptionValue)]) -> (any LayoutGesture)?

    /// Options that contradict each other: the key to blame, and why; nil when they fit.
    var conflict: LayoutOptionConflict? { get }

    /// The recognizer, for a target of `shape`.
    func gesture(in shape: Shape) -> Body

    /// The recognizer, erased, so that a target's list of gestures can be composed. A requirement, not only an
    /// extension, so that each kind's is made for its own type: the erased gesture's code is then specialized for it
    /// (`AnyStandardGesture`; docs/performance.md, "Composed gestures").
    func erasedGesture(in shape: Shape) -> AnyStandardGesture
}

extension LayoutGesture {
    public var conflict: LayoutOptionConflict? { nil }

    /// The keys of its options. (Not `map(\.key)`: a key path of a generic type is made anew at each call.)
    public static var optionKeys: [String] { options.map { $0.key } }

    public static func layoutGesture(_ settings: [(option: Int, value: LayoutOptionValue)]) -> (any LayoutGesture)? {
        var gesture = Self()
        for setting in settings {
            guard options.indices.contains(setting.option), options[setting.option].set(setting.value, on: &gesture) else { return nil }
        }
        return gesture
    }

    /// The recognizer, erased, so that a target's list of gestures can be composed.
    public func erasedGesture(in shape: Shape) -> AnyStandardGesture {
        AnyStandardGesture(gesture(in: shape))
    }
}

/// Options of a layout gesture that cannot go together: the one to blame, and what it should be given
/// the others (the reader adds the value found).
public struct LayoutOptionConflict: Hashable, Sendable {
    /// The option to blame, as the layout file spells it (`toleranceDegrees`, say).
    public var key: String
    /// What that option should be, given the others, as the error message says it (`at most 22.5 with diagonals`).
    public var expected: String

    /// The conflict blaming `key`, which should be `expected`.
    public init(key: String, expected: String) {
        self.key = key
        self.expected = expected
    }
}

/// A value a layout file gives an option (`LayoutGesture.layoutGesture(_:)`), of one of the kinds of
/// `LayoutOption.Values`, or `null`.
public enum LayoutOptionValue: Sendable {
    /// For a `number` option.
    case number(Double)
    /// For a `milliseconds` option.
    case milliseconds(TimeSpan)
    /// For a `count` option.
    case count(Int)
    /// For a `flag` option.
    case flag(Bool)
    /// For a `choice` option: the index of the name chosen.
    case choice(Int)
    /// `null`, for an option that `null` sets to none.
    case none
}

/// One option of a layout gesture: its key, the values it takes, and what it sets. The layout file
/// reader checks a value against `values` (type and range) before handing it over.
public struct LayoutOption<Root>: Sendable {
    /// The values an option takes, each with what it sets.
    public enum Values: Sendable {
        /// A number within the range (mm, mm/s, degrees).
        case number(ClosedRange<Double>, @Sendable (inout Root, Double) -> Void)
        /// Milliseconds, from 0 to 10^12.
        case milliseconds(@Sendable (inout Root, TimeSpan) -> Void)
        /// A whole number within the range.
        case count(ClosedRange<Int>, @Sendable (inout Root, Int) -> Void)
        /// `true` or `false`.
        case flag(@Sendable (inout Root, Bool) -> Void)
        /// One of these strings; the index of the one given.
        case choice([String], @Sendable (inout Root, Int) -> Void)
    }

    /// The option's key in the layout file (`slopMm`, `doubleTapMs`, …).
    public let key: String
    /// The values it takes (type and range), and what each sets.
    public let values: Values
    /// What `null` sets (none); nil where `null` is refused.
    public let null: (@Sendable (inout Root) -> Void)?
    /// An option without a default, which must be given.
    public let isRequired: Bool

    /// An option `key` taking `values`, which `null` may set to none (nil, the default: `null` refused), required or
    /// not (`isRequired`, false by default).
    public init(key: String, values: Values, null: (@Sendable (inout Root) -> Void)? = nil, isRequired: Bool = false) {
        self.key = key
        self.values = values
        self.null = null
        self.isRequired = isRequired
    }

    /// Sets `value` on `root`; false, setting nothing, when the option does not take it (a value of another kind, or
    /// out of its range).
    func set(_ value: LayoutOptionValue, on root: inout Root) -> Bool {
        switch (values, value) {
        case (_, .none):
            guard let null else { return false }
            null(&root)
        case (.number(let range, let set), .number(let number)):
            guard range.contains(number) else { return false }
            set(&root, number)
        case (.milliseconds(let set), .milliseconds(let span)):
            guard span >= .zero, span <= .ms(1_000_000_000_000) else { return false }
            set(&root, span)
        case (.count(let range, let set), .count(let count)):
            guard range.contains(count) else { return false }
            set(&root, count)
        case (.flag(let set), .flag(let flag)):
            set(&root, flag)
        case (.choice(let names, let set), .choice(let index)):
            guard names.indices.contains(index) else { return false }
            set(&root, index)
        case (.number, _), (.milliseconds, _), (.count, _), (.flag, _), (.choice, _):
            return false
        }
        return true
    }

    /// A number ≥ 0, or within `range`.
    public static func number(_ key: String, _ path: WritableKeyPath<Root, Double> & Sendable,
                              in range: ClosedRange<Double> = 0...Double.greatestFiniteMagnitude) -> Self {
        Self(key: key, values: .number(range) { $0[keyPath: path] = $1 })
    }

    /// Milliseconds from 0 to 10^12 (SPEC.md, "Layout file", Limits), setting the span at `path`; `null` refused.
    public static func milliseconds(_ key: String, _ path: WritableKeyPath<Root, TimeSpan> & Sendable) -> Self {
        Self(key: key, values: .milliseconds { $0[keyPath: path] = $1 })
    }

    /// Milliseconds, or `null` for none.
    public static func milliseconds(_ key: String, _ path: WritableKeyPath<Root, TimeSpan?> & Sendable) -> Self {
        Self(key: key, values: .milliseconds { $0[keyPath: path] = $1 }, null: { $0[keyPath: path] = nil })
    }

    /// A whole number within `range`, setting the count at `path`; `null` refused.
    public static func count(_ key: String, _ path: WritableKeyPath<Root, Int> & Sendable, in range: ClosedRange<Int>) -> Self {
        Self(key: key, values: .count(range) { $0[keyPath: path] = $1 })
    }

    /// A whole number, or `null` for none.
    public static func count(_ key: String, _ path: WritableKeyPath<Root, Int?> & Sendable, in range: ClosedRange<Int>) -> Self {
        Self(key: key, values: .count(range) { $0[keyPath: path] = $1 }, null: { $0[keyPath: path] = nil })
    }

    /// `true` or `false`, handed to `set` (which may set several fields: `diagonals` sets the swipe's directions).
    public static func flag(_ key: String, _ set: @escaping @Sendable (inout Root, Bool) -> Void) -> Self {
        Self(key: key, values: .flag(set))
    }

    /// One of the names of `choices`, setting its value.
    public static func choice<Value: Sendable>(_ key: String, _ path: WritableKeyPath<Root, Value> & Sendable, _ choices: [(name: String, value: Value)],
                                     isRequired: Bool = false) -> Self {
        Self(key: key, values: .choice(choices.map { $0.name }) { $0[keyPath: path] = choices[$1].value }, isRequired: isRequired)
    }
}

/// A layout gesture kind that is its recognizer's configuration, which its options set: made with the recognizer's
/// defaults, and building the recognizer from it whatever the target's shape.
protocol ConfiguredLayoutGesture: LayoutGesture where Body: ConfiguredGesture {
    var configuration: Body.Configuration { get }
    init(_ configuration: Body.Configuration)
}

extension ConfiguredLayoutGesture {
    public init() {
        self.init(Body.defaultConfiguration)
    }

    public func gesture(in shape: Shape) -> Body { Body(configuration) }
}

/// A recognizer made from its configuration alone, which has defaults.
protocol ConfiguredGesture: Gesture {
    associatedtype Configuration
    /// The configuration of the recognizer made with no argument.
    static var defaultConfiguration: Configuration { get }
    init(_ configuration: Configuration)
}

/// The gesture kinds of the layout file, with the library's defaults (SPEC "Layout file").
public enum LayoutGestures {
    /// Every kind, in SPEC's order.
    public static var all: [any LayoutGesture.Type] {
        [Tap.self, LongPress.self, Drag.self, Magnify.self, Rotation.self, Swipe.self, EdgeSwipe.self, QuickScale.self]
    }

    /// The most gestures of one target: each one more nests the composition one level deeper, and a
    /// UI's view has a handful.
    public static let mostGestures = 32

    /// The most taps a `count` may ask for: ten, two hands' worth.
    public static let mostTaps = 10
    /// The most fingers a swipe or a tap may ask for (`fingers`): ten, two hands' worth.
    public static let mostFingers = 10

    /// `tap`: `TapGesture`, a `tap` line.
    public struct Tap: ConfiguredLayoutGesture {
        public static let kind = "tap"
        /// The recognizer it builds.
        public typealias Body = TapGesture
        /// The tap's thresholds: ``TapGesture/Configuration``, set by the options `count`, `slopMm`, `maxDurationMs`,
        /// `doubleTapMs`, `doubleTapSlopMm`, `fingers`.
        public var configuration: TapGesture.Configuration

        /// A `tap` gesture with `configuration`.
        public init(_ configuration: TapGesture.Configuration) {
            self.configuration = configuration
        }

        public static let options: [LayoutOption<Self>] =
            [
                .count("count", \.configuration.requiredCount, in: 1...mostTaps),
                .number("slopMm", \.configuration.maximumDistance),
                .milliseconds("maxDurationMs", \.configuration.maximumDuration),
                .milliseconds("doubleTapMs", \.configuration.countInterval),
                .number("doubleTapSlopMm", \.configuration.countDistance),
                .count("fingers", \.configuration.fingers, in: 1...mostFingers),
            ]

        /// A tap of several fingers is never chained, so it takes no count above 1.
        public var conflict: LayoutOptionConflict? {
            guard configuration.fingers > 1, let required = configuration.requiredCount, required > 1 else { return nil }
            return LayoutOptionConflict(key: "count", expected: "1 with fingers above 1 (a tap of several fingers is never chained)")
        }
    }

    /// `long-press`: `LongPressGesture`, a `long-press` line.
    public struct LongPress: ConfiguredLayoutGesture {
        public static let kind = "long-press"
        /// The recognizer it builds.
        public typealias Body = LongPressGesture
        /// The long press's thresholds: ``LongPressGesture/Configuration``, set by the options `durationMs`, `slopMm`.
        public var configuration: LongPressGesture.Configuration

        /// A `long-press` gesture with `configuration`.
        public init(_ configuration: LongPressGesture.Configuration) {
            self.configuration = configuration
        }

        public static let options: [LayoutOption<Self>] =
            [
                .milliseconds("durationMs", \.configuration.minimumDuration),
                .number("slopMm", \.configuration.maximumDistance),
            ]
    }

    /// `drag`: `DragGesture`, `pan` lines.
    public struct Drag: ConfiguredLayoutGesture {
        public static let kind = "drag"
        /// The recognizer it builds.
        public typealias Body = DragGesture
        /// The drag's thresholds: ``DragMeasure/Configuration``, set by the options `slopMm`, `extraFinger`.
        public var configuration: DragGesture.Configuration

        /// A `drag` gesture with `configuration`.
        public init(_ configuration: DragGesture.Configuration) {
            self.configuration = configuration
        }

        public static let options: [LayoutOption<Self>] =
            [
                .number("slopMm", \.configuration.minimumDistance),
                .choice("extraFinger", \.configuration.extraTouch, [("cancel", .cancel), ("end", .end)]),
            ]
    }

    /// `magnify`: `MagnifyGesture`, `magnify` lines.
    public struct Magnify: ConfiguredLayoutGesture {
        public static let kind = "magnify"
        /// The recognizer it builds.
        public typealias Body = MagnifyGesture
        /// The pinch's thresholds: ``MagnificationMeasure/Configuration``, set by the option `slopMm`.
        public var configuration: MagnificationMeasure.Configuration

        /// A `magnify` gesture with `configuration`.
        public init(_ configuration: MagnificationMeasure.Configuration) {
            self.configuration = configuration
        }

        public static let options: [LayoutOption<Self>] =
            [.number("slopMm", \.configuration.minimumDistanceChange)]
    }

    /// `rotation`: `RotationGesture`, `rotation` lines.
    public struct Rotation: ConfiguredLayoutGesture {
        public static let kind = "rotation"
        /// The recognizer it builds.
        public typealias Body = RotationGesture
        /// The rotation's threshold: ``RotationMeasure/Configuration``, set by the option `thresholdDegrees`.
        public var configuration: RotationMeasure.Configuration

        /// A `rotation` gesture with `configuration`.
        public init(_ configuration: RotationMeasure.Configuration) {
            self.configuration = configuration
        }

        public static let options: [LayoutOption<Self>] =
            [.number("thresholdDegrees", \.configuration.minimumAngle)]
    }

    /// `swipe`: `SwipeGesture`, a `swipe` line.
    public struct Swipe: ConfiguredLayoutGesture {
        public static let kind = "swipe"
        /// The recognizer it builds.
        public typealias Body = SwipeGesture
        /// The swipe's thresholds: ``SwipeGesture/Configuration``, set by the options `fingers`, `minSpeedMmPerS`,
        /// `slopMm`, `diagonals`, `toleranceDegrees`.
        public var configuration: SwipeGesture.Configuration

        /// A `swipe` gesture with `configuration`.
        public init(_ configuration: SwipeGesture.Configuration) {
            self.configuration = configuration
        }

        public static let options: [LayoutOption<Self>] =
            [
                .count("fingers", \.configuration.fingers, in: 1...mostFingers),
                .number("minSpeedMmPerS", \.configuration.minimumSpeed),
                .number("slopMm", \.configuration.minimumDistance),
                .flag("diagonals") { $0.configuration.directions = $1 ? .eight : .four },
                .number("toleranceDegrees", \.configuration.tolerance, in: 0...45),
            ]

        /// A direction's tolerance reaches at most halfway to the next direction, so that no swipe lies
        /// within two.
        public var conflict: LayoutOptionConflict? {
            switch configuration.directions {
            case .eight where configuration.tolerance > 22.5:
                LayoutOptionConflict(key: "toleranceDegrees", expected: "at most 22.5 with diagonals (half the 45° between two directions)")
            case .four, .eight:
                nil
            }
        }
    }

    /// `edge-swipe`: `EdgeSwipeGesture` on the edge of the target's bounding rectangle, `edge-swipe` lines.
    public struct EdgeSwipe: LayoutGesture {
        public static let kind = "edge-swipe"
        /// Its `surface` is the target's bounds, set by `gesture(in:)`.
        public var configuration: EdgeSwipeGesture.Configuration

        /// `edge` has no default: a layout file must name it (this one's `left` is a placeholder).
        public init() {
            self.init(EdgeSwipeGesture.Configuration(edge: .left, surface: Rect(x: 0, y: 0, width: 0, height: 0)))
        }

        /// An `edge-swipe` gesture with `configuration`; its rectangle is replaced by the target's bounds in
        /// `gesture(in:)`.
        public init(_ configuration: EdgeSwipeGesture.Configuration) {
            self.configuration = configuration
        }

        public static let options: [LayoutOption<Self>] =
            [
                .choice("edge", \.configuration.edge, [("left", .left), ("right", .right), ("top", .top), ("bottom", .bottom)],
                        isRequired: true),
                .number("edgeMm", \.configuration.edgeDistance),
                .number("slopMm", \.configuration.minimumDistance),
            ]

        public func gesture(in shape: Shape) -> EdgeSwipeGesture {
            var configuration = configuration
            configuration.surface = shape.bounds
            configuration.followsTarget = true  // and on the new bounds once the target is reshaped
            return EdgeSwipeGesture(configuration)
        }
    }
}

extension TapGesture: ConfiguredGesture {
    static var defaultConfiguration: Configuration { Configuration() }
}

extension LongPressGesture: ConfiguredGesture {
    static var defaultConfiguration: Configuration { Configuration() }
}

extension DragGesture: ConfiguredGesture {
    static var defaultConfiguration: Configuration { Configuration() }
}

extension TwoFingerGesture: ConfiguredGesture {
    static var defaultConfiguration: Configuration { Measure.defaultConfiguration }
}

extension SwipeGesture: ConfiguredGesture {
    static var defaultConfiguration: Configuration { Configuration() }
}

extension QuickScaleGesture: ConfiguredGesture {
    static var defaultConfiguration: Configuration { Configuration() }
}
