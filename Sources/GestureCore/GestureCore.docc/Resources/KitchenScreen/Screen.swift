import GestureCore

/// The screen's engine, empty until the controls are put on it.
@MainActor var engine = GestureEngine()

/// Puts a target on the screen for each control: a touch belongs to the one it goes down within, and that
/// target's component recognizes its gestures. Each is checked as it goes in: a mistake (a domain that ends
/// before it starts, two targets of one name) throws a `GestureError` that says which.
@MainActor func makeScreen() throws {
    try engine.insert(Target(chart.name, shape: .rectangle(chart.rect), component: try TimelineComponent(chart)))
    try engine.insert(Target(timer.name, shape: .circle(center: timer.center, radius: timer.radius), component: try DialComponent(timer)))
}
