import EvdevModel
import GestureCore
import GestureRuntime
import LayoutFile
import SystemCalls
import TraceFormats

// The one way a trace is opened and played: `gestures replay`, `check` and `render` play it here, and
// `TraceGestureSource(path:)` opens it here.

/// What a play of a trace says beside its gestures: the command line writes these on standard error.
public enum TraceWarning: Sendable, Equatable {
    /// `--device` replaced the trace's own description.
    case descriptionReplaced(trace: FilePath, device: FilePath)
    /// The trace's device reports no resolution and no size was given: the surface's width is assumed.
    case resolutionAssumed(trace: FilePath)
    /// The trace's last line has no line end: it was dropped, with any events after the final SYN_REPORT.
    case cutShort(trace: FilePath, line: Int)
    /// The trace ends in the middle of a frame: its events after the final SYN_REPORT were dropped.
    case partialFrameDropped(trace: FilePath)
}

/// Where the targets of a played trace come from.
public enum TraceRecognition: Sendable {
    /// As `recognition` says (`.layout(nil)`: the whole surface as one timeline).
    case given(Recognition)
    /// The layout file beside the trace (`NAME.layout.json`, else `TRACE.layout.json`), else the whole surface:
    /// `gestures replay` without `--layout`.
    case layoutBesideTheTrace
}

extension TraceGestureSource {
    /// Opens the trace at `path` (with its description, as `TraceReader.open(path:device:)` finds it), checks
    /// that it is a touch device whose touches can be located, and recognizes as `recognition` says; `size` for a
    /// device that reports no resolution. `warn` hears that `device` replaced the trace's own description, then
    /// that a resolution was assumed, as each is known.
    ///
    /// - Throws: `FileError`: the trace (or its layout) cannot be read (`.unreadable`), or its description is
    ///   not a touch device with position axes, or its layout is not valid (`.malformed`).
    public convenience init(path: FilePath, device: FilePath? = nil, recognition: TraceRecognition, size: Size? = nil,
                            explains: Bool = false, pacing: Pacing = .asFastAsPossible,
                            warn: (TraceWarning) -> Void) throws(FileError) {
        let reader = try TraceReader.open(path: path, device: device)
        if reader.replacedOwnDescription, let device {
            warn(.descriptionReplaced(trace: path, device: device))
        }
        try reader.checkTouchDevice()
        let chosen: Recognition
        switch recognition {
        case .given(let given):
            chosen = given
        case .layoutBesideTheTrace:
            chosen = .layout(try TraceCompanions.layoutBeside(trace: path).map { (beside) throws(FileError) in try LayoutFile.load(path: beside) })
        }
        var layoutSurface: Size?
        if case .layout(let layout?) = chosen { layoutSurface = layout.surface }
        let surface = try reader.surfaceMapping(size: size, layoutSurface: layoutSurface)
        if surface.resolutionAssumed {
            warn(.resolutionAssumed(trace: path))
        }
        var pipeline: GesturePipeline?
        do {
            pipeline = try GesturePipeline(description: reader.description, surface: surface, recognition: chosen)
        } catch {
            throw FileError(.malformed, path: "layout", message: error.description)
        }
        pipeline?.explains = explains
        self.init(reader: reader, pipeline: pipeline, surface: surface, pacing: pacing)
        if case .layout(let layout) = chosen { self.layout = layout ?? .wholeSurface(surface.size) }
    }

    /// Plays the trace to its end without waiting (a source at the trace's own pace is played at its events' times,
    /// one after another, without sleeping: the same events as fast as possible), handing each frame to `observe` (before the engine sees
    /// it) and the events to `deliver` a batch at a time, as the pipeline returns them; stops early, with no
    /// warning about its end, once `stopped` is true (checked before each batch). `warn` hears how the trace
    /// ended: cut short, or a partial frame dropped. A trace that turns out malformed part-way has its gestures
    /// in progress cancelled at the last good frame (those events are delivered too); the error is thrown after
    /// them.
    public func playToEnd(observingFrames observe: (TouchFrame) -> Void = { _ in }, until stopped: () -> Bool = { false },
                          warn: (TraceWarning) -> Void, batches deliver: ([GestureEvent]) -> Void) throws(FileError) {
        // At each event's own time: as fast as possible, that is at once; at the trace's own pace, at the time its next
        // event (or deadline) is due, without waiting for it.
        while !isFinished && !stopped() {
            dispatch(now: nextWakeup ?? .zero, observingFrames: observe, batches: deliver)
        }
        if isFinished && failure == nil {
            if let line = cutShortLine {
                warn(.cutShort(trace: path, line: line))
            } else if endOfInput?.partialFrameDropped == true {
                warn(.partialFrameDropped(trace: path))
            }
        }
        if let failure { throw failure }
    }
}

/// The files that go with a trace without being named: its layout, and what a play of it may read.
package enum TraceCompanions {
    /// The layout that goes with a trace when none is given: the first of `layoutCandidates(trace:)` that exists;
    /// one that is not a regular file, or cannot be reached, is `unreadable` (`FilePath.sidecar(among:what:)`).
    package static func layoutBeside(trace path: FilePath) throws(FileError) -> FilePath? {
        try FilePath.sidecar(among: layoutCandidates(trace: path), what: "the layout beside the trace")
    }

    /// Where a trace's layout may be, in the order tried: `NAME.layout.json` beside it (NAME being the trace's file
    /// name without its extension), then `TRACE.layout.json` (the full name plus the suffix).
    package static func layoutCandidates(trace path: FilePath) -> [FilePath] {
        var candidates: [FilePath] = []
        if let stem = path.removingExtension() { candidates.append(stem.appending(".layout.json")) }
        candidates.append(path.appending(".layout.json"))
        return candidates
    }

    /// The files a play of `trace` may read, each with what it is, for a message (SPEC "Command line"): the
    /// trace; the layout given, else every file that may be the one beside the trace; the description given, else,
    /// for an evemu trace, every `.desc` that may describe it. Known before anything is read, so that no output is
    /// written onto one of them, whatever the path to it.
    package static func inputFiles(ofTrace path: FilePath, layout: FilePath?, device: FilePath?) -> [(path: FilePath, what: String)] {
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
}
