#!/usr/bin/python3
"""A ten-finger storm at 1 kHz on touchscreen-mt, and a layout for it.

  storm.py SECONDS TRACE LAYOUT
  storm.py --swipes SHIFT_MS SECONDS TRACE LAYOUT

TRACE: an evemu trace (no header; microseconds unpadded, as the fixtures write them) with a frame every
millisecond from 0.100000 for SECONDS seconds. Ten fingers, finger i in column i of the surface: each is down
900 ms of every second (the fingers a tenth of a second apart), still for 350 ms (a long press), then drags
right across its column for 550 ms, and lifts. Every finger down moves in every frame (x, or y by one unit
while still): about 28 events a frame, 28,000 a second, 1.7 million a minute.

LAYOUT: ten timelines, one a column, domain 0-10 in buckets of 1, so that each finger's selection changes as
it drags.

--swipes: the storm of `gestures serve`'s test, whose devices recognize the bindings' targets: SECONDS cycles of a
second from 2 s + SHIFT_MS on: in each nine fingers land together, one a column, and jitter in place for 700 ms (a unit in x
and y in every frame), while a tenth lands a frame later 1 mm from the left edge and moves inward a unit a frame
(an edge swipe, a line a frame); then all ten swipe up together, 5 units a frame for 200 ms (52.6 mm at 263 mm/s),
and lift; 100 ms with none. 31 events a frame, 28,000 a second. LAYOUT: the targets `gestures serve` makes of the
bindings [a ten-finger swipe, an edge swipe from the left] (SPEC "Service"): a whole-screen target `screen` with
the swipe, and its child `bindings[1]`, the strip 5 mm deep along the left edge, with the edge swipe.
Standard library only.
"""

import json
import sys

FINGERS = 10
COLUMN_UNITS = 409          # touchscreen-mt: x 0..4095, 19 units/mm
SURFACE = {"width": 215.5, "height": 134.7}
# The storm of --swipes begins 2 s in: umockdev plays a trace from the testbed's start, and until the service has
# found and opened the device (a second in a debug build on a busy machine) its events wait in a buffer of 4095
# bytes, 6 ms of the storm.
SWIPES_START_MS = 2000
SURFACE_MT = {"width": 215.526, "height": 134.684}   # as `gestures serve` sizes it: 4096 and 2560 units at 19 a mm


