// The device's errors and libevdev's messages are part of this module's API (`LiveInputError.device`,
// `LiveGestureSource(messages:)`): an app that imports LiveInput sees them.
@_exported import EvdevDevice
// The sources' protocol, the pipeline and the clocks are this module's API too (`LiveGestureSource` is a
// `GestureSource`; `GestureSession` and `GestureEvents` run it for Swift concurrency).
@_exported import GestureRuntime
