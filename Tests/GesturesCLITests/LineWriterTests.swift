import Foundation
import GestureCore
import GestureFormat
import GestureRuntime
import gestures
import SystemCalls
import Testing
import TracePlayback

/// The output buffering of SPEC "Command line": `live` writes each line at once to a terminal, and the lines
/// of a wake-up in one write to a pipe or a file (the loop flushes at the end of each wake-up).
@Suite struct LineWriterTests {
    static let formatter = EventFormatter()

    /// The lines of one wake-up: haptics of a dial.
    static let wakeUp: [GestureEvent] = [
        GestureEvent(time: Timestamp(microseconds: 1_300_000), target: "chart", kind: .haptic(.press)),
        GestureEvent(time: Timestamp(microseconds: 1_300_000), target: "chart", kind: .haptic(.detent(7))),
        GestureEvent(time: Timestamp(microseconds: 1_310_000), target: "chart", kind: .haptic(.limit(detent: 60))),
    ]

    static let wakeUpText = """
        {"time":1.300000,"region":"chart","type":"haptic","kind":"press"}
        {"time":1.300000,"region":"chart","type":"haptic","kind":"detent","detent":7}
        {"time":1.310000,"region":"chart","type":"haptic","kind":"limit","detent":60}

        """

    /// Each write the writer makes, as text.
    final class Writes {
        var texts: [String] = []
    }

    static func writer(_ buffering: LineWriter.Buffering, into writes: Writes) -> LineWriter {
        LineWriter(buffering: buffering) { bytes in
            writes.texts.append(String(decoding: bytes, as: UTF8.self))
            return true
        }
    }

    @Test func blockBuffering_writesAWakeUpsLinesInOneWrite_atTheFlush() {
        let writes = Writes()
        let output = Self.writer(.block, into: writes)
        for event in Self.wakeUp { output.write(event, with: Self.formatter) }
        #expect(writes.texts == [])
        output.flush()
        #expect(writes.texts == [Self.wakeUpText])
        output.flush()  // nothing more to write: no empty write
        #expect(writes.texts == [Self.wakeUpText])
    }

    @Test func lineBuffering_writesEachLineAsSoonAsItIsComplete() {
        let writes = Writes()
        let output = Self.writer(.line, into: writes)
        output.write(Self.wakeUp[0], with: Self.formatter)
        #expect(writes.texts == [#"{"time":1.300000,"region":"chart","type":"haptic","kind":"press"}"# + "\n"])
        for event in Self.wakeUp.dropFirst() { output.write(event, with: Self.formatter) }
        output.flush()
        #expect(writes.texts.count == 3)
        #expect(writes.texts.joined() == Self.wakeUpText)
    }

    /// A block-buffered writer holds 64 KiB at most: past that, the whole lines so far go in one write.
    @Test func blockBuffering_writesWholeLinesEvery64KiB() {
        let writes = Writes()
        let output = Self.writer(.block, into: writes)
        let line = String(repeating: "x", count: 1023)
        for _ in 0..<100 { output.write(line: line) }  // 100 KiB
        #expect(writes.texts.count == 1)
        #expect(writes.texts[0] == String(repeating: line + "\n", count: 65))  // the line that went past 64 KiB
        output.flush()
        #expect(writes.texts.count == 2)
        #expect(writes.texts[1] == String(repeating: line + "\n", count: 35))
    }

    /// A line longer than the room left (a region name of 100,000 bytes), formatted or not, is written whole:
    /// the writer's storage grows.
    @Test func aLineLongerThanTheRoomIsWrittenWhole() {
        let name = String(repeating: "n", count: 100_000)
        let event = GestureEvent(time: Timestamp(microseconds: 1_300_000), target: name, kind: .haptic(.press))
        let line = #"{"time":1.300000,"region":""# + name + #"","type":"haptic","kind":"press"}"# + "\n"
        for buffering in [LineWriter.Buffering.line, .block] {
            let writes = Writes()
            let output = Self.writer(buffering, into: writes)
            output.write(Self.wakeUp[0], with: Self.formatter)
            output.write(event, with: Self.formatter)
            output.write(line: name)
            output.write(Self.wakeUp[1], with: Self.formatter)
            output.flush()
            let lines: [String] = Self.wakeUpText.split(separator: "\n").map { String($0) + "\n" }
            let expected: String = lines[0] + line + name + "\n" + lines[1]
            #expect(writes.texts.joined() == expected)
        }
    }

