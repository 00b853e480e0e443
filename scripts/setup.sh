#!/usr/bin/env bash
# Installs the Debian packages KitSim needs, when they are missing:
# liblua5.4-dev (the embedded Lua), libedit-dev (the REPL's line editing), pkg-config,
# and tmux (the REPL's terminal test drives it).
set -euo pipefail
need=()
for pkg in liblua5.4-dev libedit-dev pkg-config tmux; do
    dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ ${#need[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "setup: installing ${need[*]}" >&2
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi
command -v swift >/dev/null || export PATH="/opt/swift/usr/bin:$PATH"
command -v swift >/dev/null || { echo "setup: no Swift toolchain found (expected /opt/swift)" >&2; exit 1; }
