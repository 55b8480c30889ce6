// The device's errors and libevdev's messages are part of this module's API (`LiveInputError.device`,
// `LiveGestureSource(messages:)`): an app that imports LiveInput sees them.
@_exported import EvdevDevice
