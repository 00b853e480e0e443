#!/usr/bin/env bash
# The pictures through the command line (SPEC §5): `--graph` and `--screen` by extension
# (.dot/.mmd as text, .svg/.png through Graphviz's dot and librsvg's rsvg-convert), an
# unknown extension and a missing folder refused before the run, `--graph-focus`,
# `kitsim graph --format png`, and the message when dot is missing. Swift's
# PictureRulesTests renders every seed and checks sizes and overlapping labels.
# Usage: scripts/test-pictures.sh [path/to/kitsim]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(cd "$(dirname "${1:-.build/release/kitsim}")" && pwd)/$(basename "${1:-.build/release/kitsim}")
command -v dot >/dev/null || { echo "test-pictures.sh: Graphviz's dot is required (apt-get install graphviz, or brew install graphviz)" >&2; exit 1; }
command -v rsvg-convert >/dev/null || { echo "test-pictures.sh: rsvg-convert is required (apt-get install librsvg2-bin, or brew install librsvg)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "test-pictures.sh: $*" >&2; exit 1; }
seed=Scenarios/patterns/pattern_strong_delegate_cycle.lua

# Every format, by extension.
"$bin" run "$seed" --graph "$tmp/g.dot" > /dev/null
grep -q '^digraph ownership' "$tmp/g.dot" && grep -q 'color="#d32f2f", penwidth=2.5' "$tmp/g.dot" && grep -q 'cluster_legend' "$tmp/g.dot" \
    || fail "--graph g.dot: no DOT with red leaks and a legend"
"$bin" run "$seed" --graph "$tmp/g.mmd" > /dev/null
grep -q '^graph TD' "$tmp/g.mmd" && grep -q ':::leaked' "$tmp/g.mmd" && grep -q 'subgraph legend' "$tmp/g.mmd" || fail "--graph g.mmd"
"$bin" run "$seed" --graph "$tmp/g.svg" --screen "$tmp/s.svg" > /dev/null
grep -q '<svg' "$tmp/g.svg" && grep -q 'stroke="#d32f2f"' "$tmp/g.svg" && grep -q '>legend</text>' "$tmp/g.svg" || fail "--graph g.svg: not dot's SVG with a red leak and the legend"
grep -q 'level 0 · key window</text>' "$tmp/s.svg" || fail "--screen s.svg: no window title"
"$bin" run "$seed" --graph "$tmp/g.png" --screen "$tmp/s.png" > /dev/null
for f in g.png s.png; do
    [ "$(head -c 8 "$tmp/$f" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "$f is not a PNG"
    [ "$(wc -c < "$tmp/$f")" -gt 5000 ] || fail "$f is too small"
done
"$bin" graph "$seed" --format png > "$tmp/g2.png"
cmp -s "$tmp/g.png" "$tmp/g2.png" || fail "kitsim graph --format png differs from run --graph g.png"
"$bin" graph "$seed" --format svg --focus strong > "$tmp/focus.svg"
grep -q '#fff3c4' "$tmp/focus.svg" && ! grep -q 'UIScreen#2' "$tmp/focus.svg" || fail "kitsim graph --focus"

# --graph-focus: a label or #id; an unknown one is an error listing the labels.
"$bin" run "$seed" --graph "$tmp/f.dot" --graph-focus strong > /dev/null
grep -q 'fillcolor="#fff3c4"' "$tmp/f.dot" && ! grep -q 'UIScreen#2' "$tmp/f.dot" || fail "--graph-focus strong"
"$bin" run "$seed" --graph "$tmp/f1.dot" --graph-focus '#1' > /dev/null
grep -q 'o1 \[label="UIApplication#1\\n\[UIApplication.shared\]", style="rounded,bold,filled", fillcolor="#fff3c4"\]' "$tmp/f1.dot" || fail "--graph-focus #1"
status=0; "$bin" run "$seed" --graph "$tmp/f2.dot" --graph-focus nobody > /dev/null 2> "$tmp/err" || status=$?
[ "$status" -eq 65 ] && grep -q "kitsim: --graph-focus nobody: no object labelled 'nobody' and it is not an id like #12; the labels are " "$tmp/err" \
    || fail "--graph-focus nobody: exit $status, $(cat "$tmp/err")"
status=0; "$bin" run "$seed" --graph-focus strong > /dev/null 2> "$tmp/err" || status=$?
[ "$status" -eq 64 ] && grep -q 'kitsim: --graph-focus needs --graph FILE' "$tmp/err" || fail "--graph-focus without --graph: exit $status"

# Bad paths are refused before the run, with a message and a non-zero exit.
expect_refused() {   # expect_refused MESSAGE ARGS...
    local message=$1; shift
    status=0; "$bin" run "$seed" "$@" > "$tmp/out" 2> "$tmp/err" || status=$?
    [ "$status" -eq 73 ] && grep -qF -- "$message" "$tmp/err" || fail "$*: exit $status, $(cat "$tmp/err")"
    [ ! -s "$tmp/out" ] || fail "$*: the scenario ran"
}
expect_refused "kitsim: --graph /no/such/dir/g.dot: no such folder" --graph /no/such/dir/g.dot
expect_refused "kitsim: --graph $tmp/g.txt: unknown extension; use .dot, .gv, .mmd, .mermaid, .svg or .png" --graph "$tmp/g.txt"
expect_refused "kitsim: --graph $tmp/graph: unknown extension" --graph "$tmp/graph"
expect_refused "kitsim: --screen $tmp/s.dot: unknown extension; use .svg or .png" --screen "$tmp/s.dot"
expect_refused "kitsim: --screen /no/such/dir/s.svg: no such folder" --screen /no/such/dir/s.svg
[ ! -e "$tmp/g.txt" ] || fail "an unknown extension was written"
status=0; "$bin" graph "$seed" --format jpeg > /dev/null 2> "$tmp/err" || status=$?
[ "$status" -eq 64 ] && grep -q "kitsim: --format takes dot, mermaid, svg or png, got 'jpeg'" "$tmp/err" || fail "graph --format jpeg: exit $status"

# Without dot: the package to install and how to get DOT text; DOT itself still works.
status=0; PATH=/nonexistent "$bin" run "$seed" --graph "$tmp/nodot.svg" > /dev/null 2> "$tmp/err" || status=$?
[ "$status" -eq 69 ] && grep -q 'install the `graphviz` package' "$tmp/err" && grep -q 'brew install graphviz' "$tmp/err" \
    && grep -q -- '--graph out.dot' "$tmp/err" || fail "no dot: exit $status, $(cat "$tmp/err")"
PATH=/nonexistent "$bin" run "$seed" --graph "$tmp/nodot.dot" > /dev/null || fail "no dot: --graph g.dot failed"
status=0; PATH=/nonexistent "$bin" run "$seed" --screen "$tmp/nodot.png" > /dev/null 2> "$tmp/err" || status=$?
[ "$status" -eq 69 ] && grep -q 'librsvg2-bin' "$tmp/err" || fail "no rsvg-convert: exit $status, $(cat "$tmp/err")"
echo "test-pictures.sh: all passed"
