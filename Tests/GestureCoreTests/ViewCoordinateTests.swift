import GestureCore
import GestureFormat
import GestureTestSupport
import Testing

/// View coordinates (SPEC "View coordinates"): a target's events in its view's points. The photo covers
/// surface (0, 0)–(200, 100) mm, shown at 2 points per mm (`ViewTransform.placing`), so its view is
/// 400 × 200 points, or 200 × 400 turned a quarter:
/// - 0:   (2x, 2y)
/// - 90:  (2y, 400 − 2x)
/// - 180: (400 − 2x, 200 − 2y)
/// - 270: (200 − 2y, 2x)
@Suite struct ViewCoordinateTests {
    static let photoRect = Rect(x: 0, y: 0, width: 200, height: 100)

    static func photo<G: Gesture>(_ gesture: G, _ rotation: ViewTransform.Rotation) -> [Target] {
        var target = Target("photo", shape: .rectangle(photoRect), gesture: gesture)
        target.viewTransform = .placing(photoRect, scale: 2, rotation: rotation)
        return [target]
    }

    /// A view turned `rotation`, with where the tests' gestures land in it.
    struct TurnedView: Sendable, CustomTestStringConvertible {
        let rotation: ViewTransform.Rotation
        /// Where (60, 30) mm is: a tap's position.
        let tap: String
        /// 10 mm right in 20 ms: the pan's translation in the frame it began, then at 20 ms; its velocity at the lift.
        let pan: [String]
        /// Where (50, 30) mm is: the centre of a pinch and of a rotation about it.
        let center: String
        var testDescription: String { "\(rotation)" }
    }

