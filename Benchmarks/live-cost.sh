#!/usr/bin/env bash
# The cost of `gestures live`, in instructions (callgrind), on an emulated touchscreen (umockdev, as the live
# tests run it: Tests/Fixtures/umockdev/run-emulated.sh): the replay benchmark's workload (two fingers at 100 Hz,
# one on the chart, one winding the dial, Benchmarks/benchmark.layout.json) played 1× and 5× in real time, each
# frame one read as the kernel hands it over (`--script`). What the 5× run costs more than the 1× run, divided by
# the events it delivered more, is the cost per evdev event: starting up, opening the device and stopping cancel
# out. The same for libevdev alone (LiveCost/libevdev-reader.c: libevdev_next_event in a poll() loop), the floor.
# Instructions under callgrind include umockdev's preload library, which answers every read() over a socket.
#
# umockdev's 4 KiB buffer makes reads fail when a reader falls behind (it does, now and then, on a busy machine,
# libevdev alone too). Only runs that complete count: for `gestures live`, no failed read and output identical to
# `gestures replay` of the same trace (then every event was delivered); for libevdev alone, every event delivered
# and no failed read. A round with a run that did not complete is played again (up to twice).
#
# Per printed JSON line: the output's instructions (the inclusive cost of the calls into formatting the events and
# writing the lines, EventFormatter.append and LineWriter's write and flush: Benchmarks/callgrind_parts.py; 5× less
# 1×) per line printed more.
#
#   Benchmarks/live-cost.sh [ROUNDS]     (default 3; prints one line per round, then the medians)
#
# Machine-readable lines start with `live-cost:` (Benchmarks/bench-table.py reads them).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
rounds=${1:-3}
export PATH="/opt/swift/usr/bin:$PATH"
fixtures=$root/Tests/Fixtures/umockdev
command -v valgrind >/dev/null || { echo "live-cost.sh: valgrind is missing (scripts/install-deps.sh --bench)" >&2; exit 1; }
"$fixtures/run-emulated.sh" --check || { echo "live-cost.sh: umockdev is missing (scripts/install-deps.sh)" >&2; exit 1; }

# LIVE_COST_KEEP=DIR keeps the traces, outputs and callgrind files there.
if [[ -n ${LIVE_COST_KEEP:-} ]]; then
    work=$LIVE_COST_KEEP
    mkdir -p "$work"
else
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi
"${SWIFT:-swift}" build -c release --product gestures >/dev/null
(cd Benchmarks && "${SWIFT:-swift}" build -c release --product bench-workloads >/dev/null)
# valgrind 3.19 cannot read clang's DWARF 5: a copy without debug information (the symbols stay).
strip -g -o "$work/gestures" .build/release/gestures
cc -O2 -o "$work/libevdev-reader" Benchmarks/LiveCost/libevdev-reader.c $(pkg-config --cflags --libs libevdev)
layout=$root/Benchmarks/benchmark.layout.json

# The workload's trace of $1 gestures (in threes, 1.31 s: a tap, a still long press and a pan, each beside a dial
# wind), into $2, without a
# header (the device is the fixture touchscreen-mt: the same axes), its touches starting after a lead of $lead s
# (valgrind starts the program and it opens the device meanwhile: umockdev plays from the start), an empty
# SYN_REPORT at 0 and another 2 s after the last touch (the deadlines after it fire, in live as in replay).
lead=6
make_trace() {
    Benchmarks/.build/release/bench-workloads trace "$work/raw.evemu" "$1" >/dev/null
    python3 - "$work/raw.evemu" "$2" "$lead" <<'EOF'
import sys
source, dest, lead = sys.argv[1], sys.argv[2], int(sys.argv[3]) * 1_000_000
with open(source) as f, open(dest, "w") as out:
    out.write("E: 0.000000 0000 0000 0\n")
    last = 0
    for line in f:
        if not line.startswith("E:"):
            continue
        _, stamp, rest = line.split(None, 2)
        seconds, micros = stamp.split(".")
        last = lead + int(seconds) * 1_000_000 + int(micros)
        out.write(f"E: {last // 1_000_000}.{last % 1_000_000:06d} {rest}")
    last += 2_000_000
    out.write(f"E: {last // 1_000_000}.{last % 1_000_000:06d} 0000 0000 0\n")
EOF
}
declare -A events duration
for scale in 1 5; do
    make_trace $((9 * scale)) "$work/trace-$scale.evemu"
    events[$scale]=$(grep -c '^E:' "$work/trace-$scale.evemu")
    last=$(tail -1 "$work/trace-$scale.evemu" | awk '{ print $2 }')
    duration[$scale]=$(python3 -c "import math; print(math.ceil(float('$last')) + 3)")
    "$work/gestures" replay --device "$fixtures/touchscreen-mt.desc" --layout "$layout" "$work/trace-$scale.evemu" \
        >"$work/expected-$scale.jsonl" 2>/dev/null
