#!/usr/bin/env bash
# Builds the libFuzzer target with the engines' own build script (.clusterfuzzlite/build.sh)
# and runs it here, as ClusterFuzzLite would on its machines.
#
#   scripts/fuzz-libfuzzer.sh [--planted] [--build-only] [--seconds N] [-- LIBFUZZER-FLAG...]
#
#   --seconds N   stop after N seconds (default 600); libFuzzer flags after `--` are passed on
#                 (`-- -runs=500 -jobs=1 -workers=1` for a bounded run in one process)
#   --planted     the target with the planted defect (a separate build and corpus)
#   --build-only  build, write the corpus and dictionary, and stop
#
# By default two jobs on two workers (this machine's two cores), the growing corpus in
# .build/libfuzzer-run/corpus, crashes in .build/libfuzzer-run/crashes, each job's log in
# .build/libfuzzer-run/fuzz-N.log. A crash file becomes a script with
# `kitsim fuzz --from-libfuzzer FILE`; libFuzzer shrinks it first with
# `.build/libfuzzer-out/kitsim-libfuzzer -minimize_crash=1 -runs=2000 FILE`.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=600 planted=0 build_only=0
extra=()
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) seconds=$2; shift ;;
        --planted) planted=1 ;;
        --build-only) build_only=1 ;;
        --) shift; extra=("$@"); break ;;
        -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
        *) echo "fuzz-libfuzzer.sh: unknown argument '$1'" >&2; exit 64 ;;
    esac
    shift
done
if [ "$(uname -s)" != Linux ]; then
    echo "fuzz-libfuzzer.sh: the libFuzzer target is built on Linux only (the Swift toolchain's libFuzzer)" >&2
    exit 69
fi
source scripts/setup.sh
suffix=$([ $planted = 1 ] && echo -planted || true)
out=$PWD/.build/libfuzzer-out$suffix
run=$PWD/.build/libfuzzer-run$suffix
# An ordinary kitsim writes the corpus: the test build's if there is one.
if [ -z "${KITSIM_TOOL:-}" ] && [ -x .build/release/kitsim ]; then export KITSIM_TOOL=$PWD/.build/release/kitsim; fi
OUT=$out SANITIZER=address KITSIM_PLANTED_DEFECT=$planted KITSIM_SCRATCH=$PWD/.build/libfuzzer$suffix \
    .clusterfuzzlite/build.sh
[ $build_only = 1 ] && exit 0
seed=$out/kitsim-libfuzzer_seed_corpus
if [ -f "$seed.zip" ]; then rm -rf "$seed" && mkdir -p "$seed" && (cd "$seed" && unzip -q "$seed.zip"); fi
mkdir -p "$run/corpus" "$run/crashes"
cd "$run"
flags=(-dict="$out/kitsim-libfuzzer.dict" -max_len=16384 -timeout=25 -max_total_time="$seconds"
       -artifact_prefix="$run/crashes/" -print_final_stats=1)
if [ ${#extra[@]} -eq 0 ]; then extra=(-jobs=2 -workers=2); fi
exec "$out/kitsim-libfuzzer" "${flags[@]}" "${extra[@]}" "$run/corpus" "$seed"