    static let turnedViews = [
        TurnedView(rotation: .none, tap: #""x":120,"y":60"#,
                   pan: [#""dx":10,"dy":0"#, #""dx":20,"dy":0"#, #""vx":1000,"vy":0"#], center: #"{"x":100,"y":60}"#),
        TurnedView(rotation: .quarter, tap: #""x":60,"y":280"#,
                   pan: [#""dx":0,"dy":-10"#, #""dx":0,"dy":-20"#, #""vx":0,"vy":-1000"#], center: #"{"x":60,"y":300}"#),
        TurnedView(rotation: .half, tap: #""x":280,"y":140"#,
                   pan: [#""dx":-10,"dy":0"#, #""dx":-20,"dy":0"#, #""vx":-1000,"vy":0"#], center: #"{"x":300,"y":140}"#),
        TurnedView(rotation: .threeQuarters, tap: #""x":140,"y":120"#,
                   pan: [#""dx":0,"dy":10"#, #""dx":0,"dy":20"#, #""vx":0,"vy":1000"#], center: #"{"x":140,"y":100}"#),
    ]

    @Test(arguments: turnedViews)
    func aTapAtItsViewsPoint(_ view: TurnedView) throws {
        let lines = try play(Self.photo(TapGesture(), view.rotation)) {
            tap(0, at: 60, 30, holding: .ms(50))
        }
        #expect(lines == [#"{"time":0.050000,"region":"photo","type":"tap",\#(view.tap),"count":1}"#])
    }

    /// 10 mm right in 20 ms: in mm dx 5 then 10, 500 mm/s at the lift.
    @Test(arguments: turnedViews)
    func aPanAndItsVelocityTurnWithTheView(_ view: TurnedView) throws {
        let lines = try play(Self.photo(DragGesture(.init(minimumDistance: 3)), view.rotation)) {
            drag(0, from: Point(x: 60, y: 30), to: Point(x: 70, y: 30), steps: 2, over: .ms(20))
        }
        #expect(lines == [
            #"{"time":0.010000,"region":"photo","type":"pan","phase":"began",\#(view.pan[0])}"#,
            #"{"time":0.020000,"region":"photo","type":"pan","phase":"changed",\#(view.pan[1])}"#,
            #"{"time":0.020000,"region":"photo","type":"pan","phase":"ended",\#(view.pan[1]),\#(view.pan[2])}"#,
        ])
    }

    /// Fingers at 40 and 60 (y 30) spread to 36 and 64: scale 1.4 about (50, 30) mm; the scale is a ratio,
    /// the same in every view.
    @Test(arguments: turnedViews)
    func aPinchCenterInTheView(_ view: TurnedView) throws {
        let lines = try play(Self.photo(MagnifyGesture(), view.rotation)) {
            pinch(y: 30, through: (40, 60), (36, 64))
        }
        #expect(lines == [
            #"{"time":0.010000,"region":"photo","type":"magnify","phase":"began","scale":1.4,"center":\#(view.center)}"#,
            #"{"time":0.020000,"region":"photo","type":"magnify","phase":"ended","scale":1.4,"center":\#(view.center)}"#,
        ])
    }

    /// Two fingers turning 30° clockwise about (50, 30) mm: clockwise on the panel is clockwise in a view
    /// turned any quarter, so the angle stays; the centre moves into the view.
    @Test(arguments: turnedViews)
    func aRotationKeepsItsAngle_andItsCenterIsTheViews(_ view: TurnedView) throws {
        let center0 = Point(x: 50, y: 30)
        let lines = try play(Self.photo(RotationGesture(), view.rotation)) {
            together(.down(0, polar(center0, radius: 10, degrees: 180)), .down(1, polar(center0, radius: 10, degrees: 0)))
            twist(0, 1, around: center0, radius: 10, from: 0, to: 30, steps: 3, over: .ms(30))
            together(.up(0), .up(1))
        }
        #expect(lines == [
            #"{"time":0.010000,"region":"photo","type":"rotation","phase":"began","rotation":10,"center":\#(view.center)}"#,
            #"{"time":0.020000,"region":"photo","type":"rotation","phase":"changed","rotation":20,"center":\#(view.center)}"#,
            #"{"time":0.030000,"region":"photo","type":"rotation","phase":"changed","rotation":30,"center":\#(view.center)}"#,
            #"{"time":0.030000,"region":"photo","type":"rotation","phase":"ended","rotation":30,"center":\#(view.center)}"#,
        ])
    }

    @Test func aViewChangedDuringAPan_showsTheRestOfItInTheNewView() throws {
        let lines = try play(Self.photo(DragGesture(.init(minimumDistance: 3)), .none)) {
            down(0, at: 60, 30)
            move(0, to: 65, 30)
            change { engine, _ in
                // The display turns a quarter: the same pan, from its down position, shown in the new view.
                try engine.setViewTransform(of: "photo", to: .placing(Self.photoRect, scale: 1, rotation: .quarter))
                return []
            }
            move(0, to: 70, 30)
            up(0)
        }
        #expect(lines == [
            #"{"time":0.000000,"region":"photo","type":"pan","phase":"began","dx":10,"dy":0}"#,
            #"{"time":0.000000,"region":"photo","type":"pan","phase":"changed","dx":0,"dy":-10}"#,
            #"{"time":0.000000,"region":"photo","type":"pan","phase":"ended","dx":0,"dy":-10,"vx":0,"vy":0}"#,
        ])
    }

    @Test func surfaceAndViewPointsRoundTrip() {
        for rotation in ViewTransform.Rotation.allCases {
            let view = ViewTransform(scale: 2.5, offset: Point(x: 7, y: -3), rotation: rotation)
            let point = Point(x: 12, y: 34)
            #expect(view.surfacePoint(fromView: view.point(fromSurface: point)) == point)
        }
        #expect(ViewTransform.identity.direction(fromSurface: .upRight) == .upRight)
        #expect(ViewTransform(rotation: .quarter).direction(fromSurface: .right) == .up)
        #expect(ViewTransform(rotation: .quarter).edge(fromSurface: .left) == .bottom)
        #expect(ViewTransform(rotation: .threeQuarters).edge(fromSurface: .left) == .top)
    }

