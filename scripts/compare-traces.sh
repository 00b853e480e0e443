#!/usr/bin/env bash
# A refactoring that must not change behaviour: every scenario under scripts/ runs with
# `--trace` under two kitsim binaries, and standard output, standard error and the exit
# status must be byte-identical.
#   scripts/compare-traces.sh OLD_KITSIM [NEW_KITSIM]     (NEW: .build/release/kitsim)
#   scripts/compare-traces.sh --base REV [NEW_KITSIM]      builds REV's kitsim first, in a
#                                                          worktree and scratch folder of its own
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
else
    old=$(realpath "${1:?usage: scripts/compare-traces.sh OLD_KITSIM|--base REV [NEW_KITSIM]}")
    shift
fi
new=$(realpath "${1:-.build/release/kitsim}")
count=0 differ=0
while IFS= read -r f; do
    count=$((count + 1))
    for side in old new; do
        bin=$old; [ $side = new ] && bin=$new
        set +e; "$bin" run "$f" --trace > "$work/$side.out" 2> "$work/$side.err"; echo $? > "$work/$side.rc"; set -e
    done
    for part in out err rc; do
        if ! cmp -s "$work/old.$part" "$work/new.$part"; then
            differ=$((differ + 1))
            echo "compare-traces.sh: $f: the $part differs:" >&2
            diff "$work/old.$part" "$work/new.$part" | head -20 >&2
            break
        fi
    done
done < <(find scripts -name '*.lua' -not -path '*/lib/*' | sort)
[ "$count" -gt 0 ] || { echo "compare-traces.sh: no scenarios found" >&2; exit 1; }
[ "$differ" -eq 0 ] || { echo "compare-traces.sh: $differ of $count scenarios differ" >&2; exit 1; }
echo "compare-traces.sh: $count scenarios, every --trace byte-identical"
