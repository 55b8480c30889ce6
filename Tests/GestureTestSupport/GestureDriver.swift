import GestureCore

/// Drives one recognizer directly, as the engine would: deadlines up to each frame's time fire first
/// (stamped with their own time), then the frame's moves, lifts and landings, with the count of fingers
/// down after them. After a `SYN_DROPPED` the fingers down are ignored until they lift, and so are those
/// that land beside them (the engine's rule for one target).
public struct GestureDriver<G: Gesture>: ScriptWalker {
    public private(set) var gesture: G
    public internal(set) var now: Timestamp = .zero
    /// What the recognizer reported, with the time of the input that caused it.
    public private(set) var updates: [Timed<GestureUpdate<G.Value>>] = []
    /// The fingers down that the recognizer sees.
    private var fingers: [Int: Point] = [:]
    /// The fingers down that it does not see: down across a `SYN_DROPPED`, or landed beside one.
    private var ignored: Set<Int> = []

    public init(_ gesture: G) {
        self.gesture = gesture
    }

    public mutating func run(@TouchScriptBuilder _ script: () -> [ScriptAction]) {
        for action in script() {
            walk(action)
        }
    }

    mutating func tick() {
        fireDeadlines()
    }

    mutating func dropped() {
        fireDeadlines()
        record(gesture.cancel(at: now), at: now)
        ignored.formUnion(fingers.keys)
        fingers.removeAll()
    }

    mutating func change(_ body: @Sendable (inout GestureEngine, Timestamp) throws -> [GestureEvent]) {
        preconditionFailure("a recognizer driven alone has no targets to change")
    }

    private mutating func fireDeadlines() {
        while let deadline = gesture.deadline, deadline <= now {
            record(gesture.deadlineReached(at: deadline), at: deadline)
            if let again = gesture.deadline, again <= deadline {
                preconditionFailure("\(G.self): kept its deadline \(deadline) after reaching it")
            }
        }
    }

    private mutating func record(_ list: [GestureUpdate<G.Value>], at time: Timestamp) {
        updates += list.map { Timed(time, $0) }
    }

    mutating func frame(_ list: [FingerChange]) {
        fireDeadlines()
        var changes = TouchChanges(time: now, fingersDown: 0)
        // The landings last, as the recognizer applies them: a finger lands beside the ignored ones that
        // are still down after the lifts.
        for change in list {
            switch change {
            case .down:
                break
            case .move(let finger, let point):
                guard !ignored.contains(finger) else { continue }
                fingers[finger] = point
                changes.moved.append(TouchPoint(id: finger, position: point))
            case .up(let finger):
                guard ignored.remove(finger) == nil else { continue }
                fingers[finger] = nil
                changes.lifted.append(TouchLift(id: finger))
            case .withdraw(let finger):
                guard ignored.remove(finger) == nil else { continue }
                fingers[finger] = nil
                changes.lifted.append(TouchLift(id: finger, withdrawn: true))
            }
        }
        for case .down(let finger, let point) in list {
            guard ignored.isEmpty else {
                ignored.insert(finger)
                continue
            }
            fingers[finger] = point
            changes.landed.append(TouchPoint(id: finger, position: point))
        }
        changes.fingersDown = fingers.count
        if changes.beginsSequence && !changes.lifted.isEmpty {
            // The last finger lifted and others landed in one frame: two touch sequences, handed over one after the
            // other as the engine does (`TouchChanges.beginsSequence`), the ending first.
            var ending = changes
            ending.landed.removeAll()
            ending.fingersDown = 0
            record(gesture.touchesChanged(ending), at: now)
            changes.moved.removeAll()
            changes.lifted.removeAll()
        }
        record(gesture.touchesChanged(changes), at: now)
    }
}

/// A value with the time it was reported at.
public struct Timed<Value> {
    public var time: Timestamp
    public var value: Value

    public init(_ time: Timestamp, _ value: Value) {
        self.time = time
        self.value = value
    }
}

extension Timed: Equatable where Value: Equatable {}

extension Timed: CustomStringConvertible {
    public var description: String { "\(time.microseconds / 1000)ms: \(value)" }
}

/// `n` milliseconds as a timestamp, for expected lists.
public func ms(_ n: Int64) -> Timestamp { Timestamp(microseconds: n * 1000) }
