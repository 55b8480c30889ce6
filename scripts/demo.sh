#!/usr/bin/env bash
# `make demo`: replays every bundled recording in Recordings/, prints the gestures recognized in it, and
# draws its pictures (`gestures render`, still and animated) into $PICTURES (default .build/pictures).
set -euo pipefail
cd "$(dirname "$0")/.."
gestures=${GESTURES:-.build/debug/gestures}
lines=${DEMO_LINES:-12}
pictures=${PICTURES:-.build/pictures}
mkdir -p "$pictures"
drawn=0

shopt -s nullglob
traces=()
for trace in Recordings/*.evemu Recordings/*.events Recordings/*.event Recordings/*.yml Recordings/*.yaml; do
    traces+=("$trace")
done
IFS=$'\n' traces=($(printf '%s\n' "${traces[@]}" | sort)); unset IFS

for trace in "${traces[@]}"; do
    name=$(basename "$trace")
    printf '\n\033[1m%s\033[0m\n' "${name%.*}"
    output=$("$gestures" replay --format text "$trace" 2>/dev/null) || { echo "  (failed: run $gestures replay \"$trace\")"; continue; }
    if [[ -z $output ]]; then
        echo "  (no gesture)"
        continue
    fi
    # The gestures' starts and ends, taps and haptics; the `changed` lines are counted, not shown.
    shown=$(printf '%s\n' "$output" | grep -v ' changed ' || true)
    changed=$(printf '%s\n' "$output" | grep -c ' changed ' || true)
    count=$(printf '%s\n' "$shown" | wc -l)
    printf '%s\n' "$shown" | head -n "$lines" | sed 's/^/  /'
    if ((count > lines)); then echo "  … $((count - lines)) more lines"; fi
    if ((changed > 0)); then echo "  ($changed changed lines not shown)"; fi
done
# The pictures: NAME.svg (still) and NAME.animated.svg (replayed in real time, looping).
for trace in "${traces[@]}"; do
    name=$(basename "$trace")
    name=${name%.*}
    if "$gestures" render "$trace" -o "$pictures/$name.svg" 2>/dev/null \
        && "$gestures" render --animate "$trace" -o "$pictures/$name.animated.svg" 2>/dev/null; then
        drawn=$((drawn + 1))
    else
        echo "  (no picture of $name: run $gestures render \"$trace\")"
    fi
done
printf '\n%d recordings replayed. JSON Lines: %s replay TRACE; the whole suite: make test\n' "${#traces[@]}" "$gestures"
printf 'Pictures of %d of them in %s/: NAME.svg, and NAME.animated.svg replaying it (open them in a browser)\n' "$drawn" "$pictures"
