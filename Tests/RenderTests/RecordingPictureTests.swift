import Foundation
import GestureRuntime
@testable import Render
import gestures
import SystemCalls
import Testing
import TraceFormats
import TracePlayback

/// The bundled recordings (`Recordings/`), drawn as `gestures render` draws them.
enum Recordings {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let directory = root.appendingPathComponent("Recordings")

    /// Every trace, by file name, sorted.
    static let traces: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { ["evemu", "events", "event", "yml", "yaml"].contains(($0 as NSString).pathExtension) }.sorted()
    }()

    static func stem(_ trace: String) -> String { (trace as NSString).deletingPathExtension }

    static func svg(_ trace: String, animated: Bool, explain: Bool = false) throws -> String {
        try picture(of: FilePath(directory.appendingPathComponent(trace).path), options: ReplayOptions(explain: explain, warn: { _ in }))
            .svg(animated: animated)
    }

    /// The expected output's lines, as JSON objects.
    static func expected(_ trace: String) throws -> [[String: Any]] {
        let text = try String(contentsOf: directory.appendingPathComponent(stem(trace) + ".expected.jsonl"), encoding: .utf8)
        return try text.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    }

    static func layout(_ trace: String) throws -> [String: Any] {
        let data = try Data(contentsOf: directory.appendingPathComponent(stem(trace) + ".layout.json"))
        return try JSONSerialization.jsonObject(with: data) as! [String: Any]
    }

    /// The traces whose expected output has a line of `type`.
    static func traces(with type: String) throws -> [String] {
        try traces.filter { try expected($0).contains { $0["type"] as? String == type } }
    }
}

