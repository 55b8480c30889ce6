#!/usr/bin/env python3
"""Decodes PNG screenshots (8-bit RGB or RGBA, not interlaced: what Chromium writes) with the standard
library alone, and prints what the browser test checks, as JSON:

    png-stats.py A.png [B.png]

width, height; content (the bounding box of the pixels that are not pure white, the browser's page: left,
top, right, bottom, exclusive ends; null when all are white); colours (how many distinct colours); and
with B, differing (how many pixels differ between A and B, which must have the same size).
"""
import json
import struct
import sys
import zlib


def decode(path):
    with open(path, "rb") as file:
        data = file.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: not a PNG file")
    offset, idat, header = 8, b"", None
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        offset += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace != 0:
        sys.exit(f"{path}: expected 8-bit RGB or RGBA without interlacing, found depth {depth}, colour type {colour}")
    channels = 3 if colour == 2 else 4
    stride = width * channels
    raw = zlib.decompress(idat)
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up = previous[x]
            corner = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + left) & 0xFF
            elif kind == 2:
                line[x] = (line[x] + up) & 0xFF
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else corner)
                line[x] = (line[x] + predictor) & 0xFF
        rows.append(bytes(line))
        previous = line
    pixels = [[row[x * channels:x * channels + 3] for x in range(width)] for row in rows]
    return width, height, pixels


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    width, height, pixels = decode(sys.argv[1])
    white = b"\xff\xff\xff"
    left, top, right, bottom = width, height, 0, 0
    colours = set()
    for y, row in enumerate(pixels):
        for x, pixel in enumerate(row):
            colours.add(pixel)
            if pixel != white:
                left, top = min(left, x), min(top, y)
                right, bottom = max(right, x + 1), max(bottom, y + 1)
    result = {"width": width, "height": height, "content": [left, top, right, bottom] if right else None, "colours": len(colours)}
    if len(sys.argv) == 3:
        other_width, other_height, other = decode(sys.argv[2])
        if (other_width, other_height) != (width, height):
            sys.exit(f"{sys.argv[2]}: {other_width}×{other_height}, expected the size of {sys.argv[1]}, {width}×{height}")
        result["differing"] = sum(1 for a, b in zip(pixels, other) for p, q in zip(a, b) if p != q)
    print(json.dumps(result))


main()
