import Benchmark
import EvdevModel
import Foundation
import GestureCore
import GestureFormat
import TraceFormats

/// SPEC's example surface on a 10-slot touchscreen: 0…4095 × 0…2559 at 19 units/mm.
let device = DeviceDescription(
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

/// SPEC's example layout.
let layout = Layout(regions: [
    .timeline(TimelineConfiguration(name: "chart", rect: Rect(x: 10, y: 5, width: 200, height: 60),
                                    domain: .numeric(start: 0, end: 20, bucket: 1))),
    .dial(DialConfiguration(name: "timer", center: Point(x: 107.5, y: 100), radius: 30, minDegrees: nil, maxDegrees: nil)),
])

/// Writes a trace of `gestures` one-finger gestures at 100 Hz, two fingers at a time (one on the chart,
/// one winding the dial), and returns its path, size in bytes and number of events.
func makeTrace(gestures: Int) throws -> (path: String, bytes: Int, events: Int) {
    let path = NSTemporaryDirectory() + "replay-benchmark-\(gestures).evemu"
    var text = Array(EvemuFormat.header(for: device).utf8)
    var lastSyn: Timestamp?
    var events = 0
    var time: Int64 = 1
    var tracking: Int32 = 0
    func event(_ type: UInt16, _ code: UInt16, _ value: Int32) {
        EvemuFormat.appendEventLine(InputEvent(time: Timestamp(microseconds: time), type: type, code: code, value: value),
                                    lastSyn: &lastSyn, to: &text)
        events += 1
    }
    for gesture in 0..<gestures {
        let steps = gesture % 3 == 0 ? 8 : 60
        for step in 0...steps {
            let t = Double(step) / Double(steps)
            let chartX = Int32((60 + t * (gesture % 3 == 1 ? 0 : 80)) * 19)
            let angle = t * 4 * Double.pi
            let dialX = Int32((107.5 + 20 * sin(angle)) * 19), dialY = Int32((100 - 20 * cos(angle)) * 19)
            for slot in 0...1 {
                event(EventType.abs, AbsCode.mtSlot, Int32(slot))
                if step == 0 {
                    tracking += 1
                    event(EventType.abs, AbsCode.mtTrackingID, tracking)
                }
                if step == steps {
                    event(EventType.abs, AbsCode.mtTrackingID, -1)
                } else {
                    event(EventType.abs, AbsCode.mtPositionX, slot == 0 ? chartX : dialX)
                    event(EventType.abs, AbsCode.mtPositionY, slot == 0 ? 30 * 19 : dialY)
                }
            }
            event(EventType.syn, SynCode.report, 0)
            time += 10_000
        }
    }
    try Data(text).write(to: URL(fileURLWithPath: path))
    return (path, text.count, events)
}

/// Reads, assembles, recognizes and formats a whole trace; returns the bytes of output.
func replay(_ path: String) throws -> Int {
    let reader = try TraceReader.open(path: path)
    guard let mapping = reader.description.surfaceMapping(),
          var pipeline = GesturePipeline(description: reader.description, surface: mapping, layout: layout) else { return -1 }
    let formatter = EventFormatter()
    var bytes = 0
    while let event = try reader.next() {
        for gesture in pipeline.handle(event) { bytes += formatter.line(for: gesture).utf8.count + 1 }
    }
    for gesture in pipeline.finish().events { bytes += formatter.line(for: gesture).utf8.count + 1 }
    return bytes
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .throughput, .mallocCountTotal, .peakMemoryResident],
                                           maxDuration: .seconds(10), maxIterations: 10)
    // About 60 MB: 3,000 gestures, 0.9 million events (`gestures replay` of a 10× trace was also timed).
    guard let trace = try? makeTrace(gestures: 3_000) else { fatalError("cannot write the benchmark trace") }
    print("replay benchmark trace: \(trace.bytes) bytes, \(trace.events) events")

    Benchmark("replay: evemu → frames → engine → JSON Lines (\(trace.bytes / 1_000_000) MB, \(trace.events / 1000)k events)",
              configuration: .init(scalingFactor: .one)) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try replay(trace.path))
        }
    }
}
