/// The tap of `fingers` (2 to 10) fingers together, which ``TapGesture`` runs when its configuration's `fingers` is
/// above 1 (touchegg's TAP of 2 to 5 fingers, GNOME's and Android's two-finger tap). Diagram:
/// docs/state-machines/multi-finger-tap.md.
///
/// libinput's tap machine (`evdev-mt-touchpad-tap.c`, SEMANTICS.md [L-tap]) is the rule: the fingers must all be down
/// together before the first lifts (a finger landing once one has lifted, or one more than `fingers`, is no tap), none
/// moves beyond the slop, and the tap is recognized at the last lift; libinput's 180 ms timeout, from the first down,
/// is `maximumDuration` here. Its position is the centroid of the fingers' downs. It is never chained: its count is
/// always 1 (``TapGesture/checkConfiguration()`` refuses a `requiredCount` above 1 with several fingers).
struct MultiFingerTapGesture: SinkGesture, Recognizer {
    typealias Value = TapGesture.Value

    /// A finger of the tap: its id and where it went down.
    struct Finger: Hashable, Sendable {
        var id: Int
        var down: Point
    }

    enum State: Hashable, Sendable {
        /// No finger down in this touch sequence yet.
        case idle
        /// Fingers landing, at most `Configuration.fingers`, none lifted yet and none beyond the slop; `deadline` is
        /// the first down + `maximumDuration`.
        case touching(fingers: [Finger], deadline: Timestamp?)
        /// Every finger of the tap landed and some lifted: `down` is the centroid of the downs, `remaining` the fingers
        /// still down.
        case lifting(remaining: [Finger], down: Point, deadline: Timestamp?)
        /// Recognized at the last lift; no finger is down.
        case recognized
        /// This touch sequence is not the tap; fingers may still be down (`TouchChanges.fingersDown`).
        case failed
    }

    /// Its machine's name in explanation paths: a tap's, as the layout file's kind.
    static let name = TapGesture.name

    let configuration: TapGesture.Configuration
    private(set) var state: State = .idle

    init(_ configuration: TapGesture.Configuration) {
        self.configuration = configuration
    }

    var status: RecognizerStatus {
        switch state {
        case .idle, .touching, .lifting: .possible
        case .recognized: .ended
        case .failed: .failed
        }
    }

    var ignoresChangesUntilNextSequence: Bool {
        switch state {
        case .failed: true
        case .idle, .touching, .lifting, .recognized: false
        }
    }

    var deadline: Timestamp? {
        switch state {
        case .touching(_, let deadline), .lifting(_, _, let deadline): deadline
        case .idle, .recognized, .failed: nil
        }
    }

    mutating func touchesChanged<Log: TransitionLogging>(_ changes: TouchChanges, log: inout Log,
                                                         sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        checkFingers(changes)
        // Moves: any finger beyond the slop from its down, and it is not a tap.
        switch state {
        case .touching(let fingers, _), .lifting(let fingers, _, _):
            for finger in fingers {
                guard let position = changes.position(of: finger.id) else { continue }
                let moved = Comparison(.moved(finger: finger.id), position.distance(to: finger.down), .beyond,
                                       configuration.maximumDistance, .slop)
                if moved.holds {
                    log.transition(&state, to: .failed, in: Self.name, because: .measured(moved))
                    break
                }
            }
        case .idle, .recognized, .failed:
            break
        }
        // Lifts.
        switch state {
        case .touching(let fingers, let deadline):
            guard fingers.contains(where: { changes.lift(of: $0.id) != nil }) else { break }
            guard fingers.count == configuration.fingers else {
                // A finger lifted before the others landed.
                log.transition(&state, to: .failed, in: Self.name,
                               because: .fingersLanded(count: fingers.count, expected: configuration.fingers))
                return
            }
            let count = Double(fingers.count)
            let down = Point(x: fingers.reduce(0) { $0 + $1.down.x } / count, y: fingers.reduce(0) { $0 + $1.down.y } / count)
            lift(remaining: fingers, down: down, deadline: deadline, changes, log: &log, updates: &updates)
        case .lifting(let remaining, let down, let deadline):
            lift(remaining: remaining, down: down, deadline: deadline, changes, log: &log, updates: &updates)
        case .idle, .recognized, .failed:
            break
        }
        // Landings.
        guard !changes.landed.isEmpty else { return }
        switch state {
        case .idle, .recognized:
            follow(changes.landed.map { Finger(id: $0.id, down: $0.position) },
                   deadline: configuration.maximumDuration.map { changes.time + $0 }, log: &log)
        case .failed where changes.beginsSequence:
            follow(changes.landed.map { Finger(id: $0.id, down: $0.position) },
                   deadline: configuration.maximumDuration.map { changes.time + $0 }, log: &log)
        case .failed:
            // Not a tap until every finger has lifted.
            break
        case .touching(let fingers, let deadline):
            follow(fingers + changes.landed.map { Finger(id: $0.id, down: $0.position) }, deadline: deadline, log: &log)
        case .lifting:
            // A finger landing once one lifted: libinput's tap machine makes no tap of it either.
            log.transition(&state, to: .failed, in: Self.name, because: .secondFinger(changes.landed[0].id))
        }
    }

