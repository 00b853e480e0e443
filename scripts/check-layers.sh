#!/usr/bin/env bash
# The layers point one way (SPEC §1): runtime <- UIKit model <- generic Lua bridge <-
# binding <- command line, and the reports (KitSimReport) sit on the runtime alone, below
# the bridge, the tools and the command line that render through them. SwiftPM already refuses an import a target does not depend on;
# this check also fails when a dependency is added that breaks the order, or when a UIKit
# name creeps into a layer below the model (the runtime and the bridge know no UIKit).
# `scripts/check-layers.sh --self-test` shows that it fails on such a tree.
set -euo pipefail
cd "$(dirname "$0")/.."
root="${1:-.}"
[ "$root" = "--self-test" ] && root=""
check() {
    local tree="$1" failures=0
    # Targets of the layers below the model: they must not import it or the binding.
    for dir in KitSimRuntime KitSimReport KitSimBridge; do
        [ -d "$tree/Sources/$dir" ] || continue
        if grep -rnE '^\s*(@testable |@_exported )?import (KitSim|KitSimLua|KitSimFuzz|KitSimRepl)$' "$tree/Sources/$dir"; then
            echo "check-layers: Sources/$dir imports a layer above it" >&2; failures=1
        fi
        # The bridge names no UIKit type even in its comments; the runtime's comments may
        # use UIKit's names as examples, its code may not.
        local pattern='\bUI[A-Z][A-Za-z]+|\bSimulator\b|\bUIKit\b'
        if [ "$dir" = KitSimBridge ]; then
            if grep -rnE "$pattern" "$tree/Sources/$dir"; then
                echo "check-layers: Sources/$dir names UIKit (it must stay generic)" >&2; failures=1
            fi
        elif grep -rnE "$pattern" "$tree/Sources/$dir" | grep -vE '^[^:]+:[0-9]+:\s*//'; then
            echo "check-layers: the code of Sources/$dir names UIKit (it must stay generic)" >&2; failures=1
        fi
    done
    if [ -d "$tree/Sources/KitSimRuntime" ] && grep -rnE '^\s*import (CLua|CLuaShim|KitSimBridge)$' "$tree/Sources/KitSimRuntime"; then
        echo "check-layers: the runtime imports Lua" >&2; failures=1
    fi
    # The runtime renders nothing through the reports (they are above it), and the reports
    # know neither Lua nor the bridge: they render the runtime's typed data.
    if [ -d "$tree/Sources/KitSimRuntime" ] && grep -rnE '^\s*(@testable |@_exported )?import KitSimReport$' "$tree/Sources/KitSimRuntime"; then
        echo "check-layers: the runtime imports the reports (a layer above it)" >&2; failures=1
    fi
    if [ -d "$tree/Sources/KitSimReport" ] && grep -rnE '^\s*(@testable |@_exported )?import (CLua|CLuaShim|KitSimBridge)$' "$tree/Sources/KitSimReport"; then
        echo "check-layers: the reports import Lua or the bridge" >&2; failures=1
    fi
    # Package.swift: the reports depend on the runtime and the platform layer only.
    if [ -f "$tree/Package.swift" ] && ! grep -qE '\.target\(name: "KitSimReport", dependencies: \["KitSimRuntime", "KitSimPlatform"\]' "$tree/Package.swift"; then
        echo "check-layers: Package.swift gives KitSimReport dependencies other than KitSimRuntime and KitSimPlatform" >&2; failures=1
    fi
    return $failures
}
if [ -z "$root" ]; then
    tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
    mkdir -p "$tmp/Sources/KitSimBridge" "$tmp/Sources/KitSimRuntime" "$tmp/Sources/KitSimReport"
    printf 'import KitSim\nfunc f(_ v: UIView) {}\n' > "$tmp/Sources/KitSimBridge/Bad.swift"
    printf 'import CLua\n' > "$tmp/Sources/KitSimRuntime/Bad.swift"
    if check "$tmp" 2>/dev/null >/dev/null; then echo "check-layers: the self-test found nothing wrong in a bad tree" >&2; exit 1; fi
    # Each of the reports' rules on a tree that breaks only it.
    rm "$tmp/Sources/KitSimBridge/Bad.swift" "$tmp/Sources/KitSimRuntime/Bad.swift"
    for bad in 'Sources/KitSimReport/Bad.swift:import KitSimBridge' 'Sources/KitSimReport/Bad.swift:import KitSimLua' \
               'Sources/KitSimReport/Bad.swift:let w = UIWindow()' 'Sources/KitSimRuntime/Bad.swift:import KitSimReport'; do
        rm -f "$tmp/Sources/KitSimReport/Bad.swift" "$tmp/Sources/KitSimRuntime/Bad.swift"
        printf '%s\n' "${bad#*:}" > "$tmp/${bad%%:*}"
        if check "$tmp" 2>/dev/null >/dev/null; then echo "check-layers: the self-test found nothing wrong with ${bad%%:*}: ${bad#*:}" >&2; exit 1; fi
    done
    rm -f "$tmp/Sources/KitSimReport/Bad.swift" "$tmp/Sources/KitSimRuntime/Bad.swift"
    printf '.target(name: "KitSimReport", dependencies: ["KitSimRuntime", "KitSimBridge"]),\n' > "$tmp/Package.swift"
    if check "$tmp" 2>/dev/null >/dev/null; then echo "check-layers: the self-test found nothing wrong with the reports depending on the bridge" >&2; exit 1; fi
    printf '.target(name: "KitSimReport", dependencies: ["KitSimRuntime", "KitSimPlatform"], swiftSettings: hot),\n' > "$tmp/Package.swift"
    if ! check "$tmp" 2>/dev/null >/dev/null; then echo "check-layers: the self-test found a good tree wrong" >&2; exit 1; fi
    echo "check-layers: self-test passed (a bad tree fails)"
    exit 0
fi
check "$root"
echo "check-layers: the runtime, the reports and the bridge know no UIKit and import nothing above them"
