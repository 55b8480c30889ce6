import GestureCore

/// The time the timer's face shows, in minutes.
@MainActor var minutes = 0.0

/// What the face does with the timer's events: each wind sets the time, 6° a minute.
@MainActor func showOnTimer(_ event: GestureEvent) {
    if case .wind(let phase, let wind) = event.kind {
        minutes = wind.angle / 6
        print(phase, "at", minutes, "minutes")
    }
}
