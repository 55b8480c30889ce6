import EvdevModel
import FuzzSupport
import GestureCore
import GestureRuntime
import TraceFormats
import TracePlayback

/// The layout of every run: the date chart and the timer dial of `Recordings/synthetic-dial-rotate`.
let fixedLayout = parseFixedLayout(chartAndDialLayout)

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
          var pipeline = pipeline(description, mapping)
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
          let replayed = pipeline(description, mapping) else {
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

/// The pipeline of `description`'s touches on `fixedLayout`, nil for a device that is not a touch device. The engine
/// takes the fixed layout, which the layout file read: its refusing it is a finding.
private func pipeline(_ description: DeviceDescription, _ mapping: SurfaceMapping) -> GesturePipeline? {
    do {
        return try GesturePipeline(description: description, surface: mapping, layout: fixedLayout)
    } catch {
        fatalError("the engine refused the fixed layout: \(error)")
    }
}
