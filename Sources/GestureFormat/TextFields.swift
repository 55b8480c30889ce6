import GestureCore

/// Writes the fields of a text line (`--format text`, for people, not stable): the time, region, type and
/// phase bare, then ` key=value` in the JSON line's order; strings escaped as in JSON but not quoted, so that a
/// line stays one line.
enum TextFields {
    /// The time, with the trace first when there is one: the time part of a line's beginning, which
    /// `EventFormatter.LineStart` keeps.
    static func writeTime(trace: String?, time: Timestamp, to out: inout ByteWriter) {
        if let trace {
            out.appendEscaped(trace)
            out.append(UInt8(ascii: " "))
        }
        out.seconds(time)
    }

    /// ` region`: the region part of a line's beginning, which `EventFormatter.LineStart` keeps.
    static func writeRegion(_ target: String, to out: inout ByteWriter) {
        out.append(UInt8(ascii: " "))
        out.appendEscaped(target)
    }

    /// The rest of the line, from the type on, and the newline when `newline` is true: the payload's type, the
    /// phase, then its fields as the payload writes them (`TextLineFields`); an explanation as
    /// `explain PATH: FROM -> TO, REASON`.
    static func write(_ kind: GestureEvent.Kind, to out: inout ByteWriter, newline: Bool) {
        var fields = TextLineFields(out: out)
        if kind.accept(&fields) == nil, case .explanation(let explanation) = kind {
            fields.out.append(" explain ")
            for part in [explanation.path, ": ", explanation.from, " -> ", explanation.to, ", ",
                         ExplanationText.reason(explanation.reason)] {
                fields.out.appendEscaped(part)
            }
        }
        out = fields.out
        if newline { out.append(UInt8(ascii: "\n")) }
    }

    static func writeValue(_ value: DomainValue, to out: inout ByteWriter) {
        switch value {
        case .number(let number): out.decimal(number)
        case .instant(let seconds): out.append(utf8: Numbers.instant(seconds: seconds))
        }
    }

    static func writeBucket(_ bucket: Bucket, to out: inout ByteWriter) {
        switch bucket {
        case .number(let number): out.decimal(number)
        case .day(let day): out.append(utf8: day.description)
        }
    }
}

/// A text line's payload, written as it comes (`GestureEventPayload.write(to:)`): ` KEY=VALUE` for each field.
struct TextLineFields: GestureEventVisitor, EventFieldWriter {
    var out: ByteWriter

    mutating func visit<Payload: GestureEventPayload>(_ payload: Payload, phase: GesturePhase?) {
        out.append(UInt8(ascii: " "))
        out.append(Payload.type)
        switch phase {
        case nil: break
        case .began?: out.append(" began")
        case .changed?: out.append(" changed")
        case .ended?: out.append(" ended")
        case .cancelled?: out.append(" cancelled")
        }
        payload.write(to: &self)
    }

    /// ` KEY=`.
    private mutating func key(_ key: StaticString) {
        out.append(UInt8(ascii: " "))
        out.append(key)
        out.append(UInt8(ascii: "="))
    }

    mutating func number(_ key: StaticString, _ value: Double) {
        self.key(key)
        out.decimal(value)
    }

    mutating func count(_ key: StaticString, _ value: Int) {
        self.key(key)
        out.integer(Int64(value))
    }

    mutating func text(_ key: StaticString, _ value: String) {
        self.key(key)
        out.appendEscaped(value)
    }

    mutating func point(_ key: StaticString, _ value: Point) {
        self.key(key)
        out.decimal(value.x)
        out.append(UInt8(ascii: ","))
        out.decimal(value.y)
    }

    mutating func domainValue(_ key: StaticString, _ value: DomainValue) {
        self.key(key)
        TextFields.writeValue(value, to: &out)
    }

    mutating func bucket(_ key: StaticString, _ value: Bucket) {
        self.key(key)
        TextFields.writeBucket(value, to: &out)
    }

    mutating func selection(_ key: StaticString, _ value: Selection) {
        range(key, value.start, value.end, TextFields.writeBucket)
    }

    mutating func visibleDomain(_ key: StaticString, _ value: VisibleDomain) {
        range(key, value.start, value.end, TextFields.writeValue)
    }

    /// ` KEY=START..END`, each bound written by `write`.
    private mutating func range<Bound>(_ key: StaticString, _ start: Bound, _ end: Bound,
                                       _ write: (Bound, inout ByteWriter) -> Void) {
        self.key(key)
        write(start, &out)
        out.append("..")
        write(end, &out)
    }
}
