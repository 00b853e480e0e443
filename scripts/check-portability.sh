#!/usr/bin/env bash
# Fails on a Linux-only construct that is not behind the platform layer or a Linux guard,
# so that the package keeps building on macOS although CI runs on Linux only (this
# machine cannot build for macOS, and `swiftc -parse` on Linux does not see the branches
# of `#if os(...)` that Linux skips, so this is a textual check of known constructs):
#   swift  S1 `import Glibc|Darwin|Musl` or `canImport(Glibc)` outside Sources/KitSimPlatform
#          S2 `Glibc.`/`Darwin.`/`Musl.` qualified names outside the platform layer
#          S3 `/proc/` outside `#if os(Linux)`
#          S4 fork(), vfork() or daemon() (fork without exec: use Platform.spawn)
#          S5 a hard-coded "/tmp…" path outside the platform layer (Platform.temporaryDirectory)
#          S6 glibc's sigaction fields outside the platform layer (Platform.setSignalHandler)
#   C      C1 <linux/…>, <sys/prctl.h>, <sys/sysinfo.h>, <malloc.h>, <bsd/…> outside
#             `#if defined(__linux__)` / `#ifdef __linux__`;  C2 `/proc/`;  C3 fork()
#   manifest M1 -static-executable, linkedLibrary("bsd"|"md"|"tinfo"), -gdwarf-… without
#             `.when(platforms: [.linux]` on the same line
#   shell  H1 apt-get, apt or dpkg run as a command, or `/proc/`, outside a Linux branch:
#             a `Linux)` arm of a `case`, or an `if`/`elif` that tests `uname` against Linux
#             (up to its else/elif/fi), or a line that tests `uname … Linux` itself;
#             text in quotes (a message naming apt-get) is not a command
# Comment lines are not checked. `--self-test` checks the checker on
# scripts/portability/: every line marked BAD must be reported, and nothing else, and the
# good samples must pass; it also checks that the Lua 5.4 header check fires on 5.5 headers.
set -euo pipefail
cd "$(dirname "$0")/.."

