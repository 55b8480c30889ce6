#!/usr/bin/env bash
# The cost of `--explain`, in instructions (callgrind), on one machine in one run: the engine's workloads
# (Benchmarks/EngineWorkloads, also run by `make bench`) with explanations off and on, against the same
# workloads built on the engine before `--explain` existed. Instructions, not time: the figures hold on a
# machine busy with other work, and this one has no hardware counters for the benchmarks' own metric.
#
#   Benchmarks/explain-cost.sh [BASE]   (BASE: a commit without `--explain`; default the newest one on the
#                                        first-parent line, as main was before `--explain` was merged)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
export PATH="/opt/swift/usr/bin:$PATH"
command -v valgrind >/dev/null || { echo "explain-cost.sh: valgrind is missing (apt-get install valgrind)" >&2; exit 1; }
base=${1:-}
if [[ -z $base ]]; then
    for commit in $(git rev-list --first-parent HEAD); do
        if ! git cat-file -e "$commit:Sources/GestureCore/Explanation/Explanation.swift" 2>/dev/null; then base=$commit; break; fi
    done
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The engine at BASE with today's benchmark package, less what names `--explain` (the `explain:begin` …
# `explain:end` blocks).
mkdir "$work/base"
git archive "$base" | tar -x -C "$work/base"
rm -rf "$work/base/Benchmarks"
git ls-files -z Benchmarks | xargs -0 cp -P --parents -t "$work/base"
find "$work/base/Benchmarks" -name '*.swift' -exec sed -i '/explain:begin/,/explain:end/d' {} +

# Builds explain-cost in the tree $1 and copies it, without debug information (valgrind 3.19 cannot read
# clang's DWARF 5), to $2.
build() {
    (cd "$1/Benchmarks" && swift build -c release --product explain-cost >/dev/null 2>&1)
    strip -g -o "$2" "$1/Benchmarks/.build/release/explain-cost"
}
build "$work/base" "$work/base-cost"
build "$root" "$work/cost"

# The instructions of one run: $1 the binary, then the workload's arguments.
instructions() {
    local out=$work/callgrind.out
    valgrind --tool=callgrind --callgrind-out-file="$out" "$@" >/dev/null 2>&1
    grep -E '^(summary|totals):' "$out" | head -1 | awk '{ print $2 }'
}

# The same for `gestures replay` of a long trace (a timeline recording 300 times over), base against now.
(cd "$work/base" && swift build -c release --product gestures >/dev/null 2>&1)
swift build -c release --product gestures >/dev/null 2>&1
strip -g -o "$work/base-gestures" "$work/base/.build/release/gestures"
strip -g -o "$work/gestures" .build/release/gestures
source=Recordings/synthetic-long-press-drag-left
python3 Benchmarks/repeat-trace.py "$source.evemu" "$work/long.evemu" 300
cp "$source.layout.json" "$work/long.layout.json"
events=$(grep -c '^E:' "$work/long.evemu")

frames=10000
base_none=$(instructions "$work/base-cost" none)
none=$(instructions "$work/cost" none)
echo "instructions per frame (callgrind; $frames frames, less what making them costs); base $(git rev-parse --short "$base")"
printf '%-34s %10s %18s %18s\n' workload base "explain off" "explain on"
for workload in engine jsonl nested; do
    case $workload in
        engine) label="engine, two regions" ;;
        jsonl) label="engine + JSON Lines" ;;
        nested) label="engine, a button on the chart" ;;
    esac
    b=$(( ($(instructions "$work/base-cost" $workload) - base_none) / frames ))
    off=$(( ($(instructions "$work/cost" $workload) - none) / frames ))
    on=$(( ($(instructions "$work/cost" $workload explain) - none) / frames ))
    printf '%-34s %10d %10d (%+5.1f%%) %10d (%+5.1f%%)\n' "$label" "$b" "$off" \
        "$(echo "100 * ($off - $b) / $b" | bc -l)" "$on" "$(echo "100 * ($on - $b) / $b" | bc -l)"
done

b=$(instructions "$work/base-gestures" replay "$work/long.evemu")
off=$(instructions "$work/gestures" replay "$work/long.evemu")
on=$(instructions "$work/gestures" replay --explain "$work/long.evemu")
echo
echo "gestures replay of $source repeated 300 times ($events evdev events): instructions per event"
printf '%-34s %10d %10d (%+5.1f%%) %10d (%+5.1f%%)\n' "replay" "$((b / events))" "$((off / events))" \
    "$(echo "100 * ($off - $b) / $b" | bc -l)" "$((on / events))" "$(echo "100 * ($on - $b) / $b" | bc -l)"