    /// Every change follows from the fingers this machine knows to be down (`TouchChanges.requireFingersBefore`).
    private func checkFingers(_ changes: TouchChanges) {
        switch state {
        case .idle, .recognized: changes.requireFingersBefore(in: 0...0, "MultiFingerTapGesture.\(state)")
        case .touching(let fingers, _), .lifting(let fingers, _, _):
            changes.requireFingersBefore(in: fingers.count...fingers.count, "MultiFingerTapGesture.\(state)")
        case .failed: break
        }
    }

    /// The fingers down after landings: followed while they are at most `Configuration.fingers`.
    private mutating func follow<Log: TransitionLogging>(_ fingers: [Finger], deadline: Timestamp?, log: inout Log) {
        log.transition(&state, to: fingers.count > configuration.fingers ? .failed : .touching(fingers: fingers, deadline: deadline),
                       in: Self.name, because: .swipeFingers(down: fingers.count, required: configuration.fingers))
    }

    /// The lifts of `changes` among `remaining`, every finger of the tap having landed: recognized at the last, in time.
    private mutating func lift<Log: TransitionLogging>(remaining: [Finger], down: Point, deadline: Timestamp?, _ changes: TouchChanges,
                                                       log: inout Log, updates: inout some UpdateSink<GestureUpdate<Value>>) {
        var stillDown: [Finger] = []
        for finger in remaining {
            guard let lift = changes.lift(of: finger.id) else {
                stillDown.append(finger)
                continue
            }
            if lift.withdrawn {
                log.transition(&state, to: .failed, in: Self.name, because: .withdrawn(finger: finger.id))
                return
            }
            if let deadline, changes.time >= deadline {
                log.transition(&state, to: .failed, in: Self.name,
                               because: .measured(.lifted(finger.id, at: changes.time, deadline: deadline,
                                                          limit: configuration.maximumDuration ?? .zero, .atLeast, .longPress)))
                return
            }
        }
        guard stillDown.isEmpty else {
            let lifted = remaining.first { changes.lift(of: $0.id) != nil }?.id ?? remaining[0].id
            log.transition(&state, to: .lifting(remaining: stillDown, down: down, deadline: deadline), in: Self.name,
                           because: .liftedWithinSlop(finger: lifted, slop: configuration.maximumDistance))
            return
        }
        let last = remaining[remaining.count - 1].id
        log.transition(&state, to: .recognized, in: Self.name,
                       because: .tapLifted(finger: last, slop: configuration.maximumDistance,
                                           held: deadline.map {
                                               .lifted(last, at: changes.time, deadline: $0,
                                                       limit: configuration.maximumDuration ?? .zero, .below, .longPress)
                                           }))
        updates.append(GestureUpdate(.ended, Value(location: down, count: 1, fingers: configuration.fingers)))
    }

    mutating func deadlineReached<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                          sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        switch state {
        case .touching(_, let deadline?) where now >= deadline, .lifting(_, _, let deadline?) where now >= deadline:
            // Held too long to be a tap.
            log.transition(&state, to: .failed, in: Self.name,
                           because: .tapHeldTooLong(deadline: deadline, limit: configuration.maximumDuration ?? .zero))
        case .touching, .lifting, .idle, .recognized, .failed:
            preconditionFailure("MultiFingerTapGesture.\(state): deadlineReached(at: \(now)) before its deadline, or with none")
        }
    }

    mutating func cancel<Log: TransitionLogging>(at now: Timestamp, log: inout Log,
                                                 sink updates: inout some UpdateSink<GestureUpdate<Value>>) {
        // A tap has nothing in progress to report.
        switch state {
        case .touching, .lifting: log.cancel(&state, to: .failed, in: Self.name)
        case .idle, .recognized, .failed: break
        }
    }
}

extension MultiFingerTapGesture.State: MachineState {
    var name: String {
        switch self {
        case .idle: "idle"
        case .touching: "touching"
        case .lifting: "lifting"
        case .recognized: "recognized"
        case .failed: "failed"
        }
    }
}
