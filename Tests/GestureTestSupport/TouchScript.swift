import GestureCore
import GestureFormat
import RealModule

/// One step of a touch script: a change to the fingers, a pause, or an input other than a frame.
public enum ScriptAction: Sendable {
    /// Changes that make one frame.
    case frame([FingerChange])
    /// Time passes with no input.
    case wait(TimeSpan)
    /// A live driver's wake-up: deadlines up to now fire with no frame.
    case tick
    /// A `SYN_DROPPED` now.
    case dropped
    /// Several frames, one per step, spaced in time.
    case path([[FingerChange]], every: TimeSpan)
    /// A change to the engine's targets between frames (an app moving a view, setting a value), now.
    case change(@Sendable (inout GestureEngine, Timestamp) throws -> [GestureEvent])
}

/// What happens to one finger in a frame.
public enum FingerChange: Hashable, Sendable {
    case down(Int, Point)
    case move(Int, Point)
    case up(Int)
    case withdraw(Int)
}

@resultBuilder
public enum TouchScriptBuilder {
    public static func buildExpression(_ action: ScriptAction) -> [ScriptAction] { [action] }
    public static func buildExpression(_ actions: [ScriptAction]) -> [ScriptAction] { actions }
    public static func buildBlock(_ parts: [ScriptAction]...) -> [ScriptAction] { parts.flatMap { $0 } }
    public static func buildArray(_ parts: [[ScriptAction]]) -> [ScriptAction] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [ScriptAction]?) -> [ScriptAction] { part ?? [] }
    public static func buildEither(first: [ScriptAction]) -> [ScriptAction] { first }
    public static func buildEither(second: [ScriptAction]) -> [ScriptAction] { second }
}

// MARK: - The verbs (litest's, in mm, with virtual time)

/// Finger `finger` lands at (x, y) mm.
public func down(_ finger: Int, at x: Double, _ y: Double) -> ScriptAction { .frame([.down(finger, Point(x: x, y: y))]) }
/// Finger `finger` lands at `point` (mm).
public func down(_ finger: Int, at point: Point) -> ScriptAction { .frame([.down(finger, point)]) }
/// Finger `finger` moves to (x, y) mm in one frame.
public func move(_ finger: Int, to x: Double, _ y: Double) -> ScriptAction { .frame([.move(finger, Point(x: x, y: y))]) }
/// Finger `finger` moves to `point` (mm) in one frame.
public func move(_ finger: Int, to point: Point) -> ScriptAction { .frame([.move(finger, point)]) }
/// Finger `finger` lifts.
public func up(_ finger: Int) -> ScriptAction { .frame([.up(finger)]) }
/// The device withdraws finger `finger`.
public func withdraw(_ finger: Int) -> ScriptAction { .frame([.withdraw(finger)]) }
/// Time passes.
public func after(_ span: TimeSpan) -> ScriptAction { .wait(span) }
/// A live driver wakes at the current time with no event.
public func tick() -> ScriptAction { .tick }
/// The kernel dropped events (`SYN_DROPPED`).
public func synDropped() -> ScriptAction { .dropped }
/// The app changes the engine's targets now (between frames); `body` returns the events the change caused.
public func change(_ body: @escaping @Sendable (inout GestureEngine, Timestamp) throws -> [GestureEvent]) -> ScriptAction { .change(body) }

/// Several changes in one frame.
public func together(_ changes: FingerChange...) -> ScriptAction { .frame(changes) }

/// Finger `finger` lands at (x, y) mm and rests there `for` a time, staying down.
public func rest(_ finger: Int, at x: Double, _ y: Double, for span: TimeSpan) -> [ScriptAction] {
    [down(finger, at: x, y), after(span)]
}

/// Finger `finger` lands at `point`, stays `holding`, and lifts where it landed.
public func tap(_ finger: Int, at point: Point, holding: TimeSpan) -> [ScriptAction] {
    [down(finger, at: point), after(holding), up(finger)]
}

/// Finger `finger` lands at (x, y) mm, stays `holding`, and lifts where it landed.
public func tap(_ finger: Int, at x: Double, _ y: Double, holding: TimeSpan) -> [ScriptAction] {
    tap(finger, at: Point(x: x, y: y), holding: holding)
}

/// Finger `finger` lands at (x, y) mm, holds still `for` a time, and lifts: `tap` with the hold a long press would be.
public func hold(_ finger: Int, at x: Double, _ y: Double, for span: TimeSpan) -> [ScriptAction] {
    tap(finger, at: Point(x: x, y: y), holding: span)
}

