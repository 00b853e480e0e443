#!/usr/bin/env bash
# Installs the Debian packages KitSim needs, when they are missing:
# liblua5.4-dev (the embedded Lua), libedit-dev (the REPL's line editing), pkg-config,
# tmux (the REPL's terminal test drives it) and lua5.4 (the conformance test compares
# kitsim run with it).
set -euo pipefail
# kitsim_install PKG...: installs the Debian packages that are missing (bench/run.sh uses
# it for its own tools).
kitsim_install() {
    local need=() pkg sudo=""
    for pkg in "$@"; do
        dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
    done
    [ ${#need[@]} -gt 0 ] || return 0
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "setup: installing ${need[*]}" >&2
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
}
kitsim_install liblua5.4-dev libedit-dev pkg-config tmux lua5.4
command -v swift >/dev/null || export PATH="/opt/swift/usr/bin:$PATH"
command -v swift >/dev/null || { echo "setup: no Swift toolchain found (expected /opt/swift)" >&2; exit 1; }
