import RealModule

/// A one-finger zoom: Android's quick scale (`ScaleGestureDetector`'s double-tap anchored scale), Google Maps'
/// double-tap-and-drag. A tap, then a second landing near it soon after its lift, held and dragged: dragging down
/// zooms in (a scale above 1), dragging up zooms out, about the first tap's down position. Diagram:
/// docs/state-machines/quick-scale.md; SPEC.md, "Quick scale".
///
/// The first tap stays within ``Configuration/slop`` of its down and lifts before
/// ``Configuration/maximumDuration``. The second finger must land within ``Configuration/countInterval`` of that lift
/// and ``Configuration/countDistance`` of that down (the tap chain's rule, SPEC "Tap counts"); a landing too far
/// away is a first tap anew, and none in time fails the gesture at its deadline. The gesture begins once the second
/// finger has moved beyond the slop from its landing, reports `scale` = 2^(dy ÷ ``Configuration/distancePerDoubling``),
/// dy its vertical travel from that landing (mm, y down), on every frame it moves, and ends at its lift.
///
/// A second finger that lifts within the slop has made a double tap, which this gesture does not claim: it fails,
/// so that a double tap after it (`exclusively(before:)`) or on a rival target has it. A further finger fails the
/// gesture before it began and cancels it after.
public struct QuickScaleGesture: SinkGesture, Recognizer {
    /// What makes the tap, what continues it into a scale, and how fast the scale goes (SPEC.md, "Quick scale"; the
    /// layout's `quick-scale` options `slopMm`, `maxDurationMs`, `doubleTapMs`, `doubleTapSlopMm`, `mmPerDoubling`).
    public struct Configuration: Hashable, Sendable {
        /// The first tap must never move beyond this distance (mm) from its down, and the second finger must move
        /// beyond it from its landing for the gesture to begin: what is no tap is a scale. SPEC `slopMm`.
        public var slop: Double
        /// The first tap must lift before this much time has passed since its down; nil for no limit. It fails at
        /// its deadline, down + this (which the engine fires before a frame of that time: a lift at exactly this much
        /// is too late). SPEC `maxDurationMs`.
        public var maximumDuration: TimeSpan?
        /// The second finger must land before this much time has passed since the first tap's lift: the gesture
        /// waits that long (a deadline), and fails when it passes. SPEC `doubleTapMs`.
        public var countInterval: TimeSpan
        /// The second finger must land within this distance (mm) of the first tap's down. SPEC `doubleTapSlopMm`.
        public var countDistance: Double
        /// The vertical travel (mm) that doubles the scale going down and halves it going up; a negative one turns
        /// the directions round (up zooms in). SPEC `mmPerDoubling`.
        public var distancePerDoubling: Double

        /// A first tap within `slop` mm (3, the tap's) of its down that lifts before `maximumDuration` (300 ms, a long
        /// press's; nil for no limit), a second landing within `countInterval` (300 ms) of its lift and
        /// `countDistance` mm (10) of its down, beginning beyond `slop` mm from that landing, and a scale that doubles
        /// every `distancePerDoubling` mm (20) down.
        public init(slop: Double = 3, maximumDuration: TimeSpan? = .ms(300), countInterval: TimeSpan = .ms(300),
                    countDistance: Double = 10, distancePerDoubling: Double = 20) {
            self.slop = slop
            self.maximumDuration = maximumDuration
            self.countInterval = countInterval
            self.countDistance = countDistance
            self.distancePerDoubling = distancePerDoubling
        }
    }

    /// A quick scale's state, reported on every frame from `began` (the output's proposed `quick-scale` line prints
    /// ``scale`` and ``anchor`` as `center`, as a `magnify` line does).
    public struct Value: Hashable, Sendable {
        /// 2^(dy ÷ ``Configuration/distancePerDoubling``), dy the finger's vertical travel (mm, y down) from where it
        /// landed: 1 at that height, 2 one `distancePerDoubling` below it, 0.5 one above. Its exponent is taken within
        /// ±``QuickScaleGesture/maximumDoublings``, so that it is finite and above 0 whatever the numbers.
        public var scale: Double
        /// The point the scale is about: the first tap's down position (mm on the surface).
        public var anchor: Point
        /// Where the finger is now (mm on the surface): at `ended`, where it was when it lifted.
        public var location: Point

        /// A quick scale at `scale` about `anchor`, its finger at `location` (mm on the surface).
        public init(scale: Double, anchor: Point, location: Point) {
            self.scale = scale
            self.anchor = anchor
            self.location = location
        }
    }

