import EvdevModel
import SystemCalls

/// The two ways a libinput recording is read, for the fuzz target that checks them against each other
/// (`Fuzz/`): not an API for anything else.
@_spi(Fuzzing) public enum LibinputRecordPaths {
    /// Reads `path` as `TraceReader` does: streamed in libinput record's block layout, falling back to the
    /// whole document (from where the streaming stopped) when it is not in that layout. `readWhole` tells
    /// whether the fallback was taken.
    public static func streamed(path: String) throws(FileError)
        -> (description: DeviceDescription, events: [InputEvent], readWhole: Bool)
    {
        let reader = try LibinputRecordReader(path: FilePath(path))
        var events: [InputEvent] = []
        while let event = try reader.next() { events.append(event) }
        return (reader.description, events, reader.readsWholeDocument)
    }

    /// Reads the whole document of `path` at once with Yams, whatever its layout.
    public static func wholeDocument(path: String) throws(FileError) -> (description: DeviceDescription, events: [InputEvent]) {
        try LibinputRecordReader.readWholeDocument(path: FilePath(path))
    }
}

/// The two ways the event lines of an evemu trace are read, for the fuzz target and the tests that check
/// them against each other (`Fuzz/`, `EvemuOnePassTests`): not an API for anything else.
@_spi(Fuzzing) public enum EvemuPaths {
    /// What reading a trace gave: its events up to the end or the error, and the last line if it was cut short.
    public struct Reading: Hashable, Sendable {
        public var events: [InputEvent] = []
        public var error: FileError?
        public var cutShortLine: Int?
    }

    /// Reads `path`'s events (its header too, but not a description beside a header-less trace): as
    /// `TraceReader` does, plain event lines in one pass, when `onePass`; else every line by the
    /// validating path. With a `batch`, `batch` events at a time (`read(into:)`, as `TraceGestureSource`
    /// reads), else one at a time (`next()`).
    public static func read(path: String, onePass: Bool, batch: Int? = nil) -> Reading {
        read(path: path, onePass: onePass, batch: batch, lineLimit: LineReader.defaultLineLimit)
    }

    /// `read(path:onePass:batch:)` with a line limit of a test's (`EvemuReader.init`).
    static func read(path: String, onePass: Bool, batch: Int?, lineLimit: Int) -> Reading {
        var reading = Reading()
        do throws(FileError) {
            let reader = try EvemuReader(path: FilePath(path), readsPlainLinesInOnePass: onePass, lineLimit: lineLimit)
            defer { reading.cutShortLine = reader.cutShortLine }
            if let batch {
                let buffer = UnsafeMutableBufferPointer<InputEvent>.allocate(capacity: batch)
                defer { buffer.deallocate() }
                while case let count = try reader.read(into: buffer), count > 0 {
                    reading.events.append(contentsOf: buffer[..<count])
                }
            } else {
                while let event = try reader.next() { reading.events.append(event) }
            }
        } catch {
            reading.error = error
        }
        return reading
    }
}
