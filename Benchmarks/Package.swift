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
        .executableTarget(
            name: "ReplayBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "GestureCore", package: main),
                .product(name: "GestureFormat", package: main),
                .product(name: "TraceFormats", package: main),
            ],
            path: "Benchmarks/ReplayBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
