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
        if !JSONLineFields.write(kind, to: &out), case .explanation(let explanation) = kind {
            out.append(#","type":"explain","path":"#)
            writeString(explanation.path, to: &out)
            out.append(#","from":"#)
            writeString(explanation.from, to: &out)
            out.append(#","to":"#)
            writeString(explanation.to, to: &out)
            out.append(#","reason":"#)
            writeString(ExplanationText.reason(explanation.reason), to: &out)
        }
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
}

/// A JSON line's payload, written as it comes (`GestureEventPayload.write(to:)`): `,"KEY":VALUE` for each field.
///
/// The line's type and phase wait for its first field, and are written in that field's room: one claim less a line
/// (docs/performance.md).
struct JSONLineFields: LineFieldWriter {
    let writer: UnsafeMutablePointer<ByteWriter>

    /// The line's type and phase while they are not written.
    private var heading: Heading?

    init(lending writer: UnsafeMutablePointer<ByteWriter>) {
        self.writer = writer
    }

    @inline(__always)
    mutating func visit<Payload: GestureEventPayload>(_ payload: Payload, phase: GesturePhase?) {
        heading = Heading(type: Payload.type, phase: phase)
        payload.write(to: &self)
        if heading != nil { withRoom(atMost: 0) { _ in } }  // no field: the heading alone
    }

    /// The line's type and phase, written with its first field.
    private struct Heading {
        var type: StaticString
        var phase: GesturePhase?

        /// The longest it can be: `,"type":"`, the type and `","phase":"cancelled"`.
        @inline(__always)
        var longest: Int { 30 + type.utf8CodeUnitCount }

        @inline(__always)
        func write(to room: inout Room) {
            room.append(#","type":""#)
            room.append(type)
            switch phase {
            case nil: room.append(UInt8(ascii: "\""))
            case .began?: room.append(#"","phase":"began""#)
            case .changed?: room.append(#"","phase":"changed""#)
            case .ended?: room.append(#"","phase":"ended""#)
            case .cancelled?: room.append(#"","phase":"cancelled""#)
            }
        }
    }

    /// Claims room for the longest that `write` writes, and for the line's heading before it when it is not yet
    /// written: the heading and the first field in one claim (docs/performance.md).
    @inline(__always)
    private mutating func withRoom(atMost length: Int, _ write: (inout Room) -> Void) {
        if let heading {
            self.heading = nil
            out.withRoom(atMost: heading.longest + length) { room in
                heading.write(to: &room)
                write(&room)
            }
        } else {
            out.withRoom(atMost: length, write)
        }
    }

    /// `,"KEY":`.
    @inline(__always)
    private static func key(_ key: StaticString, to room: inout Room) {
        room.append(#",""#)
        room.append(key)
        room.append(#"":"#)
    }

    /// `,"KEY":VALUE`, `value` writing at most `length` bytes: the key and the value in one room.
    @inline(__always)
    mutating func field(_ key: StaticString, atMost length: Int, _ value: (inout Room) -> Void) {
        withRoom(atMost: JSONFields.keyLength(key) + length) { room in
            Self.key(key, to: &room)
            value(&room)
        }
    }




    mutating func text(_ key: StaticString, _ value: String) {
        self.key(key)
        JSONFields.writeString(value, to: &out)
    }

    @inline(__always)
    mutating func word(_ key: StaticString, _ value: StaticString) {
        field(key, atMost: value.utf8CodeUnitCount + 2) { room in
            room.append(UInt8(ascii: "\""))
            room.append(value)
            room.append(UInt8(ascii: "\""))
        }
    }

    @inline(__always)
    mutating func point(_ key: StaticString, _ value: Point) {
        // (`{"x":`, `,"y":` and `}`: 11 bytes.)
        field(key, atMost: 11 + 2 * Room.longestDecimal) { room in
            room.append(#"{"x":"#)
            room.decimal(value.x)
            room.append(#","y":"#)
            room.decimal(value.y)
            room.append(UInt8(ascii: "}"))
        }
    }

    /// An instant or a day as a JSON string (they have nothing to escape).
    mutating func timelineField(_ field: TimelineField) {
        switch field {
        case .number(let number):
            out.decimal(number)
        case .text(let text):
            out.append(UInt8(ascii: "\""))
            out.append(utf8: text)
            out.append(UInt8(ascii: "\""))
        }
    }

    /// `{"start":START,"end":END}`.
    static var rangeParts: (before: StaticString, between: StaticString, after: StaticString) {
        (#"{"start":"#, #","end":"#, "}")
    }
}
