import GestureCore

/// Writes the fields of a JSON line (SPEC "JSON Lines output"), in the SPEC's key order.
///
/// Every key is one constant fragment with its comma, quotes and colon (`,"dx":`), and a type, a phase or a
/// haptic's kind is a constant with its key (`,"type":"haptic","kind":"detent"`): each is a copy, with nothing
/// to decide at run time. (The writer shared with the text format checked the format and whether a comma was
/// due at every key: 794 instructions a line of the benchmark trace against 613 here.)
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
        out.withRoom(atMost: longestConstants + Room.longestSeconds) { room in
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

    /// The rest of the line, from `,"type":` to the closing `}`, and the newline when `newline` is true. The
    /// type constants are `Kind.type` (EventFormatterTests holds them to it).
    ///
    /// A kind's constants and numbers are written into one room, claimed for the longest they can be
    /// (`room(decimals:integers:)`); strings, and values that may be dates, check their own room.
    @inline(__always)
    static func write(_ kind: GestureEvent.Kind, to out: inout ByteWriter, newline: Bool) {
        switch kind {
        case .tap(let tap):
            out.withRoom(atMost: room(decimals: 2, integers: 1)) { room in
                room.append(#","type":"tap","x":"#)
                room.decimal(tap.x)
                room.append(#","y":"#)
                room.decimal(tap.y)
                room.append(#","count":"#)
                room.integer(Int64(tap.count))
            }
            if let value = tap.value {
                out.append(#","value":"#)
                writeValue(value, to: &out)
            }
            if let selection = tap.selection { writeSelection(selection, to: &out) }
        case .select(let phase, let select):
            out.withRoom(atMost: room()) { room in
                room.append(#","type":"select""#)
                writePhase(phase, to: &room)
            }
            out.append(#","anchor":"#)
            writeBucket(select.anchor, to: &out)
            writeSelection(select.selection, to: &out)
        case .pan(let phase, let pan):
            out.withRoom(atMost: room(decimals: 4), endingLine: newline) { room in
                room.append(#","type":"pan""#)
                writePhase(phase, to: &room)
                room.append(#","dx":"#)
                room.decimal(pan.dx)
                room.append(#","dy":"#)
                room.decimal(pan.dy)
                if let velocity = pan.velocity {
                    room.append(#","vx":"#)
                    room.decimal(velocity.vx)
                    room.append(#","vy":"#)
                    room.decimal(velocity.vy)
                }
            }
            return
        case .wind(let phase, let wind):
            out.withRoom(atMost: room(decimals: 2, integers: 1), endingLine: newline) { room in
                room.append(#","type":"wind""#)
                writePhase(phase, to: &room)
                room.append(#","angle":"#)
                room.decimal(wind.angle)
                room.append(#","delta":"#)
                room.decimal(wind.delta)
                room.append(#","detent":"#)
                room.integer(Int64(wind.detent))
            }
            return
        case .rotate(let phase, let rotate):
            out.withRoom(atMost: room(decimals: 5, integers: 1), endingLine: newline) { room in
                room.append(#","type":"rotate""#)
                writePhase(phase, to: &room)
                room.append(#","angle":"#)
                room.decimal(rotate.angle)
                room.append(#","rotation":"#)
                room.decimal(rotate.rotation)
                room.append(#","delta":"#)
                room.decimal(rotate.delta)
                room.append(#","detent":"#)
                room.integer(Int64(rotate.detent))
                room.append(#","center":"#)
                writePoint(rotate.center, to: &room)
            }
            return
        case .haptic(let haptic):
            out.withRoom(atMost: room(integers: 1), endingLine: newline) { room in
                switch haptic {
                case .press:
                    room.append(#","type":"haptic","kind":"press""#)
                case .detent(let detent):
                    room.append(#","type":"haptic","kind":"detent","detent":"#)
                    room.integer(Int64(detent))
                case .limit(let detent):
                    room.append(#","type":"haptic","kind":"limit","detent":"#)
                    room.integer(Int64(detent))
                }
            }
            return
        case .magnify(let phase, let magnify):
            out.withRoom(atMost: room(decimals: 3), endingLine: newline) { room in
                room.append(#","type":"magnify""#)
                writePhase(phase, to: &room)
                room.append(#","scale":"#)
                room.decimal(magnify.scale)
                room.append(#","center":"#)
                writePoint(magnify.center, to: &room)
            }
            return
        case .swipe(let swipe):
            out.append(#","type":"swipe","direction":"#)
            writeString(swipe.direction, to: &out)
            out.withRoom(atMost: room(decimals: 2, integers: 1), endingLine: newline) { room in
                room.append(#","vx":"#)
                room.decimal(swipe.vx)
                room.append(#","vy":"#)
                room.decimal(swipe.vy)
                room.append(#","fingers":"#)
                room.integer(Int64(swipe.fingers))
            }
            return
        case .edgeSwipe(let phase, let swipe):
            out.withRoom(atMost: room()) { room in
                room.append(#","type":"edge-swipe""#)
                writePhase(phase, to: &room)
            }
            out.append(#","edge":"#)
            writeString(swipe.edge, to: &out)
            out.withRoom(atMost: room(decimals: 2), endingLine: newline) { room in
                room.append(#","dx":"#)
                room.decimal(swipe.dx)
                room.append(#","dy":"#)
                room.decimal(swipe.dy)
            }
            return
        case .zoom(let phase, let zoom):
            out.withRoom(atMost: room()) { room in
                room.append(#","type":"zoom""#)
                writePhase(phase, to: &room)
            }
            out.append(#","visible":{"start":"#)
            writeValue(zoom.visible.start, to: &out)
            out.append(#","end":"#)
            writeValue(zoom.visible.end, to: &out)
            out.append(UInt8(ascii: "}"))
        case .longPress(let press):
            out.withRoom(atMost: room(decimals: 2), endingLine: newline) { room in
                room.append(#","type":"long-press","x":"#)
                room.decimal(press.x)
                room.append(#","y":"#)
                room.decimal(press.y)
            }
            return
        case .rotation(let phase, let rotation):
            out.withRoom(atMost: room(decimals: 3), endingLine: newline) { room in
                room.append(#","type":"rotation""#)
                writePhase(phase, to: &room)
                room.append(#","rotation":"#)
                room.decimal(rotation.rotation)
                room.append(#","center":"#)
                writePoint(rotation.center, to: &room)
            }
            return
        case .gesture(let phase, let value):
            out.withRoom(atMost: room()) { room in
                room.append(#","type":"gesture""#)
                writePhase(phase, to: &room)
            }
            // A target's own gesture: its value as Swift describes it (the typed value is the library's).
            out.append(#","value":"#)
            writeString(value.description, to: &out)
        case .explanation(let explanation):
            out.append(#","type":"explain","path":"#)
            writeString(explanation.path, to: &out)
            out.append(#","from":"#)
            writeString(explanation.from, to: &out)
            out.append(#","to":"#)
            writeString(explanation.to, to: &out)
            out.append(#","reason":"#)
            writeString(ExplanationText.reason(explanation.reason), to: &out)
        }
        // The kinds whose last fields are in a room end the line there (returned above): one claim less.
        out.append(newline ? "}\n" : "}")
    }

    /// The most bytes of constants (keys with their commas and quotes, a type, a phase, a point's braces, the
    /// line's end) in one room: a rotate's are 99. A room too short stops the program (`Room.take`), and EventFormatterTests
    /// write each kind with its longest phase and numbers.
    private static var longestConstants: Int { 128 }

    /// The room for a kind's constants and `decimals` decimals and `integers` integers, each at its longest.
    @inline(__always)
    private static func room(decimals: Int = 0, integers: Int = 0) -> Int {
        longestConstants + decimals * Room.longestDecimal + integers * Room.longestInteger
    }

    /// `,"phase":"…"`: `GesturePhase.rawValue`, which EventFormatterTests holds these to.
    @inline(__always)
    private static func writePhase(_ phase: GesturePhase, to room: inout Room) {
        switch phase {
        case .began: room.append(#","phase":"began""#)
        case .changed: room.append(#","phase":"changed""#)
        case .ended: room.append(#","phase":"ended""#)
        case .cancelled: room.append(#","phase":"cancelled""#)
        }
    }

    /// A JSON string: quoted and escaped (`JSONText.quoted` too).
    static func writeString(_ value: String, to out: inout ByteWriter) {
        out.append(UInt8(ascii: "\""))
        out.appendEscaped(value)
        out.append(UInt8(ascii: "\""))
    }

    private static func writePoint(_ point: Point, to room: inout Room) {
        room.append(#"{"x":"#)
        room.decimal(point.x)
        room.append(#","y":"#)
        room.decimal(point.y)
        room.append(UInt8(ascii: "}"))
    }

    private static func writeValue(_ value: DomainValue, to out: inout ByteWriter) {
        switch value {
        case .number(let number):
            out.decimal(number)
        case .instant(let seconds):
            out.append(UInt8(ascii: "\""))
            out.append(utf8: Numbers.instant(seconds: seconds))
            out.append(UInt8(ascii: "\""))
        }
    }

    private static func writeBucket(_ bucket: Bucket, to out: inout ByteWriter) {
        switch bucket {
        case .number(let number):
            out.decimal(number)
        case .day(let day):
            out.append(UInt8(ascii: "\""))
            out.append(utf8: day.description)
            out.append(UInt8(ascii: "\""))
        }
    }

    /// `,"selection":{"start":…,"end":…}`.
    private static func writeSelection(_ selection: Selection, to out: inout ByteWriter) {
        out.append(#","selection":{"start":"#)
        writeBucket(selection.start, to: &out)
        out.append(#","end":"#)
        writeBucket(selection.end, to: &out)
        out.append(UInt8(ascii: "}"))
    }
}

extension ByteWriter {
    /// `withRoom(atMost:_:)` for a JSON line's last fields: the line's end (`}`, and the newline when `newline` is
    /// true) goes into the same room, where a claim of its own cost 8 instructions a line (callgrind, the benchmark
    /// trace).
    @inline(__always)
    fileprivate mutating func withRoom(atMost length: Int, endingLine newline: Bool, _ write: (inout Room) -> Void) {
        withRoom(atMost: length) { room in
            write(&room)
            room.append(newline ? "}\n" : "}")
        }
    }
}