# check_swift FILE [platform-layer]
check_swift() {
    awk -v file="$1" -v layer="${2:-0}" '
    function linux(   i) { for (i = 1; i <= depth; i++) if (lin[i]) return 1; return 0 }
    function report(rule, msg) { printf "%s:%d: %s: %s\n", file, NR, rule, msg }
    {
        line = $0
        if (line ~ /^[ \t]*#if[ \t]/)      { depth++; lin[depth] = (line ~ /os\(Linux\)/ && line !~ /!os\(Linux\)/) }
        else if (line ~ /^[ \t]*#elseif[ \t]/) { lin[depth] = (line ~ /os\(Linux\)/ && line !~ /!os\(Linux\)/) }
        else if (line ~ /^[ \t]*#else/)    { lin[depth] = 0 }
        else if (line ~ /^[ \t]*#endif/)   { if (depth > 0) depth-- }
        if (line ~ /^[ \t]*(\/\/|\*|\/\*)/) next
        if (!layer && (line ~ /^[ \t]*(@_exported[ \t]+)?import[ \t]+(Glibc|Darwin|Musl)([ \t.]|$)/ || line ~ /canImport\((Glibc|Darwin|Musl)\)/))
            report("S1", "the C library is imported only by the platform layer: import KitSimPlatform")
        if (!layer && line ~ /(^|[^A-Za-z0-9_])(Glibc|Darwin|Musl)\.[a-z_]/)
            report("S2", "a name qualified with the C library outside the platform layer")
        if (line ~ /\/proc\// && !linux())
            report("S3", "/proc exists on Linux only: inside #if os(Linux), in the platform layer")
        if (line ~ /(^|[^A-Za-z0-9_.])(v?fork|daemon)[ \t]*\(/)
            report("S4", "fork without exec is unsafe on macOS: Platform.spawn (posix_spawn)")
        if (!layer && line ~ /"\/tmp/)
            report("S5", "a hard-coded /tmp: Platform.temporaryDirectory ($TMPDIR)")
        if (!layer && line ~ /__sigaction_handler|__sigaction_u|__sa_handler/)
            report("S6", "sigaction fields differ between glibc and Darwin: Platform.setSignalHandler")
    }' "$1"
}

check_c() {
    awk -v file="$1" '
    function linux(   i) { for (i = 1; i <= depth; i++) if (lin[i]) return 1; return 0 }
    function report(rule, msg) { printf "%s:%d: %s: %s\n", file, NR, rule, msg }
    {
        line = $0
        if (line ~ /^[ \t]*#[ \t]*if(def|ndef)?[ \t]/) { depth++; lin[depth] = (line ~ /__linux__/ && line !~ /!|ifndef/) }
        else if (line ~ /^[ \t]*#[ \t]*elif[ \t]/) { lin[depth] = (line ~ /__linux__/ && line !~ /!/) }
        else if (line ~ /^[ \t]*#[ \t]*else/) { lin[depth] = 0 }
        else if (line ~ /^[ \t]*#[ \t]*endif/) { if (depth > 0) depth-- }
        if (line ~ /^[ \t]*(\/\/|\*|\/\*)/) next
        if (line ~ /#[ \t]*include[ \t]*<(linux\/|sys\/prctl\.h|sys\/sysinfo\.h|malloc\.h|bsd\/)/ && !linux())
            report("C1", "a Linux-only header outside #if defined(__linux__)")
        if (line ~ /\/proc\// && !linux())
            report("C2", "/proc exists on Linux only: inside #if defined(__linux__)")
        if (line ~ /(^|[^A-Za-z0-9_])v?fork[ \t]*\(/)
            report("C3", "fork without exec is unsafe on macOS: posix_spawn")
    }' "$1"
}

check_manifest() {
    awk -v file="$1" '
    /^[ \t]*\/\// { next }
    /-static-executable|linkedLibrary\("(bsd|md|tinfo)"|-gdwarf/ {
        if ($0 !~ /\.when\(platforms: \[\.linux\]/)
            printf "%s:%d: M1: a Linux-only flag without .when(platforms: [.linux])\n", file, NR
    }' "$1"
}

check_shell() {
    awk -v file="$1" '
    function report(msg) { printf "%s:%d: H1: %s\n", file, NR, msg }
    function linuxtest(s) { return s ~ /uname/ && s ~ /(=|==)[ \t]*"?Linux"?/ }
    {
        line = $0
        if (line ~ /^[ \t]*#/) next
        oneline = 0
        if (line ~ /^[ \t]*if[ \t]/ && line ~ /(;|[ \t])fi([ \t;]|$)/) oneline = 1
        else if (line ~ /^[ \t]*if[ \t]/) { depth++; iflin[depth] = linuxtest(line) }
        else if (line ~ /^[ \t]*elif[ \t]/) { iflin[depth] = linuxtest(line) }
        else if (line ~ /^[ \t]*else([ \t]|$)/) { iflin[depth] = 0 }
        else if (line ~ /^[ \t]*fi([ \t;]|$)/) { if (depth > 0) depth-- }
        if (line ~ /^[ \t]*"?Linux\*?"?\)/) arm = 1
        guarded = arm || linuxtest(line)
        for (i = 1; i <= depth; i++) if (iflin[i]) guarded = 1
        code = line; gsub(/"[^"]*"|'\''[^'\'']*'\''/, "\"\"", code)   # not inside quotes (messages)
        if (!guarded && code ~ /(^|[;&|()]|then|do|else)[ \t]*([A-Z_]+=[^ \t]*[ \t]+)*((\$sudo|sudo)[ \t]+)?(apt-get|apt|dpkg)[ \t]/)
            report("apt and dpkg are Debian'\''s: run them in a Linux branch (scripts/setup.sh)")
        if (!guarded && line ~ /\/proc\//)
            report("/proc exists on Linux only: in a Linux branch")
        if (arm && line ~ /;;/) arm = 0
    }' "$1"
}

scan() {
    local f
    while IFS= read -r f; do
        case "$f" in Sources/KitSimPlatform/*) check_swift "$f" 1 ;; *) check_swift "$f" ;; esac
    done < <(find Sources Tests bench -name '*.swift' | sort)
    while IFS= read -r f; do check_c "$f"; done < <(find Sources bench -name '*.[ch]' | sort)
    check_manifest Package.swift
    while IFS= read -r f; do check_shell "$f"; done < <(find scripts bench -maxdepth 1 -name '*.sh' | sort; echo .ci/run)
}

self_test() {
    local dir=scripts/portability out expected got status=0
    out=$( { check_swift "$dir/bad.swift.txt"; check_c "$dir/bad.c.txt"; check_manifest "$dir/bad-manifest.swift.txt";
             check_shell "$dir/bad.sh.txt"; } )
    expected=$(for f in bad.swift.txt bad.c.txt bad-manifest.swift.txt bad.sh.txt; do
                   grep -n 'BAD' "$dir/$f" | cut -d: -f1 | sed "s|^|$dir/$f:|"; done | sort)
    got=$(printf '%s\n' "$out" | cut -d: -f1,2 | sort -u)
    if [ "$expected" != "$got" ]; then
        echo "check-portability self-test: the bad samples were not reported line for line" >&2
        diff <(echo "$expected") <(echo "$got") >&2 || true
        status=1
    fi
    out=$( { check_swift "$dir/good.swift.txt"; check_shell "$dir/good.sh.txt"; check_c "$dir/good.c.txt"; } )
    if [ -n "$out" ]; then echo "check-portability self-test: a good sample was reported:" >&2; echo "$out" >&2; status=1; fi
    # The Lua version check: 5.5 headers must stop the build with the message, 5.4 pass.
    local cc tmp
    cc=$(command -v clang || command -v cc || true)
    if [ -n "$cc" ]; then
        tmp=$(mktemp -d)
        printf '#define LUA_VERSION_NUM 505\n' > "$tmp/lua.h"; : > "$tmp/lauxlib.h"; : > "$tmp/lualib.h"
        if "$cc" -fsyntax-only -I "$tmp" -x c Sources/CLua/shim.h 2> "$tmp/err" || ! grep -q "needs the Lua 5.4 headers" "$tmp/err"; then
            echo "check-portability self-test: Sources/CLua/shim.h accepted Lua 5.5 headers" >&2; status=1
        fi
        if "$cc" -fsyntax-only -I "$tmp" -x c Sources/CLuaShim/include/kitsim_lua.h 2> "$tmp/err" || ! grep -q "needs the Lua 5.4 headers" "$tmp/err"; then
            echo "check-portability self-test: kitsim_lua.h accepted Lua 5.5 headers" >&2; status=1
        fi
        if ! "$cc" -fsyntax-only $(pkg-config --cflags lua5.4) -x c Sources/CLua/shim.h; then
            echo "check-portability self-test: Sources/CLua/shim.h refused the installed Lua 5.4 headers" >&2; status=1
        fi
        rm -rf "$tmp"
    fi
    return $status
}

if [ "${1:-}" = "--self-test" ]; then
    self_test && echo "check-portability.sh: self-test passed"
    exit
fi
found=$(scan)
if [ -n "$found" ]; then
    echo "$found" >&2
    echo "check-portability.sh: $(echo "$found" | wc -l) Linux-only construct(s) outside the platform layer or a Linux guard" >&2
    exit 1
fi
echo "check-portability.sh: no unguarded Linux-only constructs"
