/// A finger's velocity on the surface, in mm/s (y down); in a `pan` line's ``GestureEvent/Pan/velocity``, in the
/// target's view points per second under a view (SPEC.md "View coordinates").
public struct Velocity: Hashable, Sendable {
    /// Horizontal velocity, positive to the right: mm/s on the surface (in a `pan` line under a view, its points per
    /// second).
    public var vx: Double
    /// Vertical velocity, positive downwards (y down): mm/s on the surface (in a `pan` line under a view, its points
    /// per second).
    public var vy: Double

    /// A velocity of `vx` to the right and `vy` downwards (mm/s, or a view's points per second).
    public init(vx: Double, vy: Double) {
        self.vx = vx
        self.vy = vy
    }

    /// At rest: what a finger gets that rested longer than ``VelocityTracker/stoppedAfter`` before lifting, or that has
    /// fewer than two positions in its window (SPEC.md, "Velocity").
    public static let zero = Velocity(vx: 0, vy: 0)
}

/// A finger's velocity, estimated from its positions in the last `horizon` before its newest one, by least
/// squares as Flutter's `VelocityTracker` does: a quadratic fit of each coordinate against time (a line
/// with two samples), whose slope at the newest sample is the velocity. GTK's swipe uses 150 ms; Flutter
/// 100 ms, which is ours.
///
/// A finger that sent no move for longer than `stoppedAfter` has stopped, as Flutter and Android assume: its
/// velocity is 0 when the moment asked for (a lift) comes more than that after its newest sample, and a pause that
/// long between two samples ends the window there (the older ones are of a movement that stopped). So a finger that
/// drags, rests and lifts does not fling.
public struct VelocityTracker: Hashable, Sendable {
    /// How far back samples count: a sample exactly this much older than the newest still does (Flutter's
    /// `_horizonMilliseconds`, Android's `HORIZON`, both 100 ms, both counting the sample at exactly 100).
    public static let horizon = TimeSpan.ms(100)
    /// The longest pause that is still movement: a finger that sent no move for longer has stopped. Flutter's
    /// `_assumePointerMoveStoppedMilliseconds` and Android's `ASSUME_POINTER_STOPPED_TIME`, both 40 ms, and both
    /// "longer than", so that a pause of exactly 40 ms is still movement: Flutter's `velocity_tracker.dart` ends the
    /// window at `delta > _assumePointerMoveStoppedMilliseconds` between samples (its newer versions also give 0 when
    /// `_sinceLastSample` exceeds it); Android's `libs/input/VelocityTracker.cpp` forgets the samples when
    /// `delaySinceLastEvent > ASSUME_POINTER_STOPPED_TIME` at a lift, or before a move that comes that late.
    public static let stoppedAfter = TimeSpan.ms(40)
    /// The most samples kept (Flutter keeps 20).
    static let capacity = 20

    /// One position of the finger and its time in µs.
    private struct Sample: Hashable, Sendable {
        var time: Int64
        var position: Point
    }

    /// The samples, oldest first from `ringStart` on, wrapping around: a ring, so that once full a new sample
    /// overwrites the oldest. (Dropping the oldest with `removeFirst()` shifted all the others, at every move of a
    /// drag: docs/performance.md.) Read them in order through `sample(_:)`.
    private var ring: [Sample] = []
    /// Where the oldest sample is: 0 until the ring is full.
    private var ringStart = 0

    /// A tracker with no samples yet; its velocity is ``Velocity/zero`` until it has two within the horizon.
    public init() {}

    /// How many samples it holds.
    private var count: Int { ring.count }

    /// The sample `index` places after the oldest (0 the oldest, `count - 1` the newest).
    private func sample(_ index: Int) -> Sample {
        let place = ringStart + index
        return ring[place < ring.count ? place : place - ring.count]
    }

    /// The finger was at `position` at `time` (times never decrease).
    public mutating func add(_ position: Point, at time: Timestamp) {
        let sample = Sample(time: time.microseconds, position: position)
        if ring.count < Self.capacity {
            ring.append(sample)
        } else {
            ring[ringStart] = sample
            ringStart = ringStart + 1 == Self.capacity ? 0 : ringStart + 1
        }
    }

