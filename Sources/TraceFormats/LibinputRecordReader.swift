// Over 400 lines for a reason: the streamed reader of libinput record's block layout and the whole-document
// fallback through Yams must give the same events and the same messages; they are kept side by side so that they do.
import EvdevModel
import GestureCore
import SystemCalls
import Yams

/// Reads a `libinput record` YAML file, format version 1 (libinput 1.11 and later), streaming its events.
///
/// Keys this reader does not know are ignored, as the format asks; any version other than 1 is rejected,
/// as `libinput replay` does. Only the first device is read. Its events are the `[sec, usec, type, code,
/// value]` rows of the `evdev:` items, in order: frames are made by `SYN_REPORT`, not by the YAML items.
/// `hid:` and `libinput:` items are skipped.
///
/// Memory: a recording can be hundreds of MB, so it is read line by line through one fixed buffer
/// (`LineReader`), as evemu traces are. Everything before the first device's `events:` key is the header,
/// small, which Yams parses (the version, and the device's `evdev:` description). The events that follow
/// are read from the bytes of each line, in libinput record's own block layout:
///
/// ```yaml
///   events:
///   # Current time is 14:51:15
///   - evdev:
///     - [  0,      0,   3,  57,    2194] # EV_ABS / ABS_MT_TRACKING_ID 2194
///   - hid: {time: [0, 0], hidraw0: [0x01, …]}
/// ```
///
/// with any spacing and comments; the first line indented less than the items ends the device's events
/// (the next device of a recording with `ndevices: 2`, for example), and the rest of the file is not read.
/// Reading an event allocates nothing; a row written otherwise than as five decimal integers (`0x10`, a
/// quoted number) is read by Yams, row alone, with the same result and the same messages as the whole
/// document's parse. The items that are skipped (`hid:`, `libinput:`) are only followed by their
/// indentation and brackets, not parsed: a YAML mistake inside one goes unnoticed.
///
/// A document that is not in that layout (events in YAML flow style, `events:` not where libinput record
/// writes it, a row or a `{…}` spread over several lines) may be valid YAML all the same: files of at
/// most `wholeDocumentLimit` bytes are then read whole by Yams, as before (from where the streaming
/// stopped, when it had begun); larger ones are an error that says what was expected.
///
/// Bounded work and memory, whatever the file: every line is at most `LineReader.defaultLineLimit` bytes
/// (libinput record's longest, `hid:` report descriptors, are a few KB), holds no NUL and is UTF-8; at
/// most `wholeDocumentLimit` bytes of YAML go to Yams at once; and YAML aliases are refused
/// (`YAMLAliases`), as libinput record writes none.
final class LibinputRecordReader {
    /// The most YAML that Yams parses at once: a whole document that is not in libinput record's block
    /// layout, or the header of one that is. Yams's nodes take up to about 100 bytes of memory per byte of
    /// YAML (a flow mapping of short keys; a flow-style recording takes about 44): 2 MiB keeps the
    /// reader's peak under 256 MB (docs/SPEC.md, "Input files").
    static let wholeDocumentLimit = 2 << 20
    /// The largest header (the text before the first device's `events:`), parsed by Yams: libinput
    /// record's are a few KB.
    static let headerLimit = wholeDocumentLimit

    let path: FilePath
    /// The first device's description, from its `evdev:` key.
    let description: DeviceDescription

    private let lines: LineReader
    private let wholeDocumentLimit: Int
    /// True when the file may be read whole: a regular file of at most `wholeDocumentLimit` bytes.
    private let mayReadWhole: Bool

    /// Set when the file was read whole by Yams: its events, served from `fallbackIndex`.
    private var fallbackEvents: [InputEvent]?
    private var fallbackIndex = 0
    /// The events handed out so far (skipped in `fallbackEvents` when switching to the whole document).
    private var handedOut = 0
    private var finished = false

    // The streaming of `events:`.
    private var stage: Stage = .awaitingFirstItem
    /// The column of the first device's `events:` key (0-based, as all columns here).
    private let eventsColumn: Int
    /// The column of the `-` of the devices.
    private let devicesColumn: Int
    /// The column of the `-` of the items of `events:`.
    private var itemIndent = 0
    /// The column of the first key of the current item (`evdev` in `- evdev:`), where its other keys are.
    private var contentColumn = 0
    private var itemIndex = -1
    private var itemLine = 0
    private var itemHasEvdev = false
    /// The column of the `-` of the current `evdev:` rows; -1 before the first row.
    private var rowsIndent = -1
    private var rowCount = 0
    private var evdevLine = 0

