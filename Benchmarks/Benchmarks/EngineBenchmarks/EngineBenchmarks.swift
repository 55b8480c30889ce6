import Benchmark
import EngineWorkloads
import GestureCore
import GestureFormat

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .throughput, .mallocCountTotal, .instructions],
                                           maxDuration: .seconds(3))
    let stream = frames(count: 10_000)

    /// Frames through a fresh engine: the recognizers, the targets and the event values, no output.
    func engine(_ name: String, _ make: @escaping @Sendable () throws -> GestureEngine) {
        Benchmark(name) { benchmark in
            for _ in benchmark.scaledIterations {
                var engine = try make()
                var events = 0
                for frame in stream { events += engine.handle(frame).count }
                events += engine.finish(at: stream.last!.time).count
                blackHole(events)
            }
        }
    }

    /// The same, with every event rendered as a JSON line.
    func engineAndJSONLines(_ name: String, _ make: @escaping @Sendable () throws -> GestureEngine) {
        Benchmark(name) { benchmark in
            let formatter = EventFormatter()
            for _ in benchmark.scaledIterations {
                var engine = try make()
                var bytes = 0
                for frame in stream {
                    for event in engine.handle(frame) { bytes += formatter.line(for: event).utf8.count }
                }
                blackHole(bytes)
            }
        }
    }

    /// The heap allocations of 10k frames through an engine already warm (its buffers grown on 1,000 frames before,
    /// which are not counted): the steady state allocates nothing, and this counts it.
    func steadyState(_ name: String, _ make: @escaping @Sendable () throws -> GestureEngine) {
        Benchmark(name, configuration: .init(metrics: [.mallocCountTotal], scalingFactor: .one)) { benchmark in
            var engine = try make()
            var events = 0
            for frame in warmUp { events += engine.handle(frame).count }
            benchmark.startMeasurement()
            for frame in measured { events += engine.handle(frame).count }
            benchmark.stopMeasurement()
            blackHole(events)
        }
    }
    let warmUpAndMeasured = frames(count: 11_000)
    let warmUp = Array(warmUpAndMeasured[..<1_000])
    let measured = Array(warmUpAndMeasured[1_000...])

    steadyState("engine: allocations in 10k frames after warm-up, two regions") { try GestureEngine(layout: layout) }
    steadyState("engine: allocations in 10k frames after warm-up, a button on the chart") { try GestureEngine(targets: nested()) }
    // explain:begin
    steadyState("engine: allocations in 10k frames after warm-up, two regions, explaining") { explaining(try GestureEngine(layout: layout)) }
    // explain:end

    engine("engine: 10k frames, two regions") { try GestureEngine(layout: layout) }
    engineAndJSONLines("engine + JSON Lines: 10k frames") { try GestureEngine(layout: layout) }
    engine("engine: 10k frames, a button on the chart") { try GestureEngine(targets: nested()) }

    // explain:begin (Benchmarks/explain-cost.sh leaves these out for the engine before `--explain`)
    // The same with `--explain`: a line per state transition, with its reason.
    engine("engine: 10k frames, two regions, explaining") { explaining(try GestureEngine(layout: layout)) }
    engineAndJSONLines("engine + JSON Lines: 10k frames, explaining") { explaining(try GestureEngine(layout: layout)) }
    engine("engine: 10k frames, a button on the chart, explaining") { explaining(try GestureEngine(targets: nested())) }
    // explain:end
}
