import EvdevModel
import Foundation
import GestureCore
import GestureRuntime
import SystemCalls
import Testing
@testable import TraceFormats
import TracePlayback

/// The inputs the fuzz targets of `Fuzz/` found in the trace readers (minimized, in
/// `Tests/Fixtures/fuzz/TARGET/`), each with the exact result it must keep giving. The layouts that
/// fuzz-layout found are in `GesturesCLITests/FuzzRegressionTests`, with the command's exit status.
@Suite struct FuzzRegressionTests {
    static let fixtures: String = {
        // Tests/TraceFormatsTests/FuzzRegressionTests.swift → Tests/Fixtures/fuzz.
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/fuzz").path
    }()

    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// The error that reading the fixture `name` through `TraceReader` throws, its path relative to
    /// `Tests/Fixtures/fuzz`.
    private func refusal(_ name: String) -> String {
        do {
            let trace = try TraceReader.open(path: Self.fixtures + "/" + name)
            _ = try trace.readAll()
            return "read"
        } catch {
            #expect(error.kind == .malformed)
            return error.description.replacingOccurrences(of: Self.fixtures + "/", with: "")
        }
    }

    // MARK: fuzz-evemu

    /// fuzz-evemu's write-and-read-back check found names that came back otherwise when a carriage return
    /// inside a line was part of it. A carriage return alone ends a line (docs/SPEC.md, Input files), so
    /// the name is `Touch`, and the line after it, `Pad`, is not one of evemu's.
    @Test func aCarriageReturnInTheNameEndsItsLine() {
        #expect(refusal("fuzz-evemu/name-with-carriage-return.evemu") == "fuzz-evemu/name-with-carriage-return.evemu:2: "
            + "expected a description line (N:, I:, P:, B:, A:, L:, S:), an event line (E:) or a # comment, found 'Pad'")
    }

    /// `N: ` then a carriage return: the name's line ends before any name (the tabs and `Pad` are the next
    /// line), and a line without a name is refused, as evemu's reader refuses it.
    @Test func aNameCutByACarriageReturnBeforeItBeginsIsNoName() {
        #expect(refusal("fuzz-evemu/name-with-leading-blanks.evemu") == "fuzz-evemu/name-with-leading-blanks.evemu:1: "
            + "expected the device name after N:")
    }

    /// What the two names above stood for, from a device (whose name may hold any bytes) rather than a
    /// file: the writer writes a carriage return as a space, and the reader skips the blanks after `N:`,
    /// so a name's leading blanks do not come back (evemu-describe and evemu's reader do the same).
    @Test func whatTheWriterDoesWithLineBreaksAndLeadingBlanksInAName() throws {
        let description = DeviceDescription(
            name: "\t Touch\rPad", id: InputID(bustype: 3, vendor: 1, product: 2, version: 3),
            properties: [], codes: [EventType.abs: [AbsCode.mtPositionX, AbsCode.mtPositionY]],
            absinfo: [AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 100), AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 100)])
        let header = EvemuFormat.header(for: description)
        #expect(header.hasPrefix("# EVEMU 1.3\nN: \t Touch Pad\nI: 0003 0001 0002 0003\n"))
        let path = try directory.write("named.evemu", header + "E: 0.000000 0000 0000 0\n")
        let reread = try TraceReader.open(path: path).description
        #expect(reread.name == "Touch Pad")
        #expect(reread.codes(ofType: EventType.syn) == [EventType.syn, EventType.abs])
        #expect(reread.codes(ofType: EventType.abs) == description.codes(ofType: EventType.abs))
        #expect(reread.codes.count == 2)
        #expect(reread.absinfo == description.absinfo)
        #expect(reread.id == description.id && reread.properties == description.properties)
    }

    /// A header without a `B: 00` line has no event-type mask; the writer makes one up from the types that
    /// have codes, as for a description built in code, so it comes back with `EV_SYN` and `EV_ABS` in it,
    /// and all else as it was.
    @Test func aHeaderWithoutTheEventTypeMaskGetsOne() throws {
        let trace = try TraceReader.open(path: Self.fixtures + "/fuzz-evemu/no-event-type-mask.evemu")
        let events = try trace.readAll()
        #expect(events == [InputEvent(time: Timestamp(microseconds: 0), type: EventType.syn, code: SynCode.report, value: 0)])
        let header = EvemuFormat.header(for: trace.description)
        #expect(header.contains("\nB: 00 09 00 00 00 00 00 00 00\n"))
        var text = header
        var lastSyn: Timestamp?
        for event in events { text += EvemuFormat.eventLine(event, lastSyn: &lastSyn) }
        let again = try TraceReader.open(path: directory.write("again.evemu", text))
        #expect(try again.readAll() == events)
        let read = trace.description, reread = again.description
        #expect(read.codes(ofType: EventType.syn).isEmpty)
        #expect(reread.codes(ofType: EventType.syn) == [EventType.syn, EventType.abs])
        #expect(reread.codes(ofType: EventType.abs) == read.codes(ofType: EventType.abs))
        #expect(reread.codes.count == 2 && read.codes.count == 1)
        #expect(reread.absinfo == read.absinfo)
        #expect(reread.name == read.name && reread.id == read.id && reread.properties == read.properties)
    }

    // MARK: fuzz-libinput-record: the streamed path against the whole document

    /// What reading a fixture of fuzz-libinput-record gives, streamed (as `TraceReader` reads it), after
    /// checking that reading the whole document by Yams gives the same; and whether the streaming fell
    /// back to the whole document.
    private func libinputRecord(_ name: String) -> (result: String, readWhole: Bool) {
        let path = FilePath(Self.fixtures + "/fuzz-libinput-record/" + name)
        func outcome(_ read: () throws(FileError) -> (DeviceDescription, [InputEvent])) -> String {
            do throws(FileError) {
                let (description, events) = try read()
                return "\(description.name): \(events.map { "\($0.time.microseconds) \($0.type) \($0.code) \($0.value)" })"
            } catch {
                return error.description.replacingOccurrences(of: Self.fixtures + "/", with: "")
            }
        }
        var readWhole = false
        let streamed = outcome { () throws(FileError) in
            let reader = try LibinputRecordReader(path: path)
            var events: [InputEvent] = []
            while let event = try reader.next() { events.append(event) }
            readWhole = reader.readsWholeDocument
            return (reader.description, events)
        }
        let whole = outcome { () throws(FileError) in try LibinputRecordReader.readWholeDocument(path: path) }
        #expect(streamed == whole)
        return (streamed, readWhole)
    }

    /// YAML takes a lone carriage return for a line break: here it ends a comment, and `?` on the next line
    /// is YAML again. The streaming once took it all for a comment and failed where Yams reads the document;
    /// its lines end at a carriage return too now, so it streams the file and reads what Yams reads (an
    /// unnamed device, no events).
    @Test func aCarriageReturnInACommentEndsTheComment() {
        let (result, readWhole) = libinputRecord("carriage-return-in-a-comment.yml")
        #expect(result == ": []")
        #expect(!readWhole)
    }

    /// A carriage return after the `id:` list: for YAML, a `-` on a line of its own, which leaves
    /// libinput record's layout. The streaming once read it as part of the `id:` line and read events
    /// where Yams reads none; it now reads the document whole from there, as Yams does.
    @Test func aCarriageReturnAfterTheIDIsALineBreak() {
        let (result, readWhole) = libinputRecord("carriage-returns-after-the-id.yml")
        #expect(result == ": []")
        #expect(readWhole)
    }
}
