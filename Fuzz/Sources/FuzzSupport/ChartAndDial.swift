/// A layout file for the fixed header's surface: the date chart and the timer dial of
/// `Recordings/synthetic-dial-rotate` (fuzz-pipeline's layout of every run, one of fuzz-check's).
public let chartAndDialLayout = """
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
