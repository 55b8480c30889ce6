import EvdevModel
import SystemCalls

/// The trace formats: the one table of their names, file-name suffixes, readers and writers. Opening a trace
/// (`TraceReader.open(path:device:)`), `gestures check`'s search for traces and the command line's help all read
/// it, so a format added here is known to all of them.
public enum TraceFormat: Hashable, Sendable, CaseIterable {
    /// evemu text: `.evemu`, `.events`, `.event`, `.desc` and anything else not YAML.
    case evemu
    /// `libinput record` YAML: `.yml`, `.yaml`.
    case libinputRecord

    /// The format's name, for people: `evemu`, `libinput record`.
    public var name: String {
        switch self {
        case .evemu: "evemu"
        case .libinputRecord: "libinput record"
        }
    }

    /// The suffixes of the format's files, without the dot, compared without regard to ASCII case.
    public var suffixes: [String] {
        switch self {
        case .evemu: ["evemu", "events", "event"]
        case .libinputRecord: ["yml", "yaml"]
        }
    }

    /// The format a file is read in when its name has none of the formats' suffixes (a `.desc`, a name without
    /// one): evemu, which reads any text that is not YAML.
    public static let fallback = TraceFormat.evemu

    /// The format by the file's suffix; `fallback` for a name with none of the formats' suffixes.
    public init(path: FilePath) {
        self = Self.allCases.first { $0.names(path) } ?? Self.fallback
    }

    /// True when `path` has one of the format's suffixes.
    private func names(_ path: FilePath) -> Bool {
        suffixes.contains { path.hasSuffix(ignoringCase: "." + $0) }
    }

    /// True when `path` has the suffix of a trace format: what `gestures check` takes for a trace in a directory.
    public static func isNamedLikeTrace(_ path: FilePath) -> Bool {
        allCases.contains { $0.names(path) }
    }

    /// The formats' suffixes in words, for the command line's help: `.evemu, .events, .event (evemu) or .yml,
    /// .yaml (libinput record)`.
    public static var suffixesInWords: String {
        allCases.map { format in format.suffixes.map { "." + $0 }.joined(separator: ", ") + " (\(format.name))" }
            .joined(separator: " or ")
    }

    /// A whole file of the format, byte for byte the same on every run: `description`'s device, `comments` (each
    /// a line, without its comment sign), then `events`, whose last frame ends with a `SYN_REPORT`. `node` is the
    /// device node a libinput recording names.
    public func document(description: DeviceDescription, node: String = "/dev/input/event0", comments: [String],
                         events: [InputEvent]) -> String {
        switch self {
        case .evemu: EvemuFormat.document(description: description, comments: comments, events: events)
        case .libinputRecord: LibinputRecordFormat.document(description: description, node: node, comments: comments, events: events)
        }
    }
}

/// Where a trace's device description came from.
public enum DescriptionSource: Hashable, Sendable {
    /// The trace's own header (evemu) or `evdev:` block (libinput record).
    case header
    /// A separate description file: the one given, or a `.desc` found beside the trace.
    case file(path: FilePath)
}

/// The reader of one trace format's events, behind `TraceReader`.
protocol FormatReader: AnyObject {
    /// The next event, or nil at the end of the trace (and after an error).
    func next() throws(FileError) -> InputEvent?
    /// The next events into `events`, as `TraceReader.read(into:)`.
    func read(into events: UnsafeMutableBufferPointer<InputEvent>) throws(FileError) -> Int
    /// The number of the trace's last line when it had no line end and was dropped (evemu).
    var cutShortLine: Int? { get }
}

extension FormatReader {
    /// One event at a time, by `next()`.
    func read(into events: UnsafeMutableBufferPointer<InputEvent>) throws(FileError) -> Int {
        guard !events.isEmpty, let event = try next() else { return 0 }
        events[0] = event
        return 1
    }
}

extension EvemuReader: FormatReader {}

extension LibinputRecordReader: FormatReader {
    /// A recording's last line is read as it is, with or without its line end.
    var cutShortLine: Int? { nil }
}

/// A recorded trace, opened: its device description, then its events one at a time.
///
/// ```swift
/// let trace = try TraceReader.open(path: "n4.events")          // finds n4.desc beside it
/// while let event = try trace.next() { … }
/// if let line = trace.cutShortLine { /* warn: the last line was cut short */ }
/// ```
///
/// Both formats are streamed line by line through a fixed buffer, and reading an event allocates
/// nothing (see `EvemuReader` and `LibinputRecordReader`; only the small header of a libinput recording
/// is parsed by Yams).
public final class TraceReader {
    /// The trace's path, as given.
    public let path: FilePath
    /// The trace's format, evemu or libinput record, as its file name says.
    public let format: TraceFormat
    /// The device the events come from: its axes, resolutions and slots.
    public let description: DeviceDescription
    /// Where `description` came from: the trace's own header, or a description file.
    public let descriptionSource: DescriptionSource
    /// True when the trace has a description of its own (an evemu header, a libinput recording's
    /// `evdev:`) and the one given to `open` replaced it.
    public let replacedOwnDescription: Bool

    /// The reader of the trace's format. An existential: calling it costs no retain and release, where
    /// unwrapping an optional or an enum's payload to call a method that throws did (Swift 6.3).
    private let reader: any FormatReader

