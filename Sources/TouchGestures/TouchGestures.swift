// One import for an app: the engine, the output formats, the evdev model, the runtime (pipeline, sources, clocks),
// the trace formats and their playback, the layout file, live input, a toolkit's touches, and haptics.
@_exported import EvdevModel
@_exported import GestureCore
@_exported import GestureFormat
@_exported import GestureRuntime
@_exported import Haptics
@_exported import LayoutFile
@_exported import LiveInput
@_exported import TraceFormats
@_exported import ToolkitInput
@_exported import TracePlayback
