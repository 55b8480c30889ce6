import EvdevModel

/// The two ways a libinput recording is read, for the fuzz target that checks them against each other
/// (`Fuzz/`): not an API for anything else.
@_spi(Fuzzing) public enum LibinputRecordPaths {
    /// Reads `path` as `TraceReader` does: streamed in libinput record's block layout, falling back to the
    /// whole document (from where the streaming stopped) when it is not in that layout. `readWhole` tells
    /// whether the fallback was taken.
    public static func streamed(path: String) throws(TraceError)
        -> (description: DeviceDescription, events: [InputEvent], readWhole: Bool)
    {
        let reader = try LibinputRecordReader(path: FilePath(path))
        var events: [InputEvent] = []
        while let event = try reader.next() { events.append(event) }
        return (reader.description, events, reader.readsWholeDocument)
    }

    /// Reads the whole document of `path` at once with Yams, whatever its layout.
    public static func wholeDocument(path: String) throws(TraceError) -> (description: DeviceDescription, events: [InputEvent]) {
        try LibinputRecordReader.readWholeDocument(path: FilePath(path))
    }
}