    private enum Stage {
        /// After `events:`, before its first item.
        case awaitingFirstItem
        /// In an item, in the value of a key other than `evdev`.
        case inItem
        /// In an item's `evdev:` rows.
        case inRows
        /// After the first device's events.
        case done
    }

    /// What streaming the next line gave.
    private enum Step {
        case event(InputEvent)
        case end
        /// The document is not in libinput record's block layout here: what was expected, and where.
        case notBlockLayout(line: Int?, expected: String)
    }

    /// Opens `path` and reads its header, up to the first device's `events:` key.
    ///
    /// - Parameter wholeDocumentLimit: the largest file read whole by Yams when it is not in libinput
    ///   record's block layout (a parameter for tests).
    init(path: FilePath, wholeDocumentLimit: Int = LibinputRecordReader.wholeDocumentLimit) throws(FileError) {
        let lines = try LineReader(path: path)
        let mayReadWhole = (lines.regularFileSize ?? Int.max) <= wholeDocumentLimit
        self.path = path
        self.lines = lines
        self.wholeDocumentLimit = wholeDocumentLimit
        self.mayReadWhole = mayReadWhole

        var scan = HeaderScan()
        var header: [UInt8] = []
        var found: (column: Int, devicesColumn: Int)?
        var problem: (line: Int?, expected: String)?
        scanning: while let line = try lines.next() {
            try Self.checkText(line, of: lines)
            switch scan.next(line.bytes) {
            case .header:
                header.append(contentsOf: line.bytes)
                header.append(0x0A)
                if header.count > Self.headerLimit {
                    problem = (line.number, "expected the first device's events: key in the first \(FileError.sizeInWords(Self.headerLimit))")
                    break scanning
                }
            case .events(let column, let devicesColumn):
                found = (column, devicesColumn)
                break scanning
            case .notBlockLayout:
                problem = (line.number, Self.headerLayout)
                break scanning
            }
        }

        var result: (description: DeviceDescription, events: [InputEvent])?
        if let found, problem == nil {
            do {
                // Every line was checked to be UTF-8.
                result = try Self.parse(String(decoding: header, as: UTF8.self), path: path)
            } catch {
                // Whatever is wrong, the whole document's parse says it as it always has (or finds that
                // the document is fine, e.g. with `version:` after `devices:`).
                guard mayReadWhole else { throw error }
            }
            self.eventsColumn = found.column
            self.devicesColumn = found.devicesColumn
        } else {
            guard mayReadWhole else {
                // No `events:` by the end of the file: its last line says so.
                let (line, expected) = problem ?? (lines.lastLineNumber, Self.headerLayout)
                throw Self.notBlockLayoutError(path: path, line: line, expected: expected, limit: wholeDocumentLimit)
            }
            self.eventsColumn = 0
            self.devicesColumn = 0
        }
        if let result {
            self.description = result.description
        } else {
            let whole = try Self.readWholeDocument(path: path, limit: wholeDocumentLimit)
            self.description = whole.description
            self.fallbackEvents = whole.events
        }
    }

    /// True once the document is read whole by Yams (it is not in libinput record's block layout).
    var readsWholeDocument: Bool { fallbackEvents != nil }

    /// The next event, or nil at the end of the first device's events (and after an error).
    func next() throws(FileError) -> InputEvent? {
        if let events = fallbackEvents {
            guard fallbackIndex < events.count else { return nil }
            defer { fallbackIndex += 1 }
            return events[fallbackIndex]
        }
        guard !finished else { return nil }
        let step: Step
        do {
            step = try streamNext()
        } catch {
            finished = true
            throw error
        }
        switch step {
        case .event(let event):
            handedOut += 1
            return event
        case .end:
            finished = true
            return nil
        case .notBlockLayout(let line, let expected):
            finished = true
            guard mayReadWhole else {
                throw Self.notBlockLayoutError(path: path, line: line, expected: expected, limit: wholeDocumentLimit)
            }
            // Valid YAML, perhaps, but not libinput record's layout: the whole document, from where the
            // streaming stopped (the events before are the same, read the same way).
            let whole = try Self.readWholeDocument(path: path, limit: wholeDocumentLimit)
            fallbackEvents = whole.events
            fallbackIndex = handedOut
            return try next()
        }
    }

