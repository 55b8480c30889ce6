#!/usr/bin/env bash
# `make docs`: builds the DocC archive of each library module with swift-docc-plugin, warnings as errors, then
# checks that every public symbol of the modules in DOCS_COMPLETE has a documentation comment.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}

# The library modules an app uses (the umbrella TouchGestures only re-exports them), and Render, the SVG pictures
# (a library product too), and GestureService, `gestures serve`'s loop. GestureCore's catalog holds the articles and the tutorial.
modules=(GestureCore GestureFormat EvdevModel GestureRuntime TraceFormats TracePlayback LayoutFile LiveInput ToolkitInput EvdevDevice SystemCalls Render GestureService)
# The modules whose every public symbol is documented, a state `make docs` keeps (the count of those left is
# printed for every module): all of them.
complete=(${DOCS_COMPLETE:-GestureCore GestureFormat EvdevModel GestureRuntime TraceFormats TracePlayback LayoutFile LiveInput ToolkitInput EvdevDevice SystemCalls Render GestureService})

targets=()
for module in "${modules[@]}"; do targets+=(--target "$module"); done
out=.build/docs
log=$(mktemp)
trap 'rm -f "$log"' EXIT
mkdir -p "$out"
# --disable-sandbox: the plugin writes into .build/docs, outside the package's plugin work area.
# docc's own --warnings-as-errors turns its warnings into errors; the grep catches what the plugin or the
# symbol extraction warns about.
if ! "$SWIFT" package --disable-sandbox --allow-writing-to-directory "$out" generate-documentation "${targets[@]}" \
        --output-path "$out" --warnings-as-errors 2>&1 | tee "$log"; then
    echo "make docs: the documentation build failed" >&2
    exit 1
fi
if grep -E "(warning|error):" "$log" >/dev/null; then
    echo "make docs: the documentation build warned (see above)" >&2
    exit 1
fi

# Every public symbol documented: the symbol graphs the plugin extracted, one directory per module.
status=0
for module in "${modules[@]}"; do
    graph=$(find .build -path "*/extracted-symbols/*/$module/$module.symbols.json" | head -1)
    if [[ -z $graph ]]; then
        echo "make docs: no symbol graph of $module" >&2
        exit 1
    fi
    left=$( (python3 scripts/doc-coverage.py "$graph" 2>/dev/null || true) | wc -l)
    echo "make docs: $module: $left public symbol(s) without a documentation comment"
    if [[ " ${complete[*]} " == *" $module "* ]] && ((left > 0)); then
        python3 scripts/doc-coverage.py "$graph" || true
        status=1
    fi
done
((status == 0)) || { echo "make docs: undocumented public symbols in DOCS_COMPLETE modules (above)" >&2; exit 1; }
echo "make docs: ${#modules[@]} archives in $out"
