import GestureCore
import Foundation  // sin and cos

/// One finger, `id` 0, at `point` in phase `phase`, at `ms` milliseconds.
func frame(_ ms: Int64, _ phase: ContactPhase, _ point: Point) -> TouchFrame {
    TouchFrame(time: Timestamp(microseconds: ms * 1_000), contacts: [Contact(id: 0, position: point, phase: phase)])
}

/// The point at `degrees` clockwise from 12 o'clock, 25 mm from the timer's centre.
func rim(_ degrees: Double) -> Point {
    let radians = degrees * Double.pi / 180
    let x = timer.center.x + 25 * sin(radians)
    let y = timer.center.y - 25 * cos(radians)
    return Point(x: x, y: y)
}

/// The point in the middle of the chart's column for `day` November (1 to 30), halfway up.
func november(_ day: Double) -> Point {
    let dayWidth = chart.rect.width / 30
    return Point(x: chart.rect.x + (day - 0.5) * dayWidth, y: chart.rect.y + chart.rect.height / 2)
}