    /// The description of the first device of a recording, from its header.
    static func readDescription(path: FilePath) throws(FileError) -> DeviceDescription {
        try LibinputRecordReader(path: path).description
    }

    /// Reads the whole document with Yams, at once: for documents that are not in libinput record's layout.
    /// Its lines are read and checked as the streaming reads and checks them (with their line ends made
    /// LF, which Yams counts as it counts any line end), and at most `limit` bytes of them.
    static func readWholeDocument(path: FilePath, limit: Int = LibinputRecordReader.wholeDocumentLimit) throws(FileError)
        -> (description: DeviceDescription, events: [InputEvent])
    {
        let lines = try LineReader(path: path)
        var text: [UInt8] = []
        while let line = try lines.next() {
            try checkText(line, of: lines)
            text.append(contentsOf: line.bytes)
            if line.ending == .lineEnd { text.append(0x0A) }
            guard text.count <= limit else {
                throw FileError(
                    .malformed, path: path, line: line.number,
                    message: "expected at most \(FileError.sizeInWords(limit)) of YAML to read whole, found more")
            }
        }
        return try parse(String(decoding: text, as: UTF8.self), path: path)
    }

    /// The checks of every line, streamed or read whole: at most the line limit, no NUL, UTF-8.
    private static func checkText(_ line: LineReader.Line, of lines: LineReader) throws(FileError) {
        if let column = line.nulColumn {
            throw FileError(
                .malformed, path: lines.path, line: line.number, message: "unexpected NUL byte in column \(column): expected a YAML text file")
        }
        if line.isOverlong {
            throw FileError(.malformed, path: lines.path, line: line.number, message: lines.overlongMessage)
        }
        if LibinputRecordSyntax.hasNonASCII(line.bytes) && !LibinputRecordSyntax.isValidUTF8(line.bytes) {
            throw FileError(.malformed, path: lines.path, line: line.number, message: "expected UTF-8 text (YAML), found invalid bytes")
        }
    }

    // MARK: Streaming the events

    /// Reads lines up to the next event, the end of the first device's events, or something that is not in
    /// libinput record's block layout.
    private func streamNext() throws(FileError) -> Step {
        guard stage != .done else { return .end }
        while let line = try lines.next() {
            try Self.checkText(line, of: lines)
            let bytes = line.bytes
            let shape = LineShape(bytes)
            switch shape.kind {
            case .blank:
                continue
            case .tabIndented:
                return .notBlockLayout(line: line.number, expected: "expected lines indented with spaces, found a tab")
            case .content:
                break
            }
            let indent = shape.indent
            switch stage {
            case .done:
                return .end
            case .awaitingFirstItem:
                if indent < eventsColumn || (indent == eventsColumn && !shape.isDash) {
                    // `events:` is empty (null), and the device goes on, or the next device begins.
                    return endOfEvents(bytes, shape, line: line.number)
                }
                guard shape.isDash else {
                    return .notBlockLayout(
                        line: line.number,
                        expected: "expected the items of events: as a block list (- evdev:, - hid:, …)")
                }
                itemIndent = indent
                if let step = try startItem(bytes, shape, line: line.number) { return step }
            case .inItem, .inRows:
                if indent < itemIndent || (indent == itemIndent && !shape.isDash) {
                    try endKey()
                    return endOfEvents(bytes, shape, line: line.number)
                }
                if indent == itemIndent {
                    try endKey()
                    if let step = try startItem(bytes, shape, line: line.number) { return step }
                    continue
                }
                guard indent >= contentColumn else {
                    return .notBlockLayout(
                        line: line.number, expected: "expected the keys of an item of events: at the column of its first key")
                }
                if stage == .inRows && shape.isDash && (rowsIndent < 0 || indent == rowsIndent) {
                    rowsIndent = indent
                    rowCount += 1
                    return try row(bytes, shape, line: line.number)
                }
                guard LibinputRecordSyntax.closesOnItsLine(bytes, from: indent) else {
                    return .notBlockLayout(line: line.number, expected: Self.oneLineFlow)
                }
                if stage == .inRows {
                    if indent == contentColumn && !shape.isDash {
                        try endKey()
                        if let step = try key(bytes, at: indent, line: line.number) { return step }
                        continue
                    }
                    return .notBlockLayout(
                        line: line.number,
                        expected: "expected one - [sec, usec, type, code, value] row per line under evdev:, the rows at one column")
                }
                if indent == contentColumn && !shape.isDash {
                    if let step = try key(bytes, at: indent, line: line.number) { return step }
                }
                // Otherwise, the value of a key other than `evdev`: skipped.
            }
        }
        try endKey()
        stage = .done
        return .end
    }

