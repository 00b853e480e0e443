#!/usr/bin/env bash
# The explore scenarios (Scenarios/explore) under `kitsim explore`: a bug's scenario must
# fail with the expected headline (and, where the bug needs a moved event, in an order that
# moves it), a fix's must pass, exhaustive up to 2 delays; then what the command line
# promises around a search: the printed replay reproduces the failure byte for byte, an
# edited script stops with the label where the schedule diverged, the shards' union is the
# whole search, and --json is JSON.
#   scripts/test-explore.sh [KITSIM]
set -euo pipefail
cd "$(dirname "$0")/.."
kitsim=${1:-.build/release/kitsim}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

fail() { echo "test-explore.sh: $*" >&2; failures=$((failures + 1)); }

# expect FILE STATUS TEXT...: kitsim explore FILE exits with STATUS and prints every TEXT.
expect() {
    local file=$1 want=$2 status=0
    shift 2
    "$kitsim" explore "$file" > "$tmp/out.txt" 2> "$tmp/err.txt" || status=$?
    if [ "$status" -ne "$want" ]; then
        fail "$file: exit $status, expected $want"; cat "$tmp/out.txt" "$tmp/err.txt" >&2; return
    fi
    for text in "$@"; do
        grep -qF -- "$text" "$tmp/out.txt" || { fail "$file: no '$text' in:"; cat "$tmp/out.txt" >&2; }
    done
}

# Seed 003: the double tap crashes, already in the default order; the guard holds in every
# order; the guard without its willShow hook is stuck after the swipe that lands after the
# push (one delay), and the whole category is not.
expect Scenarios/explore/seed003_double_tap_bug.lua 1 \
    "NSInvalidArgumentException: Can't add self as subview" "exhaustive up to 2 delays" "the default order fails"
expect Scenarios/explore/seed003_double_tap_fix.lua 0 "exhaustive up to 2 delays" "passed"
expect Scenarios/explore/seed003_swipe_back_bug.lua 1 \
    "expected Screen" "(1 delay, 1 event moved)" "ran ahead of: swipe back, let go" "sim.schedule\""
expect Scenarios/explore/seed003_swipe_back_fix.lua 0 "exhaustive up to 2 delays" "passed"

# Seed 004: the login response swaps the root under the consent screen (abandoned, one
# delay); the article's safeRootViewController never swaps when the response lands during the
# consent screen's presentation (one delay); waiting for the transition is clean.
expect Scenarios/explore/seed004_root_swap_bug.lua 1 \
    "abandoned" "UITransitionView" "(1 delay, 1 event moved)" "ran ahead of: response ("
expect Scenarios/explore/seed004_safe_root_bug.lua 1 \
    "expected LoginViewController" "(1 delay, 1 event moved)" "ask for consent   ran ahead of: response ("
expect Scenarios/explore/seed004_root_swap_fix.lua 0 "exhaustive up to 2 delays" "passed"
# Seed 000: the weak tmpRootVc leaves the window without a root when the SDK's set-up runs
# before the engine starts (one delay); the strong property is clean.
expect Scenarios/explore/seed000_splash_race_bug.lua 1 \
    "sim.always failed after 'ad finished': the window has a root controller" "(1 delay, 1 event moved)" \
    "SDK set-up   ran ahead of: engine started"
expect Scenarios/explore/seed000_splash_race_fix.lua 0 "exhaustive up to 2 delays" "passed"
# Patterns. An unowned capture read by a response after its screen was dismissed (two delays).
expect Scenarios/explore/pattern_unowned_fetch_bug.lua 1 \
    "Attempted to read an unowned reference" "(2 delays, 2 events moved)" "tap Close   ran ahead of: response ("
expect Scenarios/explore/pattern_unowned_fetch_fix.lua 0 "exhaustive up to 2 delays" "passed"
# A timer invalidated in viewDidDisappear fires during its screen's pop and pushes (one delay).
expect Scenarios/explore/pattern_timer_during_pop_bug.lua 1 \
    "NSInvalidArgumentException: Can't add self as subview" "(1 delay, 1 event moved)" "ran ahead of: tap Cancel"
expect Scenarios/explore/pattern_timer_during_pop_fix.lua 0 "exhaustive up to 2 delays" "passed"
# A tap that pushes during an interactive swipe back (one delay).
expect Scenarios/explore/pattern_tap_during_swipe_bug.lua 1 \
    "NSInvalidArgumentException: Can't add self as subview" "(1 delay, 1 event moved)" "swipe back   ran ahead of: tap Comments"
expect Scenarios/explore/pattern_tap_during_swipe_fix.lua 0 "exhaustive up to 2 delays" "passed"
# A block observer whose token removeObserver(self) left behind, posted to after its screen went (two delays).
expect Scenarios/explore/pattern_observer_dealloc_bug.lua 1 \
    "Attempted to read an unowned reference" "(2 delays, 2 events moved)" "tap Back   ran ahead of: sync finished"
