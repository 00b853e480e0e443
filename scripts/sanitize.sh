#!/usr/bin/env bash
# The bridge's tests (KitSimLuaTests) under AddressSanitizer, with its leak check, and
# under UndefinedBehaviorSanitizer for the C shim (swiftc has no UBSan: clang's, on the C
# code), each followed by a short `kitsim fuzz` run of the sanitized binary. Separate
# build folders (.build/asan, .build/ubsan) keep the ordinary builds intact.
# About 5 minutes from scratch on 2 cores (two debug builds of ~1 min each), under 2
# minutes when the builds are up to date.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
# libXCTest leaks 144 bytes of its own at exit; nothing of ours is suppressed.
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp"

swift build --build-tests --sanitize=address --scratch-path .build/asan
swift test --skip-build --sanitize=address --scratch-path .build/asan --filter KitSimLuaTests
.build/asan/debug/kitsim fuzz --seed 1 --count 5000

ubsan=(-Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined
       -Xswiftc -Xclang-linker -Xswiftc -fsanitize=undefined)
swift build --build-tests --scratch-path .build/ubsan "${ubsan[@]}"
swift test --skip-build --scratch-path .build/ubsan "${ubsan[@]}" --filter KitSimLuaTests
.build/ubsan/debug/kitsim fuzz --seed 1 --count 5000
echo "sanitize.sh: all passed"
