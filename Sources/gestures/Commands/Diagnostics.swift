import EvdevModel
import GestureFormat
import Synchronization
import SystemCalls
import TraceFormats
import TracePlayback

#if canImport(Glibc)
import Glibc
#endif

/// Messages for people, on standard error.
enum Diagnostics {
    /// Says `message` unless a message with the same `key` was said before in this run ("says so once").
    static func warnOnce(key: String, _ message: String) {
        guard onceKeys.withLock({ $0.insert(key).inserted }) else { return }
        warn(message)
    }

    private static let onceKeys = Mutex<Set<String>>([])

    /// SPEC's resolution-0 fallback, said once per run.
    static func warnResolutionAssumed(for path: String) {
        warnOnce(key: "resolution assumed",
                 "the device of \(path) reports no resolution and no size was given (--size WxH or the layout's "
                 + "surface): assuming the wider axis spans \(Numbers.decimal(SurfaceMapping.assumedWidth)) mm")
    }

    /// All of `line` on standard error, again after a partial write or a signal (`SystemCalls.writeAll`); a write
    /// that fails is dropped: there is nowhere left to say so. The message's control characters are shown, not
    /// sent to the terminal (`TerminalText`): it may quote a file or a device's name.
    private static func write(_ prefix: String, _ message: String) {
        var line = prefix + TerminalText.escaped(message) + "\n"
        _ = line.withUTF8 { SystemCalls.writeAll(2, UnsafeRawBufferPointer($0)) }
    }

    static func warn(_ message: String) {
        write("gestures: warning: ", message)
    }

    static func error(_ message: String) {
        write("gestures: ", message)
    }

    /// A replay's warning, in its words.
    static func warn(_ warning: TraceWarning) {
        switch warning {
        case .descriptionReplaced(let path, let device):
            warnOnce(key: "replaced description of \(path)", "\(path) has its own device description; --device \(device) replaces it")
        case .resolutionAssumed(let path):
            warnResolutionAssumed(for: path.description)
        case .cutShort(let path, let line):
            warn("\(path):\(line): the last line has no line end (the trace was cut short): it was dropped, "
                 + "with any events after the final SYN_REPORT")
        case .partialFrameDropped(let path):
            warn("\(path): the trace ends in the middle of a frame; its last events after the final SYN_REPORT were dropped")
        }
    }
}
