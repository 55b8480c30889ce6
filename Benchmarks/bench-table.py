#!/usr/bin/env python3
"""The table of issues 12 and 23 (`make bench`): every figure of replay's and live's cost, and of layouts of targets,
measured on this machine in one run, next to its target, with its spread. See docs/performance.md for what each
figure means.

    Benchmarks/bench-table.py [--runs N] [--live-rounds N] [--no-live] [--no-targets]

- the ordo-one benchmarks (ReplayBenchmarks, EngineBenchmarks, exported as JMH JSON): replay of the 100 MB trace
  through the library's pipeline against the C reference (Benchmarks/CReference) in the same run, the engine
  alone, the heap allocations per frame;
- `gestures replay` and `evemu-reference` as processes on the same file, alternating, N runs each;
- callgrind: replay's instructions per evdev event and their split, and the C reference's;
- Benchmarks/live-cost.sh: `gestures live` on an emulated touchscreen under callgrind;
- the peak resident memory of `gestures replay` on a 10 MB and on the 100 MB trace;
- callgrind: `gestures replay` of a one-finger trace of taps and drags against the layouts of
  Benchmarks/target-layouts/ (issue 23), instructions and heap allocations per frame, and a layout's loading.
"""
import argparse
import glob
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import callgrind_parts  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "Benchmarks")
os.environ["PATH"] = "/opt/swift/usr/bin:" + os.environ["PATH"]
SWIFT = os.environ.get("SWIFT", "swift")


def say(message):
    print(message, file=sys.stderr, flush=True)


def run(command, cwd=ROOT, **kwargs):
    """The command's standard output; when it fails, what it printed, and the bench stops."""
    done = subprocess.run(command, cwd=cwd, text=True, capture_output=True, **kwargs)
    if done.returncode != 0:
        say(f"bench: {' '.join(command)} (in {cwd}) failed with status {done.returncode}:")
        say((done.stdout + done.stderr).strip()[-4000:])
        sys.exit(1)
    return done.stdout


def replan_when_the_library_changes_files():
    """SwiftPM plans a build again when the root manifest changes, not when the package it depends on by path (the
    library, through Benchmarks/TouchGestures) gains or loses a source file: then its link misses the new file's
    symbols. So the manifest is touched when the library's list of files is not the one of the last build (as
    scripts/fuzz.sh does for Fuzz/)."""
    record = os.path.join(BENCH, ".build", "library-files")
    files = "\n".join(sorted(os.path.relpath(os.path.join(folder, name), ROOT)
                             for folder, _, names in os.walk(os.path.join(ROOT, "Sources")) for name in names))
    try:
        with open(record) as f:
            unchanged = f.read() == files
    except OSError:
        unchanged = False
    if not unchanged:
        os.utime(os.path.join(BENCH, "Package.swift"))

    def built():
        """Records the list, once the builds are done."""
        os.makedirs(os.path.dirname(record), exist_ok=True)
        with open(record, "w") as f:
            f.write(files)
    return built


def spread(values, digits=0, unit=""):
    """`median (min–max)` of values."""
    def f(value):
        return f"{value:,.{digits}f}{unit}"
    if len(values) == 1:
        return f(values[0])
    return f"{f(statistics.median(values))} ({f(min(values))}–{f(max(values))})"


# ---- the ordo-one benchmarks ----------------------------------------------------------------------------------
def ordo_one(work):
    """{(target, benchmark name): {metric: [samples]}}, time in μs, counts as they are, from ordo-one's export of every sample
    (`histogramSamples`: a file per benchmark and metric, its name the benchmark's with `_` for spaces)."""
    out = os.path.join(work, "samples")
    os.makedirs(out)
    for target, skip in (("ReplayBenchmarks", []), ("EngineBenchmarks", ["--skip", "explaining"])):
        say(f"bench: ordo-one {target}")
        run([SWIFT, "package", "--allow-writing-to-directory", out, "benchmark", "--target", target, *skip,
             "--no-progress", "--time-units", "nanoseconds", "--format", "histogramSamples", "--path", out], cwd=BENCH)
    results = {}
    suffix = ".histogram.samples.tsv"
    for path in glob.glob(os.path.join(out, "*" + suffix)):
        # BASELINE.TARGET.NAME.METRIC.histogram.samples.tsv
        fields = os.path.basename(path)[:-len(suffix)].split(".")
        target, name, metric_name = fields[1], ".".join(fields[2:-1]).replace("_", " "), fields[-1]
        # The first line is the metric and its unit: `Time (wall clock) (ns)`, `Malloc (total) `, `… (K)`.
        unit = re.search(r"\((ns|μs|us|ms|s|#|K|M|G)\)\s*$", open(path).readline())
        scale = {"ns": 1e-3, "μs": 1, "us": 1, "ms": 1e3, "s": 1e6, "#": 1, "K": 1e3, "M": 1e6, "G": 1e9}[unit.group(1)] if unit else 1
        samples = [float(value) * scale for value in open(path).read().splitlines()[1:] if value.strip()]
        results.setdefault((target, name), {})[metric_name] = samples
    return results


