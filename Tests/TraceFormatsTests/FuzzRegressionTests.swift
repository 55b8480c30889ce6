import EvdevModel
import Foundation
import GestureCore
import Testing
import TraceFormats

/// The inputs the fuzz targets of `Fuzz/` found (minimized, in `Tests/Fixtures/fuzz/TARGET/`), each with
/// the exact result it must keep giving.
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

    /// Reads a fixture of fuzz-evemu, writes it again with `EvemuFormat`, and reads that back.
    private func roundTrip(_ name: String) throws -> (read: DeviceDescription, header: String, reread: DeviceDescription) {
        let trace = try TraceReader.open(path: Self.fixtures + "/fuzz-evemu/" + name)
        let events = try trace.readAll()
        #expect(events == [InputEvent(time: Timestamp(microseconds: 0), type: EventType.syn, code: SynCode.report, value: 0)])
        let header = EvemuFormat.header(for: trace.description)
        var text = header
        var lastSyn: Timestamp?
        for event in events { text += EvemuFormat.eventLine(event, lastSyn: &lastSyn) }
        let again = try TraceReader.open(path: directory.write("again.evemu", text))
        #expect(try again.readAll() == events)
        return (trace.description, header, again.description)
    }

    // MARK: fuzz-evemu: what an evemu file cannot carry through the writer

    /// A carriage return inside the name is part of the name (only a line's last one is its ending); the
    /// writer writes it as a space, as it does a newline.
    @Test func aCarriageReturnInTheNameIsWrittenAsASpace() throws {
        let (read, header, reread) = try roundTrip("name-with-carriage-return.evemu")
        #expect(read.name == "Touch\rPad")
        #expect(header.contains("\nN: Touch Pad\n"))
        #expect(reread.name == "Touch Pad")
        var expected = read
        expected.name = "Touch Pad"
        #expect(reread == expected)
    }

    /// The reader skips the blanks after `N:`, so a name that begins with a carriage return and tabs (read
    /// as they are, the return stopping the skip) comes back without them.
    @Test func aNameThatBeginsWithBlanksLosesThem() throws {
        let (read, header, reread) = try roundTrip("name-with-leading-blanks.evemu")
        #expect(read.name == "\r\t\tPad")
        #expect(header.contains("\nN:  \t\tPad\n"))
        #expect(reread.name == "Pad")
    }

    /// A header without a `B: 00` line has no event-type mask; the writer makes one up from the types that
    /// have codes, as for a description built in code, so it comes back with `EV_SYN` and `EV_ABS` in it.
    @Test func aHeaderWithoutTheEventTypeMaskGetsOne() throws {
        let (read, header, reread) = try roundTrip("no-event-type-mask.evemu")
        #expect(read.codes(ofType: EventType.syn).isEmpty)
        #expect(header.contains("\nB: 00 09 00 00 00 00 00 00 00\n"))
        #expect(reread.codes(ofType: EventType.syn) == [EventType.syn, EventType.abs])
        #expect(reread.codes(ofType: EventType.abs) == read.codes(ofType: EventType.abs))
        #expect(reread.absinfo == read.absinfo)
        #expect(reread.name == read.name && reread.id == read.id && reread.properties == read.properties)
    }
}
