#!/usr/bin/env python3
"""Writes the emulated input devices of the live tests from devices.ini.

For each section NAME of devices.ini it writes, beside this script:
  NAME.umockdev  the sysfs and udev description (umockdev-run -d)
  NAME.ioctl     the answers to libevdev's ioctls (umockdev-run -i NODE=NAME.ioctl)
  NAME.desc      the evemu description that `evemu-describe NODE` prints under umockdev

Usage: python3 make-fixtures.py [--check] [--verify]
  --check   write nothing; exit 1 if a committed file differs from what would be written.
  --verify  also run `evemu-describe NODE` under umockdev-run for each device (the real libevdev
            reading the emulated ioctls) and compare what it prints with NAME.desc; exit 1 if not
            the same. Needs umockdev and evemu-tools.

Standard library only. See README.md for the ioctl rules these files follow.
"""

import configparser
import os
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# The codes of linux/input-event-codes.h that the descriptions may name.
EV = {"EV_SYN": 0x00, "EV_KEY": 0x01, "EV_REL": 0x02, "EV_ABS": 0x03, "EV_MSC": 0x04, "EV_SW": 0x05,
      "EV_LED": 0x11, "EV_SND": 0x12, "EV_REP": 0x14, "EV_FF": 0x15}
PROPS = {"INPUT_PROP_POINTER": 0, "INPUT_PROP_DIRECT": 1, "INPUT_PROP_BUTTONPAD": 2,
         "INPUT_PROP_SEMI_MT": 3, "INPUT_PROP_TOPBUTTONPAD": 4, "INPUT_PROP_POINTING_STICK": 5,
         "INPUT_PROP_ACCELEROMETER": 6}
KEYS = {"KEY_ESC": 1, "KEY_1": 2, "KEY_A": 30, "KEY_SPACE": 57, "KEY_KPDOT": 83, "KEY_ENTER": 28,
        "BTN_LEFT": 0x110, "BTN_RIGHT": 0x111, "BTN_MIDDLE": 0x112,
        "BTN_TOOL_PEN": 0x140, "BTN_TOOL_FINGER": 0x145, "BTN_TOOL_QUINTTAP": 0x148,
        "BTN_TOUCH": 0x14a, "BTN_STYLUS": 0x14b, "BTN_TOOL_DOUBLETAP": 0x14d,
        "BTN_TOOL_TRIPLETAP": 0x14e, "BTN_TOOL_QUADTAP": 0x14f}
ABS = {"ABS_X": 0x00, "ABS_Y": 0x01, "ABS_PRESSURE": 0x18, "ABS_MT_SLOT": 0x2f,
       "ABS_MT_TOUCH_MAJOR": 0x30, "ABS_MT_TOUCH_MINOR": 0x31, "ABS_MT_ORIENTATION": 0x34,
       "ABS_MT_POSITION_X": 0x35, "ABS_MT_POSITION_Y": 0x36, "ABS_MT_TOOL_TYPE": 0x37,
       "ABS_MT_TRACKING_ID": 0x39, "ABS_MT_PRESSURE": 0x3a}
ABS_MT_FIRST, ABS_MT_LAST = 0x2f, 0x3c     # ABS_MT_SLOT .. ABS_MT_TOOL_Y

# Byte sizes of libevdev 1.13's buffers: the ioctl file's hex length sets the request size, and
# umockdev matches the whole request number, size included.
NAME_SIZE = 255                  # EVIOCGNAME / EVIOCGPHYS: char buf[256], asked with sizeof - 1
BIT_SIZE = {0x01: 96, 0x15: 16}  # EVIOCGBIT(EV_KEY) 96, EVIOCGBIT(EV_FF) 16, every other mask 8
MASK_SIZE = 8
MTSLOTS_LIBEVDEV = 256           # libevdev asks EVIOCGMTSLOTS for 256 slots: 4 + 256 * 4 = 1028 bytes
# The order in which libevdev_set_fd asks for the type masks (after EVIOCGPROP).
BIT_ORDER = [0x02, 0x03, 0x11, 0x01, 0x05, 0x04, 0x15, 0x12]


def code(table, word):
    """A code by name or number (decimal or 0x hex)."""
    if word in table:
        return table[word]
    try:
        return int(word, 0)
    except ValueError:
        sys.exit(f"make-fixtures: unknown code {word!r}")


def codes(table, text):
    """Codes from a list of names, numbers and FIRST..LAST ranges."""
    result = []
    for word in text.split():
        if ".." in word:
            first, last = word.split("..", 1)
            result.extend(range(code(table, first), code(table, last) + 1))
        else:
            result.append(code(table, word))
    return sorted(set(result))


