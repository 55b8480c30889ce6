import Benchmark
import CReference
import EvdevModel
import Foundation
import GestureCore
import GestureFormat
import ReplayWorkloads
import GestureRuntime
import SystemCalls
import TraceFormats
import TracePlayback

let benchmarks: @Sendable () -> Void = {
    // Time alone here: the allocations are counted in steady state (below), where they are meant to be none.
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .throughput], scalingFactor: .one,
                                           maxDuration: .seconds(12), maxIterations: 10)
    // Issue 12's trace: 100 MB, 3.35 million events (written once into the temporary folder, then reused).
    guard let trace = try? cachedTrace(gestures: tableGestures) else { fatalError("cannot write the benchmark trace") }
    let devNull = open("/dev/null", O_WRONLY)

    // The library's one pipeline against the C reference (Benchmarks/CReference) on the same file, in the same
    // run: Benchmarks/bench-table.py divides their medians (issue 12: the ratio is to be at least 0.5).
    Benchmark("replay: evemu → frames → engine → JSON Lines (\(trace.bytes / 1_000_000) MB)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try replay(trace.path, to: devNull))
        }
    }
    Benchmark("C reference: evemu → slot positions (\(trace.bytes / 1_000_000) MB)") { benchmark in
        for _ in benchmark.scaledIterations {
            var result = evemu_reference_result()
            guard evemu_reference_read(trace.path, &result) == 0 else { fatalError("C reference: cannot read \(trace.path)") }
            blackHole(result.checksum)
        }
    }

    // Steady state: the heap allocations of the pipeline and the formatting per frame, once every gesture kind of
    // the workload has been through it (the first frames warm it up: buffers reach their size). The events are read
    // beforehand, so that the reader's own buffers do not count.
    let warmUpFrames = 2_000, measuredFrames = 10_000
    guard let small = try? cachedTrace(gestures: 400), let events = try? TraceReader.open(path: small.path).readAll() else {
        fatalError("cannot read the steady-state trace")
    }
    func index(afterFrames frames: Int) -> Int {
        var seen = 0
        for (index, event) in events.enumerated() where event.type == EventType.syn && event.code == SynCode.report {
            seen += 1
            if seen == frames { return index + 1 }
        }
        fatalError("the steady-state trace has fewer than \(frames) frames")
    }
    let warmUp = events[..<index(afterFrames: warmUpFrames)]
    let measured = events[warmUp.endIndex..<index(afterFrames: warmUpFrames + measuredFrames)]
    Benchmark("replay pipeline, steady state: \(measuredFrames) frames",
              configuration: .init(metrics: [.wallClock, .throughput, .mallocCountTotal], scalingFactor: .one,
                                   maxDuration: .seconds(12), maxIterations: 20)) { benchmark in
        let reader = try TraceReader.open(path: small.path)
        guard let mapping = reader.description.surfaceMapping(),
              var pipeline = try GesturePipeline(description: reader.description, surface: mapping, layout: layout) else { return }
        let formatter = EventFormatter()
        var output = OutputBuffer(descriptor: devNull)
        for event in warmUp {
            for gesture in pipeline.handle(event) { output.append(gesture, with: formatter) }
        }
        benchmark.startMeasurement()
        for event in measured {
            for gesture in pipeline.handle(event) { output.append(gesture, with: formatter) }
        }
        benchmark.stopMeasurement()
        output.flush()
        blackHole(output.written)
    }
}
