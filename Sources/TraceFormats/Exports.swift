// Paths and file errors are part of this module's API (`TraceReader.open(path:device:)` takes a `FilePath` and
// throws a `FileError`): an app that imports TraceFormats sees them.
@_exported import SystemCalls
