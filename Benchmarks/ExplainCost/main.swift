import EngineWorkloads
import GestureCore
import GestureFormat

// One run of one of the engine's workloads, to count its instructions under callgrind
// (Benchmarks/explain-cost.sh): `explain-cost WORKLOAD [explain]`, WORKLOAD one of
// - `none`: the 10,000 frames are made, and nothing else: what every run shares, to subtract;
// - `engine`: they go through a fresh engine for the chart and the dial (EngineBenchmarks' "two regions");
// - `jsonl`: the same, each event rendered as a JSON line;
// - `nested`: through an engine with a button on the chart (every touch sequence on it is arbitrated).
// `explain` turns `--explain` on.
let arguments = Array(CommandLine.arguments.dropFirst())
let workload = arguments.first ?? "none"
let explain = arguments.count > 1 && arguments[1] == "explain"
let stream = frames(count: 10_000)

func fresh(_ make: () throws -> GestureEngine) throws -> GestureEngine {
    var engine = try make()
    // explain:begin
    engine = explaining(engine, explain)
    // explain:end
    return engine
}

var result = 0
switch workload {
case "none":
    result = stream.count
case "engine", "nested":
    var engine = try fresh { workload == "engine" ? try GestureEngine(layout: layout) : try GestureEngine(targets: nested()) }
    for frame in stream { result += engine.handle(frame).count }
    result += engine.finish(at: stream.last!.time).count
case "jsonl":
    var engine = try fresh { try GestureEngine(layout: layout) }
    let formatter = EventFormatter()
    for frame in stream {
        for event in engine.handle(frame) { result += formatter.line(for: event).utf8.count }
    }
default:
    fatalError("explain-cost: unknown workload \(workload): none, engine, jsonl or nested")
}
print(result)
