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

    /// The rest of the line, from the type on, and the newline when `newline` is true. The types are `Kind.type` (EventFormatterTests holds them to it).
    static func write(_ kind: GestureEvent.Kind, to out: inout ByteWriter, newline: Bool) {
        switch kind {
        case .tap(let tap):
            out.append(" tap x=")
            out.decimal(tap.x)
            out.append(" y=")
            out.decimal(tap.y)
            out.append(" count=")
            out.integer(Int64(tap.count))
            if let value = tap.value {
                out.append(" value=")
                writeValue(value, to: &out)
            }
            if let selection = tap.selection { writeSelection(selection, to: &out) }
        case .select(let phase, let select):
            out.append(" select")
            writePhase(phase, to: &out)
            out.append(" anchor=")
            writeBucket(select.anchor, to: &out)
            writeSelection(select.selection, to: &out)
        case .pan(let phase, let pan):
            out.append(" pan")
            writePhase(phase, to: &out)
            out.append(" dx=")
            out.decimal(pan.dx)
            out.append(" dy=")
            out.decimal(pan.dy)
            if let velocity = pan.velocity {
                out.append(" vx=")
                out.decimal(velocity.vx)
                out.append(" vy=")
                out.decimal(velocity.vy)
            }
        case .wind(let phase, let wind):
            out.append(" wind")
            writePhase(phase, to: &out)
            out.append(" angle=")
            out.decimal(wind.angle)
            out.append(" delta=")
            out.decimal(wind.delta)
            out.append(" detent=")
            out.integer(Int64(wind.detent))
        case .rotate(let phase, let rotate):
            out.append(" rotate")
            writePhase(phase, to: &out)
            out.append(" angle=")
            out.decimal(rotate.angle)
            out.append(" rotation=")
            out.decimal(rotate.rotation)
            out.append(" delta=")
            out.decimal(rotate.delta)
            out.append(" detent=")
            out.integer(Int64(rotate.detent))
            out.append(" center=")
            writePoint(rotate.center, to: &out)
        case .haptic(let haptic):
            switch haptic {
            case .press:
                out.append(" haptic kind=press")
            case .detent(let detent):
                out.append(" haptic kind=detent detent=")
                out.integer(Int64(detent))
            case .limit(let detent):
                out.append(" haptic kind=limit detent=")
                out.integer(Int64(detent))
            }
        case .magnify(let phase, let magnify):
            out.append(" magnify")
            writePhase(phase, to: &out)
            out.append(" scale=")
            out.decimal(magnify.scale)
            out.append(" center=")
            writePoint(magnify.center, to: &out)
        case .swipe(let swipe):
            out.append(" swipe direction=")
            out.appendEscaped(swipe.direction)
            out.append(" vx=")
            out.decimal(swipe.vx)
            out.append(" vy=")
            out.decimal(swipe.vy)
            out.append(" fingers=")
            out.integer(Int64(swipe.fingers))
        case .edgeSwipe(let phase, let swipe):
            out.append(" edge-swipe")
            writePhase(phase, to: &out)
            out.append(" edge=")
            out.appendEscaped(swipe.edge)
            out.append(" dx=")
            out.decimal(swipe.dx)
            out.append(" dy=")
            out.decimal(swipe.dy)
        case .zoom(let phase, let zoom):
            out.append(" zoom")
            writePhase(phase, to: &out)
            out.append(" visible=")
            writeValue(zoom.visible.start, to: &out)
            out.append("..")
            writeValue(zoom.visible.end, to: &out)
        case .longPress(let press):
            out.append(" long-press x=")
            out.decimal(press.x)
            out.append(" y=")
            out.decimal(press.y)
        case .rotation(let phase, let rotation):
            out.append(" rotation")
            writePhase(phase, to: &out)
            out.append(" rotation=")
            out.decimal(rotation.rotation)
            out.append(" center=")
            writePoint(rotation.center, to: &out)
        case .gesture(let phase, let value):
            out.append(" gesture")
            writePhase(phase, to: &out)
            out.append(" value=")
            out.appendEscaped(value.description)
        case .explanation(let explanation):
            // `PATH: FROM -> TO, REASON`
            out.append(" explain ")
            for part in [explanation.path, ": ", explanation.from, " -> ", explanation.to, ", ",
                         ExplanationText.reason(explanation.reason)] {
                out.appendEscaped(part)
            }
        }
        if newline { out.append(UInt8(ascii: "\n")) }
    }

    /// ` began`, …: `GesturePhase.rawValue`, which EventFormatterTests holds these to.
    private static func writePhase(_ phase: GesturePhase, to out: inout ByteWriter) {
        switch phase {
        case .began: out.append(" began")
        case .changed: out.append(" changed")
        case .ended: out.append(" ended")
        case .cancelled: out.append(" cancelled")
        }
    }

    private static func writePoint(_ point: Point, to out: inout ByteWriter) {
        out.decimal(point.x)
        out.append(UInt8(ascii: ","))
        out.decimal(point.y)
    }

    private static func writeValue(_ value: DomainValue, to out: inout ByteWriter) {
        switch value {
        case .number(let number): out.decimal(number)
        case .instant(let seconds): out.append(utf8: Numbers.instant(seconds: seconds))
        }
    }

    private static func writeBucket(_ bucket: Bucket, to out: inout ByteWriter) {
        switch bucket {
        case .number(let number): out.decimal(number)
        case .day(let day): out.append(utf8: day.description)
        }
    }

    /// ` selection=START..END`.
    private static func writeSelection(_ selection: Selection, to out: inout ByteWriter) {
        out.append(" selection=")
        writeBucket(selection.start, to: &out)
        out.append("..")
        writeBucket(selection.end, to: &out)
    }
}
