import GestureCore

/// A finger winds the timer a quarter turn: down at 12 o'clock, round to 3 o'clock in steps of 10° every
/// 20 ms, and up. Returns the events the engine made of it.
@MainActor func windQuarterTurn() -> [GestureEvent] {
    var events = engine.handle(frame(0, .began, rim(0)))
    for step in 1...9 {
        events += engine.handle(frame(Int64(step) * 20, .moved, rim(Double(step) * 10)))
    }
    return events + engine.handle(frame(200, .ended, rim(90)))
}
