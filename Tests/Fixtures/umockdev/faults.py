#!/usr/bin/python3
"""umockdev-run with faults: run-emulated.sh --vanish-after and --fail-reads-after use this.

  faults.py [--vanish-after WHEN] [--fail-reads-after WHEN] --device UMOCKDEV IOCTL NODE TRACE [--device ...]
            -- COMMAND...

Builds the same testbed as umockdev-run (-d UMOCKDEV, the ioctls of IOCTL on NODE, TRACE replayed on NODE;
TRACE - for none), runs COMMAND in it, and, WHEN seconds after the first device's trace started playing (a
number, or end+S: S seconds after the trace's last event):

--vanish-after: the first device vanishes.
  - read() and ioctl() on every open file of the node fail with ENODEV, as the kernel's evdev does
    once the device is unplugged (libevdev_next_event returns -ENODEV);
  - the pseudo-terminal behind the node is hung up, so poll() wakes with POLLHUP|POLLERR|POLLIN;
  - the node and its sysfs directories leave the testbed (a new open() fails with ENOENT).

--fail-reads-after: every later read() of the first device fails with EINVAL and takes nothing, while
  poll() still says there is data and ioctl() still works: a device that can no longer be read.

umockdev-run cannot do this: its ioctl handler is private, the pty master stays open until it
exits, and killing it makes the preload library abort() the program at its next read. So this
script answers the ioctls itself (UMockdev.IoctlBase), from the same .ioctl file; that handler sees
every read() too.

Signals INT, TERM, HUP and QUIT are passed on to COMMAND; the exit status is COMMAND's (its signal
is raised again if one killed it). Needs the system python with python3-gi and gir1.2-umockdev-1.0.
"""

import ctypes
import errno
import os
import re
import shutil
import signal
import subprocess
import sys

import gi

gi.require_version("UMockdev", "1.0")
from gi.repository import GLib, UMockdev  # noqa: E402

# The evdev ioctls of an .ioctl file: name -> the request's number (nr) before the "(N)" offset.
IOC_READ = 2
EVDEV_NR = {"EVIOCGVERSION": 0x01, "EVIOCGID": 0x02, "EVIOCGNAME": 0x06, "EVIOCGPHYS": 0x07,
            "EVIOCGUNIQ": 0x08, "EVIOCGPROP": 0x09, "EVIOCGMTSLOTS": 0x0a, "EVIOCGKEY": 0x18,
            "EVIOCGLED": 0x19, "EVIOCGSND": 0x1a, "EVIOCGSW": 0x1b, "EVIOCGBIT": 0x20, "EVIOCGABS": 0x40}
EVIOCGRAB = 0x40044590
EVIOCGMTSLOTS_NR = 0x0a


# Whole-event reads (Device.read_whole_events) go to the pseudo-terminal through syscall(2) itself: umockdev's preload
# library, which the scripts run with, takes open(), read() and ioctl() of the node's terminal for its own.
LIBC = ctypes.CDLL(None, use_errno=True)
SYS_READ, SYS_IOCTL, SYS_OPENAT, AT_FDCWD = 0, 16, 257, -100   # x86_64
TIOCGPTN, FIONREAD = 0x80045430, 0x541B
EVENT_SIZE = 24


def fail(message):
    print("faults.py: " + message, file=sys.stderr)
    sys.exit(125)


def request(nr, size):
    return (IOC_READ << 30) | (size << 16) | (ord("E") << 8) | nr


def load_answers(path):
    """Request number -> (return value, bytes); EVIOCGMTSLOTS by (request, axis code) instead,
    since libevdev asks the same request once per axis and names the axis in the buffer."""
    answers = {}
    with open(path) as f:
        for line in f:
            m = re.match(r"^(\w+)(?:\((\d+)\))?\s+(-?\d+)\s+([0-9A-Fa-f]*)\s*$", line)
            if not m or m.group(1) not in EVDEV_NR:
                continue
            name, offset, ret, hexdata = m.groups()
            data = bytes.fromhex(hexdata)
            req = request(EVDEV_NR[name] + int(offset or 0), len(data))
            key = (req, data[0]) if EVDEV_NR[name] == EVIOCGMTSLOTS_NR else req
            answers.setdefault(key, (int(ret), data))
    return answers


