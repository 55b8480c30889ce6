/// A finger's velocity on the surface, in mm/s (y down).
public struct Velocity: Hashable, Sendable {
    /// Horizontal velocity in mm/s, positive to the right.
    public var vx: Double
    /// Vertical velocity in mm/s, positive downwards (y down).
    public var vy: Double

    /// A velocity of `vx` mm/s to the right and `vy` mm/s downwards.
    public init(vx: Double, vy: Double) {
        self.vx = vx
        self.vy = vy
    }

    /// At rest: what a finger that rested longer than ``VelocityTracker/horizon`` before lifting, or with fewer than
    /// two positions in it, gets (SPEC.md, "Velocity").
    public static let zero = Velocity(vx: 0, vy: 0)
}

/// A finger's velocity, estimated from its positions in the last `horizon` before a moment, by least
/// squares as Flutter's `VelocityTracker` does: a quadratic fit of each coordinate against time (a line
/// with two samples), whose slope at the newest sample is the velocity. GTK's swipe uses 150 ms; Flutter
/// 100 ms, which is ours.
public struct VelocityTracker: Hashable, Sendable {
    /// How far back samples count.
    public static let horizon = TimeSpan.ms(100)
    /// The most samples kept (Flutter keeps 20).
    static let capacity = 20

    private var times: [Int64] = []
    private var positions: [Point] = []

    /// A tracker with no samples yet; its velocity is ``Velocity/zero`` until it has two within the horizon.
    public init() {}

    /// The finger was at `position` at `time` (times never decrease).
    public mutating func add(_ position: Point, at time: Timestamp) {
        if times.count == Self.capacity {
            times.removeFirst()
            positions.removeFirst()
        }
        times.append(time.microseconds)
        positions.append(position)
    }

    /// The velocity at `time` (a lift), in mm/s: 0 when the finger had not moved within `horizon` before
    /// it (it rested), or with fewer than two samples in that window.
    public func velocity(at time: Timestamp) -> Velocity {
        guard let newest = times.last, time.microseconds - newest <= Self.horizon.microseconds else { return .zero }
        var ts: [Double] = [], xs: [Double] = [], ys: [Double] = []
        for index in times.indices.reversed() {
            let age = newest - times[index]
            guard age <= Self.horizon.microseconds else { break }
            ts.append(-Double(age) / 1_000_000)
            xs.append(positions[index].x)
            ys.append(positions[index].y)
        }
        guard ts.count >= 2 else { return .zero }
        return Velocity(vx: Self.slope(ts, xs), vy: Self.slope(ts, ys))
    }

    /// The slope at t = 0 of the least-squares fit of `values` against `ts`: a quadratic with three
    /// samples or more, else a line. A degenerate fit (samples at one time) falls back to the line, then 0.
    static func slope(_ ts: [Double], _ values: [Double]) -> Double {
        if ts.count >= 3, let coefficients = fit(ts, values, degree: 2) { return coefficients[1] }
        return fit(ts, values, degree: 1)?[1] ?? 0
    }

    /// Least squares by the normal equations (at most 3 × 3, Gaussian elimination with pivoting).
    static func fit(_ ts: [Double], _ values: [Double], degree: Int) -> [Double]? {
        let size = degree + 1
        var matrix = Array(repeating: Array(repeating: 0.0, count: size + 1), count: size)
        for (t, value) in zip(ts, values) {
            var powers = [1.0]
            for _ in 0..<(2 * degree) { powers.append(powers.last! * t) }
            for row in 0..<size {
                for column in 0..<size { matrix[row][column] += powers[row + column] }
                matrix[row][size] += powers[row] * value
            }
        }
        for column in 0..<size {
            guard let pivot = (column..<size).max(by: { abs(matrix[$0][column]) < abs(matrix[$1][column]) }),
                  abs(matrix[pivot][column]) > 1e-18 else { return nil }
            matrix.swapAt(column, pivot)
            for row in 0..<size where row != column {
                let factor = matrix[row][column] / matrix[column][column]
                for entry in column...size { matrix[row][entry] -= factor * matrix[column][entry] }
            }
        }
        return (0..<size).map { matrix[$0][size] / matrix[$0][$0] }
    }
}
