#!/usr/bin/python3
"""An evemu trace as a umockdev script: run-emulated.sh replays a trace this way when it needs control
that umockdev's own evemu player does not give.

  trace-script.py [--max-gap SECONDS] TRACE > SCRIPT

Each run of E: lines with the same time (a frame, as the kernel hands it over) becomes one read block of
struct input_event (24 bytes each, x86_64: tv_sec and tv_usec as 64-bit integers, type, code, value), sent
when the trace's time says. (umockdev's evemu player writes one event at a time, with a sleep before each,
which plays about 5,000 events a second: too slow for a storm of 28,000.) Times are
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

JUNK = re.compile(r"^#!\s*junk\s+(\d+)\.(\d+)\s+(\d+)\s*$")


def fail(message):
    print("trace-script.py: " + message, file=sys.stderr)
    sys.exit(2)


# Every byte as the script writes it: below 32 as ^ and the byte plus 64, ^ as ^`, the rest as it is.
ESCAPED = [bytes([0x5E, byte + 64]) if byte < 32 else b"^`" if byte == 0x5E else bytes([byte]) for byte in range(256)]


def escape(data):
    return b"".join(map(ESCAPED.__getitem__, data))


def blocks(lines):
    """(microseconds, bytes) for every run of events with the same time, and every directive, in order."""
    run_time, run = None, bytearray()
    pack = struct.Struct("<qqHHi").pack
    for number, line in enumerate(lines, 1):
        if line.startswith("E:"):
            fields = line[2:].split(None, 4)   # time, type, code, value (and a comment)
            try:
                seconds, micros = fields[0].split(".")
                seconds, micros = int(seconds), int(micros)
                data = pack(seconds, micros, int(fields[1], 16), int(fields[2], 16), int(fields[3]))
            except (ValueError, IndexError, struct.error):
                fail("line %d: not an event: %r" % (number, line))
            time = seconds * 1_000_000 + micros
            if run and time != run_time:
                yield run_time, bytes(run)
                run = bytearray()
            run_time = time
            run += data
            continue
        junk = JUNK.match(line)
        if junk:
            count = int(junk[3])
            if not 1 <= count <= 23:
                fail("line %d: junk takes 1 to 23 bytes" % number)
            if run:
                yield run_time, bytes(run)
                run = bytearray()
            yield int(junk[1]) * 1_000_000 + int(junk[2]), bytes(count)
        elif line.startswith("#!"):
            fail("line %d: unknown directive %r" % (number, line))
    if run:
        yield run_time, bytes(run)


def main(argv):
    max_gap = None
    if len(argv) >= 2 and argv[0] == "--max-gap":
        max_gap = int(float(argv[1]) * 1_000_000)
        argv = argv[2:]
    if len(argv) != 1:
        fail("usage: trace-script.py [--max-gap SECONDS] TRACE")
    with open(argv[0], encoding="utf-8", errors="replace") as f:
        write(blocks(line.rstrip("\n") for line in f), max_gap)


def write(blocks, max_gap):
    out = sys.stdout.buffer
    previous = None   # the previous block's time in the trace
    schedule = 0      # when the previous block is sent, in microseconds from the first
    for time, data in blocks:
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
    try:
        main(sys.argv[1:])
    except BrokenPipeError:
        # umockdev reads the script as it plays it: a program that ends first leaves the rest unread.
        sys.stderr.close()
        sys.exit(0)
