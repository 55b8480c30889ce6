#!/usr/bin/python3
"""The memory of `gestures serve` with two emulated touchscreens under continuous input.

  Benchmarks/serve-memory.py [--seconds N] [--gestures PATH] [--every S]

Two emulated touchscreens (umockdev: touchscreen-mt and touchscreen-mt-second of Tests/Fixtures/umockdev, through
serve-testbed.py, which writes their frames itself at their times: --fed-device) each play, for N seconds (default
600), a cycle of 2 s at 100 frames a second from 2 s on: a tap, a three-finger swipe up, an edge swipe from the left,
a long press. Each gesture is bound to a shell command that appends a line to a file, so that every cycle spawns and
reaps four commands a device; `--print` writes every line to a file. The service's VmRSS and VmHWM (/proc/PID/status)
are read every S seconds (default 10); the script prints each sample, then the first, the largest and the last
VmRSS, and the lines and commands counted.

The release build is used when there is one (.build/release/gestures), else the debug one. SERVE_MEMORY_KEEP=DIR
keeps the run's files (the configuration, the lines, the commands' file) in DIR.
"""

import os
import subprocess
import sys
import tempfile
import time

here = os.path.dirname(os.path.abspath(__file__))
fixtures = os.path.join(here, "..", "Tests", "Fixtures", "umockdev")
UNITS = 19          # touchscreen-mt: units per mm
CYCLE_MS = 2000
# The first cycle 2 s in: until the service has opened a device, umockdev's player writes into the node's buffer, and
# the service reads the device's state (no touch) before those events.
FIRST_MS = 2000


def cycle_frames(start_ms):
    """The frames of one cycle from start_ms: (time in ms, [(type, code, value)]) each."""
    frames = []

    def at(ms, events):
        frames.append((start_ms + ms, events))

    def down(slot, ident, x, y):
        return [(3, 0x2F, slot), (3, 0x39, ident), (3, 0x35, x * UNITS), (3, 0x36, y * UNITS)]

    def move(slot, x, y):
        return [(3, 0x2F, slot), (3, 0x35, x * UNITS), (3, 0x36, y * UNITS)]

    def up(slot):
        return [(3, 0x2F, slot), (3, 0x39, -1)]

    ident = start_ms // 10 % 60000
    # A tap at (50, 50) mm, 60 ms.
    at(0, down(0, ident, 50, 50) + [(1, 0x14A, 1)])
    at(60, up(0) + [(1, 0x14A, 0)])
    # Three fingers up 60 mm in 200 ms.
    at(400, down(0, ident + 1, 80, 110) + down(1, ident + 2, 100, 110) + down(2, ident + 3, 120, 110) + [(1, 0x14A, 1)])
    for step in range(1, 21):
        at(400 + step * 10, move(0, 80, 110 - 3 * step) + move(1, 100, 110 - 3 * step) + move(2, 120, 110 - 3 * step))
    at(610, up(0) + up(1) + up(2) + [(1, 0x14A, 0)])
    # An edge swipe from the left: 1 mm in, to 41 mm in 100 ms.
    at(900, down(0, ident + 4, 1, 60) + [(1, 0x14A, 1)])
    for step in range(1, 11):
        at(900 + step * 10, move(0, 1 + 4 * step, 60))
    at(1010, up(0) + [(1, 0x14A, 0)])
    # A long press at (150, 100) mm, 500 ms, still.
    at(1300, down(0, ident + 5, 150, 100) + [(1, 0x14A, 1)])
    at(1800, up(0) + [(1, 0x14A, 0)])
    return frames


