// Over 400 lines for a reason: one small drawing per kind of mark (`EventDrawing`), kept together as the one list of
// how gestures look, to be read and compared side by side.
import GestureCore
import GestureFormat
import RealModule

/// One gesture: a discrete event (a tap, a swipe, a haptic), or a continuous gesture's events from its
/// `began` to its `ended` or `cancelled` (or to the end of the trace).
struct Episode {
    var events: [GestureEvent]

    var first: GestureEvent { events[0] }
    var last: GestureEvent { events[events.count - 1] }
    var target: String { first.target }
    var type: String { first.kind.type }
    var isContinuous: Bool { first.kind.phase != nil }
    var wasCancelled: Bool { last.kind.phase == .cancelled }
    var isHaptic: Bool {
        if case .haptic? = first.kind.drawing { true } else { false }
    }

    /// The events grouped into gestures, in the order they began: the events of a continuous gesture are
    /// those of its target and type from a `began` to the next `ended` or `cancelled`. Explanations
    /// (`--explain`) are no gesture and are left out.
    static func episodes(of events: [GestureEvent]) -> [Episode] {
        var episodes: [Episode] = []
        var open: [String: Int] = [:]
        for event in events {
            if case .explanation = event.kind { continue }
            guard let phase = event.kind.phase else {
                episodes.append(Episode(events: [event]))
                continue
            }
            let key = event.target + "\u{0}" + event.kind.type
            if phase != .began, let index = open[key] {
                episodes[index].events.append(event)
            } else {
                open[key] = episodes.count
                episodes.append(Episode(events: [event]))
            }
            if phase == .ended || phase == .cancelled { open[key] = nil }
        }
        return episodes
    }
}

/// How each gesture type looks: its colour (on the surface and in its lane of the time strip), by its `type`, and the
/// badge of an event in the strip.
enum GestureStyle {
    /// The colours of the types; another type is drawn in `otherColor`.
    static let colors: [String: String] = [
        "tap": "#222222", "select": "#1155cc", "pan": "#2e7d32", "wind": "#c2570c", "rotate": "#8e24aa", "haptic": "#d81b60",
        "magnify": "#00838f", "swipe": "#6d4c41", "edge-swipe": "#5d4037", "zoom": "#00695c", "long-press": "#283593",
        "rotation": "#8e24aa", "gesture": "#455a64", "explain": "#9e9e9e",
    ]
    static let otherColor = "#455a64"

    static func color(of kind: GestureEvent.Kind) -> String { colors[kind.type] ?? otherColor }

    static func style(of kind: GestureEvent.Kind) -> (color: String, badge: String?) {
        let badge: String? = switch kind.drawing {
        case .point(_, let count)?: count > 1 ? String(count) : nil
        case .velocity(_, _, let direction)?: direction.rawValue
        case .selection?, .translation?, .arc?, .haptic?, .scale?, .rotation?, .visibleDomain?, .ring?, .value?, nil: nil
        }
        return (color(of: kind), badge)
    }

    /// What a picture calls a type in its captions: `pinch` for `magnify`, else the type in words (`quick scale`).
    static func name(ofType type: String) -> String {
        type == "magnify" ? "pinch" : String(type.map { $0 == "-" ? " " : $0 })
    }

    static func arrowID(_ color: String) -> String { "arrow-" + color.dropFirst() }
}

extension PictureDrawing {
    /// A pan that lifts at this speed (mm/s) or faster is drawn as a fling: the speed a swipe needs
    /// (`SwipeGesture`'s default `minimumSpeed`).
    static let flingSpeed = SwipeGesture.Configuration().minimumSpeed
    /// A pan's arrowhead starts at most this many lines before its tip.
    static let headLines = 1_000

