#!/usr/bin/python3
"""A force-feedback device for `gestures live --haptics`, emulated through umockdev's ioctl handler.

  haptics.py --log FILE [--ff rumble|periodic|none] [--interrupt-after S]
             --device UMOCKDEV IOCTL NODE TRACE [--device ...] -- COMMAND...

Builds the testbed of faults.py (each --device a touchscreen replaying TRACE), adds vibrator.umockdev
(/dev/input/event30, "Gestures Test Vibrator"), and answers its calls itself (UMockdev.IoctlBase):

  EVIOCGBIT(0)      EV_SYN and EV_FF (--ff none: EV_SYN and EV_KEY, a device without force feedback)
  EVIOCGBIT(EV_FF)  FF_RUMBLE and FF_PERIODIC (--ff periodic: FF_PERIODIC alone)
  EVIOCSFF          the effect is read from the caller's memory, given the next id (0, 1, ...), written back
  EVIOCRMFF         the id is taken
  write()           each struct input_event is read (once `failing` is set, by serve-testbed.py's action
                    `vibrator-fails`, each is logged with "-> ENODEV" and the write fails so, as on a device unplugged)

Each call is a line in FILE, in the order they came, for the test to compare:

  EVIOCGBIT(0) -> EV_SYN EV_FF
  EVIOCGBIT(EV_FF) -> FF_RUMBLE FF_PERIODIC
  EVIOCSFF FF_RUMBLE length 15 strong 49151 weak 49151 -> id 0
  write EV_FF code 0 value 1
  EVIOCRMFF 0

--interrupt-after S: SIGINT to COMMAND after S seconds. The exit status is COMMAND's.
Needs the system python with python3-gi and gir1.2-umockdev-1.0, as faults.py.
"""

import errno
import os
import shutil
import signal
import struct
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import faults  # noqa: E402
from faults import GLib, UMockdev  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
NODE = "/dev/input/event30"
EV_SYN, EV_KEY, EV_FF = 0x00, 0x01, 0x15
FF_RUMBLE, FF_PERIODIC = 0x50, 0x51


def ioc(direction, nr, size):
    return (direction << 30) | (size << 16) | (ord("E") << 8) | nr


EVIOCSFF = ioc(1, 0x80, 48)
EVIOCRMFF = ioc(1, 0x81, 4)


def mask(bits, size):
    value = 0
    for bit in bits:
        value |= 1 << bit
    return value.to_bytes(size, "little")


