import GestureCore

/// The contacts that landed on one target, to find those down at a moment in time logarithmic in their number:
/// a gesture mark asks for its fingers once per line, and a long trace has many contacts and many lines.
struct ContactsDown {
    /// Indices into the picture's contacts, by landing time (then landing order).
    private let order: [Int]
    private let downTimes: [Timestamp]
    /// A tree of the latest lift time over each range of `order` (the root at 1, node i's halves at 2i and
    /// 2i + 1, the leaves from `leaves`): a contact still down lifts at `Int64.max`.
    private let latestLift: [Int64]
    private let leaves: Int

    /// The contacts of `contacts` that landed within `shape`.
    init(_ contacts: [ContactTrack], landedIn shape: Shape) {
        let landed = contacts.indices.filter { shape.contains(contacts[$0].downPosition) }
        order = landed.sorted { (contacts[$0].downTime, $0) < (contacts[$1].downTime, $1) }
        downTimes = order.map { contacts[$0].downTime }
        var leaves = 1
        while leaves < order.count { leaves *= 2 }
        self.leaves = leaves
        var tree = Array(repeating: Int64.min, count: 2 * leaves)
        for (position, index) in order.enumerated() {
            tree[leaves + position] = contacts[index].endTime?.microseconds ?? Int64.max
        }
        for node in stride(from: leaves - 1, through: 1, by: -1) { tree[node] = max(tree[2 * node], tree[2 * node + 1]) }
        latestLift = tree
    }

    /// Of the contacts down at `time` (landed at or before it, lifted at or after it, or still down), the last
    /// `limit` to land, in landing order (indices into the picture's contacts).
    func down(at time: Timestamp, last limit: Int) -> [Int] {
        // The contacts landed by `time` are the first `landed` of `order`.
        var low = 0, high = downTimes.count
        while low < high {
            let middle = (low + high) / 2
            if downTimes[middle] <= time { low = middle + 1 } else { high = middle }
        }
        var found: [Int] = []
        var before = low
        while found.count < limit, let position = lastLifting(atOrAfter: time.microseconds, before: before) {
            found.append(order[position])
            before = position
        }
        return found.reversed()
    }

    /// The last position before `end` whose contact lifts at `time` or later; nil when there is none.
    private func lastLifting(atOrAfter time: Int64, before end: Int) -> Int? {
        lastLifting(atOrAfter: time, before: end, node: 1, from: 0, to: leaves)
    }

    private func lastLifting(atOrAfter time: Int64, before end: Int, node: Int, from: Int, to: Int) -> Int? {
        guard from < end, latestLift[node] >= time else { return nil }
        if to - from == 1 { return from }
        let middle = (from + to) / 2
        return lastLifting(atOrAfter: time, before: end, node: 2 * node + 1, from: middle, to: to)
            ?? lastLifting(atOrAfter: time, before: end, node: 2 * node, from: from, to: middle)
    }
}
