/// A one-finger tap: the finger lifts without ever moving beyond `maximumDistance` from where it went
/// down, and (when `maximumDuration` is set) before that much time has passed.
///
/// Each tap carries a `count`: the previous tap's count + 1 when that tap lifted within `countInterval`
/// of this one going down and went down within `countDistance` of it, with nothing else recognized and
/// no second finger in between (any touch sequence that is not a tap breaks the chain). A tap is never
/// delayed to wait for another. A second finger makes the sequence fail. Diagram: docs/state-machines/tap.md.
///
/// With `requiredCount` n (`TapGesture(count: n)`, SwiftUI's `onTapGesture(count:)`, GTK's n-press), the
/// gesture is recognized only at exactly n taps: after each tap it waits `countInterval` for the next,
/// and after the n-th it waits as long again to see that no further tap follows. It is therefore
/// recognized `countInterval` after the n-th lift, and fails when the chain stops short of n or goes
/// beyond it. `count(2).exclusively(before: count(1))` tells a double tap from a single one, the single
/// one reported `countInterval` after its lift.
///
/// With `fingers` above 1 it is the tap of that many fingers together (`MultiFingerTapGesture`,
/// docs/state-machines/multi-finger-tap.md): never chained, its count always 1, at the centroid of the downs.
public struct TapGesture: SinkGesture, Recognizer {
    /// What makes a tap and what continues its count (SPEC.md, "`timeline`" **tap** and "Tap counts"; the layout's
    /// `tap` options `slopMm`, `maxDurationMs`, `doubleTapMs`, `doubleTapSlopMm`, `count`).
    public struct Configuration: Hashable, Sendable {
        /// The finger must never move beyond this distance (mm) from its down position. SPEC `slopMm`.
        public var maximumDistance: Double
        /// The finger must lift before this much time has passed; `nil` for no limit (a dial's tap). The tap fails
        /// at its deadline, down + this (which the engine fires before a frame of that time: a lift at exactly this
        /// much is too late), not at the lift.
        public var maximumDuration: TimeSpan?
        /// The previous tap's lift must be within this of this tap's down to continue its count. SPEC `doubleTapMs`.
        public var countInterval: TimeSpan
        /// The previous tap's down must be within this distance (mm) to continue its count. SPEC `doubleTapSlopMm`.
        public var countDistance: Double
        /// nil: every tap is recognized at its lift, with its count (never delayed). n: recognized only at
        /// exactly n taps, `countInterval` after the n-th lift.
        public var requiredCount: Int?
        /// How many fingers tap together, exactly (1 by default; the layout allows 1 to 10). Above 1: they all land
        /// before the first lifts, none moves beyond `maximumDistance`, all lift (within `maximumDuration` of the first
        /// down when set), and the tap is recognized at the last lift with count 1; one finger more, or a landing after
        /// a lift, is no tap. `requiredCount` may then only be 1 or nil, the same: such a tap is never chained.
        public var fingers: Int

        /// A tap within `maximumDistance` mm (3) of its down, with no time limit unless `maximumDuration` is given
        /// (nil), continuing the previous tap's count when that one lifted within `countInterval` (300 ms) of this
        /// landing and landed within `countDistance` mm (10) of it; with `requiredCount` n (nil: none; at least 1:
        /// the engine refuses a tap of fewer, ``TapGesture/checkConfiguration()``), recognized only at exactly n taps; of
        /// `fingers` fingers together (1; 1 to 10).
        public init(maximumDistance: Double = 3, maximumDuration: TimeSpan? = nil,
                    countInterval: TimeSpan = .ms(300), countDistance: Double = 10, requiredCount: Int? = nil,
                    fingers: Int = 1) {
            self.maximumDistance = maximumDistance
            self.maximumDuration = maximumDuration
            self.countInterval = countInterval
            self.countDistance = countDistance
            self.requiredCount = requiredCount
            self.fingers = fingers
        }
    }

    /// A recognized tap, reported once as `ended` (the output's `tap` line prints ``location`` as `x`, `y` and
    /// ``count``).
    public struct Value: Hashable, Sendable, CustomStringConvertible {
        /// Where the finger went down.
        public var location: Point
        /// 1 for a single tap, 2 for a double tap, and so on.
        public var count: Int
        /// How many fingers tapped together (the output's `fingers`, written when above 1).
        public var fingers: Int

