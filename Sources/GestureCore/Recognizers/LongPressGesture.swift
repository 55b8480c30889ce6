/// A one-finger long press: the finger stays within `maximumDistance` of where it went down for
/// `minimumDuration`. Recognized by its deadline, with no event needed. Diagram: docs/state-machines/long-press.md.
public struct LongPressGesture: Gesture {
    public struct Configuration: Hashable, Sendable {
        /// SPEC `longPressMs`.
        public var minimumDuration: TimeSpan
        /// SPEC `slopMm`.
        public var maximumDistance: Double

        public init(minimumDuration: TimeSpan = .ms(300), maximumDistance: Double = 3) {
            self.minimumDuration = minimumDuration
            self.maximumDistance = maximumDistance
        }
    }

    public struct Value: Hashable, Sendable {
        /// Where the finger went down.
        public var startLocation: Point
        /// Where the finger is when the press is recognized.
        public var location: Point

        public init(startLocation: Point, location: Point) {
            self.startLocation = startLocation
            self.location = location
        }
    }

    enum State: Hashable, Sendable {
        /// No finger down in this touch sequence yet.
        case idle
        /// One finger down and still within the distance; recognized at `deadline`.
        case pressing(touch: Int, start: Point, location: Point, deadline: Timestamp)
        /// Recognized; `touches` fingers are still down.
        case recognized(touches: Int)
        /// Not a long press; `touches` fingers are still down.
        case failed(touches: Int)
    }

    public let configuration: Configuration
    private(set) var state: State = .idle

    public init(_ configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    public var status: RecognizerStatus {
        switch state {
        case .idle, .pressing: .possible
        case .recognized: .ended
        case .failed: .failed
        }
    }

    public var deadline: Timestamp? {
        switch state {
        case .pressing(_, _, _, let deadline): deadline
        case .idle, .recognized, .failed: nil
        }
    }

    public mutating func touchesChanged(_ changes: TouchChanges) -> [GestureUpdate<Value>] {
        switch state {
        case .pressing(let touch, let start, _, let deadline):
            if let position = changes.position(of: touch) {
                state = position.distance(to: start) > configuration.maximumDistance
                    ? .failed(touches: 1)
                    : .pressing(touch: touch, start: start, location: position, deadline: deadline)
            }
        case .idle, .recognized, .failed:
            break
        }
        let lifted = changes.lifted.count
        switch state {
        case .pressing(let touch, _, _, _):
            // Lifting before the deadline: not a long press.
            if changes.lift(of: touch) != nil { state = .failed(touches: 0) }
        case .recognized(let touches):
            state = .recognized(touches: max(0, touches - lifted))
        case .failed(let touches):
            state = .failed(touches: max(0, touches - lifted))
        case .idle:
            break
        }
        let landed = changes.landed.count
        guard landed > 0 else { return [] }
        switch state {
        case .idle, .recognized(touches: 0), .failed(touches: 0):
            if landed == 1 {
                let touch = changes.landed[0]
                state = .pressing(touch: touch.id, start: touch.position, location: touch.position,
                                  deadline: changes.time + configuration.minimumDuration)
            } else {
                state = .failed(touches: landed)
            }
        case .pressing:
            // A second finger: a pending long press fails.
            state = .failed(touches: 1 + landed)
        case .recognized(let touches):
            state = .recognized(touches: touches + landed)
        case .failed(let touches):
            state = .failed(touches: touches + landed)
        }
        return []
    }

    public mutating func deadlineReached(at now: Timestamp) -> [GestureUpdate<Value>] {
        switch state {
        case .pressing(_, let start, let location, let deadline) where now >= deadline:
            state = .recognized(touches: 1)
            return [GestureUpdate(.ended, Value(startLocation: start, location: location))]
        case .idle, .pressing, .recognized, .failed:
            return []
        }
    }

    public mutating func cancel(at now: Timestamp) -> [GestureUpdate<Value>] {
        // A long press is discrete: a recognized one stays recognized; a pending one fails.
        switch state {
        case .recognized: state = .recognized(touches: 0)
        case .idle: break
        case .pressing, .failed: state = .failed(touches: 0)
        }
        return []
    }
}
