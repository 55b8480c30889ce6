import GestureCore

/// How events are printed.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// One JSON object per line, keys in SPEC order: the stable interface.
    case jsonl
    /// One line per event for people: time, region, type, phase, then `key=value` fields. Not stable.
    case text
}

/// Renders gesture events as lines (without the newline).
public struct EventFormatter: Sendable {
    public var format: OutputFormat
    /// With several traces, each line begins with the trace's path.
    public var trace: String?

    public init(format: OutputFormat = .jsonl, trace: String? = nil) {
        self.format = format
        self.trace = trace
    }

    public func line(for event: GestureEvent) -> String {
        var fields = Fields(format: format)
        if let trace { fields.string("trace", trace) }
        fields.raw("time", Numbers.seconds(event.time))
        fields.string("region", event.region)
        fields.string("type", event.kind.type)
        if let phase = event.kind.phase { fields.string("phase", phase.rawValue) }
        switch event.kind {
        case .tap(let tap):
            fields.number("x", tap.x)
            fields.number("y", tap.y)
            fields.raw("count", String(tap.count))
            if let value = tap.value { fields.value("value", value) }
            if let selection = tap.selection { fields.selection(selection) }
        case .select(_, let select):
            fields.bucket("anchor", select.anchor)
            fields.selection(select.selection)
        case .pan(_, let pan):
            fields.number("dx", pan.dx)
            fields.number("dy", pan.dy)
        case .wind(_, let wind):
            fields.number("angle", wind.angle)
            fields.number("delta", wind.delta)
            fields.raw("detent", String(wind.detent))
        case .rotate(_, let rotate):
            fields.number("angle", rotate.angle)
            fields.number("rotation", rotate.rotation)
            fields.number("delta", rotate.delta)
            fields.raw("detent", String(rotate.detent))
            fields.object("center", [("x", Numbers.decimal(rotate.center.x)), ("y", Numbers.decimal(rotate.center.y))])
        case .haptic(let haptic):
            switch haptic {
            case .press:
                fields.string("kind", "press")
            case .detent(let detent):
                fields.string("kind", "detent")
                fields.raw("detent", String(detent))
            case .limit(let detent):
                fields.string("kind", "limit")
                fields.raw("detent", String(detent))
            }
        }
        return fields.finish()
    }
}

/// Builds one line, as JSON or as text.
struct Fields {
    let format: OutputFormat
    private var text = ""
    private var count = 0

    init(format: OutputFormat) {
        self.format = format
        text.reserveCapacity(160)
        if format == .jsonl { text = "{" }
    }

    private mutating func key(_ name: String) {
        switch format {
        case .jsonl:
            if count > 0 { text += "," }
            text += "\"" + name + "\":"
        case .text:
            if count > 0 { text += " " }
            // The leading fields (trace, time, region, type, phase) are printed bare.
            if !Fields.bare.contains(name) { text += name + "=" }
        }
        count += 1
    }

    static let bare: Set<String> = ["trace", "time", "region", "type", "phase"]

    mutating func raw(_ name: String, _ value: String) {
        key(name)
        text += value
    }

    mutating func number(_ name: String, _ value: Double) {
        raw(name, Numbers.decimal(value))
    }

    mutating func string(_ name: String, _ value: String) {
        key(name)
        switch format {
        case .jsonl: text += "\"" + Fields.escaped(value) + "\""
        case .text: text += Fields.escaped(value)
        }
    }

    mutating func value(_ name: String, _ value: DomainValue) {
        switch value {
        case .number(let number): self.number(name, number)
        case .instant(let seconds): string(name, Numbers.instant(seconds: seconds))
        }
    }

    mutating func bucket(_ name: String, _ bucket: Bucket) {
        switch bucket {
        case .number(let number): self.number(name, number)
        case .day(let day): string(name, day.description)
        }
    }

    private static func rendered(_ bucket: Bucket, format: OutputFormat) -> String {
        switch bucket {
        case .number(let number): Numbers.decimal(number)
        case .day(let day): format == .jsonl ? "\"" + day.description + "\"" : day.description
        }
    }

    mutating func selection(_ selection: Selection) {
        let start = Fields.rendered(selection.start, format: format)
        let end = Fields.rendered(selection.end, format: format)
        switch format {
        case .jsonl: raw("selection", "{\"start\":" + start + ",\"end\":" + end + "}")
        case .text: raw("selection", start + ".." + end)
        }
    }

    mutating func object(_ name: String, _ members: [(String, String)]) {
        switch format {
        case .jsonl: raw(name, "{" + members.map { "\"" + $0.0 + "\":" + $0.1 }.joined(separator: ",") + "}")
        case .text: raw(name, members.map { $0.1 }.joined(separator: ","))
        }
    }

    mutating func finish() -> String {
        if format == .jsonl { text += "}" }
        return text
    }

    /// `value` with only `"`, `\` and control characters escaped, for a JSON string (and, so that a
    /// line stays one line, for the text format). Control characters are Unicode's (category Cc: C0,
    /// DEL and C1), written `\n`, `\r`, `\t` or `\u00XX`.
    static func escaped(_ value: String) -> String {
        var result = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
