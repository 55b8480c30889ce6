#!/usr/bin/env python3
"""The layouts of issue 23's workloads (`make bench`: Benchmarks/bench-table.py), written into
Benchmarks/target-layouts/ (checked in; run this again after changing it):

    Benchmarks/target-layouts.py [FOLDER]

Each is played with the one-finger trace of taps and 30 mm drags of `bench-workloads taps-and-drags`, whose finger
lands at (50 mm, 40 mm) or (60 mm, 40 mm) and drags to the right along y = 40 mm (docs/performance.md, "Targets and
their layouts"):
- timeline.layout.json: a `timeline` where the finger plays, the yardstick;
- target.layout.json: a `target` with `tap` and `drag` on the same rectangle;
- siblings-1000.layout.json: that target, then 999 idle siblings with the same gestures, below it, where no finger
  lands (also the layout of 1,000 targets whose loading is measured, against target.layout.json's one);
- nested-15.layout.json, nested-30.layout.json: 15 and 30 targets each inside the one before (1 mm in from each
  side), each with `tap` and `drag`; the finger plays inside the innermost.
"""
import json
import os
import sys

SURFACE = {"width": 215.5, "height": 134.7}
GESTURES = [{"kind": "tap"}, {"kind": "drag"}]


def rectangle(x, y, width, height):
    return {"kind": "rectangle", "x": round(x, 3), "y": round(y, 3), "width": round(width, 3),
            "height": round(height, 3)}


def target(name, shape, children=None):
    region = {"name": name, "kind": "target", "shape": shape, "gestures": GESTURES}
    if children:
        region["children"] = children
    return region


def timeline():
    return [{"name": "chart", "kind": "timeline", "rect": {"x": 10, "y": 5, "width": 200, "height": 60},
             "domain": {"start": 0, "end": 20}, "bucket": 1}]


def one_target():
    return [target("target", rectangle(10, 5, 200, 60))]


def siblings(count):
    """The target, then count - 1 idle ones: 43 a row, 5 mm apart, from y = 70 mm (below the target's 65)."""
    idle = [target(f"idle-{index}", rectangle(0.5 + (index - 1) % 43 * 5, 70 + (index - 1) // 43 * 2.6, 4.5, 2.2))
            for index in range(1, count)]
    return one_target() + idle


def nested(depth):
    """depth targets, level 1 outermost (5, 0, 205 × 130 mm), each 1 mm in from its parent on every side."""
    region = None
    for level in range(depth, 0, -1):
        inset = level - 1
        region = target(f"level-{level}", rectangle(5 + inset, inset, 205 - 2 * inset, 130 - 2 * inset),
                        [region] if region else None)
    return [region]


LAYOUTS = {
    "timeline": timeline(),
    "target": one_target(),
    "siblings-1000": siblings(1000),
    "nested-15": nested(15),
    "nested-30": nested(30),
}


def text(regions):
    """The layout as JSON, a top-level region a line (a nested tree on one line)."""
    lines = ",\n".join("    " + json.dumps(region, separators=(", ", ": ")) for region in regions)
    return '{\n  "surface": ' + json.dumps(SURFACE) + ',\n  "regions": [\n' + lines + "\n  ]\n}\n"


def main(argv):
    folder = argv[0] if argv else os.path.join(os.path.dirname(os.path.abspath(__file__)), "target-layouts")
    os.makedirs(folder, exist_ok=True)
    for name, regions in LAYOUTS.items():
        with open(os.path.join(folder, f"{name}.layout.json"), "w") as f:
            f.write(text(regions))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
