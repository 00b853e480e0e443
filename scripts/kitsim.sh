#!/usr/bin/env bash
# Installs what KitSim needs, builds the release binary, and runs `kitsim ARGS…`.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
swift build -c release --product kitsim >&2
exec .build/release/kitsim "$@"
