// swift-tools-version: 6.1
// Benchmarks live in a package of their own so that the main build and `make test` never build the
// benchmark framework. Run them with `make bench` (or `swift package benchmark` in this directory).
import PackageDescription

/// The main package, the parent folder, reached through the symlink `TouchGestures` → `..`: SwiftPM names a
/// package given by path after its folder, and the parent's is the clone's (`main`, `work`, ...). Through the
/// link it is always `TouchGestures`, so `make bench` works from any clone.
let main = "TouchGestures"

let package = Package(
    name: "TouchGesturesBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "TouchGestures"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The engine's workloads: a layout, a tree of targets and a stream of frames.
        .target(
            name: "EngineWorkloads",
            dependencies: [.product(name: "GestureCore", package: main)],
            path: "Benchmarks/EngineWorkloads"
        ),
        .executableTarget(
            name: "EngineBenchmarks",
            dependencies: [
                "EngineWorkloads",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "GestureCore", package: main),
                .product(name: "GestureFormat", package: main),
            ],
            path: "Benchmarks/EngineBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // One workload once, for callgrind's instruction counts (explain-cost.sh): this machine has no
        // hardware counters for the benchmarks' `instructions` metric.
        .executableTarget(
            name: "explain-cost",
            dependencies: [
                "EngineWorkloads",
                .product(name: "GestureCore", package: main),
                .product(name: "GestureFormat", package: main),
            ],
            path: "ExplainCost"
        ),
        // A trace read and nothing else, for callgrind's instructions per event of the trace reader.
        .executableTarget(
            name: "reader-cost",
            dependencies: [.product(name: "TraceFormats", package: main)],
            path: "ReaderCost"
        ),
        // Replay's workloads: the 100 MB trace of issue 12 and the pipeline that replays it.
        .target(
            name: "ReplayWorkloads",
            dependencies: [
                .product(name: "GestureCore", package: main),
                .product(name: "GestureFormat", package: main),
                .product(name: "LayoutFile", package: main),
                .product(name: "TraceFormats", package: main),
                .product(name: "TracePlayback", package: main),
            ],
            path: "Benchmarks/ReplayWorkloads"
        ),
        // The yardstick of replay's speed: a bare C reader of the same trace, in the benchmark run (ReplayBenchmarks)
        // and as a program of its own (evemu-reference), for the process runs and the instruction counts.
        .target(name: "CReference", path: "CReference"),
        .executableTarget(name: "evemu-reference", dependencies: ["CReference"], path: "EvemuReferenceTool"),
        .executableTarget(
            name: "ReplayBenchmarks",
            dependencies: [
                "CReference",
                "ReplayWorkloads",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "GestureCore", package: main),
                .product(name: "GestureFormat", package: main),
                .product(name: "TraceFormats", package: main),
                .product(name: "TracePlayback", package: main),
            ],
            path: "Benchmarks/ReplayBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Writes the workloads' trace and counts their evdev events, for Benchmarks/bench-table.py.
        .executableTarget(name: "bench-workloads", dependencies: ["EngineWorkloads", "ReplayWorkloads",
                                                                  .product(name: "GestureCore", package: main)],
                          path: "BenchWorkloadsTool"),
    ],
    swiftLanguageModes: [.v6]
)
