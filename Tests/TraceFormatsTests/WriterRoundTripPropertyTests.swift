import EvdevModel
import Foundation
import GestureCore
import GestureRuntime
import GestureTestSupport
import SystemCalls
import Testing
import TraceFormats
import TracePlayback

/// A property over random evdev streams: a trace written by the evemu writer reads back to the same
/// events and replays to the same gestures. 10,000 cases in `make test`, more with `PROPERTY_CASES=N`.
@Suite struct WriterRoundTripPropertyTests {
    static let cases: Int = {
        guard let text = ProcessInfo.processInfo.environment["PROPERTY_CASES"], let count = Int(text), count > 0 else { return 10_000 }
        return count
    }()

    /// A random protocol-B stream on a 4-slot device: fingers landing (new tracking ids), moving,
    /// lifting, in frames 1 µs to 0.8 s apart, with the odd `SYN_DROPPED`, frame cut short at the end,
    /// negative and large values, and events the engine ignores (`MSC_TIMESTAMP`).
    static func randomStream(_ random: inout SplitMix) -> [InputEvent] {
        var script = EventScript()
        var time: Int64 = Int64.random(in: 0...5_000_000_000, using: &random)
        var ids: [Int32?] = [nil, nil, nil, nil]
        var nextID: Int32 = Int32.random(in: 0...60_000, using: &random)
        for _ in 0..<Int.random(in: 1...40, using: &random) {
            time += Int64.random(in: 1...800_000, using: &random)
            script.at(time)
            if Int.random(in: 0..<60, using: &random) == 0 { script.dropped() }
            for slot in 0..<4 where Int.random(in: 0..<3, using: &random) == 0 {
                script.slot(Int32(slot))
                if ids[slot] == nil {
                    ids[slot] = nextID
                    script.trackingID(nextID)
                    nextID = (nextID + 1) % 65_536
                    script.position(Int32.random(in: -20...1020, using: &random), Int32.random(in: -20...520, using: &random))
                } else if Bool.random(using: &random) {
                    ids[slot] = nil
                    script.trackingID(-1)
                } else {
                    script.position(Int32.random(in: 0...1000, using: &random), Int32.random(in: 0...500, using: &random))
                }
            }
            if Bool.random(using: &random) { script.event(EventType.msc, 5 /* MSC_TIMESTAMP */, Int32.random(in: .min ... .max, using: &random)) }
            script.report()
        }
        if Bool.random(using: &random) {
            script.at(time + 10)
            script.slot(0)  // a frame cut short: no SYN_REPORT
        }
        return script.events
    }

    /// The gestures of `events` through the one pipeline, with its end.
    static func gestures(_ events: [InputEvent], _ description: DeviceDescription) throws -> [GestureEvent] {
        guard let surface = description.surfaceMapping(size: nil, layoutSurface: nil),
              var pipeline = try GesturePipeline(description: description, surface: surface, layout: nil) else { return [] }
        var gestures: [GestureEvent] = []
        for event in events { gestures += pipeline.handle(event) }
        return gestures + pipeline.finish().events
    }

    @Test func aTraceWrittenByTheEvemuWriterReadsBackAndReplaysTheSame() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/round-trip.evemu"
        let description = TestDevices.slots(4)
        var failures: [String] = []
        var gesturesSeen = 0
        for seed in 1...UInt64(Self.cases) {
            var random = SplitMix(state: seed)
            let events = Self.randomStream(&random)
            try writeEvemu(description, events, to: path)
            let reader = try TraceReader.open(path: path)
            let read = try reader.readAll()
            let expected = try Self.gestures(events, description)
            gesturesSeen += expected.count
            if read != events {
                failures.append("seed \(seed): read \(read.count) events of \(events.count), first difference at "
                                + "\(zip(read, events).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(read.count, events.count))")
            } else if EvemuFormat.header(for: reader.description) != EvemuFormat.header(for: description) {
                // (Read back, the description has the event-type mask the writer derived for it.)
                failures.append("seed \(seed): the header read back differs")
            } else if try Self.gestures(read, reader.description) != expected {
                failures.append("seed \(seed): the gestures differ")
            }
            if failures.count == 3 { break }
        }
        #expect(failures == [])
        #expect(gesturesSeen > Self.cases / 2)  // not vacuous: the streams make gestures
        print("writer round trip: \(Self.cases) streams, \(gesturesSeen) gestures")
    }
}
