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

        init(first: TouchPoint, second: TouchPoint) {
            self.first = first
            self.second = second
            self.lastAngle = Angle.degrees(of: second.position, around: first.position)
            self.rotation = 0
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
    }

    enum State: Hashable, Sendable {
        /// No finger down in this touch sequence yet.
        case idle
        /// One finger down, waiting for a second.
        case oneFinger(TouchPoint)
        /// Two fingers down (and maybe further ones, ignored), rotation below the threshold so far.
        case pending(Pair)
        /// Rotating.
        case rotating(Pair)
        /// Decided; fingers may still be down (`TouchChanges.fingersDown`).
        case finished(Outcome)
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
        case .finished(let outcome): outcome.status
        }
    }

    public var deadline: Timestamp? { nil }

    public mutating func touchesChanged(_ changes: TouchChanges) -> [GestureUpdate<Value>] {
        checkFingers(changes)
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
                if changes.lift(of: touch.id) != nil { state = .finished(.failed) }
            case .pending(let pair):
                // Lifts of further fingers change nothing.
                if changes.lift(of: pair.first.id) != nil || changes.lift(of: pair.second.id) != nil {
                    state = .finished(.failed)
                }
            case .rotating(let pair):
                let lifts = [changes.lift(of: pair.first.id), changes.lift(of: pair.second.id)].compactMap { $0 }
                if !lifts.isEmpty {
                    let cancelled = lifts.contains { $0.cancelled }
                    state = .finished(cancelled ? .cancelled : .ended)
                    updates.append(GestureUpdate(cancelled ? .cancelled : .ended, pair.value))
                }
            case .idle, .finished:
                break
            }
        }
        let landed = changes.landed
        guard !landed.isEmpty else { return updates }
        switch state {
        case .idle:
            // No finger was down (checked above): these landings begin a touch sequence.
            startSequence(landed)
        case .finished where changes.beginsSequence:
            startSequence(landed)
        case .finished:
            // Nothing more until every finger has lifted.
            break
        case .oneFinger(let first):
            state = .pending(Pair(first: first, second: landed[0]))
        case .pending, .rotating:
            // Further fingers are ignored.
            break
        }
        return updates
    }

    /// Stops on changes whose count of fingers contradicts the state: before them, no finger is down in
    /// `idle`, exactly one in `oneFinger`, and at least the pair in `pending` and `rotating`.
    private func checkFingers(_ changes: TouchChanges) {
        let expected: ClosedRange<Int>
        switch state {
        case .idle: expected = 0...0
        case .oneFinger: expected = 1...1
        case .pending, .rotating: expected = 2...Int.max
        case .finished: return
        }
        guard expected.contains(changes.fingersBefore) else {
            preconditionFailure("RotationGesture.\(state): \(changes.fingersBefore) fingers down before \(changes), not \(expected)")
        }
    }

    /// The landings of a new touch sequence: the first finger waits for a second; two or more make the
    /// pair of the first two.
    private mutating func startSequence(_ landed: [TouchPoint]) {
        state = landed.count == 1 ? .oneFinger(landed[0]) : .pending(Pair(first: landed[0], second: landed[1]))
    }

    public mutating func deadlineReached(at now: Timestamp) -> [GestureUpdate<Value>] { [] }

    public mutating func cancel(at now: Timestamp) -> [GestureUpdate<Value>] {
        switch state {
        case .rotating(let pair):
            state = .finished(.cancelled)
            return [GestureUpdate(.cancelled, pair.value)]
        case .oneFinger, .pending:
            state = .finished(.failed)
        case .idle, .finished:
            break
        }
        return []
    }
}