        /// A tap that went down at `location` (mm on the surface; the centroid of the downs for several fingers), the
        /// `count`-th of its chain, of `fingers` fingers (1).
        public init(location: Point, count: Int, fingers: Int = 1) {
            self.location = location
            self.count = count
            self.fingers = fingers
        }

        /// As Swift describes a value by its fields (a `gesture` line's `value`), `fingers` only when above 1: a
        /// one-finger tap's line is as it was before taps had fingers.
        public var description: String {
            fingers == 1 ? "Value(location: \(location), count: \(count))"
                : "Value(location: \(location), count: \(count), fingers: \(fingers))"
        }
    }

    /// The last recognized tap, which the next one may continue.
    struct PreviousTap: Hashable, Sendable {
        var down: Point
        var lift: Timestamp
        var count: Int
    }

    enum State: Hashable, Sendable {
        /// No finger down in this touch sequence yet; `previous` is the tap the next one may continue.
        case idle(previous: PreviousTap?)
        /// One finger down, never beyond the slop so far; `count` is what this tap will report.
        case pressed(touchID: Int, down: Point, count: Int, deadline: Timestamp?)
        /// Recognized at the lift; no finger is down. `previous` is nil once a cancel broke the chain.
        case recognized(previous: PreviousTap?)
        /// With a required count: `previous`, a tap of the chain, lifted; until `deadline` (its lift +
        /// `countInterval`) the next may land. No finger is down.
        case waiting(previous: PreviousTap, deadline: Timestamp)
        /// This touch sequence is not a tap; fingers may still be down (`TouchChanges.fingersDown`).
        case failed
    }

    /// Its machine's name in explanation paths (`Explanation.path`).
    public static let name = "tap"

    /// The distances and times this recognizer was made with, fixed for its life.
    public let configuration: Configuration
    private(set) var state: State = .idle(previous: nil)
    /// The machine of a tap of several fingers (`configuration.fingers` above 1), which then decides alone: `state`
    /// stays `idle`. nil for one finger.
    private var multiFinger: MultiFingerTapGesture?

    /// A tap recognizer with `configuration`, by default 3 mm, no time limit, a 300 ms and 10 mm chain, every tap
    /// recognized at its lift.
    public init(_ configuration: Configuration = Configuration()) {
        self.configuration = configuration
        multiFinger = configuration.fingers > 1 ? MultiFingerTapGesture(configuration) : nil
    }

    /// A tap recognized only at exactly `count` taps (see `Configuration.requiredCount`).
    public init(count: Int, _ configuration: Configuration = Configuration()) {
        var configuration = configuration
        configuration.requiredCount = count
        self.init(configuration)
    }

    /// Throws for a required count below 1, which no chain of taps reaches (driven directly, such a tap is never
    /// recognized), for fewer than one finger, and for a required count above 1 with several fingers, whose taps are
    /// never chained.
    public func checkConfiguration() throws(GestureError) {
        if let required = configuration.requiredCount, required < 1 {
            throw .invalidValue(subject: "TapGesture", key: "requiredCount", message: "expected at least 1, found \(required)")
        }
        if configuration.fingers < 1 {
            throw .invalidValue(subject: "TapGesture", key: "fingers", message: "expected at least 1, found \(configuration.fingers)")
        }
        if let required = configuration.requiredCount, required > 1, configuration.fingers > 1 {
            throw .invalidValue(subject: "TapGesture", key: "requiredCount",
                                message: "expected 1 with \(configuration.fingers) fingers (a tap of several is never chained), found \(required)")
        }
    }

    /// Once failed, it waits for the next touch sequence.
    public var ignoresChangesUntilNextSequence: Bool {
        if let multiFinger { return multiFinger.ignoresChangesUntilNextSequence }
        return switch state {
        case .failed: true
        case .idle, .pressed, .recognized, .waiting: false
        }
    }

    public var status: RecognizerStatus {
        if let multiFinger { return multiFinger.status }
        return switch state {
        case .idle, .pressed, .waiting: .possible
        case .recognized: .ended
        case .failed: .failed
        }
    }

    public var deadline: Timestamp? {
        if let multiFinger { return multiFinger.deadline }
        return switch state {
        case .pressed(_, _, _, let deadline): deadline
        case .waiting(_, let deadline): deadline
        case .idle, .recognized, .failed: nil
        }
    }