/// Finger `finger` moves to each of `points` (x, y in mm) in turn, a frame each, `every` apart: the first one
/// `every` from now (`after(every)` then `move` for each point).
public func moves(_ finger: Int, every: TimeSpan, to points: (x: Double, y: Double)...) -> ScriptAction {
    .path(points.map { [.move(finger, Point(x: $0.x, y: $0.y))] }, every: every)
}

/// Finger `finger` along a track: it lands at the first of `points`, is at each next one at its time, and lifts where
/// it last was at `liftAt`; times in ms from the landing, which is at 0.
public func track(_ finger: Int, _ points: (ms: Int64, x: Double, y: Double)..., liftAt lift: Int64) -> [ScriptAction] {
    precondition(points.first?.ms == 0, "a track starts with its landing, at 0 ms")
    var actions = [down(finger, at: points[0].x, points[0].y)]
    for (last, point) in zip(points, points.dropFirst()) {
        precondition(point.ms >= last.ms, "a track goes forward in time")
        actions += [after(.ms(point.ms - last.ms)), move(finger, to: point.x, point.y)]
    }
    precondition(lift >= points[points.count - 1].ms, "a finger lifts after its last move")
    return actions + [after(.ms(lift - points[points.count - 1].ms)), up(finger)]
}

/// Fingers 0 and 1 on one line across the panel, at height `y` mm: they land together at the first pair of x
/// positions (mm), move together to each next pair in turn, a frame every `every`, and lift together `every` after
/// the last.
public func pinch(y: Double, every: TimeSpan = .ms(10), through xs: (Double, Double)...) -> [ScriptAction] {
    precondition(!xs.isEmpty, "a pinch lands somewhere")
    return [together(.down(0, Point(x: xs[0].0, y: y)), .down(1, Point(x: xs[0].1, y: y))),
            .path(xs.dropFirst().map { [.move(0, Point(x: $0.0, y: y)), .move(1, Point(x: $0.1, y: y))] }, every: every),
            after(every), together(.up(0), .up(1))]
}

// MARK: - Paths
//
// A path moves fingers one frame at a time: the first frame one step after now, the last at the end, now moved on to
// it. Each comes with `steps` (the frames spread evenly over `duration`) and without (`ScriptAction.framePeriod`).

extension ScriptAction {
    /// 100 Hz, a common touchscreen report rate: a path without `steps` makes a frame every 10 ms. Whole
    /// milliseconds, so that umockdev's replay of a generated trace (it sleeps whole milliseconds between events)
    /// keeps the spacing exactly.
    public static let framePeriod = TimeSpan.ms(10)

    /// The frames of a path over `duration` at `framePeriod`.
    static func frameCount(over duration: TimeSpan) -> Int {
        precondition(duration.microseconds > 0 && duration.microseconds % framePeriod.microseconds == 0,
                     "a path lasts a whole number of frames")
        return Int(duration.microseconds / framePeriod.microseconds)
    }

    /// `steps` frames over `duration`, each made by `frame` from the fraction of the path done (0 exclusive, 1 inclusive):
    /// the path of `line`, `arc` and `twist`, and of any other movement.
    public static func path(steps: Int, over duration: TimeSpan, _ frame: (Double) -> [FingerChange]) -> ScriptAction {
        .path((1...steps).map { step in frame(Double(step) / Double(steps)) },
              every: TimeSpan(microseconds: duration.microseconds / Int64(steps)))
    }
}

/// Finger `finger` moves in a straight line from `from` to `to` in `steps` equal frames spread over `duration`.
public func line(_ finger: Int, from: Point, to: Point, steps: Int, over duration: TimeSpan) -> ScriptAction {
    ScriptAction.path(steps: steps, over: duration) { fraction in
        [.move(finger, Point(x: from.x + (to.x - from.x) * fraction, y: from.y + (to.y - from.y) * fraction))]
    }
}

/// Finger `finger` lands at `from`, moves in a straight line to `to` in `steps` equal frames over `duration`, and
/// lifts there in the last frame's time.
public func drag(_ finger: Int, from: Point, to: Point, steps: Int, over duration: TimeSpan) -> [ScriptAction] {
    [down(finger, at: from), line(finger, from: from, to: to, steps: steps, over: duration), up(finger)]
}

