// Over 400 lines for a reason: the drawing of one picture, in the order its layers are painted (surface, targets,
// contacts' paths, gesture marks, the time strip, the legend); each layer is small, and their order is the picture's.
import GestureCore
import GestureFormat
import RealModule

/// A target as the picture draws it.
struct PlacedTarget {
    /// What the picture knows how to draw: one case per kind of component, the rest as a plain shape.
    enum Look {
        case timeline(TimelineConfiguration)
        case dial(DialConfiguration)
        case plain
    }

    let name: String
    let shape: Shape
    let look: Look
    let children: [PlacedTarget]

    init(_ target: Target) {
        name = target.name
        shape = target.shape
        if let timeline = target.component(as: TimelineComponent.self) {
            look = .timeline(timeline.configuration)
        } else if let dial = target.component(as: DialComponent.self) {
            look = .dial(dial.configuration)
        } else {
            look = .plain
        }
        children = target.children.map(PlacedTarget.init)
    }

    /// Where a round target turns about, and its radius: a dial's centre, else its shape's.
    var circle: (center: Point, radius: Double) {
        switch shape {
        case .circle(let center, let radius), .ring(let center, _, let radius):
            return (center, radius)
        case .rectangle(let rect):
            return (Point(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2), min(rect.width, rect.height) / 2)
        }
    }
}

/// The drawing of a `Picture`: the geometry of the page, then the surface, the paths, the gestures and the
/// time strip, in that order (later on top).
struct PictureDrawing {
    let picture: Picture
    /// Nil for the still picture.
    let clock: Clock?
    /// The base font size, mm: every size in the picture is a multiple of it, so that a large surface and
    /// a small one read alike once fitted to a screen.
    let font: Double
    let margin: Double
    /// Where the surface's origin is on the page.
    let origin: Point
    let pageWidth: Double
    let pageHeight: Double
    let strip: TimeStrip
    /// Every target by name, and the tree, first on top.
    let targets: [String: PlacedTarget]
    let tree: [PlacedTarget]
    let episodes: [Episode]
    let start: Timestamp
    let end: Timestamp
    /// Where the captions placed so far lie, so that the next does not cover them.
    let captions: CaptionBoard
    /// The visible domains each timeline's `zoom` lines reported, and the values each dial's `wind` and `rotate`
    /// lines reported, in order, by target: gathered in one pass over the events.
    let zooms: [String: [(time: Timestamp, visible: VisibleDomain)]]
    let angles: [String: [(time: Timestamp, angle: Double)]]
    /// The contacts landed on each target, indexed as the gestures' marks first ask for them.
    let landed = LandedContactsCache()

    init(picture: Picture, animated: Bool) {
        self.picture = picture
        let surface = picture.surface
        font = min(max(max(surface.width, surface.height) / 45, 2.4), 7)
        margin = 1.5 * font
        let contentWidth = max(surface.width, 42 * font)
        let titleHeight = 2.6 * font
        origin = Point(x: margin + (contentWidth - surface.width) / 2, y: margin + titleHeight)
        pageWidth = contentWidth + 2 * margin
        start = picture.start ?? .zero
        end = max(picture.end ?? start, start)
        clock = animated ? Clock(start: start, end: end) : nil
        episodes = Episode.episodes(of: picture.events)
        tree = picture.targets.map(PlacedTarget.init)
        var byName: [String: PlacedTarget] = [:]
        func index(_ target: PlacedTarget) {
            byName[target.name] = target
            target.children.forEach(index)
        }
        tree.forEach(index)
        targets = byName
        captions = CaptionBoard(cell: 8 * font)
        var zooms: [String: [(time: Timestamp, visible: VisibleDomain)]] = [:]
        var angles: [String: [(time: Timestamp, angle: Double)]] = [:]
        for event in picture.events {
            switch event.kind.drawing {
            case .visibleDomain(let visible)?: zooms[event.target, default: []].append((event.time, visible))
            case .arc(let angle, _)?: angles[event.target, default: []].append((event.time, angle))
            case .point?, .selection?, .translation?, .haptic?, .scale?, .rotation?, .velocity?, .ring?, .value?, nil: break
            }
        }
        self.zooms = zooms
        self.angles = angles
        strip = TimeStrip(top: origin.y + surface.height + 2 * font, left: margin, width: contentWidth, font: font,
                          start: start, end: end, contacts: picture.contacts, episodes: episodes, events: picture.events)
        pageHeight = strip.bottom + margin
    }

