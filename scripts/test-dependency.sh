#!/usr/bin/env bash
# A package others can depend on: a scratch package whose manifest is the one in
# docs/swift-api.md (`.package(url:from:)`, pointed at a tagged clone of this repository's
# HEAD by a file:// URL) builds KitSim as a dependency resolved by version — which SwiftPM
# refuses when a library product needs unsafe compiler flags — and runs that page's
# KitSimTesting test against seed 000. The build is the dependent's own, without
# KITSIM_TUNED (Package.swift). It tests what is committed: the clone is of HEAD.
# Usage: scripts/test-dependency.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
# The page that shows an app's manifest and test, each after a `<!-- test-dependency: PATH -->`.
page=docs/swift-api.md
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "test-dependency.sh: $*" >&2; exit 1; }
version=$(sed -n 's/^public let kitsimVersion = "\(.*\)"$/\1/p' Sources/KitSimBridge/Reference/APIReference.swift)
[ -n "$version" ] || fail "no kitsimVersion"
git clone -q "$root" "$work/KitSim"
git -C "$work/KitSim" tag "$version"
# The page's blocks after their markers, the URL replaced by the clone's.
extract() {
    awk -v marker="<!-- test-dependency: $1 -->" '
        $0 == marker { found = 1; next }
        found && /^```/ { if (inside) exit; inside = 1; next }
        inside { print }
    ' "$page"
}
mkdir -p "$work/app/Tests/LeakTests"
extract Package.swift | sed "s|https://github.com/your-org/KitSim.git|file://$work/KitSim|" > "$work/app/Package.swift"
extract Tests/LeakTests/LeakTests.swift > "$work/app/Tests/LeakTests/LeakTests.swift"
grep -q "file://$work/KitSim" "$work/app/Package.swift" || fail "$page's manifest has no package URL to replace"
grep -q "expectFates" "$work/app/Tests/LeakTests/LeakTests.swift" || fail "$page's test was not found"
# The test reads the seed from the package's folder, as an app keeps its scenarios: the
# seed in Scenarios/seeds/, the lib/ it requires one folder up.
mkdir -p "$work/app/Scenarios/seeds"
cp Scenarios/seeds/seed000_splash_ad_weak_root.lua "$work/app/Scenarios/seeds/"
cp -R Scenarios/lib "$work/app/Scenarios/"
cd "$work/app"
env -u KITSIM_TUNED swift build --build-tests > "$work/build.txt" 2>&1 || { tail -30 "$work/build.txt" >&2; fail "the dependent package did not build"; }
env -u KITSIM_TUNED swift test --skip-build > "$work/test.txt" 2>&1 || { tail -30 "$work/test.txt" >&2; fail "$page's test failed in the dependent package"; }
grep -q "theAdGoesAwayAndTakesTheRootWithIt() passed" "$work/test.txt" || { cat "$work/test.txt" >&2; fail "the test did not run"; }
echo "test-dependency.sh: all passed (KitSim $version by version, built without tuning flags; $page's test passed)"
