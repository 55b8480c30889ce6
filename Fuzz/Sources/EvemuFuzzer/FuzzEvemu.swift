import EvdevModel
import GestureCore
import FuzzSupport
import TraceFormats

/// Reads the input as an evemu trace (`trace.evemu`; a header-less one finds no description beside it and
/// is an error), then checks:
/// - the number of events is bounded by the input's size (an `E:` line is at least 12 bytes);
/// - a trace read with its header, written again by `EvemuFormat`, reads back to the same description and
///   the same events. Except what the format cannot carry: the device's name is compared as `carried`
///   gives it, and the `EV_SYN` mask of a header without a `B: 00` line is made up by the writer from the
///   event types, as for a description built in code.
func fuzzEvemu(_ input: FuzzInput) {
    let path = Scratch.write("trace.evemu", input.bytes)
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
        var expected = trace.description
        expected.name = carried(expected.name)
        guard !expected.name.isEmpty else { return }
        var actual = reread.description
        if expected.codes[EventType.syn] == nil {
            actual = DeviceDescription(name: actual.name, id: actual.id, properties: actual.properties,
                                       codes: actual.codes.filter { $0.key != EventType.syn }, absinfo: actual.absinfo)
        }
        actual.name = carried(actual.name)
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

/// A device name as an evemu file carries it: the writer writes its line breaks as spaces (the name is the
/// rest of its `N:` line), and the reader skips the blanks after `N:`, so a name's leading blanks are lost.
func carried(_ name: String) -> String {
    let oneLine = name.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 }
    return String(oneLine.drop { $0 == " " || $0 == "\t" })
}
