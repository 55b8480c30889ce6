import GestureCore

/// How events are printed.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// One JSON object per line, keys in SPEC order: the stable interface.
    case jsonl
    /// One line per event for people: time, region, type, phase, then `key=value` fields. Not stable.
    case text
}

/// Renders gesture events as lines (without the newline).
///
/// `append(_:to:)` writes straight into a byte buffer (the replay's hot path: no `String` per field, and
/// the bytes go into the buffer's reserved room, see `ByteWriter`); `line(for:)` returns the same bytes as a
/// `String`.
public struct EventFormatter: Sendable {
    /// JSON Lines (the stable interface, docs/SPEC.md "JSON Lines output") or text for people.
    public var format: OutputFormat
    /// With several traces, each line begins with the trace's path.
    public var trace: String?

    /// A formatter of `format`; `trace` (nil: none) begins every line with that path, as `gestures replay`
    /// does with several traces.
    public init(format: OutputFormat = .jsonl, trace: String? = nil) {
        self.format = format
        self.trace = trace
    }

    /// The line of `event`, without its newline: byte for byte what `append(_:to:)` writes.
    public func line(for event: GestureEvent) -> String {
        var bytes: [UInt8] = []
        append(event, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the line of `event` (without a newline) to `bytes`.
    public func append(_ event: GestureEvent, to bytes: inout [UInt8]) {
        var unkept = LineStart.unkept
        bytes.appendWritten { write(event, to: &$0, lineStart: &unkept) }
    }

    /// Appends the line of `event` and its newline to `bytes`.
    public func appendLine(_ event: GestureEvent, to bytes: inout [UInt8]) {
        var unkept = LineStart.unkept
        appendLine(event, to: &bytes, reusing: &unkept)
    }

    /// Appends the line of `event` and its newline to `bytes`, as `appendLine(_:to:)` does, reusing the
    /// beginning of the previous line (kept in `lineStart`) when it is the same: a caller that writes line
    /// after line (`gestures replay`'s and `live`'s output) keeps one `LineStart` for all of them.
    public func appendLine(_ event: GestureEvent, to bytes: inout [UInt8], reusing lineStart: inout LineStart) {
        bytes.appendWritten { out in
            write(event, to: &out, lineStart: &lineStart)
            out.append(UInt8(ascii: "\n"))
        }
    }

    /// The beginning of a line, up to its type (`{"time":0.010001,"region":"timer"`, with the trace when
    /// there is one), kept from one line to the next: a line of the same time and target, by a formatter of
    /// the same format and trace, begins with the same bytes, copied instead of written again.
    ///
    /// On the benchmark trace 64% of the lines begin as the previous one (a dial's detent haptics after its
    /// `wind` of the same frame), and copying costs about 40 instructions where writing the time and escaping
    /// the target's name cost about 250 (callgrind).
    public struct LineStart: Sendable {
        /// False for the formatter's own calls without one: nothing is kept.
        private let isKept: Bool
        /// The time and target of the kept beginning; nil: none kept.
        private var time: Timestamp?
        private var target = ""
        /// The formatter that wrote it.
        private var format = OutputFormat.jsonl
        private var trace: String?
        /// Its fields (2, or 3 with the trace).
        fileprivate private(set) var fieldCount = 0
        /// Its bytes, the first `length` of `storage`: inline, as an array's appends cost 170 instructions a
        /// line more. A beginning longer than `storage` (a long trace path or target name) is not kept.
        private var storage = InlineArray<96, UInt8>(repeating: 0)
        private var length = 0

        /// Nothing kept yet.
        public init() {
            isKept = true
        }

        private init(isKept: Bool) {
            self.isKept = isKept
        }

        fileprivate static var unkept: LineStart { LineStart(isKept: false) }

        /// Whether `event`'s line, by `formatter`, begins with the kept bytes.
        @inline(__always)
        fileprivate func begins(_ event: GestureEvent, by formatter: EventFormatter) -> Bool {
            time == event.time && target == event.target && format == formatter.format && trace == formatter.trace
        }

        /// Calls `body` with the kept bytes.
        @inline(__always)
        fileprivate func withBytes(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
            storage.span.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<length])) }
        }

        /// Keeps `bytes`, the beginning of `event`'s line by `formatter`, of `fieldCount` fields.
        fileprivate mutating func keep(_ bytes: UnsafeBufferPointer<UInt8>, fieldCount: Int, of event: GestureEvent,
                                       by formatter: EventFormatter) {
            guard isKept else { return }
            guard let source = bytes.baseAddress, bytes.count <= storage.count else {
                time = nil
                return
            }
            time = event.time
            // Assigned only when they differ: most lines are of the same target, without a trace.
            if target != event.target { target = event.target }
            if trace != formatter.trace { trace = formatter.trace }
            format = formatter.format
            self.fieldCount = fieldCount
            var span = storage.mutableSpan
            span.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: source, count: bytes.count) }
            length = bytes.count
        }

        /// Keeps nothing (what was written did not fit: it is written again).
        fileprivate mutating func forget() {
            time = nil
        }
    }

    private func write(_ event: GestureEvent, to out: inout ByteWriter, lineStart: inout LineStart) {
        var fields = Fields(format: format, out: out)
        defer { out = fields.out }
        if lineStart.begins(event, by: self) {
            lineStart.withBytes { fields.out.append($0) }
            fields.count = lineStart.fieldCount
        } else {
            let start = fields.out.count
            fields.open()
            if let trace { fields.string("trace", trace) }
            fields.key("time")
            fields.out.seconds(event.time)
            fields.string("region", event.target)
            if fields.out.overflowed {
                lineStart.forget()
            } else {
                lineStart.keep(fields.out.written(from: start), fieldCount: fields.count, of: event, by: self)
            }
        }
        // The type and phase come from this one switch, as constants (each case names its `Kind.type`, which
        // EventFormatterTests holds them to): the `type` and `phase` getters, and copying their strings, cost
        // 215 instructions a line of the benchmark trace's 1,124 (callgrind).
        switch event.kind {
        case .tap(let tap):
            fields.name("type", "tap")
            fields.number("x", tap.x)
            fields.number("y", tap.y)
            fields.integer("count", tap.count)
            if let value = tap.value { fields.value("value", value) }
            if let selection = tap.selection { fields.selection(selection) }
        case .select(let phase, let select):
            fields.name("type", "select")
            fields.phase(phase)
            fields.bucket("anchor", select.anchor)
            fields.selection(select.selection)
        case .pan(let phase, let pan):
            fields.name("type", "pan")
            fields.phase(phase)
            fields.number("dx", pan.dx)
            fields.number("dy", pan.dy)
            if let velocity = pan.velocity {
                fields.number("vx", velocity.vx)
                fields.number("vy", velocity.vy)
            }
        case .wind(let phase, let wind):
            fields.name("type", "wind")
            fields.phase(phase)
            fields.number("angle", wind.angle)
            fields.number("delta", wind.delta)
            fields.integer("detent", wind.detent)
        case .rotate(let phase, let rotate):
            fields.name("type", "rotate")
            fields.phase(phase)
            fields.number("angle", rotate.angle)
            fields.number("rotation", rotate.rotation)
            fields.number("delta", rotate.delta)
            fields.integer("detent", rotate.detent)
            fields.point("center", rotate.center)
        case .haptic(let haptic):
            fields.name("type", "haptic")
            switch haptic {
            case .press:
                fields.name("kind", "press")
            case .detent(let detent):
                fields.name("kind", "detent")
                fields.integer("detent", detent)
            case .limit(let detent):
                fields.name("kind", "limit")
                fields.integer("detent", detent)
            }
        case .magnify(let phase, let magnify):
            fields.name("type", "magnify")
            fields.phase(phase)
            fields.number("scale", magnify.scale)
            fields.point("center", magnify.center)
        case .swipe(let swipe):
            fields.name("type", "swipe")
            fields.string("direction", swipe.direction)
            fields.number("vx", swipe.vx)
            fields.number("vy", swipe.vy)
            fields.integer("fingers", swipe.fingers)
        case .edgeSwipe(let phase, let swipe):
            fields.name("type", "edge-swipe")
            fields.phase(phase)
            fields.string("edge", swipe.edge)
            fields.number("dx", swipe.dx)
            fields.number("dy", swipe.dy)
        case .zoom(let phase, let zoom):
            fields.name("type", "zoom")
            fields.phase(phase)
            fields.visible(zoom.visible)
        case .longPress(let press):
            fields.name("type", "long-press")
            fields.number("x", press.x)
            fields.number("y", press.y)
        case .rotation(let phase, let rotation):
            fields.name("type", "rotation")
            fields.phase(phase)
            fields.number("rotation", rotation.rotation)
            fields.point("center", rotation.center)
        case .gesture(let phase, let value):
            fields.name("type", "gesture")
            fields.phase(phase)
            // A target's own gesture: its value as Swift describes it (the typed value is the library's).
            fields.string("value", value.description)
        case .explanation(let explanation):
            fields.name("type", "explain")
            fields.explanation(explanation)
        }
        fields.close()
    }
}

