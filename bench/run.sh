#!/usr/bin/env bash
# The KitSim benchmark (BENCHMARKS.md), in one command: builds everything in
# release mode, then prints
#   1. binding speed against a plain C binding (ratios measured side by side), the same
#      with the instruction budget off, and callgrind instruction counts of the loops;
#   2. start-up of `kitsim run empty.lua` against `lua5.4 empty.lua` (hyperfine);
#   3. scale: 100,000 push/pop pairs, then the heap benchmark (1,000,000 objects);
#   4. `kitsim test` throughput over 500 generated scenarios, -j 1 and -j 2.
# Arguments go to kitsim-lua-bench (e.g. `--only binding`, `--rounds 30`); `--quick`
# skips the 1,000,000-object heap benchmark. `--baseline DIR` builds and runs the same
# benchmarks in DIR (another checkout, e.g. a worktree of an earlier commit) first, then
# this checkout's, and prints both and one before/after table (bench/compare.lua).
# Benchmarks, not tests: nothing here is timed against a limit; a run exits non-zero only
# when a measured run did not do its work.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
quick=0
baseline=""
args=()
while [ $# -gt 0 ]; do
    case "$1" in
        --quick) quick=1 ;;
        --baseline) baseline=${2:?--baseline needs a checkout}; shift ;;
        *) args+=("$1") ;;
    esac
    shift
done
kitsim_install hyperfine valgrind lua5.4
# Builds the three products in checkout $1 (one at a time: the machine may be shared, and
# builds are slow), then prints the tables of its benchmarks.
bench_in() {
    (cd "$1" && for product in kitsim kitsim-lua-bench kitsim-bench; do
        swift build -c release --product "$product" >&2
    done)
    local st=0
    "$1/.build/release/kitsim-lua-bench" ${args[@]+"${args[@]}"} || st=$?
    if [ "$quick" -eq 0 ]; then
        echo
        "$1/.build/release/kitsim-bench" --only tree,leaks || st=$?
    fi
    return $st
}
status=0
if [ -n "$baseline" ]; then
    out=$(mktemp -d)
    trap 'rm -rf "$out"' EXIT
    echo "load average: $(uptime | sed 's/.*load averages*: //')  (baseline: $baseline)"
    bench_in "$baseline" | tee "$out/before.txt" || status=$?
    echo
    echo "load average: $(uptime | sed 's/.*load averages*: //')  (this checkout)"
    bench_in . | tee "$out/after.txt" || status=$?
    echo
    lua5.4 bench/compare.lua "$out/before.txt" "$out/after.txt"
else
    echo "load average: $(uptime | sed 's/.*load averages*: //')  (2-core machines shared with other work give noisy timings)"
    bench_in . || status=$?
fi
exit $status
