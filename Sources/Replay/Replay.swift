import EvdevModel
import GestureCore
import GestureFormat
import LayoutFile
import TraceFormats

/// A failure with the exit status SPEC gives it.
package struct CommandError: Error, CustomStringConvertible, Sendable {
    package var status: Int32
    package var message: String

    package init(status: Int32, _ message: String) {
        self.status = status
        self.message = message
    }

    package var description: String { message }

    /// SPEC "Exit status".
    package static let usage: Int32 = 64
    package static let malformed: Int32 = 65
    package static let missing: Int32 = 66
    package static let io: Int32 = 74
    package static let permission: Int32 = 77

    init(_ error: TraceError) {
        switch error.kind {
        case .unreadable: self.init(status: Self.missing, error.description)
        case .malformed: self.init(status: Self.malformed, error.description)
        case .io: self.init(status: Self.io, error.description)
        }
    }
}

/// Reads a layout file: 66 when it cannot be read, 65 when it is not a valid layout (or larger than any
/// layout, `LayoutFile.largestFile`).
package func loadLayout(path: FilePath) throws(CommandError) -> Layout {
    let bytes: [UInt8]
    do {
        bytes = try readWholeFile(path, limit: LayoutFile.largestFile)
    } catch {
        throw CommandError(error)
    }
    do {
        return try LayoutFile.parse(bytes, file: path.description)
    } catch {
        throw CommandError(status: CommandError.malformed, error.description)
    }
}

/// The layout that goes with a trace when none is given: `NAME.layout.json` beside it (NAME being the
/// trace's file name without its extension), else `TRACE.layout.json` (the full name plus the suffix).
package func layoutBeside(trace path: FilePath) -> FilePath? {
    var candidates: [FilePath] = []
    if let stem = path.removingExtension() { candidates.append(stem.appending(".layout.json")) }
    candidates.append(path.appending(".layout.json"))
    return candidates.first(where: fileExists)
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

    package init(layout: Layout? = nil, format: OutputFormat = .jsonl, device: FilePath? = nil, size: Size? = nil,
                 namesTraces: Bool = false, explain: Bool = false) {
        self.layout = layout
        self.format = format
        self.device = device
        self.size = size
        self.namesTraces = namesTraces
        self.explain = explain
    }
}

/// Replays one trace through a fresh engine, writing a line per event.
///
/// Frames go to the engine as they are read (the trace is streamed). At the end of input the gestures in
/// progress are cancelled at the last frame's time. When the trace turns out malformed part-way, the same
/// happens at the last good frame — every `began` still gets its `ended` or `cancelled` — and the error is
/// thrown after those lines.
package func replay(trace path: FilePath, options: ReplayOptions, output: LineWriter) throws(CommandError) {
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
/// engine sees it) and each gesture event to `deliver`, in order; the warnings go to stderr. When the trace
/// turns out malformed part-way, the gestures in progress are cancelled at the last good frame (those
/// events are delivered too) and the error is thrown after them.
@discardableResult
package func play(trace path: FilePath, options: ReplayOptions, observingFrames observe: (TouchFrame) -> Void = { _ in },
                  _ deliver: (GestureEvent) -> Void) throws(CommandError) -> PlayedTrace {
    try playInBatches(trace: path, options: options, observingFrames: observe) { $0.deliverEach(to: deliver) }
}

/// `play(trace:options:observingFrames:_:)`, handing `deliver` the events a batch at a time, as the pipeline
/// returns them (`TraceGestureSource.dispatch(now:observingFrames:batches:)`); the play stops early, with no
/// warning about its end, once `stopped` is true (checked before each batch).
@discardableResult
package func playInBatches(trace path: FilePath, options: ReplayOptions, observingFrames observe: (TouchFrame) -> Void = { _ in },
                           until stopped: () -> Bool = { false },
                           _ deliver: ([GestureEvent]) -> Void) throws(CommandError) -> PlayedTrace {
    let reader: TraceReader
    do {
        reader = try TraceReader.open(path: path, device: options.device)
    } catch {
        throw CommandError(error)
    }
    if reader.replacedOwnDescription, let device = options.device {
        Diagnostics.warnOnce(key: "replaced description of \(path)",
                             "\(path) has its own device description; --device \(device) replaces it")
    }
    do {
        try reader.checkTouchDevice()
    } catch {
        throw CommandError(error)
    }
    var layout = options.layout
    if layout == nil, let beside = layoutBeside(trace: path) {
        layout = try loadLayout(path: beside)
    }
    let mapping: SurfaceMapping
    do {
        mapping = try reader.surfaceMapping(size: options.size, layoutSurface: layout?.surface)
    } catch {
        throw CommandError(error)
    }
    if mapping.resolutionAssumed {
        Diagnostics.warnResolutionAssumed(for: path.description)
    }
    guard var pipeline = GesturePipeline(description: reader.description, surface: mapping, layout: layout) else {
        throw CommandError(status: CommandError.malformed, "\(reader.descriptionFile): expected a touch device")
    }
    pipeline.explains = options.explain
    // The library's trace source, as fast as possible: the one loop from a trace's events to gestures.
    let source = TraceGestureSource(reader: reader, pipeline: pipeline, surface: mapping)
    while !source.isFinished && !stopped() {
        source.dispatch(now: .zero, observingFrames: observe, batches: deliver)
    }
    if source.isFinished && source.failure == nil {
        if let line = source.cutShortLine {
            Diagnostics.warn("\(path):\(line): the last line has no line end (the trace was cut short): it was dropped, "
                             + "with any events after the final SYN_REPORT")
        } else if source.endOfInput?.partialFrameDropped == true {
            Diagnostics.warn("\(path): the trace ends in the middle of a frame; its last events after the final SYN_REPORT were dropped")
        }
    }
    if let failure = source.failure { throw CommandError(failure) }
    return PlayedTrace(surface: mapping.size, layout: layout ?? .wholeSurface(mapping.size))
}
