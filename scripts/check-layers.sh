#!/usr/bin/env bash
# The layers point one way (SPEC §1): runtime <- UIKit model <- generic Lua bridge <-
# binding <- command line. SwiftPM already refuses an import a target does not depend on;
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
    for dir in KitSimRuntime KitSimBridge; do
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
    return $failures
}
if [ -z "$root" ]; then
    tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
    mkdir -p "$tmp/Sources/KitSimBridge" "$tmp/Sources/KitSimRuntime"
    printf 'import KitSim\nfunc f(_ v: UIView) {}\n' > "$tmp/Sources/KitSimBridge/Bad.swift"
    printf 'import CLua\n' > "$tmp/Sources/KitSimRuntime/Bad.swift"
    if check "$tmp" 2>/dev/null >/dev/null; then echo "check-layers: the self-test found nothing wrong in a bad tree" >&2; exit 1; fi
    echo "check-layers: self-test passed (a bad tree fails)"
    exit 0
fi
check "$root"
echo "check-layers: the runtime and the bridge know no UIKit and import nothing above them"
