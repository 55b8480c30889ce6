/// A round control (SPEC "dial"): tap, one-finger wind, two-finger rotation, with the value, detents and
/// haptics of a `DialValue` that persists from gesture to gesture. A `Component`, built only on the
/// public API, as a UI layer builds its own.
///
/// Built from the combinators: `tap.exclusively(before: wind).simultaneously(with: rotation)`. The tap has
/// no time limit; the wind ends (keeping its value) when a second finger lands, and from then on only the
/// rotation, which starts tracking at that second finger, can be recognized until all fingers lift.
///
/// The app may set the value at any time (`setValue(degrees:)`): a kitchen timer that counts down sets
/// it as it runs, and a wind in progress goes on from there.
public struct DialComponent: Component {
    /// The dial's recognizer: a tap exclusively before a wind, simultaneously with a two-finger rotation. Its
    /// `.first(.first(_))` values are taps, `.first(.second(_))` winds, `.second(_)` rotations.
    public typealias Recognizer = SimultaneousGesture<ExclusiveGesture<TapGesture, WindGesture>, RotationGesture>

    /// The layout's `dial` region this component was made from (SPEC.md, "`dial`"): its centre, radius, slop, detent
    /// and stops, fixed for its life (a reshape moves the wind's centre, not this).
    public let configuration: DialConfiguration
    public var gesture: Recognizer
    /// The dial's value in degrees (clockwise), its detent index and its armed stops; it persists from gesture to
    /// gesture, and starts at ``DialConfiguration/initialDegrees``.
    public private(set) var value: DialValue
    /// The wind in progress: its last line and the turn applied up to it.
    private var wind: (line: GestureEvent.Wind, turn: Double)?
    /// The rotation in progress: its last line.
    private var rotate: GestureEvent.Rotate?
    /// The dial of `configuration`: its tap, wind and rotation thresholds and its value's detents and stops, at
    /// ``DialConfiguration/initialDegrees``.
    ///
    /// - Throws: ``GestureError/invalidValue(subject:key:message:)`` for what the layout file refuses in a `dial`
    ///   (SPEC "Layout file"): a radius that is not positive, negative thresholds, a detent finer than
    ///   ``DialValue/finestDetentDegrees``, a stop above the other, an initial value outside the stops, numbers beyond
    ///   the limits or not finite. The message names the dial and the value: `dial "timer": minDegrees: expected at
    ///   most maxDegrees (360), found 400`.
    public init(_ configuration: DialConfiguration) throws(GestureError) {
        var finder = ProblemFinder()
        finder.note("", configuration.problem)
        try finder.check("dial \(quoted(configuration.name))")
        self.configuration = configuration
        let tap = TapGesture(.init(maximumDistance: configuration.slop, maximumDuration: nil,
                                   countInterval: configuration.doubleTapInterval, countDistance: configuration.doubleTapSlop))
        let wind = WindGesture(.init(center: configuration.center, deadZone: configuration.deadZone,
                                     minimumDistance: configuration.slop, extraTouch: .end))
        let rotation = RotationGesture(.init(minimumAngle: configuration.rotateThresholdDegrees))
        self.gesture = tap.exclusively(before: wind).simultaneously(with: rotation)
        self.value = try DialValue(.init(detentDegrees: configuration.detentDegrees, hysteresisDegrees: configuration.hysteresisDegrees,
                                     minDegrees: configuration.minDegrees, maxDegrees: configuration.maxDegrees),
                               initialDegrees: configuration.initialDegrees)
    }

    /// Sets the value (brought within the stops), as an app does that counts a timer down. The detent is
    /// derived anew from the value, with no haptic; a wind or rotation in progress goes on from the new
    /// value, and its next line's `delta` counts from it.
    ///
    /// - Throws: ``GestureError/invalidValue(subject:key:message:)`` for a value that is not finite; the dial is then
    ///   as it was.
    public mutating func setValue(degrees: Double) throws(GestureError) {
        try value.set(degrees: degrees)
        wind?.line.angle = value.degrees
        wind?.line.detent = value.detent
        rotate?.angle = value.degrees
        rotate?.detent = value.detent
    }

    /// The dial was moved: it winds about its new centre (the centre of its circle or ring).
    public mutating func targetReshaped(to shape: Shape) {
        switch shape {
        case .circle(let center, _), .ring(let center, _, _):
            gesture.first.second.recenter(on: center)
        case .rectangle(let rect):
            gesture.first.second.recenter(on: Point(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2))
        }
    }

    public mutating func deliver(_ update: GestureUpdate<Recognizer.Value>, to output: inout TargetOutput) {
        switch update.value {
        case .first(.first(let tap)):
            output.emit(.tap(GestureEvent.Tap(x: tap.location.x, y: tap.location.y, count: tap.count)))
        case .first(.second(let turning)):
            switch update.phase {
            case .began:
                // Apply at once the turn accumulated since the down: nothing is lost to the slop.
                let change = value.apply(turnCrossing: turning.turn)
                let line = GestureEvent.Wind(angle: value.degrees, delta: change.applied, detent: value.detent)
                wind = (line, turning.turn)
                output.emit(.wind(.began, line))
                emitHaptics(of: change, to: &output)
            case .changed:
                // The wind read once and written back once (each `wind?.…` checked the optional again).
                guard var current = wind else { return }
                let change = value.apply(turnCrossing: turning.turn - current.turn)
                current.turn = turning.turn
                if change.applied != 0 {
                    current.line = GestureEvent.Wind(angle: value.degrees, delta: change.applied, detent: value.detent)
                    output.emit(.wind(.changed, current.line))
                }
                wind = current
                // A limit at a stop that did not change the value stands alone.
                emitHaptics(of: change, to: &output)
            case .ended, .cancelled:
                guard var (line, _) = wind else { return }
                line.delta = 0
                wind = nil
                output.emit(.wind(update.phase, line))
            }
        case .second(let rotation):
            switch update.phase {
            case .began:
                // Apply the whole rotation so far.
                let change = value.apply(turnCrossing: rotation.rotation)
                let line = GestureEvent.Rotate(angle: value.degrees, rotation: rotation.rotation, delta: change.applied,
                                               detent: value.detent, center: rotation.center)
                rotate = line
                output.emit(.rotate(.began, line))
                emitHaptics(of: change, to: &output)
            case .changed:
                guard let last = rotate else { return }
                let change = value.apply(turnCrossing: rotation.rotation - last.rotation)
                let line = GestureEvent.Rotate(angle: value.degrees, rotation: rotation.rotation, delta: change.applied,
                                               detent: value.detent, center: rotation.center)
                rotate = line
                output.emit(.rotate(.changed, line))
                emitHaptics(of: change, to: &output)
            case .ended, .cancelled:
                guard var line = rotate else { return }
                line.delta = 0
                rotate = nil
                output.emit(.rotate(update.phase, line))
            }
        }
    }

    /// The haptics a change caused: the detents it stepped to, in crossing order, then a limit. Inlined into each
    /// change: as a function of its own (a nested one, called from four places) its call, its frame and reading the
    /// change back were paid at every frame of winding (docs/performance.md).
    @inline(__always)
    private func emitHaptics(of change: (applied: Double, limit: Bool, crossed: DialValue.CrossedDetents),
                             to output: inout TargetOutput) {
        for detent in change.crossed { output.emit(.haptic(.detent(detent))) }
        if change.limit { output.emit(.haptic(.limit(detent: value.detent))) }
    }
}
