#!/usr/bin/env bash
# The differential conformance test: every snippet of Tests/Conformance (the hand-written
# ones in snippets.lua and the ones generate.lua writes) runs under stock `lua5.4 FILE`
# and under `kitsim run FILE`, and the two must agree on standard output (byte for
# byte), on success or failure, on the error message and on the warnings, unless
# Tests/Conformance/deliberate.txt lists the snippet with the row of "Differences from
# stock Lua 5.4" (docs/limits.md) that explains it. A listed snippet that no longer differs fails too.
# Usage: scripts/conformance.sh [KITSIM_BINARY]   (default .build/release/kitsim)
set -euo pipefail
cd "$(dirname "$0")/.."
kitsim=$(realpath "${1:-.build/release/kitsim}")
lua=${LUA:-lua5.4}
dir=Tests/Conformance
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$lua" "$dir/generate.lua" > "$tmp/generated.txt"
"$lua" "$dir/split.lua" "$tmp/run" "$dir/snippets.lua" "$tmp/generated.txt"
# Each snippet runs in its own folder-relative name (error messages carry it), with the
# same two script arguments, no standard input and a time limit; both interpreters in
# turn, two snippets at a time.
# The time limit: coreutils' timeout where there is one (macOS has none unless Homebrew's
# coreutils is installed), else perl's alarm (macOS ships perl).
limit() {
    if command -v timeout >/dev/null; then timeout 20 "$@"; else perl -e 'alarm shift; exec @ARGV or exit 127' 20 "$@"; fi
}
run_one() {
    local f=$1 opts=()
    case "$f" in sandbox_*) opts=(--sandbox) ;; esac
    limit "$LUA" "$f" one two < /dev/null > "$f.lua.out" 2> "$f.lua.err" && echo 0 > "$f.lua.rc" || echo $? > "$f.lua.rc"
    # ${opts[@]+…}: macOS's bash 3.2 calls an empty array unbound under set -u.
    limit "$KITSIM" run "$f" ${opts[@]+"${opts[@]}"} -- one two < /dev/null > "$f.kit.out" 2> "$f.kit.err" && echo 0 > "$f.kit.rc" || echo $? > "$f.kit.rc"
}
export -f limit run_one
export LUA="$lua" KITSIM="$kitsim"
(cd "$tmp/run" && ls | grep '\.lua$' | xargs -P2 -n 10 bash -c 'for f; do run_one "$f"; done' _)
"$lua" "$dir/compare.lua" "$tmp/run" "$dir/deliberate.txt" docs/limits.md
