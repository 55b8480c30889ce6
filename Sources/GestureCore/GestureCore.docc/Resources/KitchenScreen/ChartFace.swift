import GestureCore

/// What the chart does with its events: it shows the days selected, from the left edge of the first.
@MainActor func showOnChart(_ event: GestureEvent) {
    switch event.kind {
    case .select(let phase, let select):
        print(phase, select.selection.start, "…", select.selection.end)
        if phase == .ended, let timeline = engine.component(of: chart.name, as: TimelineComponent.self) {
            print("draw the selection from x =", timeline.x(of: select.selection.start.start))
        }
    case .haptic(.press):
        print("press haptic")  // the selection has begun: play it
    case .tap(let tap):
        print("tap on", tap.selection?.start as Any)
    default:
        break
    }
}
