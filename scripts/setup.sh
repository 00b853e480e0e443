#!/usr/bin/env bash
# Installs what KitSim needs, when it is missing: Lua 5.4 (the embedded Lua, and the
# `lua5.4` the conformance test compares kitsim run with), libedit (the REPL's line
# editing), pkg-config, tmux (the REPL's terminal test drives it), perl's prove and
# xmllint (the CI output test reads kitsim test's TAP and validates its JUnit), luacheck
# (scripts/ are checked with the std `kitsim api --luacheck` writes), and Graphviz and
# librsvg (`dot` draws the ownership graph as SVG and PNG, `rsvg-convert` the screen as PNG),
# and Chromium (scripts/test-report.sh loads the HTML report in headless Chromium; Homebrew
# has no formula for it, only `brew install --cask chromium`, so on macOS it is not installed
# here and the browser check is skipped when it is missing).
#   Linux: the Debian packages, with apt-get.
#   macOS: Homebrew's formulas. lua@5.4 and libedit are keg-only (Homebrew's `lua` is
#          5.5, and macOS has its own libedit), so PKG_CONFIG_PATH and PATH are set here
#          to their kegs for the build; set them in your shell too (docs/architecture.md,
#          "Building on macOS").
# kitsim_install PKG...: installs what is missing, named as Debian names it (bench/run.sh
# uses it for its own tools; on macOS the names are mapped to formulas, and valgrind,
# which Homebrew does not have for macOS, is skipped).
set -euo pipefail
# The repository's own builds use the compiler flags of Package.swift's `tuned` (a package
# that depends on KitSim builds without them).
export KITSIM_TUNED=1
case "$(uname -s)" in
Linux)
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
    kitsim_install liblua5.4-dev libedit-dev pkg-config tmux lua5.4 perl libxml2-utils lua-check graphviz librsvg2-bin chromium
    command -v swift >/dev/null || export PATH="/opt/swift/usr/bin:$PATH"
    ;;
Darwin)
    command -v brew >/dev/null || { echo "setup: Homebrew is needed on macOS (https://brew.sh)" >&2; exit 1; }
    kitsim_install() {
        local need=() pkg formula
        for pkg in "$@"; do
            case "$pkg" in
                liblua5.4-dev|lua5.4) formula=lua@5.4 ;;
                libedit-dev) formula=libedit ;;
                perl) continue ;;            # macOS has perl and its prove
                libxml2-utils) formula=libxml2 ;;
                lua-check) formula=luacheck ;;
                librsvg2-bin) formula=librsvg ;;
                valgrind) echo "setup: valgrind is not available on macOS; skipped" >&2; continue ;;
                *) formula=$pkg ;;
            esac
            brew list --versions "$formula" >/dev/null 2>&1 || need+=("$formula")
        done
        [ ${#need[@]} -gt 0 ] || return 0
        echo "setup: brew install ${need[*]}" >&2
        brew install "${need[@]}"
    }
    kitsim_install liblua5.4-dev libedit-dev pkg-config tmux lua-check graphviz librsvg2-bin
    [ -x /Applications/Chromium.app/Contents/MacOS/Chromium ] || command -v chromium >/dev/null \
        || echo "setup: Chromium not found; scripts/test-report.sh skips its browser check (brew install --cask chromium)" >&2
    for keg in lua@5.4 libedit; do
        prefix=$(brew --prefix "$keg")
        export PKG_CONFIG_PATH="$prefix/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
    done
    # lua@5.4's bin has the lua5.4 the conformance test runs.
    export PATH="$(brew --prefix lua@5.4)/bin:$PATH"
    ;;
*)
    echo "setup: $(uname -s) is not supported (Linux or macOS)" >&2
    exit 1
    ;;
esac
command -v swift >/dev/null || { echo "setup: no Swift toolchain found (Linux: /opt/swift; macOS: Xcode 16 or a swift.org toolchain)" >&2; exit 1; }
