// One import for an app: the engine, the output formats, the evdev model and pipeline, the trace formats, the
// layout file and live input.
@_exported import EvdevModel
@_exported import GestureCore
@_exported import GestureFormat
@_exported import LayoutFile
@_exported import LiveInput
@_exported import TraceFormats