    /// Opens a trace and finds its device description.
    ///
    /// - Parameters:
    ///   - path: an evemu trace (with or without header) or a libinput recording.
    ///   - device: a description file (`evemu-describe` output, or a libinput recording) that replaces the
    ///     trace's own header, if any (`replacedOwnDescription`). Without it, a header-less evemu trace
    ///     takes the first of `descriptionCandidates(forTrace:)` that exists.
    /// - Throws: `FileError` — `.unreadable` when the trace or the given description cannot be opened;
    ///   `.malformed` for a bad header, or when a header-less trace has no description.
    public static func open(path: FilePath, device: FilePath? = nil) throws(FileError) -> TraceReader {
        let format = TraceFormat(path: path)
        let given = try device.map { (devicePath) throws(FileError) in try readDescription(path: devicePath) }
        switch format {
        case .evemu:
            let reader = try EvemuReader(path: path)
            if let given, let device {
                return TraceReader(path: path, format: format, description: given, source: .file(path: device),
                                   replaced: reader.headerDescription != nil, evemu: reader)
            }
            if let header = reader.headerDescription {
                return TraceReader(path: path, format: format, description: header, source: .header, evemu: reader)
            }
            let candidates = descriptionCandidates(forTrace: path)
            guard let found = try FilePath.sidecar(among: candidates, what: "the trace's device description") else {
                throw FileError(
                    .malformed, path: path,
                    message: "expected a device description: the trace has no header (N:, I:, … lines) and there is no "
                        + candidates.map(\.description).joined(separator: " or ") + " beside it")
            }
            let description = try EvemuReader.readDescription(path: found)
            return TraceReader(path: path, format: format, description: description, source: .file(path: found), evemu: reader)
        case .libinputRecord:
            let reader = try LibinputRecordReader(path: path)
            if let given, let device {
                return TraceReader(path: path, format: format, description: given, source: .file(path: device), replaced: true,
                                   libinput: reader)
            }
            return TraceReader(path: path, format: format, description: reader.description, source: .header, libinput: reader)
        }
    }

    /// `open(path:device:)` for a path given as text (its UTF-8 bytes).
    public static func open(path: String, device: String? = nil) throws(FileError) -> TraceReader {
        try open(path: FilePath(path), device: device.map { FilePath($0) })
    }

    /// The device description of a file: `evemu-describe` output (or an evemu trace's header), or the first
    /// device of a libinput recording.
    public static func readDescription(path: FilePath) throws(FileError) -> DeviceDescription {
        switch TraceFormat(path: path) {
        case .evemu: try EvemuReader.readDescription(path: path)
        case .libinputRecord: try LibinputRecordReader.readDescription(path: path)
        }
    }

    /// `readDescription(path:)` for a path given as text (its UTF-8 bytes).
    public static func readDescription(path: String) throws(FileError) -> DeviceDescription {
        try readDescription(path: FilePath(path))
    }

    /// Where a header-less trace's description may be, in the order tried: the trace's name with its
    /// extensions replaced by `.desc`, from the longest name to the shortest. `Device.gesture.events`
    /// gives `Device.gesture.desc`, then `Device.desc` (the naming of the evemu-devices recordings).
    public static func descriptionCandidates(forTrace path: FilePath) -> [FilePath] {
        var result: [FilePath] = []
        if path.nameHasNoDot { result.append(path.appending(".desc")) }
        var stem = path
        while let shorter = stem.removingExtension() {
            stem = shorter
            let candidate = stem.appending(".desc")
            if candidate != path { result.append(candidate) }
        }
        return result
    }

    private convenience init(path: FilePath, format: TraceFormat, description: DeviceDescription, source: DescriptionSource,
                             replaced: Bool = false, evemu: EvemuReader) {
        self.init(path: path, format: format, description: description, source: source, replaced: replaced, reader: evemu)
    }

    private convenience init(path: FilePath, format: TraceFormat, description: DeviceDescription, source: DescriptionSource,
                             replaced: Bool = false, libinput: LibinputRecordReader) {
        self.init(path: path, format: format, description: description, source: source, replaced: replaced, reader: libinput)
    }

    private init(path: FilePath, format: TraceFormat, description: DeviceDescription, source: DescriptionSource,
                 replaced: Bool, reader: any FormatReader) {
        self.path = path
        self.format = format
        self.description = description
        self.descriptionSource = source
        self.replacedOwnDescription = replaced
        self.reader = reader
    }

    /// The next event, or nil at the end of the trace (and after an error).
    ///
    /// - Throws: `FileError` — `.malformed` with the line and what was expected; `.io` when reading fails.
    public func next() throws(FileError) -> InputEvent? {
        try reader.next()
    }

    /// The next events, in order, into the start of `events`; the number read, 0 only at the end of the
    /// trace (and after an error). As `next()` called again and again, for less per event: an evemu trace's
    /// plain event lines are read many at a time. It may read fewer events than fit before the end: an
    /// error after some events is thrown by the next call, once they are handled.
    ///
    /// - Throws: as `next()`.
    public func read(into events: UnsafeMutableBufferPointer<InputEvent>) throws(FileError) -> Int {
        try reader.read(into: events)
    }

    /// All the remaining events (for small traces and tests; `next()` streams).
    public func readAll() throws(FileError) -> [InputEvent] {
        var result: [InputEvent] = []
        while let event = try next() { result.append(event) }
        return result
    }

    /// The number of the trace's last line when it had no line end and was dropped, as a write cut short
    /// (evemu): the caller warns, as for a partial frame. Known once `next()` has returned nil.
    public var cutShortLine: Int? { reader.cutShortLine }

    /// True when the trace's last line was dropped for having no line end (`cutShortLine`).
    public var droppedPartialLine: Bool { cutShortLine != nil }
}
