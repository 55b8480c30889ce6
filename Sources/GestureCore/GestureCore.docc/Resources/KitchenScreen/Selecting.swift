import GestureCore

/// A finger presses 8 November at 4 s and holds it, drags two days to the right and lifts. Returns the
/// events the engine made of it.
@MainActor func selectDays() -> [GestureEvent] {
    var events = engine.handle(frame(4_000, .began, november(8)))
    // Nothing comes at the landing: the long press waits for its deadline.
    if let deadline = engine.nextDeadline {
        events += engine.advance(to: deadline)
    }
    events += engine.handle(frame(4_400, .moved, november(8.8)))
    events += engine.handle(frame(4_500, .moved, november(9.5)))
    events += engine.handle(frame(4_600, .moved, november(10)))
    return events + engine.handle(frame(4_700, .ended, november(10)))
}
