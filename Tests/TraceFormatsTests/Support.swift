import EvdevModel
import Foundation
import GestureCore
import GestureRuntime
import SystemCalls
import Testing
import TraceFormats
import TracePlayback

/// The real recordings copied into the repository (`Recordings/`, with `SOURCES.md`).
enum Recordings {
    static let directory: String = {
        // Tests/TraceFormatsTests/Support.swift → the repository's root.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent("Recordings").path
    }()

    static func path(_ name: String) -> String { directory + "/" + name }
}

/// A directory of its own for the files one test writes, removed afterwards.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "trace-formats-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `text` to `name` in the directory and returns the file's path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try write(name, bytes: Array(text.utf8))
    }

    @discardableResult
    func write(_ name: String, bytes: [UInt8]) throws -> String {
        let file = path + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }
}

/// Writes `description` and `events` to a new evemu file at `path` through the `EvemuWriter`.
func writeEvemu(_ description: DeviceDescription, _ events: [InputEvent], to path: String) throws {
    let writer = try EvemuWriter(path: path)
    try writer.writeHeader(description)
    for event in events { try writer.write(event) }
    try writer.close()
}

/// What replaying a trace through the frame assembler gave.
struct Replay {
    var description: DeviceDescription
    var surface: SurfaceMapping
    var events: Int = 0
    var frames: [TouchFrame] = []
    /// The `handleDropped` times.
    var drops: [Timestamp] = []
    /// The `handleResync` frames.
    var resyncs: [TouchFrame] = []
    var finish = FrameAssembler.FinishResult(partialFrameDropped: false, lastFrameTime: nil)
    var droppedPartialLine = false

    /// Every contact id seen.
    var contactIDs: Set<Int> {
        Set(frames.flatMap { $0.contacts.map(\.id) })
    }

    /// The most contacts down at once.
    var maximumLive: Int {
        frames.map { frame in frame.contacts.filter { $0.phase != .ended }.count }.max() ?? 0
    }

    func count(_ phase: ContactPhase) -> Int {
        frames.reduce(0) { $0 + $1.contacts.filter { $0.phase == phase }.count }
    }

    /// The first frame with any contact.
    var firstContactFrame: TouchFrame? { frames.first { !$0.contacts.isEmpty } }
}

/// Reads a trace and assembles its frames.
func replay(path: String, device: String? = nil, size: Size? = nil) throws -> Replay {
    let trace = try TraceReader.open(path: path, device: device)
    var result = try replay(events: trace.readAll(), description: trace.description, size: size)
    result.droppedPartialLine = trace.droppedPartialLine
    return result
}

/// Assembles the frames of `events`.
func replay(events: [InputEvent], description: DeviceDescription, size: Size? = nil) throws -> Replay {
    let surface = try #require(description.surfaceMapping(size: size))
    var assembler = try #require(FrameAssembler(description: description, surface: surface))
    var result = Replay(description: description, surface: surface)
    for event in events {
        result.events += 1
        switch assembler.handle(event) {
        case .handleFrame(let frame): result.frames.append(frame)
        case .handleDropped(let time): result.drops.append(time)
        case .handleResync(let frame): result.resyncs.append(frame)
        case nil: break
        }
    }
    result.finish = assembler.finish()
    return result
}

/// A contact, briefly, for comparisons: `C(3, 10, 20, .moved)`.
func C(_ id: Int, _ x: Double, _ y: Double, _ phase: ContactPhase) -> Contact {
    Contact(id: id, position: Point(x: x, y: y), phase: phase)
}

func T(_ microseconds: Int64) -> Timestamp { Timestamp(microseconds: microseconds) }

/// The error `body` throws, as a `FileError`.
func traceError(_ body: () throws -> Void) -> FileError? {
    do {
        try body()
        return nil
    } catch let error as FileError {
        return error
    } catch {
        Issue.record("expected a FileError, got \(error)")
        return nil
    }
}
