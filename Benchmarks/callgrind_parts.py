#!/usr/bin/env python3
"""The instructions of a program's parts in a callgrind file, for Benchmarks/bench-table.py and live-cost.sh.

    Benchmarks/callgrind_parts.py CALLGRIND_FILE NAME=REGEX ...

prints `total N`, then `NAME N` for each part: the inclusive cost of every call into a function whose demangled
name (`swift demangle --simplified`) matches REGEX from a function that does not, so that a part's functions that
call one another (the engine's `handle` firing its deadlines with `advance`) are counted once. Whatever is inlined
into a caller outside the part is that caller's; the figures' `other` is what no part claims.
"""
import os
import re
import subprocess
import sys
from collections import defaultdict

NAME = re.compile(r"\((\d+)\)(?: (.*))?")


def edges(path, counts=None):
    """{(caller, callee): inclusive cost} of the calls in the file, and its total, names mangled. With counts (a
    defaultdict(int)), also the number of calls of each edge into it."""
    names, calls, total = {}, defaultdict(int), 0
    caller = callee = None
    expect_cost = False

    def name(value):
        m = NAME.match(value)
        if not m:
            return value
        if m.group(2) is not None:
            names[m.group(1)] = m.group(2)
        return names.get(m.group(1), value)

    with open(path, errors="replace") as f:
        for line in f:
            if expect_cost:
                fields = line.split()
                if len(fields) >= 2:
                    calls[(caller, callee)] += int(fields[1])
                expect_cost = False
            elif line.startswith("fn="):
                caller = name(line[3:].rstrip("\n"))
            elif line.startswith("cfn="):
                callee = name(line[4:].rstrip("\n"))
            elif line.startswith("calls="):
                if counts is not None:
                    counts[(caller, callee)] += int(line[6:].split()[0])
                expect_cost = True
            elif line.startswith(("summary:", "totals:")):
                total = int(line.split()[1])
    return calls, total


def demangled(names):
    swift = os.environ.get("SWIFT", "swift")
    names = list(names)
    out = subprocess.run([swift, "demangle", "--simplified"], input="\n".join(names) + "\n", text=True,
                         capture_output=True, check=True).stdout.split("\n")
    return dict(zip(names, out))


def parts(path, patterns):
    """{part: instructions} and the total, for {part: regex}."""
    calls, total = edges(path)
    readable = demangled({name for edge in calls for name in edge})
    member = {part: {name for name, text in readable.items() if re.search(regex, text)}
              for part, regex in patterns.items()}
    costs = {part: 0 for part in patterns}
    for (caller, callee), cost in calls.items():
        for part, names in member.items():
            if callee in names and caller not in names:
                costs[part] += cost
    return costs, total


# The C allocator's entries: each call is a heap allocation (realloc too, as valgrind's memcheck counts it).
ALLOCATORS = {"malloc", "calloc", "realloc", "posix_memalign", "aligned_alloc", "memalign"}


def allocations(path):
    """The heap allocations of the run in a callgrind file: the calls into the C allocator from outside it."""
    counts = defaultdict(int)
    edges(path, counts)
    return sum(count for (caller, callee), count in counts.items()
               if callee in ALLOCATORS and caller not in ALLOCATORS)


def main(argv):
    if len(argv) < 2 or not all("=" in arg for arg in argv[1:]):
        print(__doc__.strip(), file=sys.stderr)
        return 64
    costs, total = parts(argv[0], dict(arg.split("=", 1) for arg in argv[1:]))
    print(f"total {total}")
    for part, cost in costs.items():
        print(f"{part} {cost}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
