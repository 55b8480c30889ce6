import GestureCore

/// A deterministic generator (SplitMix64), so that a failing seed replays.
public struct SplitMix: RandomNumberGenerator, Sendable {
    public var state: UInt64

    public init(state: UInt64) {
        self.state = state
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// How a random touch script goes.
public struct RandomScriptShape: Sendable {
    /// How many steps (each a pause, then an input).
    public var steps: ClosedRange<Int>
    /// Fingers at most, and the pause before each step in ms.
    public var fingers: Int
    public var pause: ClosedRange<Int64>
    /// The largest move of a finger in one frame, mm, along each axis.
    public var moveStep: Double
    /// Of 100: drops, wake-ups, landings, lifts (3 of which are withdrawals); the rest are moves.
    public var drops: Int
    public var ticks: Int

    public init(steps: ClosedRange<Int>, fingers: Int, pause: ClosedRange<Int64>, moveStep: Double, drops: Int, ticks: Int) {
        self.steps = steps
        self.fingers = fingers
        self.pause = pause
        self.moveStep = moveStep
        self.drops = drops
        self.ticks = ticks
    }
}

/// A random script over a 220 × 160 mm surface: fingers landing anywhere, moving, lifting, being
/// withdrawn, with drops and wake-ups, as `shape` says.
public func randomTouchScript(_ shape: RandomScriptShape, using random: inout SplitMix) -> [ScriptAction] {
    var actions: [ScriptAction] = []
    var down: [Int: Point] = [:]
    let count = shape.steps.count == 1 ? shape.steps.lowerBound : Int.random(in: shape.steps, using: &random)
    for _ in 0..<count {
        actions.append(after(.ms(Int64.random(in: shape.pause, using: &random))))
        let roll = Int.random(in: 0..<100, using: &random)
        if roll < shape.drops {
            actions.append(synDropped())
        } else if roll < shape.drops + shape.ticks {
            actions.append(tick())
        } else if roll < 25 || down.isEmpty {
            if let finger = (0..<shape.fingers).first(where: { down[$0] == nil }) {
                let point = Point(x: Double.random(in: 0...220, using: &random), y: Double.random(in: 0...160, using: &random))
                down[finger] = point
                actions.append(.frame([.down(finger, point)]))
            }
        } else if roll < 40 {
            let finger = down.keys.sorted()[Int.random(in: 0..<down.count, using: &random)]
            down[finger] = nil
            actions.append(.frame([roll < 37 ? .up(finger) : .withdraw(finger)]))
        } else {
            var changes: [FingerChange] = []
            for finger in down.keys.sorted() where Bool.random(using: &random) {
                let old = down[finger]!
                let step = Double.random(in: 0...shape.moveStep, using: &random)
                let point = Point(x: old.x + Double.random(in: -step...step, using: &random),
                                  y: old.y + Double.random(in: -step...step, using: &random))
                down[finger] = point
                changes.append(.move(finger, point))
            }
            if !changes.isEmpty { actions.append(.frame(changes)) }
        }
    }
    return actions
}