    /// Every gesture on the surface, in the order they began, haptics last, on top; what lies under the
    /// contacts' paths (the way a pan went) into `under`.
    func drawGestures(_ svg: inout SVGText, under: inout SVGText) {
        // Each gesture's rank among those of its target and type, to stack their captions.
        var counts: [String: Int] = [:]
        let ranks = episodes.map { episode -> Int in
            let key = episode.target + "\u{0}" + episode.type
            defer { counts[key, default: 0] += 1 }
            return counts[key, default: 0]
        }
        // The next gesture of the same target and type after each.
        var following: [String: Int] = [:]
        var next = Array<Int?>(repeating: nil, count: episodes.count)
        for index in episodes.indices.reversed() {
            let key = episodes[index].target + "\u{0}" + episodes[index].type
            next[index] = following[key]
            following[key] = index
        }
        svg.element("g", [("class", "gestures"), ("stroke-linecap", "round"), ("stroke-linejoin", "round")]) { svg in
            for (index, episode) in episodes.enumerated() where !episode.isHaptic {
                draw(episode, index: index, rank: ranks[index], next: next[index].map { episodes[$0] }, counts: counts, to: &svg,
                     under: &under)
            }
            for (index, episode) in episodes.enumerated() where episode.isHaptic {
                draw(episode, index: index, rank: ranks[index], next: nil, counts: counts, to: &svg, under: &under)
            }
        }
    }

    /// One gesture (`index`: its place among the episodes; `rank`: how many of its target and type came before it;
    /// `next`: the next one; `counts`: how many gestures each target and type has): one case per gesture type.
    private func draw(_ episode: Episode, index: Int, rank: Int, next: Episode?, counts: [String: Int], to svg: inout SVGText, under: inout SVGText) {
        let color = GestureStyle.color(of: episode.first.kind)
        svg.element("g", [("class", "gesture"), ("data-type", episode.type), ("data-target", episode.target),
                          ("data-time", seconds(episode.first.time))]) { svg in
            switch episode.last.kind.drawing {
            case .point(let point, let count)?:
                // A tap that the next one counts on from is captioned by that one.
                var countedOn = false
                if let next, case .point(_, let following)? = next.first.kind.drawing { countedOn = following == count + 1 }
                drawTap(at: point, count: count, at: episode.first.time, captioned: !countedOn, color: color, to: &svg)
            case .selection?:
                drawSelection(episode, rank: rank, color: color, to: &svg)
            case .translation(_, _, let velocity, let edge)?:
                // The velocity at the lift, on the `ended` line.
                let label = edge.map { GestureStyle.name(ofType: episode.type) + " from " + $0.rawValue } ?? GestureStyle.name(ofType: episode.type)
                drawTranslation(episode, label: label, velocity: velocity, color: color, to: &svg, under: &under)
            case .arc?:
                // A dial's winds inside, its other turns (a `rotate`) further in, their captions under the winds'.
                let isWind = episode.type == "wind"
                let winds = isWind ? 0 : counts[episode.target + "\u{0}" + "wind", default: 0]
                drawTurn(episode, index: index, label: episode.type, rank: rank + winds, radiusFraction: isWind ? 0.66 : 0.5,
                         color: color, to: &svg)
            case .haptic(let haptic)?:
                drawHaptic(haptic, episode.first, color: color, to: &svg)
            case .scale(let scale, let center)?:
                drawPinch(episode, caption: GestureStyle.name(ofType: episode.type) + " ×" + Numbers.decimal(scale, places: 2), at: center,
                          color: color, to: &svg)
            case .visibleDomain(let visible)?:
                // The chart now shows `visible`: captioned under the chart's overview, which marks what it shows.
                let top = targets[episode.target].map { Point(x: $0.shape.bounds.x + $0.shape.bounds.width / 2, y: $0.shape.bounds.y + 2.4 * font) }
                drawPinch(episode, caption: GestureStyle.name(ofType: episode.type) + " " + BucketAxis.label(visible), at: top, color: color, to: &svg)
            case .velocity(let vx, let vy, let direction)?:
                drawSwipe(vx: vx, vy: vy, caption: GestureStyle.name(ofType: episode.type) + " " + direction.rawValue, episode.first,
                          color: color, to: &svg)
            case .ring(let point)?:
                drawPress(at: point, episode.first, color: color, to: &svg)
            case .rotation(let degrees, let center)?:
                // Two fingers turning about their midpoint, anywhere (a dial's turn is a `rotate`).
                drawPinch(episode, caption: GestureStyle.name(ofType: episode.type) + " " + DialMarks.label(degrees), at: center, color: color, to: &svg)
            case .value(let value)?:
                drawOther(episode, value: value, color: color, to: &svg)
            case nil:
                break  // (an explanation: no episode holds one, `episodes(of:)` leaves them out)
            }
        }
    }

