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
/// `append(_:to:)` writes straight into a byte buffer (the replay's hot path: no `String` per field);
/// `line(for:)` returns the same bytes as a `String`.
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
        bytes.reserveCapacity(160)
        append(event, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the line of `event` (without a newline) to `bytes`.
    public func append(_ event: GestureEvent, to bytes: inout [UInt8]) {
        var fields = Fields(format: format, bytes: bytes)
        bytes = []  // the buffer now lives in `fields`; handing it back below avoids a copy
        fields.open()
        if let trace { fields.string("trace", trace) }
        fields.key("time")
        Numbers.appendSeconds(event.time, to: &fields.bytes)
        fields.string("region", event.target)
        fields.string("type", event.kind.type)
        if let phase = event.kind.phase { fields.string("phase", phase.rawValue) }
        switch event.kind {
        case .tap(let tap):
            fields.number("x", tap.x)
            fields.number("y", tap.y)
            fields.integer("count", tap.count)
            if let value = tap.value { fields.value("value", value) }
            if let selection = tap.selection { fields.selection(selection) }
        case .select(_, let select):
            fields.bucket("anchor", select.anchor)
            fields.selection(select.selection)
        case .pan(_, let pan):
            fields.number("dx", pan.dx)
            fields.number("dy", pan.dy)
            if let velocity = pan.velocity {
                fields.number("vx", velocity.vx)
                fields.number("vy", velocity.vy)
            }
        case .wind(_, let wind):
            fields.number("angle", wind.angle)
            fields.number("delta", wind.delta)
            fields.integer("detent", wind.detent)
        case .rotate(_, let rotate):
            fields.number("angle", rotate.angle)
            fields.number("rotation", rotate.rotation)
            fields.number("delta", rotate.delta)
            fields.integer("detent", rotate.detent)
            fields.point("center", rotate.center)
        case .haptic(let haptic):
            switch haptic {
            case .press:
                fields.string("kind", "press")
            case .detent(let detent):
                fields.string("kind", "detent")
                fields.integer("detent", detent)
            case .limit(let detent):
                fields.string("kind", "limit")
                fields.integer("detent", detent)
            }
        case .magnify(_, let magnify):
            fields.number("scale", magnify.scale)
            fields.point("center", magnify.center)
        case .swipe(let swipe):
            fields.string("direction", swipe.direction)
            fields.number("vx", swipe.vx)
            fields.number("vy", swipe.vy)
            fields.integer("fingers", swipe.fingers)
        case .edgeSwipe(_, let swipe):
            fields.string("edge", swipe.edge)
            fields.number("dx", swipe.dx)
            fields.number("dy", swipe.dy)
        case .zoom(_, let zoom):
            fields.visible(zoom.visible)
        case .longPress(let press):
            fields.number("x", press.x)
            fields.number("y", press.y)
        case .rotation(_, let rotation):
            fields.number("rotation", rotation.rotation)
            fields.point("center", rotation.center)
        case .gesture(_, let value):
            // A target's own gesture: its value as Swift describes it (the typed value is the library's).
            fields.string("value", value.description)
        case .explanation(let explanation):
            fields.explanation(explanation)
        }
        fields.close()
        bytes = fields.bytes
    }
}

/// JSON text for other outputs than events (`gestures devices --format jsonl`).
public enum JSONText {
    /// `value` as a JSON string, with the same escaping as the event lines.
    public static func quoted(_ value: String) -> String { "\"" + Fields.escaped(value) + "\"" }
}

/// Builds one line, as JSON or as text, into bytes.
struct Fields {
    let format: OutputFormat
    var bytes: [UInt8]
    private var count = 0

    init(format: OutputFormat, bytes: [UInt8] = []) {
        self.format = format
        self.bytes = bytes
    }

    mutating func open() {
        if format == .jsonl { bytes.append(UInt8(ascii: "{")) }
    }

    mutating func close() {
        if format == .jsonl { bytes.append(UInt8(ascii: "}")) }
    }

    /// The leading fields of a text line (trace, time, region, type, phase) are printed bare.
    private static func isBare(_ name: StaticString) -> Bool {
        switch name.description {
        case "trace", "time", "region", "type", "phase": true
        default: false
        }
    }

