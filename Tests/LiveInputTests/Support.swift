import EvdevDevice
import EvdevModel
import Foundation
import GestureCore
import GestureFormat
import GestureRuntime
import GestureTestSupport
import Glibc
import LayoutFile
import LiveInput
import Synchronization
import SystemCalls
import Testing
import TraceFormats
import TracePlayback

/// What a test learns of its stand-in device, from any thread: whether the source closed it, and whether it
/// was released (nothing kept it alive).
final class DeviceProbe: Sendable {
    private let state = Mutex((closed: false, released: false))

    var closed: Bool { state.withLock { $0.closed } }
    var released: Bool { state.withLock { $0.released } }

    func markClosed() { state.withLock { $0.closed = true } }
    func markReleased() { state.withLock { $0.released = true } }

    /// Waits up to 5 s for the device to be released (a stream's thread lets it go as it ends).
    func waitUntilReleased() async throws {
        for _ in 0..<5000 where !released {
            try await Task.sleep(nanoseconds: 1_000_000)
        }
    }
}

/// A pipe: the stand-in device reads one end, the test writes events into the other.
struct EventPipe: Sendable {
    let readEnd: Int32
    let writeEnd: Int32

    init() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    /// Writes `events`, each as 16 bytes (time in µs, type, code, value), in one write.
    func send(_ events: [InputEvent]) {
        var bytes: [UInt8] = []
        for event in events {
            withUnsafeBytes(of: event.time.microseconds) { bytes += $0 }
            withUnsafeBytes(of: event.type) { bytes += $0 }
            withUnsafeBytes(of: event.code) { bytes += $0 }
            withUnsafeBytes(of: event.value) { bytes += $0 }
        }
        let written = bytes.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
        #expect(written == bytes.count)
    }

    /// The device goes away: its reader sees the end of the pipe (`POLLHUP`).
    func unplug() {
        close(writeEnd)
    }
}

/// A touch device that is a pipe (`EventPipe`): the events the test sends, then `.wouldBlock`; the end of the
/// pipe is the device lost. Reads the test scripts (`failing`) come before the pipe's.
final class PipeDevice: EventDevice {
    let path = "/dev/input/event99"
    let description: DeviceDescription
    let fileDescriptor: Int32
    private let probe: DeviceProbe
    /// Reads to hand out before the pipe's events: failures and resyncs.
    var scripted: [DeviceRead] = []
    private var isClosed = false
    /// Reads every event waiting at once into `readAhead`, as `EvdevDevice` does with libevdev's runs; else one
    /// event a read.
    var readsAhead = false
    private let ahead = UnsafeMutableBufferPointer<InputEvent>.allocate(capacity: 256)
    private var nextAhead = 0
    private var aheadEnd = 0
    /// The events the caller took from `readAhead` (`skip(_:)`).
    private(set) var skipped = 0
    /// The reads that gave events (`.events`).
    private(set) var runs = 0

    init(_ pipe: EventPipe, description: DeviceDescription = TestDevices.slots(2), probe: DeviceProbe = DeviceProbe()) {
        self.fileDescriptor = pipe.readEnd
        self.description = description
        self.probe = probe
    }

    deinit {
        probe.markReleased()
        ahead.deallocate()
    }

    func next() throws(EvdevError) -> DeviceRead {
        precondition(!isClosed, "read after close")
        if nextAhead < aheadEnd { return .events }
        if !scripted.isEmpty { return scripted.removeFirst() }
        (nextAhead, aheadEnd) = (0, 0)
        while aheadEnd < (readsAhead ? ahead.count : 1), let event = try nextFromThePipe() {
            ahead[aheadEnd] = event
            aheadEnd += 1
        }
        guard aheadEnd > 0 else { return .wouldBlock }
        runs += 1
        return .events
    }

    var readAhead: UnsafeBufferPointer<InputEvent> { UnsafeBufferPointer(rebasing: ahead[nextAhead..<aheadEnd]) }

    func skip(_ count: Int) {
        precondition(count <= aheadEnd - nextAhead, "skipped more than read ahead")
        nextAhead += count
        skipped += count
    }

    /// The pipe's next event; nil when none is waiting.
    private func nextFromThePipe() throws(EvdevError) -> InputEvent? {
        var raw = [UInt8](repeating: 0, count: 16)
        let count = raw.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, 16) }
        if count < 0 { return nil }
        if count == 0 { throw .lost(path: path, name: description.name) }
        precondition(count == 16, "a test writes whole events")
        return raw.withUnsafeBytes { bytes in
            InputEvent(time: Timestamp(microseconds: bytes.load(fromByteOffset: 0, as: Int64.self)),
                       type: bytes.load(fromByteOffset: 8, as: UInt16.self),
                       code: bytes.load(fromByteOffset: 10, as: UInt16.self),
                       value: bytes.load(fromByteOffset: 12, as: Int32.self))
        }
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        Glibc.close(fileDescriptor)
        probe.markClosed()
    }
}

/// The JSON Lines of `events`, as `gestures` prints them.
func lines(_ events: [GestureEvent]) -> [String] {
    let formatter = EventFormatter(format: .jsonl)
    return events.map { formatter.line(for: $0) }
}

/// A monotonic time in seconds: `at(500.3)`.
func at(_ seconds: Double) -> MonotonicTime {
    MonotonicTime(microseconds: Int64((seconds * 1_000_000).rounded()))
}

/// The events of one finger on the test device (100 × 50 mm at 10 units/mm, slot 0): `down`, `move` and `up`
/// at a device time in µs.
enum Finger {
    static func down(at time: Int64, x: Int32, y: Int32, id: Int32 = 1) -> [InputEvent] {
        var script = EventScript()
        script.at(time); script.slot(0); script.trackingID(id); script.position(x, y); script.report()
        return script.events
    }

    static func move(at time: Int64, x: Int32, y: Int32) -> [InputEvent] {
        var script = EventScript()
        script.at(time); script.position(x, y); script.report()
        return script.events
    }

    static func up(at time: Int64) -> [InputEvent] {
        var script = EventScript()
        script.at(time); script.trackingID(-1); script.report()
        return script.events
    }
}

/// The recordings of `Recordings/`, with their layouts and expected gestures.
enum Recordings {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Recordings")

    /// The trace `NAME.evemu`.
    static func trace(_ name: String) -> FilePath {
        FilePath(directory.appendingPathComponent(name + ".evemu").path)
    }

    /// The layout `NAME.layout.json`.
    static func layout(_ name: String) throws -> Layout {
        let file = directory.appendingPathComponent(name + ".layout.json")
        return try LayoutFile.parse(Array(try Data(contentsOf: file)), file: file.path)
    }

    /// The lines of `NAME.expected.jsonl`.
    static func expectedLines(_ name: String) throws -> [String] {
        let text = try String(contentsOf: directory.appendingPathComponent(name + ".expected.jsonl"), encoding: .utf8)
        return text.split(separator: "\n").map(String.init)
    }
}