class Device:
    def __init__(self, key, section):
        self.key = key
        self.node = section["node"]
        if not self.node.startswith("/dev/input/event"):
            sys.exit(f"make-fixtures: [{key}] node must be /dev/input/eventN")
        self.number = int(self.node[len("/dev/input/event"):])
        # The name as the device reports it (EVIOCGNAME): `\x1b`, `\r` and `\n` in devices.ini stand for control
        # characters. In the line-based files (sysfs, the description) they are written as spaces.
        self.name = section["name"].encode().decode("unicode_escape") if "\\" in section["name"] else section["name"]
        self.line_name = "".join(" " if ord(c) < 0x20 or ord(c) == 0x7F else c for c in self.name)
        if len(self.name.encode()) >= NAME_SIZE:
            sys.exit(f"make-fixtures: [{key}] name too long")
        self.bus, self.vendor, self.product, self.version = (int(w, 16) for w in section["id"].split())
        self.phys = section.get("phys", "")
        self.props = codes(PROPS, section.get("properties", ""))
        self.keys = codes(KEYS, section.get("keys", ""))
        self.abs = {}
        for line in section.get("abs", "").strip().splitlines():
            words = line.split()
            if len(words) != 6:
                sys.exit(f"make-fixtures: [{key}] abs line needs CODE min max fuzz flat res: {line!r}")
            self.abs[code(ABS, words[0])] = tuple(int(w) for w in words[1:])
        self.abs = dict(sorted(self.abs.items()))
        self.udev = []
        for word in section.get("udev", "").split():
            self.udev.append(word if "=" in word else word + "=1")
        self.types = [0x00] + ([0x01] if self.keys else []) + ([0x03] if self.abs else [])
        self.slots = self.abs[0x2f][1] - self.abs[0x2f][0] + 1 if 0x2f in self.abs else 0

    # Bit masks, as bytes of `size`, least significant byte first (the kernel's unsigned longs).
    @staticmethod
    def mask(bits, size):
        data = bytearray(size)
        for bit in bits:
            data[bit // 8] |= 1 << (bit % 8)
        return bytes(data)

    def type_bits(self, ev_type):
        return {0x00: self.types, 0x01: self.keys, 0x03: list(self.abs)}.get(ev_type, [])

    # ---- sysfs: the kernel's own spellings ---------------------------------------------------------
    @staticmethod
    def sysfs_bitmap(bits):
        """input_print_bitmap: 64-bit words in hex, most significant first, leading zero words dropped."""
        if not bits:
            return "0"
        words = [0] * (max(bits) // 64 + 1)
        for bit in bits:
            words[bit // 64] |= 1 << (bit % 64)
        return " ".join("%x" % w for w in reversed(words))

    def modalias(self):
        def part(letter, bits):
            return letter + "".join("%X," % b for b in bits)
        return ("input:b%04Xv%04Xp%04Xe%04X-" % (self.bus, self.vendor, self.product, self.version)
                + part("e", self.types) + part("k", self.keys) + part("r", []) + part("a", list(self.abs))
                + part("m", []) + part("l", []) + part("s", []) + part("f", []) + part("w", []))

    def size_mm(self):
        """udev's ID_INPUT_WIDTH_MM / ID_INPUT_HEIGHT_MM: (max - min) / resolution, truncated."""
        x, y = self.abs.get(0x00), self.abs.get(0x01)
        if x and y and x[4] and y[4]:
            return (x[1] - x[0]) // x[4], (y[1] - y[0]) // y[4]
        return None

    def umockdev(self):
        n = self.number
        parent = "/devices/virtual/gestures-test/%s" % self.key   # record paths leave out /sys
        input_path = "%s/input/input%d" % (parent, n)
        event_path = "%s/event%d" % (input_path, n)
        udev = ["ID_INPUT=1"] + self.udev
        size = self.size_mm()
        if size:
            udev += ["ID_INPUT_WIDTH_MM=%d" % size[0], "ID_INPUT_HEIGHT_MM=%d" % size[1]]
        udev += ["ID_PATH=gestures-test-%s" % self.key, "ID_PATH_TAG=gestures-test-%s" % self.key]
        minor = 64 + n
        lines = [
            "P: %s" % event_path,
            "N: input/event%d" % n,
            "S: input/by-path/gestures-test-%s-event" % self.key,
            "E: DEVLINKS=/dev/input/by-path/gestures-test-%s-event" % self.key,
            "E: DEVNAME=/dev/input/event%d" % n,
        ] + ["E: " + p for p in udev] + [
            "E: MAJOR=13",
            "E: MINOR=%d" % minor,
            "E: SUBSYSTEM=input",
            "E: TAGS=:seat:uaccess:",
            "E: CURRENT_TAGS=:seat:uaccess:",
            "A: dev=13:%d" % minor,
            "L: device=../../input%d" % n,
            "",
            "P: %s" % input_path,
            "E: PRODUCT=%x/%x/%x/%x" % (self.bus, self.vendor, self.product, self.version),
            'E: NAME="%s"' % self.line_name,
            'E: PHYS="%s"' % self.phys,
            "E: PROP=%s" % self.sysfs_bitmap(self.props),
            "E: EV=%s" % self.sysfs_bitmap(self.types),
        ] + (["E: KEY=%s" % self.sysfs_bitmap(self.keys)] if self.keys else []) + (
            ["E: ABS=%s" % self.sysfs_bitmap(list(self.abs))] if self.abs else []) + [
            "E: MODALIAS=%s" % self.modalias(),
        ] + ["E: " + p for p in udev] + [
            "E: SUBSYSTEM=input",
            "E: TAGS=:seat:",
            "E: CURRENT_TAGS=:seat:",
            "A: capabilities/ev=%s" % self.sysfs_bitmap(self.types),
            "A: capabilities/key=%s" % self.sysfs_bitmap(self.keys),
            "A: capabilities/abs=%s" % self.sysfs_bitmap(list(self.abs)),
            "A: capabilities/rel=0",
            "A: capabilities/msc=0",
            "A: capabilities/sw=0",
            "A: capabilities/led=0",
            "A: capabilities/snd=0",
            "A: capabilities/ff=0",
            "A: id/bustype=%04x" % self.bus,
            "A: id/vendor=%04x" % self.vendor,
            "A: id/product=%04x" % self.product,
            "A: id/version=%04x" % self.version,
            "A: modalias=%s" % self.modalias(),
            "A: name=%s" % self.line_name,
            "A: phys=%s" % self.phys,
            "A: properties=%s" % self.sysfs_bitmap(self.props),
            "A: uniq=",
            "",
            "P: %s" % parent,
            "E: SUBSYSTEM=gestures-test",
            "",
        ]
        # sysfs attributes end with a newline, as the kernel writes them (umockdev decodes "\\n");
        # `dev` stays bare: umockdev makes the node's major:minor link from it.
        lines = [l + "\\n" if l.startswith("A: ") and not l.startswith("A: dev=") else l for l in lines]
        return "\n".join(lines)

    # ---- ioctls --------------------------------------------------------------------------------------
    def ioctl(self):
        def hexstr(data):
            return data.hex().upper()

        def string_answer(text):
            raw = text.encode()
            return "%d %s" % (len(raw) + 1, hexstr(raw + bytes(NAME_SIZE - len(raw))))

        lines = ["@DEV %s" % self.node,
                 "EVIOCGBIT(0) %d %s" % (MASK_SIZE, hexstr(self.mask(self.types, MASK_SIZE))),
                 "EVIOCGNAME(0) " + string_answer(self.name)]
        if self.phys:
            lines.append("EVIOCGPHYS(0) " + string_answer(self.phys))
        lines += ["EVIOCGID 0 " + hexstr(struct.pack("<4H", self.bus, self.vendor, self.product, self.version)),
                  "EVIOCGVERSION 0 " + hexstr(struct.pack("<i", 0x010001)),
                  "EVIOCGPROP(0) %d %s" % (MASK_SIZE, hexstr(self.mask(self.props, MASK_SIZE)))]
        for ev_type in BIT_ORDER:
            size = BIT_SIZE.get(ev_type, MASK_SIZE)
            lines.append("EVIOCGBIT(%d) %d %s" % (ev_type, size, hexstr(self.mask(self.type_bits(ev_type), size))))
        lines += ["EVIOCGKEY(0) 96 " + hexstr(bytes(96)),     # no key down
                  "EVIOCGLED(0) 8 " + hexstr(bytes(8)),
                  "EVIOCGSW(0) 8 " + hexstr(bytes(8))]
        for abs_code, (lo, hi, fuzz, flat, res) in self.abs.items():
            # The current value is the minimum (no contact yet); umockdev names code 0 without "(0)".
            name = "EVIOCGABS" if abs_code == 0 else "EVIOCGABS(%d)" % abs_code
            lines.append("%s 0 %s" % (name, hexstr(struct.pack("<6i", lo, lo, hi, fuzz, flat, res))))
        if self.slots:
            # EVIOCGMTSLOTS: identical requests, answered in file order, so last and sorted by code,
            # first for the device's own slot count (44 bytes for 10 slots), then for libevdev's 256.
            mt_codes = [c for c in self.abs if ABS_MT_FIRST < c <= ABS_MT_LAST]
            for count in (self.slots, MTSLOTS_LIBEVDEV):
                for abs_code in mt_codes:
                    value = -1 if abs_code == 0x39 else self.abs[abs_code][0]
                    values = [value] * self.slots + [0] * (count - self.slots)
                    lines.append("EVIOCGMTSLOTS(0) 0 " + hexstr(struct.pack("<I%di" % count, abs_code, *values)))
        return "\n".join(lines) + "\n"

    # ---- evemu description ---------------------------------------------------------------------------
    def desc(self):
        size = self.size_mm()
        lines = ["# EVEMU 1.3",
                 "# Written by Tests/Fixtures/umockdev/make-fixtures.py from devices.ini [%s];" % self.key,
                 "# `evemu-describe %s` under umockdev prints these N/I/P/B/A lines." % self.node,
                 "# Input device name: \"%s\"" % self.line_name]
        if size:
            lines.append("# Size in mm: %dx%d" % size)
        if self.slots:
            lines.append("# Multitouch protocol B, %d slots" % self.slots)
        lines += ["N: %s" % self.line_name,
                  "I: %04x %04x %04x %04x" % (self.bus, self.vendor, self.product, self.version)]

        def hexline(data):
            return " ".join("%02x" % b for b in data)

        lines.append("P: " + hexline(self.mask(self.props, 8)))
        # The EV_SYN line lists codes, not types: libevdev always has SYN_REPORT, SYN_CONFIG, SYN_DROPPED.
        lines.append("B: 00 " + hexline(self.mask([0, 1, 3], 8)))
        for ev_type in (0x01, 0x02, 0x03, 0x04, 0x05, 0x11, 0x12, 0x14, 0x15):
            size = BIT_SIZE.get(ev_type, MASK_SIZE)
            data = self.mask(self.type_bits(ev_type), size)
            for offset in range(0, size, 8):
                lines.append("B: %02x %s" % (ev_type, hexline(data[offset:offset + 8])))
        for abs_code, (lo, hi, fuzz, flat, res) in self.abs.items():
            lines.append("A: %02x %d %d %d %d %d" % (abs_code, lo, hi, fuzz, flat, res))
        return "\n".join(lines) + "\n"


def main(argv):
    check = "--check" in argv
    config = configparser.ConfigParser(interpolation=None, comment_prefixes=("#",), inline_comment_prefixes=None)
    config.optionxform = str
    config.read(os.path.join(HERE, "devices.ini"))
    nodes = {}
    stale = []
    for key in config.sections():
        device = Device(key, config[key])
        if device.node in nodes:
            sys.exit("make-fixtures: [%s] and [%s] share %s" % (nodes[device.node], key, device.node))
        nodes[device.node] = key
        for ext, text in (("umockdev", device.umockdev()), ("ioctl", device.ioctl()), ("desc", device.desc())):
            path = os.path.join(HERE, "%s.%s" % (key, ext))
            if check:
                try:
                    with open(path) as f:
                        if f.read() != text:
                            stale.append(path)
                except FileNotFoundError:
                    stale.append(path)
            else:
                with open(path, "w") as f:
                    f.write(text)
                print("wrote %s" % os.path.relpath(path))
    if stale:
        print("out of date (run python3 make-fixtures.py): " + " ".join(map(os.path.relpath, stale)))
        return 1
    if "--verify" in argv:
        return verify(config)
    return 0


def verify(config):
    """evemu-describe under umockdev-run must print each NAME.desc's N/I/P/B/A lines."""
    failed = 0
    for key in config.sections():
        node = config[key]["node"]
        base = os.path.join(HERE, key)
        run = subprocess.run(["umockdev-run", "-d", base + ".umockdev", "-i", "%s=%s.ioctl" % (node, base),
                              "--", "evemu-describe", node], capture_output=True, text=True, timeout=30)
        with open(base + ".desc") as f:
            expected = [line for line in f.read().splitlines() if not line.startswith("#")]
        described = [line for line in run.stdout.splitlines() if not line.startswith("#")]
        if run.returncode != 0 or described != expected:
            failed += 1
            print("%s: evemu-describe %s under umockdev differs from %s.desc (status %d)\n%s%s"
                  % (key, node, key, run.returncode, run.stdout, run.stderr))
        else:
            print("%s: evemu-describe %s matches %s.desc" % (key, node, key))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
