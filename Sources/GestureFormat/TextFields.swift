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
        if !TextLineFields.write(kind, to: &out), case .explanation(let explanation) = kind {
            out.append(" explain ")
            for part in [explanation.path, ": ", explanation.from, " -> ", explanation.to, ", ",
                         ExplanationText.reason(explanation.reason)] {
                out.appendEscaped(part)
            }
        }
        if newline { out.append(UInt8(ascii: "\n")) }
    }
}

/// A text line's payload, written as it comes (`GestureEventPayload.write(to:)`): ` KEY=VALUE` for each field.
struct TextLineFields: LineFieldWriter {
    let writer: UnsafeMutablePointer<ByteWriter>

    init(lending writer: UnsafeMutablePointer<ByteWriter>) {
        self.writer = writer
    }

    @inline(__always)
    mutating func visit<Payload: GestureEventPayload>(_ payload: Payload, phase: GesturePhase?) {
        // (` cancelled`: 10 bytes.)
        out.withRoom(atMost: 11 + Payload.type.utf8CodeUnitCount) { room in
            room.append(UInt8(ascii: " "))
            room.append(Payload.type)
            switch phase {
            case nil: break
            case .began?: room.append(" began")
            case .changed?: room.append(" changed")
            case .ended?: room.append(" ended")
            case .cancelled?: room.append(" cancelled")
            }
        }
        payload.write(to: &self)
    }

    /// ` KEY=`.
    @inline(__always)
    private static func key(_ key: StaticString, to room: inout Room) {
        room.append(UInt8(ascii: " "))
        room.append(key)
        room.append(UInt8(ascii: "="))
    }

    /// The bytes of `key`'s constants: the key with its space and equals sign.
    @inline(__always)
    private static func keyLength(_ key: StaticString) -> Int { key.utf8CodeUnitCount + 2 }

    /// ` KEY=VALUE`, `value` writing at most `length` bytes: the key and the value in one room.
    @inline(__always)
    mutating func field(_ key: StaticString, atMost length: Int, _ value: (inout Room) -> Void) {
        out.withRoom(atMost: Self.keyLength(key) + length) { room in
            Self.key(key, to: &room)
            value(&room)
        }
    }




    mutating func text(_ key: StaticString, _ value: String) {
        self.key(key)
        out.appendEscaped(value)
    }

    @inline(__always)
    mutating func word(_ key: StaticString, _ value: StaticString) {
        field(key, atMost: value.utf8CodeUnitCount) { $0.append(value) }
    }

    @inline(__always)
    mutating func point(_ key: StaticString, _ value: Point) {
        field(key, atMost: 1 + 2 * Room.longestDecimal) { room in
            room.decimal(value.x)
            room.append(UInt8(ascii: ","))
            room.decimal(value.y)
        }
    }

    mutating func timelineField(_ field: TimelineField) {
        switch field {
        case .number(let number): out.decimal(number)
        case .text(let text): out.append(utf8: text)
        }
    }

    /// `START..END`.
    static var rangeParts: (before: StaticString, between: StaticString, after: StaticString) { ("", "..", "") }
}
