// kitchen-timer: what a UI layer does with the library, through its public products only (`import
// TouchGestures`), in a plain poll() loop.
//
//     kitchen-timer [--device NODE]          live, on NODE or the first touchscreen; SIGINT or SIGTERM ends it
//     kitchen-timer [--fast] TRACE           a recording, at its own pace; --fast: on a clock that jumps to
//                                            each wake-up instead of waiting (as fast as possible, same output)
//
// The screen (mm, on a 215.5 × 134.7 mm touchscreen): a chart of November 2025 by day with a "today" button
// at its top right, and below it an Ovo-style kitchen timer: wind it up (6° a minute, an hour at most), let
// go, and it runs down, a tenth of a degree a second. The app counts it down on its own clock and sets the
// dial's value through the source; a tap on the dial pauses and resumes it. Each line says what the UI does.

import TouchGestures

#if canImport(Glibc)
import Glibc
#endif

// MARK: The views

let chart = TimelineConfiguration(
    name: "chart", rect: Rect(x: 10, y: 5, width: 200, height: 60),
    domain: .date(start: CivilDay(iso: "2025-11-01")!, end: CivilDay(iso: "2025-12-01")!, bucket: .day))
let timer = DialConfiguration(name: "timer", center: Point(x: 107.5, y: 100), radius: 30, maxDegrees: 360)

/// The targets, as the UI's views: the button is a child of the chart, drawn on top of it, so a tap on it is
/// the button's and a drag that starts on it scrolls the chart. A mistake in them (two of one name, a domain that
/// ends before it starts) throws a `GestureError` saying which.
func makeEngine() throws(GestureError) -> GestureEngine {
    try GestureEngine(targets: [
        Target("chart", shape: .rectangle(chart.rect), component: try TimelineComponent(chart), children: [
            Target("today", shape: .rectangle(Rect(x: 180, y: 8, width: 25, height: 12)), gesture: TapGesture()),
        ]),
        Target("timer", shape: .circle(center: timer.center, radius: timer.radius), component: try DialComponent(timer)),
    ])
}

// MARK: What the UI does with the events

/// The timer runs down 0.1° a second: 6° a minute.
let degreesPerSecond = 0.1

/// The app's state: what it draws, and when the countdown's next second is due on its own clock.
struct KitchenTimer {
    /// The dial's value, in degrees.
    var degrees = 0.0
    /// A finger is winding the dial: the countdown waits.
    var winding = false
    var paused = false
    /// Detent haptics played during the current wind.
    var ticks = 0
    /// The countdown's next second; nil while it does not run.
    var nextSecond: MonotonicTime?

    func say(_ time: Timestamp, _ view: String, _ text: String) {
        print(Numbers.seconds(time) + "  " + view.padding(toLength: 7, withPad: " ", startingAt: 0) + text)
    }

    /// "14:59": the time left at `degrees`.
    static func left(_ degrees: Double) -> String {
        let seconds = Int((degrees / degreesPerSecond).rounded(.down))
        let remainder = seconds % 60
        return "\(seconds / 60):" + (remainder < 10 ? "0" : "") + "\(remainder)"
    }

    static func days(_ selection: Selection) -> String {
        selection.start == selection.end ? day(selection.start) : day(selection.start) + " … " + day(selection.end)
    }

    static func day(_ bucket: Bucket) -> String {
        switch bucket {
        case .day(let day): day.description
        case .number(let number): Numbers.decimal(number)
        }
    }

    /// Shows one event, and starts or stops the countdown as the timer is wound, let go or tapped.
    mutating func show(_ event: GestureEvent, now: MonotonicTime) {
        switch (event.target, event.kind) {
        case ("today", .tap):
            say(event.time, "today", "tapped: the chart scrolls to today")
        case ("chart", .tap(let tap)):
            say(event.time, "chart", "tap on " + (tap.selection.map(Self.days) ?? "?"))
        case ("chart", .select(let phase, let select)):
            let verb = phase == .ended ? "selected " : phase == .cancelled ? "selection cancelled: " : "selecting "
            say(event.time, "chart", verb + Self.days(select.selection))
        case ("chart", .pan(let phase, let pan)) where phase != .changed:
            say(event.time, "chart", "scroll \(phase): " + Numbers.decimal(pan.dx) + " mm")
        case ("timer", .wind(let phase, let wind)):
            wound(phase, to: wind.angle, at: event.time, now: now)
        case ("timer", .rotate(let phase, let rotate)):
            wound(phase, to: rotate.angle, at: event.time, now: now)
        case ("timer", .haptic(.detent)):
            ticks += 1
        case ("timer", .haptic(.limit)):
            say(event.time, "timer", "at the stop: an hour")
        case ("timer", .tap):
            paused.toggle()
            nextSecond = paused || degrees <= 0 ? nil : now + .seconds(1)
            say(event.time, "timer", (paused ? "paused at " : "running again from ") + Self.left(degrees))
        default:
            break  // the chart's press haptic, a scroll's moves: drawn, not said
        }
    }

