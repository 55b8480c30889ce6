import GestureCore
import GestureTestSupport

/// Plays touches on an engine, written in the tests' touch-script language (GestureTestSupport), with every input's
/// events through `GestureChecks`: fingers go down, move and lift one frame every 10 ms; time passes with the
/// deadlines firing.
public struct TouchDriver {
    private var player: ScriptPlayer
    public private(set) var checks = GestureChecks()

    public init(engine: GestureEngine) {
        player = ScriptPlayer(engine: engine, start: Timestamp(microseconds: 1_000_000))
    }

    public var engine: GestureEngine { player.engine }
    public var now: Timestamp { player.now }

    /// Plays `actions`, one at a time, each one's events checked.
    public mutating func play(_ actions: [ScriptAction]) {
        for action in actions {
            let before = player.events.count
            player.run([action])
            checks.add(Array(player.events[before...]), after: "\(action) ending at \(player.now)")
        }
    }

    /// One frame, 10 ms after now: `moves` (fingers down already move, others go down), then `lifts`
    /// (withdrawn when `cancelling`). Every other finger down is reported stationary.
    public mutating func frame(_ moves: [Int: Point], lifting lifts: Set<Int> = [], cancelling: Bool = false) {
        let down = Set(player.fingersDown)
        var changes: [FingerChange] = moves.sorted { $0.key < $1.key }.map { finger, point in
            down.contains(finger) ? .move(finger, point) : .down(finger, point)
        }
        changes += lifts.sorted().map { cancelling ? .withdraw($0) : .up($0) }
        play([after(ScriptAction.framePeriod), .frame(changes)])
    }

    /// Time passing with no input: the deadlines up to it fire.
    public mutating func wait(_ span: TimeSpan) {
        play([after(span), tick()])
    }

    /// Lifts every finger still down.
    public mutating func liftAll() {
        guard !player.fingersDown.isEmpty else { return }
        frame([:], lifting: Set(player.fingersDown))
    }

    /// The end of input: the gestures in progress are cancelled, and the lifecycles checked.
    public mutating func finish() {
        let before = player.events.count
        player.finish()
        checks.add(Array(player.events[before...]), after: "finish at \(player.now)")
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
        play([line(0, from: from, to: to, steps: steps, over: frames(steps))])
        frame([:], lifting: [0])
    }

    /// Two fingers down side by side at `from`, moved together to `to`, lifted.
    public mutating func twoFingerDrag(from: Point, to: Point, spacing: Double, steps: Int = 8) {
        frame([0: from, 1: Point(x: from.x + spacing, y: from.y)])
        play([ScriptAction.path(steps: steps, over: frames(steps)) { fraction in
            let x = from.x + (to.x - from.x) * fraction, y = from.y + (to.y - from.y) * fraction
            return [.move(0, Point(x: x, y: y)), .move(1, Point(x: x + spacing, y: y))]
        }])
        frame([:], lifting: [0, 1])
    }

    /// One finger around `center` at `radius`, from angle `start` turned `degrees` (clockwise from 12 o'clock, as
    /// the language's `arc`) in `steps` (a wind), lifted.
    public mutating func wind(around center: Point, radius: Double, from start: Double, degrees: Double, steps: Int = 24) {
        frame([0: polar(center, radius: radius, degrees: start)])
        play([arc(0, around: center, radius: radius, from: start, to: start + degrees, steps: steps, over: frames(steps))])
        frame([:], lifting: [0])
    }

    /// Two fingers on opposite sides of `center`, turned `degrees` in `steps` (a rotation), lifted.
    public mutating func twist(around center: Point, radius: Double, degrees: Double, steps: Int = 16) {
        frame([0: polar(center, radius: radius, degrees: 180), 1: polar(center, radius: radius, degrees: 0)])
        play([GestureTestSupport.twist(0, 1, around: center, radius: radius, from: 0, to: degrees, steps: steps, over: frames(steps))])
        frame([:], lifting: [0, 1])
    }

    /// `steps` frames' time.
    private func frames(_ steps: Int) -> TimeSpan {
        TimeSpan(microseconds: ScriptAction.framePeriod.microseconds * Int64(steps))
    }
}
