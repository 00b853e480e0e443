#!/usr/bin/env bash
# The KitSim benchmark (BENCHMARKS.md), in one command: builds everything in
# release mode, then prints
#   1. binding speed against a plain C binding (ratios measured side by side), the same
#      with the instruction budget off, and callgrind instruction counts of the loops;
#   2. start-up of `kitsim run empty.lua` against `lua5.4 empty.lua` (hyperfine);
#   3. scale: 100,000 push/pop pairs, then the heap benchmark (1,000,000 objects);
#   4. `kitsim test` throughput over 500 generated scenarios, -j 1 and -j 2.
# Arguments go to kitsim-lua-bench (e.g. `--only binding`, `--rounds 30`); `--quick`
# skips the 1,000,000-object heap benchmark. Benchmarks, not tests: nothing here is timed
# against a limit; a run exits non-zero only when a measured run did not do its work.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
quick=0
args=()
for a in "$@"; do
    if [ "$a" = "--quick" ]; then quick=1; else args+=("$a"); fi
done
kitsim_install hyperfine valgrind lua5.4
# One product at a time: the machine may be shared, and builds are slow.
for product in kitsim kitsim-lua-bench kitsim-bench; do
    swift build -c release --product "$product" >&2
done
echo "load average: $(uptime | sed 's/.*load averages*: //')  (2-core machines shared with other work give noisy timings)"
status=0
.build/release/kitsim-lua-bench ${args[@]+"${args[@]}"} || status=$?
if [ "$quick" -eq 0 ]; then
    echo
    .build/release/kitsim-bench --only tree,leaks || status=$?
fi
exit $status