    func document() -> String {
        var svg = SVGText()
        svg.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        svg.element("svg", [("xmlns", "http://www.w3.org/2000/svg"),
                            ("width", n(pageWidth) + "mm"), ("height", n(pageHeight) + "mm"),
                            ("viewBox", "0 0 " + n(pageWidth) + " " + n(pageHeight)),
                            ("font-family", TextMetrics.fontFamily), ("font-size", n(font))]) { svg in
            svg.text("title", [], picture.title)
            svg.text("desc", [], "Touch gestures: \(picture.contacts.count) contacts, \(episodes.count) gestures, "
                     + seconds(end) + " s. Written by gestures render.")
            definitions(&svg)
            svg.empty("rect", [("class", "page"), ("width", n(pageWidth)), ("height", n(pageHeight)), ("fill", "#fbfbf8")])
            heading(&svg)
            svg.element("g", [("class", "surface"), ("transform", "translate(" + n(origin.x) + " " + n(origin.y) + ")")]) { svg in
                svg.empty("rect", [("width", n(picture.surface.width)), ("height", n(picture.surface.height)),
                                   ("fill", "#ffffff"), ("stroke", "#555"), ("stroke-width", n(font * 0.08))])
                for target in tree.reversed() { drawTarget(target, to: &svg) }
                var gestures = SVGText(), under = SVGText()
                drawGestures(&gestures, under: &under)
                svg.element("g", [("class", "under-paths")]) { $0.raw(under.text) }
                drawContacts(&svg)
                svg.raw(gestures.text)
            }
            strip.draw(self, to: &svg)
        }
        return svg.text
    }

    /// Seconds since the trace's start.
    func seconds(_ time: Timestamp) -> String {
        SVGNumber.text(Double((time - start).microseconds) / 1e6, places: 3)
    }

    /// Arrowheads, one per colour of the gestures drawn.
    private func definitions(_ svg: inout SVGText) {
        var colors: [String] = []
        for episode in episodes where !colors.contains(GestureStyle.color(of: episode.first.kind)) {
            colors.append(GestureStyle.color(of: episode.first.kind))
        }
        svg.element("defs", []) { svg in
            for color in colors {
                svg.element("marker", [("id", GestureStyle.arrowID(color)), ("viewBox", "0 0 10 10"), ("refX", "6"), ("refY", "5"),
                                       ("markerWidth", "3"), ("markerHeight", "3"), ("orient", "auto"),
                                       ("markerUnits", "strokeWidth")]) { svg in
                    svg.empty("path", [("d", "M0,0 L10,5 L0,10 z"), ("fill", color)])
                }
            }
        }
    }

    private func heading(_ svg: inout SVGText) {
        let gestures = episodes.filter { !$0.isHaptic }.count
        let summary = "\(picture.contacts.count) touch\(picture.contacts.count == 1 ? "" : "es"), "
            + "\(gestures) gesture\(gestures == 1 ? "" : "s"), " + seconds(end) + " s"
            + ", surface " + n(picture.surface.width) + " × " + n(picture.surface.height) + " mm"
        svg.text("text", [("x", n(margin)), ("y", n(margin + font)), ("font-size", n(font * 1.2)), ("font-weight", "bold")],
                 picture.title)
        svg.text("text", [("x", n(margin)), ("y", n(margin + 2.2 * font)), ("font-size", n(font * 0.8)), ("fill", "#555")],
                 summary)
    }

    // MARK: Targets

    /// A target, then its children on top of it (the first child on top).
    private func drawTarget(_ target: PlacedTarget, to svg: inout SVGText) {
        svg.element("g", [("class", "target"), ("data-target", target.name)]) { svg in
            switch target.look {
            case .timeline(let configuration): drawTimeline(target, configuration, to: &svg)
            case .dial(let configuration): drawDial(target, configuration, to: &svg)
            case .plain: drawPlain(target, to: &svg)
            }
            for child in target.children.reversed() { drawTarget(child, to: &svg) }
        }
    }

