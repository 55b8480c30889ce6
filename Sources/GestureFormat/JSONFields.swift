import GestureCore

/// Writes the fields of a JSON line (SPEC "JSON Lines output"), in the SPEC's key order: the time and region,
/// then the payload's type, phase and fields as the payload lists them (`GestureEventPayload.write(to:)`).
///
/// A key and the number after it are written into one room claimed for both (`Room`), each key a constant
/// copied at once, with nothing to decide at run time but the number (docs/performance.md, the formatter).
enum JSONFields {
    /// `{"time":…`, with `"trace":"…",` first when there is one: the time part of a line's beginning, which
    /// `EventFormatter.LineStart` keeps.
    @inline(__always)
    static func writeTime(trace: String?, time: Timestamp, to out: inout ByteWriter) {
        if let trace {
            out.append(#"{"trace":""#)
            out.appendEscaped(trace)
            out.append(#"","#)
        } else {
            out.append(UInt8(ascii: "{"))
        }
        out.withRoom(atMost: 7 + Room.longestSeconds) { room in
            room.append(#""time":"#)
            room.seconds(time)
        }
    }

    /// `,"region":"…"`: the region part of a line's beginning, which `EventFormatter.LineStart` keeps.
    static func writeRegion(_ target: String, to out: inout ByteWriter) {
        out.append(#","region":""#)
        out.appendEscaped(target)
        out.append(UInt8(ascii: "\""))
    }

    /// The rest of the line, from `,"type":` to the closing `}`, and the newline when `newline` is true: the
    /// payload's type, the phase, then its fields as the payload writes them (`JSONLineFields`); an explanation's
    /// path, states and reason.
    @inline(__always)
    static func write(_ kind: GestureEvent.Kind, to out: inout ByteWriter, newline: Bool) {
        var fields = JSONLineFields(out: out)
        if kind.accept(&fields) == nil, case .explanation(let explanation) = kind {
            fields.out.append(#","type":"explain","path":"#)
            writeString(explanation.path, to: &fields.out)
            fields.out.append(#","from":"#)
            writeString(explanation.from, to: &fields.out)
            fields.out.append(#","to":"#)
            writeString(explanation.to, to: &fields.out)
            fields.out.append(#","reason":"#)
            writeString(ExplanationText.reason(explanation.reason), to: &fields.out)
        }
        out = fields.out
        out.append(newline ? "}\n" : "}")
    }

    /// The bytes of `key`'s constants: the key with its comma, quotes and colon.
    @inline(__always)
    static func keyLength(_ key: StaticString) -> Int { key.utf8CodeUnitCount + 4 }

    /// A JSON string: quoted and escaped (`JSONText.quoted` too).
    static func writeString(_ value: String, to out: inout ByteWriter) {
        out.append(UInt8(ascii: "\""))
        out.appendEscaped(value)
        out.append(UInt8(ascii: "\""))
    }

    static func writeValue(_ value: DomainValue, to out: inout ByteWriter) {
        switch value {
        case .number(let number):
            out.decimal(number)
        case .instant(let seconds):
            out.append(UInt8(ascii: "\""))
            out.append(utf8: Numbers.instant(seconds: seconds))
            out.append(UInt8(ascii: "\""))
        }
    }

    static func writeBucket(_ bucket: Bucket, to out: inout ByteWriter) {
        switch bucket {
        case .number(let number):
            out.decimal(number)
        case .day(let day):
            out.append(UInt8(ascii: "\""))
            out.append(utf8: day.description)
            out.append(UInt8(ascii: "\""))
        }
    }

}

/// A JSON line's payload, written as it comes (`GestureEventPayload.write(to:)`): `,"KEY":VALUE` for each field.
struct JSONLineFields: GestureEventVisitor, EventFieldWriter {
    var out: ByteWriter

    @inline(__always)
    mutating func visit<Payload: GestureEventPayload>(_ payload: Payload, phase: GesturePhase?) {
        // (`,"type":"` and `","phase":"cancelled"`: 9 and 21 bytes.)
        out.withRoom(atMost: 30 + Payload.type.utf8CodeUnitCount) { room in
            room.append(#","type":""#)
            room.append(Payload.type)
            switch phase {
            case nil: room.append(UInt8(ascii: "\""))
            case .began?: room.append(#"","phase":"began""#)
            case .changed?: room.append(#"","phase":"changed""#)
            case .ended?: room.append(#"","phase":"ended""#)
            case .cancelled?: room.append(#"","phase":"cancelled""#)
            }
        }
        payload.write(to: &self)
    }

    /// `,"KEY":`.
    @inline(__always)
    private static func key(_ key: StaticString, to room: inout Room) {
        room.append(#",""#)
        room.append(key)
        room.append(#"":"#)
    }

    @inline(__always)
    private mutating func key(_ key: StaticString) {
        out.withRoom(atMost: JSONFields.keyLength(key)) { Self.key(key, to: &$0) }
    }

    @inline(__always)
    mutating func number(_ key: StaticString, _ value: Double) {
        out.withRoom(atMost: JSONFields.keyLength(key) + Room.longestDecimal) { room in
            Self.key(key, to: &room)
            room.decimal(value)
        }
    }

    @inline(__always)
    mutating func count(_ key: StaticString, _ value: Int) {
        out.withRoom(atMost: JSONFields.keyLength(key) + Room.longestInteger) { room in
            Self.key(key, to: &room)
            room.integer(Int64(value))
        }
    }

    mutating func text(_ key: StaticString, _ value: String) {
        self.key(key)
        JSONFields.writeString(value, to: &out)
    }

    @inline(__always)
    mutating func point(_ key: StaticString, _ value: Point) {
        // (`{"x":`, `,"y":` and `}`: 11 bytes.)
        out.withRoom(atMost: JSONFields.keyLength(key) + 11 + 2 * Room.longestDecimal) { room in
            Self.key(key, to: &room)
            room.append(#"{"x":"#)
            room.decimal(value.x)
            room.append(#","y":"#)
            room.decimal(value.y)
            room.append(UInt8(ascii: "}"))
        }
    }

    mutating func domainValue(_ key: StaticString, _ value: DomainValue) {
        self.key(key)
        JSONFields.writeValue(value, to: &out)
    }

    mutating func bucket(_ key: StaticString, _ value: Bucket) {
        self.key(key)
        JSONFields.writeBucket(value, to: &out)
    }

    mutating func selection(_ key: StaticString, _ value: Selection) {
        range(key, value.start, value.end, JSONFields.writeBucket)
    }

    mutating func visibleDomain(_ key: StaticString, _ value: VisibleDomain) {
        range(key, value.start, value.end, JSONFields.writeValue)
    }

    /// `,"KEY":{"start":START,"end":END}`, each bound written by `write`.
    private mutating func range<Bound>(_ key: StaticString, _ start: Bound, _ end: Bound,
                                       _ write: (Bound, inout ByteWriter) -> Void) {
        self.key(key)
        out.append(#"{"start":"#)
        write(start, &out)
        out.append(#","end":"#)
        write(end, &out)
        out.append(UInt8(ascii: "}"))
    }
}