    /// Text with a white halo, readable over paths, moved up or down by a line or more where it would
    /// cover a caption already placed.
    func label(_ text: String, at point: Point, anchor: String = "start", size: Double? = nil, color: String,
               to svg: inout SVGText, from time: Timestamp? = nil) {
        let size = size ?? 0.8 * font
        let width = TextMetrics.width(of: text, fontSize: size)
        let wanted = anchor == "start" ? point.x : anchor == "end" ? point.x - width : point.x - width / 2
        // Within the page: moved in from its edges.
        let left = min(max(wanted, 0.5 * margin - origin.x), pageWidth - origin.x - 0.5 * margin - width)
        let y = captions.place(Rect(x: left, y: point.y - 0.8 * size, width: width, height: size), step: 1.15 * size)
        svg.text("text", [("x", n(point.x + left - wanted)), ("y", n(y + 0.8 * size)), ("text-anchor", anchor), ("font-size", n(size)),
                          ("fill", color), ("stroke", "#ffffff"), ("stroke-width", n(0.22 * font)), ("paint-order", "stroke"),
                          ("stroke-linejoin", "round")], text) { svg in
            if let clock, let time { clock.show(from: time, to: &svg) }
        }
    }

    /// A tap: a dot where it went down; the last of a run of counted taps says the count.
    private func drawTap(at point: Point, count: Int, at time: Timestamp, captioned: Bool, color: String, to svg: inout SVGText) {
        svg.element("g", []) { svg in
            svg.empty("circle", [("cx", n(point.x)), ("cy", n(point.y)), ("r", n(0.4 * font)), ("fill", color), ("fill-opacity", "0.7"),
                                 ("stroke", "#ffffff"), ("stroke-width", n(0.08 * font))])
            if captioned {
                let names = [1: "tap", 2: "double tap", 3: "triple tap"]
                label(names[count] ?? "\(count) taps", at: Point(x: point.x + 0.8 * font, y: point.y - 0.7 * font),
                      color: color, to: &svg)
            }
            clock?.show(from: time, to: &svg)
        }
    }

    /// A selection: a shaded band between two rules on its chart, spanning exactly the selected buckets;
    /// animated, it grows with the selection.
    private func drawSelection(_ episode: Episode, rank: Int, color: String, to svg: inout SVGText) {
        guard let target = targets[episode.target], case .timeline(let configuration) = target.look else { return }
        let rect = target.shape.bounds
        // On the chart as drawn: as it shows its domain at the end.
        let axis = BucketAxis(configuration.domain, visible: visibleDomains(of: episode.target).last?.visible)
        func span(_ selection: Selection) -> (x: Double, width: Double) {
            let (from, to) = axis.extent(from: selection.start, to: selection.end)
            return (rect.x + from * rect.width, (to - from) * rect.width)
        }
        let selections: [(time: Timestamp, selection: Selection)] = episode.events.compactMap { event in
            if case .selection(let selection)? = event.kind.drawing { (event.time, selection) } else { nil }
        }
        guard let final = selections.last?.selection else { return }
        let (x, width) = span(final)
        let dashes: [(String, String)] = episode.wasCancelled ? [("stroke-dasharray", n(0.5 * font))] : []
        svg.element("g", [("class", "selection")]) { svg in
            svg.element("rect", [("class", "band"), ("x", n(x)), ("y", n(rect.y)), ("width", n(width)), ("height", n(rect.height)),
                                 ("fill", color), ("fill-opacity", episode.wasCancelled ? "0.1" : "0.22")]) { svg in
                if let clock {
                    clock.animate("x", initial: n(x), steps: selections.map { ($0.time, n(span($0.selection).x)) }, discrete: true, to: &svg)
                    clock.animate("width", initial: n(width), steps: selections.map { ($0.time, n(span($0.selection).width)) },
                                  discrete: true, to: &svg)
                }
            }
            for edge in [0, 1] {
                let ruleX: (Selection) -> Double = { edge == 0 ? span($0).x : span($0).x + span($0).width }
                svg.element("line", [("class", "rule"), ("x1", n(ruleX(final))), ("y1", n(rect.y)), ("x2", n(ruleX(final))),
                                     ("y2", n(rect.y + rect.height)), ("stroke", color), ("stroke-width", n(0.2 * font))] + dashes) { svg in
                    if let clock {
                        for attribute in ["x1", "x2"] {
                            clock.animate(attribute, initial: n(ruleX(final)), steps: selections.map { ($0.time, n(ruleX($0.selection))) },
                                          discrete: true, to: &svg)
                        }
                    }
                }
            }
            var text = BucketAxis.label(final, domain: configuration.domain)
            if episode.wasCancelled { text += " (cancelled)" }
            label(text, at: Point(x: x + 0.3 * font, y: rect.y + 2.8 * font), color: color, to: &svg)
            clock?.show(from: episode.first.time, to: &svg)
        }
    }

    /// A pan or an edge swipe: a band along the way it went (the finger's landing + each line's
    /// translation) under the paths, an arrowhead at its end, and, for a lift fast enough to be a fling,
    /// an arrow on along its `velocity`.
    private func drawTranslation(_ episode: Episode, label text: String, velocity: Velocity?, color: String,
                                 to svg: inout SVGText, under: inout SVGText) {
        let moves: [(time: Timestamp, dx: Double, dy: Double)] = episode.events.compactMap { event in
            if case .translation(let dx, let dy, _, _)? = event.kind.drawing { (event.time, dx, dy) } else { nil }
        }
        guard let first = moves.first, let last = moves.last else { return }
        // The finger: of those down on the target when it began, the one whose move matches.
        let candidates = contacts(on: episode.target, at: first.time)
        guard let finger = candidates.min(by: { a, b in
            mismatch(a, first) < mismatch(b, first)
        }) else { return }
        let origin = finger.downPosition
        // Where the gesture put the finger, line by line: what it reported, drawn along the way it went.
        let points = [origin] + moves.map { Point(x: origin.x + $0.dx, y: origin.y + $0.dy) }
        let times = [first.time] + moves.map(\.time)
        // The arrowhead: the last step of some length, so that it points the way the gesture went last (looked
        // for over the last `headLines` lines: a gesture that dwells longer within that length points from where
        // it was then).
        func head(upTo index: Int) -> (from: Point, to: Point) {
            var from = index
            while from > 0, from > index - Self.headLines, points[from].distance(to: points[index]) < 0.5 * font { from -= 1 }
            return (points[from], points[index])
        }
        let dashes: [(String, String)] = episode.wasCancelled ? [("stroke-dasharray", n(0.6 * font) + " " + n(0.5 * font))] : []
        // Under the finger's path, a broad band along the way the gesture went.
        under.element("path", [("class", "way"), ("data-target", episode.target), ("d", pathData(points)), ("fill", "none"),
                               ("stroke", color), ("stroke-width", n(0.9 * font)), ("stroke-opacity", "0.25"),
                               ("stroke-linecap", "round"), ("stroke-linejoin", "round")]
                              + (clock != nil ? [("pathLength", "1000"), ("stroke-dasharray", "1000 1000")] : [])) { svg in
            if let clock { animateStroke(points: points, times: times, clock, to: &svg) }
        }
        svg.element("g", []) { svg in
            let (from, to) = head(upTo: points.count - 1)
            svg.element("line", [("class", "arrow"), ("x1", n(from.x)), ("y1", n(from.y)), ("x2", n(to.x)), ("y2", n(to.y)), ("stroke", color),
                                 ("stroke-width", n(0.3 * font)), ("marker-end", "url(#" + GestureStyle.arrowID(color) + ")")] + dashes) { svg in
                if let clock {
                    let heads = points.indices.dropFirst().map { (times[$0], head(upTo: $0)) }
                    for (attribute, value) in [("x1", { (h: (from: Point, to: Point)) in h.from.x }), ("y1", { $0.from.y }),
                                               ("x2", { $0.to.x }), ("y2", { $0.to.y })] {
                        clock.animate(attribute, initial: n(value(head(upTo: 0))), steps: heads.map { ($0.0, n(value($0.1))) }, discrete: true, to: &svg)
                    }
                }
            }
            let length = (last.dx * last.dx + last.dy * last.dy).squareRoot()
            let caption = text + " " + Numbers.decimal(length, places: 1) + " mm" + (episode.wasCancelled ? " (cancelled)" : "")
            label(caption, at: Point(x: origin.x + 0.9 * font, y: origin.y - 0.6 * font), color: color, to: &svg)
            clock?.show(from: first.time, to: &svg)
        }
        if let velocity, (velocity.vx * velocity.vx + velocity.vy * velocity.vy).squareRoot() >= Self.flingSpeed {
            svg.element("g", [("class", "fling")]) { svg in
                drawVelocity(from: points[points.count - 1], vx: velocity.vx, vy: velocity.vy, caption: "fling", color: color, to: &svg)
                clock?.show(from: last.time, to: &svg)
            }
        }

        func mismatch(_ contact: ContactTrack, _ move: (time: Timestamp, dx: Double, dy: Double)) -> Double {
            let position = contact.position(at: move.time)
            return Point(x: position.x - contact.downPosition.x, y: position.y - contact.downPosition.y)
                .distance(to: Point(x: move.dx, y: move.dy))
        }
    }

    /// A wind or a rotation: an arc on the dial from the value before it to the final value, with that
    /// angle; animated, it grows with the value.
    private func drawTurn(_ episode: Episode, index: Int, label text: String, rank: Int, radiusFraction: Double, color: String,
                          to svg: inout SVGText) {
        guard let target = targets[episode.target] else { return }
        let (center, dialRadius) = target.circle
        let values: [(time: Timestamp, angle: Double, delta: Double)] = episode.events.compactMap { event in
            if case .arc(let angle, let delta)? = event.kind.drawing { (event.time, angle, delta) } else { nil }
        }
        guard let first = values.first, let last = values.last else { return }
        let from = first.angle - first.delta
        let arc = TurnArc(center: center, radius: radiusFraction * dialRadius, dialRadius: dialRadius, from: from)
        let width = 0.35 * font
        let dashes: [(String, String)] = episode.wasCancelled ? [("stroke-dasharray", n(0.6 * font) + " " + n(0.5 * font))] : []
        let arrow: (String, String) = ("marker-end", "url(#" + GestureStyle.arrowID(color) + ")")
        let stroke: [(String, String)] = [("fill", "none"), ("stroke", color), ("stroke-width", n(width)), ("stroke-opacity", "0.9")]
        svg.element("g", []) { svg in
            if let clock {
                drawGrowingTurn(arc, values: values.map { ($0.time, $0.angle) }, id: "turn-\(index)", stroke: stroke, width: width,
                                dashes: dashes, arrow: arrow, clock: clock, to: &svg)
            } else {
                svg.element("path", [("class", "arc"), ("d", pathData(arc.points(to: last.angle)))] + stroke + [arrow] + dashes) { _ in }
            }
            // The caption beside the dial, one line per turn, on the side with room.
            let caption = text + " " + DialMarks.label(from) + " → " + DialMarks.label(last.angle) + (episode.wasCancelled ? " (cancelled)" : "")
            let right = center.x + dialRadius + TextMetrics.width(of: caption, fontSize: 0.8 * font) + 2 * font <= picture.surface.width
            let at = Point(x: center.x + (right ? 1 : -1) * (dialRadius + 0.8 * font), y: center.y - dialRadius + (1 + 1.2 * Double(rank)) * font)
            label(caption, at: at, anchor: right ? "start" : "end", color: color, to: &svg)
            clock?.show(from: first.time, to: &svg)
        }
    }

    /// A turn's arc growing with its values, in SVG linear in their number (a path redrawn for each value made the
    /// picture of a long wind grow with the square of its length): the farthest it went each way from where it
    /// started is drawn once, a path whose stroke is uncovered up to each value at its time (`stroke-dashoffset`
    /// over a `pathLength` of 1000, as the contacts' paths draw themselves), and the arrowhead rides on the last
    /// step of the arc, a path of two points that takes each value's. A cancelled turn's dashes stay where the
    /// still picture has them: the dashed path is uncovered through a mask.
    private func drawGrowingTurn(_ arc: TurnArc, values: [(time: Timestamp, angle: Double)], id: String, stroke: [(String, String)],
                                 width: Double, dashes: [(String, String)], arrow: (String, String), clock: Clock, to svg: inout SVGText) {
        let sweeps = values.map { arc.sweep(to: $0.angle) }
        for direction in [1.0, -1.0] {
            let reach = sweeps.map { $0 * direction }.max() ?? 0
            guard reach > 0 else { continue }
            let side = arc.points(sweep: direction * reach)
            // The length along the side up to each point, to uncover it up to a value's.
            var lengths = [0.0]
            for (a, b) in zip(side, side.dropFirst()) { lengths.append(lengths[lengths.count - 1] + a.distance(to: b)) }
            let total = max(lengths[lengths.count - 1], 1e-9)
            func offset(_ sweep: Double) -> String {
                let along = min(max(sweep * direction, 0) / reach, 1) * Double(side.count - 1)
                let before = min(Int(along.rounded(.down)), side.count - 2)
                let length = lengths[before] + (along - Double(before)) * (lengths[before + 1] - lengths[before])
                return SVGNumber.text(1000 * (1 - length / total))
            }
            let steps = zip(values, sweeps).map { (time: $0.time, value: offset($1)) }
            let growth: [(String, String)] = [("pathLength", "1000"), ("stroke-dasharray", "1000 1000")]
            let d = pathData(side)
            if dashes.isEmpty {
                svg.element("path", [("class", "arc"), ("d", d)] + stroke + growth) { svg in
                    clock.animate("stroke-dashoffset", initial: "1000", steps: steps, discrete: true, to: &svg)
                }
            } else {
                // The mask's stroke is wider than the arc's, so that only its end cuts the arc.
                let maskID = id + (direction > 0 ? "-up" : "-down")
                let margin = font
                let xs = side.map(\.x), ys = side.map(\.y)
                let box = [("x", n((xs.min() ?? 0) - margin)), ("y", n((ys.min() ?? 0) - margin)),
                           ("width", n((xs.max() ?? 0) - (xs.min() ?? 0) + 2 * margin)), ("height", n((ys.max() ?? 0) - (ys.min() ?? 0) + 2 * margin))]
                svg.element("mask", [("id", maskID), ("maskUnits", "userSpaceOnUse")] + box) { svg in
                    svg.element("path", [("d", d), ("fill", "none"), ("stroke", "#ffffff"), ("stroke-width", n(2 * width)),
                                         ("stroke-linecap", "butt")] + growth) { svg in
                        clock.animate("stroke-dashoffset", initial: "1000", steps: steps, discrete: true, to: &svg)
                    }
                }
                svg.empty("path", [("class", "arc"), ("d", d)] + stroke + dashes + [("mask", "url(#" + maskID + ")")])
            }
        }
        // The arrowhead: the marker of a path along the arc's last step, itself not stroked.
        func tip(_ angle: Double) -> String { pathData(arc.lastStep(to: angle)) }
        svg.element("path", [("class", "arc-head"), ("d", tip(values[values.count - 1].angle)), ("fill", "none"), ("stroke", "none"),
                             ("stroke-width", n(width)), arrow]) { svg in
            clock.animate("d", initial: tip(arc.from), steps: values.map { ($0.time, tip($0.angle)) }, discrete: true, to: &svg)
        }
    }

    /// A haptic: a small mark across each finger of its target where it fired (a press a ring, a detent a
    /// tick, a stop a heavier tick).
    private func drawHaptic(_ haptic: GestureEvent.Haptic, _ event: GestureEvent, color: String, to svg: inout SVGText) {
        // The fingers of the gesture that fired it: a dial's turn takes one or two, a press one.
        let fingers = contacts(on: event.target, at: event.time, last: 2)
        let round = targets[event.target].map { target -> Point? in
            if case .dial = target.look { target.circle.center } else { nil }
        } ?? nil
        svg.element("g", [("class", "haptic-marks")]) { svg in
            for finger in fingers {
                let point = finger.position(at: event.time)
                switch haptic {
                case .press:
                    svg.empty("circle", [("cx", n(point.x)), ("cy", n(point.y)), ("r", n(1.1 * font)), ("fill", "none"),
                                         ("stroke", color), ("stroke-width", n(0.2 * font))])
                case .detent, .limit:
                    // Across the path: radial on a dial, else across the finger's way at that moment.
                    var direction = round.map { Point(x: point.x - $0.x, y: point.y - $0.y) } ?? heading(of: finger, at: event.time)
                    let length = (direction.x * direction.x + direction.y * direction.y).squareRoot()
                    direction = length > 1e-9 ? Point(x: direction.x / length, y: direction.y / length) : Point(x: 0, y: 1)
                    if round == nil { direction = Point(x: -direction.y, y: direction.x) }
                    let half = (isLimit(haptic) ? 0.7 : 0.45) * font
                    svg.empty("line", [("x1", n(point.x - half * direction.x)), ("y1", n(point.y - half * direction.y)),
                                       ("x2", n(point.x + half * direction.x)), ("y2", n(point.y + half * direction.y)),
                                       ("stroke", isLimit(haptic) ? "#b71c1c" : color), ("stroke-width", n((isLimit(haptic) ? 0.25 : 0.1) * font))])
                }
            }
            clock?.show(from: event.time, to: &svg)
        }

        func isLimit(_ haptic: GestureEvent.Haptic) -> Bool {
            if case .limit = haptic { true } else { false }
        }
    }

    /// The way a contact was going at `time`: from its position a little before.
    private func heading(of contact: ContactTrack, at time: Timestamp) -> Point {
        let now = contact.position(at: time)
        let before = contact.position(at: time + .ms(-60))
        return Point(x: now.x - before.x, y: now.y - before.y)
    }

    /// A pinch (or a chart's zoom): the two fingers' paths while it lasted, converging or diverging, and
    /// `caption` above `point` (the target's centre when nil).
    private func drawPinch(_ episode: Episode, caption: String, at point: Point?, color: String, to svg: inout SVGText) {
        let fingers = contacts(on: episode.target, at: episode.first.time, last: 2)
        let end = episode.last.time
        let middle = point ?? targets[episode.target]?.circle.center ?? .zero
        svg.element("g", []) { svg in
            for finger in fingers {
                let points = finger.samples(from: episode.first.time, through: end).map(\.position)
                let path = [finger.position(at: episode.first.time)] + points
                guard path.count > 1 else { continue }
                svg.empty("path", [("d", pathData(path)), ("fill", "none"), ("stroke", color), ("stroke-width", n(0.3 * font)),
                                   ("stroke-opacity", "0.9"), ("marker-end", "url(#" + GestureStyle.arrowID(color) + ")")])
            }
            label(caption + (episode.wasCancelled ? " (cancelled)" : ""), at: Point(x: middle.x, y: middle.y - 0.8 * font), anchor: "middle",
                  color: color, to: &svg)
            clock?.show(from: episode.first.time, to: &svg)
        }
    }

    /// A long press: a ring where the finger went down.
    private func drawPress(at point: Point, _ event: GestureEvent, color: String, to svg: inout SVGText) {
        svg.element("g", []) { svg in
            svg.empty("circle", [("cx", n(point.x)), ("cy", n(point.y)), ("r", n(1.1 * font)), ("fill", "none"), ("stroke", color),
                                 ("stroke-width", n(0.2 * font)), ("stroke-dasharray", n(0.4 * font) + " " + n(0.25 * font))])
            label("long press", at: Point(x: point.x + 1.4 * font, y: point.y - 0.8 * font), color: color, to: &svg)
            clock?.show(from: event.time, to: &svg)
        }
    }

    /// A swipe: an arrow on from where its fingers lifted, along their velocity, with the speed.
    private func drawSwipe(vx: Double, vy: Double, caption: String, _ event: GestureEvent, color: String, to svg: inout SVGText) {
        let fingers = contacts(on: event.target, at: event.time).filter { $0.endTime == event.time }
        let lifted = fingers.isEmpty ? contacts(on: event.target, at: event.time) : fingers
        guard !lifted.isEmpty else { return }
        let at = Point(x: lifted.map { $0.lastPosition.x }.reduce(0, +) / Double(lifted.count),
                       y: lifted.map { $0.lastPosition.y }.reduce(0, +) / Double(lifted.count))
        drawVelocity(from: at, vx: vx, vy: vy, caption: caption, color: color, to: &svg)
        clock?.show(from: event.time, to: &svg)
    }

    /// An arrow on from `point` along a velocity (mm/s): as long as 0.15 s of that motion, at least 3 f, at
    /// most 0.3 of the surface's smaller side and the way to its edge; labelled with the speed.
    func drawVelocity(from point: Point, vx: Double, vy: Double, caption: String, color: String, to svg: inout SVGText) {
        let speed = (vx * vx + vy * vy).squareRoot()
        guard speed > 0 else { return }
        let (ux, uy) = (vx / speed, vy / speed)
        // Within the surface: no longer than the way to its edge.
        var room = Double.infinity
        if ux > 0 { room = min(room, (picture.surface.width - point.x) / ux) }
        if ux < 0 { room = min(room, -point.x / ux) }
        if uy > 0 { room = min(room, (picture.surface.height - point.y) / uy) }
        if uy < 0 { room = min(room, -point.y / uy) }
        let length = max(min(max(speed * 0.15, 3 * font), 0.3 * min(picture.surface.width, picture.surface.height), room), 0)
        let tip = Point(x: point.x + ux * length, y: point.y + uy * length)
        svg.empty("line", [("x1", n(point.x)), ("y1", n(point.y)), ("x2", n(tip.x)), ("y2", n(tip.y)), ("stroke", color),
                           ("stroke-width", n(0.35 * font)), ("stroke-dasharray", n(0.2 * font) + " " + n(0.4 * font)),
                           ("marker-end", "url(#" + GestureStyle.arrowID(color) + ")")])
        label(caption + " " + Numbers.decimal(speed, places: 0) + " mm/s", at: Point(x: tip.x + 0.6 * font, y: tip.y),
              color: color, to: &svg)
    }

    /// A target's own gesture: its value, written on the target.
    private func drawOther(_ episode: Episode, value: GestureValue, color: String, to svg: inout SVGText) {
        guard let target = targets[episode.target] else { return }
        let bounds = target.shape.bounds
        // As much of the value as fits on the target; all of it in the tooltip.
        var text = value.description
        let fits = max(8, Int(bounds.width / (0.55 * 0.8 * font)))
        if text.count > fits { text = String(text.prefix(fits - 1)) + "…" }
        svg.text("title", [], value.description)
        label(text, at: Point(x: bounds.x + 0.4 * font, y: bounds.y + bounds.height - 0.5 * font), color: color, to: &svg,
              from: episode.first.time)
    }
}

/// The arc of a wind or a rotation on its dial: from `from` degrees, a polyline every few degrees, spiralling
/// inwards beyond a turn so that it stays visible.
struct TurnArc {
    let center: Point
    let radius: Double
    let dialRadius: Double
    let from: Double

    /// An arc is drawn for at most this many turns either way (the caption has the whole value): one of more
    /// would be a spiral no one reads, and its size is bounded so.
    static let mostTurns = 100.0

    /// Degrees from `from` to `angle`, within `mostTurns` turns either way.
    func sweep(to angle: Double) -> Double {
        let sweep = angle - from
        return sweep.isNaN ? 0 : min(max(sweep, -360 * Self.mostTurns), 360 * Self.mostTurns)
    }

    /// The polyline from `from` to `angle`.
    func points(to angle: Double) -> [Point] { points(sweep: sweep(to: angle)) }

    /// The polyline over `sweep` degrees from `from`: a point every 4° at most, at least 3.
    func points(sweep: Double) -> [Point] {
        let steps = Self.steps(sweep)
        return (0...steps).map { point(sweep * Double($0) / Double(steps)) }
    }

    /// The last step of `points(to: angle)`: its last two points.
    func lastStep(to angle: Double) -> [Point] {
        let sweep = sweep(to: angle)
        let steps = Self.steps(sweep)
        return [point(sweep * Double(steps - 1) / Double(steps)), point(sweep)]
    }

    private static func steps(_ sweep: Double) -> Int { max(2, Int((sweep.magnitude / 4).rounded(.up))) }

    /// The point `turned` degrees on from `from`.
    private func point(_ turned: Double) -> Point {
        let degrees = from + turned, radius = radius - 0.07 * dialRadius * turned.magnitude / 360
        let radians = degrees * Double.pi / 180
        return Point(x: center.x + radius * Double.sin(radians), y: center.y - radius * Double.cos(radians))
    }
}
