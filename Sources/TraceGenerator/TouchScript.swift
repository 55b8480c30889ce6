#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import GestureCore

/// What happens to one finger in a frame.
enum FingerChange: Hashable, Sendable {
    /// The finger lands at a point (mm).
    case down(Int, Point)
    /// The finger moves to a point (mm).
    case move(Int, Point)
    /// The finger lifts where it is.
    case up(Int)

    var finger: Int {
        switch self {
        case .down(let finger, _), .move(let finger, _), .up(let finger): finger
        }
    }
}

/// The changes a device reports together, in one frame, at a time in milliseconds.
struct ScriptFrame: Hashable, Sendable {
    var milliseconds: Int
    var changes: [FingerChange]
}

/// A touch scenario in millimetres and milliseconds: the verbs `down`, `move`, `up`, `wait`, and paths
/// (`line`, `arc`, `twist`) that move fingers one frame every `framePeriod`.
///
/// The script has a cursor, `now`. `down`, `move`, `up` and `together` make one frame at `now`; `wait`
/// moves the cursor on; a path makes its frames at `now + framePeriod`, `now + 2 × framePeriod`, … and
/// leaves the cursor on its last frame. `at(_:)` puts the cursor anywhere, also back in time, so that two
/// fingers can follow paths of their own: changes that fall at the same time make one frame, in the order
/// they were written. Paths name their starting point (no hidden state), and the device emulation checks,
/// in time order, that every finger lands before it moves and lifts.
struct TouchScript {
    /// 100 Hz, a common touchscreen report rate; whole milliseconds, so that umockdev's replay (which
    /// sleeps whole milliseconds between events) keeps the spacing exactly.
    static let framePeriod = 10

    private(set) var now: Int
    private var changes: [Int: [FingerChange]] = [:]

    /// A script whose first frame is at `start` ms. The device emulation writes a bare `SYN_REPORT` at 0
    /// before it (see `TestDevice`), so that a player that starts at once has time to open the device.
    init(startingAt start: Int = 500) {
        self.now = start
    }

    /// The frames, in time order.
    var frames: [ScriptFrame] {
        changes.keys.sorted().map { ScriptFrame(milliseconds: $0, changes: changes[$0]!) }
    }

    // MARK: Verbs

    mutating func down(_ finger: Int, at point: Point) { add([.down(finger, point)], at: now) }
    mutating func move(_ finger: Int, to point: Point) { add([.move(finger, point)], at: now) }
    mutating func up(_ finger: Int) { add([.up(finger)], at: now) }
    /// Several changes in one frame, in this order.
    mutating func together(_ changes: FingerChange...) { add(changes, at: now) }

    /// Time passes.
    mutating func wait(_ milliseconds: Int) {
        precondition(milliseconds >= 0, "time goes forward")
        now += milliseconds
    }

    /// Puts the cursor at `milliseconds` (from the start of the trace).
    mutating func at(_ milliseconds: Int) {
        precondition(milliseconds >= 0)
        now = milliseconds
    }

    /// Down, `holding` ms, up.
    mutating func tap(_ finger: Int, at point: Point, holding milliseconds: Int) {
        down(finger, at: point)
        wait(milliseconds)
        up(finger)
    }

    // MARK: Paths

    /// The finger moves in a straight line from `from` to `to`, one frame every `framePeriod` over
    /// `duration` ms; the last frame is at `to`.
    mutating func line(_ finger: Int, from: Point, to: Point, over duration: Int) {
        path(over: duration) { fraction in
            [.move(finger, Point(x: from.x + (to.x - from.x) * fraction, y: from.y + (to.y - from.y) * fraction))]
        }
    }

    /// The finger travels along the circle of `radius` about `center`, from angle `from` to angle `to`
    /// (degrees clockwise from 12 o'clock; `to` < `from` goes anticlockwise).
    mutating func arc(_ finger: Int, around center: Point, radius: Double, from: Double, to: Double, over duration: Int) {
        path(over: duration) { fraction in
            [.move(finger, polar(center, radius: radius, degrees: from + (to - from) * fraction))]
        }
    }

    /// Two fingers turning about `center`, opposite each other on the circle of `radius`: finger `a` at
    /// angle + 180°, finger `b` at angle, the angle going from `from` to `to`.
    mutating func twist(_ a: Int, _ b: Int, around center: Point, radius: Double, from: Double, to: Double, over duration: Int) {
        path(over: duration) { fraction in
            let angle = from + (to - from) * fraction
            return [.move(a, polar(center, radius: radius, degrees: angle + 180)),
                    .move(b, polar(center, radius: radius, degrees: angle))]
        }
    }

    private mutating func path(over duration: Int, _ step: (Double) -> [FingerChange]) {
        precondition(duration > 0 && duration % Self.framePeriod == 0, "a path lasts a whole number of frames")
        let steps = duration / Self.framePeriod
        for index in 1...steps {
            add(step(Double(index) / Double(steps)), at: now + index * Self.framePeriod)
        }
        now += duration
    }

    private mutating func add(_ list: [FingerChange], at milliseconds: Int) {
        changes[milliseconds, default: []].append(contentsOf: list)
    }
}

/// The point at `degrees` (clockwise from 12 o'clock, y down) and `radius` mm from `center`.
func polar(_ center: Point, radius: Double, degrees: Double) -> Point {
    let radians = degrees * Double.pi / 180
    return Point(x: center.x + radius * sin(radians), y: center.y - radius * cos(radians))
}

/// A point in mm, for scenarios: `P(95, 30)`.
func P(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }
