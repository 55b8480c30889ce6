import GestureCore
import GestureFormat

/// The strip under the surface: the touches, then one lane per gesture type, over a time axis; dots for
/// discrete events and rounded bars for continuous gestures, like a symptom timeline. Animated, a
/// progress mark runs along it.
struct TimeStrip {
    /// A lane: its name and the height of its rows.
    struct Lane {
        let name: String
        let top: Double
        let height: Double
        /// The touches' lane has a row per finger.
        let rows: Int
    }

    let top: Double
    let left: Double
    let width: Double
    let font: Double
    let start: Timestamp
    let end: Timestamp
    let lanes: [Lane]
    /// Where time runs: the lanes' area right of their names.
    let timeLeft: Double
    let timeRight: Double
    let bottom: Double
    private let contacts: [ContactTrack]
    private let episodes: [Episode]
    /// The recognizers' decisions, with `--explain`: the last lane.
    private let decisions: Decisions
    /// The row of each gesture (of `episodes`) in its lane.
    private let rows: [Int]

    init(top: Double, left: Double, width: Double, font: Double, start: Timestamp, end: Timestamp,
         contacts: [ContactTrack], episodes: [Episode], events: [GestureEvent]) {
        self.top = top
        self.left = left
        self.width = width
        self.font = font
        self.start = start
        self.end = end
        self.contacts = contacts
        self.episodes = episodes
        // The touches, then the gesture types in the order they first occur, the haptics last.
        var names = ["touches"]
        for episode in episodes where !names.contains(episode.type) && !episode.isHaptic { names.append(episode.type) }
        if let haptic = episodes.first(where: \.isHaptic) { names.append(haptic.type) }
        let decisionsName = "decisions"
        let explains = events.contains { if case .explanation = $0.kind { true } else { false } }
        if explains { names.append(decisionsName) }
        let nameWidth = names.map { TextMetrics.width(of: $0, fontSize: 0.8 * font) }.max() ?? 0
        timeLeft = left + nameWidth + 1.2 * font
        timeRight = left + width - 0.8 * font
        spanSeconds = max(Double((end - start).microseconds) / 1e6, 1e-3)
        // Gestures that overlap in time take rows of their own in their lane, the first free one.
        var rows = Array(repeating: 0, count: episodes.count)
        var rowEnds: [String: [Double]] = [:]
        let pixelsPerSecond = (timeRight - timeLeft) / spanSeconds
        for (index, episode) in episodes.enumerated() where episode.isContinuous {
            let from = Double((episode.first.time - start).microseconds) / 1e6 * pixelsPerSecond
            let to = max(Double((TimeStrip.endTime(of: episode, traceEnd: end) - start).microseconds) / 1e6 * pixelsPerSecond, from + font)
            var ends = rowEnds[episode.type, default: []]
            let row = ends.firstIndex { $0 + 0.3 * font <= from } ?? min(ends.count, TimeStrip.mostRows - 1)
            if row == ends.count { ends.append(to) } else { ends[row] = max(ends[row], to) }
            rowEnds[episode.type] = ends
            rows[index] = row
        }
        self.rows = rows
        let (timeLeft, timeRight, spanSeconds) = (timeLeft, timeRight, spanSeconds)
        decisions = Decisions(events: events, font: font, right: left + width - 0.2 * font) {
            TimeStrip.x($0, start: start, spanSeconds: spanSeconds, from: timeLeft, to: timeRight)
        }
        var lanes: [Lane] = []
        var y = top + 0.3 * font
        for name in names {
            let count: Int, height: Double
            switch name {
            case "touches":
                count = max(1, (contacts.map(\.finger).max() ?? 0) + 1)
                height = max(1.6 * font, Double(count) * 0.7 * font + 0.4 * font)
            case decisionsName:
                count = decisions.rows
                height = Decisions.height(rows: count, font: font)
            default:
                count = max(1, rowEnds[name]?.count ?? 1)
                height = max(1.6 * font, Double(count) * 1.15 * font + 0.45 * font)
            }
            lanes.append(Lane(name: name, top: y, height: height, rows: count))
            y += height
        }
        self.lanes = lanes
        bottom = y + 2.4 * font
    }

    /// A lane shows at most this many rows; further overlapping gestures share the last.
    static let mostRows = 8

    /// When a gesture ends on the strip: its `ended` or `cancelled`, else the end of the trace.
    static func endTime(of episode: Episode, traceEnd: Timestamp) -> Timestamp {
        episode.last.kind.phase == .ended || episode.wasCancelled ? episode.last.time : traceEnd
    }

    /// Seconds from `start` to `end` (at least a millisecond, so that a trace of one instant has a width).
    private let spanSeconds: Double

    /// Where `time` is on the strip.
    func x(_ time: Timestamp) -> Double {
        TimeStrip.x(time, start: start, spanSeconds: spanSeconds, from: timeLeft, to: timeRight)
    }

    /// Where `time` is on a strip running from `from` at `start` to `to` `spanSeconds` later.
    private static func x(_ time: Timestamp, start: Timestamp, spanSeconds: Double, from: Double, to: Double) -> Double {
        from + Double((time - start).microseconds) / 1e6 / spanSeconds * (to - from)
    }

    func draw(_ drawing: PictureDrawing, to svg: inout SVGText) {
        svg.element("g", [("class", "time-strip")]) { svg in
            for (index, lane) in lanes.enumerated() {
                svg.empty("rect", [("x", n(left)), ("y", n(lane.top)), ("width", n(width)), ("height", n(lane.height)),
                                   ("fill", index % 2 == 0 ? "#f0f0ec" : "#f7f7f4")])
                svg.text("text", [("class", "lane"), ("x", n(left + 0.4 * font)), ("y", n(lane.top + lane.height / 2 + 0.3 * font)),
                                  ("font-size", n(0.8 * font)), ("fill", "#333")], lane.name)
                if index == 0 {
                    drawTouches(lane, to: &svg)
                } else if index == lanes.count - 1, !decisions.decisions.isEmpty {
                    decisions.draw(in: lane, left: left, font: font, start: start, clock: drawing.clock, x: x, to: &svg)
                } else {
                    drawGestures(lane, to: &svg)
                }
            }
            drawAxis(to: &svg)
            if let clock = drawing.clock { drawProgress(clock, to: &svg) }
        }
    }

    /// Each contact as a thin bar in its finger's colour, a row per finger.
    private func drawTouches(_ lane: Lane, to svg: inout SVGText) {
        let rowHeight = (lane.height - 0.4 * font) / Double(lane.rows)
        let barHeight = min(0.5 * font, 0.8 * rowHeight)
        for contact in contacts {
            let y = lane.top + 0.2 * font + rowHeight * (Double(contact.finger) + 0.5) - barHeight / 2
            let from = x(contact.downTime), to = x(contact.endTime ?? end)
            svg.empty("rect", [("class", "touch"), ("x", n(from)), ("y", n(y)), ("width", n(max(to - from, barHeight))),
                               ("height", n(barHeight)), ("rx", n(barHeight / 2)), ("fill", Palette.finger(contact.finger))])
        }
    }

