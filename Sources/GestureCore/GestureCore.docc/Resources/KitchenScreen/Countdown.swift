import GestureCore

/// The timer runs down for `seconds` seconds after the wind, which ended at 200 ms: each second, the app sets
/// its value a tenth of a degree lower and the face shows the time left. Returns the events the engine handed
/// back with the changes.
@MainActor func countDown(seconds: Int) -> [GestureEvent] {
    var events: [GestureEvent] = []
    for second in 1...seconds {
        let at = Timestamp(microseconds: (200 + Int64(second) * 1_000) * 1_000)
        events += engine.modify(timer.name, as: DialComponent.self, at: at) { dial, _ in
            dial.setValue(degrees: dial.value.degrees - 0.1)
            minutes = dial.value.degrees / 6
        }
    }
    return events
}