/// `line` with a frame every `ScriptAction.framePeriod`.
public func line(_ finger: Int, from: Point, to: Point, over duration: TimeSpan) -> ScriptAction {
    line(finger, from: from, to: to, steps: ScriptAction.frameCount(over: duration), over: duration)
}

/// The point at `degrees` (clockwise from 12 o'clock, y down) and `radius` mm from `center`.
public func polar(_ center: Point, radius: Double, degrees: Double) -> Point {
    let radians = degrees * Double.pi / 180
    return Point(x: center.x + radius * Double.sin(radians), y: center.y - radius * Double.cos(radians))
}

/// Finger `finger` travels along the circle of `radius` about `center` from angle `from` to `to`
/// (degrees clockwise from 12 o'clock; `to` < `from` goes anticlockwise), in `steps` frames over `duration`.
public func arc(_ finger: Int, around center: Point, radius: Double, from: Double, to: Double,
                steps: Int, over duration: TimeSpan) -> ScriptAction {
    ScriptAction.path(steps: steps, over: duration) { fraction in
        [.move(finger, polar(center, radius: radius, degrees: from + (to - from) * fraction))]
    }
}

/// `arc` with a frame every `ScriptAction.framePeriod`.
public func arc(_ finger: Int, around center: Point, radius: Double, from: Double, to: Double, over duration: TimeSpan) -> ScriptAction {
    arc(finger, around: center, radius: radius, from: from, to: to, steps: ScriptAction.frameCount(over: duration), over: duration)
}

/// Two fingers turning together about their midpoint, `steps` frames over `duration`: finger `a` and
/// finger `b` stay opposite each other on the circle of `radius` about `center` (`a` at the angle + 180°, `b` at
/// the angle, which goes from `from` to `to`).
public func twist(_ a: Int, _ b: Int, around center: Point, radius: Double, from: Double, to: Double,
                  steps: Int, over duration: TimeSpan) -> ScriptAction {
    ScriptAction.path(steps: steps, over: duration) { fraction in
        let angle = from + (to - from) * fraction
        return [.move(a, polar(center, radius: radius, degrees: angle + 180)),
                .move(b, polar(center, radius: radius, degrees: angle))]
    }
}

/// `twist` with a frame every `ScriptAction.framePeriod`.
public func twist(_ a: Int, _ b: Int, around center: Point, radius: Double, from: Double, to: Double,
                  over duration: TimeSpan) -> ScriptAction {
    twist(a, b, around: center, radius: radius, from: from, to: to, steps: ScriptAction.frameCount(over: duration), over: duration)
}

// MARK: - Playing a script

/// Turns a script into engine inputs and plays them.
public struct ScriptPlayer: ScriptWalker {
    public private(set) var engine: GestureEngine
    public internal(set) var now: Timestamp
    public private(set) var events: [GestureEvent] = []
    /// The frames handed to the engine, in order.
    public private(set) var frames: [TouchFrame] = []
    /// The fingers down and where they are.
    private var fingers: [Int: Point] = [:]
    /// The time the engine was last brought to: its last frame, or a later wake-up, drop or change.
    private var reached: Timestamp?

    /// The fingers down now, in order.
    public var fingersDown: [Int] { fingers.keys.sorted() }

    /// What the changes of the script threw, in order: a change that throws adds no event.
    public private(set) var failures: [any Error] = []

    public init(layout: Layout, start: Timestamp = .zero) throws {
        self.init(engine: try GestureEngine(layout: layout), start: start)
    }

    public init(engine: GestureEngine, start: Timestamp = .zero) {
        self.engine = engine
        self.now = start
    }

    public mutating func run(_ actions: [ScriptAction]) {
        for action in actions {
            walk(action)
        }
    }

    mutating func tick() {
        events += engine.advance(to: now)
        reached = now
    }

    mutating func dropped() {
        events += engine.dropped(at: now)
        reached = now
    }

    mutating func change(_ body: @Sendable (inout GestureEngine, Timestamp) throws -> [GestureEvent]) {
        do {
            events += try body(&engine, now)
        } catch {
            failures.append(error)
        }
        reached = now
    }

    /// The end of input: gestures still in progress are cancelled at the last frame's time, or at the
    /// time of a later wake-up, drop or change (a live stop comes after them: lines never go back in time).
    public mutating func finish() {
        events += engine.finish(at: reached ?? now)
    }

