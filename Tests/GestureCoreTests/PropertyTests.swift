#if canImport(Glibc)
import Glibc
#endif
import GestureCore
import GestureTestSupport
import Testing

/// Properties over random layouts and random touch scripts: 10,000 cases per property in `make test`,
/// more with `PROPERTY_CASES=N` in the environment. A failing case names its seed, which replays it.
@Suite struct PropertyTests {
    static let cases: Int = {
        guard let text = getenvString("PROPERTY_CASES"), let count = Int(text), count > 0 else { return 10_000 }
        return count
    }()

    /// A random layout: one to three regions over a 220 × 160 mm surface, timelines (numeric or dated,
    /// zoomable or not) and dials (with or without stops, any detent from the finest up), with random thresholds.
    static func randomLayout(_ random: inout SplitMix) -> Layout {
        var regions: [RegionConfiguration] = []
        for index in 0..<Int.random(in: 1...3, using: &random) {
            let name = "r\(index)"
            if Bool.random(using: &random) {
                let rect = Rect(x: Double.random(in: 0...100, using: &random), y: Double.random(in: 0...80, using: &random),
                                width: Double.random(in: 5...120, using: &random), height: Double.random(in: 5...80, using: &random))
                let domain: TimelineDomain
                let wholeSpan: Double
                if Bool.random(using: &random) {
                    let start = Double.random(in: -1000...1000, using: &random).rounded()
                    let span = Double.random(in: 0.5...500, using: &random)
                    domain = .numeric(start: start, end: start + span, bucket: span / Double(Int.random(in: 1...40, using: &random)))
                    wholeSpan = span
                } else {
                    let start = CivilDay(daysSinceEpoch: Int.random(in: 0...30_000, using: &random))
                    let end = CivilDay(daysSinceEpoch: start.daysSinceEpoch + Int.random(in: 1...400, using: &random))
                    domain = .date(start: start, end: end, bucket: [DateBucket.day, .week, .month].randomElement(using: &random)!)
                    wholeSpan = Double(end.daysSinceEpoch - start.daysSinceEpoch) * TimelineDomain.secondsPerDay
                }
                var timeline = TimelineConfiguration(
                    name: name, rect: rect, domain: domain, longPressDuration: .ms(Int64.random(in: 50...600, using: &random)),
                    slop: Double.random(in: 0...8, using: &random), doubleTapInterval: .ms(Int64.random(in: 0...500, using: &random)),
                    doubleTapSlop: Double.random(in: 0...20, using: &random))
                if Bool.random(using: &random) {
                    // One bucket, or anything from a hundredth of the domain to more than all of it.
                    timeline.zoom = ZoomConfiguration(minimumSpan: Bool.random(using: &random)
                                                      ? nil : Double.random(in: 0.01...1.5, using: &random) * wholeSpan)
                }
                regions.append(.timeline(timeline))
            } else {
                let detent = [0.1, 0.5, 1, 6, 15, 45].randomElement(using: &random)!
                let low: Double? = Bool.random(using: &random) ? Double.random(in: -720...0, using: &random) : nil
                let high: Double? = Bool.random(using: &random) ? Double.random(in: 0...720, using: &random) : nil
                var initial = Double.random(in: -400...400, using: &random)
                if let low { initial = max(initial, low) }
                if let high { initial = min(initial, high) }
                regions.append(.dial(DialConfiguration(
                    name: name, center: Point(x: Double.random(in: 30...190, using: &random), y: Double.random(in: 30...130, using: &random)),
                    radius: Double.random(in: 8...60, using: &random), deadZone: Double.random(in: 0...8, using: &random),
                    slop: Double.random(in: 0...8, using: &random), detentDegrees: detent,
                    hysteresisDegrees: Bool.random(using: &random) ? nil : Double.random(in: 0...detent, using: &random),
                    minDegrees: low, maxDegrees: high, initialDegrees: initial,
                    rotateThresholdDegrees: Double.random(in: 0...10, using: &random))))
            }
        }
        return Layout(regions: regions)
    }

    /// A short random script: up to four fingers landing anywhere, moving in steps up to 12 mm, lifting,
    /// being withdrawn; pauses up to 0.7 s; now and then a drop or a live driver's wake-up.
    static func randomScript(_ random: inout SplitMix) -> [ScriptAction] {
        randomTouchScript(RandomScriptShape(steps: 5...60, fingers: 4, pause: 1...700, moveStep: 12, drops: 2, ticks: 3), using: &random)
    }

    /// One case: a layout, a script, the engine's events and its final state.
    struct Case {
        var seed: UInt64
        var layout: Layout
        var events: [GestureEvent]
        var engine: GestureEngine