/// JSON text for other outputs than events (`gestures devices --format jsonl`).
public enum JSONText {
    /// `value` as a JSON string, with the same escaping as the event lines.
    public static func quoted(_ value: String) -> String {
        var bytes: [UInt8] = []
        bytes.appendWritten { out in
            out.append(UInt8(ascii: "\""))
            Fields.appendEscaped(value, to: &out)
            out.append(UInt8(ascii: "\""))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Builds one line, as JSON or as text, into a `ByteWriter`.
struct Fields {
    let format: OutputFormat
    var out: ByteWriter
    /// The fields written so far.
    var count = 0

    init(format: OutputFormat, out: ByteWriter) {
        self.format = format
        self.out = out
    }

    mutating func open() {
        if format == .jsonl { out.append(UInt8(ascii: "{")) }
    }

    mutating func close() {
        if format == .jsonl { out.append(UInt8(ascii: "}")) }
    }

    /// The leading fields of a text line (trace, time, region, type, phase) are printed bare.
    private static func isBare(_ name: StaticString) -> Bool {
        switch name.description {
        case "trace", "time", "region", "type", "phase": true
        default: false
        }
    }

    @inline(__always)  // the name is a constant where it is inlined: a few stores, no call
    mutating func key(_ name: StaticString) {
        switch format {
        case .jsonl:
            // `,"name":` (no comma before the first): room claimed once for all of it.
            let comma = count > 0 ? 1 : 0
            let length = name.utf8CodeUnitCount
            if let room = out.claim(comma + length + 3) {
                if comma == 1 { room.initialize(to: UInt8(ascii: ",")) }
                room[comma] = UInt8(ascii: "\"")
                (room + comma + 1).initialize(from: name.utf8Start, count: length)
                room[comma + 1 + length] = UInt8(ascii: "\"")
                room[comma + 2 + length] = UInt8(ascii: ":")
            }
        case .text:
            if count > 0 { out.append(UInt8(ascii: " ")) }
            if !Fields.isBare(name) {
                out.append(name)
                out.append(UInt8(ascii: "="))
            }
        }
        count += 1
    }

    @inline(__always)
    mutating func number(_ name: StaticString, _ value: Double) {
        key(name)
        out.decimal(value)
    }

    @inline(__always)
    mutating func integer(_ name: StaticString, _ value: Int) {
        key(name)
        out.integer(Int64(value))
    }

    @inline(__always)
    mutating func string(_ name: StaticString, _ value: String) {
        key(name)
        switch format {
        case .jsonl:
            out.append(UInt8(ascii: "\""))
            Fields.appendEscaped(value, to: &out)
            out.append(UInt8(ascii: "\""))
        case .text:
            Fields.appendEscaped(value, to: &out)
        }
    }

    /// One of the output's own names (a type, a phase, a haptic's kind), as `string` writes it: a constant in
    /// plain ASCII, nothing to escape.
    @inline(__always)
    mutating func name(_ name: StaticString, _ value: StaticString) {
        key(name)
        switch format {
        case .jsonl:
            out.append(UInt8(ascii: "\""))
            out.append(value)
            out.append(UInt8(ascii: "\""))
        case .text:
            out.append(value)
        }
    }

    /// A continuous gesture's `phase` (`GesturePhase.rawValue`, which EventFormatterTests holds these to).
    mutating func phase(_ phase: GesturePhase) {
        switch phase {
        case .began: name("phase", "began")
        case .changed: name("phase", "changed")
        case .ended: name("phase", "ended")
        case .cancelled: name("phase", "cancelled")
        }
    }

    mutating func value(_ name: StaticString, _ value: DomainValue) {
        switch value {
        case .number(let number): self.number(name, number)
        case .instant(let seconds): string(name, Numbers.instant(seconds: seconds))
        }
    }

    /// A domain value inside an object: as `value` prints it, without a key.
    private mutating func appendValue(_ value: DomainValue) {
        switch value {
        case .number(let number):
            out.decimal(number)
        case .instant(let seconds):
            if format == .jsonl { out.append(UInt8(ascii: "\"")) }
            out.append(utf8: Numbers.instant(seconds: seconds))
            if format == .jsonl { out.append(UInt8(ascii: "\"")) }
        }
    }

    @inline(__always)
    private mutating func appendBucket(_ bucket: Bucket) {
        switch bucket {
        case .number(let number):
            out.decimal(number)
        case .day(let day):
            if format == .jsonl { out.append(UInt8(ascii: "\"")) }
            out.append(utf8: day.description)
            if format == .jsonl { out.append(UInt8(ascii: "\"")) }
        }
    }

    @inline(__always)
    mutating func bucket(_ name: StaticString, _ bucket: Bucket) {
        key(name)
        appendBucket(bucket)
    }

    mutating func selection(_ selection: Selection) {
        startEnd("selection", selection.start, selection.end) { $0.appendBucket($1) }
    }

    /// A zoomed timeline's visible domain.
    mutating func visible(_ visible: VisibleDomain) {
        startEnd("visible", visible.start, visible.end) { $0.appendValue($1) }
    }

    /// A range: `{"start":…,"end":…}`, in text `start..end`, each end written by `write`.
    @inline(__always)
    private mutating func startEnd<Bound>(_ name: StaticString, _ start: Bound, _ end: Bound, _ write: (inout Fields, Bound) -> Void) {
        key(name)
        switch format {
        case .jsonl:
            out.append(#"{"start":"#)
            write(&self, start)
            out.append(#","end":"#)
            write(&self, end)
            out.append(UInt8(ascii: "}"))
        case .text:
            write(&self, start)
            out.append("..")
            write(&self, end)
        }
    }

    /// An explanation's fields: `path`, `from`, `to`, `reason`; in text, `PATH: FROM -> TO, REASON`.
    mutating func explanation(_ explanation: Explanation) {
        let reason = ExplanationText.reason(explanation.reason)
        switch format {
        case .jsonl:
            string("path", explanation.path)
            string("from", explanation.from)
            string("to", explanation.to)
            string("reason", reason)
        case .text:
            out.append(UInt8(ascii: " "))
            for part in [explanation.path, ": ", explanation.from, " -> ", explanation.to, ", ", reason] {
                Fields.appendEscaped(part, to: &out)
            }
        }
    }

    mutating func point(_ name: StaticString, _ point: Point) {
        key(name)
        switch format {
        case .jsonl:
            out.append(#"{"x":"#)
            out.decimal(point.x)
            out.append(#","y":"#)
            out.decimal(point.y)
            out.append(UInt8(ascii: "}"))
        case .text:
            out.decimal(point.x)
            out.append(UInt8(ascii: ","))
            out.decimal(point.y)
        }
    }

    /// `value` with only `"`, `\` and control characters escaped, for a JSON string (and, so that a
    /// line stays one line, for the text format). Control characters are Unicode's (category Cc: C0,
    /// DEL and C1), written `\n`, `\r`, `\t` or `\u00XX`.
    static func appendEscaped(_ value: String, to out: inout ByteWriter) {
        // Most strings (names, types, phases) need no escape: their bytes go as they are.
        let copied = value.utf8.withContiguousStorageIfAvailable { bytes in
            let start = out.count
            guard let copy = out.claim(bytes.count) else { return true }  // overflowed: the line is written again
            let escapes = Self.escapes.utf8Start
            var found = UInt8(ascii: "0")
            for (index, byte) in bytes.enumerated() {  // copied as they are looked at, with no branch per byte
                copy[index] = byte
                found |= escapes[Int(byte)]
            }
            if found == UInt8(ascii: "0") { return true }
            out.truncate(to: start)
            return false
        }
        if copied == true { return }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out.append(#"\""#)
            case "\\": out.append(#"\\"#)
            case "\n": out.append(#"\n"#)
            case "\r": out.append(#"\r"#)
            case "\t": out.append(#"\t"#)
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    out.append(#"\u00"#)
                    out.append(hexDigit(scalar.value >> 4))
                    out.append(hexDigit(scalar.value & 0xF))
                } else {
                    for byte in scalar.utf8 { out.append(byte) }
                }
            }
        }
    }

    /// For each byte b, at b: 1 if it needs a closer look (a control character, `"`, `\`; DEL and every byte
    /// of a non-ASCII character, for the C1 controls), else 0. The digits' codes are 0x30 and 0x31, so the
    /// bytes of a string need no escape when their entries or-ed together are "0".
    private static var escapes: StaticString {
        """
        1111111111111111111111111111111100100000000000000000000000000000\
        0000000000000000000000000000100000000000000000000000000000000001\
        1111111111111111111111111111111111111111111111111111111111111111\
        1111111111111111111111111111111111111111111111111111111111111111
        """
    }

    private static func hexDigit(_ value: UInt32) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + UInt8(value) : UInt8(ascii: "a") + UInt8(value - 10)
    }
}