class Vibrator:
    def __init__(self, testbed, ff, log):
        with open(os.path.join(HERE, "vibrator.umockdev")) as f:
            testbed.add_from_string(f.read())
        self.ff, self.log, self.next_id, self.failing = ff, log, 0, False
        self.handler = UMockdev.IoctlBase()
        self.handler.connect("handle-ioctl", self.on_ioctl)
        self.handler.connect("handle-write", self.on_write)
        testbed.attach_ioctl(NODE, self.handler)

    def say(self, line):
        self.log.write(line + "\n")
        self.log.flush()

    def on_ioctl(self, handler, client):
        req = client.get_request()
        arg = client.get_arg()
        size = (req >> 16) & 0x3FFF
        nr = req & 0xFF
        if (req >> 30) == 2 and (req >> 8) & 0xFF == ord("E") and 0x20 <= nr < 0x40:
            kind = nr - 0x20
            if kind == 0:
                bits = [EV_SYN, EV_KEY] if self.ff == "none" else [EV_SYN, EV_FF]
                names = ["EV_SYN", "EV_KEY"] if self.ff == "none" else ["EV_SYN", "EV_FF"]
                self.say("EVIOCGBIT(0) -> " + " ".join(names))
            elif kind == EV_FF:
                bits = {"rumble": [FF_RUMBLE, FF_PERIODIC], "periodic": [FF_PERIODIC], "none": []}[self.ff]
                self.say("EVIOCGBIT(EV_FF) -> " + " ".join({FF_RUMBLE: "FF_RUMBLE", FF_PERIODIC: "FF_PERIODIC"}[b] for b in bits))
            else:
                bits = []
                self.say("EVIOCGBIT(%d)" % kind)
            arg.resolve(0, size).update(0, mask(bits, size))
            client.complete(size, 0)
            return True
        if req == EVIOCSFF:
            data = arg.resolve(0, 48)
            effect = bytes(data.retrieve())
            kind, ident = struct.unpack_from("<Hh", effect, 0)
            length = struct.unpack_from("<H", effect, 10)[0]
            if kind == FF_RUMBLE:
                strong, weak = struct.unpack_from("<HH", effect, 16)
                what = "FF_RUMBLE length %d strong %d weak %d" % (length, strong, weak)
            else:
                waveform, period, magnitude = struct.unpack_from("<HHh", effect, 16)
                what = "FF_PERIODIC length %d waveform 0x%x period %d magnitude %d" % (length, waveform, period, magnitude)
            if ident != -1:
                what += " (id %d given)" % ident
            data.update(2, struct.pack("<h", self.next_id))
            self.say("EVIOCSFF %s -> id %d" % (what, self.next_id))
            self.next_id += 1
            client.complete(0, 0)
            return True
        if req == EVIOCRMFF:
            # The argument is the int itself, in the first bytes of the request's word.
            self.say("EVIOCRMFF %d" % struct.unpack("<i", bytes(arg.retrieve())[:4])[0])
            client.complete(0, 0)
            return True
        self.say("ioctl 0x%08x" % req)
        client.complete(-1, errno.ENOTTY)
        return True

    def on_write(self, handler, client):
        # The bytes written, read from the caller's memory.
        data = bytes(client.get_arg().retrieve())
        for offset in range(0, len(data) - len(data) % 24, 24):
            sec, usec, kind, code, value = struct.unpack_from("<qqHHi", data, offset)
            name = "EV_FF" if kind == EV_FF else "type %d" % kind
            self.say("write %s code %d value %d%s" % (name, code, value, " -> ENODEV" if self.failing else ""))
        if len(data) % 24:
            self.say("write of %d bytes, not whole events" % len(data))
        if self.failing:
            client.complete(-1, errno.ENODEV)
        else:
            client.complete(len(data), 0)
        return True


def main(argv):
    log_path, ff, interrupt, devices, command = None, "rumble", None, [], None
    i = 0
    while i < len(argv):
        if argv[i] == "--log":
            log_path = argv[i + 1]
            i += 2
        elif argv[i] == "--ff":
            ff = argv[i + 1]
            i += 2
        elif argv[i] == "--interrupt-after":
            interrupt = float(argv[i + 1])
            i += 2
        elif argv[i] == "--device":
            devices.append(argv[i + 1:i + 5])
            i += 5
        elif argv[i] == "--":
            command = argv[i + 1:]
            break
        else:
            faults.fail("unknown argument " + argv[i])
    if log_path is None or ff not in ("rumble", "periodic", "none") or not command:
        faults.fail("usage: haptics.py --log FILE [--ff rumble|periodic|none] [--interrupt-after S] "
                    "--device UMOCKDEV IOCTL NODE TRACE ... -- COMMAND")

    testbed = UMockdev.Testbed.new()
    root = testbed.get_root_dir()
    try:
        with open(log_path, "w") as log:
            built = [faults.Device(testbed, *d) for d in devices]  # noqa: F841 (their handlers must live)
            vibrator = Vibrator(testbed, ff, log)  # noqa: F841
            env = dict(os.environ)
            env["LD_PRELOAD"] = ":".join(p for p in (env.get("LD_PRELOAD"), "libumockdev-preload.so.0") if p)
            env["UMOCKDEV_DIR"] = root
            child = subprocess.Popen(command, env=env)
            loop = GLib.MainLoop()

            def forward(signum):
                try:
                    child.send_signal(signum)
                except ProcessLookupError:
                    pass
                return False

            def reap():
                if child.poll() is not None:
                    loop.quit()
                    return False
                return True

            if interrupt is not None:
                GLib.timeout_add(int(interrupt * 1000), forward, signal.SIGINT)
            GLib.timeout_add(10, reap)
            loop.run()
            status = child.wait()
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return 128 - status if status < 0 else status


if __name__ == "__main__":
    code = main(sys.argv[1:])
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
