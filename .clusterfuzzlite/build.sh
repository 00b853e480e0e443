#!/bin/bash -eu
# Builds the libFuzzer target for ClusterFuzzLite and OSS-Fuzz (their build.sh contract:
# sources in $SRC, the fuzzer and its files in $OUT, the sanitizer in $SANITIZER), and for
# scripts/fuzz-libfuzzer.sh, which runs this same file on this machine.
#
#   $OUT/kitsim-libfuzzer                   the target (libFuzzer's main, address sanitizer)
#   $OUT/kitsim-libfuzzer.dict              names from the class declarations
#   $OUT/kitsim-libfuzzer_seed_corpus.zip   the scenarios of Scenarios/, 1,000 fuzz seeds of
#                                           20 calls and a short input per declared member
#                                           (a folder of the same name where zip is missing)
#   $OUT/kitsim-libfuzzer.options           libFuzzer options the engines pass
#
# KITSIM_PLANTED_DEFECT=1 builds the target with the planted defect
# (Sources/KitSim/UIKit/Views/Simulator+PlantedDefect.swift). KITSIM_TOOL names a
# kitsim binary to write the corpus with; without it one is built.
# The repository's own compiler flags (Package.swift's `tuned`), as scripts/setup.sh sets them.
export KITSIM_TUNED=1
ROOT=${SRC:-}/kitsim
[ -d "$ROOT/Sources/KitSimFuzz" ] || ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
OUT=${OUT:?set OUT to the folder the fuzzer goes to}
SANITIZER=${SANITIZER:-address}
SCRATCH=${KITSIM_SCRATCH:-$ROOT/.build/libfuzzer-$SANITIZER}
mkdir -p "$OUT"

# One -sanitize= for Swift, naming both: the Swift driver passes only the last -sanitize=
# option it is given on to the compiler, and SwiftPM's `--sanitize fuzzer --sanitize
# address` becomes two, in an order that changes from run to run (a build instrumented
# for coverage but not for addresses, or the other way round). SwiftPM still gets
# `--sanitize fuzzer` alone, which tells it libFuzzer's `main` is the program's (without
# it the target's empty Swift `main` is linked in its place); the -Xswiftc option comes
# after SwiftPM's own and wins. precompile_swift's SWIFTFLAGS, which have the same two
# options, are not used; its C flags and static Swift libraries are.
flags=(--sanitize=fuzzer -Xswiftc "-sanitize=fuzzer,$SANITIZER" -Xcc -fsanitize=fuzzer-no-link -Xcc "-fsanitize=$SANITIZER")
if command -v precompile_swift > /dev/null; then
    . precompile_swift
    flags+=(-Xswiftc -static-stdlib --static-swift-stdlib)
    for f in ${CFLAGS:-}; do flags+=("-Xcc=$f"); done
fi
if [ "${KITSIM_PLANTED_DEFECT:-0}" = 1 ]; then flags+=(-Xswiftc -DKITSIM_PLANTED_DEFECT); fi

# The target exists only when KITSIM_LIBFUZZER is set (Package.swift): it has no main.
KITSIM_LIBFUZZER=1 swift build -c release --scratch-path "$SCRATCH" --product kitsim-libfuzzer "${flags[@]}"
# Replaced, not overwritten: a run of the previous build may still be using it.
cp "$SCRATCH/release/kitsim-libfuzzer" "$OUT/kitsim-libfuzzer.new"
mv -f "$OUT/kitsim-libfuzzer.new" "$OUT/kitsim-libfuzzer"

# The corpus and dictionary come from the class declarations and the scenarios, written
# by an ordinary kitsim.
tool=${KITSIM_TOOL:-}
if [ -z "$tool" ]; then
    swift build -c release --scratch-path "$SCRATCH-tool" --product kitsim
    tool="$SCRATCH-tool/release/kitsim"
fi
corpus="$OUT/kitsim-libfuzzer_seed_corpus"
rm -rf "$corpus" "$corpus.zip"
# Short seeds (20 calls): an input runs faster, and a mutation of one of its calls is more
# likely to land on the call that matters; libFuzzer grows inputs where coverage pays.
"$tool" fuzz --write-corpus "$corpus" --seed 180000 --count 20000 --calls-per-seed 20 Scenarios/seeds/*.lua Scenarios/patterns/*.lua --write-dictionary "$OUT/kitsim-libfuzzer.dict"
if command -v zip > /dev/null; then
    (cd "$corpus" && zip -q -r "$corpus.zip" .)
    rm -rf "$corpus"
fi
# A scenario is a few kilobytes, more than libFuzzer's default -max_len of 4,096 would
# let a mutation grow; a run of a program takes milliseconds, a hang far more than 25 s.
cat > "$OUT/kitsim-libfuzzer.options" <<OPTIONS
[libfuzzer]
max_len = 16384
timeout = 25
OPTIONS
echo "build.sh: $OUT/kitsim-libfuzzer"