    /// The line after the first device's events: the device's next key, the next device, or a top-level
    /// key. Anything else, less indented than the events, is not where YAML would end them (a flow
    /// collection or a quoted string going on, or a mistake).
    private func endOfEvents(_ bytes: LineShape.Bytes, _ shape: LineShape, line: Int) -> Step {
        stage = .done
        if shape.indent == eventsColumn && !shape.isDash {
            guard LibinputRecordSyntax.key(bytes, at: shape.indent, "events") == .other else {
                return .notBlockLayout(line: line, expected: "expected one events: key in the first device, found another")
            }
            return .end
        }
        if (shape.indent == devicesColumn && shape.isDash) || shape.indent == 0 {
            return .end
        }
        return .notBlockLayout(
            line: line,
            expected: "expected the first device's events to end at a key of the device, the next device or a top-level key")
    }

    /// An item's `- ` line: its first key.
    private func startItem(_ bytes: LineShape.Bytes, _ shape: LineShape, line: Int) throws(FileError) -> Step? {
        itemIndex += 1
        itemLine = line
        itemHasEvdev = false
        stage = .inItem
        let start = shape.contentStart
        guard start < bytes.count, bytes[start] != LibinputRecordSyntax.hash else {
            return .notBlockLayout(
                line: line,
                expected: "expected each item of events: to begin with its first key on its - line (- evdev:)")
        }
        if bytes[start] == LibinputRecordSyntax.openBrace {
            return .notBlockLayout(
                line: line,
                expected: "expected each item of events: as a block mapping (- evdev:), found a flow mapping")
        }
        guard LibinputRecordSyntax.closesOnItsLine(bytes, from: start) else {
            return .notBlockLayout(line: line, expected: Self.oneLineFlow)
        }
        contentColumn = start
        return try key(bytes, at: start, line: line, first: true)
    }

    /// A key of the current item, at `start`: `evdev:` begins its rows, any other key is skipped. The
    /// first, on the item's `- ` line, may also be a value that is not a mapping (skipped as well).
    private func key(_ bytes: LineShape.Bytes, at start: Int, line: Int, first: Bool = false) throws(FileError) -> Step? {
        switch LibinputRecordSyntax.key(bytes, at: start, "evdev") {
        case .other:
            guard first || LibinputRecordSyntax.isPlainKey(bytes, at: start) else {
                return .notBlockLayout(
                    line: line, expected: "expected a key (name:) at the column of the keys of an item of events:")
            }
            stage = .inItem
            return nil
        case .unusual:
            return .notBlockLayout(
                line: line, expected: "expected plain keys in the items of events: (evdev:, not quoted, tagged, anchored or complex)")
        case .key(let valueStart):
            if itemHasEvdev {
                throw FileError(.malformed, path: path, line: itemLine, message: "expected unique keys in a mapping, found evdev twice")
            }
            itemHasEvdev = true
            guard LibinputRecordSyntax.isEmptyValue(bytes, at: valueStart) else {
                return .notBlockLayout(
                    line: line,
                    expected: "expected the rows of evdev: on the lines below it (- [sec, usec, type, code, value]), found a value on its line")
            }
            stage = .inRows
            rowsIndent = -1
            rowCount = 0
            evdevLine = line
            return nil
        }
    }

