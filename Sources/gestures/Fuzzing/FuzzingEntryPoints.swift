import GestureCore
import Render
import SystemCalls
import TraceFormats
import TracePlayback

/// The commands' own code as the fuzz targets of `Fuzz/` run it (that package compiles this folder, but for
/// `main.swift`, as a module of its own): each command it fuzzes has one function here, which runs the command's
/// code on a file as the command line does, its warnings left out.
package enum CommandEntryPoints {
    /// Why a command failed: the kind, which decides the command's exit status, and the message it writes on
    /// standard error (`ReplayError`).
    package struct Failure: Error, Hashable, Sendable {
        package var kind: FileError.Kind
        package var message: String
    }

    /// `gestures render` of the trace at `trace` with `layout` (nil: the layout beside the trace, else the
    /// default), and `--explain` when `explain`: the picture, which `svg(animated:)` draws still or animated (the
    /// command's `--animate`); or why the command fails.
    package static func pictureOfTrace(_ trace: String, layout: Layout?, explain: Bool) throws(Failure) -> Picture {
        do {
            return try picture(of: FilePath(trace), options: ReplayOptions(layout: layout, explain: explain, warn: { _ in }))
        } catch {
            throw Failure(kind: error.kind, message: error.message)
        }
    }
}
