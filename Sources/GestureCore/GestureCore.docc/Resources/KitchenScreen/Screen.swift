import GestureCore

/// The screen's targets, one for each control: a touch belongs to the one it goes down within, and that
/// target's component recognizes its gestures.
@MainActor var engine = GestureEngine(targets: [
    Target(chart.name, shape: .rectangle(chart.rect), component: TimelineComponent(chart)),
    Target(timer.name, shape: .circle(center: timer.center, radius: timer.radius), component: DialComponent(timer)),
])
