import GestureCore

/// The chart above the timer: November 2025, one bucket a day, across a rectangle 200 mm wide.
let chart = TimelineConfiguration(
    name: "chart", rect: Rect(x: 10, y: 5, width: 200, height: 60),
    domain: .date(start: CivilDay(iso: "2025-11-01")!, end: CivilDay(iso: "2025-12-01")!, bucket: .day))
