#!/usr/bin/python3
"""A ten-finger storm at 1 kHz on touchscreen-mt, and a layout for it.

  storm.py SECONDS TRACE LAYOUT

TRACE: an evemu trace (no header; microseconds unpadded, as the fixtures write them) with a frame every
millisecond from 0.100000 for SECONDS seconds. Ten fingers, finger i in column i of the surface: each is down
900 ms of every second (the fingers a tenth of a second apart), still for 350 ms (a long press), then drags
right across its column for 550 ms, and lifts. Every finger down moves in every frame (x, or y by one unit
while still): about 28 events a frame, 28,000 a second, 1.7 million a minute.

LAYOUT: ten timelines, one a column, domain 0-10 in buckets of 1, so that each finger's selection changes as
it drags. Standard library only.
"""

import json
import sys

FINGERS = 10
COLUMN_UNITS = 409          # touchscreen-mt: x 0..4095, 19 units/mm
SURFACE = {"width": 215.5, "height": 134.7}


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


def layout():
    width = SURFACE["width"] / FINGERS
    regions = [{"name": "f%d" % i, "kind": "timeline",
                "rect": {"x": round(i * width, 3), "y": 0, "width": round(width, 3), "height": SURFACE["height"]},
                "domain": {"start": 0, "end": 10}, "bucket": 1} for i in range(FINGERS)]
    return json.dumps({"surface": SURFACE, "regions": regions}, indent=1) + "\n"


def main(argv):
    if len(argv) != 3:
        print("usage: storm.py SECONDS TRACE LAYOUT", file=sys.stderr)
        return 2
    with open(argv[1], "w") as out:
        trace(int(argv[0]), out)
    with open(argv[2], "w") as out:
        out.write(layout())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
