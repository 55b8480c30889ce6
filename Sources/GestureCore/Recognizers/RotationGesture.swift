/// Two-finger rotation: the cumulative, normalised change of the angle of the line from the first finger
/// to the second, clockwise positive. Diagram: docs/state-machines/rotation.md.
///
/// Tracking starts when a second finger lands. The gesture begins when the rotation's magnitude reaches
/// `minimumAngle`, reports a change on every later frame in which either finger moved, and ends when
/// either finger lifts. Further fingers are ignored.
public struct RotationGesture: Gesture {
    public struct Configuration: Hashable, Sendable {
        /// SPEC `rotateThresholdDegrees`.
        public var minimumAngle: Double

        public init(minimumAngle: Double = 2) {
            self.minimumAngle = minimumAngle
        }
    }

    public struct Value: Hashable, Sendable {
        /// Cumulative rotation since the second finger landed, in degrees, clockwise positive.
        public var rotation: Double
        /// Midpoint of the two fingers.
        public var center: Point

        public init(rotation: Double, center: Point) {
            self.rotation = rotation
            self.center = center
        }
    }

    /// The two fingers being followed.
    struct Pair: Hashable, Sendable {
        var first: TouchPoint
        var second: TouchPoint
        /// Angle of the line first → second at the previous frame.
        var lastAngle: Double
        var rotation: Double
        /// Fingers beyond the two, ignored but counted.
        var extra: Int

        init(first: TouchPoint, second: TouchPoint, extra: Int) {
            self.first = first
            self.second = second
            self.lastAngle = Angle.degrees(of: second.position, around: first.position)
            self.rotation = 0
            self.extra = extra
        }

        var value: Value { Value(rotation: rotation, center: first.position.midpoint(second.position)) }

        /// Applies this frame's moves; returns false if neither finger moved.
        mutating func follow(_ changes: TouchChanges) -> Bool {
            let firstMove = changes.position(of: first.id)
            let secondMove = changes.position(of: second.id)
            guard firstMove != nil || secondMove != nil else { return false }
            if let firstMove { first.position = firstMove }
            if let secondMove { second.position = secondMove }
            let angle = Angle.degrees(of: second.position, around: first.position)
            rotation += Angle.normalized(angle - lastAngle)
            lastAngle = angle
            return true
        }

        /// Fingers still down after `lifts` of this pair's and of the extra fingers.
        func remaining(after changes: TouchChanges) -> Int {
            2 + extra - changes.lifted.count
        }
    }

    enum State: Hashable, Sendable {
        /// No finger down in this touch sequence yet.
        case idle
        /// One finger down, waiting for a second.
        case oneFinger(TouchPoint)
        /// Two fingers down, rotation below the threshold so far.
        case pending(Pair)
        /// Rotating.
        case rotating(Pair)
        /// Decided; `touches` fingers are still down.
        case finished(Outcome, touches: Int)
    }

    public let configuration: Configuration
    private(set) var state: State = .idle

    public init(_ configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    public var status: RecognizerStatus {
        switch state {
        case .idle, .oneFinger, .pending: .possible
        case .rotating: .active
        case .finished(let outcome, _): outcome.status
        }
    }

    public var deadline: Timestamp? { nil }

    public mutating func touchesChanged(_ changes: TouchChanges) -> [GestureUpdate<Value>] {
        var updates: [GestureUpdate<Value>] = []
        switch state {
        case .oneFinger(var touch):
            if let position = changes.position(of: touch.id) {
                touch.position = position
                state = .oneFinger(touch)
            }
        case .pending(var pair):
            if pair.follow(changes) {
                if abs(pair.rotation) >= configuration.minimumAngle {
                    state = .rotating(pair)
                    updates.append(GestureUpdate(.began, pair.value))
                } else {
                    state = .pending(pair)
                }
            }
        case .rotating(var pair):
            if pair.follow(changes) {
                state = .rotating(pair)
                updates.append(GestureUpdate(.changed, pair.value))
            }
        case .idle, .finished:
            break
        }
        if !changes.lifted.isEmpty {
            switch state {
            case .oneFinger(let touch):
                if changes.lift(of: touch.id) != nil { state = .finished(.failed, touches: 0) }
            case .pending(var pair):
                if changes.lift(of: pair.first.id) != nil || changes.lift(of: pair.second.id) != nil {
                    state = .finished(.failed, touches: max(0, pair.remaining(after: changes)))
                } else {
                    pair.extra = max(0, pair.extra - changes.lifted.count)
                    state = .pending(pair)
                }
            case .rotating(var pair):
                let lifts = [changes.lift(of: pair.first.id), changes.lift(of: pair.second.id)].compactMap { $0 }
                if !lifts.isEmpty {
                    let cancelled = lifts.contains { $0.cancelled }
                    state = .finished(cancelled ? .cancelled : .ended, touches: max(0, pair.remaining(after: changes)))
                    updates.append(GestureUpdate(cancelled ? .cancelled : .ended, pair.value))
                } else {
                    pair.extra = max(0, pair.extra - changes.lifted.count)
                    state = .rotating(pair)
                }
            case .finished(let outcome, let touches):
                state = .finished(outcome, touches: max(0, touches - changes.lifted.count))
            case .idle:
                break
            }
        }
        let landed = changes.landed
        guard !landed.isEmpty else { return updates }
        switch state {
        case .idle, .finished(_, touches: 0):
            state = landed.count == 1
                ? .oneFinger(landed[0])
                : .pending(Pair(first: landed[0], second: landed[1], extra: landed.count - 2))
        case .oneFinger(let first):
            state = .pending(Pair(first: first, second: landed[0], extra: landed.count - 1))
        case .pending(var pair):
            pair.extra += landed.count
            state = .pending(pair)
        case .rotating(var pair):
            pair.extra += landed.count
            state = .rotating(pair)
        case .finished(let outcome, let touches):
            state = .finished(outcome, touches: touches + landed.count)
        }
        return updates
    }

    public mutating func deadlineReached(at now: Timestamp) -> [GestureUpdate<Value>] { [] }

    public mutating func cancel(at now: Timestamp) -> [GestureUpdate<Value>] {
        switch state {
        case .rotating(let pair):
            state = .finished(.cancelled, touches: 0)
            return [GestureUpdate(.cancelled, pair.value)]
        case .oneFinger, .pending:
            state = .finished(.failed, touches: 0)
        case .idle:
            break
        case .finished(let outcome, _):
            state = .finished(outcome, touches: 0)
        }
        return []
    }
}
