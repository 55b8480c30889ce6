import GestureFormat
import Synchronization
import SystemCalls
import TraceFormats

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
    var handles: [pthread_t] = []
    for _ in 1..<max(threads, 1) {
        let box = Unmanaged.passRetained(WorkBox(work))
        var handle = pthread_t()
        let created = pthread_create(&handle, nil, { raw in
            let box = Unmanaged<WorkBox>.fromOpaque(raw!).takeRetainedValue()
            box.work()
            return nil
        }, box.toOpaque())
        if created == 0 {
            handles.append(handle)
        } else {
            box.release()
        }
    }
    work()  // this thread works too
    for handle in handles { pthread_join(handle, nil) }
}

/// The monotonic clock, in seconds.
package func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// A closure handed to a thread.
private final class WorkBox: Sendable {
    let work: @Sendable () -> Void
    init(_ work: @escaping @Sendable () -> Void) { self.work = work }
}
