import GestureCore
import GestureFormat

/// The recognizers' decisions (`--explain`) as labels on the time strip: one per state transition, at its
/// time, in a lane of its own under the gestures' lanes. A label names the machine (the last step of its
/// path) and its transition, `long-press pressing→recognized`; its tooltip (`<title>`) is the whole line:
/// the time, the target, the path and the reason in numbers.
struct Decisions {
    /// One transition, placed: its row in the lane, or nil when no row had room for its label (its tick
    /// and its tooltip are still drawn).
    struct Decision {
        let time: Timestamp
        let target: String
        let explanation: Explanation
        let label: String
        var row: Int?
        /// The label runs left of its tick (near the strip's right end).
        var leftward = false
    }

    /// At most this many rows of labels; a decision that finds no room in them keeps only its tick.
    static let mostRows = 12

    private(set) var decisions: [Decision] = []
    /// Rows taken by labels (at least 1 when there is any decision).
    private(set) var rows = 0

    /// The explanations among `events`, laid out left of `right` (the strip's right edge) with `x` placing a
    /// time: each label goes in the first row where it clears the label before it.
    init(events: [GestureEvent], font: Double, right: Double, x: (Timestamp) -> Double) {
        let explained = events.compactMap { event -> (GestureEvent, Explanation)? in
            if case .explanation(let explanation) = event.kind { (event, explanation) } else { nil }
        }
        guard !explained.isEmpty else { return }
        // The target is named only when decisions come from several.
        let namesTargets = Set(explained.map { $0.0.target }).count > 1
        let size = Decisions.labelSize(font)
        var rowEnds: [Double] = []
        for (event, explanation) in explained {
            let machine = explanation.path.split(separator: ".").last.map(String.init) ?? explanation.path
            let label = (namesTargets ? event.target + " " : "") + machine + " " + explanation.from + "→" + explanation.to
            var decision = Decision(time: event.time, target: event.target, explanation: explanation, label: label)
            let tick = x(event.time)
            let width = TextMetrics.width(of: label, fontSize: size)
            decision.leftward = tick + 0.3 * font + width > right
            let (from, to) = decision.leftward ? (tick - 0.3 * font - width, tick) : (tick, tick + 0.3 * font + width)
            if let row = rowEnds.firstIndex(where: { $0 + 0.4 * font <= from }) {
                rowEnds[row] = to
                decision.row = row
            } else if rowEnds.count < Decisions.mostRows {
                decision.row = rowEnds.count
                rowEnds.append(to)
            }
            decisions.append(decision)
        }
        rows = max(1, rowEnds.count)
    }

    static func labelSize(_ font: Double) -> Double { 0.55 * font }
    static func rowHeight(_ font: Double) -> Double { 0.8 * font }

    /// The lane's height for `rows` rows.
    static func height(rows: Int, font: Double) -> Double { max(1.6 * font, Double(rows) * rowHeight(font) + 0.5 * font) }

    /// Each decision: a tick on the lane's top edge at its time, and in its row a dot at the same time with
    /// its label (a label runs in its row only: no line crosses another's), red for a machine that failed,
    /// was cancelled or lost; animated, each shows from its time on.
    func draw(in lane: TimeStrip.Lane, left: Double, font: Double, start: Timestamp, clock: Clock?, x: (Timestamp) -> Double,
              to svg: inout SVGText) {
        let size = Decisions.labelSize(font)
        // Under the lane's name: how many found no room for a label (their ticks and tooltips remain).
        let unlabelled = decisions.count { $0.row == nil }
        if unlabelled > 0 {
            svg.text("text", [("class", "unlabelled"), ("x", n(left + 0.4 * font)), ("y", n(lane.top + lane.height / 2 + 1.2 * font)),
                              ("font-size", n(size)), ("fill", "#555")], "+\(unlabelled) unlabelled")
        }
        for decision in decisions {
            let tick = x(decision.time)
            let middle = lane.top + 0.3 * font + (Double(decision.row ?? 0) + 0.5) * Decisions.rowHeight(font)
            let color = ["failed", "cancelled", "lost"].contains(decision.explanation.to) ? "#c62828" : "#37474f"
            let seconds = SVGNumber.text(Double((decision.time - start).microseconds) / 1e6, places: 3)
            svg.element("g", [("class", "decision"), ("data-time", seconds)]) { svg in
                svg.text("title", [], seconds + " s " + decision.target + " " + decision.explanation.path + ": "
                         + decision.explanation.from + " → " + decision.explanation.to + ", "
                         + ExplanationText.reason(decision.explanation.reason))
                svg.empty("line", [("x1", n(tick)), ("y1", n(lane.top)), ("x2", n(tick)), ("y2", n(lane.top + 0.2 * font)),
                                   ("stroke", color), ("stroke-width", n(0.06 * font))])
                if decision.row != nil {
                    svg.empty("circle", [("cx", n(tick)), ("cy", n(middle)), ("r", n(0.14 * font)), ("fill", color)])
                    let anchor: [(String, String)] = decision.leftward
                        ? [("x", n(tick - 0.3 * font)), ("text-anchor", "end")] : [("x", n(tick + 0.3 * font))]
                    svg.text("text", anchor + [("y", n(middle + 0.2 * font)), ("font-size", n(size)), ("fill", color)],
                             decision.label)
                }
                clock?.show(from: decision.time, to: &svg)
            }
        }
    }
}
