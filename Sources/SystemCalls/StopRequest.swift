import Synchronization

/// A request to stop, made by a signal handler (`gestures live` and `record` on SIGINT, SIGTERM or SIGHUP).
///
/// Once it is made, a write that a signal interrupts gives up (`writeAll`) rather than going on: a reader that
/// stopped reading (a full pipe) would otherwise hold the command for ever, since its stop, its `cancelled`
/// lines and its recording's last `SYN_REPORT` all wait behind that write. The handler also makes a signal come
/// again and again after the stop (`SIGALRM`), so that every write that waits is interrupted.
@usableFromInline package enum StopRequest {
    private static let requested = Atomic<Bool>(false)

    /// Whether a stop was requested. An atomic load: safe from a signal handler and any thread.
    @inlinable package static var isRequested: Bool { load() }

    @usableFromInline static func load() -> Bool { requested.load(ordering: .relaxed) }

    /// Makes the request (from a signal handler: an atomic store, nothing else).
    package static func request() {
        requested.store(true, ordering: .relaxed)
    }

    /// Initializes the request's storage: call it before installing a handler that calls `request()`, so that the
    /// handler never runs a global's lazy initialization.
    package static func prepare() {
        _ = load()
    }
}