def find(results, target, pattern):
    for (t, name), metrics in results.items():
        if t == target and re.search(pattern, name):
            return name, metrics
    return None, None


def metric(metrics, *names):
    for key, values in metrics.items():
        if any(name.lower() in key.lower() for name in names):
            return values
    raise KeyError(f"none of {names} in {list(metrics)}")


# ---- callgrind --------------------------------------------------------------------------------------------------
def instructions(command, out):
    # Hashing seeded the same in every run (Swift's SWIFT_DETERMINISTIC_HASHING): with a random seed, the loading of a
    # layout of 1,000 names varied by a few hundred thousand instructions from run to run, which the difference of two
    # runs divided by 360 frames showed as several hundred instructions a frame.
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *command], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env=dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1"))
    for line in open(out):
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1])
    raise RuntimeError(f"no totals in {out}")


# Replay's parts: the calls into each from outside it (Benchmarks/callgrind_parts.py), by demangled name. The frame
# assembler is inlined into the pipeline, which calls the engine: "pipeline" holds the engine, and the table shows
# the assembler and pipeline as what the pipeline costs beyond the engine.
PARTS = {
    # `FormatReader.`: the witness through which TraceReader calls a format's reader (else counted twice).
    "reader": r"\b(TraceReader|EvemuReader|EvemuSyntax|LibinputRecordReader|FormatReader)\.",
    "pipeline": r"\b(GesturePipeline|FrameAssembler)\.",
    "engine": r"\bGestureEngine\.",
    "formatting": r"\bEventFormatter\.",
}


def replay_split(per_part):
    """The parts of replay's cost an event, each once: the pipeline's without the engine it calls."""
    return {"reader": per_part["reader"], "assembler and pipeline": per_part["pipeline"] - per_part["engine"],
            "engine": per_part["engine"], "formatting": per_part["formatting"]}


# ---- issue 23: layouts of targets ------------------------------------------------------------------------------
TARGET_LAYOUTS = os.path.join(BENCH, "target-layouts")
# The one-finger trace of taps and 30 mm drags (`bench-workloads taps-and-drags`): the larger less the smaller,
# per frame more. Small, as callgrind is slow on the costliest layouts (`--explain` on 1,000 targets); 360 frames
# more give each figure within about 0.5% from run to run (hashing's seed changes with each process).
TARGET_GESTURES = (40, 20)
# (workload, layout, options of `gestures replay`)
TARGET_WORKLOADS = (
    ("timeline", "timeline", []),
    ("target", "target", []),
    ("siblings", "siblings-1000", []),
    ("explain", "siblings-1000", ["--explain"]),
    ("nested-15", "nested-15", []),
    ("nested-30", "nested-30", []),
)

# The engine's arbitration between rival targets, by demangled name (Benchmarks/callgrind_parts.py): the calls that
# weigh a target's rivals. Rename them here when the engine's are renamed.
ARBITRATION = r"\bverdict\(waitedFor:by:|\bstatus\(of:"
ARBITRATION_NAMES = "`verdict(waitedFor:by:)`, `status(of:)`"


