/// One state transition of a machine (a recognizer, a combinator, or a target's arbitration between rival
/// targets) with its reason in numbers: a line of `--explain` (SPEC "Explanations"). The engine reports
/// them when `GestureEngine.explains` is on, as `GestureEvent.Kind.explanation` events among the others.
public struct Explanation: Hashable, Sendable {
    /// Where the machine sits in its target's gesture: the steps from the target's gesture down to it, each
    /// `COMBINATOR.SIDE` (`exclusively.first`, `sequenced.second`, `simultaneously.first`), then the machine's
    /// own name (`Gesture.name`: `tap`, `drag`, `exclusively`, ...). The timeline's long press is
    /// `simultaneously.first.exclusively.first.exclusively.second.sequenced.first.long-press`; a target's
    /// arbitration is `arbitration`.
    public var path: String
    /// The machine's state before, by name (`MachineState.name`: the state enum's case name).
    public var from: String
    /// The machine's state after, by name.
    public var to: String
    /// Why, with the numbers that decided.
    public var reason: Reason

    /// A transition of the machine at `path` from `from` to `to`, for `reason`.
    public init(path: String, from: String, to: String, reason: Reason) {
        self.path = path
        self.from = from
        self.to = to
        self.reason = reason
    }

    /// Why a machine changed state, with the numbers that decided it. `GestureFormat` renders each as a
    /// sentence (SPEC "Explanations" lists them).
    public enum Reason: Hashable, Sendable {
        // MARK: Touches
        /// One finger landed and is followed (`deadline`: when the machine decides if nothing happens first).
        case landed(finger: Int, at: Point, deadline: Timestamp?)
        /// `count` fingers landed at once where the machine takes `expected`.
        case fingersLanded(count: Int, expected: Int)
        /// A second finger landed beside the one followed.
        case secondFinger(Int)
        /// Two fingers landed at once: the pair of a two-finger gesture.
        case pairLanded(first: Int, second: Int)
        /// The finger lifted.
        case lifted(finger: Int)
        /// The finger lifted having never moved beyond the slop (mm).
        case liftedWithinSlop(finger: Int, slop: Double)
        /// The device withdrew the finger.
        case withdrawn(finger: Int)
        /// A quantity compared with its threshold decided.
        case measured(Comparison)
        /// A cancellation, and what caused it.
        case cancelled(Cancellation)

        // MARK: Taps
        /// A tap's finger landed: the tap it will be, and how it continues the previous one (or not).
        case tapLanded(finger: Int, at: Point, count: Int, previous: TapLink?, deadline: Timestamp?)
        /// A tap's finger lifted in time (`held`: its duration against the time limit, if any).
        case tapLifted(finger: Int, slop: Double, held: Comparison?)
        /// A tap of a chain with a required count lifted: the next may land until `until`.
        case tapWaiting(count: Int, required: Int, until: Timestamp)
        /// One tap more than the required count landed.
        case tooManyTaps(count: Int, required: Int)
        /// A landing that does not continue the chain ended it at `count` taps of `required`.
        case chainEnded(count: Int, required: Int, by: ChainBreak)
        /// The deadline of a tap still down passed: held `limit` or longer.
        case tapHeldTooLong(deadline: Timestamp, limit: TimeSpan)
        /// The deadline after a chain's last tap passed with no further tap.
        case chainClosed(deadline: Timestamp, count: Int, required: Int)

        // MARK: Long press
        /// The long press's deadline passed with the finger `distance` mm from its down, within the slop.
        case longPressHeld(deadline: Timestamp, distance: Double, slop: Double)

        // MARK: Edge swipe
        /// The finger moved inward beyond the slop, and at least as far as along the edge.
        case movedInward(finger: Int, inward: Double, along: Double, slop: Double)
        /// The finger moved beyond the slop, but less inward than along the edge (sideways, or outward).
        case movedNotInward(finger: Int, distance: Double, inward: Double, along: Double, slop: Double)

