#!/usr/bin/env bash
# The HTML report in a real browser (SPEC §5, `--report`): a seed's report is loaded by
# headless Chromium from file://, the page's own script runs its self-check (sections,
# timeline filter, graph focus) and writes `data-selfcheck="ok"`, nothing reaches the
# console (an uncaught error or any console message fails), and a screenshot is taken and
# checked (a PNG of the window's size, not tiny); the timeline, once loaded, shows the
# events its controls select, all of them but the start-up's and temporary holds'. Also: bad --report paths exit 73 with a
# message, the same run writes the same bytes, and `kitsim test --report DIR` writes one
# page per scenario and an index. Swift's ReportRulesTests checks the page's structure and
# escaping. `kitsim explore --report DIR`'s pages check themselves the same way (the orders
# drawn, the events moved, the replay). Chromium is Debian's `chromium` (scripts/setup.sh, .ci/run); on macOS without
# it (Homebrew has only `brew install --cask chromium`) the browser part is skipped, said so.
# Usage: scripts/test-report.sh [path/to/kitsim]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(cd "$(dirname "${1:-.build/release/kitsim}")" && pwd)/$(basename "${1:-.build/release/kitsim}")
command -v dot >/dev/null || { echo "test-report.sh: Graphviz's dot is required (apt-get install graphviz, or brew install graphviz)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "test-report.sh: $*" >&2; exit 1; }
seed=Scenarios/seeds/seed000_splash_ad_weak_root.lua

# Bad paths are refused before the run, as --graph's are (exit 73, a message).
check_refused() {
    local path=$1 message=$2 status=0
    "$bin" run "$seed" --report "$path" > /dev/null 2> "$tmp/err.txt" || status=$?
    [ "$status" -eq 73 ] || fail "--report $path: exit $status, expected 73"
    grep -qF -- "$message" "$tmp/err.txt" || fail "--report $path: no message '$message' in: $(cat "$tmp/err.txt")"
}
check_refused /no/such/dir/r.html "kitsim: --report /no/such/dir/r.html: no such folder '/no/such/dir'"
check_refused "$tmp/r.txt" "kitsim: --report $tmp/r.txt: unknown extension '.txt'; expected .html or .htm"
check_refused "$tmp" "kitsim: --report $tmp: is a folder"
status=0
"$bin" test "$seed" --report /no/such/dir > /dev/null 2> "$tmp/err.txt" || status=$?
[ "$status" -eq 73 ] && grep -qF "kitsim: --report /no/such/dir: no such folder '/no/such'" "$tmp/err.txt" || fail "test --report /no/such/dir: exit $status"

# One self-contained page, the same bytes for the same run.
"$bin" run "$seed" --report "$tmp/report.html" > /dev/null
"$bin" run "$seed" --report "$tmp/again.html" > /dev/null
cmp -s "$tmp/report.html" "$tmp/again.html" || fail "two runs of $seed wrote different reports"
for section in outcome timeline retain-counts graph screen objects; do
    grep -q "<section id=\"$section\">" "$tmp/report.html" || fail "no $section section"
done
# Nothing to fetch: no src, no link, no URL but the SVG and XLink namespaces.
! grep -qiE '<(link|img|iframe|object|embed)\b|\bsrc=|url\(' "$tmp/report.html" || fail "the report refers to an external resource"
! grep -oE 'https?://[^" )]+' "$tmp/report.html" | grep -vE '^http://www\.w3\.org/(2000/svg|1999/xlink)$' | grep -q . \
    || fail "the report names a URL: $(grep -oE 'https?://[^" )]+' "$tmp/report.html" | sort -u | tr '\n' ' ')"

# Without Graphviz the page says so where the graph would be, and the run still passes.
PATH=/nonexistent "$bin" run "$seed" --report "$tmp/nodot.html" > /dev/null || fail "no dot: --report failed"
grep -q '<p class="unavailable">The ownership graph is not drawn: drawing the graph as SVG or PNG needs Graphviz' "$tmp/nodot.html" \
    && grep -q '<section id="screen">' "$tmp/nodot.html" || fail "no dot: the report does not say the graph is missing"

# kitsim test --report DIR: a page per scenario (a folder created when its parent exists) and an index.
"$bin" test "$seed" Scenarios/seeds/seed002_alert_in_window0_viewdidload.lua --report "$tmp/suite" > /dev/null
for f in index Scenarios-seeds-seed000_splash_ad_weak_root Scenarios-seeds-seed002_alert_in_window0_viewdidload; do
    [ -s "$tmp/suite/$f.html" ] || fail "test --report: no $f.html"
done
grep -q '<a href="Scenarios-seeds-seed000_splash_ad_weak_root.html">Scenarios/seeds/seed000_splash_ad_weak_root.lua</a>' "$tmp/suite/index.html" \
    && grep -q '<p id="summary">2 passed, 0 failed</p>' "$tmp/suite/index.html" || fail "test --report: index.html"

# kitsim explore --report DIR: an index, a page per failure with both orders on the virtual
# timeline, and the failing run's own report; self-contained, the same bytes twice.
status=0
"$bin" explore Scenarios/explore/seed003_swipe_back_bug.lua --report "$tmp/explore" > /dev/null || status=$?
[ "$status" -eq 1 ] || fail "explore --report of a bug: exit $status, expected 1"
for f in index failure-1 failure-1-run; do [ -s "$tmp/explore/$f.html" ] || fail "explore --report: no $f.html"; done
grep -q '<a href="failure-1.html">' "$tmp/explore/index.html" && grep -q 'class="event moved"' "$tmp/explore/failure-1.html" \
    && grep -q 'href="failure-1-run.html"' "$tmp/explore/failure-1.html" || fail "explore --report: the pages do not link up or draw the moved event"