def trace(seconds, out):
    write = out.write
    write("# EVEMU 1.3\n# A ten-finger storm at 1 kHz (storm.py). Microseconds UNPADDED.\n")
    write("E: 0.0 0000 0000 0\n")
    down = [None] * FINGERS   # tracking ids
    next_id = 1
    for ms in range(100, 100 + seconds * 1000):
        stamp = "%d.%d" % divmod(ms * 1000, 1_000_000)
        touching = any(i is not None for i in down)
        for finger in range(FINGERS):
            phase = (ms + finger * 100) % 1000
            left = 30 + COLUMN_UNITS * finger
            if phase < 900:
                if down[finger] is None:
                    down[finger] = next_id
                    next_id += 1
                    write("E: %s 0003 002f %d\nE: %s 0003 0039 %d\n" % (stamp, finger, stamp, down[finger]))
                    write("E: %s 0003 0035 %d\nE: %s 0003 0036 500\n" % (stamp, left, stamp))
                elif phase < 350:   # still, within the slop: y by one unit
                    write("E: %s 0003 002f %d\nE: %s 0003 0035 %d\nE: %s 0003 0036 %d\n"
                          % (stamp, finger, stamp, left + phase % 2, stamp, 500 + phase % 3))
                else:               # the drag, across the column
                    write("E: %s 0003 002f %d\nE: %s 0003 0035 %d\nE: %s 0003 0036 %d\n"
                          % (stamp, finger, stamp, left + (phase - 350) // 2, stamp, 500 + phase % 2))
            elif down[finger] is not None:
                down[finger] = None
                write("E: %s 0003 002f %d\nE: %s 0003 0039 -1\n" % (stamp, finger, stamp))
        now_touching = any(i is not None for i in down)
        if now_touching != touching:
            write("E: %s 0001 014a %d\n" % (stamp, 1 if now_touching else 0))
        write("E: %s 0000 0000 0\n" % stamp)


def swipes(seconds, shift, out):
    write = out.write
    write("# EVEMU 1.3\n# Ten fingers at 1 kHz, an edge swipe and a ten-finger swipe every second (storm.py --swipes %d). "
          "Microseconds UNPADDED.\n" % shift)
    write("E: 0.0 0000 0000 0\n")
    next_id = 1
    for ms in range(SWIPES_START_MS + shift, SWIPES_START_MS + shift + seconds * 1000):
        stamp = "%d.%d" % divmod(ms * 1000, 1_000_000)
        phase = (ms - SWIPES_START_MS - shift) % 1000
        if phase >= 900:
            continue
        for finger in range(FINGERS):
            # Finger 0 lands 1 mm from the left edge a frame after the others, and moves inward a unit a frame.
            x = 19 + max(phase - 1, 0) if finger == 0 else 200 + COLUMN_UNITS * finger
            if phase == (1 if finger == 0 else 0):
                write("E: %s 0003 002f %d\nE: %s 0003 0039 %d\n" % (stamp, finger, stamp, next_id))
                write("E: %s 0003 0035 %d\nE: %s 0003 0036 2200\n" % (stamp, x, stamp))
                next_id += 1
            elif finger == 0 and phase == 0:
                continue
            elif phase < 700:
                write("E: %s 0003 002f %d\nE: %s 0003 0035 %d\nE: %s 0003 0036 %d\n"
                      % (stamp, finger, stamp, x if finger == 0 else x + phase % 2, stamp, 2200 + phase % 2))
            elif phase < 899:
                write("E: %s 0003 002f %d\nE: %s 0003 0035 %d\nE: %s 0003 0036 %d\n"
                      % (stamp, finger, stamp, min(x, 19 + 698), stamp, 2200 - 5 * (phase - 699)))
            else:
                write("E: %s 0003 002f %d\nE: %s 0003 0039 -1\n" % (stamp, finger, stamp))
        if phase == 0:
            write("E: %s 0001 014a 1\n" % stamp)
        elif phase == 899:
            write("E: %s 0001 014a 0\n" % stamp)
        write("E: %s 0000 0000 0\n" % stamp)


def screen():
    """The targets of the bindings [a ten-finger swipe, an edge swipe from the left] on touchscreen-mt."""
    strip = {"name": "bindings[1]", "kind": "target",
             "shape": {"kind": "rectangle", "x": 0, "y": 0, "width": 5, "height": SURFACE_MT["height"]},
             "gestures": [{"kind": "edge-swipe", "edge": "left"}]}
    region = {"name": "screen", "kind": "target",
              "shape": {"kind": "rectangle", "x": 0, "y": 0, "width": SURFACE_MT["width"], "height": SURFACE_MT["height"]},
              "gestures": [{"kind": "swipe", "fingers": FINGERS}], "children": [strip]}
    return json.dumps({"regions": [region]}, indent=1) + "\n"


def layout():
    width = SURFACE["width"] / FINGERS
    regions = [{"name": "f%d" % i, "kind": "timeline",
                "rect": {"x": round(i * width, 3), "y": 0, "width": round(width, 3), "height": SURFACE["height"]},
                "domain": {"start": 0, "end": 10}, "bucket": 1} for i in range(FINGERS)]
    return json.dumps({"surface": SURFACE, "regions": regions}, indent=1) + "\n"


def main(argv):
    if len(argv) == 5 and argv[0] == "--swipes":
        with open(argv[3], "w") as out:
            swipes(int(argv[2]), int(argv[1]), out)
        with open(argv[4], "w") as out:
            out.write(screen())
        return 0
    if len(argv) != 3:
        print("usage: storm.py [--swipes SHIFT_MS] SECONDS TRACE LAYOUT", file=sys.stderr)
        return 2
    with open(argv[1], "w") as out:
        trace(int(argv[0]), out)
    with open(argv[2], "w") as out:
        out.write(layout())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
