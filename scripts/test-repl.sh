#!/usr/bin/env bash
# Drives `kitsim repl` through a real terminal (tmux) and checks what a person would see:
# multi-line input, completion of `UIWindow.`, `nav:`, `:mark`/`:since` and a mark's name, Ctrl-C stopping an endless
# loop (inside a coroutine too) and clearing the line at the prompt and at a `>>` continuation, `:undo`, `:save`
# producing a script that `kitsim run` passes, the history file, docs/repl.md's
# `repl -i Scenarios/seeds/seed000_…` example; then a piped session's stderr and exit codes.
# Usage: scripts/test-repl.sh [path/to/kitsim]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/release/kitsim}
command -v tmux >/dev/null || { echo "test-repl.sh: tmux is required (apt-get install tmux, or brew install tmux)" >&2; exit 1; }
tmp=$(mktemp -d)
session="kitsim-repl-$$"
cleanup() { tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT

tmux new-session -d -s "$session" -x 160 -y 50 "HOME=$tmp $bin repl; echo REPL-EXITED; sleep 30"
screen() { tmux capture-pane -p -t "$session" -S -200; }
# Waits until the screen shows $1 (a fixed string), or fails after 15 s.
expect_screen() {
    for _ in $(seq 1 150); do
        if screen | grep -qF -- "$1"; then return 0; fi
        sleep 0.1
    done
    echo "test-repl.sh: expected to see: $1" >&2
    screen >&2
    exit 1
}
# Waits until the last line is an empty prompt, so typed keys reach libedit, not the
# terminal's own echo while the previous entry still runs.
prompt_ready() {
    for _ in $(seq 1 150); do
        if [ "$(screen | grep -v '^$' | tail -n 1)" = ">" ]; then return 0; fi
        sleep 0.1
    done
    echo "test-repl.sh: no prompt" >&2; screen >&2; exit 1
}
send() { prompt_ready; tmux send-keys -t "$session" -l -- "$1"; }
more() { tmux send-keys -t "$session" -l -- "$1"; }
enter() { tmux send-keys -t "$session" Enter; }

expect_screen "Ctrl-D to quit"
# Ctrl-C at the prompt clears the line and keeps the session, as lua.c does.
send "abandoned = 1"; tmux send-keys -t "$session" C-c
send "=abandoned"; enter
expect_screen "> =abandoned"
prompt_ready
screen | grep -v '^$' | tail -n 2 | head -n 1 | grep -qx "nil" || { echo "test-repl.sh: Ctrl-C did not clear the line" >&2; screen >&2; exit 1; }
# … and at a continuation it abandons the entry.
send "function half(x)"; enter
expect_screen ">>"
tmux send-keys -t "$session" C-c
send "=half"; enter
expect_screen "> =half"
prompt_ready
screen | grep -v '^$' | tail -n 2 | head -n 1 | grep -qx "nil" || { echo "test-repl.sh: Ctrl-C did not abandon the entry" >&2; screen >&2; exit 1; }
# Multi-line input: the continuation prompt, then the value.
send "function twice(x)"; enter
expect_screen ">>"
more "  return x * 2"; enter
more "end"; enter
send "twice(21)"; enter
expect_screen "42"
# Completion of a class member and of a method after ':'.
send "UIWindow.Le"; tmux send-keys -t "$session" Tab
expect_screen "> UIWindow.Level"
more ".al"; tmux send-keys -t "$session" Tab; enter
expect_screen "2000"
send "nav = UINavigationController(UIViewController())"; enter
send "nav:pushV"; tmux send-keys -t "$session" Tab
expect_screen "nav:pushViewController"
tmux send-keys -t "$session" C-u
# Ctrl-C stops an endless loop and the prompt comes back.
send "while true do end"; enter
sleep 0.5
tmux send-keys -t "$session" C-c
expect_screen "interrupted"
send "=1 + 2"; enter
expect_screen "3"
# … also inside a coroutine (hooks are per thread: the coroutine being resumed is armed).
send "print(pcall(coroutine.wrap(function() while true do end end))) print('esc' .. 'aped')"; enter
sleep 0.5
tmux send-keys -t "$session" C-c
expect_screen "interrupted"
send "=2 + 3"; enter
expect_screen "5"
if screen | grep -qF "escaped"; then echo "test-repl.sh: Ctrl-C in a coroutine was swallowed" >&2; screen >&2; exit 1; fi
# :undo restores the state before the last entry.
send "w = UIWindow(); UIApplication.shared.delegate.window = w; w:makeKeyAndVisible()"; enter
send "w.isHidden = true"; enter
send ":undo"; enter
expect_screen "undone: w.isHidden = true"
send "=w.isHidden"; enter
expect_screen "false"
# :mark and :since: the command's name completes, the report lists what was made since.
send ":ma"; tmux send-keys -t "$session" Tab
expect_screen "> :mark"
more " gen"; enter
send "kept = sim.hold(UIView())"; enter
send ":si"; tmux send-keys -t "$session" Tab
expect_screen "> :since"
# … and after `:since ` the marks' names.
more " g"; tmux send-keys -t "$session" Tab
expect_screen "> :since gen"
enter
expect_screen "since mark 'gen': 1 object allocated since then is alive"
expect_screen "  1 UIView (stdin:16:1)"
# :save writes a scenario that kitsim run passes.
send ":save $tmp/session.lua"; enter
expect_screen "saved"
"$bin" run "$tmp/session.lua" > /dev/null
# Ctrl-D exits; the multi-line entry is one history record.
tmux send-keys -t "$session" C-d
expect_screen "REPL-EXITED"
test -s "$tmp/.kitsim_history"
grep -q "twice" "$tmp/.kitsim_history"

# docs/repl.md's example: `repl -i` runs a seed that requires Scenarios/lib/…, then the prompt
# is in its state.
tmux kill-session -t "$session"
tmux new-session -d -s "$session" -x 160 -y 50 "HOME=$tmp $bin repl -i Scenarios/seeds/seed000_splash_ad_weak_root.lua; echo REPL-EXITED; sleep 30"
expect_screen "Ctrl-D to quit"
send "=sim.alive(UIApplication.shared)"; enter
expect_screen "true"
if screen | grep -q "not found"; then echo "test-repl.sh: -i did not find the seed's modules" >&2; screen >&2; exit 1; fi
tmux send-keys -t "$session" C-d
expect_screen "REPL-EXITED"

# A C function Lua cannot interrupt (a pattern match that backtracks for ever): the first
# Ctrl-C cannot stop it, the second ends the session and says where it was stuck.
tmux kill-session -t "$session"
tmux new-session -d -s "$session" -x 160 -y 50 "HOME=$tmp $bin repl; echo REPL-EXITED \$?; sleep 30"
expect_screen "Ctrl-D to quit"
send 'print(string.find(("a"):rep(100000), ("a*"):rep(50) .. "b"))'; enter
sleep 0.5; tmux send-keys -t "$session" C-c; sleep 0.5; tmux send-keys -t "$session" C-c
expect_screen "stdin:1:1: interrupted; the run was inside 'find', a C function that Lua cannot interrupt, so the session ends"
expect_screen "REPL-EXITED 130"

# Piped (stdin not a terminal): values on stdout, the first error on stderr, and the
# session ends there with the exit code `kitsim run` gives that failure.
piped() {   # piped EXPECTED_CODE INPUT
    local code=0
    printf '%s\n' "$2" | "$bin" repl > "$tmp/out" 2> "$tmp/err" || code=$?
    [ "$code" = "$1" ] || { echo "test-repl.sh: piped '$2' exited $code, expected $1" >&2; cat "$tmp/err" >&2; exit 1; }
}
piped 0 "x = 20 + 1"$'\n'"x"
[ "$(cat "$tmp/out")" = "21" ] && [ ! -s "$tmp/err" ] || { echo "test-repl.sh: piped output" >&2; exit 1; }
piped 3 "error('boom')"$'\n'"print('after')"
grep -q "boom" "$tmp/err" && ! grep -q "after" "$tmp/out" || { echo "test-repl.sh: a piped error must stop the session on stderr" >&2; exit 1; }
piped 1 "expect(1).to.equal(2)"
piped 2 "UIWindow():nope()"
piped 4 "while true do end"          # the same instruction budget as kitsim run
piped 3 ":help me"
# The time limit ends a piped session stuck in a C function, with its report (exit 4).
code=0
printf '%s\n' 'print("before")' 'string.find(("a"):rep(100000), ("a*"):rep(50) .. "b")' | "$bin" repl --time-limit 1 > "$tmp/out" 2> "$tmp/err" || code=$?
[ "$code" = 4 ] && grep -q "before" "$tmp/out" && grep -q "stdin:2:1: limit exceeded: time limit of 1 s reached (a loop that never ends?); the run was inside 'find'" "$tmp/err" \
    || { echo "test-repl.sh: a piped entry stuck in a C function: exit $code" >&2; cat "$tmp/err" >&2; exit 1; }
piped 3 "function f()"               # input ends inside an entry
grep -q "'end' expected near <eof>" "$tmp/err" || { echo "test-repl.sh: an unfinished entry must be reported" >&2; exit 1; }
echo "test-repl.sh: all passed"
