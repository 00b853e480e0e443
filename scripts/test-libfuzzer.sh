#!/usr/bin/env bash
# The libFuzzer target, built by the engines' own build script (.clusterfuzzlite/build.sh,
# through scripts/fuzz-libfuzzer.sh): its files are all there, it runs a bounded,
# seeded number of inputs clean, its seeded mode runs `kitsim fuzz`'s programs, and its
# planted-defect build traps on the planted path with the check's name and the stages it
# passed, saves the input, and libFuzzer's -minimize_crash and
# `kitsim fuzz --from-libfuzzer` work on what it saved.
#
#   scripts/test-libfuzzer.sh KITSIM     (an ordinary kitsim, which writes the corpus)
set -euo pipefail
cd "$(dirname "$0")/.."
kitsim=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
if [ "$(uname -s)" != Linux ]; then echo "test-libfuzzer.sh: Linux only, skipped"; exit 0; fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "test-libfuzzer.sh: $*" >&2; exit 1; }

KITSIM_TOOL=$kitsim scripts/fuzz-libfuzzer.sh --build-only > "$tmp/build.log" 2>&1 || { tail -30 "$tmp/build.log"; fail "the build failed"; }
out=.build/libfuzzer-out
target=$out/kitsim-libfuzzer
[ -x "$target" ] || fail "no $target"
grep -qx '"pushViewController"' "$out/kitsim-libfuzzer.dict" || fail "the dictionary has no pushViewController"
grep -q '^max_len = ' "$out/kitsim-libfuzzer.options" || fail "no options file"
seed=$tmp/seed
mkdir -p "$seed"
if [ -f "$out/kitsim-libfuzzer_seed_corpus.zip" ]; then (cd "$seed" && unzip -q "$OLDPWD/$out/kitsim-libfuzzer_seed_corpus.zip"); else cp "$out/kitsim-libfuzzer_seed_corpus/"* "$seed/"; fi
n=$(ls "$seed" | wc -l)
[ "$n" -ge 100 ] || fail "the seed corpus has $n inputs"
[ -f "$seed/script-seed003_double_push_crash" ] || fail "the corpus lacks the scenarios"

# A bounded run with a fixed libFuzzer seed: the corpus (about 1,200 inputs), then
# mutations, every check passing.
mkdir -p "$tmp/corpus"
"$target" -seed=1 -runs=1500 -max_len=16384 -timeout=25 -dict="$out/kitsim-libfuzzer.dict" \
    -artifact_prefix="$tmp/" "$tmp/corpus" "$seed" > "$tmp/run.log" 2>&1 || { tail -40 "$tmp/run.log"; fail "the target failed a bounded run"; }
grep -q "Done 1500 runs" "$tmp/run.log" || fail "the bounded run did not finish: $(tail -3 "$tmp/run.log")"
grep -q "INITED cov: " "$tmp/run.log" || fail "no coverage reported"

# The seeded mode: kitsim fuzz's programs in place of the inputs, coverage still reported.
mkdir -p "$tmp/seeded"
KITSIM_LIBFUZZER_SEEDED=1 "$target" -seed=1 -runs=20 -artifact_prefix="$tmp/" "$tmp/seeded" > "$tmp/seeded.log" 2>&1 || { tail -20 "$tmp/seeded.log"; fail "the seeded mode failed"; }
grep -q "Done 20 runs" "$tmp/seeded.log" && grep -q "cov: " "$tmp/seeded.log" || fail "the seeded mode did not run: $(tail -3 "$tmp/seeded.log")"

# The planted defect: built with it, the target traps on its path, naming the check.
KITSIM_TOOL=$kitsim scripts/fuzz-libfuzzer.sh --planted --build-only > "$tmp/planted.log" 2>&1 || { tail -30 "$tmp/planted.log"; fail "the planted build failed"; }
planted=.build/libfuzzer-out-planted/kitsim-libfuzzer
# The path as one written-out call: 0xFF, its length (16 bits, big-endian), the Lua.
perl -e 'local $/; open(F, "<", $ARGV[0]) or die; my $t = <F>; open(O, ">", $ARGV[1]) or die; binmode O; print O pack("Cn", 255, length $t), $t' \
    Fuzz/planted/reproduce.lua "$tmp/planted-input"
if "$target" "$tmp/planted-input" > "$tmp/clean.log" 2>&1; then :; else tail -20 "$tmp/clean.log"; fail "the ordinary target failed the planted path"; fi
if "$planted" -artifact_prefix="$tmp/found-" "$tmp/planted-input" > "$tmp/trap.log" 2>&1; then fail "the planted target did not trap"; fi
grep -q "==kitsim-libfuzzer== check failed: a runtime hold left behind (strandedHold)" "$tmp/trap.log" || { tail -20 "$tmp/trap.log"; fail "the trap does not name the check"; }
grep -q "libFuzzer: deadly signal" "$tmp/trap.log" || fail "libFuzzer did not report the abort"
# Every stage once: the table of three slots filled, then the fourth animation held.
all_stages="planted path: stage 1: 1, stage 2: 1, stage 3: 1, stage 4: 1$"
grep -q "$all_stages" "$tmp/trap.log" || fail "the trap does not report the planted stages"
# Fuzz/planted/libfuzzer-find is the input a libFuzzer search found. Its bytes are
# generated choices, which decode against the vocabulary the declarations give: once
# classes and methods were added, the same bytes choose other calls, and the find no
# longer reaches the planted path (docs/fuzzing.md). The ordinary target still runs it
# clean, as it runs every input.
"$target" Fuzz/planted/libfuzzer-find > "$tmp/find-clean.log" 2>&1 || { tail -20 "$tmp/find-clean.log"; fail "the ordinary target failed Fuzz/planted/libfuzzer-find"; }
# libFuzzer shrinks what it saved; kitsim turns it into a script (clean here: an ordinary
# kitsim has no planted defect) that kitsim run replays.
"$planted" -minimize_crash=1 -runs=40 -exact_artifact_path="$tmp/minimised" "$tmp/planted-input" > "$tmp/min.log" 2>&1 || true
[ -s "$tmp/minimised" ] || { tail -20 "$tmp/min.log"; fail "-minimize_crash wrote nothing"; }
"$kitsim" fuzz --from-libfuzzer "$tmp/minimised" --show > "$tmp/min.lua"
grep -q 'animate_usingSpringWithDamping' "$tmp/min.lua" || fail "the minimised script lost the planted path"
"$kitsim" fuzz --from-libfuzzer "$tmp/planted-input" > "$tmp/replay.lua" 2> "$tmp/replay.err" || fail "an ordinary kitsim failed the planted input: $(cat "$tmp/replay.err")"
"$kitsim" run "$tmp/replay.lua" > /dev/null || fail "kitsim run did not replay the script"
echo "test-libfuzzer.sh: all passed"
