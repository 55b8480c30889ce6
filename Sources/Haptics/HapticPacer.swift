import GestureRuntime

/// Turns haptics into plays a motor can render (SPEC "Haptics", the burst rule): pure, no clock, no IO; each call
/// takes `now`, and ``nextDeadline`` says when to call ``advance(to:)``. Diagram: docs/state-machines/haptic-pacer.md.
///
/// A play keeps the motor busy for its kind's length plus the gap (``HapticSettings/interval(after:)``). A haptic
/// that comes while the motor is free plays at once. One that comes while it is busy waits for the end of the
/// play, with at most one of each kind waiting: detents that come while one waits are merged into it (a burst
/// plays its first tick at once and one more at the end of each play, never more), a press goes ahead of a
/// waiting detent, and a limit takes the place of a waiting detent (it carries the dial's detent itself). So a
/// press or a limit is never lost or held behind detents, and nothing waits longer than a press, a limit and a
/// detent's plays.
public struct HapticPacer: Sendable {
    /// A play for the motor.
    public struct Play: Hashable, Sendable, CustomStringConvertible {
        /// What plays.
        public var kind: HapticKind
        /// When it plays: the `now` of the call that returned it.
        public var time: MonotonicTime
        /// The haptics that this play stands for beyond its own (detents merged into it, or replaced by a limit).
        public var merged: Int

        /// A play of `kind` at `time`, standing for `merged` more haptics.
        public init(_ kind: HapticKind, at time: MonotonicTime, merged: Int = 0) {
            self.kind = kind
            self.time = time
            self.merged = merged
        }

        /// `detent at 0.032000 (+3 merged)`.
        public var description: String {
            "\(kind.rawValue) at \(time)" + (merged > 0 ? " (+\(merged) merged)" : "")
        }
    }

    /// A haptic waiting for the motor, with those merged into it.
    struct Waiting: Hashable, Sendable {
        var kind: HapticKind
        var merged: Int
    }

    enum State: Hashable, Sendable {
        /// The motor is free.
        case idle
        /// A play runs until `until`; `waiting` play after it, in order (at most one of each kind).
        case busy(until: MonotonicTime, waiting: [Waiting])
    }

    /// The settings whose lengths and gap make the intervals.
    public let settings: HapticSettings
    private(set) var state = State.idle

    /// A pacer of a free motor.
    public init(settings: HapticSettings) {
        self.settings = settings
    }

    /// When the next waiting haptic is due (call ``advance(to:)`` then); nil when none waits.
    public var nextDeadline: MonotonicTime? {
        switch state {
        case .idle: nil
        case .busy(let until, let waiting): waiting.isEmpty ? nil : until
        }
    }

    /// A haptic of `kind` at `now`: the plays due at `now`, in order (a waiting one whose time has come, then this
    /// one if the motor is free).
    public mutating func haptic(_ kind: HapticKind, now: MonotonicTime) -> [Play] {
        var plays = advance(to: now)
        switch state {
        case .idle:
            state = .busy(until: now + settings.interval(after: kind), waiting: [])
            plays.append(Play(kind, at: now))
        case .busy(let until, var waiting):
            Self.add(kind, to: &waiting)
            state = .busy(until: until, waiting: waiting)
        }
        return plays
    }

    /// The play due at `now`, if any: the first waiting haptic once the motor's play has ended. The motor is free
    /// again once a play ended with nothing waiting.
    public mutating func advance(to now: MonotonicTime) -> [Play] {
        switch state {
        case .idle:
            return []
        case .busy(let until, var waiting):
            guard until <= now else { return [] }
            guard !waiting.isEmpty else {
                state = .idle
                return []
            }
            let next = waiting.removeFirst()
            state = .busy(until: now + settings.interval(after: next.kind), waiting: waiting)
            return [Play(next.kind, at: now, merged: next.merged)]
        }
    }

    /// `kind` joins the haptics waiting: merged into one of its kind, a press ahead of a detent, a limit in place of
    /// a detent.
    static func add(_ kind: HapticKind, to waiting: inout [Waiting]) {
        if let index = waiting.firstIndex(where: { $0.kind == kind }) {
            waiting[index].merged += 1
            return
        }
        let detent = waiting.firstIndex(where: { $0.kind == .detent })
        switch kind {
        case .detent:
            waiting.append(Waiting(kind: .detent, merged: 0))
        case .press:
            waiting.insert(Waiting(kind: .press, merged: 0), at: detent ?? waiting.endIndex)
        case .limit:
            if let detent {
                waiting[detent] = Waiting(kind: .limit, merged: waiting[detent].merged + 1)
            } else {
                waiting.append(Waiting(kind: .limit, merged: 0))
            }
        }
    }
}