    /// Forgets every sample, keeping the storage, and starts again with the finger at `position` at `time` (a new
    /// touch sequence's landing).
    mutating func restart(at position: Point, time: Timestamp) {
        ring.removeAllKeepingCapacity()
        ringStart = 0
        add(position, at: time)
    }

    /// Equal when they hold the same samples in the same order, wherever the ring begins.
    public static func == (lhs: VelocityTracker, rhs: VelocityTracker) -> Bool {
        lhs.count == rhs.count && (0..<lhs.count).allSatisfy { lhs.sample($0) == rhs.sample($0) }
    }

    /// The samples in order, as `==` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for index in 0..<count { hasher.combine(sample(index)) }
    }

    /// The velocity at `time` (a lift, or the landing that ends a drag), in mm/s: 0 when the finger had not moved
    /// within `stoppedAfter` before it (it rested), or with fewer than two samples in its window: the newest sample
    /// and those before it back to `horizon` older, up to the first pause longer than `stoppedAfter`.
    public func velocity(at time: Timestamp) -> Velocity {
        guard count > 0 else { return .zero }
        let newest = sample(count - 1).time
        guard time.microseconds - newest <= Self.stoppedAfter.microseconds else { return .zero }
        // The window: from `oldest` on, within the horizon before the newest, with no pause beyond `stoppedAfter`.
        var oldest = count - 1
        while oldest > 0 && newest - sample(oldest - 1).time <= Self.horizon.microseconds
            && sample(oldest).time - sample(oldest - 1).time <= Self.stoppedAfter.microseconds {
            oldest -= 1
        }
        guard count - oldest >= 2 else { return .zero }
        if count - oldest >= 3, let velocity = fittedVelocity(from: oldest, degree: 2) { return velocity }
        return fittedVelocity(from: oldest, degree: 1) ?? .zero
    }

    /// The slopes at t = 0 (the newest sample) of the least-squares fits of x and of y against time, over the samples
    /// from `oldest` on, of `degree` 2 (a quadratic, with three samples or more) or 1 (a line); nil for a degenerate
    /// fit (samples at one time), for which the caller falls back to the line, then 0.
    ///
    /// By the normal equations (at most 3 × 3, Gaussian elimination with pivoting), in a matrix on the stack (the
    /// tracker allocates nothing). The fits of x and y share their matrix (the powers of the times), so both are
    /// solved at once, as two right-hand columns: each column goes through exactly the operations it went through
    /// solved alone, so the velocity is the same to the bit, and the matrix is built and reduced once, not twice, at
    /// every lift (docs/performance.md). The samples are summed newest first, each at its time in seconds before the
    /// newest (t ≤ 0).
    private func fittedVelocity(from oldest: Int, degree: Int) -> Velocity? {
        let size = degree + 1
        let width = size + 2  // the matrix, then x's column, then y's
        let newest = sample(count - 1).time
        // A 3 × 5 matrix at most, then the powers of t up to t⁴.
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 3 * 5 + 5) { storage -> Velocity? in
            storage.initialize(repeating: 0)
            let powersStart = 3 * 5
            for index in (oldest..<count).reversed() {
                let sample = sample(index)
                let t = -Double(newest - sample.time) / 1_000_000
                storage[powersStart] = 1
                for power in 1...(2 * degree) { storage[powersStart + power] = storage[powersStart + power - 1] * t }
                for row in 0..<size {
                    for column in 0..<size { storage[row * width + column] += storage[powersStart + row + column] }
                    storage[row * width + size] += storage[powersStart + row] * sample.position.x
                    storage[row * width + size + 1] += storage[powersStart + row] * sample.position.y
                }
            }
            for column in 0..<size {
                var pivot = column
                for row in (column + 1)..<size where abs(storage[row * width + column]) > abs(storage[pivot * width + column]) {
                    pivot = row
                }
                guard abs(storage[pivot * width + column]) > 1e-18 else { return nil }
                for entry in 0..<width { storage.swapAt(column * width + entry, pivot * width + entry) }
                for row in 0..<size where row != column {
                    let factor = storage[row * width + column] / storage[column * width + column]
                    for entry in column..<width { storage[row * width + entry] -= factor * storage[column * width + entry] }
                }
            }
            return Velocity(vx: storage[1 * width + size] / storage[1 * width + 1],
                            vy: storage[1 * width + size + 1] / storage[1 * width + 1])
        }
    }
}
