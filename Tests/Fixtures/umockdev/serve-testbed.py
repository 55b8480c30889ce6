#!/usr/bin/python3
"""A umockdev testbed whose devices come and go while a command runs: the tests of `gestures serve` use this.

  serve-testbed.py [--device FIXTURE [TRACE]]... [--fed-device FIXTURE TRACE]... [--vibrator LOG]
                   [--at SECONDS ACTION [ARGS]]... [--timeout S] -- COMMAND...

--device FIXTURE [TRACE]  a device present before COMMAND starts (FIXTURE: a name of devices.ini, such as
                          touchscreen-mt), with TRACE (an evemu file) replayed on its node, or none
--fed-device FIXTURE TRACE  a device present before COMMAND starts whose TRACE this script writes on its node itself,
                          from COMMAND's start, a frame (the events of one time) at a time at the trace's times, and
                          whose reads take whole events only (faults.py's read_whole_events): a reader that falls
                          behind by more than the node's 4095 bytes gets the frames late, with their own times, and
                          loses none. (Through umockdev's players, its read of a full node ends in a cut event, and
                          libevdev drops what it read.) For storms.
--vibrator LOG            haptics.py's emulated force-feedback device too (/dev/input/event30, FF_RUMBLE and
                          FF_PERIODIC), its calls written to LOG
--at SECONDS ACTION       at SECONDS after COMMAND started:
    add FIXTURE [TRACE]   the device appears: its sysfs entries and node, then udev's "add" uevent, which libudev's
                          monitor in COMMAND receives (umockdev emulates the netlink socket)
    play FIXTURE TRACE    TRACE is replayed on the device's node from then on
    remove FIXTURE        the device disappears as an unplugged one does (reads fail with ENODEV, its node hangs up:
                          faults.py's vanish), after udev's "remove" uevent. (It cannot be added again: umockdev 0.17
                          keeps its node's descriptor, and aborts when the node is made anew.)
    signal NAME           the signal NAME (INT, TERM, HUP) to COMMAND
    copy FROM TO          the file FROM copied over TO (a configuration changed before a SIGHUP)
    uevent FIXTURE ACTION udev's uevent ACTION ("remove", "add") for the device, which stays as it is: a device that
                          udev sees go and come back at the same node (a suspend and resume)
    vibrator-fails        every write to the vibrator fails with ENODEV from then on (its ioctls go on working)
--timeout S               SIGTERM to COMMAND after S seconds (default 30), then SIGKILL 5 s later: exit 124

The ioctls of each device are answered from its .ioctl file (faults.py's Device). The exit status is COMMAND's
(128+N when signal N ended it). Needs the system python with python3-gi and gir1.2-umockdev-1.0.

The script runs itself with umockdev's preload library (as umockdev-wrapper does): umockdev's uevents are sent through
libudev, which must see the testbed's /sys, as the command's does.
"""

import importlib.util
import os
import signal
import subprocess
import sys
import threading
import time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)

import faults  # noqa: E402
import haptics  # noqa: E402
from faults import GLib, UMockdev  # noqa: E402


def fixture(name):
    record = os.path.join(here, name + ".umockdev")
    ioctl = os.path.join(here, name + ".ioctl")
    if not os.path.exists(record) or not os.path.exists(ioctl):
        faults.fail("no fixture " + name)
    node = None
    with open(ioctl) as f:
        for line in f:
            if line.startswith("@DEV "):
                node = line.split()[1]
                break
    return record, ioctl, node


def majmin(name):
    """The device's major:minor: its record's `A: dev=` line."""
    with open(fixture(name)[0]) as f:
        for line in f:
            if line.startswith("A: dev="):
                return line[len("A: dev="):].strip()
    return None


def rewritten(trace, root):
    """The trace as umockdev reads it: unpadded microseconds (umockdev 0.17 reads zero-padded ones as octal), the
    header lines as comments (as run-emulated.sh does)."""
    import re
    with open(trace) as f:
        text = f.read()
    text = re.sub(r"^(E:[ \t]+[0-9]+)\.0+([0-9])", r"\1.\2", text, flags=re.M)
    text = re.sub(r"^([NIPBALS]:)", r"# \1", text, flags=re.M)
    copy = os.path.join(root, "trace-%d.events" % abs(hash((trace, len(text)))))
    with open(copy, "w") as f:
        f.write(text)
    return copy


