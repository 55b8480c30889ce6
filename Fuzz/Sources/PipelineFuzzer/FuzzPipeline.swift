import EvdevModel
import FuzzSupport
import GestureCore
import LayoutFile
import TraceFormats

/// The description used for a header-less input (written as `trace.desc` beside it, where the reader looks
/// for it): the synthetic touchscreen of `Recordings/synthetic-*.evemu`, 10 slots, resolution 19 units/mm.
let fixedHeader = """
    N: Gestures Test Touchscreen
    I: 0003 222a 0001 0110
    P: 02 00 00 00 00 00 00 00
    B: 00 0b 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 04 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 02 00 00 00 00 00 00 00 00
    B: 03 03 00 00 00 00 80 60 02
    B: 04 00 00 00 00 00 00 00 00
    B: 05 00 00 00 00 00 00 00 00
    B: 11 00 00 00 00 00 00 00 00
    B: 12 00 00 00 00 00 00 00 00
    B: 14 00 00 00 00 00 00 00 00
    B: 15 00 00 00 00 00 00 00 00
    B: 15 00 00 00 00 00 00 00 00
    A: 00 0 4095 0 0 19
    A: 01 0 2559 0 0 19
    A: 2f 0 9 0 0 0
    A: 35 0 4095 0 0 19
    A: 36 0 2559 0 0 19
    A: 39 0 65535 0 0 0
    """

/// `fixedHeader`, written once as `trace.desc` in the scratch folder.
let fixedHeaderPath = Scratch.write("trace.desc", fixedHeader + "\n")

/// The layout of every run: the date chart and the timer dial of `Recordings/synthetic-dial-rotate`.
let fixedLayout: Layout = {
    let text = """
        {
          "surface": {"width": 215.5, "height": 134.7},
          "regions": [
            {"name": "chart", "kind": "timeline", "rect": {"x": 10, "y": 5, "width": 200, "height": 60},
             "domain": {"start": "2025-11-01", "end": "2025-12-01"}, "bucket": "day", "longPressMs": 300},
            {"name": "timer", "kind": "dial", "center": {"x": 107.5, "y": 100}, "radius": 30,
             "detentDegrees": 6, "maxDegrees": 360}
          ]
        }
        """
    do {
        return try LayoutFile.parse(text)
    } catch {
        fatalError("the fixed layout: \(error)")
    }
}()

/// Replays the input as an evemu trace: with its own header, or the fixed one when it has none, and the fixed
/// layout. One event at a time through `GesturePipeline.handle(_:)`, every event's gesture events through
/// `GestureChecks` (no trap, at most 10,000 per event, times in order), and at the end every `began` must be
/// closed once. Then as `gestures replay` does, through a `TraceGestureSource` (the reader's batches handed to the
/// pipeline where they lie): the same gesture events, in the same order.
func fuzzPipeline(_ input: FuzzInput) {
    _ = fixedHeaderPath
    let path = Scratch.write("trace.evemu", input.bytes)
    let reader: TraceReader
    do {
        reader = try TraceReader.open(path: path)
    } catch {
        return
    }
    let description = reader.description
    guard description.touchProtocol != nil,
          let mapping = description.surfaceMapping(size: nil, layoutSurface: fixedLayout.surface),
          var pipeline = GesturePipeline(description: description, surface: mapping, layout: fixedLayout)
    else { return }
    var checks = GestureChecks()
    var count = 0
    while true {
        let event: InputEvent?
        do {
            event = try reader.next()
        } catch {
            break
        }
        guard let event else { break }
        count += 1
        checks.add(pipeline.handle(event), after: "input event \(count): \(event)")
    }
    checks.add(pipeline.finish().events, after: "the end of the trace")
    checks.finish()

    guard let again = try? TraceReader.open(path: path),
          let replayed = GesturePipeline(description: description, surface: mapping, layout: fixedLayout) else {
        fatalError("the trace opened once and not twice")
    }
    let source = TraceGestureSource(reader: again, pipeline: replayed, surface: mapping)
    var delivered: [GestureEvent] = []
    while !source.isFinished { source.dispatch(now: .zero) { delivered.append($0) } }
    guard delivered == checks.events else {
        fatalError("replay through TraceGestureSource gave \(delivered.count) events, one at a time \(checks.events.count): "
                   + "first difference at \(zip(delivered, checks.events).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(delivered.count, checks.events.count))")
    }
}
