import GestureCore
import Foundation  // sin and cos

// The kitchen timer: a dial 30 mm across, 6° a minute, an hour at most.
let timer = DialConfiguration(name: "timer", center: Point(x: 107.5, y: 100), radius: 30,
                              detentDegrees: 6, minDegrees: 0, maxDegrees: 360)

var engine = GestureEngine(targets: [
    Target("timer", shape: .circle(center: timer.center, radius: timer.radius), component: DialComponent(timer)),
])

/// One finger, `id` 0, at `point` in phase `phase`, at `ms` milliseconds.
func frame(_ ms: Int64, _ phase: ContactPhase, _ point: Point) -> TouchFrame {
    TouchFrame(time: Timestamp(microseconds: ms * 1_000), contacts: [Contact(id: 0, position: point, phase: phase)])
}

/// The point at `degrees` clockwise from 12 o'clock, 25 mm from the dial's centre.
func rim(_ degrees: Double) -> Point {
    let radians = degrees * Double.pi / 180
    let x = timer.center.x + 25 * sin(radians)
    let y = timer.center.y - 25 * cos(radians)
    return Point(x: x, y: y)
}

var minutes = 0.0
var ticks = 0

@MainActor func show(_ events: [GestureEvent]) {
    for event in events {
        switch event.kind {
        case .wind(let phase, let wind):
            minutes = wind.angle / 6
            print(phase, "at", minutes, "minutes")
        case .haptic(.detent):
            ticks += 1  // play a short tick
        case .haptic(.limit):
            print("at the stop: an hour")  // play a firmer bump
        default:
            break
        }
    }
}

// Wind a quarter turn, 15 minutes, in steps of 10°.
show(engine.handle(frame(0, .began, rim(0))))
for step in 1...9 {
    show(engine.handle(frame(Int64(step) * 20, .moved, rim(Double(step) * 10))))
}
show(engine.handle(frame(200, .ended, rim(90))))
print(ticks, "ticks")