def frames(trace):
    """(microseconds, bytes of its events) for each frame of the trace: trace-script.py's blocks."""
    spec = importlib.util.spec_from_file_location("trace_script", os.path.join(here, "trace-script.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    with open(trace, encoding="utf-8", errors="replace") as f:
        return list(module.blocks(line.rstrip("\n") for line in f))


def feed(master, blocks, start):
    """Writes `blocks` on the pseudo-terminal `master` at their times from `start`, each whole (a full terminal: later)."""
    first = blocks[0][0] if blocks else 0
    for when, data in blocks:
        delay = start + (when - first) / 1e6 - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        while data:
            try:
                data = data[os.write(master, data):]
            except BlockingIOError:
                time.sleep(0.0002)


def main(argv):
    present, fed, timeline, command, timeout, vibrator_log = [], [], [], None, 30.0, None
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--device":
            name = argv[i + 1]
            trace = argv[i + 2] if i + 2 < len(argv) and not argv[i + 2].startswith("--") else None
            present.append((name, trace))
            i += 3 if trace else 2
        elif arg == "--at":
            when, action = float(argv[i + 1]), argv[i + 2]
            count = {"add": None, "play": 2, "remove": 1, "signal": 1, "copy": 2, "uevent": 2, "vibrator-fails": 0}.get(action, -1)
            if count == -1:
                faults.fail("unknown action " + action)
            if count is None:
                count = 2 if i + 4 < len(argv) and not argv[i + 4].startswith("--") else 1
            timeline.append((when, action, argv[i + 3:i + 3 + count]))
            i += 3 + count
        elif arg == "--fed-device":
            fed.append((argv[i + 1], argv[i + 2]))
            i += 3
        elif arg == "--vibrator":
            vibrator_log = argv[i + 1]
            i += 2
        elif arg == "--timeout":
            timeout = float(argv[i + 1])
            i += 2
        elif arg == "--":
            command = argv[i + 1:]
            break
        else:
            faults.fail("unknown argument " + arg)
    if not command:
        faults.fail("missing -- COMMAND")

    testbed = UMockdev.Testbed.new()
    root = testbed.get_root_dir()
    devices = {}
    vibrator = None

    def add(name, trace):
        record, ioctl, node = fixture(name)
        devices[name] = faults.Device(testbed, record, ioctl, node, rewritten(trace, root) if trace else "-")
        return devices[name]

    try:
        for name, trace in present:
            add(name, trace)
        feeds = [(add(name, None), frames(trace)) for name, trace in fed]
        for device, _ in feeds:
            device.read_whole_events()
        # No collection pauses while the storm plays: this process answers the command's reads of its devices.
        import gc
        gc.freeze()
        gc.disable()
        if vibrator_log is not None:
            vibrator = haptics.Vibrator(testbed, "rumble", open(vibrator_log, "w"))
        env = dict(os.environ)
        env["UMOCKDEV_DIR"] = root
        child = subprocess.Popen(command, env=env)
        start = time.monotonic()
        for device, blocks in feeds:
            threading.Thread(target=feed, args=(testbed.get_dev_fd(device.node), blocks, start), daemon=True).start()
        loop = GLib.MainLoop()
        timed_out = []
        forward = faults.forward_signals(child)

        def act(action, args):
            if action == "add":
                device = add(args[0], args[1] if len(args) > 1 else None)
                for path in reversed(device.syspaths):   # the input device, then its event node
                    testbed.uevent(path, "add")
            elif action == "play":
                device = devices[args[0]]
                testbed.load_evemu_events(device.node, rewritten(args[1], root))
            elif action == "remove":
                device = devices[args[0]]
                for path in device.syspaths:   # the event node, then its input device
                    testbed.uevent(path, "remove")
                device.vanish()
                # umockdev 0.17 keeps the link from the node's pseudo-terminal to its major:minor (dev/.ptymap): the
                # next device whose pseudo-terminal gets that name could not be made. It goes with the device.
                ptymap = os.path.join(root, "dev", ".ptymap")
                for name in os.listdir(ptymap) if os.path.isdir(ptymap) else []:
                    if os.readlink(os.path.join(ptymap, name)) == majmin(args[0]):
                        os.unlink(os.path.join(ptymap, name))
            elif action == "signal":
                forward(getattr(signal, "SIG" + args[0]))
            elif action == "uevent":
                device = devices[args[0]]
                for path in (device.syspaths if args[1] == "remove" else reversed(device.syspaths)):
                    testbed.uevent(path, args[1])
            elif action == "vibrator-fails":
                vibrator.failing = True
            elif action == "copy":
                import shutil
                shutil.copyfile(args[0], args[1])
            return False

        for when, action, args in timeline:
            GLib.timeout_add(int(when * 1000), act, action, args)

        def expire():
            timed_out.append(True)
            forward(signal.SIGTERM)
            GLib.timeout_add(5000, lambda: forward(signal.SIGKILL) and False)
            return False

        GLib.timeout_add(int(timeout * 1000), expire)

        def reap():
            if child.poll() is not None:
                loop.quit()
                return False
            return True

        GLib.timeout_add(10, reap)
        loop.run()
        status = child.wait()
    finally:
        import shutil
        shutil.rmtree(root, ignore_errors=True)
    if timed_out:
        return 124
    return 128 - status if status < 0 else status


if __name__ == "__main__":
    if "libumockdev-preload" not in os.environ.get("LD_PRELOAD", ""):
        env = dict(os.environ)
        env["LD_PRELOAD"] = ":".join(p for p in (env.get("LD_PRELOAD"), "libumockdev-preload.so.0") if p)
        os.execve(sys.executable, [sys.executable] + sys.argv, env)
    code = main(sys.argv[1:])
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
