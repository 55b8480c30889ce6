/// A timeline's chart as its view sees it, like SwiftUI Charts' `ChartProxy`: the value at an x and the x
/// of a value, over the visible domain (a zoomed timeline's window, or the whole domain).
///
/// x is in the target's coordinates: view points when it has a view transform, surface mm otherwise. The
/// time axis runs along the view's x: on a display turned a quarter, the chart's rectangle on the panel
/// runs down (or up) the surface, and its values still grow to the view's right.
///
/// ```swift
/// if let chart = engine.chartProxy(of: "chart") {
///     let value = chart.value(atX: 120)       // under the point x = 120
///     let x = chart.x(of: .number(8.5))       // where to draw 8.5
/// }
/// ```
public struct ChartProxy: Hashable, Sendable {
    /// The chart's rectangle in the target's coordinates: its width shows the visible domain.
    public let plotArea: Rect
    let zoom: TimelineZoom

    /// The chart whose width `plotArea` (in the target's coordinates) shows the visible domain of `zoom`.
    public init(plotArea: Rect, zoom: TimelineZoom) {
        self.plotArea = plotArea
        self.zoom = zoom
    }

    /// The part of the domain the chart shows.
    public var visible: VisibleDomain { zoom.visible }

    /// Where `x` lies as a fraction of the width (0 at the left edge, 1 at the right).
    public func fraction(atX x: Double) -> Double {
        (x - plotArea.x) / plotArea.width
    }

    /// The domain value under `x`, clamped to the visible domain.
    public func value(atX x: Double) -> DomainValue {
        zoom.value(atFraction: fraction(atX: x))
    }

    /// The x of `value`: the inverse of `value(atX:)` within the visible domain (outside the plot area
    /// when the value is not visible).
    public func x(of value: DomainValue) -> Double {
        plotArea.x + zoom.fraction(of: value) * plotArea.width
    }
}