    public mutating func touchesChanged<Log: TransitionLogging>(_ changes: TouchChanges, log: inout Log,
                                                                sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        if var multiFinger {
            self.multiFinger = nil  // let go of this copy, so that changing it does not copy its fingers
            multiFinger.touchesChanged(changes, log: &log, sink: &updates)
            self.multiFinger = multiFinger
            return
        }
        checkFingers(changes)
        // Moves: beyond the slop, it is not a tap.
        switch state {
        case .pressed(let touchID, let down, _, _):
            if let position = changes.position(of: touchID) {
                let moved = Comparison(.moved(finger: touchID), position.distance(to: down), .beyond, configuration.maximumDistance, .slop)
                if moved.holds { log.transition(&state, to: .failed, in: Self.name, because: .measured(moved)) }
            }
        case .idle, .recognized, .waiting, .failed:
            break
        }
        // Lifts.
        switch state {
        case .pressed(let touchID, let down, let count, let deadline):
            if let lift = changes.lift(of: touchID) {
                let tap = PreviousTap(down: down, lift: changes.time, count: count)
                if lift.withdrawn {
                    log.transition(&state, to: .failed, in: Self.name, because: .withdrawn(finger: touchID))
                } else if let deadline, changes.time >= deadline {
                    log.transition(&state, to: .failed, in: Self.name,
                                   because: .measured(.lifted(touchID, at: changes.time, deadline: deadline,
                                                              limit: configuration.maximumDuration ?? .zero, .atLeast, .longPress)))
                } else if let required = configuration.requiredCount {
                    // Wait for the next tap, or to see that none follows.
                    let until = changes.time + configuration.countInterval
                    log.transition(&state, to: .waiting(previous: tap, deadline: until), in: Self.name,
                                   because: .tapWaiting(count: count, required: required, until: until))
                } else {
                    log.transition(&state, to: .recognized(previous: tap), in: Self.name,
                                   because: .tapLifted(finger: touchID, slop: configuration.maximumDistance,
                                                       held: deadline.map {
                                                           .lifted(touchID, at: changes.time, deadline: $0,
                                                                   limit: configuration.maximumDuration ?? .zero, .below, .longPress)
                                                       }))
                    updates.append(GestureUpdate(.ended, Value(location: down, count: count)))
                }
            }
        case .idle, .recognized, .waiting, .failed:
            break
        }
        // Landings.
        guard !changes.landed.isEmpty else { return }
        switch state {
        case .idle(let previous), .recognized(let previous):
            // No finger was down (checked above): these landings begin a touch sequence.
            startSequence(changes, previous: configuration.requiredCount == nil ? previous : nil, log: &log)
        case .waiting(let previous, _):
            // (A landing after the deadline is impossible: the deadline fired first.)
            let required = configuration.requiredCount ?? 0
            let distance = changes.landed[0].position.distance(to: previous.down)
            let continuesChain = changes.landed.count == 1 && distance <= configuration.countDistance
            if continuesChain && previous.count < required {
                startSequence(changes, previous: previous, log: &log)  // the next tap of the chain
            } else if continuesChain {
                log.transition(&state, to: .failed, in: Self.name, because: .tooManyTaps(count: previous.count + 1, required: required))
            } else {
                // Too far, or two fingers: the chain ends here, recognized if it was complete, and this
                // landing begins anew.
                if previous.count == configuration.requiredCount {
                    updates.append(GestureUpdate(.ended, Value(location: previous.down, count: previous.count)))
                }
                let chainBreak: Explanation.ChainBreak = changes.landed.count == 1
                    ? .landedAway(finger: changes.landed[0].id, distance: distance, maximumDistance: configuration.countDistance)
                    : .fingers(changes.landed.count)
                startSequence(changes, previous: nil, log: &log,
                              endingChain: .chainEnded(count: previous.count, required: required, by: chainBreak))
            }
        case .failed where changes.beginsSequence:
            startSequence(changes, previous: nil, log: &log)
        case .failed:
            // Not a tap until every finger has lifted.
            break
        case .pressed:
            // A second finger: not a tap.
            log.transition(&state, to: .failed, in: Self.name, because: .secondFinger(changes.landed[0].id))
        }
    }

