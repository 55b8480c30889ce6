#!/usr/bin/env python3
"""Replays an evemu recording of a protocol-B touchscreen through libtouchgestures (ctypes) and prints the gestures
as JSON Lines: the lines `gestures replay --layout LAYOUT RECORDING` prints.

    python3 replay.py [--library PATH] LAYOUT RECORDING

The library is PATH, else the one pkg-config's touchgestures.pc names (its libdir). The recording's frames are made
here as the command line makes them from evdev events (docs/SPEC.md "Input"): each slot's contact from its tracking
id, positions in mm as (value - minimum) / resolution with the value clamped to the axis, a frame at each
SYN_REPORT, the end of input at the last frame's time. Protocol B with resolutions only (no SYN_DROPPED, no protocol
A, no single-touch device): this is an example of the interface, not a second trace reader.
"""
import ctypes
import subprocess
import sys

# ---- The interface (include/touchgestures.h) ----

class Contact(ctypes.Structure):
    _fields_ = [("id", ctypes.c_int64), ("x", ctypes.c_double), ("y", ctypes.c_double),
                ("phase", ctypes.c_int32), ("reserved", ctypes.c_int32)]

BEGAN, MOVED, STATIONARY, ENDED, CANCELLED = range(5)
TG_OK = 0


def load_library(path):
    if path is None:
        libdir = subprocess.run(["pkg-config", "--variable=libdir", "touchgestures"], check=True,
                                capture_output=True, text=True).stdout.strip()
        path = libdir + "/libtouchgestures.so.0"
    lib = ctypes.CDLL(path)
    engine_p = ctypes.c_void_p
    lib.tg_version.restype = ctypes.c_int
    lib.tg_engine_new_from_file.argtypes = [ctypes.c_char_p, ctypes.POINTER(engine_p), ctypes.c_char_p, ctypes.c_size_t]
    lib.tg_engine_free.argtypes = [engine_p]
    lib.tg_engine_last_error.argtypes = [engine_p]
    lib.tg_engine_last_error.restype = ctypes.c_char_p
    lib.tg_engine_frame.argtypes = [engine_p, ctypes.c_int64, ctypes.POINTER(Contact), ctypes.c_size_t]
    lib.tg_engine_finish.argtypes = [engine_p, ctypes.c_int64]
    lib.tg_engine_events_jsonl.argtypes = [engine_p, ctypes.POINTER(ctypes.c_size_t)]
    lib.tg_engine_events_jsonl.restype = ctypes.POINTER(ctypes.c_char)
    return lib


class Engine:
    def __init__(self, lib, layout):
        self.lib = lib
        self.handle = ctypes.c_void_p()
        message = ctypes.create_string_buffer(1024)
        status = lib.tg_engine_new_from_file(layout.encode(), ctypes.byref(self.handle), message, len(message))
        if status != TG_OK:
            raise RuntimeError(message.value.decode())

    def check(self, status):
        if status != TG_OK:
            raise RuntimeError(self.lib.tg_engine_last_error(self.handle).decode())

    def lines(self):
        length = ctypes.c_size_t()
        text = self.lib.tg_engine_events_jsonl(self.handle, ctypes.byref(length))
        return ctypes.string_at(text, length.value).decode()

    def frame(self, time_us, contacts):
        array = (Contact * len(contacts))(*contacts)
        self.check(self.lib.tg_engine_frame(self.handle, time_us, array, len(contacts)))
        return self.lines()

    def finish(self, time_us):
        self.check(self.lib.tg_engine_finish(self.handle, time_us))
        return self.lines()

    def close(self):
        self.lib.tg_engine_free(self.handle)

# ---- The recording ----

EV_SYN, EV_ABS = 0, 3
SYN_REPORT = 0
ABS_MT_SLOT, ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_TRACKING_ID = 0x2F, 0x35, 0x36, 0x39


def read_recording(path):
    """The axes (code: (minimum, maximum, resolution)) and the events (time in µs, type, code, value)."""
    axes, events = {}, []
    with open(path) as file:
        for line in file:
            fields = line.split("#")[0].split()
            if not fields:
                continue
            if fields[0] == "A:":
                code, minimum, maximum, _fuzz, _flat, resolution = (int(fields[1], 16), *map(int, fields[2:7]))
                axes[code] = (minimum, maximum, resolution)
            elif fields[0] == "E:":
                seconds, microseconds = fields[1].split(".")  # two integers: "1.10000" is 1 s + 10,000 µs
                events.append((int(seconds) * 1_000_000 + int(microseconds), int(fields[2], 16), int(fields[3], 16),
                               int(fields[4])))
    for code in (ABS_MT_SLOT, ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_TRACKING_ID):
        if code not in axes:
            sys.exit(f"replay.py: {path}: not a protocol-B touchscreen (no axis {code:#x})")
    return axes, events


def millimetres(axis, value):
    minimum, maximum, resolution = axis
    if resolution <= 0:
        sys.exit("replay.py: an axis without resolution")
    return (min(max(value, minimum), maximum) - minimum) / resolution


def frames(axes, events):
    """(time, contacts) at each SYN_REPORT: the contacts that landed, moved or lifted since the last one."""
    slot = 0
    slots = {}        # slot: {"tracking": id or -1, "x": raw, "y": raw}
    changed = {}      # slot: phase, since the last frame
    ids = {}          # slot: the contact's id (a number of our own a landing)
    next_id = 0
    lifted = []       # contacts that lifted since the last frame
    for time, type_, code, value in events:
        if type_ == EV_ABS:
            if code == ABS_MT_SLOT:
                slot = value
                continue
            state = slots.setdefault(slot, {"tracking": -1, "x": 0, "y": 0})
            if code == ABS_MT_TRACKING_ID:
                if value < 0 and state["tracking"] >= 0:
                    if changed.get(slot) == BEGAN:
                        del changed[slot]  # (never seen by the engine: nothing to lift)
                    else:
                        lifted.append(Contact(ids[slot], millimetres(axes[ABS_MT_POSITION_X], state["x"]),
                                              millimetres(axes[ABS_MT_POSITION_Y], state["y"]), ENDED))
                        changed.pop(slot, None)
                elif value >= 0 and state["tracking"] < 0:
                    ids[slot] = next_id
                    next_id += 1
                    changed[slot] = BEGAN
                state["tracking"] = value
            elif code in (ABS_MT_POSITION_X, ABS_MT_POSITION_Y):
                state["x" if code == ABS_MT_POSITION_X else "y"] = value
                if state["tracking"] >= 0 and slot not in changed:
                    changed[slot] = MOVED
        elif type_ == EV_SYN and code == SYN_REPORT:
            contacts = list(lifted)
            for index, phase in sorted(changed.items()):
                state = slots[index]
                contacts.append(Contact(ids[index], millimetres(axes[ABS_MT_POSITION_X], state["x"]),
                                        millimetres(axes[ABS_MT_POSITION_Y], state["y"]), phase))
            yield time, contacts
            changed, lifted = {}, []


def main(arguments):
    library = None
    if arguments[:1] == ["--library"]:
        library, arguments = arguments[1], arguments[2:]
    if len(arguments) != 2:
        sys.exit("usage: replay.py [--library PATH] LAYOUT RECORDING")
    layout, recording = arguments
    engine = Engine(load_library(library), layout)
    axes, events = read_recording(recording)
    last = None
    for time, contacts in frames(axes, events):
        sys.stdout.write(engine.frame(time, contacts))
        last = time
    if last is not None:
        sys.stdout.write(engine.finish(last))
    engine.close()


if __name__ == "__main__":
    main(sys.argv[1:])
