#!/usr/bin/env bash
# The cost of `--explain`: the instructions of the engine benchmarks (Benchmarks/EngineBenchmarks), with
# explanations off and on, against the same benchmarks built on the engine before `--explain` existed, in
# one run on one machine. Instructions, not time: the figures hold on a machine busy with other work.
#
#   Benchmarks/explain-cost.sh [BASE]      (BASE: a commit without `--explain`; default the one before
#                                           Sources/GestureCore/Explanation/ was added)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
export PATH="/opt/swift/usr/bin:$PATH"
base=${1:-$(git log --diff-filter=A --format=%H -- Sources/GestureCore/Explanation/Explanation.swift | tail -1)^}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The engine at BASE, with today's benchmark package, less the benchmarks of explanations.
git archive "$base" | tar -x -C "$work"
rm -rf "$work/Benchmarks"
mkdir -p "$work/Benchmarks"
git ls-files -z Benchmarks | (cd "$root" && xargs -0 cp -P --parents -t "$work")
sed -i '/explain:begin/,/explain:end/d' "$work/Benchmarks/Benchmarks/EngineBenchmarks/EngineBenchmarks.swift"

# The instructions (median) of each benchmark, as `NAME<TAB>COUNT` lines.
instructions() {
    (cd "$1/Benchmarks" && swift package benchmark --target EngineBenchmarks --metric instructions --format markdown --no-progress 2>/dev/null) |
        awk -F'|' '
            /^### / { name = substr($0, 5); sub(/ metrics$/, "", name) }
            /Instructions/ && name != "" { gsub(/ /, "", $5); print name "\t" $5; name = "" }'
}

echo "base: $(git rev-parse --short "$base")"
instructions "$work" > "$work/base.tsv"
instructions "$root" > "$work/now.tsv"
awk -F'\t' '
    NR == FNR { base[$1] = $2; next }
    { printf "%-60s %12s", $1, $2; if ($1 in base) printf "   base %12s", base[$1]; print "" }
' "$work/base.tsv" "$work/now.tsv"
