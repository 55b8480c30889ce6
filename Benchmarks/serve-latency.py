#!/usr/bin/python3
"""The latency of `gestures serve` from a device's frame to a binding's command starting, and to a socket client's line.

  Benchmarks/serve-latency.py [--count N] [--gestures PATH]

An emulated touchscreen (umockdev: touchscreen-mt of Tests/Fixtures/umockdev) whose events this script writes itself,
a frame at a time, on the node's pseudo-terminal. Each of N edge swipes from the left ends with a lift; just before
writing that frame the script reads CLOCK_MONOTONIC. The binding of the edge swipe runs a small C program that
prints CLOCK_MONOTONIC as its first act. The difference is the latency from the frame's write to the command
running: the device's delivery through umockdev (a round trip over a socket for each read), the service's wake-up,
read, recognition and posix_spawn, and the command's exec, start-up included. A client subscribed to the service's
socket reads the edge swipe's `ended` line: the latency to it is measured from the same write. Prints the median,
the 90th percentile and the worst of each.
The release build is used when there is one (.build/release/gestures), else the debug one.
"""

import os
import select
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import time

here = os.path.dirname(os.path.abspath(__file__))
fixtures = os.path.join(here, "..", "Tests", "Fixtures", "umockdev")
sys.path.insert(0, fixtures)

import faults  # noqa: E402
from faults import UMockdev  # noqa: E402

STAMP = r"""
#include <stdio.h>
#include <time.h>
int main(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    printf("%lld\n", (long long)now.tv_sec * 1000000000LL + now.tv_nsec);
    return 0;
}
"""


def event(type_, code, value):
    now = time.monotonic()
    return struct.pack("llHHi", int(now), int((now % 1) * 1e6), type_, code, value)


def frame(*events):
    return b"".join(event(*e) for e in events) + event(0, 0, 0)


def main(argv):
    count, gestures = 200, None
    i = 0
    while i < len(argv):
        if argv[i] == "--count":
            count = int(argv[i + 1])
        elif argv[i] == "--gestures":
            gestures = argv[i + 1]
        i += 2
    root_dir = os.path.join(here, "..", ".build")
    gestures = gestures or next(p for p in (os.path.join(root_dir, "release", "gestures"), os.path.join(root_dir, "debug", "gestures"))
                                if os.path.exists(p))
    scratch = tempfile.mkdtemp()
    stamp = os.path.join(scratch, "stamp")
    with open(stamp + ".c", "w") as f:
        f.write(STAMP)
    subprocess.check_call(["cc", "-O2", "-o", stamp, stamp + ".c"])
    config = os.path.join(scratch, "serve.json")
    with open(config, "w") as f:
        f.write('{"bindings": [{"gesture": "edge-swipe", "edge": "left", "run": ["%s"]}]}\n' % stamp)

    testbed = UMockdev.Testbed.new()
    record, ioctl = os.path.join(fixtures, "touchscreen-mt.umockdev"), os.path.join(fixtures, "touchscreen-mt.ioctl")
    faults.Device(testbed, record, ioctl, "/dev/input/event20", "-")
    env = dict(os.environ)
    env["LD_PRELOAD"] = ":".join(p for p in (env.get("LD_PRELOAD"), "libumockdev-preload.so.0") if p)
    env["UMOCKDEV_DIR"] = testbed.get_root_dir()
    path = os.path.join(scratch, "gestures.sock")
    child = subprocess.Popen([gestures, "serve", "--config", config, "--socket", path], env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL)
    master = testbed.get_dev_fd("/dev/input/event20")
    time.sleep(1.0)  # the service takes the device
    client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    client.connect(path)
    client.sendall(b'{"request":"subscribe"}\n')
    stream = client.makefile("rb")
    stream.readline()  # the reply
    latencies, lines = [], []
    units = 19  # per mm
    for n in range(count):
        os.write(master, frame((3, 0x39, n + 1), (3, 0x35, units), (3, 0x36, 60 * units), (1, 0x14a, 1)))
        for step in range(1, 4):
            time.sleep(0.01)
            os.write(master, frame((3, 0x35, (1 + 10 * step) * units)))
        time.sleep(0.01)
        lift = frame((3, 0x39, -1), (1, 0x14a, 0))
        before = time.monotonic_ns()
        os.write(master, lift)
        while True:
            line = stream.readline()
            if b'"ended"' in line:
                lines.append((time.monotonic_ns() - before) / 1e6)
                break
        started = int(child.stdout.readline())
        latencies.append((started - before) / 1e6)
        time.sleep(0.05)
    child.terminate()
    child.wait()
    def summary(values):
        values = sorted(values)
        return "median %.3f ms, 90th percentile %.3f ms, worst %.3f ms" % (statistics.median(values), values[int(0.9 * len(values))],
                                                                             values[-1])
    print("%s: %d edge swipes, from the lift's frame written: to the command running %s; to the socket client's line %s"
          % (gestures, count, summary(latencies), summary(lines)))


if __name__ == "__main__":
    main(sys.argv[1:])
    sys.stdout.flush()
    os._exit(0)
