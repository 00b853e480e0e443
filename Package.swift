// swift-tools-version:6.0
import PackageDescription

// SPEC §1: CLua (liblua5.4 via pkg-config), CLuaShim (C), KitSim (pure Swift, no Lua),
// KitSimLua (the generic bridge), the `kitsim` executable, and one test suite per module.
// KitSimPlatform is the platform layer (the C library, Linux or macOS), depending on
// nothing. Linux-only flags carry `.when(platforms: [.linux])`
// (scripts/check-portability.sh checks both).
// Exclusivity checks are off in the hot modules: EMBEDDING.md measured ~24 % of the
// binding time in swift_beginAccess; the heap keeps its own invariants (Heap+Verify).
//
// Start-up (BENCHMARKS.md, "Start-up"): a generic type's metadata is by default looked up
// by demangling its mangled name on first use, about 20,000 instructions a type; the
// class declarations and the bridge use a few dozen such types (arrays and dictionaries
// of their own structs) while `kitsim run` starts. Direct metadata accessors do the same
// in a few hundred instructions, for a little more code.
//
// These are compiler flags SwiftPM calls unsafe, and it refuses a package whose library
// products need unsafe flags as a dependency resolved by version (`from: "0.1.0"`). So
// they are on only when KITSIM_TUNED=1, which scripts/setup.sh exports for every build
// of this repository's own scripts (tests, benchmarks, `scripts/kitsim.sh`); a package
// that depends on KitSim builds it without them (exclusivity checked, a slower start-up),
// as scripts/test-dependency.sh checks.
let tuned = Context.environment["KITSIM_TUNED"] == "1"
let startup: [SwiftSetting] = tuned ? [.unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"])] : []
let hot: [SwiftSetting] = (tuned ? [.unsafeFlags(["-enforce-exclusivity=unchecked"])] : []) + startup
// DWARF 4: valgrind 3.19 (Debian 12, bench/run.sh's callgrind counts) gives up on
// binaries whose C units are DWARF 5.
let dwarf4: [CSetting] = tuned ? [.unsafeFlags(["-gdwarf-4"], .when(platforms: [.linux]))] : []

let package = Package(
    name: "KitSim",
    // Synchronization's Mutex (kitsim test) needs macOS 15.
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "KitSimRuntime", targets: ["KitSimRuntime"]),
        .library(name: "KitSim", targets: ["KitSim"]),
        .library(name: "KitSimReport", targets: ["KitSimReport"]),
        .library(name: "KitSimBridge", targets: ["KitSimBridge"]),
        .library(name: "KitSimLua", targets: ["KitSimLua"]),
        .library(name: "KitSimTesting", targets: ["KitSimTesting"]),
        .executable(name: "kitsim", targets: ["kitsim"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLua",
            // Debian's lua5.4.pc; Homebrew's keg-only lua@5.4 installs lua5.4.pc (and a
            // liblua5.4 link) too, found once PKG_CONFIG_PATH names the keg (docs/architecture.md).
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"]), .brew(["lua@5.4"])]
        ),
        .target(name: "CLuaShim", dependencies: ["CLua"], cSettings: dwarf4),
        .systemLibrary(
            name: "CEdit",
            // Homebrew's libedit is keg-only (PKG_CONFIG_PATH, docs/architecture.md); without it the macOS
            // SDK's editline/readline.h and libedit are found on the default paths.
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"]), .brew(["libedit"])]
        ),
        .target(name: "CLineEdit", dependencies: ["CEdit"]),
        .target(name: "KitSimPlatform"),
        // The runtime (objects, classes, dispatch, ownership, heap, trace, inspection) knows
        // neither Lua nor UIKit; the model (`KitSim`: the UIKit classes, the run loop, the
        // screen) builds on its public and package API only. It takes malloc and realloc
        // from the platform layer for its append-only tables (`AppendBuffer`).
        .target(name: "KitSimRuntime", dependencies: ["KitSimPlatform"], swiftSettings: hot),
        .target(name: "KitSim", dependencies: ["KitSimRuntime"], swiftSettings: hot),
        // The reports: typed data of the runtime (a run's outcome, the trace, retain paths,
        // the ownership graph, the screen's picture) rendered as text, DOT, Mermaid, SVG and
        // the HTML page. It knows neither Lua nor UIKit; the bridge, the tools and the
        // command line render through it.
        .target(name: "KitSimReport", dependencies: ["KitSimRuntime", "KitSimPlatform"], swiftSettings: hot),
        // The generic Lua bridge: the runtime's classes, properties and selectors in Lua.
        // It knows no UIKit (scripts/check-layers.sh checks its sources too).
        .target(name: "KitSimBridge", dependencies: ["KitSimRuntime", "KitSimReport", "KitSimPlatform", "CLua", "CLuaShim"], swiftSettings: hot),
        // The binding of the UIKit model to the bridge: `LuaSandbox(configuration:)`, `sim`.
        .target(name: "KitSimLua", dependencies: ["KitSimBridge", "KitSimReport", "KitSim", "CLua", "CLuaShim"], swiftSettings: hot),
        // The tools on top of the bridge, outside the library: the scenario fuzzer and the
        // REPL's engine (the terminal side is the command line's).
        // Assertions on a scenario's outcome for Swift Testing and XCTest, in a target of its
        // own so that the library does not link a test framework.
        .target(name: "KitSimTesting", dependencies: ["KitSimBridge", "KitSimReport"]),
        .target(name: "KitSimFuzz", dependencies: ["KitSimLua", "KitSimReport", "KitSimPlatform"], swiftSettings: startup),
        .target(name: "KitSimRepl", dependencies: ["KitSimLua", "KitSimBridge", "KitSimReport", "KitSimPlatform"], swiftSettings: startup),
        // The order explorer (`kitsim explore`, docs/explore.md): searches, minimises and
        // replays orders of a scenario's events, outside the library.
        .target(name: "KitSimExplore", dependencies: ["KitSimLua", "KitSimReport", "KitSimPlatform"], swiftSettings: hot),
        // Release builds of `kitsim` are fully static (BENCHMARKS.md): no dynamic
        // loading of the Swift runtime at start-up, which dominated `kitsim run` of a short
        // script (about 1 ms of loading and relocating libswiftCore and friends). Linux only:
        // macOS has no static executables, and its libedit needs none of the three below.
        .executableTarget(
            name: "kitsim", dependencies: ["KitSim", "KitSimLua", "KitSimReport", "KitSimFuzz", "KitSimRepl", "KitSimExplore", "KitSimPlatform", "CLineEdit"],
            swiftSettings: startup,
            linkerSettings: [
                .unsafeFlags(["-static-executable"], .when(platforms: [.linux], configuration: .release)),
                // A static libedit needs what its shared library would bring: libbsd's vis
                // functions (and libmd under them) and terminfo (libedit-dev installs all three).
                .linkedLibrary("bsd", .when(platforms: [.linux], configuration: .release)),
                .linkedLibrary("md", .when(platforms: [.linux], configuration: .release)),
                .linkedLibrary("tinfo", .when(platforms: [.linux], configuration: .release)),
            ]
        ),
        // What both benchmarks print and time with (a table, number formats, median).
        .target(name: "BenchSupport", path: "bench/Support"),
        .executableTarget(
            name: "kitsim-bench",
            dependencies: ["KitSim", "KitSimPlatform", "BenchSupport"],
            path: "bench/HeapBench",
            swiftSettings: hot
        ),
        // The binding benchmark against a plain C binding (bench-only C target),
        // start-up, scale and suite throughput (BENCHMARKS.md).
        // DWARF 4: valgrind 3.19 (Debian 12) cannot read a second DWARF 5 C unit in one binary.
        // The benchmarks build on macOS too; there they skip callgrind (no valgrind) and
        // glibc's malloc statistics.
        .target(name: "PlainC", dependencies: ["CLua"], path: "bench/PlainC", cSettings: dwarf4),
        .executableTarget(
            name: "kitsim-lua-bench",
            dependencies: ["KitSim", "KitSimLua", "KitSimExplore", "KitSimPlatform", "CLua", "PlainC", "BenchSupport"],
            path: "bench/LuaBench",
            swiftSettings: hot
        ),
        .testTarget(name: "KitSimTests", dependencies: ["KitSim", "KitSimRuntime", "KitSimReport"]),
        .testTarget(name: "KitSimLuaTests", dependencies: ["KitSimBridge", "KitSimLua", "KitSimReport", "KitSimFuzz", "KitSimRepl", "KitSimExplore", "KitSimPlatform", "KitSimTesting"], exclude: ["Scripts"]),
        .testTarget(name: "BenchSupportTests", dependencies: ["BenchSupport"]),
        // Uses the KitSimTesting and KitSimLua products as an app's test package would.
        .testTarget(name: "KitSimTestingTests", dependencies: ["KitSimTesting", "KitSimLua", "KitSimReport"]),
    ]
)

// The libFuzzer target (scripts/fuzz-libfuzzer.sh, .clusterfuzzlite/build.sh) is declared
// only when KITSIM_LIBFUZZER is set, and only on Linux: it has no `main` of its own
// (libFuzzer's comes with `--sanitize fuzzer`), so an ordinary build could not link it.
#if os(Linux)
if Context.environment["KITSIM_LIBFUZZER"] != nil {
    package.targets.append(.target(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"))
    package.targets.append(.executableTarget(name: "kitsim-libfuzzer", dependencies: ["KitSim", "KitSimFuzz", "CLibFuzzer"], path: "Fuzz/LibFuzzer"))
}
#endif
