import EvdevModel
import GestureCore
import GestureFormat
import LayoutFile
import TraceFormats

/// Why a replay (or a check, or a picture) failed: a file that cannot be read (`unreadable`), one that is not
/// what it should be (`malformed`), or a write that failed (`io`), with the message for people. The command
/// line gives each kind its exit status.
package struct ReplayError: Error, Equatable, CustomStringConvertible, Sendable {
    package var kind: TraceError.Kind
    package var message: String

    package init(_ kind: TraceError.Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    package var description: String { message }

    init(_ error: TraceError) {
        self.init(error.kind, error.description)
    }
}

/// What a replay says beside its lines: the command line writes them on standard error.
package enum ReplayWarning: Sendable {
    /// `--device` replaced the trace's own description.
    case descriptionReplaced(trace: FilePath, device: FilePath)
    /// The trace's device reports no resolution and no size was given: the surface's width is assumed.
    case resolutionAssumed(trace: FilePath)
    /// The trace's last line has no line end: it was dropped, with any events after the final SYN_REPORT.
    case cutShort(trace: FilePath, line: Int)
    /// The trace ends in the middle of a frame: its events after the final SYN_REPORT were dropped.
    case partialFrameDropped(trace: FilePath)
}

/// Reads a layout file: `unreadable` when it cannot be read, `malformed` when it is not a valid layout (or
/// larger than any layout, `LayoutFile.largestFile`).
package func loadLayout(path: FilePath) throws(ReplayError) -> Layout {
    let bytes: [UInt8]
    do {
        bytes = try readWholeFile(path, limit: LayoutFile.largestFile)
    } catch {
        throw ReplayError(error)
    }
    do {
        return try LayoutFile.parse(bytes, file: path.description)
    } catch {
        throw ReplayError(.malformed, error.description)
    }
}

/// The layout that goes with a trace when none is given: the first of `layoutCandidates(trace:)` that exists;
/// one that is not a regular file, or cannot be reached, is `unreadable` (`sidecar(among:what:)`).
package func layoutBeside(trace path: FilePath) throws(ReplayError) -> FilePath? {
    do {
        return try sidecar(among: layoutCandidates(trace: path), what: "the layout beside the trace")
    } catch {
        throw ReplayError(error)
    }
}

/// Where a trace's layout may be, in the order tried: `NAME.layout.json` beside it (NAME being the trace's file
/// name without its extension), then `TRACE.layout.json` (the full name plus the suffix).
func layoutCandidates(trace path: FilePath) -> [FilePath] {
    var candidates: [FilePath] = []
    if let stem = path.removingExtension() { candidates.append(stem.appending(".layout.json")) }
    candidates.append(path.appending(".layout.json"))
    return candidates
}

/// The files a replay of `trace` may read, each with what it is, for a message (SPEC "Command line"): the
/// trace; the layout given, else every file that may be the one beside the trace; the description given, else,
/// for an evemu trace, every `.desc` that may describe it. Known before anything is read, so that no output is
/// written onto one of them, whatever the path to it.
package func inputFiles(ofTrace path: FilePath, layout: FilePath?, device: FilePath?) -> [(path: FilePath, what: String)] {
    var inputs = [(path: path, what: "the trace")]
    if let layout {
        inputs.append((layout, "the layout"))
    } else {
        inputs += layoutCandidates(trace: path).map { ($0, "the layout beside the trace") }
    }
    if let device {
        inputs.append((device, "the device description"))
    } else if TraceFormat(path: path) == .evemu {
        inputs += TraceReader.descriptionCandidates(forTrace: path).map { ($0, "a device description beside the trace") }
    }
    return inputs
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
    package var warn: @Sendable (ReplayWarning) -> Void

    package init(layout: Layout? = nil, format: OutputFormat = .jsonl, device: FilePath? = nil, size: Size? = nil,
                 namesTraces: Bool = false, explain: Bool = false, warn: @escaping @Sendable (ReplayWarning) -> Void) {
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
    let reader: TraceReader
    do {
        reader = try TraceReader.open(path: path, device: options.device)
    } catch {
        throw ReplayError(error)
    }
    if reader.replacedOwnDescription, let device = options.device {
        options.warn(.descriptionReplaced(trace: path, device: device))
    }
    do {
        try reader.checkTouchDevice()
    } catch {
        throw ReplayError(error)
    }
    var layout = options.layout
    if layout == nil, let beside = try layoutBeside(trace: path) {
        layout = try loadLayout(path: beside)
    }
    let mapping: SurfaceMapping
    do {
        mapping = try reader.surfaceMapping(size: options.size, layoutSurface: layout?.surface)
    } catch {
        throw ReplayError(error)
    }
    if mapping.resolutionAssumed {
        options.warn(.resolutionAssumed(trace: path))
    }
    guard var pipeline = GesturePipeline(description: reader.description, surface: mapping, layout: layout) else {
        throw ReplayError(.malformed, "\(reader.descriptionFile): expected a touch device")
    }
    pipeline.explains = options.explain
    // The library's trace source, as fast as possible: the one loop from a trace's events to gestures.
    let source = TraceGestureSource(reader: reader, pipeline: pipeline, surface: mapping)
    while !source.isFinished && !stopped() {
        source.dispatch(now: .zero, observingFrames: observe, batches: deliver)
    }
    if source.isFinished && source.failure == nil {
        if let line = source.cutShortLine {
            options.warn(.cutShort(trace: path, line: line))
        } else if source.endOfInput?.partialFrameDropped == true {
            options.warn(.partialFrameDropped(trace: path))
        }
    }
    if let failure = source.failure { throw ReplayError(failure) }
    return PlayedTrace(surface: mapping.size, layout: layout ?? .wholeSurface(mapping.size))
}
