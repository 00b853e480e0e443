#!/usr/bin/env bash
# The whole test suite: installs what it needs, runs the Swift tests, every built-in
# scenario, and the benchmark in its short smoke mode (a check that it still works,
# never a timing).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
# One optimized build serves the tests and the binaries: the heap tests work on a
# million objects, which takes seconds optimized and minutes in debug.
flags=(-c release -Xswiftc -enable-testing)
swift build "${flags[@]}" --build-tests
swift test "${flags[@]}" --skip-build
for s in $(.build/release/kitsim scenarios | cut -f1); do
    .build/release/kitsim scenario "$s"
done
if [ -f bench/HeapBench/main.swift ]; then
    .build/release/kitsim-bench --smoke
fi
echo "test.sh: all passed"
