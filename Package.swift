// swift-tools-version:6.0
import PackageDescription

// SPEC §1: CLua (liblua5.4 via pkg-config), CLuaShim (C), KitSim (pure Swift, no Lua),
// KitSimLua (the generic bridge), the `kitsim` executable, and one test suite per module.
// Exclusivity checks are off in the hot modules: EMBEDDING.md measured ~24 % of the
// binding time in swift_beginAccess; the heap keeps its own invariants (Heap+Verify).
let hot: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"])]

let package = Package(
    name: "KitSim",
    products: [
        .library(name: "KitSimRuntime", targets: ["KitSimRuntime"]),
        .library(name: "KitSim", targets: ["KitSim"]),
        .library(name: "KitSimLua", targets: ["KitSimLua"]),
        .executable(name: "kitsim", targets: ["kitsim"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"])]
        ),
        // DWARF 4: valgrind 3.19 (Debian 12, bench/run.sh's callgrind counts) gives up on
        // binaries whose C units are DWARF 5.
        .target(name: "CLuaShim", dependencies: ["CLua"], cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        .systemLibrary(
            name: "CEdit",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        .target(name: "CLineEdit", dependencies: ["CEdit"]),
        // The runtime (objects, classes, dispatch, ownership, heap, trace, inspection) knows
        // neither Lua nor UIKit; the model (`KitSim`: the UIKit classes, the run loop, the
        // screen) builds on its public and package API only.
        .target(name: "KitSimRuntime", swiftSettings: hot),
        .target(name: "KitSim", dependencies: ["KitSimRuntime"], swiftSettings: hot),
        .target(name: "KitSimLua", dependencies: ["KitSim", "CLua", "CLuaShim"], swiftSettings: hot),
        // The tools on top of the bridge, outside the library: the scenario fuzzer and the
        // REPL's engine (the terminal side is the command line's).
        .target(name: "KitSimFuzz", dependencies: ["KitSimLua"]),
        .target(name: "KitSimRepl", dependencies: ["KitSimLua"]),
        // Release builds of `kitsim` are fully static (issue 7, BENCHMARKS.md): no dynamic
        // loading of the Swift runtime at start-up, which dominated `kitsim run` of a short
        // script (about 1 ms of loading and relocating libswiftCore and friends).
        .executableTarget(
            name: "kitsim", dependencies: ["KitSim", "KitSimLua", "KitSimFuzz", "KitSimRepl", "CLineEdit"],
            linkerSettings: [
                .unsafeFlags(["-static-executable"], .when(configuration: .release)),
                // A static libedit needs what its shared library would bring: libbsd's vis
                // functions (and libmd under them) and terminfo (libedit-dev installs all three).
                .linkedLibrary("bsd", .when(configuration: .release)),
                .linkedLibrary("md", .when(configuration: .release)),
                .linkedLibrary("tinfo", .when(configuration: .release)),
            ]
        ),
        // What both benchmarks print and time with (a table, number formats, median).
        .target(name: "BenchSupport", path: "bench/Support"),
        .executableTarget(
            name: "kitsim-bench",
            dependencies: ["KitSim", "BenchSupport"],
            path: "bench/HeapBench",
            swiftSettings: hot
        ),
        // Issue 7: the binding benchmark against a plain C binding (bench-only C target),
        // start-up, scale and suite throughput (BENCHMARKS.md).
        // DWARF 4: valgrind 3.19 (Debian 12) cannot read a second DWARF 5 C unit in one binary.
        .target(name: "PlainC", dependencies: ["CLua"], path: "bench/PlainC",
                cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        .executableTarget(
            name: "kitsim-lua-bench",
            dependencies: ["KitSim", "KitSimLua", "CLua", "PlainC", "BenchSupport"],
            path: "bench/LuaBench",
            swiftSettings: hot
        ),
        .testTarget(name: "KitSimTests", dependencies: ["KitSim", "KitSimRuntime"]),
        .testTarget(name: "KitSimLuaTests", dependencies: ["KitSimLua", "KitSimFuzz", "KitSimRepl"], exclude: ["Scripts"]),
        .testTarget(name: "BenchSupportTests", dependencies: ["BenchSupport"]),
    ]
)