    mutating func key(_ name: StaticString) {
        switch format {
        case .jsonl:
            if count > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
            bytes.append(UInt8(ascii: "\""))
            bytes.append(UInt8(ascii: ":"))
        case .text:
            if count > 0 { bytes.append(UInt8(ascii: " ")) }
            if !Fields.isBare(name) {
                bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
                bytes.append(UInt8(ascii: "="))
            }
        }
        count += 1
    }

    mutating func number(_ name: StaticString, _ value: Double) {
        key(name)
        Numbers.appendDecimal(value, to: &bytes)
    }

    mutating func integer(_ name: StaticString, _ value: Int) {
        key(name)
        Numbers.appendInteger(Int64(value), to: &bytes)
    }

    mutating func string(_ name: StaticString, _ value: String) {
        key(name)
        switch format {
        case .jsonl:
            bytes.append(UInt8(ascii: "\""))
            Fields.appendEscaped(value, to: &bytes)
            bytes.append(UInt8(ascii: "\""))
        case .text:
            Fields.appendEscaped(value, to: &bytes)
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
            Numbers.appendDecimal(number, to: &bytes)
        case .instant(let seconds):
            if format == .jsonl { bytes.append(UInt8(ascii: "\"")) }
            bytes.append(contentsOf: Numbers.instant(seconds: seconds).utf8)
            if format == .jsonl { bytes.append(UInt8(ascii: "\"")) }
        }
    }

    private mutating func appendBucket(_ bucket: Bucket) {
        switch bucket {
        case .number(let number):
            Numbers.appendDecimal(number, to: &bytes)
        case .day(let day):
            if format == .jsonl { bytes.append(UInt8(ascii: "\"")) }
            bytes.append(contentsOf: day.description.utf8)
            if format == .jsonl { bytes.append(UInt8(ascii: "\"")) }
        }
    }

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
    private mutating func startEnd<Bound>(_ name: StaticString, _ start: Bound, _ end: Bound, _ write: (inout Fields, Bound) -> Void) {
        key(name)
        switch format {
        case .jsonl:
            bytes.append(contentsOf: #"{"start":"#.utf8)
            write(&self, start)
            bytes.append(contentsOf: #","end":"#.utf8)
            write(&self, end)
            bytes.append(UInt8(ascii: "}"))
        case .text:
            write(&self, start)
            bytes.append(contentsOf: "..".utf8)
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
            bytes.append(UInt8(ascii: " "))
            for part in [explanation.path, ": ", explanation.from, " -> ", explanation.to, ", ", reason] {
                Fields.appendEscaped(part, to: &bytes)
            }
        }
    }

    mutating func point(_ name: StaticString, _ point: Point) {
        key(name)
        switch format {
        case .jsonl:
            bytes.append(contentsOf: #"{"x":"#.utf8)
            Numbers.appendDecimal(point.x, to: &bytes)
            bytes.append(contentsOf: #","y":"#.utf8)
            Numbers.appendDecimal(point.y, to: &bytes)
            bytes.append(UInt8(ascii: "}"))
        case .text:
            Numbers.appendDecimal(point.x, to: &bytes)
            bytes.append(UInt8(ascii: ","))
            Numbers.appendDecimal(point.y, to: &bytes)
        }
    }

    /// `value` with only `"`, `\` and control characters escaped, for a JSON string (and, so that a
    /// line stays one line, for the text format). Control characters are Unicode's (category Cc: C0,
    /// DEL and C1), written `\n`, `\r`, `\t` or `\u00XX`.
    static func appendEscaped(_ value: String, to bytes: inout [UInt8]) {
        var plain = true
        for byte in value.utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte >= 0x7F {
            plain = false
            break
        }
        if plain {
            bytes.append(contentsOf: value.utf8)
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": bytes.append(contentsOf: #"\""#.utf8)
            case "\\": bytes.append(contentsOf: #"\\"#.utf8)
            case "\n": bytes.append(contentsOf: #"\n"#.utf8)
            case "\r": bytes.append(contentsOf: #"\r"#.utf8)
            case "\t": bytes.append(contentsOf: #"\t"#.utf8)
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16)
                    bytes.append(contentsOf: #"\u"#.utf8)
                    bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: 4 - hex.count))
                    bytes.append(contentsOf: hex.utf8)
                } else {
                    bytes.append(contentsOf: String(scalar).utf8)
                }
            }
        }
    }

    /// `value` escaped, as a `String`.
    static func escaped(_ value: String) -> String {
        var bytes: [UInt8] = []
        appendEscaped(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