    enum State: Hashable, Sendable {
        /// No finger down yet.
        case idle
        /// The first tap's finger is down, never beyond the slop so far; it fails at `deadline` (its down +
        /// `maximumDuration`; nil without).
        case firstTap(touchID: Int, down: Point, deadline: Timestamp?)
        /// The first tap, down at `anchor`, lifted at `lift`; the second finger may land until lift + `countInterval`.
        /// No finger is down.
        case waiting(anchor: Point, lift: Timestamp)
        /// The second finger landed at `start`, in time and near enough, and has not moved beyond the slop from it.
        case pending(touchID: Int, anchor: Point, start: Point)
        /// Scaling: the second finger is at `location`.
        case scaling(touchID: Int, anchor: Point, start: Point, location: Point)
        /// Decided; fingers may still be down (`TouchChanges.fingersDown`).
        case finished(Outcome)
    }

    /// Its machine's name in explanation paths (`Explanation.path`), and the layout kind and line type proposed for it.
    public static let name = "quick-scale"

    /// The most doublings (or halvings) a scale reports: 2^±1000 is finite and above 0, where an exponent from any
    /// travel over any `distancePerDoubling` (a surface of 10^6 mm, a `distancePerDoubling` of 0) might not be.
    public static let maximumDoublings = 1000.0

    /// The distances and times this recognizer was made with, fixed for its life.
    public let configuration: Configuration
    private(set) var state: State = .idle