        // MARK: Swipe
        /// Fingers down in a swipe's touch sequence, of the `required` count.
        case swipeFingers(down: Int, required: Int)
        /// A lift recognized the swipe: the fingers' mean speed (mm/s) and direction.
        case swiped(direction: SwipeGesture.Direction, speed: Double, minimumSpeed: Double, tolerance: Double)
        /// A lift that is no swipe, and why.
        case noSwipe(SwipeMiss)

        // MARK: Combinators
        /// A new touch sequence: the combinator starts afresh.
        case sequenceBegan
        /// `exclusively`: the second's updates are held while the first is possible.
        case held(updates: Int, of: String, whileStillPossible: String)
        /// `exclusively`: the first began or was recognized; the second's held updates are dropped.
        case firstWon(first: String, status: RecognizerStatus, dropped: Int)
        /// `exclusively`: the first failed; the second's held updates are released.
        case firstFailed(first: String, released: Int)
        /// `sequenced`: the first was recognized; the fingers down are handed to the second.
        case handedOver(first: String, fingers: Int, to: String)
        /// `sequenced`: a part finished with `status`.
        case partFinished(part: String, status: RecognizerStatus)

        // MARK: Arbitration between rival targets
        /// A touch sequence began on the target: its updates wait for these rival targets.
        case waitsFor(rivals: [String])
        /// A touch sequence began on the target with no rival: its updates are heard as they come.
        case noRival
        /// The target's updates are held: this rival target's gesture is still possible.
        case heldByRival(updates: Int, rival: String)
        /// A rival target's gesture began or was recognized: the target lost its touch sequence.
        case lostTo(rival: String, status: RecognizerStatus, dropped: Int)
        /// No rival succeeded (each failed, was removed, or ended its sequence undecided): released.
        case rivalsFailed(rivals: [String], released: Int)
    }

    /// What cancelled a machine (`Gesture.cancel(at:log:into:)`): the engine says so in the log's `cancellation`.
    public enum Cancellation: String, Hashable, Sendable {
        /// Input was interrupted, cause unknown (a caller other than the engine).
        case interrupted = "input interrupted"
        /// A `SYN_DROPPED`.
        case dropped = "SYN_DROPPED"
        /// The end of input (of a trace, or a live stop).
        case endOfInput = "end of input"
        /// The target was removed (or replaced).
        case removed = "target removed"
        /// A new touch sequence forgets what the gesture did in one it lost, or whose updates still waited.
        case forgotten = "a new touch sequence forgets the one never heard"
    }

    /// How a tap's landing relates to the previous tap of its chain.
    public struct TapLink: Hashable, Sendable {
        /// The previous tap's count.
        public var count: Int
        /// From the previous tap's lift to this landing.
        public var sinceLift: TimeSpan
        /// The most allowed from a lift to the next landing (`countInterval`).
        public var interval: TimeSpan
        /// From the previous tap's down to this one's (mm).
        public var distance: Double
        /// The most allowed between their downs (`countDistance`, mm).
        public var maximumDistance: Double

        /// The link of a landing to the previous tap `count`, with the figures and their limits.
        public init(count: Int, sinceLift: TimeSpan, interval: TimeSpan, distance: Double, maximumDistance: Double) {
            self.count = count
            self.sinceLift = sinceLift
            self.interval = interval
            self.distance = distance
            self.maximumDistance = maximumDistance
        }
    }

    /// What ended a chain of taps before its deadline.
    public enum ChainBreak: Hashable, Sendable {
        /// A finger landed `distance` mm from the last tap's down, beyond `maximumDistance`.
        case landedAway(finger: Int, distance: Double, maximumDistance: Double)
        /// Several fingers landed at once.
        case fingers(Int)
    }

    /// Why a lift is no swipe.
    public enum SwipeMiss: Hashable, Sendable {
        /// Not the required count of fingers down at the first lift.
        case fingers(down: Int, required: Int)
        /// The device withdrew a finger.
        case withdrawn(finger: Int)
        /// A finger was not fast enough (mm/s).
        case tooSlow(finger: Int, speed: Double, minimum: Double)
        /// A finger did not move far enough from its down (mm).
        case tooShort(finger: Int, distance: Double, minimum: Double)
        /// A finger's heading (degrees clockwise from up) is within `tolerance` of no direction.
        case noDirection(finger: Int, heading: Double, tolerance: Double)
        /// The fingers went different ways.
        case directionsDiffer(SwipeGesture.Direction, SwipeGesture.Direction)
    }
}

