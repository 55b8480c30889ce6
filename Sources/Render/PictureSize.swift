import GestureCore
import GestureFormat

extension Picture {
    /// A picture writes at most this many bytes for each byte of its trace (docs/SPEC.md, Pictures, Size): what the
    /// frames draw, the contacts' paths and marks and a turn's arc (contacts alone measured 29 per byte, animated)...
    public static let bytesPerTraceByte = 64
    /// ... and at most this many for each byte of the gesture lines `replay` prints for it (JSON Lines, the
    /// explanations of `--explain` included): each gesture's marks, its bar or dot on the time strip, and a value
    /// per line in its animations...
    public static let bytesPerLineByte = 16
    /// ... beyond twice the still picture of the same title, surface and targets with nothing played (the page, the
    /// targets and the time axis depend on the layout and the surface, not on the trace's length), and this many
    /// bytes more. Traces made to cost the most came to at most 45% of the bound.
    public static let extraBytes = 16_384

    /// The bytes of the gesture lines `replay` prints for the events of this picture: JSON Lines, a newline each.
    public var lineBytes: Int {
        let formatter = EventFormatter(format: .jsonl)
        var line: [UInt8] = []
        var total = 0
        for event in events {
            line.removeAll(keepingCapacity: true)
            formatter.appendLine(event, to: &line)
            total += line.count
        }
        return total
    }

    /// The most bytes ``svg(animated:)`` writes, still or animated, for this picture of a trace of `traceBytes`
    /// bytes: `bytesPerTraceByte` × `traceBytes` + `bytesPerLineByte` × ``lineBytes`` + twice the still picture
    /// with nothing played + `extraBytes` (docs/SPEC.md, Pictures, Size).
    public func sizeLimit(traceBytes: Int) -> Int {
        let page = Picture(title: title, surface: surface, targets: targets).svg().utf8.count
        return Self.bytesPerTraceByte * traceBytes + Self.bytesPerLineByte * lineBytes + 2 * page + Self.extraBytes
    }
}