    /// A quick scale with `configuration`, by default a 3 mm slop, a first tap shorter than 300 ms, a second landing
    /// within 300 ms and 10 mm, and a doubling every 20 mm down.
    public init(_ configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    public var status: RecognizerStatus {
        switch state {
        case .idle, .firstTap, .waiting, .pending: .possible
        case .scaling: .active
        case .finished(let outcome): outcome.status
        }
    }

    public var deadline: Timestamp? {
        switch state {
        case .firstTap(_, _, let deadline): deadline
        case .waiting(_, let lift): lift + configuration.countInterval
        case .idle, .pending, .scaling, .finished: nil
        }
    }

    /// The value of a finger at `location` that landed at `start`, about `anchor`.
    func value(anchor: Point, start: Point, location: Point) -> Value {
        let doublings = (location.y - start.y) / configuration.distancePerDoubling
        // (0 ÷ 0, a `distancePerDoubling` of 0 and no vertical travel: no doubling.)
        let bounded = doublings.isNaN ? 0 : min(max(doublings, -Self.maximumDoublings), Self.maximumDoublings)
        return Value(scale: Double.exp2(bounded), anchor: anchor, location: location)
    }

    public mutating func touchesChanged<Log: TransitionLogging>(_ changes: TouchChanges, log: inout Log,
                                                                sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        checkFingers(changes)
        // Moves: the first tap beyond the slop is no tap; the second finger beyond it begins the scale.
        switch state {
        case .firstTap(let touchID, let down, _):
            if let position = changes.position(of: touchID) {
                let moved = Comparison(.moved(finger: touchID), position.distance(to: down), .beyond, configuration.slop, .slop)
                if moved.holds { log.transition(&state, to: .finished(.failed), in: Self.name, because: .measured(moved)) }
            }
        case .pending(let touchID, let anchor, let start):
            if let position = changes.position(of: touchID) {
                let moved = Comparison(.moved(finger: touchID), position.distance(to: start), .beyond, configuration.slop, .slop)
                if moved.holds {
                    log.transition(&state, to: .scaling(touchID: touchID, anchor: anchor, start: start, location: position),
                                   in: Self.name, because: .measured(moved))
                    updates.append(GestureUpdate(.began, value(anchor: anchor, start: start, location: position)))
                }
            }
        case .scaling(let touchID, let anchor, let start, _):
            if let position = changes.position(of: touchID) {
                state = .scaling(touchID: touchID, anchor: anchor, start: start, location: position)
                updates.append(GestureUpdate(.changed, value(anchor: anchor, start: start, location: position)))
            }
        case .idle, .waiting, .finished:
            break
        }
        // Lifts.
        switch state {
        case .firstTap(let touchID, let down, let deadline):
            if let lift = changes.lift(of: touchID) {
                if lift.withdrawn {
                    log.transition(&state, to: .finished(.failed), in: Self.name, because: .withdrawn(finger: touchID))
                } else if let deadline, changes.time >= deadline {
                    log.transition(&state, to: .finished(.failed), in: Self.name,
                                   because: .measured(.lifted(touchID, at: changes.time, deadline: deadline,
                                                              limit: configuration.maximumDuration ?? .zero, .atLeast, .longPress)))
                } else {
                    log.transition(&state, to: .waiting(anchor: down, lift: changes.time), in: Self.name,
                                   because: .tapWaiting(count: 1, required: 2, until: changes.time + configuration.countInterval))
                }
            }
        case .pending(let touchID, _, _):
            if let lift = changes.lift(of: touchID) {
                // A double tap, or a withdrawn finger: not claimed.
                log.transition(&state, to: .finished(.failed), in: Self.name,
                               because: lift.withdrawn ? .withdrawn(finger: touchID) : .liftedWithinSlop(finger: touchID, slop: configuration.slop))
            }
        case .scaling(let touchID, let anchor, let start, let location):
            if let lift = changes.lift(of: touchID) {
                let outcome: Outcome = lift.withdrawn ? .cancelled : .ended
                log.transition(&state, to: .finished(outcome), in: Self.name,
                               because: lift.withdrawn ? .withdrawn(finger: touchID) : .lifted(finger: touchID))
                updates.append(GestureUpdate(lift.withdrawn ? .cancelled : .ended, value(anchor: anchor, start: start, location: location)))
            }
        case .idle, .waiting, .finished:
            break
        }
        // Landings.
        guard !changes.landed.isEmpty else { return }
        switch state {
        case .idle:
            // No finger was down (checked above): these landings begin a touch sequence.
            startChain(changes, log: &log)
        case .finished where changes.beginsSequence:
            startChain(changes, log: &log)
        case .finished:
            // Nothing more until every finger has lifted.
            break
        case .waiting(let anchor, let lift):
            // (A landing at or after lift + countInterval is impossible: the deadline fired first.)
            guard let touch = log.soleLanding(in: changes, &state, else: .finished(.failed), in: Self.name) else { return }
            let link = Explanation.TapLink(count: 1, sinceLift: changes.time - lift, interval: configuration.countInterval,
                                           distance: touch.position.distance(to: anchor), maximumDistance: configuration.countDistance)
            if link.distance <= configuration.countDistance {
                log.transition(&state, to: .pending(touchID: touch.id, anchor: anchor, start: touch.position), in: Self.name,
                               because: .tapLanded(finger: touch.id, at: touch.position, count: 2, previous: link, deadline: nil))
            } else {
                // Too far: not the second tap of this chain, but the first of a new one.
                startChain(changes, link: link, log: &log)
            }
        case .firstTap, .pending:
            // A second finger: neither a tap nor a one-finger scale.
            log.transition(&state, to: .finished(.failed), in: Self.name, because: .secondFinger(changes.landed[0].id))
        case .scaling(_, let anchor, let start, let location):
            log.transition(&state, to: .finished(.cancelled), in: Self.name, because: .secondFinger(changes.landed[0].id))
            updates.append(GestureUpdate(.cancelled, value(anchor: anchor, start: start, location: location)))
        }
    }

    /// Stops on changes whose count of fingers contradicts the state: before them, no finger is down in `idle` and
    /// `waiting`, and exactly one (the followed one) in `firstTap`, `pending` and `scaling`.
    @inline(__always)
    private func checkFingers(_ changes: TouchChanges) {
        switch state {
        case .idle, .waiting: changes.requireFingersBefore(in: 0...0, "QuickScaleGesture.\(state)")
        case .firstTap, .pending, .scaling: changes.requireFingersBefore(in: 1...1, "QuickScaleGesture.\(state)")
        case .finished: break
        }
    }

    /// The landings of a new chain: one finger is its first tap (`link`: how it stands to the tap before it, which
    /// it does not continue), more fail.
    private mutating func startChain<Log: TransitionLogging>(_ changes: TouchChanges, link: Explanation.TapLink? = nil,
                                                             log: inout Log) {
        guard let touch = log.soleLanding(in: changes, &state, else: .finished(.failed), in: Self.name) else { return }
        let deadline = configuration.maximumDuration.map { changes.time + $0 }
        log.transition(&state, to: .firstTap(touchID: touch.id, down: touch.position, deadline: deadline), in: Self.name,
                       because: .tapLanded(finger: touch.id, at: touch.position, count: 1, previous: link, deadline: deadline))
    }

    public mutating func deadlineReached<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                                 sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        switch state {
        case .firstTap(_, _, let deadline?) where now >= deadline:
            // Held too long to be the first tap.
            log.transition(&state, to: .finished(.failed), in: Self.name,
                           because: .tapHeldTooLong(deadline: deadline, limit: configuration.maximumDuration ?? .zero))
        case .waiting(_, let lift) where now >= lift + configuration.countInterval:
            // No second landing in time.
            log.transition(&state, to: .finished(.failed), in: Self.name,
                           because: .chainClosed(deadline: lift + configuration.countInterval, count: 1, required: 2))
        case .idle, .firstTap, .waiting, .pending, .scaling, .finished:
            preconditionFailure("QuickScaleGesture.\(state): deadlineReached(at: \(now)) before its deadline, or with none")
        }
    }

