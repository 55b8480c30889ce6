import GestureFormat
import Synchronization
import SystemCalls
import TraceFormats
import TracePlayback

#if canImport(Glibc)
import Glibc
#endif

/// One JSON Lines output line, read back as its keys and values in order (nested objects as one value).
struct OutputLine {
    var fields: [(key: String, value: String)] = []

    /// Nil when the line is not one flat JSON object of ours.
    init?(_ line: String) {
        var scalars = Array(line.unicodeScalars)[...]
        guard scalars.popFirst() == "{" else { return nil }
        while let first = scalars.first, first != "}" {
            guard let key = Self.string(&scalars), scalars.popFirst() == ":" else { return nil }
            guard let value = Self.value(&scalars, depth: 1) else { return nil }
            fields.append((key, value))
            if scalars.first == "," { scalars.removeFirst() }
        }
    }

    func value(of key: String) -> String? { fields.first { $0.key == key }?.value }

    private static func string(_ scalars: inout ArraySlice<Unicode.Scalar>) -> String? {
        guard scalars.popFirst() == "\"" else { return nil }
        var text = ""
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "\"": return text
            case "\\": if let escaped = scalars.popFirst() { text.unicodeScalars.append(escaped) }
            default: text.unicodeScalars.append(scalar)
            }
        }
        return nil
    }

    /// Objects nested deeper than this are not ours (ours nest one level: `selection`, `center`): an expected
    /// file's line nested 300,000 deep overflowed the stack.
    private static let deepestObject = 4

    /// A value as people read it: a string without quotes, a number as printed, `{start, end}` as
    /// `start…end`, any other object as `(a, b)`; nil when it is not one of ours (an object not closed, as in
    /// a file cut short, or nested deeper than `deepestObject`). `depth` is the object's that holds it.
    private static func value(_ scalars: inout ArraySlice<Unicode.Scalar>, depth: Int) -> String? {
        switch scalars.first {
        case "\"":
            return string(&scalars)
        case "{":
            guard depth < deepestObject else { return nil }
            scalars.removeFirst()
            var parts: [(String, String)] = []
            while let first = scalars.first, first != "}" {
                guard let key = string(&scalars), scalars.popFirst() == ":", let value = value(&scalars, depth: depth + 1) else {
                    return nil
                }
                parts.append((key, value))
                if scalars.first == "," { scalars.removeFirst() }
            }
            guard scalars.popFirst() == "}" else { return nil }
            if parts.map(\.0) == ["start", "end"] { return parts[0].1 + "…" + parts[1].1 }
            return "(" + parts.map(\.1).joined(separator: ", ") + ")"
        default:
            var text = ""
            while let scalar = scalars.first, scalar != ",", scalar != "}" { text.unicodeScalars.append(scalar); scalars.removeFirst() }
            return text
        }
    }

    /// "select ended at 13.650000 in chart".
    var heading: String {
        [value(of: "type"), value(of: "phase")].compactMap { $0 }.joined(separator: " ")
            + (value(of: "time").map { " at " + $0 } ?? "") + (value(of: "region").map { " in " + $0 } ?? "")
    }

    /// The fields after the heading's, as "key value".
    var details: [String] {
        fields.filter { !["trace", "time", "region", "type", "phase"].contains($0.key) }.map { "\($0.key) \($0.value)" }
    }
}

/// `summary` then the fields that differ, `; ` between them, as many as keep the summary within a line's shown bytes
/// (`CheckedLine.shownLimit`), the first always, then how many more: each field that one line has and the other has
/// not is named, and an expected line of 4 KiB with 670 keys of its own made a summary of 13,641 characters.
private func named(_ differences: [String], after summary: String) -> String {
    var summary = summary
    for (index, difference) in differences.enumerated() {
        if index > 0 && summary.utf8.count + 2 + difference.utf8.count > CheckedLine.shownLimit {
            return summary + "; and \(differences.count - index) more"
        }
        summary += (index > 0 ? "; " : "") + difference
    }
    return summary
}

/// What differs between the first differing lines, in one line.
func summarize(actual: String?, expected: String?) -> String {
    switch (actual.flatMap(OutputLine.init), expected.flatMap(OutputLine.init)) {
    case (let got?, let wanted?):
        guard got.value(of: "type") == wanted.value(of: "type"), got.value(of: "phase") == wanted.value(of: "phase"),
              got.value(of: "region") == wanted.value(of: "region") else {
            return "got \(got.heading) (\(got.details.joined(separator: ", "))), expected \(wanted.heading) (\(wanted.details.joined(separator: ", ")))"
        }
        var differences: [String] = []
        if got.value(of: "time") != wanted.value(of: "time") {
            differences.append("time \(got.value(of: "time") ?? "none"), expected \(wanted.value(of: "time") ?? "none")")
        }
        let keys = (got.fields.map(\.key) + wanted.fields.map(\.key)).filter { !["trace", "time", "region", "type", "phase"].contains($0) }
        var seen = Set<String>()
        for key in keys where seen.insert(key).inserted && got.value(of: key) != wanted.value(of: key) {
            differences.append("\(key) \(got.value(of: key) ?? "none"), expected \(wanted.value(of: key) ?? "none")")
        }
        guard differences.isEmpty, let actual, let expected else { return named(differences, after: got.heading + ": ") }
        // The same fields, other bytes: say which, as the diff's lines look alike.
        if expected == actual + "\r" {
            return got.heading + ": the expected line ends with a carriage return (CR LF line ends), the output's with a newline alone"
        }
        return got.heading + ": the same fields, written otherwise (spacing, order of keys): expected " + expected
    case (let got?, nil) where expected == nil:
        return "unexpected \(got.heading)" + (got.details.isEmpty ? "" : " (\(got.details.joined(separator: ", ")))")
    case (nil, let wanted?) where actual == nil:
        return "missing \(wanted.heading)" + (wanted.details.isEmpty ? "" : " (\(wanted.details.joined(separator: ", ")))")
    case (let got?, nil):
        return "got \(got.heading) (\(got.details.joined(separator: ", "))), expected a line that is not ours: \(expected ?? "")"
    case (nil, _?), (nil, nil):
        return "the line differs: \(actual ?? "nothing"), expected \(expected ?? "nothing")"
    }
}