    /// The end of a key's value: an `evdev:` key without rows is the error the whole document's parse gives.
    private func endKey() throws(FileError) {
        guard stage == .inRows, rowCount == 0 else { return }
        throw FileError(
            .malformed, path: path, line: evdevLine,
            message: "devices[0].events[\(itemIndex)].evdev: expected a list of [sec, usec, type, code, value]")
    }

    /// A row, `- [sec, usec, type, code, value]`: read from its bytes when it is five decimal integers in
    /// range; otherwise by Yams, the row alone, for YAML's other spellings and the messages of the errors.
    private func row(_ bytes: LineShape.Bytes, _ shape: LineShape, line: Int) throws(FileError) -> Step {
        if let event = LibinputRecordSyntax.row(bytes, from: shape.contentStart) { return .event(event) }
        if LibinputRecordSyntax.mayContinueOnNextLines(bytes, at: shape.contentStart) {
            // `- - 0`, `-` alone, `- |`: a row made of the lines that follow too.
            return .notBlockLayout(
                line: line,
                expected: "expected one - [sec, usec, type, code, value] row per line under evdev:, the rows at one column")
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[shape.indent...]), as: UTF8.self)
        try Self.refuseAliases(in: text, path: path, lineOffset: line - 1)
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            return .notBlockLayout(
                line: line,
                expected: "expected [sec, usec, type, code, value] on one line, found \(Self.problem(error))")
        } catch {
            return .notBlockLayout(line: line, expected: "expected [sec, usec, type, code, value] on one line, found \(error)")
        }
        guard let list = root?.sequence, list.count == 1, let node = list.first else {
            return .notBlockLayout(line: line, expected: "expected one [sec, usec, type, code, value] row per line")
        }
        let walker = Walker(path: path, lineOffset: line - 1)
        return .event(try walker.event(node, at: "devices[0].events[\(itemIndex)].evdev[\(rowCount - 1)]"))
    }

    // MARK: Errors

    private static let oneLineFlow =
        "expected each {…}, […] and quoted string in events: to end on the line where it begins"

    private static let headerLayout =
        "expected a top-level devices: list whose first device has its events: key on a line of its own, after its evdev: key"

    private static func notBlockLayoutError(path: FilePath, line: Int?, expected: String, limit: Int) -> FileError {
        FileError(
            .malformed, path: path, line: line,
            message: expected
                + " (libinput record's own layout: a recording of more than \(FileError.sizeInWords(limit)) is streamed, not read whole as YAML)")
    }

    private static func problem(_ error: YamlError) -> String {
        switch error {
        case .scanner(_, let problem, _, _), .parser(_, let problem, _, _), .composer(_, let problem, _, _), .reader(let problem, _, _, _):
            return "invalid YAML (\(problem))"
        default:
            return "invalid YAML (\(error))"
        }
    }

    /// Refuses the YAML aliases of `text`, read from line `lineOffset` + 1 of the file: an alias stands for
    /// the whole node it names, and aliases of aliases let a file of a few hundred bytes stand for
    /// exponentially many nodes, which Yams would expand (hashing a mapping's keys) for ever.
    private static func refuseAliases(in text: String, path: FilePath, lineOffset: Int = 0) throws(FileError) {
        guard let alias = YAMLAliases.first(in: text) else { return }
        throw FileError(
            .malformed, path: path, line: alias.line + lineOffset,
            message: "expected no YAML aliases (libinput record writes none), found *\(alias.name)")
    }

    /// Parses a whole document (or the header of one: the text before the first device's `events:`).
    static func parse(_ text: String, path: FilePath) throws(FileError) -> (description: DeviceDescription, events: [InputEvent]) {
        try refuseAliases(in: text, path: path)
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw translate(error, path: path)
        } catch {
            throw FileError(.malformed, path: path, message: "invalid YAML: \(error)")
        }
        let walker = Walker(path: path)
        guard let root, root.mapping != nil else {
            throw FileError(.malformed, path: path, line: root?.mark?.line, message: "expected a libinput recording (a YAML mapping with version: 1)")
        }
        guard let version = root["version"] else {
            throw walker.error(root, "version", "expected the key version: 1 (libinput record format)")
        }
        let number = try walker.integer(version, "version")
        guard number == 1 else {
            throw walker.error(version, "version", "expected version 1 (the only libinput record format), found \(number)")
        }
        guard let devices = root["devices"], let first = devices.sequence?.first else {
            throw walker.error(root["devices"] ?? root, "devices", "expected a list of devices with at least one device")
        }
        guard first.mapping != nil, let evdev = first["evdev"], evdev.mapping != nil else {
            throw walker.error(first["evdev"] ?? first, "devices[0].evdev", "expected a mapping with the device's name, id, codes and absinfo")
        }
        let description = try walker.description(evdev, at: "devices[0].evdev")
        var events: [InputEvent] = []
        if let list = first["events"], !isNull(list) {
            guard let items = list.sequence else {
                throw walker.error(list, "devices[0].events", "expected a list of event frames")
            }
            for (itemIndex, item) in items.enumerated() {
                // Only `evdev:` items hold evdev events; `hid:` and others are skipped.
                guard item.mapping != nil, let rows = item["evdev"] else { continue }
                let key = "devices[0].events[\(itemIndex)].evdev"
                guard let list = rows.sequence else { throw walker.error(rows, key, "expected a list of [sec, usec, type, code, value]") }
                events.reserveCapacity(events.count + list.count)
                for (rowIndex, row) in list.enumerated() {
                    events.append(try walker.event(row, at: "\(key)[\(rowIndex)]"))
                }
            }
        }
        return (description, events)
    }

    private static func translate(_ error: YamlError, path: FilePath) -> FileError {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            return FileError(.malformed, path: path, line: mark.line, message: "expected valid YAML: \(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            return FileError(
                .malformed, path: path, line: context.mark.line,
                message: "expected unique keys in a mapping, found \(duplicates.sorted().joined(separator: ", ")) twice")
        case .reader(let problem, let offset, _, let text):
            // A byte YAML does not allow (a control character): its line, from its offset in the text.
            let line = offset.map { offset in text.utf8.prefix(offset).reduce(1) { $1 == 0x0A ? $0 + 1 : $0 } }
            return FileError(.malformed, path: path, line: line, message: "expected valid YAML: \(problem)")
        case .no, .memory, .writer, .emitter, .representer, .dataCouldNotBeDecoded:
            return FileError(.malformed, path: path, message: "expected valid YAML: \(error)")
        }
    }
}

