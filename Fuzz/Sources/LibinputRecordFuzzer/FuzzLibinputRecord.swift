import EvdevModel
import FuzzSupport
@_spi(Fuzzing) import TraceFormats

/// Reads the input as a libinput recording twice: as `TraceReader` does (streamed, falling back to the
/// whole document when it is not in libinput record's layout), and whole with Yams. Then:
/// - both read: the same description and the same events, else a finding;
/// - only the whole document reads: a finding (the streamed path refused a recording it should take);
/// - only the streamed path reads: accepted, as documented: streaming stops at the end of the first
///   device's events and does not parse the `hid:` and `libinput:` items it skips, so a mistake there goes
///   unnoticed;
/// - both fail: fine (their messages may differ).
func fuzzLibinputRecord(_ input: FuzzInput) {
    let path = Scratch.write("recording.yml", input.bytes)
    let streamed: Result<(description: DeviceDescription, events: [InputEvent], readWhole: Bool), FileError>
    do throws(FileError) {
        streamed = .success(try LibinputRecordPaths.streamed(path: path))
    } catch {
        streamed = .failure(error)
    }
    let whole: Result<(description: DeviceDescription, events: [InputEvent]), FileError>
    do throws(FileError) {
        whole = .success(try LibinputRecordPaths.wholeDocument(path: path))
    } catch {
        whole = .failure(error)
    }
    switch (streamed, whole) {
    case (.success(let stream), .success(let document)):
        guard stream.description == document.description else {
            finding("the streamed description differs from the whole document's (read whole: \(stream.readWhole)):\n\(stream.description)\n\(document.description)")
        }
        guard stream.events == document.events else {
            let index = firstDifference(stream.events, document.events) ?? 0
            finding("the streamed events differ from the whole document's (read whole: \(stream.readWhole)): \(stream.events.count) for \(document.events.count), first difference at \(index)")
        }
    case (.failure(let error), .success(let document)):
        finding("the streamed path failed where the whole document reads (\(document.events.count) events): \(error)")
    case (.success, .failure), (.failure, .failure):
        break
    }
}