    mutating func wound(_ phase: GesturePhase, to angle: Double, at time: Timestamp, now: MonotonicTime) {
        degrees = angle
        switch phase {
        case .began:
            winding = true
            nextSecond = nil
            ticks = 0
            say(time, "timer", "winding")
        case .changed:
            break
        case .ended, .cancelled:
            winding = false
            paused = false
            nextSecond = degrees > 0 ? now + .seconds(1) : nil
            say(time, "timer", "set to " + Self.left(degrees) + " (\(ticks) detent ticks), counting down")
        }
    }

    /// One second of the countdown, at `now` on the app's clock: the dial's value goes down through the source,
    /// which sets it at its own time for `now`.
    mutating func countDown(_ source: some GestureSource, now: MonotonicTime) throws(GestureError) {
        guard let due = nextSecond, now >= due else { return }
        var time = Timestamp.zero
        var events: [GestureEvent] = []
        try source.change(now: now, { (engine, at) throws(GestureError) in
            time = at
            let current = engine.component(of: "timer", as: DialComponent.self)?.value.degrees ?? 0
            return try engine.setDialValue(of: "timer", degrees: max(0, current - degreesPerSecond), at: at)
        }, { events.append($0) })
        for event in events { show(event, now: now) }
        guard nextSecond != nil, let dial = source.engine.component(of: "timer", as: DialComponent.self) else { return }
        degrees = dial.value.degrees
        if degrees <= 0 {
            say(time, "timer", "rings!")
            nextSecond = nil
        } else {
            say(time, "timer", Self.left(degrees) + " left")
            nextSecond = due + .seconds(1)
        }
    }
}

// MARK: The loop

/// SIGINT and SIGTERM write a byte here, for the loop's poll() (the classic self-pipe).
nonisolated(unsafe) var stopPipe: [Int32] = [-1, -1]

/// Says `message` on standard error.
func complain(_ message: String) {
    let line = "kitchen-timer: " + message + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
}

func fail(_ message: String) -> Never {
    complain(message)
    exit(1)
}

/// Runs the app on `source` until it ends or a signal stops it. `manual`: a clock moved to each wake-up.
func run(_ source: some GestureSource, clock: any MonotonicClock, manual: ManualClock?) {
    var app = KitchenTimer()
    var descriptors = [pollfd(fd: source.fileDescriptor ?? -1, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: stopPipe[0], events: Int16(POLLIN), revents: 0)]
    while !source.isFinished {
        // Sleep until input, the source's next wake-up or the countdown's next second: with nothing touching
        // and the timer at rest, until input.
        let wakeup = [source.nextWakeup, app.nextSecond].compactMap { $0 }.min()
        if let manual {
            guard let wakeup else { break }
            manual.advance(to: wakeup)
        } else {
            descriptors[0].revents = 0
            descriptors[1].revents = 0
            _ = poll(&descriptors, 2, wakeup?.pollTimeout(from: clock.now()) ?? -1)
            if descriptors[1].revents != 0 {
                source.stop(now: clock.now()) { app.show($0, now: clock.now()) }
                print("stopped")
                return
            }
        }
        let now = clock.now()
        source.dispatch(now: now) { app.show($0, now: now) }
        do {
            try app.countDown(source, now: now)
        } catch {
            fail(error.description)
        }
    }
}

var arguments = Array(CommandLine.arguments.dropFirst())
let fast = arguments.contains("--fast")
arguments.removeAll { $0 == "--fast" }
var device: String?
if let index = arguments.firstIndex(of: "--device") {
    guard index + 1 < arguments.count else { fail("--device needs a node, e.g. /dev/input/event5") }
    device = arguments[index + 1]
    arguments.removeSubrange(index...(index + 1))
}
guard arguments.count <= 1, !(device != nil && !arguments.isEmpty) else {
    fail("usage: kitchen-timer [--device NODE] | [--fast] TRACE")
}

guard pipe(&stopPipe) == 0 else { fail("cannot make a pipe") }
for signal in [SIGINT, SIGTERM] {
    _ = Glibc.signal(signal) { _ in
        var byte: UInt8 = 1
        _ = write(stopPipe[1], &byte, 1)
    }
}

if let trace = arguments.first {
    let manual = fast ? ManualClock(.now) : nil
    do {
        let source = try TraceGestureSource(path: FilePath(trace), recognition: .engine(makeEngine()),
                                            pacing: .realTime(speed: 1))
        run(source, clock: manual ?? SystemMonotonicClock(), manual: manual)
        if let failure = source.failure { fail(failure.description) }
        print("end of the recording")
    } catch {
        fail("\(error)")
    }
} else {
    let node: String
    if let device {
        node = device
    } else if let screen = DeviceDiscovery.scan().firstTouchscreen {
        node = screen.node
    } else {
        fail("no touchscreen found; name one with --device (`gestures devices` lists them)")
    }
    do {
        let source = try LiveGestureSource(device: node, recognition: .engine(makeEngine()), messages: { message in
            complain("warning: \(node): libevdev: \(message.text)")
        })
        run(source, clock: SystemMonotonicClock(), manual: nil)
        if let failure = source.failure { fail(failure.description) }
    } catch {
        fail("\(error)")
    }
}
