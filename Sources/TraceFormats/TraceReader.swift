import EvdevModel

/// The format of a trace file.
public enum TraceFormat: Hashable, Sendable {
    /// evemu text: `.evemu`, `.events`, `.event`, `.desc` and anything else not YAML.
    case evemu
    /// `libinput record` YAML: `.yml`, `.yaml`.
    case libinputRecord

    /// The format by the file's extension.
    public init(path: FilePath) {
        self = path.hasSuffix(ignoringCase: ".yml") || path.hasSuffix(ignoringCase: ".yaml") ? .libinputRecord : .evemu
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
    func next() throws(TraceError) -> InputEvent?
    /// The next events into `events`, as `TraceReader.read(into:)`.
    func read(into events: UnsafeMutableBufferPointer<InputEvent>) throws(TraceError) -> Int
    /// The number of the trace's last line when it had no line end and was dropped (evemu).
    var cutShortLine: Int? { get }
}

extension FormatReader {
    /// One event at a time, by `next()`.
    func read(into events: UnsafeMutableBufferPointer<InputEvent>) throws(TraceError) -> Int {
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
    /// - Throws: `TraceError` — `.unreadable` when the trace or the given description cannot be opened;
    ///   `.malformed` for a bad header, or when a header-less trace has no description.
    public static func open(path: FilePath, device: FilePath? = nil) throws(TraceError) -> TraceReader {
        let format = TraceFormat(path: path)
        let given = try device.map { (devicePath) throws(TraceError) in try readDescription(path: devicePath) }
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
            guard let found = try sidecar(among: candidates, what: "the trace's device description") else {
                throw TraceError(
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
    public static func open(path: String, device: String? = nil) throws(TraceError) -> TraceReader {
        try open(path: FilePath(path), device: device.map { FilePath($0) })
    }

    /// The device description of a file: `evemu-describe` output (or an evemu trace's header), or the first
    /// device of a libinput recording.
    public static func readDescription(path: FilePath) throws(TraceError) -> DeviceDescription {
        switch TraceFormat(path: path) {
        case .evemu: try EvemuReader.readDescription(path: path)
        case .libinputRecord: try LibinputRecordReader.readDescription(path: path)
        }
    }

    /// `readDescription(path:)` for a path given as text (its UTF-8 bytes).
    public static func readDescription(path: String) throws(TraceError) -> DeviceDescription {
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
    /// - Throws: `TraceError` — `.malformed` with the line and what was expected; `.io` when reading fails.
    public func next() throws(TraceError) -> InputEvent? {
        try reader.next()
    }

    /// The next events, in order, into the start of `events`; the number read, 0 only at the end of the
    /// trace (and after an error). As `next()` called again and again, for less per event: an evemu trace's
    /// plain event lines are read many at a time. It may read fewer events than fit before the end: an
    /// error after some events is thrown by the next call, once they are handled.
    ///
    /// - Throws: as `next()`.
    public func read(into events: UnsafeMutableBufferPointer<InputEvent>) throws(TraceError) -> Int {
        try reader.read(into: events)
    }

    /// All the remaining events (for small traces and tests; `next()` streams).
    public func readAll() throws(TraceError) -> [InputEvent] {
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