    /// The gestures of the lane's type: dots and bars in the type's colour, a bar named by its target.
    private func drawGestures(_ lane: Lane, to svg: inout SVGText) {
        let barHeight = 0.9 * font
        for (index, episode) in episodes.enumerated() where episode.type == lane.name {
            let middle = lane.rows == 1 ? lane.top + lane.height / 2 : lane.top + 0.2 * font + (Double(rows[index]) + 0.5) * 1.15 * font
            let (color, badge) = GestureStyle.style(of: episode.first.kind)
            let from = x(episode.first.time)
            guard episode.isContinuous else {
                svg.empty("circle", [("class", "event"), ("cx", n(from)), ("cy", n(middle)), ("r", n(0.32 * font)), ("fill", color),
                                     ("data-time", SVGNumber.text(Double((episode.first.time - start).microseconds) / 1e6, places: 3))])
                if let badge {
                    svg.text("text", [("x", n(from + 0.45 * font)), ("y", n(middle - 0.1 * font)), ("font-size", n(0.6 * font)),
                                      ("fill", color)], badge)
                }
                continue
            }
            // A gesture still going at the end of the trace runs to its end.
            let to = max(x(TimeStrip.endTime(of: episode, traceEnd: end)), from + barHeight)
            var attributes: [(String, String)] = [("class", "span"), ("x", n(from)), ("y", n(middle - barHeight / 2)), ("width", n(to - from)),
                                                  ("height", n(barHeight)), ("rx", n(barHeight / 2)), ("fill", color)]
            if episode.wasCancelled {
                attributes += [("fill-opacity", "0.35"), ("stroke", color), ("stroke-width", n(0.1 * font)),
                               ("stroke-dasharray", n(0.3 * font))]
            }
            svg.empty("rect", attributes)
            let name = episode.target + (episode.wasCancelled ? " ✕" : "")
            let size = 0.65 * font
            if TextMetrics.width(of: name, fontSize: size) + 0.8 * font <= to - from {
                svg.text("text", [("x", n(from + 0.45 * font)), ("y", n(middle + 0.23 * font)), ("font-size", n(size)),
                                  ("fill", episode.wasCancelled ? color : "#ffffff")], name)
            }
        }
    }

    /// The time axis: seconds since the trace's first frame, at a step that leaves room for the labels.
    private func drawAxis(to svg: inout SVGText) {
        let y = lanes.last.map { $0.top + $0.height } ?? top
        let size = 0.7 * font
        svg.empty("line", [("x1", n(timeLeft)), ("y1", n(y)), ("x2", n(timeRight)), ("y2", n(y)), ("stroke", "#555"),
                           ("stroke-width", n(0.06 * font))])
        let pixelsPerSecond = (timeRight - timeLeft) / spanSeconds
        let step = TimeStrip.niceStep(atLeast: 5 * font / pixelsPerSecond)
        var tick = 0.0
        svg.element("g", [("class", "time-axis"), ("font-size", n(size)), ("fill", "#333"), ("text-anchor", "middle")]) { svg in
            while tick <= spanSeconds + 1e-9 {
                let tx = timeLeft + tick * pixelsPerSecond
                svg.empty("line", [("x1", n(tx)), ("y1", n(y)), ("x2", n(tx)), ("y2", n(y + 0.4 * font)), ("stroke", "#555"),
                                   ("stroke-width", n(0.06 * font))])
                svg.text("text", [("x", n(tx)), ("y", n(y + 0.4 * font + size))], Numbers.decimal(tick, places: 3) + " s")
                tick += step
            }
        }
    }

    /// The smallest of 0.001, 0.002, 0.005, 0.01 ... seconds that is at least `minimum`.
    static func niceStep(atLeast minimum: Double) -> Double {
        var base = 0.001
        while true {
            for factor in [1.0, 2, 5] where base * factor >= minimum { return base * factor }
            base *= 10
        }
    }

    /// A mark running along the strip in real time, then holding at the end.
    private func drawProgress(_ clock: Clock, to svg: inout SVGText) {
        let y0 = top, y1 = (lanes.last.map { $0.top + $0.height } ?? top) + 0.4 * font
        svg.element("g", [("class", "progress")]) { svg in
            svg.empty("line", [("x1", n(timeLeft)), ("y1", n(y0)), ("x2", n(timeLeft)), ("y2", n(y1)), ("stroke", "#c62828"),
                               ("stroke-width", n(0.15 * font))])
            svg.empty("path", [("d", "M" + n(timeLeft) + "," + n(y0) + "l" + n(-0.5 * font) + "," + n(-0.7 * font) + "h" + n(font) + "z"),
                               ("fill", "#c62828")])
            clock.animate("transform", initial: "0 0", steps: [(end, n(timeRight - timeLeft) + " 0")], discrete: false,
                          element: "animateTransform", extra: [("type", "translate")], to: &svg)
        }
    }
}
