import EvdevModel
import SystemCalls

/// Where a source writes the device's events as it reads them: a recording. `EvemuWriter` is one
/// (`RecordingDestination.file(_:)`, `RecordingDestination.descriptor(_:name:)`).
public protocol EventRecorder: AnyObject {
    /// Writes the device's description, before any event.
    func writeHeader(_ description: DeviceDescription) throws(FileError)
    /// Writes one event, in the order read.
    func write(_ event: InputEvent) throws(FileError)
    /// Writes what is still buffered and ends the recording.
    func close() throws(FileError)
}

/// Where a live source records the device's events while it recognizes: the recorder is made only once the
/// device is open and known to be a touch device, so that a wrong node or a refused device leaves an existing
/// file as it was.
public struct RecordingDestination: Sendable {
    /// Makes the recorder.
    public let makeRecorder: @Sendable () throws(FileError) -> any EventRecorder

    /// A destination whose recorder `makeRecorder` makes, once the device is known.
    public init(_ makeRecorder: @escaping @Sendable () throws(FileError) -> any EventRecorder) {
        self.makeRecorder = makeRecorder
    }
}
