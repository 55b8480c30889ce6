import GestureCore
import GestureFormat
import LayoutFile
import SystemCalls
import TracePlayback

/// Why a replay (or a check, or a picture) failed: a file that cannot be read (`unreadable`), one that is not
/// what it should be (`malformed`), or a write that failed (`io`), with the message for people. The command
/// line gives each kind its exit status.
package struct ReplayError: Error, Equatable, CustomStringConvertible, Sendable {
    package var kind: FileError.Kind
    package var message: String

    package init(_ kind: FileError.Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    package var description: String { message }

    package init(_ error: FileError) {
        self.init(error.kind, error.description)
    }
}

/// Options of one replay.
package struct ReplayOptions: Sendable {
    /// The layout for every trace; nil to look beside each trace, then use the default.
    package var layout: Layout?
    package var format: OutputFormat
    /// A device description (`--device`): for header-less traces; it replaces a trace's own, with a warning.
    package var device: FilePath?
    /// The surface's physical size (`--size`), for devices without resolution.
    package var size: Size?
    /// Print the trace's path at the start of each line (several traces).
    package var namesTraces: Bool
    /// Print a line per state transition of the machines, with its reason, among the events (`--explain`).
    package var explain: Bool
    /// Receives the warnings as they arise, from any thread (`checkAll`).
    package var warn: @Sendable (TraceWarning) -> Void

    package init(layout: Layout? = nil, format: OutputFormat = .jsonl, device: FilePath? = nil, size: Size? = nil,
                 namesTraces: Bool = false, explain: Bool = false, warn: @escaping @Sendable (TraceWarning) -> Void) {
        self.layout = layout
        self.format = format
        self.device = device
        self.size = size
        self.namesTraces = namesTraces
        self.explain = explain
        self.warn = warn
    }
}

/// Replays one trace through a fresh engine, writing a line per event.
///
/// Frames go to the engine as they are read (the trace is streamed). At the end of input the gestures in
/// progress are cancelled at the last frame's time. When the trace turns out malformed part-way, the same
/// happens at the last good frame — every `began` still gets its `ended` or `cancelled` — and the error is
/// thrown after those lines.
package func replay(trace path: FilePath, options: ReplayOptions, output: LineWriter) throws(ReplayError) {
    let formatter = EventFormatter(format: options.format, trace: options.namesTraces ? path.description : nil)
    defer { output.flush() }
    // A batch of events at a time (the events of a frame): their lines are written in one loop. Once the output
    // cannot be written (its reader gone), the rest of the trace would be replayed for nothing.
    try playInBatches(trace: path, options: options, until: { output.failed }) { output.write($0, with: formatter) }
}

/// What a trace was played on: the surface and the targets that recognized its gestures.
package struct PlayedTrace: Sendable {
    /// The surface's size in mm, as the trace's device maps onto it.
    package var surface: Size
    /// The layout the trace was played with: `--layout`, the one beside the trace, or the default.
    package var layout: Layout
}

/// Plays one trace through a fresh engine, as `replay` does, handing each frame to `observe` (before the
/// engine sees it) and each gesture event to `deliver`, in order; the warnings go to `options.warn`. When the trace
/// turns out malformed part-way, the gestures in progress are cancelled at the last good frame (those
/// events are delivered too) and the error is thrown after them.
@discardableResult
package func play(trace path: FilePath, options: ReplayOptions, observingFrames observe: (TouchFrame) -> Void = { _ in },
                  _ deliver: (GestureEvent) -> Void) throws(ReplayError) -> PlayedTrace {
    try playInBatches(trace: path, options: options, observingFrames: observe) { $0.deliverEach(to: deliver) }
}

/// `play(trace:options:observingFrames:_:)`, handing `deliver` the events a batch at a time, as the pipeline
/// returns them (`TraceGestureSource.dispatch(now:observingFrames:batches:)`); the play stops early, with no
/// warning about its end, once `stopped` is true (checked before each batch).
@discardableResult
package func playInBatches(trace path: FilePath, options: ReplayOptions, observingFrames observe: (TouchFrame) -> Void = { _ in },
                           until stopped: () -> Bool = { false },
                           _ deliver: ([GestureEvent]) -> Void) throws(ReplayError) -> PlayedTrace {
    do throws(FileError) {
        let source = try TraceGestureSource(path: path, device: options.device,
                                            recognition: options.layout.map { .given(.layout($0)) } ?? .layoutBesideTheTrace,
                                            size: options.size, explains: options.explain, warn: options.warn)
        try source.playToEnd(observingFrames: observe, until: stopped, warn: options.warn, batches: deliver)
        return PlayedTrace(surface: source.surface.size, layout: source.layout ?? .wholeSurface(source.surface.size))
    } catch {
        throw ReplayError(error)
    }
}

/// The layout file at `path` (`LayoutFile.load(path:)`), its error the command's.
package func layoutFile(_ path: FilePath) throws(ReplayError) -> Layout {
    do {
        return try LayoutFile.load(path: path)
    } catch {
        throw ReplayError(error)
    }
}
