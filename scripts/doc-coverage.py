#!/usr/bin/env python3
"""Lists the public symbols without a documentation comment in symbol graphs (*.symbols.json): `make docs` fails
when there is any. Symbols the compiler synthesized (memberwise conformances) and those that inherit their
comment from a protocol requirement count as documented."""
import json
import sys

missing = []
for path in sys.argv[1:]:
    graph = json.load(open(path))
    for symbol in graph["symbols"]:
        if symbol.get("accessLevel") not in ("public", "open"):
            continue
        if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
            continue
        comment = symbol.get("docComment")
        if comment and any(line.get("text", "").strip() for line in comment.get("lines", [])):
            continue
        location = symbol.get("location", {})
        file = location.get("uri", "?").split("/Sources/")[-1]
        line = location.get("position", {}).get("line", -1) + 1
        missing.append(f"Sources/{file}:{line}: {'.'.join(symbol['pathComponents'])} ({symbol['kind']['displayName']})")
for entry in sorted(missing):
    print(entry)
if missing:
    print(f"{len(missing)} public symbol(s) without a documentation comment", file=sys.stderr)
    sys.exit(1)
