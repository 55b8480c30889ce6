/// The layout files of the synthetic traces, as JSON text.
public enum Layouts {
    /// SPEC's layout file, verbatim: a chart of November 2025 by day, and the kitchen-timer dial.
    static let spec = """
        {
          "surface": {"width": 215.5, "height": 134.7},
          "regions": [
            {"name": "chart", "kind": "timeline", "rect": {"x": 10, "y": 5, "width": 200, "height": 60},
             "domain": {"start": "2025-11-01", "end": "2025-12-01"}, "bucket": "day", "longPressMs": 300},
            {"name": "timer", "kind": "dial", "center": {"x": 107.5, "y": 100}, "radius": 30,
             "detentDegrees": 6, "maxDegrees": 360}
          ]
        }

        """

    /// SPEC's output example: the same chart with the numeric domain 0–20 and bucket 1 (so value =
    /// (x − 10) / 10), and the same timer, starting at `initialDegrees` when given.
    static func numeric(timerInitialDegrees: Int? = nil) -> String {
        let initial = timerInitialDegrees.map { ", \"initialDegrees\": \($0)" } ?? ""
        return """
            {
              "surface": {"width": 215.5, "height": 134.7},
              "regions": [
                {"name": "chart", "kind": "timeline", "rect": {"x": 10, "y": 5, "width": 200, "height": 60},
                 "domain": {"start": 0, "end": 20}, "bucket": 1},
                {"name": "timer", "kind": "dial", "center": {"x": 107.5, "y": 100}, "radius": 30,
                 "detentDegrees": 6, "maxDegrees": 360\(initial)}
              ]
            }

            """
    }

    /// Two date charts, one above the other: November and December 2025 by ISO week (3 mm a day), and
    /// the year 2025 by month (0.5 mm a day).
    static let weeksAndMonths = """
        {
          "surface": {"width": 215.5, "height": 134.7},
          "regions": [
            {"name": "weeks", "kind": "timeline", "rect": {"x": 10, "y": 5, "width": 183, "height": 60},
             "domain": {"start": "2025-11-01", "end": "2026-01-01"}, "bucket": "week"},
            {"name": "months", "kind": "timeline", "rect": {"x": 10, "y": 70, "width": 182.5, "height": 60},
             "domain": {"start": "2025-01-01", "end": "2026-01-01"}, "bucket": "month"}
          ]
        }

        """

    /// Two zoomable charts: November 2025 by day over 180 mm (6 mm a day, at first), and 0–100 in
    /// buckets of 5 below it, which zooms no closer than 10.
    static let zoom = """
        {
          "surface": {"width": 215.5, "height": 134.7},
          "regions": [
            {"name": "chart", "kind": "timeline", "rect": {"x": 10, "y": 5, "width": 180, "height": 60},
             "domain": {"start": "2025-11-01", "end": "2025-12-01"}, "bucket": "day", "zoom": {}},
            {"name": "trend", "kind": "timeline", "rect": {"x": 10, "y": 70, "width": 200, "height": 60},
             "domain": {"start": 0, "end": 100}, "bucket": 5, "zoom": {"minSpan": 10}}
          ]
        }

        """

    /// SPEC's photo viewer (Layout file, `target`) on the whole surface: a double tap before a single
    /// one, a pan, a pinch and, alongside, a rotation; a close button on top.
    static let photoViewer = """
        {
          "surface": {"width": 215.5, "height": 134.7},
          "regions": [
            {"name": "photo", "kind": "target", "shape": {"kind": "rectangle", "x": 0, "y": 0, "width": 215.5, "height": 134.7},
             "gestures": [
               {"kind": "tap", "count": 2},
               {"kind": "tap", "count": 1},
               {"kind": "drag"},
               {"kind": "magnify"},
               {"kind": "rotation", "combine": "simultaneous"}
             ],
             "children": [
               {"name": "close", "kind": "target", "shape": {"kind": "circle", "center": {"x": 200, "y": 15}, "radius": 8},
                "gestures": [{"kind": "tap"}]}
             ]}
          ]
        }

        """

    /// The whole surface takes two-finger swipes, before one-finger ones.
    static let swipes = """
        {
          "surface": {"width": 215.5, "height": 134.7},
          "regions": [
            {"name": "screen", "kind": "target", "shape": {"kind": "rectangle", "x": 0, "y": 0, "width": 215.5, "height": 134.7},
             "gestures": [{"kind": "swipe", "fingers": 2}, {"kind": "swipe"}]}
          ]
        }

        """

    /// Edge swipes from the left and the bottom of the surface, and a list in the middle that pans.
    static let edges = """
        {
          "surface": {"width": 215.5, "height": 134.7},
          "regions": [
            {"name": "screen", "kind": "target", "shape": {"kind": "rectangle", "x": 0, "y": 0, "width": 215.5, "height": 134.7},
             "gestures": [{"kind": "edge-swipe", "edge": "left"}, {"kind": "edge-swipe", "edge": "bottom"}],
             "children": [
               {"name": "list", "kind": "target", "shape": {"kind": "rectangle", "x": 20, "y": 10, "width": 175, "height": 100},
                "gestures": [{"kind": "drag"}]}
             ]}
          ]
        }

        """

    /// A pad that tells triple, double and single taps apart (exact counts, in that order), with the
    /// surface's right and bottom edges left out of it.
    static let tapCounts = """
        {
          "surface": {"width": 215.5, "height": 134.7},
          "regions": [
            {"name": "pad", "kind": "target", "shape": {"kind": "rectangle", "x": 10, "y": 10, "width": 195, "height": 110},
             "gestures": [{"kind": "tap", "count": 3}, {"kind": "tap", "count": 2}, {"kind": "tap", "count": 1}]}
          ]
        }

        """

    /// Every layout here, for a target that picks one (the C interface's, fuzz-c-interface).
    public static var all: [String] {
        [spec, weeksAndMonths, zoom, photoViewer, swipes, edges, tapCounts, numeric(), numeric(timerInitialDegrees: 90)]
    }
}