! grep -qiE '<(link|img|iframe|object|embed)\b|\bsrc=|url\(' "$tmp/explore/failure-1.html" "$tmp/explore/index.html" \
    || fail "explore --report refers to an external resource"
"$bin" explore Scenarios/explore/seed003_swipe_back_bug.lua --report "$tmp/explore2" > /dev/null || true
cmp -s "$tmp/explore/failure-1.html" "$tmp/explore2/failure-1.html" || fail "two explorations wrote different pages"
status=0
"$bin" explore Scenarios/explore/seed003_swipe_back_bug.lua --report /no/such/dir/x > /dev/null 2> "$tmp/err.txt" || status=$?
[ "$status" -eq 73 ] && grep -qF "kitsim: --report /no/such/dir/x: no such folder" "$tmp/err.txt" || fail "explore --report /no/such/dir/x: exit $status"

# The browser.
chromium=""
for c in chromium chromium-browser google-chrome; do command -v "$c" > /dev/null && { chromium=$c; break; }; done
if [ -z "$chromium" ] && [ -x "/Applications/Chromium.app/Contents/MacOS/Chromium" ]; then chromium=/Applications/Chromium.app/Contents/MacOS/Chromium; fi
if [ -z "$chromium" ]; then
    [ "$(uname -s)" = Darwin ] || fail "Chromium is required (apt-get install chromium, or run scripts/setup.sh)"
    echo "test-report.sh: Chromium not found (brew install --cask chromium); the browser check is skipped on macOS" >&2
    echo "test-report.sh: all passed (without the browser)"
    exit 0
fi
# A hung browser fails the test rather than CI's job (macOS has no timeout(1) by default).
limit=(); command -v timeout > /dev/null && limit=(timeout 120)
browse() {
    # Root needs --no-sandbox; a fresh profile each time; no network at all.
    ${limit[@]+"${limit[@]}"} "$chromium" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --hide-scrollbars \
        --user-data-dir="$(mktemp -d "$tmp/profile.XXXXXX")" --no-first-run --no-default-browser-check \
        --host-resolver-rules="MAP * ~NOTFOUND" --enable-logging=stderr --v=0 "$@"
}
# The seed's page, the page without a graph and a crashed scenario's page (from test --report).
printf 'print("</script><b>x")\nlocal v = sim.label(sim.hold(UIView()), "</script>")\nv:addSubview(v)\n' > "$tmp/crash.lua"
"$bin" run "$tmp/crash.lua" --report "$tmp/crash.html" > /dev/null 2>&1 && fail "crash.lua passed"
for page in report nodot crash explore/index explore/failure-1 explore/failure-1-run; do
    browse --dump-dom "file://$tmp/$page.html" > "$tmp/dom.html" 2> "$tmp/browser.txt" || fail "$chromium --dump-dom $page.html failed: $(tail -5 "$tmp/browser.txt")"
    grep -qE '<body data-selfcheck="ok"[ >]' "$tmp/dom.html" \
        || fail "$page.html: the page's self-check did not pass: $(grep -o '<p id="selfcheck">[^<]*' "$tmp/dom.html" || echo 'no verdict')"
    if grep -q ':CONSOLE' "$tmp/browser.txt"; then fail "$page.html: console messages: $(grep ':CONSOLE' "$tmp/browser.txt")"; fi
    # The timeline opens as its controls say (all objects; start-up events and temporary
    # holds not asked for): every other event is shown, and the count says how many.
    if grep -q '<table id="timeline-table"' "$tmp/dom.html"; then
        grep '^<tr class="k-' "$tmp/dom.html" > "$tmp/rows.txt" || true
        total=$(wc -l < "$tmp/rows.txt")
        selected=$(grep -cvE '^<tr class="[^"]*\b(startup|temporary)\b' "$tmp/rows.txt" || true)
        visible=$(grep -cv ' hidden=' "$tmp/rows.txt" || true)
        shown=$(grep -o '<span id="timeline-count">[^<]*' "$tmp/dom.html" | sed 's/.*>//')
        [ "$total" -gt 0 ] && [ "$visible" -eq "$selected" ] && [ "$shown" = "$visible of $total events shown" ] \
            || fail "$page.html: the timeline opens with $visible of $total events visible ('$shown'); its controls select $selected"
        [ "$page" != report ] || timeline="$visible of $total events shown"
    fi
done
url="file://$tmp/report.html"
browse --screenshot="$tmp/report.png" --window-size=1200,2000 "$url" > /dev/null 2> "$tmp/shot.txt" || fail "screenshot failed: $(tail -5 "$tmp/shot.txt")"
[ "$(head -c 8 "$tmp/report.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "the screenshot is not a PNG"
size=$(od -An -tu1 -j16 -N8 "$tmp/report.png" | tr -s ' ' | sed 's/^ //')
read -r w1 w2 w3 w4 h1 h2 h3 h4 <<< "$size"
width=$(( (w1 << 24) | (w2 << 16) | (w3 << 8) | w4 )); height=$(( (h1 << 24) | (h2 << 16) | (h3 << 8) | h4 ))
bytes=$(wc -c < "$tmp/report.png")
[ "$width" -eq 1200 ] && [ "$height" -eq 2000 ] || fail "the screenshot is ${width}x${height}, expected 1200x2000"
[ "$bytes" -gt 100000 ] || fail "the screenshot is $bytes bytes: a blank page?"
[ -z "${KITSIM_REPORT_SCREENSHOT:-}" ] || cp "$tmp/report.png" "$KITSIM_REPORT_SCREENSHOT"
echo "test-report.sh: all passed (self-check ok, no console messages, timeline opens with ${timeline:-?}, screenshot ${width}x${height}, $bytes bytes)"
