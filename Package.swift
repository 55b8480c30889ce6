// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "TouchGestures",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "GestureCore", targets: ["GestureCore"]),
        .library(name: "GestureFormat", targets: ["GestureFormat"]),
    ],
    dependencies: [
        // RealModule: atan2 and friends without importing Glibc or Foundation into the core.
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
    ],
    targets: [
        // The pure engine: no Foundation, no Glibc, no IO, no clocks.
        .target(name: "GestureCore", dependencies: [.product(name: "RealModule", package: "swift-numerics")]),
        // JSON Lines and text rendering of gesture events (pure, no Foundation).
        .target(name: "GestureFormat", dependencies: ["GestureCore"]),
        // The layout file: a strict JSON reader and the checks of every key (pure, no Foundation).
        .target(name: "LayoutFile", dependencies: ["GestureCore"]),
        // Test-only helpers: the touch-script builder and the event invariant checks.
        .target(name: "GestureTestSupport", dependencies: ["GestureCore", "GestureFormat", .product(name: "RealModule", package: "swift-numerics")], path: "Tests/GestureTestSupport"),
        .testTarget(name: "GestureCoreTests", dependencies: ["GestureCore", "GestureFormat", "GestureTestSupport"]),
        .testTarget(name: "GestureFormatTests", dependencies: ["GestureCore", "GestureFormat"]),
        .testTarget(name: "LayoutFileTests", dependencies: ["LayoutFile", "GestureCore"]),
    ],
    swiftLanguageModes: [.v6]
)
