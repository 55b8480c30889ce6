import GestureRuntime
import SystemCalls
import TraceFormats

/// An evemu trace records a source's events.
extension EvemuWriter: EventRecorder {}

extension RecordingDestination {
    /// An evemu trace in the file at `path`, created or replaced once the device is open and known to be a touch
    /// device: a wrong node or a refused device leaves an existing file as it was.
    public static func file(_ path: FilePath) -> RecordingDestination {
        RecordingDestination { () throws(FileError) in try EvemuWriter(path: path) }
    }

    /// An evemu trace written to the open file descriptor `descriptor` (standard output, say), left open at the
    /// end; `name` is for messages.
    public static func descriptor(_ descriptor: Int32, name: String) -> RecordingDestination {
        RecordingDestination { EvemuWriter(fileDescriptor: descriptor, name: name) }
    }
}
