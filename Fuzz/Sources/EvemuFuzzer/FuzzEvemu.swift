import EvdevModel
import GestureCore
import FuzzSupport
@_spi(Fuzzing) import TraceFormats

/// Reads the input as an evemu trace (`trace.evemu`) three times, plain event lines in one pass (one event at
/// a time, and in batches straight from the line reader's buffer as `TraceGestureSource` reads them) and
/// every line by the validating path (`EvemuPaths`): the same events, the same error (its line and message)
/// and the same last line cut short, else a finding. Then through `TraceReader` (a
/// header-less trace finds no description beside it and is an error), and checks:
/// - the number of events is bounded by the input's size (an `E:` line is at least 12 bytes);
/// - a trace read with its header, written again by `EvemuFormat`, reads back to the same description and
///   the same events. Except for the `EV_SYN` mask of a header without a `B: 00` line, which the writer
///   makes up from the event types, as for a description built in code. (A name read from a file holds no
///   line break and does not begin with a blank, so the writer writes it as it is.)
func fuzzEvemu(_ input: FuzzInput) {
    let path = Scratch.write("trace.evemu", input.bytes)
    let onePass = EvemuPaths.read(path: path, onePass: true)
    let validating = EvemuPaths.read(path: path, onePass: false)
    for (name, reading) in [("one-pass", onePass), ("batched", EvemuPaths.read(path: path, onePass: true, batch: 3))]
    where reading != validating {
        let index = firstDifference(reading.events, validating.events) ?? min(reading.events.count, validating.events.count)
        finding("the \(name) reading differs from the validating one: \(reading.events.count) events for \(validating.events.count), "
            + "first difference at \(index); errors \(String(describing: reading.error)) and \(String(describing: validating.error)); "
            + "cut short \(String(describing: reading.cutShortLine)) and \(String(describing: validating.cutShortLine))")
    }
    let trace: TraceReader
    do {
        trace = try TraceReader.open(path: path)
    } catch {
        return
    }
    var events: [InputEvent] = []
    var failed = false
    do {
        while let event = try trace.next() {
            events.append(event)
            if events.count > input.bytes.count / 12 + 1 {
                finding("\(events.count) events from \(input.bytes.count) bytes")
            }
        }
    } catch {
        failed = true
    }
    // The same events, written by the writer and read again.
    guard !failed else { return }
    var text = Array(EvemuFormat.header(for: trace.description).utf8)
    var lastSyn: Timestamp?
    for event in events {
        EvemuFormat.appendEventLine(event, lastSyn: &lastSyn, to: &text)
    }
    let again = text.withUnsafeBufferPointer { Scratch.write("again.evemu", $0) }
    do {
        let reread = try TraceReader.open(path: again)
        let expected = trace.description
        var actual = reread.description
        if expected.codes[EventType.syn] == nil {
            actual = DeviceDescription(name: actual.name, id: actual.id, properties: actual.properties,
                                       codes: actual.codes.filter { $0.key != EventType.syn }, absinfo: actual.absinfo)
        }
        guard actual == expected else {
            finding("the description written by EvemuFormat reads back otherwise:\n\(trace.description)\n\(reread.description)")
        }
        let back = try reread.readAll()
        guard back == events else {
            let index = firstDifference(back, events) ?? 0
            finding("the events written by EvemuFormat read back otherwise: \(back.count) for \(events.count), first difference at \(index)")
        }
    } catch {
        finding("the trace written by EvemuFormat cannot be read: \(error)")
    }
}
