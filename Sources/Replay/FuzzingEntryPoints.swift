import GestureCore
import Render
import TraceFormats

/// The commands' own code as the fuzz targets of `Fuzz/` run it: that package cannot reach this module's package
/// API, so each command it fuzzes has one function here, which runs the command's code on a file as the command
/// line does, its warnings left out. Not an API for anything else.
@_spi(Fuzzing) public enum CommandEntryPoints {
    /// Why a command failed: the kind, which decides the command's exit status, and the message it writes on
    /// standard error (`ReplayError`).
    public struct Failure: Error, Hashable, Sendable {
        public var kind: TraceError.Kind
        public var message: String
    }

    /// `gestures render` of the trace at `trace` with `layout` (nil: the layout beside the trace, else the
    /// default), and `--explain` when `explain`: the picture, which `svg(animated:)` draws still or animated (the
    /// command's `--animate`); or why the command fails.
    public static func picture(of trace: String, layout: Layout?, explain: Bool) throws(Failure) -> Picture {
        do {
            return try Replay.picture(of: FilePath(trace), options: ReplayOptions(layout: layout, explain: explain, warn: { _ in }))
        } catch {
            throw Failure(kind: error.kind, message: error.message)
        }
    }
}
