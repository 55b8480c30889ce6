// swift-tools-version: 6.1
import PackageDescription

/// The folder of this manifest: the linker's version script is named by its whole path.
let packageFolder = String(#filePath.dropLast("/Package.swift".count))

let package = Package(
    name: "TouchGestures",
    platforms: [.macOS(.v15)],
    products: [
        // What an app embeds (the README's "The library" says what each is for). The umbrella lists the modules it
        // re-exports too: SwiftPM rebuilds a client's code when a module it depends on directly changes, and a
        // module that only re-exports another does not change with it.
        .library(name: "TouchGestures", targets: ["TouchGestures", "GestureCore", "GestureFormat", "EvdevModel", "TraceFormats",
                                                  "LayoutFile", "GestureRuntime", "TracePlayback", "LiveInput", "ToolkitInput",
                                                  "Haptics", "EvdevDevice", "SystemCalls"]),
        .library(name: "GestureCore", targets: ["GestureCore"]),
        .library(name: "GestureFormat", targets: ["GestureFormat"]),
        .library(name: "EvdevModel", targets: ["EvdevModel"]),
        .library(name: "TraceFormats", targets: ["TraceFormats", "EvdevModel", "SystemCalls"]),
        .library(name: "LayoutFile", targets: ["LayoutFile", "SystemCalls"]),
        .library(name: "GestureRuntime", targets: ["GestureRuntime", "EvdevModel", "SystemCalls"]),
        .library(name: "TracePlayback", targets: ["TracePlayback", "GestureRuntime", "TraceFormats", "LayoutFile", "EvdevModel", "SystemCalls"]),
        .library(name: "LiveInput", targets: ["LiveInput", "GestureRuntime", "EvdevDevice", "SystemCalls"]),
        .library(name: "ToolkitInput", targets: ["ToolkitInput", "GestureRuntime", "EvdevModel", "SystemCalls"]),
        .library(name: "Haptics", targets: ["Haptics", "GestureRuntime", "EvdevModel", "SystemCalls"]),
        // Pictures of played traces, as SVG.
        .library(name: "Render", targets: ["Render"]),
        // libtouchgestures.so, the C interface (include: Sources/CTouchGesturesHeader/include/touchgestures.h): a
        // shared library that exports the header's functions alone (docs/c-interface.md). `make install` installs it
        // as libtouchgestures.so.0 with its header and pkg-config file.
        .library(name: "touchgestures", type: .dynamic, targets: ["CTouchGestures"]),
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
        .target(name: "SystemCalls", dependencies: ["CSystemCalls"]),
        // The calls Swift cannot make itself (`ioctl` and `syscall()` are variadic), with one fixed signature each: a
        // header, no library.
        .systemLibrary(name: "CSystemCalls"),
        // The pure engine: no Foundation, no Glibc, no IO, no clocks.
        .target(name: "GestureCore", dependencies: [.product(name: "RealModule", package: "swift-numerics")]),
        // JSON Lines and text rendering of gesture events (pure, no Foundation).
        .target(name: "GestureFormat", dependencies: ["GestureCore"]),
        // evdev's model of a device: its description, codes and events, its units in mm (pure, no Foundation).
        .target(name: "EvdevModel", dependencies: ["GestureCore"]),
        // Readers and writers of recorded traces, behind one table of formats: evemu and libinput-record.
        .target(name: "TraceFormats", dependencies: ["EvdevModel", "GestureCore", "SystemCalls", .product(name: "Yams", package: "Yams")]),
        // What runs the engine on input: the frame assembler and the pipeline from evdev events to gestures (one
        // module, so that the assembler is inlined into the pipeline's loop), `GestureSource`, time and the
        // clocks, the loop that waits on a source, the `AsyncSequence` of a source's gestures, the recorder of its
        // events. No trace format, so no YAML: live input links it without Yams.
        .target(name: "GestureRuntime", dependencies: ["GestureCore", "EvdevModel", "SystemCalls"]),
        // The one way a trace is opened and played (its layout beside it, its warnings): `gestures replay`, `check`,
        // `render` and `TraceGestureSource`.
        .target(name: "TracePlayback", dependencies: ["GestureRuntime", "TraceFormats", "LayoutFile", "EvdevModel", "GestureCore",
                                                     "SystemCalls"]),
        // The layout file: a strict JSON reader and the checks of every key (pure, no Foundation), and `load(path:)`, which
        // reads one through SystemCalls.
        .target(name: "LayoutFile", dependencies: ["GestureCore", "SystemCalls"]),
        // Pictures of a played trace: the surface, its targets, the contacts' paths and the gestures, as SVG
        // (pure, no Foundation).
        .target(name: "Render", dependencies: ["GestureCore", "GestureFormat", .product(name: "RealModule", package: "swift-numerics")]),
        // The `gestures` command, its code in one target: replay, check, render, live and record, the writer of
        // standard output, the exit statuses and the messages on standard error. `main.swift` alone starts it, so
        // that the fuzz targets of Fuzz/ compile the rest as a module of their own.
        .executableTarget(name: "gestures", dependencies: [
            "LiveInput", "EvdevDevice", "EvdevModel", "TraceFormats", "TracePlayback", "GestureRuntime", "GestureCore",
            "GestureFormat", "LayoutFile", "Render", "Haptics", "CLibevdev", "SystemCalls", "GestureService",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // libevdev, through the system's pkg-config (Debian: libevdev-dev).
        .systemLibrary(name: "CLibevdev", pkgConfig: "libevdev", providers: [.apt(["libevdev-dev"])]),
        // libudev, through the system's pkg-config (Debian: libudev-dev): `gestures serve`'s device monitor.
        .systemLibrary(name: "CLibudev", pkgConfig: "libudev", providers: [.apt(["libudev-dev"])]),
        // `gestures serve`: every touch device udev knows, each with its own engine, hot-plug, the configuration
        // file, the bindings' commands; and the protocol of the parts a socket's hub plugs into its loop.
        .target(name: "GestureService", dependencies: ["LiveInput", "EvdevDevice", "EvdevModel", "GestureRuntime", "GestureCore",
                                                      "GestureFormat", "LayoutFile", "TracePlayback", "Haptics", "SystemCalls", "CLibudev"]),
        // Touch devices through libevdev: raw calls, Result-returning calls, then a typed throwing API.
        .target(name: "EvdevDevice", dependencies: ["CLibevdev", "EvdevModel", "GestureCore", "SystemCalls"]),
        // Live input: device discovery, the live source (deadlines on the event clock, resync, device loss,
        // recording), and the AsyncSequence of any source's gestures.
        .target(name: "LiveInput", dependencies: ["EvdevDevice", "EvdevModel", "GestureCore", "GestureRuntime", "SystemCalls"]),
        // A toolkit's touches (Wayland's wl_touch, GTK, SDL): the app's units in mm, its 32-bit millisecond times widened,
        // its events in frames, deadlines on its clock.
        .target(name: "ToolkitInput", dependencies: ["GestureCore", "GestureRuntime"]),
        // Haptics that reach a motor: the pacer that limits a burst to what a motor renders (pure), the player's
        // thread, and the outputs: a force-feedback device through evdev, feedbackd over D-Bus (the wire protocol
        // itself: no libdbus). GestureRuntime for the monotonic clock, the player's time.
        .target(name: "Haptics", dependencies: ["GestureCore", "GestureRuntime", "SystemCalls"]),
        // The C interface's header, and the checks of its structs' sizes: the one definition of the C types, which the
        // Swift side imports.
        .target(name: "CTouchGesturesHeader"),
        // The C interface (`tg_*`), in Swift over the typed API: an engine from a layout, frames and time in, events
        // as C structs and as JSON Lines out, the changes between inputs. Every argument checked, every error a
        // status and a message. Linked into libtouchgestures.so with the Swift runtime inside (`-static-stdlib`) and
        // the version script that exports `tg_*` alone.
        .target(name: "CTouchGestures",
                dependencies: ["CTouchGesturesHeader", "GestureCore", "GestureFormat", "LayoutFile", "SystemCalls"],
                exclude: ["exports.map"],
                // The handle is a class, each call on one thread (the interface's contract): without the run-time
                // checks of exclusive access to its properties, a frame costs ~560 instructions less (docs/performance.md).
                swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"])],
                linkerSettings: [.unsafeFlags(["-static-stdlib", "-Xlinker", "--version-script=" + packageFolder + "/Sources/CTouchGestures/exports.map",
                                               "-Xlinker", "-soname=libtouchgestures.so.0", "-use-ld=lld"], .when(platforms: [.linux]))]),
        // The umbrella: re-exports every library module an app needs.
        .target(name: "TouchGestures", dependencies: ["GestureCore", "GestureFormat", "EvdevModel", "TraceFormats",
                                                      "LayoutFile", "GestureRuntime", "TracePlayback", "LiveInput", "ToolkitInput",
                                                      "Haptics"]),
        // The example app: a kitchen timer and a week's chart, through the umbrella's public API only (it imports
        // TouchGestures alone; the modules it re-exports are listed, as in its product, so that it is rebuilt
        // when they change).
        .executableTarget(name: "kitchen-timer", dependencies: ["TouchGestures", "GestureCore", "GestureFormat", "EvdevModel",
                                                                "TraceFormats", "LayoutFile", "GestureRuntime", "TracePlayback",
                                                                "LiveInput", "ToolkitInput", "Haptics"],
                          path: "Examples/KitchenTimer"),
        // The Wayland example: a fullscreen window's wl_touch events through a ToolkitGestureSource, the gestures as
        // JSON Lines (Examples/WaylandTouches/README.md). Its Wayland side is C against libwayland-client (Debian:
        // libwayland-dev), with xdg-shell's glue as wayland-scanner wrote it.
        .target(name: "CTouchWindow", path: "Examples/WaylandTouches/CTouchWindow",
                linkerSettings: [.linkedLibrary("wayland-client")]),
        .executableTarget(name: "wayland-touches", dependencies: ["CTouchWindow", "TouchGestures", "GestureCore", "GestureFormat",
                                                                  "EvdevModel", "TraceFormats", "LayoutFile", "GestureRuntime",
                                                                  "TracePlayback", "LiveInput", "ToolkitInput"],
                          path: "Examples/WaylandTouches/App"),
        // Writes the synthetic traces of Recordings/ and their layouts: `swift run trace-generator Recordings`.
        .executableTarget(name: "trace-generator", dependencies: ["EvdevModel", "TraceFormats", "GestureCore", "GestureTestSupport"], path: "Sources/TraceGenerator"),
        // Test-only helpers: the touch-script builder and the event invariant checks.
        .target(name: "GestureTestSupport", dependencies: ["GestureCore", "GestureFormat", "EvdevModel", .product(name: "RealModule", package: "swift-numerics")], path: "Tests/GestureTestSupport"),
        .testTarget(name: "GestureCoreTests", dependencies: ["GestureCore", "GestureFormat", "GestureTestSupport"]),
        .testTarget(name: "GestureFormatTests", dependencies: ["GestureCore", "GestureFormat"]),
        .testTarget(name: "LayoutFileTests", dependencies: ["LayoutFile", "GestureCore"]),
        .testTarget(name: "GestureServiceTests", dependencies: ["GestureService", "LiveInput", "GestureRuntime", "GestureCore", "GestureFormat",
                                                               "LayoutFile", "Haptics", "SystemCalls", "GestureTestSupport"]),
        .testTarget(name: "GesturesCLITests", dependencies: ["gestures", "trace-generator", "kitchen-timer", "wayland-touches", "GestureCore",
                                                          "GestureFormat", "GestureRuntime", "TracePlayback", "SystemCalls"]),
        .testTarget(name: "LiveInputTests", dependencies: ["LiveInput", "GestureRuntime", "TracePlayback", "EvdevDevice", "SystemCalls",
                                                           "EvdevModel", "TraceFormats", "GestureCore",
                                                           "GestureFormat", "LayoutFile", "GestureTestSupport"]),
        .testTarget(name: "RenderTests", dependencies: ["Render", "gestures", "TracePlayback", "GestureRuntime", "SystemCalls", "TraceFormats", "EvdevModel", "LayoutFile", "GestureCore",
                                                       "GestureTestSupport"]),
        .testTarget(name: "ToolkitInputTests", dependencies: ["ToolkitInput", "GestureRuntime", "TracePlayback", "TraceFormats",
                                                             "EvdevModel", "GestureCore", "GestureFormat", "LayoutFile",
                                                             "SystemCalls", "GestureTestSupport"]),
        .testTarget(name: "HapticsTests", dependencies: ["Haptics", "GestureRuntime", "GestureCore", "SystemCalls"]),
        .testTarget(name: "TraceFormatsTests", dependencies: ["TraceFormats", "TracePlayback", "GestureRuntime", "EvdevModel", "GestureCore",
                                                             "SystemCalls", "GestureTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
