#!/usr/bin/python3
"""An evemu trace as a umockdev script: run-emulated.sh replays a trace this way when it needs control
that umockdev's own evemu player does not give.

  trace-script.py [--max-gap SECONDS] TRACE > SCRIPT

Each E: line becomes one read block of a struct input_event (24 bytes, x86_64: tv_sec and tv_usec as 64-bit
integers, type, code, value), sent when the trace's time says, as umockdev's evemu player does. Times are
read as umockdev and evemu read them: the digits after the dot are an integer count of microseconds
(1.5 is 1.000005; write 1.500000), which is what run-emulated.sh's rewriting leaves.

  --max-gap SECONDS  a gap between two blocks longer than SECONDS (a clock that jumps by hours) lasts
                     SECONDS; a negative one (a clock that goes back) lasts nothing. The events keep their
                     own times.

Directives, on lines of their own (comments to every evemu reader, so the trace still replays):

  #! junk TIME N     N zero bytes (1 to 23: not a whole event) at TIME, written as in E: lines, as a block
                     of their own: the read that gets them returns a size that is not a multiple of 24, and
                     libevdev_next_event fails with EINVAL, as when umockdev's 4 KiB buffer overflows
                     (README.md). Give the block a few milliseconds alone, so that no event shares its read.

The script format (umockdev's docs/script-format.txt): one operation a line, "r DELAY DATA", DELAY in
milliseconds since the previous block, DATA with every byte below 32 written as ^ and the byte plus 64,
and ^ itself as ^`. (The format's description says "up to 32", but umockdev reads ^` as ^ only: a space
is written as it is.) Standard library only.
"""

import re
import struct
import sys

EVENT = re.compile(r"^E:\s+(\d+)\.(\d+)\s+([0-9a-fA-F]+)\s+([0-9a-fA-F]+)\s+(-?\d+)")
JUNK = re.compile(r"^#!\s*junk\s+(\d+)\.(\d+)\s+(\d+)\s*$")


def fail(message):
    print("trace-script.py: " + message, file=sys.stderr)
    sys.exit(2)


def escape(data):
    out = bytearray()
    for byte in data:
        if byte == 0x5E:
            out += b"^`"
        elif byte < 32:
            out += bytes([0x5E, byte + 64])
        else:
            out.append(byte)
    return bytes(out)


def blocks(lines):
    """(microseconds, bytes) for every event and directive, in order."""
    for number, line in enumerate(lines, 1):
        event = EVENT.match(line)
        if event:
            seconds, micros = int(event[1]), int(event[2])
            data = struct.pack("<qqHHi", seconds, micros, int(event[3], 16), int(event[4], 16), int(event[5]))
            yield seconds * 1_000_000 + micros, data
            continue
        junk = JUNK.match(line)
        if junk:
            count = int(junk[3])
            if not 1 <= count <= 23:
                fail("line %d: junk takes 1 to 23 bytes" % number)
            yield int(junk[1]) * 1_000_000 + int(junk[2]), bytes(count)
        elif line.startswith("#!"):
            fail("line %d: unknown directive %r" % (number, line))


def main(argv):
    max_gap = None
    if len(argv) >= 2 and argv[0] == "--max-gap":
        max_gap = int(float(argv[1]) * 1_000_000)
        argv = argv[2:]
    if len(argv) != 1:
        fail("usage: trace-script.py [--max-gap SECONDS] TRACE")
    with open(argv[0], encoding="utf-8", errors="replace") as f:
        lines = f.read().splitlines()
    out = sys.stdout.buffer
    previous = None   # the previous block's time in the trace
    schedule = 0      # when the previous block is sent, in microseconds from the first
    for time, data in blocks(lines):
        if previous is not None:
            gap = max(0, time - previous)
            if max_gap is not None:
                gap = min(gap, max_gap)
            # Milliseconds from the absolute schedule, so that truncation does not add up.
            delay = (schedule + gap) // 1000 - schedule // 1000
            schedule += gap
        else:
            delay = 0
        previous = time
        out.write(b"r %d " % delay + escape(data) + b"\n")


if __name__ == "__main__":
    main(sys.argv[1:])
