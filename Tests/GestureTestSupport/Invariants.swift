import GestureCore

/// Checks that every continuous gesture's `began` is followed by exactly one `ended` or `cancelled`,
/// with nothing of it before its `began` or after its end. Returns the problems found (none is good).
public func lifecycleProblems(_ events: [GestureEvent]) -> [String] {
    var open: [String: Bool] = [:]  // "region/type" → began and not finished
    var problems: [String] = []
    for event in events {
        guard let phase = event.kind.phase else { continue }
        let key = event.target + "/" + event.kind.type
        let isOpen = open[key] ?? false
        switch phase {
        case .began:
            if isOpen { problems.append("\(key) began again at \(event.time) before it ended") }
            open[key] = true
        case .changed:
            if !isOpen { problems.append("\(key) changed at \(event.time) without began") }
        case .ended, .cancelled:
            if !isOpen { problems.append("\(key) \(phase) at \(event.time) without began") }
            open[key] = false
        }
    }
    for (key, isOpen) in open.sorted(by: { $0.key < $1.key }) where isOpen {
        problems.append("\(key) never ended")
    }
    return problems
}