/// A quantity compared with a threshold: the decision of a machine and its explanation in one value, so
/// that what is reported is what decided (`holds`). Plain data (no reference inside), so that deciding with
/// it costs no more than comparing the numbers.
public struct Comparison: Hashable, Sendable {
    /// What was measured, and its unit.
    public enum Quantity: Hashable, Sendable {
        /// How far (mm) a finger is from where it went down.
        case moved(finger: Int)
        /// How long (ms) a finger was down when it lifted.
        case liftedAfter(finger: Int)
        /// How far (mm) the distance between two fingers changed from its start.
        case distanceChanged
        /// How far (mm) the midpoint of two fingers moved from its start.
        case centerMoved
        /// How far (degrees) the line between two fingers turned.
        case rotated
        /// How far (mm) a finger landed from an edge.
        case landedFromEdge(finger: Int, edge: EdgeSwipeGesture.Edge)
    }

    /// How the value must stand to the limit for the comparison to hold; printed as its raw value.
    public enum Relation: String, Hashable, Sendable {
        /// `<`
        case below = "<"
        /// `<=`
        case within = "<="
        /// `>`
        case beyond = ">"
        /// `>=`
        case atLeast = ">="
    }

    /// The threshold's name, as the contract calls it; printed as its raw value.
    public enum Threshold: String, Hashable, Sendable {
        /// `slopMm`, and the minimum distances that are a slop.
        case slop
        /// `longPressMs` (also a timeline tap's time limit).
        case longPress = "long press"
        /// A two-finger gesture's threshold.
        case threshold
        /// How close to an edge an edge swipe must land.
        case edgeZone = "edge zone"
    }

    /// What was measured.
    public var quantity: Quantity
    /// Its value, in the quantity's unit.
    public var value: Double
    /// How it must stand to `limit` for the comparison to hold.
    public var relation: Relation
    /// The threshold's value, in the same unit.
    public var limit: Double
    /// The threshold's name.
    public var threshold: Threshold

    /// `value` of `quantity` against `limit`, the `threshold`, by `relation`.
    public init(_ quantity: Quantity, _ value: Double, _ relation: Relation, _ limit: Double, _ threshold: Threshold) {
        self.quantity = quantity
        self.value = value
        self.relation = relation
        self.limit = limit
        self.threshold = threshold
    }

    /// How long a finger was down when it lifted at `time`, against `limit`, for a machine that keeps only
    /// its deadline (the down's time + `limit`).
    static func lifted(_ finger: Int, at time: Timestamp, deadline: Timestamp, limit: TimeSpan, _ relation: Relation,
                       _ threshold: Threshold) -> Comparison {
        let down = deadline + TimeSpan(microseconds: 0 &- limit.microseconds)  // (saturating, whatever the times)
        return Comparison(.liftedAfter(finger: finger), (time - down).milliseconds, relation, limit.milliseconds, threshold)
    }

    /// Whether `value relation limit` holds.
    public var holds: Bool {
        switch relation {
        case .below: value < limit
        case .within: value <= limit
        case .beyond: value > limit
        case .atLeast: value >= limit
        }
    }
}

/// A state with a name for the explanation lines: its enum case's name (one switch per machine).
public protocol MachineState {
    /// The state's name in explanations: its case's (a `finished(outcome)` by its outcome's).
    var name: String { get }
}