    mutating func frame(_ changes: [FingerChange]) {
        var contacts: [Contact] = []
        var changed: Set<Int> = []
        for change in changes {
            switch change {
            case .down(let finger, let point):
                precondition(fingers[finger] == nil, "finger \(finger) is already down")
                fingers[finger] = point
                contacts.append(Contact(id: finger, position: point, phase: .began))
                changed.insert(finger)
            case .move(let finger, let point):
                precondition(fingers[finger] != nil, "finger \(finger) is not down")
                fingers[finger] = point
                contacts.append(Contact(id: finger, position: point, phase: .moved))
                changed.insert(finger)
            case .up(let finger), .withdraw(let finger):
                guard let point = fingers.removeValue(forKey: finger) else { preconditionFailure("finger \(finger) is not down") }
                let phase: ContactPhase
                if case .withdraw = change { phase = .cancelled } else { phase = .ended }
                if let index = contacts.firstIndex(where: { $0.id == finger }) {
                    contacts[index].phase = phase
                } else {
                    contacts.append(Contact(id: finger, position: point, phase: phase))
                }
                changed.insert(finger)
            }
        }
        // Every other finger down is reported stationary, as a trace reader does.
        for (finger, point) in fingers.sorted(by: { $0.key < $1.key }) where !changed.contains(finger) {
            contacts.append(Contact(id: finger, position: point, phase: .stationary))
        }
        reached = now
        let frame = TouchFrame(time: now, contacts: contacts)
        frames.append(frame)
        events += engine.handle(frame)
    }
}

/// Plays `script` on a fresh engine with `layout`, ends the input, and returns the events as JSON Lines
/// (with `explain`, the explanation lines among them).
public func play(_ layout: Layout, start: Timestamp = .zero, explain: Bool = false,
                 @TouchScriptBuilder _ script: () -> [ScriptAction]) throws -> [String] {
    let events = try playEvents(layout, start: start, explain: explain, script)
    let formatter = EventFormatter()
    return events.map { formatter.line(for: $0) }
}

/// Plays `script` on a fresh engine with `targets`, ends the input, and returns the events as JSON Lines
/// (with `explain`, the explanation lines among them).
public func play(_ targets: [Target], start: Timestamp = .zero, explain: Bool = false,
                 @TouchScriptBuilder _ script: () -> [ScriptAction]) throws -> [String] {
    let events = try playEvents(try GestureEngine(targets: targets), start: start, explain: explain, script)
    let formatter = EventFormatter()
    return events.map { formatter.line(for: $0) }
}

/// Plays `script` and returns the events themselves.
public func playEvents(_ layout: Layout, start: Timestamp = .zero, explain: Bool = false,
                       @TouchScriptBuilder _ script: () -> [ScriptAction]) throws -> [GestureEvent] {
    try playEvents(try GestureEngine(layout: layout), start: start, explain: explain, script)
}

/// Plays `script` on `engine` (fresh from a layout or targets), ends the input, and returns the events; throws what
/// the first change of the script that threw threw, once the script is played.
private func playEvents(_ engine: GestureEngine, start: Timestamp, explain: Bool,
                        _ script: () -> [ScriptAction]) throws -> [GestureEvent] {
    var engine = engine
    engine.explains = explain
    var player = ScriptPlayer(engine: engine, start: start)
    player.run(script())
    player.finish()
    if let failure = player.failures.first { throw failure }
    return player.events
}

// MARK: - Walking a script

/// What plays a script: the engine's player, and a driver of one recognizer. `walk` takes each action the same
/// way for both: the frames, time passing (a path's frames spaced by it), and the inputs other than frames.
protocol ScriptWalker {
    var now: Timestamp { get set }
    mutating func frame(_ changes: [FingerChange])
    /// A live driver's wake-up at `now`.
    mutating func tick()
    /// A `SYN_DROPPED` at `now`.
    mutating func dropped()
    /// The app changes the targets at `now`.
    mutating func change(_ body: @Sendable (inout GestureEngine, Timestamp) throws -> [GestureEvent])
}

extension ScriptWalker {
    mutating func walk(_ action: ScriptAction) {
        switch action {
        case .frame(let changes):
            frame(changes)
        case .wait(let span):
            now = now + span
        case .tick:
            tick()
        case .dropped:
            dropped()
        case .path(let frames, let every):
            for changes in frames {
                now = now + every
                frame(changes)
            }
        case .change(let body):
            change(body)
        }
    }
}