    /// A batch of events (`write(_:with:)` of an array, as `gestures replay` writes each batch the pipeline
    /// returns) gives the lines one by one would: beside lines written one at a time, past 64 KiB, with a line
    /// longer than the room, and with each buffering.
    @Test func aBatchOfEventsIsWrittenAsItsEventsOneByOne() {
        let name = String(repeating: "n", count: 100_000)
        let long = GestureEvent(time: Timestamp(microseconds: 1_400_000), target: name, kind: .haptic(.press))
        let many = (0..<2000).map {
            GestureEvent(time: Timestamp(microseconds: 2_000_000 + Int64($0 / 3) * 10_000), target: "timer", kind: .haptic(.detent($0)))
        }
        let batches: [[GestureEvent]] = [Self.wakeUp, [], many, [Self.wakeUp[0], long, Self.wakeUp[1]], Self.wakeUp]
        let expected = batches.joined().map { Self.formatter.line(for: $0) + "\n" }.joined()
        for buffering in [LineWriter.Buffering.line, .block] {
            let writes = Writes()
            let output = Self.writer(buffering, into: writes)
            for batch in batches { output.write(batch, with: Self.formatter) }
            output.flush()
            #expect(writes.texts.joined() == expected)
            #expect(writes.texts.allSatisfy { $0.hasSuffix("\n") })  // whole lines each time
            if buffering == .block { #expect(writes.texts.allSatisfy { $0.utf8.count <= (1 << 16) + 4096 || $0.contains(name) }) }
        }
    }

    @Test func liveOutputIsLineBufferedOnATerminal_andBlockBufferedOnAPipe() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        #expect(LineWriter.Buffering.live(descriptor: ends[1]) == .block)

        let (terminal, screen) = try #require(Self.openTerminal())
        defer { close(terminal); close(screen) }
        #expect(LineWriter.Buffering.live(descriptor: screen) == .line)
    }

    /// Through a real pipe: nothing arrives before the flush, then every line of the wake-up, as written.
    @Test func onAPipe_theLinesArriveAtTheFlush() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let output = LineWriter(descriptor: ends[1], buffering: .live(descriptor: ends[1]))
        for event in Self.wakeUp { output.write(event, with: Self.formatter) }
        #expect(Self.readable(ends[0]) == false)
        output.flush()
        close(ends[1])
        #expect(String(decoding: Self.readAll(ends[0]), as: UTF8.self) == Self.wakeUpText)
    }

    /// Through a terminal: each line arrives as soon as it is written.
    @Test func onATerminal_eachLineArrivesAtOnce() throws {
        let (terminal, screen) = try #require(Self.openTerminal())
        defer { close(terminal); close(screen) }
        var settings = termios()
        tcgetattr(screen, &settings)
        cfmakeraw(&settings)  // no \n to \r\n
        tcsetattr(screen, TCSANOW, &settings)

        let output = LineWriter(descriptor: screen, buffering: .live(descriptor: screen))
        output.write(Self.wakeUp[0], with: Self.formatter)
        #expect(Self.readable(terminal))
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(terminal, &buffer, buffer.count)
        #expect(String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self)
            == #"{"time":1.300000,"region":"chart","type":"haptic","kind":"press"}"# + "\n")
    }

    /// A pseudo-terminal: the side a terminal program reads, and the side a program writes to as its screen.
    /// (Through /dev/ptmx: Glibc's posix_openpt and ptsname are not visible to Swift without _XOPEN_SOURCE.)
    static func openTerminal() -> (terminal: Int32, screen: Int32)? {
        let terminal = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard terminal >= 0 else { return nil }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        // TIOCSPTLCK and TIOCGPTN (x86_64 and arm64 Linux), which Swift cannot import from their macros.
        guard ioctl(terminal, 0x4004_5431, &unlock) == 0, ioctl(terminal, 0x8004_5430, &number) == 0 else {
            close(terminal)
            return nil
        }
        let screen = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard screen >= 0 else {
            close(terminal)
            return nil
        }
        return (terminal, screen)
    }

    static func readable(_ descriptor: Int32) -> Bool {
        var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&watched, 1, 100) == 1
    }

    static func readAll(_ descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { return bytes }
            bytes += buffer.prefix(count)
        }
    }
}
