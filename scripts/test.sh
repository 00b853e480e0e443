#!/usr/bin/env bash
# The whole test suite: installs what it needs, runs the Swift tests, every built-in
# scenario, and the benchmark in its short smoke mode (a check that it still works,
# never a timing).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
swift build --build-tests
swift test --skip-build
swift build -c release
for s in $(.build/release/kitsim scenarios | cut -f1); do
    .build/release/kitsim scenario "$s"
done
if [ -f bench/HeapBench/main.swift ]; then
    .build/release/kitsim-bench --smoke
fi
echo "test.sh: all passed"