    /// Stops on changes whose count of fingers contradicts the state: before them, no finger is down in
    /// `idle` and `recognized`, and exactly one (the pressed one) in `pressed`.
    @inline(__always)  // (a call of its own on every change once its check moved to TouchChanges)
    private func checkFingers(_ changes: TouchChanges) {
        switch state {
        case .idle, .recognized, .waiting: changes.requireFingersBefore(in: 0...0, "TapGesture.\(state)")
        case .pressed: changes.requireFingersBefore(in: 1...1, "TapGesture.\(state)")
        case .failed: break
        }
    }

    /// The landings of a new touch sequence (or chain): one finger presses, with `previous` the tap it
    /// may continue; more fail. `endingChain` is the reason when they end a chain that waited.
    private mutating func startSequence<Log: TransitionLogging>(_ changes: TouchChanges, previous: PreviousTap?, log: inout Log,
                                                                endingChain: Explanation.Reason? = nil) {
        guard changes.landed.count == 1 else {
            log.transition(&state, to: .failed, in: Self.name,
                           because: endingChain ?? .fingersLanded(count: changes.landed.count, expected: 1))
            return
        }
        let touch = changes.landed[0]
        var count = 1
        if let previous, changes.time - previous.lift <= configuration.countInterval,
           touch.position.distance(to: previous.down) <= configuration.countDistance {
            count = previous.count + 1
        }
        let deadline = configuration.maximumDuration.map { changes.time + $0 }
        log.transition(&state, to: .pressed(touchID: touch.id, down: touch.position, count: count, deadline: deadline), in: Self.name,
                       because: endingChain ?? .tapLanded(finger: touch.id, at: touch.position, count: count,
                                                          previous: previous.map {
                                                              Self.link(from: $0, to: touch, at: changes.time, configuration)
                                                          },
                                                          deadline: deadline))
    }

    /// How a landing relates to the previous tap, for its explanation.
    private static func link(from previous: PreviousTap, to touch: TouchPoint, at time: Timestamp,
                             _ configuration: Configuration) -> Explanation.TapLink {
        Explanation.TapLink(count: previous.count, sinceLift: time - previous.lift, interval: configuration.countInterval,
                            distance: touch.position.distance(to: previous.down), maximumDistance: configuration.countDistance)
    }

    public mutating func deadlineReached<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                                 sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        if var multiFinger {
            multiFinger.deadlineReached(at: now, log: &log, sink: &updates)
            self.multiFinger = multiFinger
            return
        }
        switch state {
        case .pressed(_, _, _, let deadline?) where now >= deadline:
            // Held too long to be a tap.
            log.transition(&state, to: .failed, in: Self.name,
                           because: .tapHeldTooLong(deadline: deadline, limit: configuration.maximumDuration ?? .zero))
        case .waiting(let previous, let deadline) where now >= deadline:
            let required = configuration.requiredCount ?? 0
            guard previous.count == required else {
                // The chain stopped short.
                log.transition(&state, to: .failed, in: Self.name,
                               because: .chainClosed(deadline: deadline, count: previous.count, required: required))
                return
            }
            // Exactly the required count, and no further tap: recognized, with the last tap's position.
            log.transition(&state, to: .recognized(previous: nil), in: Self.name,
                           because: .chainClosed(deadline: deadline, count: previous.count, required: required))
            updates.append(GestureUpdate(.ended, Value(location: previous.down, count: previous.count)))
        case .pressed, .waiting, .idle, .recognized, .failed:
            preconditionFailure("TapGesture.\(state): deadlineReached(at: \(now)) before its deadline, or with none")
        }
    }

    public mutating func cancel<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                        sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        if var multiFinger {
            multiFinger.cancel(at: now, log: &log, sink: &updates)
            self.multiFinger = multiFinger
            return
        }
        // A tap has nothing in progress to report; the chain of counts is broken.
        switch state {
        case .idle: state = .idle(previous: nil)
        case .recognized: state = .recognized(previous: nil)
        case .pressed, .waiting, .failed: log.cancel(&state, to: .failed, in: Self.name)
        }
    }
}

extension TapGesture.State: MachineState {
    var name: String {
        switch self {
        case .idle: "idle"
        case .pressed: "pressed"
        case .recognized: "recognized"
        case .waiting: "waiting"
        case .failed: "failed"
        }
    }
}