def target_rows(gestures, workloads, work):
    """The rows of issue 23's table: `gestures replay` (gestures: a copy without debug information) of the trace of
    taps and drags against Benchmarks/target-layouts/ under callgrind: instructions and heap allocations (calls into
    the C allocator) a frame; and the loading of a layout of 1,000 targets less one of 1, per target more, on the
    trace's header alone."""
    def layout(name):
        return os.path.join(TARGET_LAYOUTS, f"{name}.layout.json")

    traces = {}
    for count in (*TARGET_GESTURES, 0):
        path = os.path.join(work, f"taps-and-drags-{count}.evemu")
        facts = run([workloads, "taps-and-drags", path, str(count)]).split()
        traces[count] = dict(path=path, frames=int(facts[5]))
    big, small = TARGET_GESTURES
    frames = traces[big]["frames"] - traces[small]["frames"]

    def replay(name, layout_name, options, count):
        out = os.path.join(work, f"target-{name}-{count}.callgrind")
        total = instructions([gestures, "replay", "--layout", layout(layout_name), *options, traces[count]["path"]], out)
        return total, callgrind_parts.allocations(out)

    cost, allocations = {}, {}
    for name, layout_name, options in TARGET_WORKLOADS:
        say(f"bench: callgrind of gestures replay, {name} ({layout_name}.layout.json {' '.join(options)})")
        (i_big, a_big), (i_small, a_small) = (replay(name, layout_name, options, count) for count in TARGET_GESTURES)
        cost[name], allocations[name] = (i_big - i_small) / frames, (a_big - a_small) / frames
    say("bench: callgrind of loading layouts of 1,000 targets and of 1")
    loading = (replay("load-1000", "siblings-1000", [], 0)[0] - replay("load-1", "target", [], 0)[0]) / 999
    # Where a target's loading goes: the layout file's reader, the engine's tree built from it, and the rest (freeing
    # both when the process ends, most of it).
    loading_parts = {"reader": r"\bLayoutFile\.load\(path:\)", "tree": r"\bGestureEngine\.init\(layout:\)"}
    big_load, small_load = (callgrind_parts.parts(os.path.join(work, f"target-{name}-0.callgrind"), loading_parts)[0]
                            for name in ("load-1000", "load-1"))
    loading_split = {part: (big_load[part] - small_load[part]) / 999 for part in loading_parts}

    def ratio(a, b):
        return cost[a] / cost[b]

    def allocations_text(name):
        return f"{round(allocations[name], 2) + 0.0:.2f}"  # + 0.0: a count 1 less than the smaller trace's is 0.00

    # Arbitration a frame at depths 15 and 30, per level of depth: as much at 30 as at 15 when it is linear in depth,
    # twice as much when quadratic.
    arbitration = {}
    for depth in (15, 30):
        name = f"nested-{depth}"
        big_part, small_part = (callgrind_parts.parts(os.path.join(work, f"target-{name}-{count}.callgrind"),
                                                      {"arbitration": ARBITRATION})[0]["arbitration"]
                                for count in TARGET_GESTURES)
        arbitration[depth] = (big_part - small_part) / frames
    n = "{:,.0f}".format
    linear = None
    if arbitration[15] > 0:
        per_level = (arbitration[30] / 30) / (arbitration[15] / 15)
        linear = per_level <= 1.25
        arbitration_row = (f"… arbitration a frame ({ARBITRATION_NAMES}) at depth 15 / 30: "
                           f"{n(arbitration[15])} / {n(arbitration[30])}; per level of depth, at 30 against at 15",
                           f"{per_level:.2f}", "≤ 1.25 (linear in depth; quadratic is 2)", linear)
    else:
        arbitration_row = (f"… arbitration a frame: no call into {ARBITRATION_NAMES} at depth 15 (renamed? "
                           "ARBITRATION in Benchmarks/bench-table.py)", "—", "≤ 1.25 (linear in depth)", None)
    rows = [
        (f"`target` with tap + drag, against a `timeline` on the same trace (instructions a frame, callgrind: "
         f"{n(cost['target'])} against {n(cost['timeline'])})", f"{ratio('target', 'timeline'):.1f}×", "≤ 2×",
         ratio("target", "timeline") <= 2),
        ("heap allocations per frame, layout targets: one / 1,000 / 30 nested "
         f"(timeline: {allocations_text('timeline')}; `--explain` on 1,000: {allocations_text('explain')})",
         " / ".join(allocations_text(name) for name in ("target", "siblings", "nested-30")), "0",
         max(allocations["target"], allocations["siblings"], allocations["nested-30"]) <= 0),
        (f"1,000 idle siblings, against one target ({n(cost['siblings'])} a frame)",
         f"{ratio('siblings', 'target'):.2f}×", "≤ 1.1×", ratio("siblings", "target") <= 1.1),
        (f"`--explain` with 1,000 targets, against without ({n(cost['explain'])} a frame)",
         f"{ratio('explain', 'siblings'):.1f}×", "≤ 3×", ratio("explain", "siblings") <= 3),
        (f"30 nested levels each with tap + drag, against one ({n(cost['nested-30'])} a frame; 15 levels: "
         f"{n(cost['nested-15'])})", f"{ratio('nested-30', 'target'):.1f}×", "≤ 30×, arbitration linear in depth (next row)",
         ratio("nested-30", "target") <= 30 and linear),
        arbitration_row,
        ("layout loading, instructions per target (1,000 targets less 1, the trace's header alone; the reader "
         f"{n(loading_split['reader'])}, the engine's tree {n(loading_split['tree'])}, the rest "
         f"{n(loading - loading_split['reader'] - loading_split['tree'])}, most of it freeing them at the end)", n(loading),
         "≤ 20,000", loading <= 20_000),
    ]
    note = (f"targets: `gestures replay` of {big} less {small} taps and 30 mm drags ({frames:,} frames more) against "
            "Benchmarks/target-layouts/ (callgrind; allocations: calls into malloc, calloc, realloc, ...)")
    return rows, note


