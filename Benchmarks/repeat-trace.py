#!/usr/bin/env python3
"""Writes an evemu trace that is SOURCE repeated COPIES times, each copy's times shifted past the previous
copy's end by a second: a long trace for the benchmarks (check-corpus.sh, explain-cost.sh).

    Benchmarks/repeat-trace.py SOURCE DEST COPIES
"""
import sys

source, dest, copies = sys.argv[1], sys.argv[2], int(sys.argv[3])
lines = open(source).read().splitlines()
header = [line for line in lines if not line.startswith('E:')]
events = [line.split(None, 2) for line in lines if line.startswith('E:')]


def micros(stamp):
    seconds, fraction = stamp.split('.')
    return int(seconds) * 1_000_000 + int(fraction.ljust(6, '0')[:6])


span = micros(events[-1][1]) + 1_000_000
with open(dest, 'w') as out:
    out.write('\n'.join(header) + '\n')
    for copy in range(copies):
        for _, stamp, rest in events:
            t = micros(stamp) + copy * span
            out.write(f"E: {t // 1_000_000}.{t % 1_000_000:06d} {rest}\n")
