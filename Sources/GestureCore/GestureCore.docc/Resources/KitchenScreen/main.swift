import GestureCore

/// Hands each event to what its target's control does with it.
@MainActor func show(_ events: [GestureEvent]) {
    for event in events {
        switch event.target {
        case timer.name:
            showOnTimer(event)
            playOnTimer(event)
        case chart.name:
            showOnChart(event)
        default:
            break
        }
    }
}

try makeScreen()
show(windQuarterTurn())
print(ticks, "ticks")
show(try countDown(seconds: 3))
print(minutes, "minutes left")
show(selectDays())