    /// The outline of a shape.
    private func shapeElement(_ shape: Shape, _ attributes: [(String, String)], to svg: inout SVGText) {
        switch shape {
        case .rectangle(let rect):
            svg.empty("rect", [("x", n(rect.x)), ("y", n(rect.y)), ("width", n(rect.width)), ("height", n(rect.height))] + attributes)
        case .circle(let center, let radius):
            svg.empty("circle", [("cx", n(center.x)), ("cy", n(center.y)), ("r", n(radius))] + attributes)
        case .ring(let center, let inner, let outer):
            // The annulus: the outer circle and the inner one, as one path filled even-odd.
            let d = circlePath(center, outer) + " " + circlePath(center, inner)
            svg.empty("path", [("d", d), ("fill-rule", "evenodd")] + attributes)
        }
    }

    private func circlePath(_ center: Point, _ radius: Double) -> String {
        "M" + n(center.x - radius) + "," + n(center.y) + " a" + n(radius) + "," + n(radius) + " 0 1,0 " + n(2 * radius) + ",0"
            + " a" + n(radius) + "," + n(radius) + " 0 1,0 " + n(-2 * radius) + ",0 z"
    }

    /// A target's name, at the top left of its bounds.
    private func nameLabel(_ target: PlacedTarget, to svg: inout SVGText) {
        let bounds = target.shape.bounds
        svg.text("text", [("x", n(bounds.x + 0.4 * font)), ("y", n(bounds.y + 1.1 * font)), ("font-weight", "bold"),
                          ("font-size", n(0.9 * font)), ("fill", "#333")], target.name)
    }

    private func drawPlain(_ target: PlacedTarget, to svg: inout SVGText) {
        shapeElement(target.shape, [("fill", "#f1f1ee"), ("stroke", "#888"), ("stroke-width", n(0.08 * font))], to: &svg)
        nameLabel(target, to: &svg)
    }

    /// A chart strip: its buckets as alternating columns, labelled along the bottom, as the chart shows
    /// them at the end (zoomed, if a zoom left it so: an overview of the whole domain then marks the part
    /// shown, and moves with the zoom when animated).
    private func drawTimeline(_ target: PlacedTarget, _ configuration: TimelineConfiguration, to svg: inout SVGText) {
        let rect = target.shape.bounds
        let zooms = visibleDomains(of: target.name)
        let axis = BucketAxis(configuration.domain, visible: zooms.last?.visible)
        shapeElement(target.shape, [("fill", "#eef3fa"), ("stroke", "#7d93b2"), ("stroke-width", n(0.08 * font))], to: &svg)
        let shown = axis.visibleIndices
        let bucketWidth = rect.width / Double(shown.count)
        let labelSize = 0.75 * font
        // Every bucket a column while they are wide enough to see; labels as often as they fit.
        if bucketWidth >= 0.4 * font {
            var d = ""
            for index in shown where index % 2 == 1 {
                let (from, to) = axis.extent(index)
                d += "M" + n(rect.x + from * rect.width) + "," + n(rect.y) + "h" + n((to - from) * rect.width)
                    + "v" + n(rect.height) + "h" + n(-(to - from) * rect.width) + "z"
            }
            svg.empty("path", [("class", "buckets"), ("d", d), ("fill", "#dde6f3")])
        }
        let samples = [shown.lowerBound, shown.lowerBound + shown.count / 2, shown.upperBound]
        let widest = samples.map { TextMetrics.width(of: axis.label($0, short: true), fontSize: labelSize) }.max() ?? 0
        let every = BucketAxis.niceStride(atLeast: (widest + 0.8 * labelSize) / bucketWidth)
        let baseline = rect.y + rect.height - 0.45 * labelSize
        svg.element("g", [("class", "bucket-labels"), ("font-size", n(labelSize)), ("fill", "#41536b"), ("text-anchor", "middle")]) { svg in
            var previousLabel = -1
            // Where the last label of the larger unit ends.
            var largerEnd = -Double.infinity
            let first = (shown.lowerBound + every - 1) / every * every
            for index in stride(from: first, through: shown.upperBound, by: every) {
                let (from, to) = axis.extent(index)
                // A bucket the view cuts to less than half its width keeps no label of its own.
                if every == 1 && (to - from) * rect.width < 0.5 * bucketWidth { continue }
                // The month (the year) on the first label and where it changes.
                let short = !axis.isFirstOfLargerUnit(index, since: previousLabel)
                previousLabel = index
                let text = axis.label(index, short: true)
                let x = every == 1 ? rect.x + (from + to) / 2 * rect.width : rect.x + from * rect.width
                if every > 1 {
                    svg.empty("line", [("x1", n(x)), ("y1", n(rect.y + rect.height)), ("x2", n(x)),
                                       ("y2", n(rect.y + rect.height - 0.5 * labelSize)), ("stroke", "#7d93b2"), ("stroke-width", n(0.06 * font))])
                }
                let width = TextMetrics.width(of: text, fontSize: labelSize)
                // Keep the label within the chart.
                let clamped = min(max(x, rect.x + width / 2 + 0.2 * labelSize), rect.x + rect.width - width / 2 - 0.2 * labelSize)
                let y = baseline - (every > 1 ? 0.6 * labelSize : 0)
                svg.text("text", [("x", n(clamped)), ("y", n(y))], text)
                // The larger unit (the month, the year) a line above, where it begins, if it has room.
                let largerX = rect.x + from * rect.width + 0.2 * labelSize
                if let larger = axis.largerUnitLabel(index), !short, largerX >= largerEnd {
                    svg.text("text", [("x", n(largerX)), ("y", n(y - 1.15 * labelSize)), ("text-anchor", "start"), ("font-weight", "bold")], larger)
                    largerEnd = largerX + TextMetrics.width(of: larger + " ", fontSize: labelSize)
                }
            }
        }
        if !zooms.isEmpty { drawOverview(rect, domain: configuration.domain, zooms: zooms, to: &svg) }
        nameLabel(target, to: &svg)
    }

