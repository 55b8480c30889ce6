import GestureCore
import GestureTestSupport

/// The changes a device reports together, in one frame, at a time in milliseconds.
struct ScriptFrame: Hashable, Sendable {
    var milliseconds: Int
    var changes: [FingerChange]
}

/// A scenario's touches: actions of the one touch-script language (GestureTestSupport's `down`, `move`, `up`,
/// `tap`, `after`, `together`, `line`, `arc`, `twist`, the same the tests play on the engine) laid out in
/// milliseconds from a cursor, `now`.
///
/// `play` puts an action's frames at `now` and moves the cursor on by its waits and paths, as the tests' player
/// does; `at(_:)` puts the cursor anywhere, also back in time, so that two fingers can follow paths of their own.
/// Unlike the tests' player, which hands the engine each frame as it comes, a timeline is a device's report:
/// changes that fall at the same time make one frame, in the order they were written. Paths name their starting
/// point (no hidden state), and the device emulation checks, in time order, that every finger lands before it moves
/// and lifts.
struct ScriptTimeline {
    private(set) var now: Int
    private var changes: [Int: [FingerChange]] = [:]

    /// A timeline whose first frame is at `start` ms. The device emulation writes a bare `SYN_REPORT` at 0 before
    /// it (see `TestDevice`), so that a player that starts at once has time to open the device.
    init(startingAt start: Int = 500) {
        self.now = start
    }

    /// The frames, in time order.
    var frames: [ScriptFrame] {
        changes.keys.sorted().map { ScriptFrame(milliseconds: $0, changes: changes[$0]!) }
    }

    /// Puts the cursor at `milliseconds` (from the start of the trace).
    mutating func at(_ milliseconds: Int) {
        precondition(milliseconds >= 0)
        now = milliseconds
    }

    /// Lays out `actions` from the cursor, in order.
    mutating func play(_ actions: ScriptAction...) {
        play(actions)
    }

    /// Lays out `actions` from the cursor, in order (a `tap`).
    mutating func play(_ actions: [ScriptAction]) {
        for action in actions { play(action) }
    }

    /// Lays out `action` at the cursor: a frame at `now`; a wait moves the cursor on; a path makes its frames at
    /// `now + every`, `now + 2 × every`, … and leaves the cursor on its last frame.
    private mutating func play(_ action: ScriptAction) {
        switch action {
        case .frame(let list):
            add(list, at: now)
        case .wait(let span):
            now += Self.milliseconds(span)
        case .path(let frames, let every):
            let period = Self.milliseconds(every)
            for (index, list) in frames.enumerated() { add(list, at: now + (index + 1) * period) }
            now += frames.count * period
        case .tick, .dropped, .change:
            preconditionFailure("a trace holds only what the touchscreen reports, not \(action)")
        }
    }

    /// A span in whole milliseconds: umockdev sleeps whole milliseconds between events.
    private static func milliseconds(_ span: TimeSpan) -> Int {
        precondition(span.microseconds >= 0 && span.microseconds % 1000 == 0, "time goes forward in whole milliseconds")
        return Int(span.microseconds / 1000)
    }

    private mutating func add(_ list: [FingerChange], at milliseconds: Int) {
        changes[milliseconds, default: []].append(contentsOf: list)
    }
}

/// A point in mm, for scenarios: `P(95, 30)`.
func P(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }
