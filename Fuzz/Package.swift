// swift-tools-version: 6.1
// The libFuzzer targets, in a package of their own so that the main build and `make test` never build
// them. Build and run them with `make fuzz-build` and `make fuzz` from the repository's root (see
// scripts/fuzz.sh): they need `--toolset toolset.json`, which adds `-sanitize=fuzzer,address` and links
// with lld.
import PackageDescription

/// The main package, the parent folder, reached through the symlink `TouchGestures` → `..`: SwiftPM names
/// a package given by path after its folder, and the parent's name is the clone's (`main`, `fuzz`, ...,
/// even `Fuzz`, which would be this package's own name). Through the link it is always `TouchGestures`.
let main = "TouchGestures"

let package = Package(
    name: "TouchGesturesFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "TouchGestures"),
        // The command line's own argument parser, for the command's code compiled here (`GesturesCommand`).
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
    ],
    targets: [
        // Declares libFuzzer's `LLVMFuzzerRunDriver`, the entry point for a program with its own `main`.
        .target(name: "CFuzzerDriver"),
        // The main package's test helpers (the touch scripts, the invariant checks) and the `gestures` command's
        // code but its `main.swift`, compiled here as modules of this package: they are no library's product, and
        // these targets reach their package API.
        .target(name: "GestureTestSupport", dependencies: [
            .product(name: "GestureCore", package: main), .product(name: "GestureFormat", package: main),
            .product(name: "EvdevModel", package: main), .product(name: "RealModule", package: "swift-numerics"),
        ], path: "TouchGestures/Tests/GestureTestSupport"),
        .target(name: "GesturesCommand", dependencies: [
            .product(name: "TouchGestures", package: main), .product(name: "Render", package: main),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], path: "TouchGestures/Sources/gestures", exclude: ["main.swift"]),
        // What the targets share: the driver, a scratch file, the fixed header, the checks of the gesture events.
        .target(name: "FuzzSupport", dependencies: [
            "CFuzzerDriver", "GestureTestSupport",
            .product(name: "GestureCore", package: main),
            .product(name: "GestureFormat", package: main),
            .product(name: "LayoutFile", package: main),
        ]),
        .executableTarget(name: "fuzz-evemu", dependencies: [
            "FuzzSupport", .product(name: "TraceFormats", package: main), .product(name: "GestureCore", package: main),
        ], path: "Sources/EvemuFuzzer"),
        .executableTarget(name: "fuzz-libinput-record", dependencies: [
            "FuzzSupport", .product(name: "TraceFormats", package: main),
        ], path: "Sources/LibinputRecordFuzzer"),
        .executableTarget(name: "fuzz-layout", dependencies: [
            "FuzzSupport", .product(name: "LayoutFile", package: main), .product(name: "GestureCore", package: main),
        ], path: "Sources/LayoutFuzzer"),
        .executableTarget(name: "fuzz-pipeline", dependencies: [
            "FuzzSupport", .product(name: "TraceFormats", package: main), .product(name: "GestureRuntime", package: main),
            .product(name: "TracePlayback", package: main),
            .product(name: "LayoutFile", package: main),
            .product(name: "GestureCore", package: main),
        ], path: "Sources/PipelineFuzzer"),
        .executableTarget(name: "fuzz-render", dependencies: [
            "FuzzSupport", "GesturesCommand", .product(name: "Render", package: main),
            .product(name: "LayoutFile", package: main), .product(name: "GestureCore", package: main),
        ], path: "Sources/RenderFuzzer"),
        .executableTarget(name: "fuzz-check", dependencies: [
            "FuzzSupport", "GesturesCommand", .product(name: "TraceFormats", package: main),
        ], path: "Sources/CheckFuzzer"),
    ],
    swiftLanguageModes: [.v6]
)