    /// A zoomed chart's overview: a thin bar along its top for the whole domain, the visible part dark.
    private func drawOverview(_ rect: Rect, domain: TimelineDomain, zooms: [(time: Timestamp, visible: VisibleDomain)],
                              to svg: inout SVGText) {
        let whole = BucketAxis(domain)
        func window(_ visible: VisibleDomain) -> (x: Double, width: Double) {
            let from = whole.fraction(of: visible.start), to = whole.fraction(of: visible.end)
            return (rect.x + from * rect.width, (to - from) * rect.width)
        }
        let height = 0.35 * font
        let last = window(zooms[zooms.count - 1].visible)
        svg.element("g", [("class", "overview")]) { svg in
            svg.empty("rect", [("x", n(rect.x)), ("y", n(rect.y)), ("width", n(rect.width)), ("height", n(height)), ("fill", "#c5d3e6")])
            svg.element("rect", [("class", "visible"), ("x", n(last.x)), ("y", n(rect.y)), ("width", n(last.width)), ("height", n(height)),
                                 ("fill", GestureStyle.color(of: .zoom(.ended, GestureEvent.Zoom(visible: zooms[0].visible))))]) { svg in
                if let clock {
                    clock.animate("x", initial: n(rect.x), steps: zooms.map { ($0.time, n(window($0.visible).x)) }, discrete: true, to: &svg)
                    clock.animate("width", initial: n(rect.width), steps: zooms.map { ($0.time, n(window($0.visible).width)) },
                                  discrete: true, to: &svg)
                }
            }
        }
    }

