#!/usr/bin/env bash
# What no script can do to the host: a run stuck in a C function that Lua cannot interrupt
# ends within the time limit plus the watchdog's grace second, with a report naming the
# function and the line (`kitsim run`); and `kitsim test` on a folder that holds a
# scenario that crashes the host, one stuck in a C function, one in a pure-Lua loop and a
# passing one prints a line for each, a complete summary and valid TAP and JUnit, and
# exits 1, within the time limit plus a few seconds. The crash is injected
# (KITSIM_TEST_INJECT: no script can crash the host on purpose).
# Usage: scripts/test-isolation.sh [path/to/kitsim]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "${1:-.build/release/kitsim}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "test-isolation.sh: $*" >&2; exit 1; }
# Every run under a hard limit of its own, so that a host that does not keep the promise
# fails this test instead of hanging it (perl's alarm: macOS has no timeout(1)).
limit() { perl -e 'alarm shift; exec @ARGV or exit 127' 30 "$@"; }
now() { perl -MTime::HiRes=time -e 'printf "%.3f\n", time'; }
within() { perl -e 'exit(($ARGV[1] - $ARGV[0]) <= $ARGV[2] ? 0 : 1)' "$1" "$2" "$3"; }

# kitsim run: a pattern match that backtracks for ever, and table.move over 10^15 slots.
printf 'print("before")\nlocal s = ("a"):rep(100000)\nprint(string.find(s, ("a*"):rep(50) .. "b"))\nprint("after")\n' > "$work/find.lua"
printf 'print(table.move({}, 1, 1e15, 2))\n' > "$work/move.lua"
for case in "find:3" "move:1"; do
    name=${case%%:*}; line=${case##*:}
    start=$(now)
    set +e; limit "$bin" run "$work/$name.lua" --time-limit 1 > "$work/out" 2> "$work/err"; st=$?; set -e
    end=$(now)
    [ "$st" = 4 ] || fail "$name: exit $st, expected 4: $(cat "$work/err")"
    grep -qF "$work/$name.lua:$line: limit exceeded: time limit of 1 s reached (a loop that never ends?); the run was inside '$name', a C function that Lua cannot interrupt, so KitSim ended the process 1 s later" "$work/err" \
        || fail "$name: the report: $(cat "$work/err")"
    grep -q "== LIMIT EXCEEDED ==" "$work/err" || fail "$name: no headline: $(cat "$work/err")"
    if [ "$name" = find ]; then [ "$(cat "$work/out")" = before ] || fail "find: output before the stop: $(cat "$work/out")"; fi
    within "$start" "$end" 5 || fail "$name: took $start..$end, more than the limit and the grace second and 3 s"
done

# A host crash (a signal from outside stands in for a bug in KitSim) is reported with what
# was running, and the signal still ends the process.
printf 'while true do end\n' > "$work/loop.lua"
"$bin" run "$work/loop.lua" --time-limit 0 > /dev/null 2> "$work/crash.err" & pid=$!
sleep 0.5; kill -SEGV $pid
set +e; wait $pid; st=$?; set -e
[ "$st" = 139 ] || fail "a crashed run exited $st, expected 139"
grep -qF "kitsim: the host crashed (signal 11, SIGSEGV) while running the scenario $work/loop.lua." "$work/crash.err" || fail "crash report: $(cat "$work/crash.err")"
(printf 'x = 1\nwhile true do end\n'; sleep 5) | "$bin" repl --time-limit 0 > /dev/null 2> "$work/crash.err" & pid=$!
sleep 1; kill -SEGV $pid
wait $pid 2>/dev/null || true
grep -qF "kitsim: the host crashed (signal 11, SIGSEGV) while running the REPL entry 'while true do end'." "$work/crash.err" || fail "REPL crash report: $(cat "$work/crash.err")"

# kitsim test: a line per scenario, a complete summary, TAP and JUnit.
mkdir -p "$work/mix/sub"
printf 'print("fine")\n' > "$work/mix/a_pass.lua"
printf 'print("never")\n' > "$work/mix/b_crash.lua"
cp "$work/find.lua" "$work/mix/c_stuck.lua"
printf 'while true do end\n' > "$work/mix/sub/d_loop.lua"
printf 'local t = {} for i = 1, 2000 do t[i] = i end\nprint(table.unpack(t))\n' > "$work/mix/sub/e_unpack.lua"
start=$(now)
set +e
KITSIM_TEST_INJECT=crash:b_crash.lua limit "$bin" test "$work/mix" --time-limit 2 --junit "$work/j.xml" > "$work/plain" 2> "$work/plain.err"; st=$?
set -e
end=$(now)
[ "$st" = 1 ] || fail "kitsim test: exit $st, expected 1: $(cat "$work/plain" "$work/plain.err")"
within "$start" "$end" 8 || fail "kitsim test took $start..$end: more than the time limit and a few seconds"
grep -qx "ok    $work/mix/a_pass.lua" "$work/plain" || fail "no pass line: $(cat "$work/plain")"
grep -qx "FAIL  $work/mix/b_crash.lua" "$work/plain" || fail "no crash line: $(cat "$work/plain")"
grep -qF "$work/mix/b_crash.lua: crashed (host signal 11, SIGSEGV)" "$work/plain" || fail "the crash is not named: $(cat "$work/plain")"
grep -qF "injected host crash running $work/mix/b_crash.lua" "$work/plain" || fail "the worker's last words are not quoted: $(cat "$work/plain")"
grep -qx "FAIL  $work/mix/c_stuck.lua" "$work/plain" || fail "no stuck line: $(cat "$work/plain")"
grep -qF "$work/mix/c_stuck.lua:3: limit exceeded: time limit of 2 s reached (a loop that never ends?); the run was inside 'find'" "$work/plain" || fail "the stuck scenario's report: $(cat "$work/plain")"
grep -qx "FAIL  $work/mix/sub/d_loop.lua" "$work/plain" || fail "no loop line: $(cat "$work/plain")"
grep -qF "$work/mix/sub/d_loop.lua:1: limit exceeded: time limit of 2 s reached" "$work/plain" || fail "the loop's report: $(cat "$work/plain")"
grep -qx "ok    $work/mix/sub/e_unpack.lua" "$work/plain" || fail "2,000 values through print: $(cat "$work/plain")"
[ "$(tail -n 1 "$work/plain")" = "2 passed, 3 failed" ] || fail "summary: $(tail -n 1 "$work/plain")"
xmllint --noout --schema Tests/Fixtures/junit-10.xsd "$work/j.xml" 2> "$work/xmllint.txt" || fail "JUnit: $(cat "$work/xmllint.txt")"
grep -q 'tests="5" failures="0" errors="3"' "$work/j.xml" || fail "JUnit counts: $(head -3 "$work/j.xml")"
grep -q '<error message="[^"]*b_crash.lua: crashed (host signal 11, SIGSEGV)' "$work/j.xml" || fail "JUnit crash: $(cat "$work/j.xml")"
# TAP through prove: five tests, three failed, no parse error.
set +e
KITSIM_TEST_INJECT=crash:b_crash.lua limit "$bin" test "$work/mix" --time-limit 2 --tap > "$work/out.tap" 2> "$work/tap.err"
set -e
grep -qx '2 passed, 3 failed' "$work/tap.err" || fail "TAP summary: $(cat "$work/tap.err")"
printf '#!/bin/sh\ncat "%s"\n' "$work/out.tap" > "$work/kitsim.t"
chmod +x "$work/kitsim.t"
set +e; prove --exec '' "$work/kitsim.t" > "$work/prove.txt" 2>&1; set -e
grep -q 'Parse errors' "$work/prove.txt" && fail "prove: $(cat "$work/prove.txt")"
grep -q "Failed 3/5 subtests" "$work/prove.txt" || fail "prove: $(cat "$work/prove.txt")"
# One job: the worker that crashed is replaced and the rest still run, in order.
set +e; KITSIM_TEST_INJECT=crash:a_pass.lua limit "$bin" test "$work/mix" -j 1 --time-limit 2 > "$work/one" 2>&1; set -e
[ "$(tail -n 1 "$work/one")" = "2 passed, 3 failed" ] || fail "-j 1 after a crash: $(cat "$work/one")"
grep -qx "ok    $work/mix/sub/e_unpack.lua" "$work/one" || fail "-j 1: the last scenario did not run after the crash: $(cat "$work/one")"
# The workers' reports are the in-process run's, byte for byte: each kind of failure, with
# tabs, newlines and backslashes in its messages and output.
mkdir -p "$work/kinds"
printf 'print("a\\tb\\\\c")\nexpect(1).to.equal(2)\n' > "$work/kinds/assertion.lua"
printf 'local v = UIView()\nv:addSubview(v)\n' > "$work/kinds/crash.lua"
printf 'print("line\\nbreak")\nerror("multi\\nline\\twith tab")\n' > "$work/kinds/error.lua"
printf 'while true do sim.run(0) end\n' > "$work/kinds/work.lua"
printf 'local w = UIWindow()\nprint(w)\n' > "$work/kinds/pass.lua"
for mode in isolated in-process; do
    opt=(); [ $mode = in-process ] && opt=(--in-process)
    set +e
    limit "$bin" test "$work/kinds" ${opt[@]+"${opt[@]}"} > "$work/$mode.plain" 2>&1
    limit "$bin" test "$work/kinds" --tap ${opt[@]+"${opt[@]}"} 2>&1 | grep -v duration_ms > "$work/$mode.tap"
    set -e
done
cmp -s "$work/isolated.plain" "$work/in-process.plain" || { diff "$work/in-process.plain" "$work/isolated.plain" >&2; fail "the workers' plain report differs from the in-process one"; }
cmp -s "$work/isolated.tap" "$work/in-process.tap" || { diff "$work/in-process.tap" "$work/isolated.tap" >&2; fail "the workers' TAP differs from the in-process one"; }
[ "$(tail -n 1 "$work/isolated.plain")" = "1 passed, 4 failed" ] || fail "kinds: $(cat "$work/isolated.plain")"
echo "test-isolation.sh: all passed"
