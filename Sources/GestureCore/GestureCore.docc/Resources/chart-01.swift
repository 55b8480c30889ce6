import GestureCore

// November 2025, one bucket a day, across a chart 200 mm wide.
let chart = TimelineConfiguration(
    name: "chart", rect: Rect(x: 10, y: 5, width: 200, height: 60),
    domain: .date(start: CivilDay(iso: "2025-11-01")!, end: CivilDay(iso: "2025-12-01")!, bucket: .day))

var engine = GestureEngine(targets: [
    Target("chart", shape: .rectangle(chart.rect), component: TimelineComponent(chart)),
])