def write_trace(path, seconds):
    with open(path, "w") as out:
        out.write("# EVEMU 1.3\n# serve-memory.py: a tap, a three-finger swipe, an edge swipe, a long press, every 2 s.\n")
        out.write("E: 0.000000 0000 0000 0\n")
        for cycle in range(seconds * 1000 // CYCLE_MS):
            for ms, events in cycle_frames(FIRST_MS + cycle * CYCLE_MS):
                stamp = "%d.%06d" % divmod(ms * 1000, 1_000_000)
                for kind, code, value in events:
                    out.write("E: %s %04x %04x %d\n" % (stamp, kind, code, value))
                out.write("E: %s 0000 0000 0\n" % stamp)


CONFIG = """{"bindings": [
  {"gesture": "tap", "run": ["sh", "-c", "echo tap >> commands"]},
  {"gesture": "swipe", "fingers": 3, "direction": "up", "run": ["sh", "-c", "echo swipe >> commands"]},
  {"gesture": "edge-swipe", "edge": "left", "run": ["sh", "-c", "echo edge >> commands"]},
  {"gesture": "long-press", "run": ["sh", "-c", "echo press >> commands"]}
]}
"""


def status(pid):
    values = {}
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith(("VmRSS:", "VmHWM:")):
                    values[line.split(":")[0]] = int(line.split()[1])
    except OSError:
        pass
    return values


def main(argv):
    seconds, gestures, every = 600, None, 10.0
    i = 0
    while i < len(argv):
        if argv[i] == "--seconds":
            seconds = int(argv[i + 1])
        elif argv[i] == "--gestures":
            gestures = argv[i + 1]
        elif argv[i] == "--every":
            every = float(argv[i + 1])
        else:
            print(__doc__, file=sys.stderr)
            return 2
        i += 2
    root = os.path.join(here, "..")
    if gestures is None:
        release = os.path.join(root, ".build", "release", "gestures")
        gestures = release if os.path.exists(release) else os.path.join(root, ".build", "debug", "gestures")
    with tempfile.TemporaryDirectory() as scratch:
        keep = os.environ.get("SERVE_MEMORY_KEEP")
        trace = os.path.join(scratch, "cycle.events")
        write_trace(trace, seconds + 10)
        with open(os.path.join(scratch, "serve.json"), "w") as f:
            f.write(CONFIG)
        pidfile = os.path.join(scratch, "pid")
        output = os.path.join(scratch, "lines")
        command = [os.path.join(fixtures, "serve-testbed.py"),
                   "--fed-device", "touchscreen-mt", trace, "--fed-device", "touchscreen-mt-second", trace,
                   "--at", str(seconds), "signal", "INT", "--timeout", str(seconds + 60), "--",
                   "/bin/sh", "-c", 'echo $$ > "$1"; exec "$2" serve --print --config serve.json --socket "$3" > "$4"',
                   "sh", pidfile, gestures, os.path.join(scratch, "gestures.sock"), output]
        started = time.monotonic()
        child = subprocess.Popen(command, cwd=scratch, stderr=subprocess.DEVNULL)
        pid = None
        while pid is None and child.poll() is None:
            time.sleep(0.05)
            try:
                with open(pidfile) as f:
                    pid = int(f.read())
            except (OSError, ValueError):
                pass
        samples = []
        while child.poll() is None:
            time.sleep(every - (time.monotonic() - started) % every)
            values = status(pid)
            if "VmRSS" in values:
                samples.append((time.monotonic() - started, values["VmRSS"], values["VmHWM"]))
                print("%6.0f s  VmRSS %6d kB  VmHWM %6d kB" % samples[-1], flush=True)
        child.wait()
        if keep:
            import shutil
            shutil.copytree(scratch, keep, dirs_exist_ok=True)
        with open(output) as f:
            lines = sum(1 for _ in f)
        try:
            with open(os.path.join(scratch, "commands")) as f:
                commands = sum(1 for _ in f)
        except OSError:
            commands = 0
    if not samples:
        print("serve-memory.py: no sample (status %d)" % child.returncode, file=sys.stderr)
        return 1
    rss = [sample[1] for sample in samples]
    print("%s, %d s, 2 devices: VmRSS first %d kB (%.0f s), largest %d kB, last %d kB (%.0f s); VmHWM %d kB; "
          "%d lines, %d commands; status %d"
          % (os.path.relpath(gestures, root), seconds, rss[0], samples[0][0], max(rss), rss[-1], samples[-1][0],
             samples[-1][2], lines, commands, child.returncode))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
