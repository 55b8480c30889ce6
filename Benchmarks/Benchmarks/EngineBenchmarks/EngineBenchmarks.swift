import Benchmark
import GestureCore
import GestureFormat

/// A chart above a dial, as in SPEC's layout example.
let layout = Layout(regions: [
    .timeline(TimelineConfiguration(name: "chart", rect: Rect(x: 10, y: 5, width: 200, height: 60),
                                    domain: .numeric(start: 0, end: 20, bucket: 1))),
    .dial(DialConfiguration(name: "timer", center: Point(x: 107.5, y: 100), radius: 30, minDegrees: nil, maxDegrees: nil)),
])

/// The same, the chart as a target with a "today" button on it where the chart's fingers land (x 90–110,
/// y 20–40 mm): every touch sequence on the chart waits for the button's tap (held, then lost or released).
let nested = [
    Target("chart", shape: .rectangle(Rect(x: 10, y: 5, width: 200, height: 60)),
           component: TimelineComponent(TimelineConfiguration(name: "chart", rect: Rect(x: 10, y: 5, width: 200, height: 60),
                                                              domain: .numeric(start: 0, end: 20, bucket: 1))),
           children: [Target("today", shape: .rectangle(Rect(x: 90, y: 20, width: 20, height: 20)), gesture: TapGesture())]),
    Target("timer", shape: .circle(center: Point(x: 107.5, y: 100), radius: 30),
           component: DialComponent(DialConfiguration(name: "timer", center: Point(x: 107.5, y: 100), radius: 30,
                                                      minDegrees: nil, maxDegrees: nil))),
]

/// A deterministic stream of frames at 100 Hz: on the chart, taps, long presses dragged across buckets
/// and pans; on the dial, winds round and round. One finger on each region at a time.
func frames(count: Int) -> [TouchFrame] {
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
func sin(_ x: Double) -> Double {
    var term = x, sum = x
    for n in stride(from: 3, through: 21, by: 2) {
        term *= -x * x / Double((n - 1) * n)
        sum += term
    }
    return sum
}

func cos(_ x: Double) -> Double { sin(x + Double.pi / 2) }

// explain:begin
/// `engine` with `--explain` on.
func explaining(_ engine: GestureEngine) -> GestureEngine {
    var engine = engine
    engine.explains = true
    return engine
}
// explain:end

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .throughput, .mallocCountTotal, .instructions],
                                           maxDuration: .seconds(3))
    let stream = frames(count: 10_000)

    /// Frames through a fresh engine: the recognizers, the targets and the event values, no output.
    func engine(_ name: String, _ make: @escaping @Sendable () -> GestureEngine) {
        Benchmark(name) { benchmark in
            for _ in benchmark.scaledIterations {
                var engine = make()
                var events = 0
                for frame in stream { events += engine.handle(frame).count }
                events += engine.finish(at: stream.last!.time).count
                blackHole(events)
            }
        }
    }

    /// The same, with every event rendered as a JSON line.
    func engineAndJSONLines(_ name: String, _ make: @escaping @Sendable () -> GestureEngine) {
        Benchmark(name) { benchmark in
            let formatter = EventFormatter()
            for _ in benchmark.scaledIterations {
                var engine = make()
                var bytes = 0
                for frame in stream {
                    for event in engine.handle(frame) { bytes += formatter.line(for: event).utf8.count }
                }
                blackHole(bytes)
            }
        }
    }

    engine("engine: 10k frames, two regions") { GestureEngine(layout: layout) }
    engineAndJSONLines("engine + JSON Lines: 10k frames") { GestureEngine(layout: layout) }
    engine("engine: 10k frames, a button on the chart") { GestureEngine(targets: nested) }

    // explain:begin (Benchmarks/explain-cost.sh leaves these out for the engine before `--explain`)
    // The same with `--explain`: a line per state transition, with its reason.
    engine("engine: 10k frames, two regions, explaining") { explaining(GestureEngine(layout: layout)) }
    engineAndJSONLines("engine + JSON Lines: 10k frames, explaining") { explaining(GestureEngine(layout: layout)) }
    engine("engine: 10k frames, a button on the chart, explaining") { explaining(GestureEngine(targets: nested)) }
    // explain:end
}
