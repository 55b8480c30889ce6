import GestureCore

// November 2025, one bucket a day, across a chart 200 mm wide.
let chart = TimelineConfiguration(
    name: "chart", rect: Rect(x: 10, y: 5, width: 200, height: 60),
    domain: .date(start: CivilDay(iso: "2025-11-01")!, end: CivilDay(iso: "2025-12-01")!, bucket: .day))

var engine = GestureEngine(targets: [
    Target("chart", shape: .rectangle(chart.rect), component: TimelineComponent(chart)),
])

/// One finger, `id` 0, at `x` (y 30) in phase `phase`, at `ms` milliseconds.
func frame(_ ms: Int64, _ phase: ContactPhase, x: Double) -> TouchFrame {
    TouchFrame(time: Timestamp(microseconds: ms * 1_000), contacts: [Contact(id: 0, position: Point(x: x, y: 30), phase: phase)])
}

func show(_ events: [GestureEvent]) {
    for event in events {
        switch event.kind {
        case .select(let phase, let select):
            print(phase, select.selection.start, "…", select.selection.end)
        case .haptic(.press):
            print("press haptic")  // the selection has begun: play it
        case .tap(let tap):
            print("tap on", tap.selection?.start as Any)
        default:
            break
        }
    }
}

// The middle of 8 November: 7.5 days from the left edge.
let dayWidth = chart.rect.width / 30
let x8 = chart.rect.x + 7.5 * dayWidth

// Press and hold: nothing comes until the long press's deadline.
show(engine.handle(frame(0, .began, x: x8)))
if let deadline = engine.nextDeadline {
    show(engine.advance(to: deadline))
}

// Drag two days to the right, then lift.
show(engine.handle(frame(400, .moved, x: x8 + dayWidth)))
show(engine.handle(frame(500, .moved, x: x8 + 2 * dayWidth)))
show(engine.handle(frame(600, .ended, x: x8 + 2 * dayWidth)))

// Where to draw the selection: the x of a bucket's start.
if let timeline = engine.component(of: "chart", as: TimelineComponent.self) {
    let start = Double(CivilDay(iso: "2025-11-08")!.daysSinceEpoch) * TimelineDomain.secondsPerDay
    print("8 November starts at x =", timeline.x(of: .instant(seconds: start)))
}
