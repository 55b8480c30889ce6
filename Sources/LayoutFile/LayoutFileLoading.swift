// Reading a layout file from a path: here rather than beside the traces (TracePlayback), so that what loads a layout
// without playing a trace (the C interface's `tg_engine_new_from_file`) gets the command line's messages without
// linking the trace readers (and Yams, and Foundation with it).
import GestureCore
import SystemCalls

extension LayoutFile {
    /// Reads the layout file at `path`: `unreadable` when it cannot be read, `malformed` when it is not a valid layout
    /// (or larger than any layout, `largestFile`), the error naming the file, the line and the key as `parse` does.
    public static func load(path: FilePath) throws(FileError) -> Layout {
        let bytes = try path.readWholeFile(limit: largestFile)
        do {
            return try parse(bytes, file: path.description)
        } catch {
            throw FileError(.malformed, path: error.file ?? "layout", line: error.line,
                            message: (error.key.isEmpty ? "" : error.key + ": ") + error.message)
        }
    }
}
