// swift-tools-version: 6.1
// The libFuzzer targets, in a package of their own so that the main build and `make test` never build
// them. Build and run them with `make fuzz-build` and `make fuzz` from the repository's root (see
// scripts/fuzz.sh): they need `--toolset toolset.json`, which adds `-sanitize=fuzzer,address` and links
// with lld.
//
// The main package's modules are compiled here from their folders, reached through the link `TouchGestures`
// → `..`, as modules of this package: the fuzz targets then reach their package API (the command's code, the
// test helpers), and nothing of the main package needs to be a product for them. Their dependencies are the main
// manifest's (Package.swift); a module added there that a fuzz target needs is added here too.
import PackageDescription

/// A module of the main package, compiled from its folder.
func mainModule(_ name: String, _ dependencies: [Target.Dependency] = [], folder: String? = nil,
                exclude: [String] = []) -> Target {
    .target(name: name, dependencies: dependencies, path: "TouchGestures/" + (folder ?? "Sources/" + name), exclude: exclude)
}

let numerics = Target.Dependency.product(name: "RealModule", package: "swift-numerics")

let package = Package(
    name: "TouchGesturesFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .systemLibrary(name: "CSystemCalls", path: "TouchGestures/Sources/CSystemCalls"),
        mainModule("SystemCalls", ["CSystemCalls"]),
        mainModule("GestureCore", [numerics], exclude: ["GestureCore.docc"]),
        mainModule("GestureFormat", ["GestureCore"]),
        mainModule("EvdevModel", ["GestureCore"]),
        mainModule("LayoutFile", ["GestureCore", "SystemCalls"]),
        mainModule("TraceFormats", ["EvdevModel", "GestureCore", "SystemCalls", .product(name: "Yams", package: "Yams")]),
        mainModule("GestureRuntime", ["GestureCore", "EvdevModel", "SystemCalls"]),
        mainModule("TracePlayback", ["GestureRuntime", "TraceFormats", "LayoutFile", "EvdevModel", "GestureCore", "SystemCalls"]),
        .systemLibrary(name: "CLibevdev", path: "TouchGestures/Sources/CLibevdev", pkgConfig: "libevdev"),
        mainModule("EvdevDevice", ["CLibevdev", "EvdevModel", "GestureCore", "SystemCalls"]),
        mainModule("LiveInput", ["EvdevDevice", "EvdevModel", "GestureCore", "GestureRuntime", "SystemCalls"]),
        mainModule("Render", ["GestureCore", "GestureFormat", numerics]),
        mainModule("Haptics", ["GestureCore", "GestureRuntime", "SystemCalls"], exclude: ["Haptics.docc"]),
        .systemLibrary(name: "CLibudev", path: "TouchGestures/Sources/CLibudev", pkgConfig: "libudev"),
        mainModule("GestureService", ["LiveInput", "EvdevDevice", "EvdevModel", "GestureRuntime", "GestureCore", "GestureFormat",
                                      "LayoutFile", "TracePlayback", "Haptics", "SystemCalls", "CLibudev"]),
        .target(name: "CTouchGesturesHeader", path: "TouchGestures/Sources/CTouchGesturesHeader"),
        // The C interface's Swift side, without the shared library's linker flags (its functions are called from Swift).
        mainModule("CTouchGestures", ["CTouchGesturesHeader", "GestureCore", "GestureFormat", "LayoutFile", "SystemCalls"],
                   exclude: ["exports.map"]),
        // The `gestures` command's code but its `main.swift`.
        mainModule("GesturesCommand", [
            "LiveInput", "EvdevDevice", "EvdevModel", "TraceFormats", "TracePlayback", "GestureRuntime", "GestureCore",
            "GestureFormat", "LayoutFile", "Render", "Haptics", "GestureService", "CLibevdev", "SystemCalls",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], folder: "Sources/gestures", exclude: ["main.swift"]),
        // The test helpers: the touch scripts, the invariant checks.
        mainModule("GestureTestSupport", ["GestureCore", "GestureFormat", "EvdevModel", numerics], folder: "Tests/GestureTestSupport"),

        // Declares libFuzzer's `LLVMFuzzerRunDriver`, the entry point for a program with its own `main`.
        .target(name: "CFuzzerDriver"),
        // What the targets share: the driver, a scratch file, the fixed header, the checks of the gesture events.
        .target(name: "FuzzSupport", dependencies: ["CFuzzerDriver", "GestureTestSupport", "GestureCore", "GestureFormat", "LayoutFile"]),
        .executableTarget(name: "fuzz-evemu", dependencies: ["FuzzSupport", "TraceFormats", "GestureCore"], path: "Sources/EvemuFuzzer"),
        .executableTarget(name: "fuzz-libinput-record", dependencies: ["FuzzSupport", "TraceFormats"], path: "Sources/LibinputRecordFuzzer"),
        .executableTarget(name: "fuzz-layout", dependencies: ["FuzzSupport", "LayoutFile", "GestureCore"], path: "Sources/LayoutFuzzer"),
        .executableTarget(name: "fuzz-pipeline", dependencies: [
            "FuzzSupport", "TraceFormats", "GestureRuntime", "TracePlayback", "LayoutFile", "GestureCore",
        ], path: "Sources/PipelineFuzzer"),
        .executableTarget(name: "fuzz-render", dependencies: ["FuzzSupport", "GesturesCommand", "Render", "LayoutFile", "GestureCore"],
                          path: "Sources/RenderFuzzer"),
        .executableTarget(name: "fuzz-c-interface", dependencies: ["FuzzSupport", "CTouchGestures", "CTouchGesturesHeader"],
                          path: "Sources/CInterfaceFuzzer"),
        .executableTarget(name: "fuzz-check", dependencies: ["FuzzSupport", "GesturesCommand", "TraceFormats"], path: "Sources/CheckFuzzer"),
    ],
    swiftLanguageModes: [.v6]
)
