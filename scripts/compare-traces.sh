#!/usr/bin/env bash
# A refactoring that must not change behaviour: every scenario under Scenarios/ runs with
# `--trace` under two kitsim binaries, and standard output, standard error and the exit
# status must be byte-identical.
#   scripts/compare-traces.sh OLD_KITSIM [NEW_KITSIM]     (NEW: .build/release/kitsim)
#   scripts/compare-traces.sh --base REV [NEW_KITSIM]      builds REV's kitsim first, in a
#                                                          worktree and scratch folder of its own
# With --base, the old binary runs REV's own copy of each scenario, found by its name: at the
# same path under Scenarios/, or, where REV predates Scenarios/, as scripts/NAME (its shared
# code in scripts/lib/). Each side runs from its own tree with the path relative to it. Where
# the two paths differ, the outputs are compared with each side's scenario path and lib/
# folder written as <scenario> and <lib>/, and the summary counts those scenarios apart:
# their difference is the path alone. Without --base both binaries run this tree's files,
# so OLD_KITSIM must be one that finds Scenarios/lib/ from Scenarios/seeds/.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
cleanup() {
    if [ -d "$work/base" ]; then git worktree remove --force "$work/base" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
if [ "${1:-}" = "--base" ]; then
    rev=${2:?--base takes a revision}
    shift 2
    source scripts/setup.sh
    git worktree add -q --detach "$work/base" "$rev"
    (cd "$work/base" && swift build -c release --product kitsim --scratch-path "$work/base-build" > "$work/base-build.log" 2>&1) \
        || { tail -20 "$work/base-build.log" >&2; echo "compare-traces.sh: $rev does not build" >&2; exit 1; }
    old="$work/base-build/release/kitsim"
    oldroot="$work/base"
else
    old=$(realpath "${1:?usage: scripts/compare-traces.sh OLD_KITSIM|--base REV [NEW_KITSIM]}")
    shift
    oldroot=$PWD
fi
new=$(realpath "${1:-.build/release/kitsim}")
newroot=$PWD
# The old side's copy of the scenario at Scenarios/…/NAME, and the lib/ folder beside it.
old_path() {
    if [ -d "$oldroot/Scenarios" ]; then echo "$1"; else echo "scripts/$(basename "$1")"; fi
}
lib_of() { case "$1" in Scenarios/*) echo Scenarios/lib/ ;; *) echo scripts/lib/ ;; esac; }
# The outputs with the scenario's path and its lib/ folder set aside.
neutral() {
    SCENARIO=$2 LIB=$3 perl -pe 's/\Q$ENV{SCENARIO}\E/<scenario>/g; s/\Q$ENV{LIB}\E/<lib>\//g' "$1"
}
count=0 differ=0 moved=0 added=()
while IFS= read -r f; do
    of=$(old_path "$f")
    # A scenario the old tree does not have is new: there is nothing to compare it with.
    [ -f "$oldroot/$of" ] || { added+=("$f"); continue; }
    count=$((count + 1))
    (cd "$oldroot" && set +e; "$old" run "$of" --trace < /dev/null > "$work/old.out" 2> "$work/old.err"; echo $? > "$work/old.rc")
    (cd "$newroot" && set +e; "$new" run "$f" --trace < /dev/null > "$work/new.out" 2> "$work/new.err"; echo $? > "$work/new.rc")
    raw=same
    if [ "$of" != "$f" ]; then
        for part in out err rc; do
            cmp -s "$work/old.$part" "$work/new.$part" || raw=different
            neutral "$work/old.$part" "$of" "$(lib_of "$of")" > "$work/old.$part.n" && mv "$work/old.$part.n" "$work/old.$part"
            neutral "$work/new.$part" "$f" "$(lib_of "$f")" > "$work/new.$part.n" && mv "$work/new.$part.n" "$work/new.$part"
        done
    fi
    ok=1
    for part in out err rc; do
        if ! cmp -s "$work/old.$part" "$work/new.$part"; then
            ok=0 differ=$((differ + 1))
            if [ "$of" = "$f" ]; then echo "compare-traces.sh: $f: the $part differs:" >&2
            else echo "compare-traces.sh: $f (old: $of): the $part differs beyond the path:" >&2; fi
            { diff "$work/old.$part" "$work/new.$part" || true; } | head -20 >&2
            break
        fi
    done
    if [ $ok = 1 ] && [ $raw = different ]; then moved=$((moved + 1)); fi
done < <(find Scenarios -name '*.lua' -not -path '*/lib/*' | sort)
[ "$count" -gt 0 ] || { echo "compare-traces.sh: no scenarios found on both sides" >&2; exit 1; }
for f in ${added[@]+"${added[@]}"}; do echo "compare-traces.sh: $f is new (the old tree has no such scenario): not compared"; done
[ "$differ" -eq 0 ] || { echo "compare-traces.sh: $differ of $count scenarios differ" >&2; exit 1; }
if [ "$moved" -gt 0 ]; then
    echo "compare-traces.sh: $count scenarios, every --trace byte-identical but for the scenario's own path in $moved of them (scripts/NAME and scripts/lib/ before, Scenarios/…/NAME and Scenarios/lib/ now)"
else
    echo "compare-traces.sh: $count scenarios, every --trace byte-identical"
fi