def trace_times(text):
    """Seconds of the first and last E: line (sec.usec, usec an integer count, read as decimal)."""
    times = [int(s) + int(us, 10) / 1e6 for s, us in re.findall(r"^E:\s+(\d+)\.(\d+)\s", text, re.M)]
    return (times[0], times[-1]) if times else (0.0, 0.0)


class Device:
    def __init__(self, testbed, record, ioctl, node, trace):
        self.testbed, self.node, self.gone, self.failing, self.reader = testbed, node, False, False, None
        with open(record) as f:
            text = f.read()
        testbed.add_from_string(text)
        # The event node's sysfs path (the record's first P: line) and its parent input device.
        paths = re.findall(r"^P: (\S+)", text, re.M)
        self.syspaths = ["/sys" + p for p in paths if re.search(r"/(event|input)\d+$", p)]
        self.answers = load_answers(ioctl)
        self.handler = UMockdev.IoctlBase()
        self.handler.connect("handle-ioctl", self.on_ioctl)
        self.handler.connect("handle-read", self.on_read)
        testbed.attach_ioctl(node, self.handler)
        # The trace may be a pipe (run-emulated.sh rewrites it on the fly): read it once, keep a copy.
        self.times = (0.0, 0.0)
        if trace != "-":
            with open(trace) as f:
                events = f.read()
            self.times = trace_times(events)
            copy = os.path.join(testbed.get_root_dir(), "trace%s.events" % node.replace("/", "_"))
            with open(copy, "w") as f:
                f.write(events)
            testbed.load_evemu_events(node, copy)

    def read_whole_events(self):
        """From now on each read of the node takes only whole events, as a real evdev node gives them: what its
        pseudo-terminal holds, up to the size asked, cut to a multiple of 24 bytes (none yet: EAGAIN). The terminal
        holds 4095 bytes, 170 events and 15 bytes of the next: a reader that takes it all as the preload does, when
        it has fallen that far behind, reads a cut event, and libevdev drops what it read."""
        number = ctypes.c_uint(0)
        if LIBC.syscall(SYS_IOCTL, self.testbed.get_dev_fd(self.node), TIOCGPTN, ctypes.byref(number)) < 0:
            fail("%s: TIOCGPTN: %s" % (self.node, os.strerror(ctypes.get_errno())))
        reader = LIBC.syscall(SYS_OPENAT, AT_FDCWD, b"/dev/pts/%d" % number.value, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
        if reader < 0:
            fail("%s: cannot open /dev/pts/%d: %s" % (self.node, number.value, os.strerror(ctypes.get_errno())))
        self.reader = reader

    def on_read(self, handler, client):
        if self.gone:
            client.complete(-1, errno.ENODEV)
            return True
        if self.failing:
            client.complete(-1, errno.EINVAL)
            return True
        if self.reader is not None:
            arg = client.get_arg()
            waiting = ctypes.c_int(0)
            LIBC.syscall(SYS_IOCTL, self.reader, FIONREAD, ctypes.byref(waiting))
            count = min(arg.data_length1, waiting.value) // EVENT_SIZE * EVENT_SIZE
            if count == 0:
                client.complete(-1, errno.EAGAIN)
                return True
            buffer = ctypes.create_string_buffer(count)
            got = LIBC.syscall(SYS_READ, self.reader, buffer, count)
            if got != count:
                fail("%s: read %d of %d bytes it held" % (self.node, got, count))
            arg.update(0, buffer.raw)
            client.complete(count, 0)
            return True
        return False   # not handled: the preload reads the pseudo-terminal itself

    def fail_reads(self):
        self.failing = True
        print("faults.py: reads of %s fail from now on" % self.node, file=sys.stderr, flush=True)
        return False

    def on_ioctl(self, handler, client):
        req = client.get_request()
        if self.gone:
            client.complete(-1, errno.ENODEV)
            return True
        if req == EVIOCGRAB:
            client.complete(0, 0)
            return True
        size = (req >> 16) & 0x3FFF
        key = req
        if (req >> 8) & 0xFF == ord("E") and req & 0xFF == EVIOCGMTSLOTS_NR and size >= 4:
            # The client's buffer starts with the axis code (< 256: its first byte suffices).
            key = (req, bytes(client.get_arg().resolve(0, size).data)[0])
        if key in self.answers:
            ret, data = self.answers[key]
            client.get_arg().resolve(0, size).update(0, data)
            client.complete(ret, 0)
            return True
        # As umockdev: unknown evdev requests fail with ENOENT (libevdev accepts that for
        # EVIOCGUNIQ and EVIOCSCLOCKID), anything else with ENOTTY.
        client.complete(-1, errno.ENOENT if (req >> 8) & 0xFF == ord("E") else errno.ENOTTY)
        return True

    def vanish(self):
        self.gone = True
        # Hang up the pseudo-terminal: replace the master with /dev/null (the trace player may
        # still write to that descriptor number; it now writes nowhere).
        master = self.testbed.get_dev_fd(self.node)
        if master >= 0:
            null = os.open("/dev/null", os.O_WRONLY)
            os.dup2(null, master)
            os.close(null)
        for path in self.syspaths:   # the event node first, then its input device
            self.testbed.remove_device(path)
        root = self.testbed.get_root_dir()
        links = os.path.join(root, "dev/input/by-path")
        if os.path.isdir(links):
            for name in os.listdir(links):
                link = os.path.join(links, name)
                if os.readlink(link).endswith(self.node):
                    os.unlink(link)
        print("faults.py: %s vanished" % self.node, file=sys.stderr, flush=True)
        return False


def forward_signals(child):
    """Passes INT, TERM, HUP and QUIT sent to this process on to `child` (from a GLib main loop); returns the function
    that sends `child` a signal."""
    def forward(signum):
        try:
            child.send_signal(signum)
        except ProcessLookupError:
            pass
        return True

    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        GLib.unix_signal_add(GLib.PRIORITY_HIGH, signum, forward, signum)
    signal.signal(signal.SIGQUIT, lambda s, f: forward(s))
    return forward


def main(argv):
    when, failing, devices, command = None, None, [], None
    i = 0
    while i < len(argv):
        if argv[i] == "--vanish-after":
            when = argv[i + 1]
            i += 2
        elif argv[i] == "--fail-reads-after":
            failing = argv[i + 1]
            i += 2
        elif argv[i] == "--device":
            devices.append(argv[i + 1:i + 5])
            i += 5
        elif argv[i] == "--":
            command = argv[i + 1:]
            break
        else:
            fail("unknown argument " + argv[i])
    if (when is None and failing is None) or not devices or not command:
        fail("usage: faults.py [--vanish-after WHEN] [--fail-reads-after WHEN] --device UMOCKDEV IOCTL NODE TRACE ... "
             "-- COMMAND")

    testbed = UMockdev.Testbed.new()
    root = testbed.get_root_dir()
    try:
        built = [Device(testbed, *d) for d in devices]
        first = built[0]
        start, end = first.times

        def delay(when):
            if when.startswith("end"):
                return end - start + (float(when[4:]) if when.startswith("end+") else 0.0)
            return float(when)

        env = dict(os.environ)
        env["LD_PRELOAD"] = ":".join(p for p in (env.get("LD_PRELOAD"), "libumockdev-preload.so.0") if p)
        env["UMOCKDEV_DIR"] = root
        child = subprocess.Popen(command, env=env)

        loop = GLib.MainLoop()
        forward_signals(child)

        def reap():
            if child.poll() is not None:
                loop.quit()
                return False
            return True

        if when is not None:
            GLib.timeout_add(max(0, int(delay(when) * 1000)), first.vanish)
        if failing is not None:
            GLib.timeout_add(max(0, int(delay(failing) * 1000)), first.fail_reads)
        GLib.timeout_add(10, reap)
        loop.run()
        status = child.wait()
    finally:
        shutil.rmtree(root, ignore_errors=True)
    if status < 0:
        signal.signal(-status, signal.SIG_DFL)
        os.kill(os.getpid(), -status)
        return 128 - status
    return status


if __name__ == "__main__":
    # os._exit: no finalizers. The testbed's would wait for a trace player blocked on a full
    # pseudo-terminal, which is how umockdev-run can hang after its program exits.
    code = main(sys.argv[1:])
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