/// True for a YAML null (`~`, `null` or nothing).
private func isNull(_ node: Node) -> Bool {
    node.tag.rawValue == Tag.Name.null.rawValue
}

/// Reads values out of the node tree, with messages that name the key and the line.
private struct Walker {
    let path: FilePath
    /// Added to the line numbers of the nodes: for a row parsed alone, its line in the file less one.
    var lineOffset = 0

    func error(_ node: Node, _ key: String, _ message: String) -> FileError {
        FileError(.malformed, path: path, line: node.mark.map { $0.line + lineOffset }, message: "\(key): \(message)")
    }

    func integer(_ node: Node, _ key: String) throws(FileError) -> Int {
        guard let scalar = node.scalar else { throw error(node, key, "expected an integer, found a \(kind(node))") }
        if let value = Int(scalar.string) { return value }
        // YAML's other integer spellings (0x1F, 0o17), as Yams resolves them.
        if let value = node.int { return value }
        throw error(node, key, "expected an integer, found '\(scalar.string)'")
    }

    func integer<T: FixedWidthInteger>(_ node: Node, _ key: String, as type: T.Type, in range: ClosedRange<Int>) throws(FileError) -> T {
        let value = try integer(node, key)
        guard range.contains(value), let converted = T(exactly: value) else {
            throw error(node, key, "expected an integer from \(range.lowerBound) to \(range.upperBound), found \(value)")
        }
        return converted
    }

    func integers(_ node: Node, _ key: String) throws(FileError) -> [Node] {
        guard let sequence = node.sequence else { throw error(node, key, "expected a list of integers, found a \(kind(node))") }
        return Array(sequence)
    }