def c_interface_rows(workloads, work):
    """The C interface's cost a frame against the Swift API's on the engine's workload (the 10,000 frames of the
    engine's benchmarks, chart and dial), in callgrind's instructions: Benchmarks/CInterfaceCost/c-interface-cost.c,
    linked against the release libtouchgestures.so, against explain-cost's `engine` and `jsonl` workloads. Each
    count less its program's `none` (the frames read or made, the engine made), over the frames."""
    say("bench: the C interface against the Swift API (callgrind)")
    run([SWIFT, "build", "-c", "release", "--product", "touchgestures"])
    run([SWIFT, "build", "-c", "release", "--product", "explain-cost"], cwd=BENCH)
    release = run([SWIFT, "build", "-c", "release", "--show-bin-path"]).strip()
    # Copies without debug information (valgrind 3.19 cannot read clang's DWARF 5), the library under its soname.
    library = os.path.join(work, "libtouchgestures.so.0")
    run(["strip", "-g", "-o", library, os.path.join(release, "libtouchgestures.so")])
    os.symlink("libtouchgestures.so.0", os.path.join(work, "libtouchgestures.so"))
    program = os.path.join(work, "c-interface-cost")
    run(["cc", "-O2", os.path.join(BENCH, "CInterfaceCost", "c-interface-cost.c"), "-I",
         os.path.join(ROOT, "Sources", "CTouchGesturesHeader", "include"), "-L", work, "-ltouchgestures",
         f"-Wl,-rpath,{work}", "-o", program])
    swift = os.path.join(work, "explain-cost")
    run(["strip", "-g", "-o", swift, os.path.join(BENCH, ".build", "release", "explain-cost")])
    frames_file = os.path.join(work, "engine-frames.bin")
    frames = int(run([workloads, "engine-frames", frames_file]).split()[1])
    layout = os.path.join(BENCH, "benchmark.layout.json")
    c = {mode: instructions([program, layout, frames_file, mode], os.path.join(work, f"c-{mode}.callgrind"))
         for mode in ("none", "frame", "jsonl", "typed")}
    s = {mode: instructions([swift, mode], os.path.join(work, f"swift-{mode}.callgrind")) for mode in ("none", "engine", "jsonl")}

    def per_frame(counts, mode):
        return (counts[mode] - counts["none"]) / frames

    engine_c, engine_swift = per_frame(c, "frame"), per_frame(s, "engine")
    lines_c, lines_swift = per_frame(c, "jsonl"), per_frame(s, "jsonl")
    rows = [
        (f"C interface: instructions per frame, `tg_engine_frame` / `GestureEngine.handle` (the engine's {frames:,} "
         "frames, chart and dial)", f"{engine_c:,.0f} / {engine_swift:,.0f} ({engine_c / engine_swift:.2f}×)",
         "≤ 1.25× the Swift API (its checks of every argument)", engine_c <= 1.25 * engine_swift),
        ("… and the events as JSON Lines: `tg_engine_events_jsonl` / `EventFormatter.line(for:)` each event",
         f"{lines_c:,.0f} / {lines_swift:,.0f} ({lines_c / lines_swift:.2f}×)", "≤ 1.10× the Swift API",
         lines_c <= 1.10 * lines_swift),
        ("… and the events typed: `tg_engine_events` (C structs, fields and strings)",
         f"{per_frame(c, 'typed'):,.0f}", "—", None),
    ]
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="alternating process runs of each (default 5)")
    parser.add_argument("--live-rounds", type=int, default=3, help="rounds of live-cost.sh (default 3)")
    parser.add_argument("--no-live", action="store_true", help="leave out live-cost.sh (no umockdev)")
    parser.add_argument("--no-targets", action="store_true", help="leave out issue 23's layouts of targets")
    parser.add_argument("--c-interface-only", action="store_true",
                        help="only the C interface against the Swift API (callgrind: needs valgrind)")
    args = parser.parse_args()
    started = time.monotonic()

    say("bench: building (release)")
    built = replan_when_the_library_changes_files()
    if args.c_interface_only:
        run([SWIFT, "build", "-c", "release", "--product", "bench-workloads"], cwd=BENCH)
        built()
        with tempfile.TemporaryDirectory(prefix="bench-table.") as work:
            rows = c_interface_rows(os.path.join(BENCH, ".build/release/bench-workloads"), work)
        print_table(rows, [], started)
        return
    run([SWIFT, "build", "-c", "release", "--product", "gestures"])
    for product in ("bench-workloads", "evemu-reference"):
        run([SWIFT, "build", "-c", "release", "--product", product], cwd=BENCH)
    built()
    gestures = os.path.join(ROOT, ".build/release/gestures")
    workloads = os.path.join(BENCH, ".build/release/bench-workloads")
    reference = os.path.join(BENCH, ".build/release/evemu-reference")
    layout = os.path.join(BENCH, "benchmark.layout.json")
    rows, notes = [], []

    with tempfile.TemporaryDirectory(prefix="bench-table.") as work:
        traces = {}
        for name, gestures_count in (("large", None), ("medium", 1_100), ("small", 200), ("callgrind", 600)):
            path = os.path.join(work, f"{name}.evemu")
            run([workloads, "trace", path] + ([str(gestures_count)] if gestures_count else []))
            counts = run([reference, path]).split()
            traces[name] = dict(path=path, bytes=os.path.getsize(path), events=int(counts[1]), frames=int(counts[3]))
        large = traces["large"]
        per_frame = large["events"] / large["frames"]
        notes.append(f"replay trace: {large['bytes'] / 1e6:.0f} MB, {large['events']:,} evdev events, "
                     f"{large['frames']:,} frames ({per_frame:.2f} events a frame)")

        # 1. Replay against the C reference, in one ordo-one run.
        results = ordo_one(work)
        _, swift = find(results, "ReplayBenchmarks", r"^replay: evemu")
        _, c = find(results, "ReplayBenchmarks", r"^C reference")
        swift_wall, c_wall = metric(swift, "wallClock"), metric(c, "wallClock")
        ratios = [cv / sv for cv, sv in zip(sorted(c_wall), sorted(swift_wall))]
        rows.append(("replay of the 100 MB trace through the library's pipeline, speed ratio to the C reference "
                     f"(ordo-one, one run; replay {statistics.median(swift_wall) / 1e3:,.0f} ms, "
                     f"C {statistics.median(c_wall) / 1e3:,.0f} ms)",
                     f"{statistics.median(c_wall) / statistics.median(swift_wall):.2f} "
                     f"({min(ratios):.2f}–{max(ratios):.2f})", "≥ 0.5",
                     statistics.median(c_wall) / statistics.median(swift_wall) >= 0.5))

        # 2. The same as processes, alternating.
        say(f"bench: gestures replay against evemu-reference, {args.runs} runs each, alternating")
        replay_times, c_times = [], []
        for _ in range(args.runs):
            for command, times in (([gestures, "replay", "--layout", layout, large["path"]], replay_times),
                                   ([reference, large["path"]], c_times)):
                start = time.perf_counter()
                subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
                times.append(time.perf_counter() - start)
        pair_ratios = [cv / rv for cv, rv in zip(c_times, replay_times)]
        rows.append((f"`gestures replay FILE > /dev/null` against `evemu-reference FILE`, processes, {args.runs} "
                     f"alternating runs (replay {statistics.median(replay_times):.2f} s, C {statistics.median(c_times):.2f} s)",
                     spread(pair_ratios, 2), "median ≥ 0.75, min ≥ 0.6 (issue 23; issue 12: 0.5)",
                     statistics.median(pair_ratios) >= 0.75 and min(pair_ratios) >= 0.6))

        # 3. Instructions per evdev event (callgrind): 600 gestures less 200 (startup and the header cancel out).
        have_valgrind = subprocess.run(["sh", "-c", "command -v valgrind"], stdout=subprocess.DEVNULL).returncode == 0
        if have_valgrind:
            say("bench: callgrind of gestures replay and evemu-reference")
            # Copies without debug information: valgrind 3.19 cannot read clang's DWARF 5.
            stripped, stripped_reference = os.path.join(work, "gestures"), os.path.join(work, "evemu-reference")
            run(["strip", "-g", "-o", stripped, gestures])
            run(["strip", "-g", "-o", stripped_reference, reference])
            big, small = traces["callgrind"], traces["small"]
            extra = big["events"] - small["events"]
            total = {}
            for name in ("callgrind", "small"):
                out = os.path.join(work, f"replay-{name}.callgrind")
                total[name] = instructions([stripped, "replay", "--layout", layout, traces[name]["path"]], out)
            per_event = (total["callgrind"] - total["small"]) / extra
            parts_big, _ = callgrind_parts.parts(os.path.join(work, "replay-callgrind.callgrind"), PARTS)
            parts_small, _ = callgrind_parts.parts(os.path.join(work, "replay-small.callgrind"), PARTS)
            per_part = replay_split({part: (parts_big[part] - parts_small[part]) / extra for part in PARTS})
            other = per_event - sum(per_part.values())
            split = ", ".join(f"{part} {cost:,.0f}" for part, cost in per_part.items()) + f", other {other:,.0f}"
            lines = [len(run([gestures, "replay", "--layout", layout, traces[n]["path"]]).splitlines())
                     for n in ("callgrind", "small")]
            formatting_per_line = (parts_big["formatting"] - parts_small["formatting"]) / (lines[0] - lines[1])
            c_total = [instructions([stripped_reference, traces[n]["path"]], os.path.join(work, f"c-{n}.callgrind"))
                       for n in ("callgrind", "small")]
            c_per_event = (c_total[0] - c_total[1]) / extra
            notes.append("replay's instruction counts are deterministic: one run each (600 and 200 gestures)")
            rows.append((f"replay instructions per evdev event (callgrind; C reference: {c_per_event:,.0f})",
                         f"{per_event:,.0f}: {split} ({formatting_per_line:,.0f} formatting a printed line)",
                         "≤ 1,000", per_event <= 1000))
        else:
            notes.append("valgrind is missing: no instruction counts (scripts/install-deps.sh --bench)")

        # 4. The engine alone, and the allocations per frame.
        name, engine = find(results, "EngineBenchmarks", r"^engine: 10k frames, two regions$")
        facts = run([workloads, "engine-events"]).split()
        engine_frames, engine_events = int(facts[1]), int(facts[3])
        ns_frame = [sample * 1e3 / engine_frames for sample in metric(engine, "wallClock")]
        ns_event = [sample * engine_frames / engine_events for sample in ns_frame]
        rows.append((f"engine alone (`{name}`), per evdev event / per frame "
                     f"({engine_events / engine_frames:.2f} evdev events a frame)",
                     f"{spread(ns_event, 0, ' ns')} / {spread(ns_frame, 0, ' ns')}", "≤ 40 ns per event",
                     statistics.median(ns_event) <= 40))
        allocation_rows = []
        for target, pattern in (("ReplayBenchmarks", r"steady state"), ("EngineBenchmarks", r"steady state|allocat"),
                                ("EngineBenchmarks", r"^engine: 10k frames, two regions$")):
            name, found = find(results, target, pattern)
            if not found:
                continue
            # The frames measured are in the benchmark's name: `10k frames`, `10000 frames`.
            frames = re.search(r"(\d[\d,_]*)(k?) frames", name)
            if not frames:
                notes.append(f"`{name}`: no frame count in its name (`N frames`), left out")
                continue
            count = int(frames.group(1).replace(",", "").replace("_", "")) * (1000 if frames.group(2) else 1)
            allocations = [value / count for value in metric(found, "mallocCountTotal")]
            allocation_rows.append((f"`{name}`", allocations))
        for index, (label, allocations) in enumerate(allocation_rows):
            rows.append((("heap allocations per frame: " if index == 0 else "… ") + label,
                         spread(allocations, 2), "0" if index == 0 else "(0)",
                         statistics.median(allocations) == 0 if index == 0 else None))

        # 5. Live.
        if args.no_live:
            notes.append("live: left out (--no-live)")
        elif not have_valgrind:
            notes.append("live: valgrind is missing")
        else:
            say(f"bench: live-cost.sh, {args.live_rounds} rounds")
            live = subprocess.run(["bash", os.path.join(BENCH, "live-cost.sh"), str(args.live_rounds)], cwd=ROOT,
                                  text=True, capture_output=True)
            # live-cost: round N gestures-per-event A libevdev-per-event B output-per-line C
            rounds = [dict(zip(fields[3::2], map(int, fields[4::2])))
                      for fields in (line.split() for line in live.stdout.splitlines()
                                     if line.startswith("live-cost: round"))]
            if rounds:
                per_event = [r["gestures-per-event"] for r in rounds]
                libevdev = [r["libevdev-per-event"] for r in rounds]
                per_line = [r["output-per-line"] for r in rounds]
                rows.append((f"`gestures live` on an emulated touchscreen, instructions per evdev event "
                             f"(callgrind, 1× vs 5×, {len(rounds)} rounds; libevdev alone: {spread(libevdev)})",
                             spread(per_event), "≤ 1,150", statistics.median(per_event) <= 1150))
                rows.append(("live: instructions per printed JSON line (formatting and writing)", spread(per_line),
                             "≤ 1,500", statistics.median(per_line) <= 1500))
                header = next((line for line in live.stdout.splitlines() if line.startswith("live-cost: events")), "")
                notes.append("live: " + header.removeprefix("live-cost: ") + " (1× and 5×)")
            else:
                notes.append("live: no round completed: " + (live.stderr.strip().splitlines() or ["?"])[-1])

        # 6. Memory.
        say("bench: peak resident memory of gestures replay")
        peaks = {}
        for name in ("medium", "large"):
            process = subprocess.Popen([gestures, "replay", "--layout", layout, traces[name]["path"]],
                                       stdout=subprocess.DEVNULL)
            _, _, usage = os.wait4(process.pid, 0)
            peaks[name] = usage.ru_maxrss / 1024
        flat = peaks["large"] <= peaks["medium"] * 1.25 + 4
        rows.append((f"replay memory, peak resident: {traces['medium']['bytes'] / 1e6:.0f} MB trace / "
                     f"{large['bytes'] / 1e6:.0f} MB trace", f"{peaks['medium']:.0f} MB / {peaks['large']:.0f} MB",
                     "stays flat", flat))

        # 7. Issue 23's layouts of targets.
        if not have_valgrind:
            notes.append("targets: valgrind is missing")
        elif not args.no_targets:
            target_table, note = target_rows(stripped, workloads, work)
            rows.extend(target_table)
            notes.append(note)
        else:
            notes.append("targets: left out (--no-targets)")

        # 8. The C interface against the Swift API.
        if have_valgrind:
            rows.extend(c_interface_rows(workloads, work))
        else:
            notes.append("C interface: valgrind is missing")
    print_table(rows, notes, started)


def print_table(rows, notes, started):
    """The table, its notes, and where it was measured."""
    print()
    print("| figure | measured: median (min–max) | target | met? |")
    print("|---|---|---|---|")
    for figure, measured, target, met in rows:
        print(f"| {figure} | {measured} | {target} | {'—' if met is None else 'yes' if met else '**no**'} |")
    print()
    for note in notes:
        print(f"- {note}")
    print(f"- measured in {time.monotonic() - started:.0f} s on {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