    // MARK: Timelines

    /// The chart of TimelineZoomTests (x 10–210 mm for 0–20 by 1), shown at 2 points per mm: 400 points wide.
    static func chart(rotation: ViewTransform.Rotation = .none, domain: TimelineDomain = .numeric(start: 0, end: 20, bucket: 1)) -> Layout {
        let rect = Rect(x: 10, y: 5, width: 200, height: 60)
        return Layout(regions: [.timeline(TimelineConfiguration(name: "chart", rect: rect, domain: domain, zoom: ZoomConfiguration()))],
                      viewTransforms: ["chart": .placing(rect, scale: 2, rotation: rotation)])
    }

    @Test func aTurnedTimelinesAxisIsTheViewsX() throws {
        // A quarter turn: the chart's 120 × 400 view runs its x down the panel's y (5–65 mm), so y = 20 mm
        // is x = 30 points of 120: value 5.
        let lines = try play(Self.chart(rotation: .quarter)) {
            tap(0, at: 110, 20, holding: .ms(50))
        }
        #expect(lines == [
            #"{"time":0.050000,"region":"chart","type":"tap","x":30,"y":200,"count":1,"value":5,"selection":{"start":5,"end":5}}"#,
        ])
    }

    @Test func chartProxyRoundTrip_numeric_wholeAndZoomed() throws {
        var player = try ScriptPlayer(layout: Self.chart())
        let whole = player.engine.chartProxy(of: "chart")!
        #expect(whole.plotArea == Rect(x: 0, y: 0, width: 400, height: 120))
        #expect(whole.value(atX: 100) == .number(5))
        #expect(whole.x(of: .number(5)) == 100)
        // Spread about 110 mm (value 10) from 40 to 80 mm apart: 5–15 visible.
        player.run(pinch(y: 30, through: (90, 130), (70, 150)))
        let zoomed = player.engine.chartProxy(of: "chart")!
        #expect(zoomed.visible == VisibleDomain(start: .number(5), end: .number(15)))
        #expect(zoomed.value(atX: 100) == .number(7.5))
        #expect(zoomed.x(of: .number(7.5)) == 100)
        #expect(zoomed.value(atX: 0) == .number(5))
        #expect(player.engine.chartProxy(of: "nothing") == nil)
    }

    @Test func chartProxyRoundTrip_dates_wholeAndZoomed() throws {
        // November 2025 by day over 200 mm: 400 points, 30 days, so 40 points is 3 days.
        var player = try ScriptPlayer(layout: Self.chart(domain: .date(start: CivilDay(year: 2025, month: 11, day: 1)!,
                                                                   end: CivilDay(year: 2025, month: 12, day: 1)!, bucket: .day)))
        let whole = player.engine.chartProxy(of: "chart")!
        let november4 = DomainValue.instant(seconds: 1_761_955_200 + 3 * 86_400)
        #expect(whole.value(atX: 40) == november4)
        #expect(whole.x(of: november4) == 40)
        player.run(pinch(y: 30, through: (90, 130), (70, 150)))
        // Scale 2 about day 15: days 7.5–22.5 visible, 15 days over 400 points.
        let zoomed = player.engine.chartProxy(of: "chart")!
        let start = DomainValue.instant(seconds: 1_761_955_200 + 7 * 86_400 + 43_200)
        #expect(zoomed.visible.start == start)
        #expect(zoomed.value(atX: 0) == start)
        #expect(zoomed.x(of: november4) < 0)    // not visible: left of the plot area
        let day10 = DomainValue.instant(seconds: 1_761_955_200 + 10 * 86_400)
        #expect(abs(zoomed.x(of: day10) - 400 * 2.5 / 15) < 1e-9)   // 2.5 of 15 days, in floating point
        #expect(zoomed.value(atX: zoomed.x(of: day10)) == day10)
    }
}
