#!/usr/bin/env bash
# The libFuzzer targets of Fuzz/ (a package of their own): build them, or run them.
#
#   scripts/fuzz.sh build                 build the targets (release, -sanitize=fuzzer,address)
#   scripts/fuzz.sh run [TARGET...]       run each target FUZZ_SECONDS seconds (all of them by default)
#   scripts/fuzz.sh minimize TARGET FILE  minimize a crashing input (writes it beside FILE)
#
# Settings (environment):
#   FUZZ_SECONDS  each target's run length in seconds (default 60)
#   FUZZ_JOBS     targets run at once (default 1)
#   FUZZ_KEEP_GOING=1  go on after a finding (libFuzzer's -fork=1 with -ignore_crashes, -ignore_timeouts
#                 and -ignore_ooms), for long runs; by default a target stops at its first finding
#   FUZZ_FLAGS    more libFuzzer options, e.g. "-seed=1 -runs=100000"
#
# Each target reads its checked-in seeds (Fuzz/Corpus/TARGET) and its dictionary (Fuzz/Dictionaries/
# TARGET.dict), and keeps the inputs it finds in Fuzz/.build/corpus/TARGET (not in git). Findings (crash-*,
# timeout-*, oom-*, leak-*) go to Fuzz/.build/findings/TARGET/, the log to Fuzz/.build/logs/TARGET.log.
# Runaways count as findings: -rss_limit_mb=2048 (memory), -timeout=10 (seconds for one input).
# The run's status is 1 when any target had a finding.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
fuzz="$root/Fuzz"
SWIFT="${SWIFT:-swift}"
seconds="${FUZZ_SECONDS:-60}"
jobs="${FUZZ_JOBS:-1}"
all_targets=(fuzz-evemu fuzz-libinput-record fuzz-layout fuzz-pipeline fuzz-render fuzz-check fuzz-c-interface)

# The longest input of each target: traces up to 64 KiB, layouts 16 KiB.
max_len() {
    case "$1" in
        fuzz-layout) echo 16384 ;;
        fuzz-c-interface) echo 4096 ;;
        *) echo 65536 ;;
    esac
}

build() {
    # SwiftPM plans the build again when the root manifest changes, not when the package it depends on by
    # path (the main package's folders, through Fuzz/TouchGestures) gains or loses a file: then the manifest is touched.
    local files="$fuzz/.build/library-files" now
    now="$(cd "$root" && find Sources -type f | LC_ALL=C sort)"
    if [[ ! -f "$files" || "$(cat "$files")" != "$now" ]]; then
        touch "$fuzz/Package.swift"
    fi
    (cd "$fuzz" && "$SWIFT" build -c release --toolset "$fuzz/toolset.json")
    printf '%s' "$now" >"$files"
}

binary() {
    echo "$fuzz/.build/release/$1"
}

# The environment of a fuzzer: Swift's own crash handler off (it does not mix with AddressSanitizer;
# libFuzzer reports the crash, with the input).
run_env() {
    env SWIFT_BACKTRACE=enable=no "$@"
}

run_one() {
    local target="$1"
    local corpus="$fuzz/.build/corpus/$target" findings="$fuzz/.build/findings/$target" logs="$fuzz/.build/logs"
    mkdir -p "$corpus" "$findings" "$logs"
    local flags=(
        -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -max_len="$(max_len "$target")"
        -dict="$fuzz/Dictionaries/$target.dict" -artifact_prefix="$findings/" -print_final_stats=1
    )
    if [[ "${FUZZ_KEEP_GOING:-0}" == 1 ]]; then
        flags+=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
    fi
    # shellcheck disable=SC2206
    flags+=(${FUZZ_FLAGS:-})
    echo "fuzz: $target for ${seconds}s (log: $logs/$target.log)"
    # The files each input is written to, in memory when /dev/shm is there; removed after the run.
    local base=/tmp scratch
    [[ -w /dev/shm ]] && base=/dev/shm
    scratch="$(mktemp -d "$base/touch-gestures-fuzz-$target.XXXXXX")"
    local status=0
    FUZZ_SCRATCH="$scratch" run_env "$(binary "$target")" "${flags[@]}" "$corpus" "$fuzz/Corpus/$target" >"$logs/$target.log" 2>&1 || status=$?
    rm -rf "$scratch"
    # The last statistics line, and the findings.
    grep -E '^#[0-9]+' "$logs/$target.log" | tail -1 || true
    grep -E '^stat::' "$logs/$target.log" || true
    local found
    found="$(find "$findings" -type f -newer "$logs/$target.log.start" 2>/dev/null | sort || true)"
    if [[ -n "$found" || $status -ne 0 ]]; then
        echo "fuzz: $target: FINDINGS (status $status):"
        echo "$found" | sed 's/^/  /'
        return 1
    fi
    echo "fuzz: $target: no finding"
}

run() {
    local targets=("$@")
    [[ ${#targets[@]} -gt 0 ]] || targets=("${all_targets[@]}")
    for target in "${targets[@]}"; do
        [[ -x "$(binary "$target")" ]] || { echo "fuzz: $target is not built (scripts/fuzz.sh build)" >&2; exit 2; }
        mkdir -p "$fuzz/.build/logs"
        touch "$fuzz/.build/logs/$target.log.start"
    done
    local failed=0 pids=() names=()
    for target in "${targets[@]}"; do
        while [[ ${#pids[@]} -ge $jobs ]]; do
            wait "${pids[0]}" || failed=1
            pids=("${pids[@]:1}")
        done
        run_one "$target" &
        pids+=($!)
    done
    for pid in "${pids[@]}"; do
        wait "$pid" || failed=1
    done
    return $failed
}

minimize() {
    local target="$1" input="$2"
    run_env "$(binary "$target")" -minimize_crash=1 -max_total_time="${seconds}" -timeout=10 -rss_limit_mb=2048 \
        -exact_artifact_path="$input.min" "$input"
}

case "${1:-}" in
    build) build ;;
    run) shift; run "$@" ;;
    minimize) shift; minimize "$@" ;;
    *) echo "usage: scripts/fuzz.sh build | run [TARGET...] | minimize TARGET FILE" >&2; exit 64 ;;
esac
