import GestureFormat
import Synchronization
import SystemCalls
import TraceFormats
import TracePlayback

#if canImport(Glibc)
import Glibc
#endif

/// Checks `traces` on `jobs` threads, handing each outcome to `report` in the order of the traces,
/// whatever order they finish in (`report` is called on one thread at a time, with the outcome's index
/// and the seconds its check took).
package func checkAll(_ traces: [CheckedTrace], options: ReplayOptions, update: Bool, jobs: Int,
                     report: @escaping @Sendable (Int, CheckOutcome, Double) -> Void) {
    struct Progress {
        var next = 0
        var outcomes: [(CheckOutcome, Double)?]
        var reported = 0
    }
    let progress = Mutex(Progress(outcomes: Array(repeating: nil, count: traces.count)))
    // Known before any trace is replayed: the files no update may write over.
    let inputs = update ? CheckInputs(traces, device: options.device) : nil
    let work: @Sendable () -> Void = {
        while true {
            let index: Int? = progress.withLock { state in
                guard state.next < traces.count else { return nil }
                defer { state.next += 1 }
                return state.next
            }
            guard let index else { return }
            let start = monotonicSeconds()
            let outcome = check(traces[index], options: options, update: inputs.map { inputs in { inputs.refusal(toUpdate: index) } })
            let seconds = monotonicSeconds() - start
            progress.withLock { state in
                state.outcomes[index] = (outcome, seconds)
                while state.reported < traces.count, let (ready, took) = state.outcomes[state.reported] {
                    report(state.reported, ready, took)
                    state.outcomes[state.reported] = nil  // reported: its memory goes
                    state.reported += 1
                }
            }
        }
    }
    let threads = max(1, min(jobs, traces.count))
    var helpers: [SystemThread] = []
    for _ in 1..<max(threads, 1) {
        if let thread = SystemThread(work) { helpers.append(thread) }
    }
    work()  // this thread works too
    for thread in helpers { thread.join() }
}

/// The monotonic clock, in seconds.
package func monotonicSeconds() -> Double {
    Double(monotonicMicroseconds()) / 1e6
}