@Suite struct RecordingPictureTests {
    /// Every picture, still and animated, is well-formed XML (read by a real parser), an SVG document, and
    /// standalone: no script, no link to anything outside it.
    @Test(arguments: Recordings.traces)
    func everyPictureIsWellFormedAndStandalone(trace: String) throws {
        for animated in [false, true] {
            let text = try Recordings.svg(trace, animated: animated)
            let root = try SVGElement.parse(text)
            #expect(root.name == "svg" && root["xmlns"] == "http://www.w3.org/2000/svg")
            #expect(root["width"]?.hasSuffix("mm") == true && root["viewBox"] != nil)
            for element in root.all {
                #expect(!["script", "foreignObject", "image", "use", "a", "iframe", "style"].contains(element.name), "\(trace): <\(element.name)>")
                for (key, value) in element.attributes {
                    #expect(!key.hasSuffix("href") && !key.hasPrefix("on"), "\(trace): \(element.name) \(key)")
                    if value.contains("url(") { #expect(value.hasPrefix("url(#"), "\(trace): \(key)=\(value)") }
                }
            }
            #expect(root.find("animate").isEmpty == !animated || root.find("animateTransform").isEmpty == !animated)
        }
    }

    /// A selection's band spans exactly the selected buckets: its x-extent is computed here from the layout
    /// (the chart's rectangle, domain and bucket) and the expected output (each selection's last line).
    @Test(arguments: try Recordings.traces(with: "select"))
    func selectionBandsSpanTheSelectedBuckets(trace: String) throws {
        var charts = try Chart.all(in: Recordings.layout(trace))
        // A zoomed chart is drawn as it shows its domain at the end: its last `zoom` line's visible part.
        for line in try Recordings.expected(trace) where line["type"] as? String == "zoom" {
            let visible = line["visible"] as! [String: Any]
            charts[line["region"] as! String]?.view = (Chart.value(visible["start"]!), Chart.value(visible["end"]!))
        }
        // Each selection's last line, in the order they began.
        var open: [String: Int] = [:]
        var selections: [(region: String, start: Any, end: Any)] = []
        for line in try Recordings.expected(trace) where line["type"] as? String == "select" {
            let region = line["region"] as! String
            let selection = line["selection"] as! [String: Any]
            let entry = (region, selection["start"]!, selection["end"]!)
            if line["phase"] as? String == "began" {
                open[region] = selections.count
                selections.append(entry)
            } else {
                selections[open[region]!] = entry
            }
        }
        #expect(!selections.isEmpty)
        for animated in [false, true] {
            let groups = try SVGElement.parse(Recordings.svg(trace, animated: animated)).find("g", class: "gesture").filter { $0["data-type"] == "select" }
            #expect(groups.count == selections.count, "\(trace)")
            for (group, selection) in zip(groups, selections) {
                let chart = try #require(charts[selection.region])
                let (from, to) = chart.extent(from: selection.start, to: selection.end)
                #expect(group["data-target"] == selection.region)
                let band = try #require(group.find("rect", class: "band").first)
                let x = try #require(band.number("x")), width = try #require(band.number("width"))
                #expect(abs(x - from) < 0.006, "\(trace): band starts at \(x), expected \(from)")
                #expect(abs(x + width - to) < 0.011, "\(trace): band ends at \(x + width), expected \(to)")
                let rules = group.find("line", class: "rule").compactMap { $0.number("x1") }.sorted()
                #expect(rules.count == 2 && abs(rules[0] - from) < 0.006 && abs(rules[1] - to) < 0.006, "\(trace): rules \(rules)")
                if animated {
                    // The band grows to the final selection: its animations end on the extent.
                    let widths = try #require(band.find("animate").first { $0["attributeName"] == "width" })
                    #expect(Double(widths["values"]!.split(separator: ";").last!) == width)
                }
            }
        }
    }

    /// A dial's pointer ends at the last angle its winds and rotations reported; animated, it starts at the
    /// dial's initial value and ends there too.
    @Test(arguments: try Recordings.traces(with: "wind") + Recordings.traces(with: "rotate").filter { try !Recordings.traces(with: "wind").contains($0) })
    func theDialPointerEndsAtTheLastAngle(trace: String) throws {
        var last: [String: Double] = [:]
        for line in try Recordings.expected(trace) where ["wind", "rotate"].contains(line["type"] as? String) {
            last[line["region"] as! String] = (line["angle"] as! NSNumber).doubleValue
        }
        let dials = (try Recordings.layout(trace)["regions"] as! [[String: Any]]).filter { $0["kind"] as? String == "dial" }
        for animated in [false, true] {
            let root = try SVGElement.parse(Recordings.svg(trace, animated: animated))
            for (region, angle) in last {
                let target = try #require(root.find("g", class: "target").first { $0["data-target"] == region })
                let pointer = try #require(target.find("g", class: "pointer").first)
                #expect(abs(try #require(pointer.number("data-angle")) - angle) < 0.006, "\(trace): \(region)")
                let rotation = try #require(pointer["transform"]).dropFirst("rotate(".count).split(separator: " ")
                #expect(abs(try #require(Double(rotation[0])) - angle) < 0.006)
                if animated {
                    let turning = try #require(pointer.find("animateTransform").first)
                    let values = try #require(turning["values"]).split(separator: ";").map { Double($0.split(separator: " ")[0])! }
                    let initial = (dials.first { $0["name"] as? String == region }?["initialDegrees"] as? NSNumber)?.doubleValue ?? 0
                    #expect(values.first == initial && abs(values.last! - angle) < 0.006, "\(trace): \(values)")
                }
            }
        }
    }

    /// `--explain`: the long press that selects, its decisions labelled on the time strip in their order, each
    /// in the first row where it clears the label before it, the whole line as its tooltip.
    @Test func decisionsAreLabelledOnTheTimeStrip() throws {
        let trace = "synthetic-long-press-drag-left.evemu"
        let tap = "simultaneously.first.exclusively.first.exclusively.first.tap"
        let selecting = "simultaneously.first.exclusively.first.exclusively.second.sequenced"
        let pan = "simultaneously.first.exclusively.second.drag"
        let expected: [(time: String, label: String, row: Int, title: String)] = [
            ("0.5", "tap idle→pressed", 0, "\(tap): idle → pressed, finger 0 landed at (95, 30): tap 1; deadline 0.800000"),
            ("0.5", "long-press idle→pressing", 1, "\(selecting).first.long-press: idle → pressing, finger 0 landed at (95, 30); deadline 0.800000"),
            ("0.5", "drag idle→pending", 2, "\(pan): idle → pending, finger 0 landed at (95, 30)"),
            ("0.8", "tap pressed→failed", 3, "\(tap): pressed → failed, deadline 0.800000: still down after long press 300 ms"),
            ("0.8", "long-press pressing→recognized", 4, "\(selecting).first.long-press: pressing → recognized, deadline 0.800000: held 0 mm from its down <= slop 3 mm"),
            ("0.8", "sequenced first→second", 5, "\(selecting): first → second, long-press ended: 1 finger handed to drag"),
            ("0.8", "drag idle→dragging", 6, "\(selecting).second.drag: idle → dragging, finger 0 landed at (95, 30)"),
            ("0.8", "exclusively undecided→second", 7, "simultaneously.first.exclusively.first.exclusively: undecided → second, first (tap) failed"),
            ("0.8", "exclusively undecided→first", 8, "simultaneously.first.exclusively: undecided → first, first (exclusively) began"),
            ("0.93", "drag pending→dragging", 0, "\(pan): pending → dragging, finger 0 moved 3.077 mm > slop 3 mm"),
            ("3", "drag dragging→ended", 0, "\(selecting).second.drag: dragging → ended, finger 0 lifted"),
            ("3", "sequenced second→ended", 1, "\(selecting): second → ended, drag ended"),
            ("3", "drag dragging→ended", 2, "\(pan): dragging → ended, finger 0 lifted"),
        ]
        for animated in [false, true] {
            let root = try SVGElement.parse(Recordings.svg(trace, animated: animated, explain: true))
            // The lane of decisions comes last, under the haptics'.
            let lanes = root.find("text", class: "lane").map(\.text)
            #expect(lanes == ["touches", "select", "haptic", "decisions"])
            let above = try #require(root.find("text", class: "lane").first { $0.text == "haptic" }?.number("y"))
            let decisions = root.find("g", class: "decision")
            #expect(decisions.count == expected.count)
            var rowOf: [Double: Int] = [:]
            for (decision, line) in zip(decisions, expected) {
                #expect(decision["data-time"] == line.time)
                #expect(decision.find("title").first?.text == line.time + " s chart " + line.title)
                let label = try #require(decision.find("text").first)
                #expect(label.text == line.label)
                // Rows from the top of the lane: the label's y, in order.
                let y = try #require(label.number("y"))
                rowOf[y] = line.row
                #expect(y > above)
                #expect(decision.find("animate").isEmpty == !animated)
            }
            let ys = rowOf.keys.sorted()
            #expect(ys.map { rowOf[$0]! } == Array(0..<ys.count), "rows \(rowOf)")
        }
        // Without --explain, no lane and no decision.
        let plain = try SVGElement.parse(Recordings.svg(trace, animated: false))
        #expect(plain.find("g", class: "decision").isEmpty && !plain.find("text", class: "lane").contains { $0.text == "decisions" })
    }

    /// With `--explain`, every transition of every recording is on the strip, and the labels of a row never
    /// overlap (their extents in DejaVu Sans's widths).
    @Test(arguments: Recordings.traces)
    func everyDecisionIsDrawnAndLabelsDoNotOverlap(trace: String) throws {
        let events = try picture(of: FilePath(Recordings.directory.appendingPathComponent(trace).path),
                                 options: ReplayOptions(explain: true, warn: { _ in })).events
        let explanations = events.filter { $0.kind.type == "explain" }
        let root = try SVGElement.parse(Recordings.svg(trace, animated: false, explain: true))
        let decisions = root.find("g", class: "decision")
        #expect(decisions.count == explanations.count, "\(trace)")
        // Each row's labels, in the order drawn: each starts after the one before it ends (their widths in
        // DejaVu Sans, as the picture measures them).
        var rows: [Double: [(from: Double, to: Double)]] = [:]
        for label in decisions.compactMap({ $0.find("text").first }) {
            let x = try #require(label.number("x")), size = try #require(label.number("font-size"))
            let width = TextMetrics.width(of: label.text, fontSize: size)
            rows[try #require(label.number("y")), default: []].append(label["text-anchor"] == "end" ? (x - width, x) : (x, x + width))
        }
        #expect(rows.count <= Decisions.mostRows)
        for (y, extents) in rows {
            for (before, after) in zip(extents, extents.dropFirst()) {
                #expect(before.to < after.from, "\(trace): labels overlap in the row at y \(y): \(before) \(after)")
            }
        }
    }

    /// Every animation runs for the whole loop, in step with the others: the same `dur`, looping, key times
    /// from 0 rising within [0, 1], one per value.
    @Test(arguments: Recordings.traces)
    func animationsLoopInStep(trace: String) throws {
        let root = try SVGElement.parse(Recordings.svg(trace, animated: true))
        let animations = root.find("animate") + root.find("animateTransform")
        #expect(!animations.isEmpty)
        #expect(Set(animations.compactMap { $0["dur"] }).count == 1)
        for animation in animations {
            #expect(animation["repeatCount"] == "indefinite")
            let keyTimes = try #require(animation["keyTimes"]).split(separator: ";").map { Double($0)! }
            let values = try #require(animation["values"]).split(separator: ";", omittingEmptySubsequences: false)
            #expect(keyTimes.count == values.count)
            #expect(keyTimes.first == 0 && keyTimes.last! <= 1)
            #expect(zip(keyTimes, keyTimes.dropFirst()).allSatisfy { $0 < $1 }, "\(trace): \(keyTimes)")
            if animation["calcMode"] == "linear" { #expect(keyTimes.last == 1) }
        }
    }
}

/// A timeline of a layout file, read here on its own to compute where a selection's buckets lie.
struct Chart {
    let x: Double
    let width: Double
    /// Numbers, or days since 1970 for a date domain.
    let start: Double
    let end: Double
    /// A number, or `day`, `week`, `month`.
    let bucket: Any
    /// The part of the domain the chart shows (zoomed), in the unit of `start` and `end`.
    var view: (from: Double, to: Double)

    static func all(in layout: [String: Any]) throws -> [String: Chart] {
        var charts: [String: Chart] = [:]
        for region in layout["regions"] as! [[String: Any]] where region["kind"] as? String == "timeline" {
            let rect = region["rect"] as! [String: Any], domain = region["domain"] as! [String: Any]
            let start = value(domain["start"]!), end = value(domain["end"]!)
            charts[region["name"] as! String] = Chart(x: (rect["x"] as! NSNumber).doubleValue, width: (rect["width"] as! NSNumber).doubleValue,
                                                      start: start, end: end, bucket: region["bucket"]!, view: (start, end))
        }
        return charts
    }

    /// A number, or a `YYYY-MM-DD` date or a `YYYY-MM-DDTHH:MM:SSZ` instant as days since 1970.
    static func value(_ json: Any) -> Double {
        if let number = json as? NSNumber { return number.doubleValue }
        let text = json as! String
        let formatter = ISO8601DateFormatter()
        if text.count == 10 { formatter.formatOptions = [.withFullDate] }
        return formatter.date(from: text)!.timeIntervalSince1970 / 86_400
    }

    /// The x (mm) where the bucket starting at `first` starts and where the bucket starting at `last` ends,
    /// within the chart.
    func extent(from first: Any, to last: Any) -> (Double, Double) {
        let start = Chart.value(first), lastStart = Chart.value(last)
        let end: Double
        switch bucket {
        case let size as NSNumber:
            end = lastStart + size.doubleValue
        case let unit as String where unit == "month":
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            let next = calendar.date(byAdding: .month, value: 1, to: Date(timeIntervalSince1970: lastStart * 86_400))!
            end = next.timeIntervalSince1970 / 86_400
        case let unit as String:
            end = lastStart + (unit == "week" ? 7 : 1)
        default:
            fatalError("bucket \(bucket)")
        }
        func x(_ value: Double) -> Double { self.x + min(max((value - view.from) / (view.to - view.from), 0), 1) * width }
        return (x(start), x(end))
    }
}