    /// A dial: its circle, its dead zone, its detent marks and their labels set around the circle, its stops,
    /// and its pointer at the last value (turning with the value when animated).
    private func drawDial(_ target: PlacedTarget, _ configuration: DialConfiguration, to svg: inout SVGText) {
        let center = configuration.center, radius = configuration.radius
        shapeElement(target.shape, [("fill", "#f5f0fa"), ("stroke", "#8a78a8"), ("stroke-width", n(0.08 * font))], to: &svg)
        if configuration.deadZone > 0 {
            svg.empty("circle", [("class", "dead-zone"), ("cx", n(center.x)), ("cy", n(center.y)), ("r", n(configuration.deadZone)),
                                 ("fill", "#ebe4f3"), ("stroke", "#b7a9cc"), ("stroke-dasharray", n(0.3 * font)),
                                 ("stroke-width", n(0.06 * font))])
        }
        let labelSize = 0.7 * font
        let tick = min(0.05 * radius, 0.6 * font)
        let labelRadius = radius - 2.2 * tick - labelSize
        let circular = CircularText(center: (center.x, center.y), radius: labelRadius, fontSize: labelSize)
        // Labels: every `step` degrees, a multiple of the detent, as often as the widest label fits.
        let first = configuration.minDegrees ?? 0
        let detent = configuration.detentDegrees > 0 ? configuration.detentDegrees : 360
        let widestLabel = circular.sweep(of: DialMarks.label(first + 330))
        let step = DialMarks.labelStep(detent: detent, atLeast: widestLabel * 1.5)
        let marks = DialMarks(detent: detent, labelStep: step, first: first,
                              last: configuration.maxDegrees.map { min($0, first + 360) } ?? first + 360)
        var minor = "", major = ""
        for mark in marks.ticks {
            let length = mark.labelled ? 2 * tick : tick
            let inner = polar(center, radius - length, mark.degrees), outer = polar(center, radius, mark.degrees)
            let d = "M" + n(inner.x) + "," + n(inner.y) + "L" + n(outer.x) + "," + n(outer.y)
            if mark.labelled { major += d } else { minor += d }
        }
        svg.empty("path", [("class", "detents"), ("d", minor), ("stroke", "#8a78a8"), ("stroke-width", n(0.05 * font))])
        svg.empty("path", [("class", "detents major"), ("d", major), ("stroke", "#5b4a78"), ("stroke-width", n(0.1 * font))])
        svg.element("g", [("class", "dial-labels"), ("font-size", n(labelSize)), ("fill", "#5b4a78")]) { svg in
            for mark in marks.ticks where mark.labelled {
                circular.write(DialMarks.label(mark.degrees), centredOn: mark.degrees, attributes: [], to: &svg)
            }
        }
        // The stops, in red.
        for stop in [configuration.minDegrees, configuration.maxDegrees].compactMap({ $0 }) {
            let inner = polar(center, radius - 2.5 * tick, stop), outer = polar(center, radius + 0.5 * tick, stop)
            svg.empty("line", [("class", "stop"), ("x1", n(inner.x)), ("y1", n(inner.y)), ("x2", n(outer.x)), ("y2", n(outer.y)),
                               ("stroke", "#c0392b"), ("stroke-width", n(0.2 * font)), ("stroke-linecap", "round")])
        }
        // The name just outside the circle at its top left, clear of the labels (inside the corner of its
        // bounds where that has no room).
        let nameSize = 0.9 * font
        let corner = Point(x: center.x - 0.74 * radius, y: center.y - 0.74 * radius)
        if corner.x - TextMetrics.width(of: target.name, fontSize: nameSize) >= 0.2 * font {
            svg.text("text", [("x", n(corner.x)), ("y", n(corner.y)), ("text-anchor", "end"), ("font-weight", "bold"),
                              ("font-size", n(nameSize)), ("fill", "#333")], target.name)
        } else {
            nameLabel(target, to: &svg)
        }
        // The pointer: at the value the gestures left it, and turning with them.
        let angles = dialAngles(of: target.name)
        let finalAngle = angles.last?.angle ?? configuration.initialDegrees
        let pointerLength = labelRadius - 0.4 * labelSize
        func rotation(_ degrees: Double) -> String { n(degrees) + " " + n(center.x) + " " + n(center.y) }
        if finalAngle != configuration.initialDegrees {
            let ghost = polar(center, pointerLength, configuration.initialDegrees)
            svg.empty("line", [("class", "initial-pointer"), ("x1", n(center.x)), ("y1", n(center.y)), ("x2", n(ghost.x)), ("y2", n(ghost.y)),
                               ("stroke", "#9b8fb0"), ("stroke-width", n(0.12 * font)), ("stroke-dasharray", n(0.4 * font))])
        }
        svg.element("g", [("class", "pointer"), ("data-angle", n(finalAngle)), ("transform", "rotate(" + rotation(finalAngle) + ")")]) { svg in
            svg.empty("line", [("x1", n(center.x)), ("y1", n(center.y)), ("x2", n(center.x)), ("y2", n(center.y - pointerLength)),
                               ("stroke", "#3b2a5a"), ("stroke-width", n(0.3 * font)), ("stroke-linecap", "round")])
            svg.empty("circle", [("cx", n(center.x)), ("cy", n(center.y)), ("r", n(0.45 * font)), ("fill", "#3b2a5a")])
            if let clock {
                clock.animate("transform", initial: rotation(configuration.initialDegrees),
                              steps: angles.map { ($0.time, rotation($0.angle)) }, discrete: true,
                              element: "animateTransform", extra: [("type", "rotate")], to: &svg)
            }
        }
    }

