import GestureCore

/// The animation's time: the trace replayed in real time from its first frame to its last, then a hold,
/// looping. Every animation runs for the whole loop (`dur`, `repeatCount="indefinite"`) with its own key
/// times, so all stay in step however long the picture is watched.
struct Clock {
    /// The trace's first moment, at key time 0.
    let start: Timestamp
    /// Seconds from the first moment to the last.
    let span: Double
    /// Seconds of the whole loop: the span and a hold at the end.
    let duration: Double

    /// The still picture at the end is held this long before the loop starts again.
    static let hold = 1.5

    init(start: Timestamp, end: Timestamp) {
        self.start = start
        self.span = Double((end - start).microseconds) / 1e6
        self.duration = span + Clock.hold
    }

    /// `time` as a fraction of the loop.
    func fraction(_ time: Timestamp) -> Double {
        min(max(Double((time - start).microseconds) / 1e6 / duration, 0), 1)
    }

    /// The attributes every animation has.
    var timing: [(String, String)] {
        [("dur", SVGNumber.text(duration, places: 3) + "s"), ("repeatCount", "indefinite")]
    }

    /// An animation of `attribute` through `steps`: `initial` from the loop's start, then each value from
    /// its time on. `discrete` jumps from value to value; otherwise the values are interpolated between
    /// their times and the last holds to the end. Steps are in time order; of steps at the same key time
    /// the last wins.
    func animate(_ attribute: String, initial: String, steps: [(time: Timestamp, value: String)], discrete: Bool,
                 element: String = "animate", extra: [(String, String)] = [], to svg: inout SVGText) {
        var keys: [(time: Double, value: String)] = [(0, initial)]
        for step in steps {
            let key = (fraction(step.time) * 100_000).rounded() / 100_000
            if key <= keys[keys.count - 1].time {
                keys[keys.count - 1].value = step.value
            } else {
                keys.append((key, step.value))
            }
        }
        if !discrete, keys[keys.count - 1].time < 1 { keys.append((1, keys[keys.count - 1].value)) }
        if keys.count == 1 { keys.append((1, keys[0].value)) }
        var attributes: [(String, String)] = [("attributeName", attribute)] + extra
        attributes.append(("values", keys.map(\.value).joined(separator: ";")))
        attributes.append(("keyTimes", keys.map { SVGNumber.text($0.time, places: 5) }.joined(separator: ";")))
        attributes.append(("calcMode", discrete ? "discrete" : "linear"))
        svg.empty(element, attributes + timing)
    }

    /// Shown from `from` (hidden before it), and hidden again from `until` when it is given.
    func show(from: Timestamp, until: Timestamp? = nil, to svg: inout SVGText) {
        var steps = [(time: from, value: "1")]
        if let until { steps.append((until, "0")) }
        animate("opacity", initial: "0", steps: steps, discrete: true, to: &svg)
    }
}
