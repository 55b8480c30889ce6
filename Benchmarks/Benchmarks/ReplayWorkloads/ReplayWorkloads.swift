import EvdevModel
import Foundation
import GestureCore
import GestureFormat
import LayoutFile
import GestureRuntime
import SystemCalls
import TraceFormats
import TracePlayback

// Replay's workloads, shared by the benchmarks (ReplayBenchmarks) and the tool that writes the same trace for
// the table's process runs and instruction counts (bench-workloads, run by Benchmarks/bench-table.py).

/// SPEC's example surface on a 10-slot touchscreen: 0…4095 × 0…2559 at 19 units/mm.
public let device = DeviceDescription(
    name: "Benchmark Touchscreen",
    id: InputID(bustype: 3, vendor: 1, product: 1, version: 1),
    properties: [InputProperty.direct],
    codes: [
        EventType.key: [KeyCode.btnTouch],
        EventType.abs: [AbsCode.x, AbsCode.y, AbsCode.mtSlot, AbsCode.mtPositionX, AbsCode.mtPositionY, AbsCode.mtTrackingID],
    ],
    absinfo: [
        AbsCode.x: AbsInfo(minimum: 0, maximum: 4095, resolution: 19),
        AbsCode.y: AbsInfo(minimum: 0, maximum: 2559, resolution: 19),
        AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 9),
        AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 4095, resolution: 19),
        AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 2559, resolution: 19),
        AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
    ]
)

/// The layout file of the benchmarks (a chart above a dial without stops, as SPEC's example), also given to
/// `gestures replay` and `live` by Benchmarks/bench-table.py and live-cost.sh: the same gestures in every figure.
public let layoutPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../benchmark.layout.json").standardized.path

/// The layout of `layoutPath`.
public let layout: Layout = {
    do {
        return try LayoutFile.parse(Array(try Data(contentsOf: URL(fileURLWithPath: layoutPath))), file: layoutPath)
    } catch {
        fatalError("the benchmarks' layout: \(error)")
    }
}()

/// The trace of issue 12's table: 11,000 gestures, 3.35 million events, 100 MB.
public let tableGestures = 11_000

/// Evemu text of `device`'s events without the comments an evemu writer adds (a line is about 30 bytes, as in a
/// recording from `evemu-record` read back without them), and the number of events written.
struct EvemuLines {
    var text = Array(EvemuFormat.header(for: device).utf8)
    var events = 0
    private var lastSyn: Timestamp?

    mutating func append(_ type: UInt16, _ code: UInt16, _ value: Int32, at time: Int64) {
        EvemuFormat.appendEventLine(InputEvent(time: Timestamp(microseconds: time), type: type, code: code, value: value),
                                    lastSyn: &lastSyn, to: &text)
        // The line without its comment: `E: 0.000001 0003 002f 0`.
        if let tab = text.lastIndex(of: UInt8(ascii: "\t")) { text.removeSubrange(tab...) }
        text.append(UInt8(ascii: "\n"))
        events += 1
    }
}

/// A trace of `gestures` one-finger gestures at 100 Hz, two fingers at a time (one on the chart, one winding the
/// dial), as evemu text (`EvemuLines`). Returns the text and the number of events.
public func traceText(gestures: Int) -> (text: [UInt8], events: Int) {
    var lines = EvemuLines()
    var time: Int64 = 1
    var tracking: Int32 = 0
    for gesture in 0..<gestures {
        let steps = gesture % 3 == 0 ? 8 : 60
        for step in 0...steps {
            let t = Double(step) / Double(steps)
            let chartX = Int32((60 + t * (gesture % 3 == 1 ? 0 : 80)) * 19)
            let angle = t * 4 * Double.pi
            let dialX = Int32((107.5 + 20 * sin(angle)) * 19), dialY = Int32((100 - 20 * cos(angle)) * 19)
            for slot in 0...1 {
                lines.append(EventType.abs, AbsCode.mtSlot, Int32(slot), at: time)
                if step == 0 {
                    tracking += 1
                    lines.append(EventType.abs, AbsCode.mtTrackingID, tracking, at: time)
                }
                if step == steps {
                    lines.append(EventType.abs, AbsCode.mtTrackingID, -1, at: time)
                } else {
                    lines.append(EventType.abs, AbsCode.mtPositionX, slot == 0 ? chartX : dialX, at: time)
                    lines.append(EventType.abs, AbsCode.mtPositionY, slot == 0 ? 30 * 19 : dialY, at: time)
                }
            }
            lines.append(EventType.syn, SynCode.report, 0, at: time)
            time += 10_000
        }
    }
    return (lines.text, lines.events)
}