    /// The point at `radius` from `center` at `degrees` clockwise from 12 o'clock.
    func polar(_ center: Point, _ radius: Double, _ degrees: Double) -> Point {
        let radians = degrees * Double.pi / 180
        return Point(x: center.x + radius * Double.sin(radians), y: center.y - radius * Double.cos(radians))
    }

    // MARK: Contacts

    /// Each contact's path in its finger's colour, with a dot where it landed and a ring where it lifted
    /// (a cross where the device withdrew it). Animated: the path draws itself as the finger moves, and a
    /// dot shows the finger while it is down.
    private func drawContacts(_ svg: inout SVGText) {
        let width = 0.22 * font
        svg.element("g", [("class", "contacts"), ("fill", "none"), ("stroke-linecap", "round"), ("stroke-linejoin", "round")]) { svg in
            for contact in picture.contacts {
                let color = Palette.finger(contact.finger)
                svg.element("g", [("class", "contact"), ("data-contact", String(contact.id)), ("stroke", color)]) { svg in
                    // A contact still down whose last moves were tiny ends its path where it was last reported, at
                    // that report's time: it has no lift time yet.
                    let path = contact.pathSamples
                    let points = path.map(\.position)
                    if points.count > 1 {
                        var attributes: [(String, String)] = [("d", pathData(points)), ("stroke-width", n(width)), ("stroke-opacity", "0.85")]
                        if clock != nil { attributes += [("pathLength", "1000"), ("stroke-dasharray", "1000 1000")] }
                        svg.element("path", attributes) { svg in
                            if let clock { animateStroke(points: points, times: path.map(\.time), clock, to: &svg) }
                        }
                    }
                    contactMarks(contact, color: color, to: &svg)
                }
            }
        }
    }

    /// A path's stroke (`pathLength` 1000, dashed `1000 1000`) uncovering itself as it is travelled: the
    /// dash offset when each point is reached is the length still to come.
    func animateStroke(points: [Point], times: [Timestamp], _ clock: Clock, to svg: inout SVGText) {
        var lengths = [0.0]
        for (a, b) in zip(points, points.dropFirst()) { lengths.append(lengths.last! + a.distance(to: b)) }
        let total = max(lengths.last!, 1e-9)
        let steps = zip(times, lengths).map { (time: $0, value: SVGNumber.text(1000 * (1 - $1 / total))) }
        clock.animate("stroke-dashoffset", initial: "1000", steps: steps, discrete: false, to: &svg)
    }

