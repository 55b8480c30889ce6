import GestureCore

/// Writes the fields of a JSON line (SPEC "JSON Lines output"), in the SPEC's key order.
///
/// Every key is one constant fragment with its comma, quotes and colon (`,"dx":`), and a type, a phase or a
/// haptic's kind is a constant with its key (`,"type":"haptic","kind":"detent"`): each is one claim of room
/// and a copy, with nothing to decide at run time. (The writer shared with the text format checked the format
/// and whether a comma was due at every key: 794 instructions a line of the benchmark trace against ??? here.)
enum JSONFields {
    /// `{"time":…,"region":"…"`, with `"trace":"…"` first when there is one: the part of a line that
    /// `EventFormatter.LineStart` keeps.
    static func writeStart(trace: String?, time: Timestamp, target: String, to out: inout ByteWriter) {
        if let trace {
            out.append(#"{"trace":""#)
            out.appendEscaped(trace)
            out.append(#"","time":"#)
        } else {
            out.append(#"{"time":"#)
        }
        out.seconds(time)
        out.append(#","region":""#)
        out.appendEscaped(target)
        out.append(UInt8(ascii: "\""))
    }

    /// The rest of the line, from `,"type":` to the closing `}`. The type constants are `Kind.type`
    /// (EventFormatterTests holds them to it).
    @inline(__always)
    static func write(_ kind: GestureEvent.Kind, to out: inout ByteWriter) {
        switch kind {
        case .tap(let tap):
            out.append(#","type":"tap","x":"#)
            out.decimal(tap.x)
            out.append(#","y":"#)
            out.decimal(tap.y)
            out.append(#","count":"#)
            out.integer(Int64(tap.count))
            if let value = tap.value {
                out.append(#","value":"#)
                writeValue(value, to: &out)
            }
            if let selection = tap.selection { writeSelection(selection, to: &out) }
        case .select(let phase, let select):
            out.append(#","type":"select""#)
            writePhase(phase, to: &out)
            out.append(#","anchor":"#)
            writeBucket(select.anchor, to: &out)
            writeSelection(select.selection, to: &out)
        case .pan(let phase, let pan):
            out.append(#","type":"pan""#)
            writePhase(phase, to: &out)
            out.append(#","dx":"#)
            out.decimal(pan.dx)
            out.append(#","dy":"#)
            out.decimal(pan.dy)
            if let velocity = pan.velocity {
                out.append(#","vx":"#)
                out.decimal(velocity.vx)
                out.append(#","vy":"#)
                out.decimal(velocity.vy)
            }
        case .wind(let phase, let wind):
            out.append(#","type":"wind""#)
            writePhase(phase, to: &out)
            out.append(#","angle":"#)
            out.decimal(wind.angle)
            out.append(#","delta":"#)
            out.decimal(wind.delta)
            out.append(#","detent":"#)
            out.integer(Int64(wind.detent))
        case .rotate(let phase, let rotate):
            out.append(#","type":"rotate""#)
            writePhase(phase, to: &out)
            out.append(#","angle":"#)
            out.decimal(rotate.angle)
            out.append(#","rotation":"#)
            out.decimal(rotate.rotation)
            out.append(#","delta":"#)
            out.decimal(rotate.delta)
            out.append(#","detent":"#)
            out.integer(Int64(rotate.detent))
            out.append(#","center":"#)
            writePoint(rotate.center, to: &out)
        case .haptic(let haptic):
            switch haptic {
            case .press:
                out.append(#","type":"haptic","kind":"press""#)
            case .detent(let detent):
                out.append(#","type":"haptic","kind":"detent","detent":"#)
                out.integer(Int64(detent))
            case .limit(let detent):
                out.append(#","type":"haptic","kind":"limit","detent":"#)
                out.integer(Int64(detent))
            }
        case .magnify(let phase, let magnify):
            out.append(#","type":"magnify""#)
            writePhase(phase, to: &out)
            out.append(#","scale":"#)
            out.decimal(magnify.scale)
            out.append(#","center":"#)
            writePoint(magnify.center, to: &out)
        case .swipe(let swipe):
            out.append(#","type":"swipe","direction":"#)
            writeString(swipe.direction, to: &out)
            out.append(#","vx":"#)
            out.decimal(swipe.vx)
            out.append(#","vy":"#)
            out.decimal(swipe.vy)
            out.append(#","fingers":"#)
            out.integer(Int64(swipe.fingers))
        case .edgeSwipe(let phase, let swipe):
            out.append(#","type":"edge-swipe""#)
            writePhase(phase, to: &out)
            out.append(#","edge":"#)
            writeString(swipe.edge, to: &out)
            out.append(#","dx":"#)
            out.decimal(swipe.dx)
            out.append(#","dy":"#)
            out.decimal(swipe.dy)
        case .zoom(let phase, let zoom):
            out.append(#","type":"zoom""#)
            writePhase(phase, to: &out)
            out.append(#","visible":{"start":"#)
            writeValue(zoom.visible.start, to: &out)
            out.append(#","end":"#)
            writeValue(zoom.visible.end, to: &out)
            out.append(UInt8(ascii: "}"))
        case .longPress(let press):
            out.append(#","type":"long-press","x":"#)
            out.decimal(press.x)
            out.append(#","y":"#)
            out.decimal(press.y)
        case .rotation(let phase, let rotation):
            out.append(#","type":"rotation""#)
            writePhase(phase, to: &out)
            out.append(#","rotation":"#)
            out.decimal(rotation.rotation)
            out.append(#","center":"#)
            writePoint(rotation.center, to: &out)
        case .gesture(let phase, let value):
            out.append(#","type":"gesture""#)
            writePhase(phase, to: &out)
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
        out.append(UInt8(ascii: "}"))
    }

    /// `,"phase":"…"`: `GesturePhase.rawValue`, which EventFormatterTests holds these to.
    @inline(__always)
    private static func writePhase(_ phase: GesturePhase, to out: inout ByteWriter) {
        switch phase {
        case .began: out.append(#","phase":"began""#)
        case .changed: out.append(#","phase":"changed""#)
        case .ended: out.append(#","phase":"ended""#)
        case .cancelled: out.append(#","phase":"cancelled""#)
        }
    }

    /// A JSON string: quoted and escaped.
    private static func writeString(_ value: String, to out: inout ByteWriter) {
        out.append(UInt8(ascii: "\""))
        out.appendEscaped(value)
        out.append(UInt8(ascii: "\""))
    }

    private static func writePoint(_ point: Point, to out: inout ByteWriter) {
        out.append(#"{"x":"#)
        out.decimal(point.x)
        out.append(#","y":"#)
        out.decimal(point.y)
        out.append(UInt8(ascii: "}"))
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
