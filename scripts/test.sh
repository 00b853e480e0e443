#!/usr/bin/env bash
# The whole test suite: installs what it needs, runs the Swift tests, the scenarios in
# Scenarios/seeds and Scenarios/patterns with `kitsim test`, those in Scenarios/explore with
# `kitsim explore`, a determinism check of
# `kitsim run --trace`, and the benchmark in its short smoke mode (a check that it still
# works, never a timing).
set -euo pipefail
# --fast: the contributors' tier, without the sanitizer, libFuzzer and dependency builds
# (CI runs all).
if [ "${1:-}" = "--fast" ]; then export KITSIM_SKIP_SANITIZERS=1; shift; fi
[ $# -eq 0 ] || { echo "usage: scripts/test.sh [--fast]" >&2; exit 64; }
cd "$(dirname "$0")/.."
source scripts/setup.sh
# The package must keep building on macOS, which CI cannot build: no Linux-only construct
# outside the platform layer or a Linux guard (the check's own samples first).
scripts/check-portability.sh --self-test
scripts/check-portability.sh
# The layers point one way and the bridge knows no UIKit (the check's own bad tree first).
scripts/check-layers.sh --self-test
scripts/check-layers.sh
# One optimized build serves the tests and the binaries: the heap tests work on a
# million objects, which takes seconds optimized and minutes in debug.
flags=(-c release -Xswiftc -enable-testing)
swift build "${flags[@]}" --build-tests
swift test "${flags[@]}" --skip-build
bin=.build/release
"$bin/kitsim" test Scenarios/seeds Scenarios/patterns
# The explore scenarios under kitsim explore: each bug found in the order expected, each
# fix clean and exhaustive (docs/explore.md); and the explorer's replay, divergence,
# shards and JSON from the command line.
scripts/test-explore.sh "$bin/kitsim"
# Stock Lua 5.4 where KitSim does not say otherwise: 300+ snippets under lua5.4 and
# kitsim run, every difference listed as deliberate (docs/limits.md, "Differences from
# stock Lua 5.4").
scripts/conformance.sh "$bin/kitsim"
# Same script, same trace, byte for byte (DEVELOPERS.md rule 3).
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bin/kitsim" run Scenarios/seeds/seed000_splash_ad_weak_root.lua --trace > "$tmp/a.txt"
"$bin/kitsim" run Scenarios/seeds/seed000_splash_ad_weak_root.lua --trace > "$tmp/b.txt"
cmp "$tmp/a.txt" "$tmp/b.txt"
# A failing scenario's report, TAP and JUnit name the line that raised it (SPEC §5).
mkdir -p "$tmp/failing"
printf 'local V = UIViewController:subclass("V")\nfunction V:viewDidLoad()\n  self.view:addSubview(self.view)\nend\nlocal w = UIWindow() w.rootViewController = V() w:makeKeyAndVisible()\n' > "$tmp/failing/override.lua"
if "$bin/kitsim" test "$tmp/failing" --tap --junit "$tmp/j.xml" > "$tmp/tap.txt"; then echo "test.sh: a failing scenario passed" >&2; exit 1; fi
grep -q "message: \"$tmp/failing/override.lua:3: NSInvalidArgumentException: Can't add self as subview\"" "$tmp/tap.txt"
grep -q "    line: 3" "$tmp/tap.txt"
grep -q "<error message=\"$tmp/failing/override.lua:3: " "$tmp/j.xml"
# What CI reads: TAP through prove, JUnit against Jenkins's schema, shards, the folder
# walk and bad output paths (needs perl and xmllint, which setup.sh installs).
scripts/test-ci-output.sh "$bin/kitsim"
# What no script can do to the host: a run stuck in a C function ends at the time limit
# with a report, and kitsim test reports every scenario when one crashes or hangs the host.
scripts/test-isolation.sh "$bin/kitsim"
# Graph and screen pictures (every format, bad paths refused, focus, a missing dot), and
# the LuaLS annotations.
scripts/test-pictures.sh "$bin/kitsim"
# The HTML report in headless Chromium (self-check, no console messages, a screenshot),
# its bad paths and kitsim test --report's pages.
scripts/test-report.sh "$bin/kitsim"
"$bin/kitsim" run Scenarios/seeds/seed002_alert_in_window0_viewdidload.lua --graph "$tmp/g.svg" --screen "$tmp/s.svg" > /dev/null
grep -q "TDAlertView" "$tmp/s.svg" && grep -q "</svg>" "$tmp/g.svg"
"$bin/kitsim" graph Scenarios/seeds/seed000_splash_ad_weak_root.lua --format dot > "$tmp/g.dot" 2>/dev/null
grep -q "digraph ownership" "$tmp/g.dot"
"$bin/kitsim" api --luals > "$tmp/kitsim.d.lua"
grep -q -- "---@class UINavigationController : UIViewController" "$tmp/kitsim.d.lua"
grep -q -- "---@param viewController UIViewController" "$tmp/kitsim.d.lua"
# The annotations are valid Lua (editors and luacheck load them as a stub).
if command -v luac5.4 > /dev/null; then luac5.4 -p "$tmp/kitsim.d.lua"; else echo "test.sh: luac5.4 missing, LuaLS syntax check skipped" >&2; fi
# The luacheck std is generated from a sandbox's globals: the committed .luacheckrc must
# match, and every script passes luacheck with it (lua-check, which setup.sh installs).
"$bin/kitsim" api --luacheck > "$tmp/luacheckrc"
diff -u .luacheckrc "$tmp/luacheckrc" > "$tmp/luacheck.diff" \
    || { echo "test.sh: .luacheckrc is out of date; run: .build/release/kitsim api --luacheck > .luacheckrc" >&2; cat "$tmp/luacheck.diff" >&2; exit 1; }
luacheck --no-color --config .luacheckrc Scenarios/ > "$tmp/luacheck.txt" \
    || { echo "test.sh: luacheck found problems in Scenarios/" >&2; cat "$tmp/luacheck.txt" >&2; exit 1; }
# The API reference is generated from the class declarations: the committed one must match.
"$bin/kitsim" api --markdown > "$tmp/API.md"
diff -u docs/API.md "$tmp/API.md" > "$tmp/api.diff" \
    || { echo "test.sh: docs/API.md is out of date; run: .build/release/kitsim api --markdown > docs/API.md" >&2; cat "$tmp/api.diff" >&2; exit 1; }
# The heap benchmark and the binding benchmark (binding, scale, generated scenarios through
# kitsim test) in smoke mode, and bench/run.sh --baseline's before/after table over two of
# their outputs.
"$bin/kitsim-lua-bench" --smoke > "$tmp/bench-smoke.txt"
"$bin/kitsim-bench" --smoke > "$tmp/heap-smoke.txt"
cat "$tmp/bench-smoke.txt" "$tmp/heap-smoke.txt" > "$tmp/bench-all.txt"
lua5.4 bench/compare.lua "$tmp/bench-all.txt" "$tmp/bench-all.txt" > "$tmp/bench-compare.txt"
grep -q '^| 1,000 push/pop pairs' "$tmp/bench-compare.txt" && grep -q '^| tree dealloc cascade, history on' "$tmp/bench-compare.txt" \
    || { echo "test.sh: bench/compare.lua lost rows" >&2; cat "$tmp/bench-compare.txt" >&2; exit 1; }
# The REPL through a real terminal (needs tmux, which .ci/run installs).
if command -v tmux > /dev/null; then scripts/test-repl.sh "$bin/kitsim"; else echo "test.sh: tmux missing, REPL terminal test skipped" >&2; fi
# The scenario fuzzer's smoke mode: 1,000 seeds x 100 random API calls, each
# call checked (a Lua error with a message, the bridge at rest, sim.verify(), no hold
# left behind); about 10 s. A failure prints the seed and a minimised script.
"$bin/kitsim" fuzz --seed 1 --count 100000
# The isolation itself: a child that crashes at seed 3, call 5 (injected) is reported as a
# host crash with the Swift runtime's message, and minimised to that one call.
status=0
KITSIM_FUZZ_INJECT=crash:3:5 "$bin/kitsim" fuzz --seed 1 --count 1000 > "$tmp/crash.txt" || status=$?
[ "$status" -eq 1 ] && grep -q "FAILURE at seed 3, call 5 of 100: host crash (signal" "$tmp/crash.txt" \
    && grep -q "injected host crash at seed 3, call 5" "$tmp/crash.txt" \
    && grep -q "minimised from 5 calls to 1" "$tmp/crash.txt" \
    || { echo "test.sh: the fuzzer did not report an injected host crash (exit $status):" >&2; cat "$tmp/crash.txt" >&2; exit 1; }
# The libFuzzer target through the engines' build script (.clusterfuzzlite/build.sh): its
# files, a bounded seeded run, and the planted defect trapped, minimised and replayed
# (two builds of their own, under .build/libfuzzer*; Linux only, as libFuzzer here).
# KITSIM_SKIP_SANITIZERS=1 skips it too.
if [ "${KITSIM_SKIP_SANITIZERS:-0}" != "1" ]; then scripts/test-libfuzzer.sh "$bin/kitsim"; fi
# A package that depends on KitSim by version builds it (no unsafe flags in the library
# products) and runs docs/swift-api.md's KitSimTesting test; a debug build of its own, so the
# fast tier skips it too.
if [ "${KITSIM_SKIP_SANITIZERS:-0}" != "1" ]; then scripts/test-dependency.sh; fi
# Sanitizers: the bridge's tests under ASan and the C shim under UBSan, in their
# own build folders; KITSIM_SKIP_SANITIZERS=1 skips them on a developer's machine.
# Linux only here: sanitize.sh's leak check and suppressions are Linux's (LeakSanitizer is
# not available with Apple's toolchains on every Mac); run it by hand on macOS.
if [ "${KITSIM_SKIP_SANITIZERS:-0}" != "1" ]; then
    if [ "$(uname -s)" = Linux ]; then scripts/sanitize.sh; else echo "test.sh: sanitizers skipped on $(uname -s)" >&2; fi
fi
echo "test.sh: all passed"
