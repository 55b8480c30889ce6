import EvdevModel
import GestureCore
import SystemCalls

/// The writer of `libinput record` files.
public enum LibinputRecordFormat {
    /// A `libinput record` file, format version 1, of one device: the `evdev:` description (name, id,
    /// codes, absinfo, properties) and one `- evdev:` item per frame of `[sec, usec, type, code, value]`
    /// rows, commented as libinput record comments them. Events after the last `SYN_REPORT` (a partial frame) are
    /// one more item, which a reader drops as a partial frame. A comment, the node or the name that holds control
    /// characters (a line end) has them escaped, so that the file reads back as written: in comments as `\xNN`
    /// (`TerminalText`), in the quoted name and node as YAML's `\xNN`.
    public static func document(description: DeviceDescription, node: String, comments: [String], events: [InputEvent]) -> String {
        var lines: [String] = ["# libinput record"]
        lines += comments.map { "# " + TerminalText.escaped($0) }
        lines += [
            "version: 1",
            "ndevices: 1",
            "devices:",
            "- node: \(plainOrQuoted(node))",
            "  evdev:",
            "    # Name: \(TerminalText.escaped(description.name))",
            "    name: \(quoted(description.name))",
            "    id: [\(description.id.bustype), \(description.id.vendor), \(description.id.product), \(description.id.version)]",
            "    codes:",
        ]
        var types = description.codes.keys.filter { $0 != EventType.syn }
        types.append(EventType.syn)
        for type in types.sorted() {
            // EV_SYN: the codes the input core gives every device.
            let codes = type == EventType.syn
                ? [SynCode.report, SynCode.config, SynCode.mtReport, SynCode.dropped]
                : description.codes(ofType: type).members
            let list = codes.map(String.init).joined(separator: ", ")
            lines.append("      \(type): [\(list)] # \(EvdevNames.type(type) ?? "?")")
        }
        lines.append("    absinfo:")
        for (code, info) in description.absinfo.sorted(by: { $0.key < $1.key }) {
            let numbers = [info.minimum, info.maximum, info.fuzz, info.flat, info.resolution].map(String.init).joined(separator: ", ")
            lines.append("      \(code): [\(numbers)] # \(EvdevNames.code(code, type: EventType.abs) ?? "?")")
        }
        lines.append("    properties: [\(description.properties.members.map(String.init).joined(separator: ", "))]")
        lines.append("  events:")
        var frame: [String] = []
        var lastSyn: Int64?
        for event in events {
            frame.append("    - " + row(event, lastSyn: &lastSyn))
            if event.isSynReport {
                lines.append("  - evdev:")
                lines += frame
                frame = []
            }
        }
        if !frame.isEmpty {
            lines.append("  - evdev:")
            lines += frame
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `[  0,  12000,   3,  53,    2048] # EV_ABS / ABS_MT_POSITION_X    2048`.
    private static func row(_ event: InputEvent, lastSyn: inout Int64?) -> String {
        let microseconds = event.time.microseconds
        let numbers = "[\(pad(microseconds / 1_000_000, 3)), \(pad(microseconds % 1_000_000, 6)), "
            + "\(pad(Int64(event.type), 3)), \(pad(Int64(event.code), 3)), \(pad(Int64(event.value), 7))]"
        let comment: String
        if event.isSynReport {
            let milliseconds = microseconds / 1000
            let delta = milliseconds - (lastSyn ?? milliseconds)
            lastSyn = milliseconds
            comment = "------------ SYN_REPORT (0) ---------- +\(delta)ms"
        } else if event.type == EventType.syn && event.code == SynCode.mtReport {
            comment = "++++++++++++ SYN_MT_REPORT (0) ++++++++++"
        } else {
            let name = EvdevNames.code(event.code, type: event.type) ?? "?"
            comment = "\(EvdevNames.type(event.type) ?? "?") / \(name)\(String(repeating: " ", count: max(0, 20 - name.count))) \(event.value)"
        }
        return numbers + " # " + comment
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }

    /// YAML's double-quoted form of `text`: `"` and `\\` escaped, and each control character as `\xNN`.
    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            if scalar == "\"" || scalar == "\\" {
                result.append("\\")
                result.unicodeScalars.append(scalar)
            } else if TerminalText.isControl(scalar) && scalar.value < 0x100 {
                result += TerminalText.hexEscape(UInt8(scalar.value))
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// `text` as it is when YAML reads it back so (a device node: `/dev/input/event20`), else quoted.
    private static func plainOrQuoted(_ text: String) -> String {
        let plain = !text.isEmpty && text.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || "/._-".utf8.contains(byte)
        }
        return plain ? text : quoted(text)
    }
}
