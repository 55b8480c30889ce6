import GestureFormat
import Synchronization
import SystemCalls
import TraceFormats
import TracePlayback

#if canImport(Glibc)
import Glibc
#endif

/// The files of a check that `--update` must not write over, by identity (`FileIdentity`): every file its
/// replays may read (`TraceCompanions.inputFiles(ofTrace:layout:device:)`), and every trace's expected file, which only its
/// own trace's update may replace.
package struct CheckInputs: Sendable {
    private struct Input {
        var path: FilePath
        var what: String
        /// The index of the trace it belongs to.
        var trace: Int
        var isExpectedFile: Bool
        /// Another trace whose expected file it is too (a link between two expected files): neither is written.
        var sharedWith: Int?
    }

    private let traces: [CheckedTrace]
    private var files: [FileIdentity: Input] = [:]

    package init(_ traces: [CheckedTrace], device: FilePath?) {
        self.traces = traces
        for (index, trace) in traces.enumerated() where trace.problem == nil {
            for (path, what) in TraceCompanions.inputFiles(ofTrace: trace.path, layout: nil, device: device) {
                if let identity = FileIdentity(path), files[identity] == nil {
                    files[identity] = Input(path: path, what: what, trace: index, isExpectedFile: false)
                }
            }
        }
        for (index, trace) in traces.enumerated() where trace.problem == nil {
            guard let identity = FileIdentity(trace.expected) else { continue }
            if let known = files[identity] {
                if known.isExpectedFile && known.trace != index { files[identity]?.sharedWith = index }
            } else {
                files[identity] = Input(path: trace.expected, what: "the expected output", trace: index, isExpectedFile: true)
            }
        }
    }

    /// Why the expected file of the trace at `index` may not be written: the input it is, by whatever path.
    func refusal(toUpdate index: Int) -> ReplayError? {
        let expected = traces[index].expected
        guard let identity = FileIdentity(expected), var input = files[identity] else { return nil }
        if input.isExpectedFile && input.trace == index {
            guard let other = input.sharedWith else { return nil }
            input.trace = other
            input.path = traces[other].expected
        }
        let whose = input.trace == index ? "" : " of \(traces[input.trace].path)"
        return ReplayError(.io, "\(expected) is \(input.what)\(whose) (\(input.path)): --update would write over it; it was left as it is")
    }
}
