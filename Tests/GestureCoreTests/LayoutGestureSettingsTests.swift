import GestureCore
import Testing

/// `LayoutGesture.layoutGesture(_:)`: a kind's gesture from the values of its options (by their index in `options`), as
/// the layout file's reader makes each gesture.
@Suite struct LayoutGestureSettingsTests {
    @Test func theValuesAreSetOnTheDefaults_nullSettingNone() throws {
        // Tap's options: count, slopMm, maxDurationMs, doubleTapMs, doubleTapSlopMm, fingers.
        let tap = try #require(LayoutGestures.Tap.layoutGesture([(0, .count(2)), (1, .number(5)), (3, .milliseconds(.ms(250)))]))
        #expect(tap as? LayoutGestures.Tap == LayoutGestures.Tap(.init(maximumDistance: 5, countInterval: .ms(250), requiredCount: 2)))
        let untimed = try #require(LayoutGestures.Tap.layoutGesture([(0, .count(3)), (0, .none), (2, .milliseconds(.ms(9))), (2, .none)]))
        #expect(untimed as? LayoutGestures.Tap == LayoutGestures.Tap())
    }

    @Test func noValuesAreTheLibrarysDefaults() {
        #expect(LayoutGestures.Drag.layoutGesture([]) as? LayoutGestures.Drag == LayoutGestures.Drag())
        #expect(LayoutGestures.QuickScale.layoutGesture([]) as? LayoutGestures.QuickScale == LayoutGestures.QuickScale())
    }

    @Test func aChoiceIsTheIndexOfItsName_aFlagSetsWhatItsOptionSets() throws {
        // Edge swipe's options: edge (left, right, top, bottom), edgeMm, slopMm.
        let edgeSwipe = try #require(LayoutGestures.EdgeSwipe.layoutGesture([(0, .choice(2))]) as? LayoutGestures.EdgeSwipe)
        #expect(edgeSwipe.configuration.edge == .top)
        // Swipe's options: fingers, minSpeedMmPerS, slopMm, diagonals, toleranceDegrees.
        let swipe = try #require(LayoutGestures.Swipe.layoutGesture([(3, .flag(true))]) as? LayoutGestures.Swipe)
        #expect(swipe.configuration.directions == .eight)
    }

    @Test func aValueItsOptionDoesNotTake_orNoOption_givesNoGesture() {
        #expect(LayoutGestures.Tap.layoutGesture([(0, .count(0))]) == nil)  // count: 1 to 10
        #expect(LayoutGestures.Tap.layoutGesture([(0, .count(11))]) == nil)
        #expect(LayoutGestures.Tap.layoutGesture([(0, .number(2))]) == nil)  // a number for a count
        #expect(LayoutGestures.Tap.layoutGesture([(1, .none)]) == nil)  // slopMm: null refused
        #expect(LayoutGestures.Tap.layoutGesture([(1, .number(-1))]) == nil)  // slopMm: ≥ 0
        #expect(LayoutGestures.Tap.layoutGesture([(1, .number(.infinity))]) == nil)
        #expect(LayoutGestures.Tap.layoutGesture([(3, .milliseconds(.ms(-1)))]) == nil)  // doubleTapMs: 0 to 10^12 ms
        #expect(LayoutGestures.Tap.layoutGesture([(3, .milliseconds(.ms(1_000_000_000_001)))]) == nil)
        #expect(LayoutGestures.Tap.layoutGesture([(6, .number(1))]) == nil)  // Tap has 6 options
        #expect(LayoutGestures.Tap.layoutGesture([(-1, .number(1))]) == nil)
        #expect(LayoutGestures.Drag.layoutGesture([(1, .choice(2))]) == nil)  // extraFinger: cancel or end
        #expect(LayoutGestures.Swipe.layoutGesture([(4, .number(46))]) == nil)  // toleranceDegrees: 0 to 45
        #expect(LayoutGestures.Swipe.layoutGesture([(3, .count(1))]) == nil)  // a count for a flag
    }
}
