#!/usr/bin/env bash
# What CI reads from `kitsim test`: its TAP stream through Perl's `prove` (and TAP::Parser's
# YAML diagnostics), its JUnit XML against Jenkins's schema (Tests/Fixtures/junit-10.xsd)
# with xmllint, `--shard i/n` slices that cover every scenario once, the folder walk
# (subfolders, never lib/), the leak rule (`leaked`, `--allow-leaks`, expected leaks), and
# bad output paths refused before anything runs.
# Usage: scripts/test-ci-output.sh [path/to/kitsim]
set -euo pipefail
cd "$(dirname "$0")/.."
KITSIM=${1:-.build/release/kitsim}
for tool in prove perl xmllint; do
    command -v "$tool" >/dev/null || { echo "test-ci-output.sh: $tool is missing (Debian: perl, libxml2-utils; .ci/run installs them)" >&2; exit 1; }
done
work=$(mktemp -d "${TMPDIR:-/tmp}/kitsim-ci.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "test-ci-output.sh: $*" >&2; exit 1; }

# Two passing, one failed assertion, one crash, one script error; one in a subfolder;
# a lib module that is not a scenario, and a hidden folder.
s="$work/s"
mkdir -p "$s/sub" "$s/lib" "$s/.hidden"
printf 'sim.verify()\n' > "$s/a_pass.lua"
printf 'expect(1).to.equal(2)  -- "quoted" & <tagged>\n' > "$s/b_assert.lua"
printf 'local v = UIView()\nv:addSubview(v)\n' > "$s/c_crash.lua"
printf 'print("\\1 a control byte")\nerror("boom: \\"x\\"")\n' > "$s/sub/d_error.lua"
printf 'sim.verify()\n' > "$s/sub/e_pass.lua"
printf 'return {}\n' > "$s/lib/helper.lua"
printf 'error("hidden")\n' > "$s/.hidden/x.lua"

# The walk: five scenarios, in path order, lib/ and hidden folders skipped.
set +e
"$KITSIM" test -j 2 "$s" > "$work/plain.txt" 2>&1
status=$?
set -e
[ "$status" = 1 ] || fail "plain run exited $status, expected 1"
listed=$(grep -cE '^(ok|FAIL) ' "$work/plain.txt")
[ "$listed" = 5 ] || fail "expected 5 scenarios, got $listed: $(cat "$work/plain.txt")"
grep -q 'lib/helper.lua\|\.hidden' "$work/plain.txt" && fail "a lib/ or hidden file ran as a scenario"
tail -1 "$work/plain.txt" | grep -qx '2 passed, 3 failed' || fail "plain summary: $(tail -1 "$work/plain.txt")"

# TAP: stdout is the stream alone, the summary on stderr; prove reads it without a parse
# error and counts three failures.
set +e
"$KITSIM" test --tap "$s" > "$work/out.tap" 2> "$work/tap.err"
set -e
grep -qx '2 passed, 3 failed' "$work/tap.err" || fail "TAP summary not on stderr: $(cat "$work/tap.err")"
grep -q 'passed, ' "$work/out.tap" && fail "the summary is in the TAP stream"
head -1 "$work/out.tap" | grep -qx 'TAP version 13' || fail "first line: $(head -1 "$work/out.tap")"
printf '#!/bin/sh\ncat "%s"\n' "$work/out.tap" > "$work/kitsim.t"
chmod +x "$work/kitsim.t"
set +e
prove --exec '' "$work/kitsim.t" > "$work/prove.txt" 2>&1
set -e
grep -q 'Parse errors' "$work/prove.txt" && fail "prove: $(cat "$work/prove.txt")"
grep -q 'Failed 3/5 subtests' "$work/prove.txt" || fail "prove did not count 3 of 5 failed: $(cat "$work/prove.txt")"
# Each failure's YAML, as TAP::Parser reads it: message, severity, status and where.
perl -MTAP::Parser -e '
    my $p = TAP::Parser->new({ source => $ARGV[0] });
    my ($failed, $yaml, $last) = (0, 0, undef);
    while (my $r = $p->next) {
        if ($r->is_test) { $last = $r; $failed++ unless $r->is_ok; }
        if ($r->is_yaml) {
            my $d = $r->data;
            die "YAML without message/severity/status: " . join(",", sort keys %$d) . "\n"
                unless defined $d->{message} && defined $d->{severity} && defined $d->{status};
            die "YAML under a passing test\n" if $last->is_ok;
            die "no at.file/at.line in @{[ $last->description ]}\n" unless $d->{at} && $d->{at}{file} && $d->{at}{line};
            die "message does not start with the file: $d->{message}\n" unless index($d->{message}, $d->{at}{file} . ":") == 0;
            $yaml++;
        }
    }
    die "parse errors: @{[ $p->parse_errors ]}\n" if $p->parse_errors;
    die "expected 3 failures with YAML, got $failed failed and $yaml YAML blocks\n" unless $failed == 3 && $yaml == 3;
' "$work/out.tap"
"$KITSIM" test --tap-version 14 "$s" > "$work/out14.tap" 2>/dev/null || true
head -1 "$work/out14.tap" | grep -qx 'TAP version 14' || fail "--tap-version 14: $(head -1 "$work/out14.tap")"

# JUnit: valid against Jenkins's schema; <failure> for the assertion, <error> for the
# crash and the script error; time on every suite and case; classname from the folder.
set +e
"$KITSIM" test --junit "$work/out.xml" "$s" > /dev/null 2>&1
set -e
xmllint --noout --schema Tests/Fixtures/junit-10.xsd "$work/out.xml" 2> "$work/xmllint.txt" \
    || fail "JUnit does not validate: $(cat "$work/xmllint.txt")"
[ "$(grep -c '<failure ' "$work/out.xml")" = 1 ] || fail "expected one <failure>"
[ "$(grep -c '<error ' "$work/out.xml")" = 2 ] || fail "expected two <error>"
[ "$(grep -c '<testcase .*time="[0-9]*\.[0-9][0-9][0-9]"' "$work/out.xml")" = 5 ] || fail "a testcase without time"
[ "$(grep -c '<testsuite .*time=' "$work/out.xml")" = 2 ] || fail "expected two suites (two folders) with time"
grep -q "classname=\"${s//\//.}.sub\" name=\"d_error.lua\"" "$work/out.xml" \
    || grep -q 'classname="[^"]*\.sub" name="d_error.lua"' "$work/out.xml" || fail "classname from the folder"

# The leak rule: a scenario that runs to its end with a leak it does not expect fails as
# `leaked` (exit 1, the leak's line in the report, TAP `severity: fail`, JUnit <failure>),
# in worker processes and in process; `--allow-leaks` passes it; one that says
# `expect(obj).to.leak()` passes without the flag, its report marked `(expected)`.
l="$work/leaks"
mkdir -p "$l"
cat > "$l/cycle.lua" <<'LUA'
local Node = NSObject:subclass("Node", { next = "strong" })
local a, b = Node(), Node()
a.next = b
b.next = a
sim.run(0)
LUA
{ cat "$l/cycle.lua"; printf 'expect(a).to.leak()
'; } > "$work/expected.lua"
for mode in "" --in-process; do
    set +e; "$KITSIM" test $mode "$l" > "$work/leak.txt" 2>&1; st=$?; set -e
    [ "$st" = 1 ] || fail "a scenario with a leak it does not expect ($mode): exit $st, $(cat "$work/leak.txt")"
    grep -qxF "FAIL  $l/cycle.lua" "$work/leak.txt" || fail "the leaking scenario is not a failure ($mode): $(cat "$work/leak.txt")"
    grep -qxF "      $l/cycle.lua: leaked: cycle: retain cycle of 2 objects: Node#4.next (strong) → Node#5.next (strong) → Node#4" "$work/leak.txt" \
        || fail "the leak failure's headline ($mode): $(cat "$work/leak.txt")"
    grep -qxF "      status: leaked" "$work/leak.txt" || fail "the leak failure's status ($mode): $(cat "$work/leak.txt")"
    grep -qxF "        cycle: retain cycle of 2 objects: Node#4.next (strong) → Node#5.next (strong) → Node#4" "$work/leak.txt" \
        || fail "the leak failure does not list the leak ($mode): $(cat "$work/leak.txt")"
    tail -1 "$work/leak.txt" | grep -qx '0 passed, 1 failed' || fail "leak summary ($mode): $(tail -1 "$work/leak.txt")"
    set +e; "$KITSIM" test $mode --allow-leaks "$l" > "$work/allowed.txt" 2>&1; st=$?; set -e
    [ "$st" = 0 ] && grep -qx '1 passed, 0 failed' "$work/allowed.txt" || fail "--allow-leaks ($mode): exit $st, $(cat "$work/allowed.txt")"
done
cp "$work/expected.lua" "$l/expected.lua"
set +e; "$KITSIM" test --tap --junit "$work/leak.xml" "$l" > "$work/leak.tap" 2> /dev/null; st=$?; set -e
[ "$st" = 1 ] || fail "the leak folder under --tap: exit $st"
grep -qx "ok 2 - $l/expected.lua" "$work/leak.tap" || fail "a scenario whose leak is expected failed: $(cat "$work/leak.tap")"
grep -qx "not ok 1 - $l/cycle.lua" "$work/leak.tap" || fail "TAP: the leaking scenario: $(cat "$work/leak.tap")"
grep -qx '  severity: fail' "$work/leak.tap" && grep -qx '  status: "leaked"' "$work/leak.tap" \
    && grep -qF "  message: \"$l/cycle.lua: leaked: cycle: retain cycle of 2 objects:" "$work/leak.tap" \
    || fail "TAP: the leak failure's YAML: $(cat "$work/leak.tap")"
printf '#!/bin/sh\ncat "%s"\n' "$work/leak.tap" > "$work/leak.t"
chmod +x "$work/leak.t"
set +e; prove --exec '' "$work/leak.t" > "$work/leak-prove.txt" 2>&1; set -e
grep -q 'Parse errors' "$work/leak-prove.txt" && fail "prove, leaks: $(cat "$work/leak-prove.txt")"
grep -q 'Failed 1/2 subtests' "$work/leak-prove.txt" || fail "prove did not count 1 of 2 failed: $(cat "$work/leak-prove.txt")"
xmllint --noout --schema Tests/Fixtures/junit-10.xsd "$work/leak.xml" 2> "$work/xmllint.txt" \
    || fail "JUnit with a leak failure does not validate: $(cat "$work/xmllint.txt")"
grep -q '<testsuite [^>]*tests="2" failures="1" errors="0"' "$work/leak.xml" || fail "JUnit: the leak is not one failure: $(cat "$work/leak.xml")"
grep -qF "<failure message=\"$l/cycle.lua: leaked: cycle: retain cycle of 2 objects: Node#4.next (strong) → Node#5.next (strong) → Node#4\" type=\"leaked\">" "$work/leak.xml" \
    || fail "JUnit: the leak failure's element: $(cat "$work/leak.xml")"
set +e; "$KITSIM" test --report "$work/leak-report" "$l" > /dev/null 2>&1; set -e
grep -qF '<td class="failed">leaked</td>' "$work/leak-report/index.html" || fail "the report index does not show the leak failure"
# kitsim run passes such a scenario and says so on stderr; an expected leak is not said.
set +e; "$KITSIM" run "$l/cycle.lua" > /dev/null 2> "$work/run-leak.err"; st=$?; set -e
[ "$st" = 0 ] || fail "kitsim run of a leaking scenario: exit $st"
grep -q '^kitsim: the scenario ends with 1 leak it does not expect, which kitsim test fails' "$work/run-leak.err" \
    && grep -qxF "  cycle: retain cycle of 2 objects: Node#4.next (strong) → Node#5.next (strong) → Node#4" "$work/run-leak.err" \
    || fail "kitsim run's report of an unexpected leak: $(cat "$work/run-leak.err")"
set +e; "$KITSIM" run "$l/expected.lua" > /dev/null 2> "$work/run-expected.err"; st=$?; set -e
[ "$st" = 0 ] && [ ! -s "$work/run-expected.err" ] || fail "kitsim run of an expected leak: exit $st, $(cat "$work/run-expected.err")"

# Shards: every scenario in exactly one of three slices, the same one every time.
all=$("$KITSIM" test "$s" 2>/dev/null || true)
all=$(printf '%s\n' "$all" | grep -E '^(ok|FAIL) ' | awk '{print $2}' | sort)
union=""
for i in 1 2 3; do
    slice=$("$KITSIM" test --shard "$i/3" "$s" 2>/dev/null || true)
    union="$union
$(printf '%s\n' "$slice" | grep -E '^(ok|FAIL) ' | awk '{print $2}')"
done
[ "$(printf '%s\n' "$union" | grep . | sort)" = "$all" ] || fail "the shards do not cover each scenario once"
first=$("$KITSIM" test --shard 2/3 "$s" 2>/dev/null || true)
again=$("$KITSIM" test --shard 2/3 "$s" 2>/dev/null || true)
[ "$first" = "$again" ] || fail "a shard differs between runs"
for bad in 0/3 4/3 x 1/0; do
    set +e; "$KITSIM" test --shard "$bad" "$s" > /dev/null 2> "$work/bad.txt"; st=$?; set -e
    [ "$st" = 64 ] && grep -q -- '--shard takes i/n' "$work/bad.txt" || fail "--shard $bad: exit $st, $(cat "$work/bad.txt")"
done

# --time-limit: seconds >= 0 on run, test and repl; a pure-Lua loop stops with the limit's
# message and exit 4, inside pcall too.
for cmd in run test repl; do
    for bad in -1 x inf; do
        # (the REPL takes no scenario operand: -i names one)
        operand=("$s"); [ $cmd = repl ] && operand=(-i "$s")
        set +e; "$KITSIM" $cmd --time-limit "$bad" "${operand[@]}" < /dev/null > /dev/null 2> "$work/bad.txt"; st=$?; set -e
        [ "$st" = 64 ] && grep -q -- '--time-limit takes seconds' "$work/bad.txt" || fail "$cmd --time-limit $bad: exit $st, $(cat "$work/bad.txt")"
    done
done
# Every command has its own --help, on stdout with exit 0, made from the same declaration
# as its parser; a misspelt option is refused with the nearest one and exit 64.
for cmd in run test repl graph api fuzz explore fix; do
    set +e; "$KITSIM" $cmd --help > "$work/help.txt" 2>&1; st=$?; set -e
    [ "$st" = 0 ] && head -1 "$work/help.txt" | grep -q "^usage: kitsim $cmd" && grep -q -- "-h, --help" "$work/help.txt" \
        || fail "kitsim $cmd --help: exit $st, $(head -3 "$work/help.txt")"
    # docs/cli.md shows the usage line as --help prints it, and every option.
    grep -qxF "$(head -1 "$work/help.txt")" docs/cli.md \
        || fail "docs/cli.md does not show kitsim $cmd's usage line as --help prints it: $(head -1 "$work/help.txt")"
    for option in $(sed -n 's/^  \(-[^ ,]*\).*/\1/p' "$work/help.txt"); do
        [ "$option" = -h ] || grep -qF -- "\`$option" docs/cli.md || fail "docs/cli.md does not mention kitsim $cmd's option $option"
    done
done
set +e; "$KITSIM" run --trce "$s" > /dev/null 2> "$work/bad.txt"; st=$?; set -e
[ "$st" = 64 ] && grep -q "unknown option '--trce' for run; did you mean '--trace'?" "$work/bad.txt" || fail "a misspelt option: exit $st, $(cat "$work/bad.txt")"
set +e; "$KITSIM" tset > /dev/null 2> "$work/bad.txt"; st=$?; set -e
[ "$st" = 64 ] && grep -q "unknown command 'tset'; did you mean 'test'?" "$work/bad.txt" || fail "a misspelt command: exit $st, $(cat "$work/bad.txt")"
printf 'print("before")\nprint(pcall(function() while true do end end))\nprint("escaped")\n' > "$work/spin.lua"
set +e; "$KITSIM" run "$work/spin.lua" --time-limit 0.2 > "$work/spin.out" 2> "$work/spin.err"; st=$?; set -e
[ "$st" = 4 ] || fail "a pure-Lua loop under --time-limit 0.2: exit $st"
[ "$(cat "$work/spin.out")" = before ] || fail "a pure-Lua loop under --time-limit 0.2 printed: $(cat "$work/spin.out")"
grep -q 'spin.lua:2: limit exceeded: time limit of 0.2 s reached' "$work/spin.err" || fail "time limit message: $(cat "$work/spin.err")"

# Bad output paths: refused before anything runs, with a message and a non-zero exit.
check_refused() {
    local path=$1 words=$2 st
    set +e; "$KITSIM" test --junit "$path" "$s" > "$work/ran.txt" 2> "$work/bad.txt"; st=$?; set -e
    [ "$st" = 73 ] || fail "--junit $path: exit $st"
    grep -q "$words" "$work/bad.txt" || fail "--junit $path: $(cat "$work/bad.txt")"
    [ ! -s "$work/ran.txt" ] || fail "--junit $path ran the scenarios"
}
check_refused /no/such/dir/out.xml "no such folder '/no/such/dir'"
check_refused "$work/out.txt" "unknown extension '.txt'; expected .xml"
check_refused "$work" "is a folder"
check_refused "$work/out" "no extension; expected .xml"
# kitsim fix: a delegate cycle's fix verified (exit 0), seed 000's weak root refuted by the
# black screen (exit 1), the HTML report with its section, and a clean run.
set +e; "$KITSIM" fix Scenarios/patterns/pattern_strong_delegate_cycle.lua > "$work/fix.txt" 2>&1; st=$?; set -e
[ "$st" = 0 ] && grep -q "suggested fix: make StrongScreenPicker.delegate weak" "$work/fix.txt" \
    && grep -q "fix verified: the leak is gone" "$work/fix.txt" || fail "kitsim fix of the delegate cycle: exit $st, $(head -5 "$work/fix.txt")"
set +e; "$KITSIM" fix Scenarios/seeds/seed000_fix1_strong_property.lua --report "$work/fix.html" > "$work/fix.txt" 2>&1; st=$?; set -e
[ "$st" = 1 ] && grep -q "fix refuted: with this change the screen is black at the end" "$work/fix.txt" \
    && grep -q '<h2 id="fixes">Suggested fixes</h2>' "$work/fix.html" || fail "kitsim fix of seed 000: exit $st, $(head -5 "$work/fix.txt")"
set +e; "$KITSIM" fix Scenarios/patterns/pattern_timer_target_leak.lua > "$work/fix.txt" 2>&1; st=$?; set -e
[ "$st" = 0 ] && grep -q "tried as: the run again, Timer#12.target let go as Detail#10 leaves the UI" "$work/fix.txt" \
    && grep -q "fix verified" "$work/fix.txt" || fail "kitsim fix of the timer: exit $st, $(head -5 "$work/fix.txt")"
set +e; "$KITSIM" fix Scenarios/patterns/pattern_timer_target_fix_invalidate.lua > "$work/fix.txt" 2>&1; st=$?; set -e
[ "$st" = 0 ] && grep -q "no leak: nothing to fix" "$work/fix.txt" || fail "kitsim fix of a clean scenario: exit $st, $(cat "$work/fix.txt")"

echo "test-ci-output.sh: all passed (TAP through prove, JUnit valid against junit-10.xsd, the leak rule, kitsim fix, shards, walk, --time-limit, bad paths)"
