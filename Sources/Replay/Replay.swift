import EvdevModel
import GestureCore
import GestureFormat
import LayoutFile
import TraceFormats

/// A failure with the exit status SPEC gives it.
public struct CommandError: Error, CustomStringConvertible, Sendable {
    public var status: Int32
    public var message: String

    public init(status: Int32, _ message: String) {
        self.status = status
        self.message = message
    }

    public var description: String { message }

    /// SPEC "Exit status".
    public static let usage: Int32 = 64
    public static let malformed: Int32 = 65
    public static let missing: Int32 = 66
    public static let io: Int32 = 74
    public static let permission: Int32 = 77

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
public func loadLayout(path: FilePath) throws(CommandError) -> Layout {
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
public func layoutBeside(trace path: FilePath) -> FilePath? {
    var candidates: [FilePath] = []
    if let stem = path.removingExtension() { candidates.append(stem.appending(".layout.json")) }
    candidates.append(path.appending(".layout.json"))
    return candidates.first(where: fileExists)
}

/// Options of one replay.
public struct ReplayOptions: Sendable {
    /// The layout for every trace; nil to look beside each trace, then use the default.
    public var layout: Layout?
    public var format: OutputFormat
    /// A device description (`--device`): for header-less traces; it replaces a trace's own, with a warning.
    public var device: FilePath?
    /// The surface's physical size (`--size`), for devices without resolution.
    public var size: Size?
    /// Print the trace's path at the start of each line (several traces).
    public var namesTraces: Bool
    /// Print a line per state transition of the machines, with its reason, among the events (`--explain`).
    public var explain: Bool

    public init(layout: Layout? = nil, format: OutputFormat = .jsonl, device: FilePath? = nil, size: Size? = nil,
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
public func replay(trace path: FilePath, options: ReplayOptions, output: LineWriter) throws(CommandError) {
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
    let description = reader.description
    // The file the description came from, for its messages.
    let descriptionFile: FilePath
    switch reader.descriptionSource {
    case .header: descriptionFile = path
    case .file(let file): descriptionFile = file
    }
    guard description.touchProtocol != nil else {
        throw CommandError(status: CommandError.malformed,
                           "\(descriptionFile): expected a touch device (multitouch axes, or BTN_TOUCH with ABS_X/ABS_Y); \"\(description.name)\" is not one")
    }
    if let (code, info) = description.positionAxisWithoutRange {
        let name = EvdevNames.code(code, type: EventType.abs) ?? "axis \(code)"
        throw CommandError(status: CommandError.malformed,
                           "\(descriptionFile): expected the position axis \(name) to span a range (maximum above minimum), "
                           + "found \(info.minimum) to \(info.maximum): positions on it cannot be told apart")
    }
    var layout = options.layout
    if layout == nil, let beside = layoutBeside(trace: path) {
        layout = try loadLayout(path: beside)
    }
    guard let mapping = description.surfaceMapping(size: options.size, layoutSurface: layout?.surface) else {
        throw CommandError(status: CommandError.malformed, "\(descriptionFile): expected the device to have position axes")
    }
    if mapping.resolutionAssumed {
        Diagnostics.warnResolutionAssumed(for: path.description)
    }
    guard var pipeline = GesturePipeline(description: description, surface: mapping, layout: layout) else {
        throw CommandError(status: CommandError.malformed, "\(descriptionFile): expected a touch device")
    }
    pipeline.explains = options.explain
    let formatter = EventFormatter(format: options.format, trace: options.namesTraces ? path.description : nil)
    func emit(_ events: [GestureEvent]) {
        for event in events { output.write(event, with: formatter) }
    }
    var failure: CommandError?
    while true {
        let event: InputEvent?
        do {
            event = try reader.next()
        } catch {
            failure = CommandError(error)
            break
        }
        guard let event else { break }
        emit(pipeline.handle(event))
    }
    let end = pipeline.finish()
    if failure == nil {
        if let line = reader.cutShortLine {
            Diagnostics.warn("\(path):\(line): the last line has no line end (the trace was cut short): it was dropped, "
                             + "with any events after the final SYN_REPORT")
        } else if end.partialFrameDropped {
            Diagnostics.warn("\(path): the trace ends in the middle of a frame; its last events after the final SYN_REPORT were dropped")
        }
    }
    emit(end.events)
    output.flush()
    if let failure { throw failure }
}
