import GestureCore

#if canImport(Glibc)
import Glibc
#endif

/// Plays touches on an engine frame by frame, every frame's events through `GestureChecks`: fingers go
/// down, move and lift; time passes with the deadlines firing.
public struct TouchDriver {
    public private(set) var engine: GestureEngine
    public private(set) var checks = GestureChecks()
    public private(set) var now = Timestamp(microseconds: 1_000_000)
    /// The fingers down and where they are.
    private var fingers: [Int: Point] = [:]

    public init(engine: GestureEngine) {
        self.engine = engine
    }

    /// One frame, 10 ms after the previous one: `moves` (fingers down already move, others go down), then
    /// `lifts`. Every other finger down is reported stationary.
    public mutating func frame(_ moves: [Int: Point], lifting lifts: Set<Int> = [], cancelling: Bool = false) {
        now = now + .ms(10)
        var contacts: [Contact] = []
        for (id, point) in moves.sorted(by: { $0.key < $1.key }) {
            let phase: ContactPhase = fingers[id] == nil ? .began : (lifts.contains(id) ? (cancelling ? .cancelled : .ended) : .moved)
            fingers[id] = point
            contacts.append(Contact(id: id, position: point, phase: phase))
        }
        for id in lifts.sorted() where moves[id] == nil {
            guard let point = fingers[id] else { continue }
            contacts.append(Contact(id: id, position: point, phase: cancelling ? .cancelled : .ended))
        }
        for (id, point) in fingers.sorted(by: { $0.key < $1.key }) where moves[id] == nil && !lifts.contains(id) {
            contacts.append(Contact(id: id, position: point, phase: .stationary))
        }
        for id in lifts { fingers[id] = nil }
        let frame = TouchFrame(time: now, contacts: contacts)
        checks.add(engine.handle(frame), after: "frame at \(now)")
    }

    /// Time passing with no input: the deadlines up to it fire.
    public mutating func wait(_ span: TimeSpan) {
        now = now + span
        checks.add(engine.advance(to: now), after: "advance to \(now)")
    }

    /// Lifts every finger still down.
    public mutating func liftAll() {
        guard !fingers.isEmpty else { return }
        frame([:], lifting: Set(fingers.keys))
    }

    /// The end of input: the gestures in progress are cancelled, and the lifecycles checked.
    public mutating func finish() {
        checks.add(engine.finish(at: now), after: "finish at \(now)")
        checks.finish()
    }

    // MARK: Gestures

    /// A tap at `point`: down, up 50 ms later.
    public mutating func tap(_ point: Point) {
        frame([0: point])
        wait(.ms(40))
        frame([:], lifting: [0])
    }

    /// One finger down at `from`, held `hold`, moved to `to` in `steps`, lifted.
    public mutating func drag(from: Point, to: Point, hold: TimeSpan = .zero, steps: Int = 8) {
        frame([0: from])
        if hold > .zero { wait(hold) }
        for step in 1...steps {
            let t = Double(step) / Double(steps)
            frame([0: Point(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t)])
        }
        frame([:], lifting: [0])
    }

    /// Two fingers down side by side at `from`, moved together to `to`, lifted.
    public mutating func twoFingerDrag(from: Point, to: Point, spacing: Double, steps: Int = 8) {
        frame([0: from, 1: Point(x: from.x + spacing, y: from.y)])
        for step in 1...steps {
            let t = Double(step) / Double(steps)
            let x = from.x + (to.x - from.x) * t, y = from.y + (to.y - from.y) * t
            frame([0: Point(x: x, y: y), 1: Point(x: x + spacing, y: y)])
        }
        frame([:], lifting: [0, 1])
    }

    /// One finger around `center` at `radius`, `degrees` in `steps` (a wind), lifted.
    public mutating func wind(around center: Point, radius: Double, from start: Double, degrees: Double, steps: Int = 24) {
        for step in 0...steps {
            let angle = (start + degrees * Double(step) / Double(steps)) * .pi / 180
            frame([0: Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))])
        }
        frame([:], lifting: [0])
    }

    /// Two fingers on opposite sides of `center`, turned `degrees` in `steps` (a rotation), lifted.
    public mutating func twist(around center: Point, radius: Double, degrees: Double, steps: Int = 16) {
        for step in 0...steps {
            let angle = degrees * Double(step) / Double(steps) * .pi / 180
            let dx = radius * cos(angle), dy = radius * sin(angle)
            frame([0: Point(x: center.x + dx, y: center.y + dy), 1: Point(x: center.x - dx, y: center.y - dy)])
        }
        frame([:], lifting: [0, 1])
    }
}
