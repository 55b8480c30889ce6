import GestureCore

/// The detent ticks played.
@MainActor var ticks = 0

/// What the haptic motor does with the timer's events: a short tick at each minute, a firmer bump at a stop.
@MainActor func playOnTimer(_ event: GestureEvent) {
    switch event.kind {
    case .haptic(.detent):
        ticks += 1  // play a short tick
    case .haptic(.limit):
        print("at the stop: an hour")  // play a firmer bump
    default:
        break
    }
}