    public mutating func cancel<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                        sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        switch state {
        case .scaling(_, let anchor, let start, let location):
            log.cancel(&state, to: .finished(.cancelled), in: Self.name)
            updates.append(GestureUpdate(.cancelled, value(anchor: anchor, start: start, location: location)))
        case .firstTap, .waiting, .pending:
            // The chain is broken.
            log.cancel(&state, to: .finished(.failed), in: Self.name)
        case .idle, .finished:
            break
        }
    }
}

extension QuickScaleGesture.State: MachineState {
    var name: String {
        switch self {
        case .idle: "idle"
        case .firstTap: "firstTap"
        case .waiting: "waiting"
        case .pending: "pending"
        case .scaling: "scaling"
        case .finished(let outcome): outcome.name
        }
    }
}

// MARK: Its line and its layout kind

extension GestureEvent {
    /// A one-finger zoom (SPEC.md, "Quick scale"): the output's `quick-scale` line.
    public struct QuickScale: Hashable, Sendable {
        /// 2^(dy ÷ `mmPerDoubling`), dy the finger's vertical travel from where it landed the second time.
        public var scale: Double
        /// The point the scale is about: the first tap's down position (the output's `center`, as a pinch's): in the
        /// target's view points under a view (its own or its parent's, SPEC.md "View coordinates"), else in mm on the
        /// surface.
        public var center: Point

        /// A quick scale at `scale` about `center` (view points under a view, else mm on the surface).
        public init(scale: Double, center: Point) {
            self.scale = scale
            self.center = center
        }
    }
}

extension GestureEvent.QuickScale: CenteredEventPayload {
    public static var type: StaticString { "quick-scale" }
    public var drawing: EventDrawing { .scale(scale, center: center) }

    @inlinable @inline(__always)
    public func write<Fields: EventFieldWriter>(to fields: inout Fields) {
        fields.number("scale", scale)
        fields.point("center", center)
    }
}

extension QuickScaleGesture.Value: StandardEventValue {
    /// A `quick-scale` line: the scale and the point it is about.
    public func eventKind(_ phase: GesturePhase) -> GestureEvent.Kind {
        .quickScale(phase, GestureEvent.QuickScale(scale: scale, center: anchor))
    }
}

extension LayoutGestures {
    /// `quick-scale`: `QuickScaleGesture`, `quick-scale` lines.
    public struct QuickScale: ConfiguredLayoutGesture {
        public static let kind = "quick-scale"
        /// The recognizer it builds.
        public typealias Body = QuickScaleGesture
        /// The quick scale's thresholds: ``QuickScaleGesture/Configuration``, set by the options `slopMm`,
        /// `maxDurationMs`,
        /// `doubleTapMs`, `doubleTapSlopMm`, `mmPerDoubling`.
        public var configuration: QuickScaleGesture.Configuration

        /// A `quick-scale` gesture with `configuration`.
        public init(_ configuration: QuickScaleGesture.Configuration) {
            self.configuration = configuration
        }

        public static let options: [LayoutOption<Self>] =
            [
                .number("slopMm", \.configuration.slop),
                .milliseconds("maxDurationMs", \.configuration.maximumDuration),
                .milliseconds("doubleTapMs", \.configuration.countInterval),
                .number("doubleTapSlopMm", \.configuration.countDistance),
                .number("mmPerDoubling", \.configuration.distancePerDoubling, in: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude),
            ]

        /// A doubling needs some travel: 0 mm would make every move an infinite zoom.
        public var conflict: LayoutOptionConflict? {
            configuration.distancePerDoubling == 0 ? LayoutOptionConflict(key: "mmPerDoubling", expected: "a number other than 0") : nil
        }
    }
}
