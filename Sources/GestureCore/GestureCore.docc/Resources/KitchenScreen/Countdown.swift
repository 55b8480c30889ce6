import GestureCore

/// The timer runs down for `seconds` seconds after the wind, which ended at 200 ms: each second, the app sets
/// its value a tenth of a degree lower and the face shows the time left. Returns the events the engine handed
/// back with the changes.
@MainActor func countDown(seconds: Int) throws -> [GestureEvent] {
    var events: [GestureEvent] = []
    for second in 1...seconds {
        let at = Timestamp(microseconds: (200 + Int64(second) * 1_000) * 1_000)
        let left = (engine.component(of: timer.name, as: DialComponent.self)?.value.degrees ?? 0) - 0.1
        events += try engine.setDialValue(of: timer.name, degrees: left, at: at)
        minutes = left / 6
    }
    return events
}