        init(seed: UInt64) throws {
            var random = SplitMix(state: seed)
            self.seed = seed
            self.layout = PropertyTests.randomLayout(&random)
            var player = try ScriptPlayer(layout: layout)
            player.run(PropertyTests.randomScript(&random))
            player.finish()
            self.events = player.events
            self.engine = player.engine
        }
    }

    /// Runs every case and checks `property` on each; returns the seeds of the cases that broke it (at
    /// most a few, with what was wrong).
    static func failures(_ property: (Case) throws -> String?) throws -> [String] {
        var failures: [String] = []
        for seed in 1...UInt64(cases) {
            if let problem = try property(try Case(seed: seed)) {
                failures.append("seed \(seed): \(problem)")
                if failures.count == 3 { break }
            }
        }
        return failures
    }

    /// `--explain` adds its lines and changes nothing else: the events are the same, in the same order.
    @Test func explainingChangesNoEvent() throws {
        #expect(try Self.failures { run in
            var random = SplitMix(state: run.seed)
            _ = PropertyTests.randomLayout(&random)
            var engine = try GestureEngine(layout: run.layout)
            engine.explains = true
            var player = ScriptPlayer(engine: engine)
            player.run(PropertyTests.randomScript(&random))
            player.finish()
            let events = player.events.filter {
                if case .explanation = $0.kind { return false }
                return true
            }
            guard events == run.events else { return "\(events.count) events explained, \(run.events.count) not" }
            return zip(player.events, player.events.dropFirst()).first { $0.time > $1.time }.map { "\($0.0.time) then \($0.1.time)" }
        } == [])
    }

    @Test func everyBeganHasExactlyOneEndedOrCancelled() throws {
        #expect(try Self.failures { lifecycleProblems($0.events).first } == [])
    }

    @Test func outputTimesNeverGoBackwards() throws {
        #expect(try Self.failures { run in
            zip(run.events, run.events.dropFirst()).first { $0.time > $1.time }.map { "\($0.0.time) then \($0.1.time)" }
        } == [])
    }

    @Test func aSelectionIsAlwaysOrderedAndInsideTheDomain() throws {
        #expect(try Self.failures { run in
            for event in run.events {
                let selection: Selection
                switch event.kind {
                case .select(_, let select): selection = select.selection
                case .tap(let tap): guard let tapped = tap.selection else { continue }; selection = tapped
                case .pan, .wind, .rotate, .haptic, .magnify, .swipe, .edgeSwipe, .zoom, .longPress, .rotation, .quickScale, .gesture, .explanation: continue
                }
                guard case .timeline(let timeline)? = run.layout.regions.first(where: { $0.name == event.target }) else {
                    return "a selection from \(event.target), not a timeline"
                }
                let first = timeline.domain.bucket(of: timeline.domain.value(atFraction: 0))
                let last = timeline.domain.bucket(of: timeline.domain.value(atFraction: 1))
                guard selection.start <= selection.end, first <= selection.start, selection.end <= last else {
                    return "\(event.target) at \(event.time): \(selection) outside \(first)…\(last) or unordered"
                }
            }
            return nil
        } == [])
    }

    @Test func aDialsValueStaysWithinItsStops_andIsItsStartPlusTheDeltasPrinted() throws {
        #expect(try Self.failures { run in
            for case .dial(let dial) in run.layout.regions {
                var sum = dial.initialDegrees
                var lines = 0
                for event in run.events where event.target == dial.name {
                    let angle: Double, delta: Double
                    switch event.kind {
                    case .wind(_, let wind): (angle, delta) = (wind.angle, wind.delta)
                    case .rotate(_, let rotate): (angle, delta) = (rotate.angle, rotate.delta)
                    case .tap, .select, .pan, .haptic, .magnify, .swipe, .edgeSwipe, .zoom, .longPress, .rotation, .quickScale, .gesture, .explanation: continue
                    }
                    sum += delta
                    lines += 1
                    if let low = dial.minDegrees, angle < low { return "\(dial.name) at \(event.time): \(angle) below \(low)" }
                    if let high = dial.maxDegrees, angle > high { return "\(dial.name) at \(event.time): \(angle) above \(high)" }
                    if abs(angle - sum) > 1e-9 * Double(lines + 1) * max(1, abs(sum)) {
                        return "\(dial.name) at \(event.time): angle \(angle), start plus deltas \(sum)"
                    }
                }
                guard let value = run.engine.component(of: dial.name, as: DialComponent.self)?.value.degrees else { return "no dial" }
                if abs(value - sum) > 1e-9 * Double(lines + 1) * max(1, abs(sum)) { return "\(dial.name) ends at \(value), lines say \(sum)" }
            }
            return nil
        } == [])
    }

    @Test func detentHapticsStepByExactlyOne() throws {
        #expect(try Self.failures { run in
            for case .dial(let dial) in run.layout.regions {
                var detent = try DialValue(.init(detentDegrees: dial.detentDegrees, minDegrees: dial.minDegrees, maxDegrees: dial.maxDegrees),
                                           initialDegrees: dial.initialDegrees).detent
                var lineDetent = detent
                for event in run.events where event.target == dial.name {
                    switch event.kind {
                    case .haptic(.detent(let next)):
                        guard abs(next - detent) == 1 else { return "\(dial.name) at \(event.time): detent \(detent) then \(next)" }
                        detent = next
                    case .wind(_, let wind):
                        guard detent == lineDetent else { return "\(dial.name): haptics ended at \(detent), the line said \(lineDetent)" }
                        lineDetent = wind.detent
                    case .rotate(_, let rotate):
                        guard detent == lineDetent else { return "\(dial.name): haptics ended at \(detent), the line said \(lineDetent)" }
                        lineDetent = rotate.detent
                    case .haptic(.limit(let at)):
                        guard at == lineDetent else { return "\(dial.name): a limit at \(at), the line said \(lineDetent)" }
                    case .haptic(.press), .tap, .select, .pan, .magnify, .swipe, .edgeSwipe, .zoom, .longPress, .rotation, .quickScale, .gesture, .explanation:
                        continue
                    }
                }
                guard detent == lineDetent else { return "\(dial.name): haptics ended at \(detent), the last line said \(lineDetent)" }
            }
            return nil
        } == [])
    }

    @Test func aZoomableTimelinesVisibleDomainStaysWithinItsDomain_noSmallerThanItsMinimum_andIsWhatItsLastZoomLineSaid() throws {
        #expect(try Self.failures { run in
            for case .timeline(let timeline) in run.layout.regions {
                guard let zoom = timeline.zoom else {
                    if let line = run.events.first(where: { $0.target == timeline.name && $0.kind.type == "zoom" }) {
                        return "\(timeline.name) has no zoom, yet: \(line)"
                    }
                    continue
                }
                let whole = timeline.domain
                let (from, to) = (magnitude(whole.value(atFraction: 0)), magnitude(whole.value(atFraction: 1)))
                let smallest = try min(zoom.minimumSpan ?? TimelineZoom(domain: whole).minimumSpan, to - from)
                var last: VisibleDomain?
                for event in run.events where event.target == timeline.name {
                    guard case .zoom(_, let line) = event.kind else { continue }
                    let (lower, upper) = (magnitude(line.visible.start), magnitude(line.visible.end))
                    let tolerance = 1e-9 * max(1, abs(from), abs(to))
                    guard lower >= from, upper <= to, upper - lower >= smallest - tolerance else {
                        return "\(timeline.name) at \(event.time): visible \(lower)…\(upper) in \(from)…\(to), smallest span \(smallest)"
                    }
                    last = line.visible
                }
                let visible = run.engine.component(of: timeline.name, as: TimelineComponent.self)?.zoom.visible
                if let last, visible != last { return "\(timeline.name) shows \(String(describing: visible)), its last line said \(last)" }
                if last == nil, visible != VisibleDomain(start: whole.value(atFraction: 0), end: whole.value(atFraction: 1)) {
                    return "\(timeline.name) was never zoomed, yet shows \(String(describing: visible))"
                }
            }
            return nil
        } == [])
    }

    @Test func theCasesDoExerciseEveryKindOfLine() throws {
        // So that the properties above are not vacuous.
        var kinds: Set<String> = []
        for seed in 1...UInt64(min(Self.cases, 2_000)) {
            for event in try Case(seed: seed).events { kinds.insert(event.kind.type + "/" + (event.kind.phase?.rawValue ?? "")) }
        }
        #expect(kinds.isSuperset(of: ["tap/", "select/began", "select/changed", "select/ended", "select/cancelled", "pan/began",
                                      "pan/changed", "pan/ended", "pan/cancelled", "wind/began", "wind/changed", "wind/ended",
                                      "wind/cancelled", "rotate/began", "rotate/changed", "rotate/ended", "haptic/",
                                      "zoom/began", "zoom/changed", "zoom/ended", "zoom/cancelled"]))
    }
}

/// A domain value's number, or an instant's seconds since 1970.
func magnitude(_ value: DomainValue) -> Double {
    switch value {
    case .number(let number): number
    case .instant(let seconds): seconds
    }
}

/// An environment variable's value.
func getenvString(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
}