    private func contactMarks(_ contact: ContactTrack, color: String, to svg: inout SVGText) {
        let r = 0.45 * font
        let down = contact.downPosition, up = contact.lastPosition
        svg.element("circle", [("class", "down"), ("cx", n(down.x)), ("cy", n(down.y)), ("r", n(r)), ("fill", color),
                               ("stroke", "#ffffff"), ("stroke-width", n(0.1 * font))]) { svg in
            clock?.show(from: contact.downTime, to: &svg)
        }
        guard let endTime = contact.endTime else { return }
        switch contact.end {
        case .lifted, .stillDown:
            svg.element("circle", [("class", "up"), ("cx", n(up.x)), ("cy", n(up.y)), ("r", n(r)), ("fill", "#ffffff"),
                                   ("stroke-width", n(0.16 * font))]) { svg in
                clock?.show(from: endTime, to: &svg)
            }
        case .cancelled:
            let d = "M" + n(up.x - r) + "," + n(up.y - r) + "l" + n(2 * r) + "," + n(2 * r)
                + "M" + n(up.x - r) + "," + n(up.y + r) + "l" + n(2 * r) + "," + n(-2 * r)
            svg.element("path", [("class", "up cancelled"), ("d", d), ("stroke-width", n(0.2 * font))]) { svg in
                clock?.show(from: endTime, to: &svg)
            }
        }
        // The finger itself while it is down, moving along its path.
        if let clock {
            let steps = contact.samples
            svg.element("circle", [("class", "finger"), ("r", n(0.7 * font)), ("fill", color), ("fill-opacity", "0.5"), ("stroke", "none"),
                                   ("cx", n(up.x)), ("cy", n(up.y)), ("opacity", "0")]) { svg in
                clock.animate("cx", initial: n(down.x), steps: steps.map { ($0.time, n($0.position.x)) }, discrete: false, to: &svg)
                clock.animate("cy", initial: n(down.y), steps: steps.map { ($0.time, n($0.position.y)) }, discrete: false, to: &svg)
                clock.show(from: contact.downTime, until: endTime, to: &svg)
            }
        }
    }

    /// A polyline's path data.
    func pathData(_ points: [Point]) -> String {
        var d = ""
        for (index, point) in points.enumerated() {
            d += (index == 0 ? "M" : index == 1 ? "L" : " ") + n(point.x) + "," + n(point.y)
        }
        return d
    }

    // MARK: Lookups for the gestures

    /// A gesture's fingers are looked for among this many of the contacts down on its target: the last to land
    /// (a swipe takes up to 10 fingers).
    static let mostFingers = 16

    /// The contacts that were down at `time` on the target named `target` (landed within its shape): the last
    /// `limit` of them to land, in landing order.
    func contacts(on target: String, at time: Timestamp, last limit: Int = mostFingers) -> [ContactTrack] {
        guard let shape = targets[target]?.shape else { return [] }
        return landed.index(of: target, shape: shape, contacts: picture.contacts).down(at: time, last: limit).map { picture.contacts[$0] }
    }

    /// The visible domains the `zoom` lines of `target` reported, in order.
    func visibleDomains(of target: String) -> [(time: Timestamp, visible: VisibleDomain)] {
        zooms[target] ?? []
    }

    /// The dial values the events of `target` reported, in order.
    func dialAngles(of target: String) -> [(time: Timestamp, angle: Double)] {
        angles[target] ?? []
    }
}

/// The index of the contacts landed on each target, made when a mark first asks for it.
final class LandedContactsCache {
    private var indices: [String: ContactsDown] = [:]

    func index(of target: String, shape: Shape, contacts: [ContactTrack]) -> ContactsDown {
        if let index = indices[target] { return index }
        let index = ContactsDown(contacts, landedIn: shape)
        indices[target] = index
        return index
    }
}

/// The captions placed so far on the surface, by the squares of a grid they cover: a caption is compared with
/// those near it only, and with at most `mostPerCell` in each square (a square that many captions crowd is
/// full: the captions after them keep clear of those, not of each other), so that placing one costs the same
/// however many came before.
final class CaptionBoard {
    /// A square of the grid: its column and row.
    private struct Cell: Hashable {
        let column: Int
        let row: Int
    }

    static let mostPerCell = 256
    /// The side of a square, mm.
    private let cell: Double
    private var placed: [Cell: [Rect]] = [:]

    init(cell: Double) {
        self.cell = cell
    }

    /// The top of `rect` moved by the least number of `step`s (down first, then up) at which it covers no
    /// caption placed before, up to four steps; the rect is then taken.
    func place(_ rect: Rect, step: Double) -> Double {
        for offset in [0.0, 1, -1, 2, -2, 3, -3, 4] {
            let moved = Rect(x: rect.x, y: rect.y + offset * step, width: rect.width, height: rect.height)
            if offset == 4 || !cells(of: moved).contains(where: { placed[$0]?.contains { $0.overlaps(moved) } == true }) {
                for cell in cells(of: moved) where placed[cell, default: []].count < Self.mostPerCell {
                    placed[cell, default: []].append(moved)
                }
                return moved.y
            }
        }
        return rect.y
    }

