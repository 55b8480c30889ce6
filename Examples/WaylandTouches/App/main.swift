// wayland-touches: a Wayland app's touches made gestures, as a desktop app gets them: a fullscreen window
// (CTouchWindow: libwayland-client, xdg-shell, wl_shm) whose wl_touch events go to a `ToolkitGestureSource`,
// driven by the app's own poll() loop. It prints the gestures as JSON Lines, as `gestures replay` does.
//
//     wayland-touches --layout FILE [--physical-size WxH]
//
// --layout FILE         the targets, in mm from the window's top left corner (a layout file, docs/SPEC.md)
// --physical-size WxH   the output's size in mm (e.g. 215.58x134.74): the pixels' size comes from it. Without
//                       it, the output's own (wl_output.geometry), which a headless output does not have
//
// The window is fullscreen, so its pixels are the output's: a pixel is W / the window's width mm across and
// H / its height mm down. The wl_touch time (32-bit milliseconds) is the toolkit's clock, wl_touch.frame ends
// each frame. SIGINT, SIGTERM or the compositor closing the window ends it: the gestures in progress are
// cancelled, exit status 0. Status 1 when the compositor cannot be reached, refuses the window or goes away, 64
// for a mistake on the command line; for the layout, as `gestures replay`: 66 when it cannot be opened, 65
// when it is not a valid layout, 74 when reading it fails. Examples/WaylandTouches/README.md
// says how a test runs it under sway with an emulated touchscreen.

import CTouchWindow
import TouchGestures

#if canImport(Glibc)
import Glibc
#endif

// MARK: The gestures

/// What the app does with its window's touches: hands them to the source, prints the gestures that come out.
final class Touches {
    /// Made once the window is shown, when its size in pixels is known: a touch before is dropped.
    var source: ToolkitGestureSource?
    private let formatter = EventFormatter(format: .jsonl)

    /// One line a gesture, written at once (to a pipe or a file too).
    func show(_ event: GestureEvent) {
        var line: [UInt8] = []
        formatter.appendLine(event, to: &line)
        _ = line.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    }

    func down(id: Int32, x: Double, y: Double, time: UInt32) {
        source?.touchDown(id: Int(id), x: x, y: y, time: .milliseconds32(time), now: .now, show)
    }

    func motion(id: Int32, x: Double, y: Double, time: UInt32) {
        source?.touchMotion(id: Int(id), x: x, y: y, time: .milliseconds32(time), now: .now, show)
    }

    func up(id: Int32, time: UInt32) {
        source?.touchUp(id: Int(id), time: .milliseconds32(time), now: .now, show)
    }

    func frame() { source?.touchFrame(now: .now, show) }
    func cancel() { source?.touchCancel(now: .now, show) }
}

/// The window's listener: C callbacks, each with the `Touches` it was opened with.
func touches(_ data: UnsafeMutableRawPointer?) -> Touches {
    Unmanaged<Touches>.fromOpaque(data!).takeUnretainedValue()
}

var listener = touch_window_listener(
    down: { data, time, id, x, y in touches(data).down(id: id, x: x, y: y, time: time) },
    motion: { data, time, id, x, y in touches(data).motion(id: id, x: x, y: y, time: time) },
    up: { data, time, id in touches(data).up(id: id, time: time) },
    frame: { data in touches(data).frame() },
    cancel: { data in touches(data).cancel() })

// MARK: The command line

func complain(_ message: String) {
    let line = "wayland-touches: " + message + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
}

func fail(_ message: String, status: Int32 = 1) -> Never {
    complain(message)
    exit(status)
}

let usage = "usage: wayland-touches --layout FILE [--physical-size WxH]"
var layoutPath: String?
var physicalSize: Size?
var arguments = CommandLine.arguments.dropFirst()
while let option = arguments.popFirst() {
    guard let value = arguments.popFirst() else { fail("\(option) needs a value\n" + usage, status: 64) }
    switch option {
    case "--layout":
        layoutPath = value
    case "--physical-size":
        let parts = value.split(separator: "x", omittingEmptySubsequences: false).map { Double($0) }
        guard parts.count == 2, let width = parts[0], let height = parts[1], width > 0, height > 0 else {
            fail("--physical-size: expected WxH in mm, e.g. 215.58x134.74, found \(value)", status: 64)
        }
        physicalSize = Size(width: width, height: height)
    default:
        fail("unknown option \(option)\n" + usage, status: 64)
    }
}
guard let layoutPath else { fail("--layout is missing\n" + usage, status: 64) }
let layout: Layout
do {
    layout = try LayoutFile.load(path: FilePath(layoutPath))
} catch {
    switch error.kind {  // as `gestures replay` says of a layout
    case .unreadable: fail(error.description, status: 66)
    case .malformed: fail(error.description, status: 65)
    case .io: fail(error.description, status: 74)
    }
}

nonisolated(unsafe) var stopPipe: [Int32] = [-1, -1]
guard pipe(&stopPipe) == 0 else { fail("cannot make a pipe") }
var endSignals = sigset_t()
sigemptyset(&endSignals)
for signal in [SIGINT, SIGTERM] {
    _ = Glibc.signal(signal) { _ in
        var byte: UInt8 = 1
        _ = write(stopPipe[1], &byte, 1)
    }
    sigaddset(&endSignals, signal)
}
// A process inherits its parent's blocked signals (a test runner's thread may block them): these end the app.
pthread_sigmask(SIG_UNBLOCK, &endSignals, nil)

// MARK: The window and the loop

let app = Touches()
var error = [CChar](repeating: 0, count: 256)
guard let window = touch_window_open("wayland-touches", &listener, Unmanaged.passUnretained(app).toOpaque(),
                                     &error, error.count) else {
    fail(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
}
let pixels = Size(width: Double(touch_window_width(window)), height: Double(touch_window_height(window)))
let output = Size(width: Double(touch_window_output_width_mm(window)), height: Double(touch_window_output_height_mm(window)))
guard let millimetres = physicalSize ?? (output.width > 0 && output.height > 0 ? output : nil) else {
    fail("the output's size in mm is unknown (wl_output.geometry says 0x0): give --physical-size WxH")
}
let source: ToolkitGestureSource
do {
    source = try ToolkitGestureSource(recognition: .layout(layout), units: ToolkitUnits(size: pixels, physicalSize: millimetres),
                                      framing: .toolkitFrames)
} catch {
    fail(error.description)
}
app.source = source

var descriptors = [pollfd(fd: touch_window_fd(window), events: Int16(POLLIN), revents: 0),
                   pollfd(fd: stopPipe[0], events: Int16(POLLIN), revents: 0)]
while true {
    guard touch_window_prepare(window) == 0 else { fail("the compositor went away") }
    descriptors[0].revents = 0
    descriptors[1].revents = 0
    // Until the compositor sends something, a signal comes, or the next deadline (a long press held still) is due.
    _ = poll(&descriptors, 2, source.nextWakeup?.pollTimeout(from: .now) ?? -1)
    let windowState = touch_window_dispatch(window, descriptors[0].revents != 0 ? 1 : 0)
    guard windowState >= 0 else { fail("the compositor went away") }
    if descriptors[1].revents != 0 || windowState == 1 {  // a signal, or the compositor closed the window
        source.stop(now: .now, app.show)
        touch_window_close(window)
        exit(0)
    }
    source.dispatch(now: .now, app.show)
}