/// Issue 23's trace, for the layouts of Benchmarks/target-layouts/: `gestures` gestures of one finger at 100 Hz,
/// in turn a tap at (60 mm, 40 mm) (the landing, two moves of 0.5 mm within the slop, the lift 30 ms after the
/// landing) and a 30 mm drag to the right from (50 mm, 40 mm) (1 mm a frame, then the lift), 500 ms apart, as
/// evemu text (`EvemuLines`). Returns the text, the number of events and the number of frames.
public func tapsAndDragsText(gestures: Int) -> (text: [UInt8], events: Int, frames: Int) {
    var lines = EvemuLines()
    var time: Int64 = 1
    var frames = 0
    for gesture in 0..<gestures {
        // The finger's positions in mm, one a frame, then its lift.
        let path: [(x: Double, y: Double)] = gesture % 2 == 0
            ? [(60, 40), (60.5, 40), (60.5, 40.5)]
            : (0...30).map { (50 + Double($0), 40) }
        var last: (x: Int32, y: Int32)?
        for position in path {
            let x = Int32(position.x * 19), y = Int32(position.y * 19)
            // As the kernel sends them: the tracking id at the landing, then only the coordinates that changed.
            if last == nil { lines.append(EventType.abs, AbsCode.mtTrackingID, Int32(gesture + 1), at: time) }
            if x != last?.x { lines.append(EventType.abs, AbsCode.mtPositionX, x, at: time) }
            if y != last?.y { lines.append(EventType.abs, AbsCode.mtPositionY, y, at: time) }
            last = (x, y)
            lines.append(EventType.syn, SynCode.report, 0, at: time)
            frames += 1
            time += 10_000
        }
        lines.append(EventType.abs, AbsCode.mtTrackingID, -1, at: time)
        lines.append(EventType.syn, SynCode.report, 0, at: time)
        frames += 1
        time += 500_000
    }
    return (lines.text, lines.events, frames)
}

/// Writes the trace of `gestures` gestures (`traceText`) to `path`, in one atomic write.
public func writeTrace(gestures: Int, to path: String) throws -> (bytes: Int, events: Int) {
    let trace = traceText(gestures: gestures)
    try Data(trace.text).write(to: URL(fileURLWithPath: path), options: .atomic)
    return (trace.text.count, trace.events)
}

/// The trace of `gestures` gestures in the temporary folder, written once and kept for the next run (each
/// benchmark runs in a process of its own): its path and size in bytes. The name's version changes with `traceText`.
public func cachedTrace(gestures: Int) throws -> (path: String, bytes: Int) {
    let path = NSTemporaryDirectory() + "touchgestures-replay-benchmark-v2-\(gestures).evemu"
    if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > 0 {
        return (path, size)
    }
    let written = try writeTrace(gestures: gestures, to: path)
    return (path, written.bytes)
}

/// Replay's one pipeline on a whole trace, as `gestures replay` plays it and as a library user would: the library's
/// trace source as fast as possible (`TraceGestureSource`: the reader's batches of events handed to the
/// `GesturePipeline` where they lie), each event's line appended with `EventFormatter.appendLine(_:to:reusing:)`
/// into a byte buffer, written to `descriptor` (/dev/null in the benchmarks) 64 KiB at a time. Returns the bytes
/// written. (Until round 4 of issue 12 this loop read one event at a time and kept no line beginning, which
/// `gestures replay` no longer does: its figure lagged replay's own.)
public func replay(_ path: String, to descriptor: Int32) throws -> Int {
    let reader = try TraceReader.open(path: path)
    guard let mapping = reader.description.surfaceMapping(),
          let pipeline = try GesturePipeline(description: reader.description, surface: mapping, layout: layout) else { return -1 }
    let formatter = EventFormatter()
    var output = OutputBuffer(descriptor: descriptor)
    let source = TraceGestureSource(reader: reader, pipeline: pipeline, surface: mapping)
    while !source.isFinished {
        source.dispatch(now: .zero) { output.append($0, with: formatter) }
    }
    if let failure = source.failure { throw failure }
    output.flush()
    return output.written
}

/// Lines of JSON in a reused buffer, written out 64 KiB at a time.
public struct OutputBuffer {
    public private(set) var bytes: [UInt8] = []
    public private(set) var written = 0
    let descriptor: Int32
    /// The previous line's beginning, which the next line of the same time and target copies.
    private var lineStart = EventFormatter.LineStart()

    public init(descriptor: Int32) {
        self.descriptor = descriptor
        bytes.reserveCapacity(1 << 16 + 4096)
    }

    public mutating func append(_ event: GestureEvent, with formatter: EventFormatter) {
        formatter.appendLine(event, to: &bytes, reusing: &lineStart)
        if bytes.count > 1 << 16 { flush() }
    }

    public mutating func flush() {
        written += bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count <= 0 { break }
                offset += count
            }
            return offset
        }
        bytes.removeAll(keepingCapacity: true)
    }
}