/// Where machines report their transitions while they take an input (`--explain`).
///
/// Every recognizer's and combinator's input is generic over its log (`Gesture.touchesChanged(_:log:into:)`, ...):
/// a `TransitionLog` records, a `NoTransitionLog` does nothing. The engine runs with the one or the other,
/// and the code made for `NoTransitionLog` (whose `isOn` is a constant false) has every test of it folded
/// away: off, explanations cost nothing. A machine reports through `transition(_:to:in:because:)` (its
/// reason an autoclosure, built only when on); a combinator puts its step on the path (`enter`) while it
/// feeds a part, and takes it off (`leave`).
public protocol TransitionLogging {
    /// False: nothing is recorded, and nothing need be built.
    var isOn: Bool { get }
    /// What the cancellations fed now are: the reason `cancel(_:to:in:)` gives. Set by the engine.
    var cancellation: Explanation.Cancellation { get set }
    /// A combinator feeds one of its parts: `step` is `COMBINATOR.SIDE` (`"exclusively.first"`).
    mutating func enter(_ step: StaticString)
    /// The part fed since the last `enter` is done.
    mutating func leave()
    /// Records a transition of `machine` at the current path, even between states of the same name (a
    /// target's arbitration that waits again, for a new touch sequence).
    mutating func record(_ machine: String, from: String, to: String, _ reason: Explanation.Reason)
    /// Hands over what was recorded, and forgets it.
    mutating func removeAll() -> [Explanation]
}

extension TransitionLogging {
    /// Sets `state` to `new`; when on and the state's name changes, records the transition of `machine`
    /// with `reason` (built only then).
    @inline(__always)
    public mutating func transition<State: MachineState>(_ state: inout State, to new: State, in machine: String,
                                                         because reason: @autoclosure () -> Explanation.Reason) {
        if isOn { recordIfChanged(machine, from: state.name, to: new.name, reason()) }
        state = new
    }

    /// Sets `state` to `new` for a cancellation (`Gesture.cancel(at:log:into:)`): a transition whose reason is
    /// `cancellation`.
    @inline(__always)
    public mutating func cancel<State: MachineState>(_ state: inout State, to new: State, in machine: String) {
        if isOn { recordIfChanged(machine, from: state.name, to: new.name, .cancelled(cancellation)) }
        state = new
    }

    private mutating func recordIfChanged(_ machine: String, from: String, to: String, _ reason: Explanation.Reason) {
        if from != to { record(machine, from: from, to: to, reason) }
    }
}

/// The log that records nothing: the machines' inputs without a log (`touchesChanged(_:)`, ...) and the
/// engine when it does not explain. Every test of `isOn` folds away in the code made for it.
public struct NoTransitionLog: TransitionLogging, Sendable {
    /// The log that records nothing.
    public init() {}

    @inline(__always) public var isOn: Bool { false }

    @inline(__always) public var cancellation: Explanation.Cancellation {
        get { .interrupted }
        set {}  // (nothing to say it to)
    }

    @inline(__always) public mutating func enter(_ step: StaticString) {}
    @inline(__always) public mutating func leave() {}
    @inline(__always) public mutating func record(_ machine: String, from: String, to: String, _ reason: Explanation.Reason) {}
    @inline(__always) public mutating func removeAll() -> [Explanation] { [] }
}

/// The log that records: what the machines reported, in order, with their paths.
public struct TransitionLog: TransitionLogging, Sendable {
    /// The combinators' steps down to the machine being fed.
    private var steps: [StaticString] = []
    /// What was recorded since the last `removeAll()`, in order.
    public private(set) var explanations: [Explanation] = []
    public var cancellation = Explanation.Cancellation.interrupted
    /// The rivals of the target the engine arbitrates now, for its arbitration's reasons.
    var rivalNote: RivalNote?

    /// An empty log, at the top of the path.
    public init() {}

    public var isOn: Bool { true }

    public mutating func enter(_ step: StaticString) {
        steps.append(step)
    }

    public mutating func leave() {
        steps.removeLast()
    }

    public mutating func record(_ machine: String, from: String, to: String, _ reason: Explanation.Reason) {
        var path = ""
        for step in steps {
            path += step.description
            path += "."
        }
        explanations.append(Explanation(path: path + machine, from: from, to: to, reason: reason))
    }

    public mutating func removeAll() -> [Explanation] {
        guard !explanations.isEmpty else { return [] }
        var taken: [Explanation] = []
        swap(&taken, &explanations)
        return taken
    }
}