    /// The squares `rect` covers (edges included), at most 64 a side: a caption longer than that is compared with
    /// those in its first 64.
    private func cells(of rect: Rect) -> [Cell] {
        let columns = index(rect.x)...max(index(rect.x), min(index(rect.x + rect.width), index(rect.x) + 63))
        let rows = index(rect.y)...max(index(rect.y), min(index(rect.y + rect.height), index(rect.y) + 63))
        return columns.flatMap { column in rows.map { Cell(column: column, row: $0) } }
    }

    /// The column or row of a coordinate (the grid is bounded: a coordinate beyond a billion squares, or not a
    /// number, is in the outermost).
    private func index(_ coordinate: Double) -> Int {
        let index = (coordinate / cell).rounded(.down)
        return index.isNaN ? 0 : Int(min(max(index, -1e9), 1e9))
    }
}

extension Rect {
    func overlaps(_ other: Rect) -> Bool {
        x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
    }
}

/// The finger colours: one per finger down at once (the first finger of every touch the same).
enum Palette {
    static let fingers = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22", "#7f7f7f"]

    static func finger(_ index: Int) -> String { fingers[index % fingers.count] }
}

/// A dial's detent marks and which of them carry a label.
struct DialMarks {
    let ticks: [(degrees: Double, labelled: Bool)]

    /// Marks every `detent` degrees from `first` up to `last` (at most one turn; the end of a full turn is
    /// its start), labelled every `labelStep`; finer detents than a degree are marked every whole number of
    /// them that makes a degree or more (the layout allows 3,600 a turn).
    init(detent: Double, labelStep: Double, first: Double, last: Double) {
        var ticks: [(degrees: Double, labelled: Bool)] = []
        let fullTurn = last - first >= 360 - 1e-9
        let step = detent * max(1, (1 / detent - 1e-9).rounded(.up))
        let count = min(Int(((last - first) / step + 1e-9).rounded(.down)), 360)
        for k in 0...max(count, 0) {
            let degrees = first + Double(k) * step
            if fullTurn && degrees >= first + 360 - 1e-9 { break }
            let offset = (degrees - first) / labelStep
            ticks.append((degrees, (offset - offset.rounded()).magnitude < 1e-6))
        }
        self.ticks = ticks
    }

    /// A dial value as its label shows it.
    static func label(_ degrees: Double) -> String { Numbers.decimal(degrees, places: 1) + "°" }

    /// The label step: the smallest of the usual steps (that divide a turn) which is a multiple of the
    /// detent and at least `atLeast` degrees; else the smallest multiple of the detent that is.
    static func labelStep(detent: Double, atLeast minimum: Double) -> Double {
        for step in [5.0, 10, 15, 30, 45, 60, 90, 120, 180, 360] where step >= minimum {
            let multiple = step / detent
            if (multiple - multiple.rounded()).magnitude < 1e-9 { return step }
        }
        return max(1, (minimum / detent).rounded(.up)) * detent
    }
}

extension BucketAxis {
    /// The smallest of 1, 2, 5, 10, 20, 50... that is at least `minimum`.
    static func niceStride(atLeast minimum: Double) -> Int {
        var base = 1
        while true {
            for factor in [1, 2, 5] where Double(base * factor) >= minimum { return base * factor }
            guard base < Int.max / 100 else { return base }
            base *= 10
        }
    }

    /// Whether the label at `index` begins a larger unit than the bucket (a month for days and weeks, a
    /// year for months) since the label at `previous` (−1: none yet): such a label shows it.
    func isFirstOfLargerUnit(_ index: Int, since previous: Int) -> Bool {
        guard previous >= 0 else { return true }
        guard let day = visibleDay(index), let before = visibleDay(previous), case .date(_, _, let kind) = domain else { return false }
        switch kind {
        case .month: return day.components.year != before.components.year
        case .day, .week: return day.components.month != before.components.month || day.components.year != before.components.year
        }
    }
}
