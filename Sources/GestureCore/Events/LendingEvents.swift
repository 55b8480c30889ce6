extension Array where Element == GestureEvent {
    /// Calls `body` with each event from `start` on, in order, where it lies in the array's storage, while `body`
    /// returns true: returns the index of the first event not taken (`count` when `body` took them all). The one
    /// home of reading a buffer of events without copying them: a source's delivery (`deliverEach(to:)`) and a
    /// formatter's lines (`EventFormatter.writeLines(_:from:into:reusing:)`).
    ///
    /// Every other way of writing this loop copies each event into the call and destroys the copy after it: `for`-in,
    /// by index, through `withUnsafeBufferPointer` or a `Span`, into a `borrowing` closure (Swift 6.3, release build).
    /// The compiler cannot tell that the callee leaves the storage alone, so it hands over a copy of its own, built
    /// and destroyed for every printed line (`outlined init with copy` and `destroy` of `GestureEvent`;
    /// docs/performance.md). An `inout` access it trusts to be exclusive, so each event is lent to `body` through one:
    /// passed on from there, it is read in place. `body` must not write to it: the access is `inout` only for the
    /// compiler's sake. The storage stays alive while `body` runs even when `body` calls the engine again: this
    /// array holds it, and the engine then copies its events to fresh storage of its own.
    @inlinable @inline(__always)
    package func lendEach(from start: Int = 0, while body: (inout GestureEvent) -> Bool) -> Int {
        // The events are reached through a pointer, unchecked: `start` is checked once here.
        precondition(start >= 0 && start <= count, "lendEach: start \(start) is outside 0...\(count)")
        return withUnsafeBufferPointer { events in
            guard let first = events.baseAddress else { return start }
            let inPlace = UnsafeMutablePointer(mutating: first)
            var next = start
            while next < events.count, body(&inPlace[next]) { next += 1 }
            return next
        }
    }
}