done

# Instructions (total, and the output's inclusive cost) of callgrind's file $1.
total() { grep -E '^(summary|totals):' "$1" | head -1 | awk '{ print $2 }'; }
output_cost() {
    python3 Benchmarks/callgrind_parts.py "$1" 'output=EventFormatter\.(append|writeLines?)\(|LineWriter\.(write|flush)\(' | awk '$1 == "output" { print $2 }'
}

# One run: $1 gestures or libevdev, $2 the scale, $3 the round; sets ok (1 when the run completed).
run() {
    local what=$1 scale=$2 round=$3 out=$work/$1-$2-$3
    local command=("$work/gestures" live --layout "$layout" /dev/input/event20)
    [[ $what == libevdev ]] && command=("$work/libevdev-reader" /dev/input/event20)
    "$fixtures/run-emulated.sh" --script --timeout $((duration[$scale] + 60)) --interrupt-after "${duration[$scale]}" \
        touchscreen-mt "$work/trace-$scale.evemu" -- \
        valgrind --tool=callgrind --callgrind-out-file="$out.callgrind" "${command[@]}" >"$out.stdout" 2>"$out.stderr" || true
}
completed() {
    local what=$1 scale=$2 round=$3 out=$work/$1-$2-$3
    [[ -s $out.callgrind ]] || return 1
    if [[ $what == gestures ]]; then
        ! grep -q 'reading the device failed' "$out.stderr" && cmp -s "$out.stdout" "$work/expected-$scale.jsonl"
    else
        grep -q "^events ${events[$scale]} failures 0 " "$out.stdout"
    fi
}

lines1=$(wc -l <"$work/expected-1.jsonl")
lines5=$(wc -l <"$work/expected-5.jsonl")
extra_events=$((events[5] - events[1]))
extra_lines=$((lines5 - lines1))
echo "live-cost: events ${events[1]} ${events[5]} lines $lines1 $lines5"
for ((round = 1; round <= rounds; round++)); do
    for attempt in 1 2 3; do
        # The four runs at once: they are paced by the trace, and use little of the machine.
        for what in gestures libevdev; do
            for scale in 1 5; do run $what $scale $round & done
        done
        wait
        all=1
        for what in gestures libevdev; do
            for scale in 1 5; do completed $what $scale $round || { all=0; echo "live-cost.sh: round $round: $what ${scale}× did not complete, again" >&2; }; done
        done
        ((all)) && break
    done
    ((all)) || { echo "live-cost.sh: round $round did not complete in 3 attempts" >&2; continue; }
    g1=$(total "$work/gestures-1-$round.callgrind"); g5=$(total "$work/gestures-5-$round.callgrind")
    l1=$(total "$work/libevdev-1-$round.callgrind"); l5=$(total "$work/libevdev-5-$round.callgrind")
    o1=$(output_cost "$work/gestures-1-$round.callgrind"); o5=$(output_cost "$work/gestures-5-$round.callgrind")
    echo "live-cost: round $round gestures-per-event $(((g5 - g1) / extra_events)) libevdev-per-event $(((l5 - l1) / extra_events)) output-per-line $(((o5 - o1) / extra_lines))"
done