    func description(_ evdev: Node, at key: String) throws(FileError) -> DeviceDescription {
        guard let nameNode = evdev["name"], let name = nameNode.scalar?.string else {
            throw error(evdev["name"] ?? evdev, "\(key).name", "expected the device's name")
        }
        guard let idNode = evdev["id"] else { throw error(evdev, "\(key).id", "expected [bus, vendor, product, version]") }
        let idValues = try integers(idNode, "\(key).id")
        guard idValues.count == 4 else {
            throw error(idNode, "\(key).id", "expected 4 integers [bus, vendor, product, version], found \(idValues.count)")
        }
        var id: [UInt16] = []
        for (index, node) in idValues.enumerated() {
            id.append(try integer(node, "\(key).id[\(index)]", as: UInt16.self, in: 0...0xFFFF))
        }
        var description = DeviceDescription(
            name: name, id: InputID(bustype: id[0], vendor: id[1], product: id[2], version: id[3]))
        if let codes = evdev["codes"], !isNull(codes) {
            guard let mapping = codes.mapping else { throw error(codes, "\(key).codes", "expected a mapping of event type to codes") }
            for (typeNode, list) in mapping {
                let type = try integer(typeNode, "\(key).codes", as: UInt16.self, in: 0...Int(EventType.max))
                var set = CodeSet()
                for (index, node) in try integers(list, "\(key).codes.\(type)").enumerated() {
                    set.insert(try integer(node, "\(key).codes.\(type)[\(index)]", as: UInt16.self, in: 0...0xFFFF))
                }
                description.formUnion(set, type: type)
            }
        }
        if let absinfo = evdev["absinfo"], !isNull(absinfo) {
            guard let mapping = absinfo.mapping else {
                throw error(absinfo, "\(key).absinfo", "expected a mapping of axis to [min, max, fuzz, flat, resolution]")
            }
            for (codeNode, list) in mapping {
                let code = try integer(codeNode, "\(key).absinfo", as: UInt16.self, in: 0...Int(AbsCode.max))
                let values = try integers(list, "\(key).absinfo.\(code)")
                guard values.count == 5 else {
                    throw error(list, "\(key).absinfo.\(code)", "expected 5 integers [min, max, fuzz, flat, resolution], found \(values.count)")
                }
                var numbers: [Int32] = []
                for (index, node) in values.enumerated() {
                    numbers.append(try integer(node, "\(key).absinfo.\(code)[\(index)]", as: Int32.self, in: Int(Int32.min)...Int(Int32.max)))
                }
                description.setAbsInfo(
                    AbsInfo(minimum: numbers[0], maximum: numbers[1], fuzz: numbers[2], flat: numbers[3], resolution: numbers[4]),
                    for: code)
            }
        }
        if let properties = evdev["properties"], !isNull(properties) {
            for (index, node) in try integers(properties, "\(key).properties").enumerated() {
                description.properties.insert(
                    try integer(node, "\(key).properties[\(index)]", as: UInt16.self, in: 0...Int(InputProperty.max)))
            }
        }
        return description
    }

    func event(_ row: Node, at key: String) throws(FileError) -> InputEvent {
        guard let values = row.sequence, values.count == 5 else {
            let found = row.sequence.map { "\($0.count) items" } ?? "a \(kind(row))"
            throw error(row, key, "expected [sec, usec, type, code, value] (5 integers), found \(found)")
        }
        let seconds = try integer(values[0], "\(key)[0] (sec)", as: Int64.self, in: 0...Int(Int64.max))
        let microseconds = try integer(values[1], "\(key)[1] (usec)", as: Int64.self, in: 0...999_999)
        let type = try integer(values[2], "\(key)[2] (type)", as: UInt16.self, in: 0...0xFFFF)
        let code = try integer(values[3], "\(key)[3] (code)", as: UInt16.self, in: 0...0xFFFF)
        let value = try integer(values[4], "\(key)[4] (value)", as: Int32.self, in: Int(Int32.min)...Int(Int32.max))
        let (scaled, overflow1) = seconds.multipliedReportingOverflow(by: 1_000_000)
        let (time, overflow2) = scaled.addingReportingOverflow(microseconds)
        guard !overflow1 && !overflow2 else {
            throw error(values[0], key, "timestamp \(seconds).\(microseconds) is out of range (at most 9223372036854.775807 seconds)")
        }
        return InputEvent(time: Timestamp(microseconds: time), type: type, code: code, value: value)
    }

    private func kind(_ node: Node) -> String {
        switch node {
        case .scalar: "scalar"
        case .mapping: "mapping"
        case .sequence: "list"
        case .alias: "alias"
        }
    }
}
