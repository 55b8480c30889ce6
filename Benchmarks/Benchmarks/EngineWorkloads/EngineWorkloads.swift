import GestureCore

// The engine's workloads, shared by the benchmarks (EngineBenchmarks) and the instruction counts of
// `--explain` (explain-cost, run by Benchmarks/explain-cost.sh).

/// A chart above a dial, as in SPEC's layout example.
public let layout = Layout(regions: [
    .timeline(TimelineConfiguration(name: "chart", rect: Rect(x: 10, y: 5, width: 200, height: 60),
                                    domain: .numeric(start: 0, end: 20, bucket: 1))),
    .dial(DialConfiguration(name: "timer", center: Point(x: 107.5, y: 100), radius: 30, minDegrees: nil, maxDegrees: nil)),
])

/// The same, the chart as a target with a "today" button on it where the chart's fingers land (x 90–110,
/// y 20–40 mm): every touch sequence on the chart waits for the button's tap (held, then lost or released).
public func nested() throws -> [Target] { [
    Target("chart", shape: .rectangle(Rect(x: 10, y: 5, width: 200, height: 60)),
           component: try TimelineComponent(TimelineConfiguration(name: "chart", rect: Rect(x: 10, y: 5, width: 200, height: 60),
                                                              domain: .numeric(start: 0, end: 20, bucket: 1))),
           children: [Target("today", shape: .rectangle(Rect(x: 90, y: 20, width: 20, height: 20)), gesture: TapGesture())]),
    Target("timer", shape: .circle(center: Point(x: 107.5, y: 100), radius: 30),
           component: try DialComponent(DialConfiguration(name: "timer", center: Point(x: 107.5, y: 100), radius: 30,
                                                          minDegrees: nil, maxDegrees: nil))),
] }

/// A deterministic stream of frames at 100 Hz: on the chart, taps, long presses dragged across buckets
/// and pans; on the dial, winds round and round. One finger on each region at a time.
public func frames(count: Int) -> [TouchFrame] {
    var frames: [TouchFrame] = []
    frames.reserveCapacity(count)
    var time: Int64 = 0
    var gesture = 0
    while frames.count < count {
        let kind = gesture % 3
        gesture += 1
        let length = kind == 0 ? 8 : 60          // a tap lasts 80 ms, the others 600 ms
        for step in 0...length where frames.count < count {
            time += 10_000
            let phase: ContactPhase = step == 0 ? .began : (step == length ? .ended : .moved)
            let t = Double(step) / Double(length)
            let chartX: Double
            switch kind {
            case 0: chartX = 100                                   // a tap
            case 1: chartX = step < 35 ? 100 : 100 + (t - 0.58) * 150   // hold 350 ms, then drag
            default: chartX = 100 + t * 80                        // a pan
            }
            let angle = t * 4 * Double.pi
            frames.append(TouchFrame(time: Timestamp(microseconds: time), contacts: [
                Contact(id: 2 * gesture, position: Point(x: chartX, y: 30), phase: phase),
                Contact(id: 2 * gesture + 1, position: Point(x: 107.5 + 20 * sin(angle), y: 100 - 20 * cos(angle)), phase: phase),
            ]))
        }
    }
    return frames
}

/// sin and cos without Foundation, for the benchmark's own paths.
public func sin(_ x: Double) -> Double {
    var term = x, sum = x
    for n in stride(from: 3, through: 21, by: 2) {
        term *= -x * x / Double((n - 1) * n)
        sum += term
    }
    return sum
}

public func cos(_ x: Double) -> Double { sin(x + Double.pi / 2) }

// explain:begin (`explains` exists only since `--explain`: explain-cost.sh leaves this out for the engine before)
/// `engine` with `--explain` on or off.
public func explaining(_ engine: GestureEngine, _ on: Bool = true) -> GestureEngine {
    var engine = engine
    engine.explains = on
    return engine
}
// explain:end
