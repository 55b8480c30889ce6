#!/usr/bin/env bash
# `make docs`: builds the DocC archive of each library module with swift-docc-plugin, warnings as errors, checks
# that every public symbol of the modules in DOCS_COMPLETE has a documentation comment, then merges the archives
# into one (.build/docs/combined.doccarchive) and checks the links between modules' pages.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}

# The library modules an app uses, the umbrella TouchGestures (no symbol of its own: its page says which module to
# read for what), Render, the SVG pictures (a library product too), and GestureService, `gestures serve`'s loop.
# GestureCore's catalog holds the articles and the tutorial.
modules=(TouchGestures GestureCore GestureFormat EvdevModel GestureRuntime TraceFormats TracePlayback LayoutFile LiveInput ToolkitInput Haptics EvdevDevice SystemCalls Render GestureService)
# The modules whose every public symbol is documented, a state `make docs` keeps (the count of those left is
# printed for every module): all of them.
complete=(${DOCS_COMPLETE:-TouchGestures GestureCore GestureFormat EvdevModel GestureRuntime TraceFormats TracePlayback LayoutFile LiveInput ToolkitInput Haptics EvdevDevice SystemCalls Render GestureService})

targets=()
for module in "${modules[@]}"; do targets+=(--target "$module"); done
out=.build/docs
log=$(mktemp)
trap 'rm -f "$log"' EXIT
mkdir -p "$out"
# Runs the command after WHAT, its output shown; stops, naming WHAT, when it fails or warns.
without_warnings() {
    local what=$1
    shift
    if ! "$@" 2>&1 | tee "$log"; then
        echo "make docs: $what failed" >&2
        exit 1
    fi
    if grep -E "(warning|error):" "$log" >/dev/null; then
        echo "make docs: $what warned (see above)" >&2
        exit 1
    fi
}
# --disable-sandbox: the plugin writes into .build/docs, outside the package's plugin work area.
# docc's own --warnings-as-errors turns its warnings into errors; the grep catches what the plugin or the
# symbol extraction warns about.
without_warnings "the documentation build" "$SWIFT" package --disable-sandbox --allow-writing-to-directory "$out" \
    generate-documentation "${targets[@]}" --output-path "$out" --warnings-as-errors

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

# Every module's pages in one archive, where a page links to another module's by its path from the archive's root
# (DocC resolves symbol links within one module only): the umbrella's table and its links to GestureCore's articles.
combined="$out/combined.doccarchive"
rm -rf "$combined"
# The toolchain's docc, beside its swift (DOCC to choose another).
docc=${DOCC:-$(dirname "$(command -v "$SWIFT")")/docc}
[[ -x $docc ]] || docc=docc
archives=()
for module in "${modules[@]}"; do archives+=("$out/$module.doccarchive"); done
without_warnings "merging the archives" "$docc" merge "${archives[@]}" --output-path "$combined" \
    --synthesized-landing-page-name TouchGestures
# Each such link goes to a page of the combined archive.
broken=0
while IFS= read -r link; do
    page=${link#](}
    page=${page%)}
    if [[ ! -f "$combined/data$page.json" ]]; then
        echo "make docs: no page $page in the combined archive" >&2
        broken=1
    fi
done < <(grep -rhoE '\]\(/(documentation|tutorials)/[^)]*\)' Sources --include='*.md')
((broken == 0)) || { echo "make docs: links to pages that do not exist (above)" >&2; exit 1; }
echo "make docs: ${#modules[@]} archives and the combined one in $out"
