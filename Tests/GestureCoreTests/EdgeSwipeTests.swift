import GestureCore
import GestureTestSupport
import Testing

/// Swipes in from an edge of the surface.
@Suite struct EdgeSwipeTests {
    static let surface = Rect(x: 0, y: 0, width: 200, height: 100)
    static func screen(_ edge: EdgeSwipeGesture.Edge) -> [Target] {
        [Target("screen", shape: .rectangle(surface), gesture: EdgeSwipeGesture(.init(edge: edge, surface: surface)))]
    }

    @Test func aSwipeInFromTheLeftEdge_beginsBeyondTheSlopInward() throws {
        let lines = try play(Self.screen(.left)) {
            down(0, at: 2, 50)                                        // 2 mm from the edge
            after(.ms(10)); move(0, to: 4, 51)                        // 2 mm in: within the slop
            after(.ms(10)); move(0, to: 8, 52)                        // 6 mm in, 2 along: begins
            after(.ms(10)); move(0, to: 30, 60)
            up(0)
        }
        #expect(lines == [
            #"{"time":0.020000,"region":"screen","type":"edge-swipe","phase":"began","edge":"left","dx":6,"dy":2}"#,
            #"{"time":0.030000,"region":"screen","type":"edge-swipe","phase":"changed","edge":"left","dx":28,"dy":10}"#,
            #"{"time":0.030000,"region":"screen","type":"edge-swipe","phase":"ended","edge":"left","dx":28,"dy":10}"#,
        ])
    }

    @Test func fromTheBottomEdge_upward() throws {
        let lines = try play(Self.screen(.bottom)) {
            down(0, at: 100, 97)
            after(.ms(10)); move(0, to: 101, 80)
            up(0)
        }
        #expect(lines == [
            #"{"time":0.010000,"region":"screen","type":"edge-swipe","phase":"began","edge":"bottom","dx":1,"dy":-17}"#,
            #"{"time":0.010000,"region":"screen","type":"edge-swipe","phase":"ended","edge":"bottom","dx":1,"dy":-17}"#,
        ])
    }

    @Test func aTouchBesideTheEdgeZone_alongTheEdge_orOutward_isNone() throws {
        #expect(try play(Self.screen(.left)) {                            // lands 6 mm in: beyond the 5 mm zone
            down(0, at: 6, 50); after(.ms(10)); move(0, to: 40, 50); up(0)
        } == [])
        #expect(try play(Self.screen(.left)) {                            // along the edge first
            down(0, at: 2, 50); after(.ms(10)); move(0, to: 3, 60); after(.ms(10)); move(0, to: 40, 60); up(0)
        } == [])
        #expect(try play(Self.screen(.right)) {                           // near the right edge, moving out
            down(0, at: 196, 50); after(.ms(10)); move(0, to: 200, 50); after(.ms(10)); move(0, to: 160, 50); up(0)
        } == [])
    }

    /// The first move beyond the slop from the down that is less inward than along the edge fails it there, whatever
    /// the finger does after. One at least as far inward as along, but not yet beyond the slop inward, waits.
    @Test func aMoveBeyondTheSlop_lessInwardThanAlongFails_atLeastAsInwardWaits() throws {
        let sideways = try play(Self.screen(.left), explain: true) {
            down(0, at: 2, 50)
            after(.ms(10)); move(0, to: 4, 52)                        // 2.828 mm from the down: within the slop
            after(.ms(10)); move(0, to: 6, 55)                        // 6.403 mm: 4 mm inward, 5 along: fails
            after(.ms(10)); move(0, to: 40, 55)                       // far inward after: nothing
            up(0)
        }
        #expect(sideways == [
            #"{"time":0.000000,"region":"screen","type":"explain","path":"edge-swipe","from":"idle","to":"pending","reason":"finger 0 landed 2 mm from the left edge <= edge zone 5 mm"}"#,
            #"{"time":0.020000,"region":"screen","type":"explain","path":"edge-swipe","from":"pending","to":"failed","reason":"finger 0 moved 6.403 mm > slop 3 mm, not inward: 4 mm inward, 5 mm along the edge"}"#,
        ])
        let diagonal = try play(Self.screen(.left), explain: true) {
            down(0, at: 2, 50)
            after(.ms(10)); move(0, to: 4.5, 52.5)                    // 3.536 mm: 2.5 inward, 2.5 along: waits
            after(.ms(10)); move(0, to: 6, 54)                        // 4 inward, 4 along: begins
            up(0)
        }
        #expect(diagonal == [
            #"{"time":0.000000,"region":"screen","type":"explain","path":"edge-swipe","from":"idle","to":"pending","reason":"finger 0 landed 2 mm from the left edge <= edge zone 5 mm"}"#,
            #"{"time":0.020000,"region":"screen","type":"explain","path":"edge-swipe","from":"pending","to":"swiping","reason":"finger 0 moved 4 mm inward > slop 3 mm, and >= 4 mm along the edge"}"#,
            #"{"time":0.020000,"region":"screen","type":"edge-swipe","phase":"began","edge":"left","dx":4,"dy":4}"#,
            #"{"time":0.020000,"region":"screen","type":"explain","path":"edge-swipe","from":"swiping","to":"ended","reason":"finger 0 lifted"}"#,
            #"{"time":0.020000,"region":"screen","type":"edge-swipe","phase":"ended","edge":"left","dx":4,"dy":4}"#,
        ])
    }

    /// Under a view turned a quarter (R(x, y) = (y, −x): the view's x runs down the panel), the `edge` configured is
    /// the panel's, as every number of a layout is; the lines name it as the view sees it (the panel's left edge is
    /// the view's bottom) and turn the translation.
    @Test func underATurnedView_theEdgeIsThePanels_andTheLinesNameItAsTheViewSeesIt() throws {
        let rect = Rect(x: 0, y: 0, width: 200, height: 100)
        let panel = TargetConfiguration(name: "panel", shape: .rectangle(rect),
                                        gestures: [TargetGesture(LayoutGestures.EdgeSwipe(.init(edge: .left, surface: rect)))])
        let layout = Layout(regions: [.generic(panel)], viewTransforms: ["panel": .placing(rect, scale: 1, rotation: .quarter)])
        #expect(try play(layout) {                                        // in from the panel's left edge, to its right
            down(0, at: 2, 50); after(.ms(10)); move(0, to: 10, 50); up(0)
        } == [
            #"{"time":0.010000,"region":"panel","type":"edge-swipe","phase":"began","edge":"bottom","dx":0,"dy":-8}"#,
            #"{"time":0.010000,"region":"panel","type":"edge-swipe","phase":"ended","edge":"bottom","dx":0,"dy":-8}"#,
        ])
        #expect(try play(layout) {                                        // in from the view's left edge: the panel's top
            down(0, at: 100, 2); after(.ms(10)); move(0, to: 100, 10); up(0)
        } == [])
    }

    @Test func aSecondFingerCancelsIt() throws {
        let lines = try play(Self.screen(.top)) {
            down(0, at: 100, 1)
            after(.ms(10)); move(0, to: 100, 10)
            after(.ms(10)); down(1, at: 50, 50)
            after(.ms(10)); up(0); up(1)
        }
        #expect(lines == [
            #"{"time":0.010000,"region":"screen","type":"edge-swipe","phase":"began","edge":"top","dx":0,"dy":9}"#,
            #"{"time":0.020000,"region":"screen","type":"edge-swipe","phase":"cancelled","edge":"top","dx":0,"dy":9}"#,
        ])
    }

    /// A layout's `edge-swipe` is on an edge of its target's bounding rectangle: a panel moved or resized at run time
    /// (`reshape`) takes its edge swipe along, as later landings go by its new shape. A library `EdgeSwipeGesture`
    /// keeps the rectangle it was given (the surface's, here).
    @Test func aLayoutTargetsEdgeSwipeFollowsItsTargetsNewShape_aGivenRectangleStays() throws {
        let panel = TargetConfiguration(name: "panel", shape: .rectangle(Rect(x: 0, y: 0, width: 100, height: 100)),
                                        gestures: [TargetGesture(LayoutGestures.EdgeSwipe(.init(edge: .left, surface: Self.surface)))])
        let swipeInAt50: [ScriptAction] = [down(0, at: 52, 50), after(.ms(10)), move(0, to: 60, 50), up(0)]
        let moved = try play(Layout(regions: [.generic(panel)])) {
            change { engine, _ in
                try engine.reshape("panel", to: .rectangle(Rect(x: 50, y: 0, width: 150, height: 100)))
                return []
            }
            swipeInAt50                                               // 2 mm inside the panel's new left edge
        }
        #expect(moved == [
            #"{"time":0.010000,"region":"panel","type":"edge-swipe","phase":"began","edge":"left","dx":8,"dy":0}"#,
            #"{"time":0.010000,"region":"panel","type":"edge-swipe","phase":"ended","edge":"left","dx":8,"dy":0}"#,
        ])
        let given = try play([Target("screen", shape: .rectangle(Rect(x: 0, y: 0, width: 100, height: 100)),
                                 gesture: EdgeSwipeGesture(.init(edge: .left, surface: Self.surface)))]) {
            change { engine, _ in
                try engine.reshape("screen", to: .rectangle(Rect(x: 50, y: 0, width: 150, height: 100)))
                return []
            }
            swipeInAt50                                               // 52 mm from the surface's left edge
        }
        #expect(given == [])
    }
}
