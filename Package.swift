// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "TouchGestures",
    platforms: [.macOS(.v15)],
    products: [
        // What an app embeds (the README's "The library" says what each is for). The umbrella lists the modules it
        // re-exports too: SwiftPM rebuilds a client's code when a module it depends on directly changes, and a
        // module that only re-exports another does not change with it.
        .library(name: "TouchGestures", targets: ["TouchGestures", "GestureCore", "GestureFormat", "EvdevModel", "TraceFormats",
                                                  "LayoutFile", "LiveInput", "EvdevDevice", "SystemCalls"]),
        .library(name: "GestureCore", targets: ["GestureCore"]),
        .library(name: "GestureFormat", targets: ["GestureFormat"]),
        .library(name: "EvdevModel", targets: ["EvdevModel"]),
        .library(name: "TraceFormats", targets: ["TraceFormats", "EvdevModel"]),
        .library(name: "LayoutFile", targets: ["LayoutFile"]),
        .library(name: "LiveInput", targets: ["LiveInput", "EvdevDevice", "SystemCalls"]),
        // Pictures of played traces, as SVG.
        .library(name: "Render", targets: ["Render"]),
        // For the fuzz targets of Fuzz/ (a package of their own): the touch scripts and the invariant checks.
        .library(name: "GestureTestSupport", targets: ["GestureTestSupport"]),
        // For the fuzz targets of Fuzz/ only: the command line's own code, through its `@_spi(Fuzzing)` entry points
        // (Sources/Replay/FuzzingEntryPoints.swift, CheckFuzzing). Its package API is no library's.
        .library(name: "Replay", targets: ["Replay"]),
        .executable(name: "gestures", targets: ["gestures"]),
    ],
    dependencies: [
        // RealModule: atan2 and friends without importing Glibc or Foundation into the core.
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `make docs`: `swift package generate-documentation` (a command plugin: resolved with the package, built
        // only when `make docs` runs it; `make test` never builds it).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The package's one syscall layer (after swift-system): raw calls, then `Result`-returning calls that retry
        // on EINTR where that is right, and `Errno`. No libevdev: the trace readers and writers use it too.
        .target(name: "SystemCalls"),
        // The pure engine: no Foundation, no Glibc, no IO, no clocks.
        .target(name: "GestureCore", dependencies: [.product(name: "RealModule", package: "swift-numerics")]),
        // JSON Lines and text rendering of gesture events (pure, no Foundation).
        .target(name: "GestureFormat", dependencies: ["GestureCore"]),
        // evdev's model of a device, the assembly of its events into touch frames, and the pipeline from its
        // events to gestures (pure, no Foundation).
        .target(name: "EvdevModel", dependencies: ["GestureCore"]),
        // Readers and writers of recorded traces: evemu and libinput-record.
        .target(name: "TraceFormats", dependencies: ["EvdevModel", "GestureCore", "SystemCalls", .product(name: "Yams", package: "Yams")]),
        // The layout file: a strict JSON reader and the checks of every key (pure, no Foundation).
        .target(name: "LayoutFile", dependencies: ["GestureCore"]),
        // Pictures of a played trace: the surface, its targets, the contacts' paths and the gestures, as SVG
        // (pure, no Foundation).
        .target(name: "Render", dependencies: ["GestureCore", "GestureFormat", .product(name: "RealModule", package: "swift-numerics")]),
        // The command line's own code, which no library module uses: `replay`, `check` and the pictures of
        // `render`, and the writer of standard output. Its errors are typed and its warnings handed out: the exit
        // statuses and the messages on standard error are the command's.
        .target(name: "Replay", dependencies: ["GestureCore", "GestureFormat", "EvdevModel", "TraceFormats", "LayoutFile", "Render",
                                              "SystemCalls"]),
        // The `gestures` command: also its exit statuses and its messages on standard error.
        .executableTarget(name: "gestures", dependencies: [
            "Replay", "LiveInput", "EvdevDevice", "EvdevModel", "TraceFormats", "GestureCore", "GestureFormat", "CLibevdev", "SystemCalls",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // libevdev, through the system's pkg-config (Debian: libevdev-dev).
        .systemLibrary(name: "CLibevdev", pkgConfig: "libevdev", providers: [.apt(["libevdev-dev"])]),
        // Touch devices through libevdev: raw calls, Result-returning calls, then a typed throwing API.
        .target(name: "EvdevDevice", dependencies: ["CLibevdev", "EvdevModel", "GestureCore", "SystemCalls"]),
        // Live input: device discovery, the live source (deadlines on the event clock, resync, device loss,
        // recording), and the AsyncSequence of any source's gestures.
        .target(name: "LiveInput", dependencies: ["EvdevDevice", "EvdevModel", "GestureCore", "TraceFormats", "SystemCalls"]),
        // The umbrella: re-exports every library module an app needs.
        .target(name: "TouchGestures", dependencies: ["GestureCore", "GestureFormat", "EvdevModel", "TraceFormats",
                                                      "LayoutFile", "LiveInput"]),
        // The example app: a kitchen timer and a week's chart, through the umbrella's public API only (it imports
        // TouchGestures alone; the modules it re-exports are listed, as in its product, so that it is rebuilt
        // when they change).
        .executableTarget(name: "kitchen-timer", dependencies: ["TouchGestures", "GestureCore", "GestureFormat", "EvdevModel",
                                                                "TraceFormats", "LayoutFile", "LiveInput"],
                          path: "Examples/KitchenTimer"),
        // Writes the synthetic traces of Recordings/ and their layouts: `swift run trace-generator Recordings`.
        .executableTarget(name: "trace-generator", dependencies: ["EvdevModel", "TraceFormats", "GestureCore", "GestureTestSupport"], path: "Sources/TraceGenerator"),
        // Test-only helpers: the touch-script builder and the event invariant checks.
        .target(name: "GestureTestSupport", dependencies: ["GestureCore", "GestureFormat", "EvdevModel", .product(name: "RealModule", package: "swift-numerics")], path: "Tests/GestureTestSupport"),
        .testTarget(name: "GestureCoreTests", dependencies: ["GestureCore", "GestureFormat", "GestureTestSupport"]),
        .testTarget(name: "GestureFormatTests", dependencies: ["GestureCore", "GestureFormat"]),
        .testTarget(name: "LayoutFileTests", dependencies: ["LayoutFile", "GestureCore"]),
        .testTarget(name: "GesturesCLITests", dependencies: ["gestures", "trace-generator", "kitchen-timer", "Replay", "GestureCore",
                                                          "GestureFormat"]),
        .testTarget(name: "LiveInputTests", dependencies: ["LiveInput", "EvdevDevice", "SystemCalls", "EvdevModel", "TraceFormats", "GestureCore",
                                                           "GestureFormat", "LayoutFile", "GestureTestSupport"]),
        .testTarget(name: "RenderTests", dependencies: ["Render", "Replay", "TraceFormats", "EvdevModel", "LayoutFile", "GestureCore",
                                                       "GestureTestSupport"]),
        .testTarget(name: "TraceFormatsTests", dependencies: ["TraceFormats", "EvdevModel", "GestureCore", "GestureTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