expect Scenarios/explore/pattern_observer_dealloc_fix.lua 0 "exhaustive up to 2 delays" "passed"
# An alert presented right after dismissing another is dropped (one delay).
expect Scenarios/explore/pattern_alert_while_dismissing_bug.lua 1 \
    "expected nil to equal UIAlertController" "(1 delay, 1 event moved)" "session expired   ran ahead of: response ("
expect Scenarios/explore/pattern_alert_while_dismissing_fix.lua 0 "exhaustive up to 2 delays" "passed"

# The replay line the search printed reproduces the failing run: same exit status, same
# report, byte for byte, as the explorer's own replay showed it.
bug=Scenarios/explore/seed003_swipe_back_bug.lua
"$kitsim" explore "$bug" > "$tmp/explore.txt" || true
schedule=$(sed -n 's/^    sim\.schedule"\(.*\)"$/\1/p' "$tmp/explore.txt" | head -1)
[ -n "$schedule" ] || fail "no schedule printed for $bug"
status=0
"$kitsim" run "$bug" --schedule "$schedule" > /dev/null 2> "$tmp/replay.txt" || status=$?
[ "$status" -eq 1 ] || fail "the replay of $bug exited $status, expected 1"
# The report block: the lines after its heading that are blank or indented by four.
awk '/^  the run.s report:$/ { on = 1; next } on && /^(    |$)/ { sub(/^    /, ""); print; next } { on = 0 }' "$tmp/explore.txt" > "$tmp/shown.txt"
grep -v '^$' "$tmp/replay.txt" | grep -v '^kitsim: this order never reached' > "$tmp/replayed.txt" || true
grep -v '^$' "$tmp/shown.txt" > "$tmp/shown2.txt" || true
cmp -s "$tmp/shown2.txt" "$tmp/replayed.txt" || { fail "the replay's report differs from the one explore showed"; diff "$tmp/shown2.txt" "$tmp/replayed.txt" >&2 || true; }

# A schedule that no longer fits: the run stops with the label where it diverged.
status=0
"$kitsim" run "$bug" --schedule "no such event" > /dev/null 2> "$tmp/diverged.txt" || status=$?
[ "$status" -eq 3 ] && grep -qF "the schedule no longer fits the script: at choice 1 no event is 'no such event'" "$tmp/diverged.txt" \
    || { fail "a diverged schedule was not reported (exit $status)"; cat "$tmp/diverged.txt" >&2; }

# Shards: the orders of 1/3, 2/3 and 3/3 add up to the whole search's.
whole=$("$kitsim" explore Scenarios/explore/seed003_double_tap_fix.lua --json | sed -n 's/.*"orders": \([0-9]*\).*/\1/p')
sum=0
for i in 1 2 3; do
    n=$("$kitsim" explore Scenarios/explore/seed003_double_tap_fix.lua --shard "$i/3" --json | sed -n 's/.*"orders": \([0-9]*\).*/\1/p') \
        || fail "shard $i/3 failed"
    sum=$((sum + n))
done
[ "$sum" -eq "$whole" ] || fail "the shards ran $sum orders, the whole search $whole"

# The reduction finds what the whole search finds: the same verdicts and headlines.
for f in Scenarios/explore/*.lua; do
    verdicts() { "$kitsim" explore "$f" "$@" | grep -E '^(FAILED|CRASHED|GOAL|passed|failed)' | sed 's/ in [0-9,]* of [0-9,]* orders//' || true; }
    [ "$(verdicts)" = "$(verdicts --no-reduction)" ] || fail "$f: the reduction changed what the search found"
done

# --ios repeats the search per profile and names the ones that fail.
status=0
"$kitsim" explore Scenarios/explore/seed003_double_tap_bug.lua --ios 8,17 > "$tmp/ios.txt" || status=$?
[ "$status" -eq 1 ] && grep -qF "iOS 8" "$tmp/ios.txt" && grep -qF "failed on iOS 8, iOS 17" "$tmp/ios.txt" \
    && grep -qF -- "--ios 8" "$tmp/ios.txt" || { fail "--ios 8,17 (exit $status)"; cat "$tmp/ios.txt" >&2; }

# --json is JSON (python3's parser when there is one).
"$kitsim" explore "$bug" --json > "$tmp/r.json" || true
if command -v python3 > /dev/null; then
    python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r["passed"] is False and r["profiles"][0]["failures"]' "$tmp/r.json" \
        || fail "--json is not the JSON expected"
fi

[ "$failures" -eq 0 ] || { echo "test-explore.sh: $failures failed" >&2; exit 1; }
echo "test-explore.sh: all passed"
