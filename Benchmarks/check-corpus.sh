#!/usr/bin/env bash
# The `gestures check` benchmark: a corpus of 200 recordings (the pinned ones of Recordings/, copied
# over and over, and 4 large ones made by repeating a recording with its times shifted), checked with
# --jobs 1 and --jobs 2 in alternation; then, under callgrind, the instructions per evdev event of
# `check --jobs 1` and of a plain `replay` of the same traces.
#
#   Benchmarks/check-corpus.sh [RUNS]      (RUNS timed runs of each, default 5)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
export PATH="/opt/swift/usr/bin:$PATH"
swift build -c release --product gestures >/dev/null
bin=$PWD/.build/release/gestures
corpus=$(mktemp -d)
trap 'rm -rf "$corpus"' EXIT

# 196 copies of the pinned recordings, each with its layout and expected output.
traces=(Recordings/*.evemu Recordings/*.events Recordings/*.yml)
count=0
while ((count < 196)); do
    for trace in "${traces[@]}"; do
        ((count < 196)) || break
        name=$(basename "$trace"); stem=${name%.*}; ext=${name##*.}
        copy=$(printf '%03d' "$count")-$stem
        cp "$trace" "$corpus/$copy.$ext"
        cp "Recordings/$stem.layout.json" "$corpus/$copy.layout.json"
        cp "Recordings/$stem.expected.jsonl" "$corpus/$copy.expected.jsonl"
        # A header-less trace's description: NAME.desc, or the device's name's.
        for desc in "Recordings/$stem.desc" "Recordings/${stem%%.*}.desc"; do
            if [[ -f $desc ]]; then cp "$desc" "$corpus/$copy.desc"; break; fi
        done
        count=$((count + 1))
    done
done
# 4 large ones: a recording repeated 600 times, its times shifted past the previous copy's end.
for source in synthetic-dial-wind-limit synthetic-long-press-drag-left synthetic-pan synthetic-date-chart; do
    python3 Benchmarks/repeat-trace.py "Recordings/$source.evemu" "$corpus/large-$source.evemu" 600
    cp "Recordings/$source.layout.json" "$corpus/large-$source.layout.json"
done
"$bin" check --update "$corpus" | grep -v "^ok " || true
traces_found=$(find "$corpus" -name '*.evemu' -o -name '*.events' -o -name '*.yml' | wc -l)
bytes=$(du -sb --apparent-size "$corpus" | cut -f1)
events=$(cat "$corpus"/*.evemu "$corpus"/*.events | grep -c '^E:' || true)
yaml_events=$(cat "$corpus"/*.yml | grep -cE '^\s+- \[' || true)
events=$((events + yaml_events))
echo "corpus: $traces_found traces, $((bytes / 1000000)) MB, $events evdev events"

seconds() { local start end; start=$(date +%s.%N); "$@" >/dev/null; end=$(date +%s.%N); echo "$end - $start" | bc; }
one=(); two=()
for ((run = 0; run < runs; run++)); do
    one+=("$(seconds "$bin" check --jobs 1 "$corpus")")
    two+=("$(seconds "$bin" check --jobs 2 "$corpus")")
done
median() { printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
m1=$(median "${one[@]}"); m2=$(median "${two[@]}")
echo "check --jobs 1: median ${m1} s of ${runs} runs (${one[*]})"
echo "check --jobs 2: median ${m2} s of ${runs} runs (${two[*]})"
echo "speed-up: $(echo "scale=2; $m1 / $m2" | bc)"

if command -v valgrind >/dev/null; then
    mapfile -t all < <(find "$corpus" -name '*.evemu' -o -name '*.events' -o -name '*.yml' | sort)
    # valgrind 3.19 cannot read clang's DWARF 5: measure a copy without debug information.
    stripped=$corpus/gestures-stripped
    strip -g -o "$stripped" "$bin"
    instructions() {
        local out; out=$(mktemp)
        valgrind --tool=callgrind --callgrind-out-file="$out" "$@" >/dev/null 2>&1 || true
        grep -E '^(summary|totals):' "$out" | head -1 | awk '{ print $2 }'
        rm -f "$out"
    }
    check_instructions=$(instructions "$stripped" check --jobs 1 "$corpus")
    replay_instructions=$(instructions "$stripped" replay "${all[@]}")
    echo "instructions per evdev event: check --jobs 1 $((check_instructions / events)), replay $((replay_instructions / events))"
fi
