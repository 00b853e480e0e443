// The libFuzzer target: libFuzzer (linked by `-sanitize=fuzzer`) owns `main` and calls
// `LLVMFuzzerTestOneInput` with each input it makes. Everything the target does is
// `LibFuzzerTarget`'s (KitSimFuzz), so the command line and the tests run the same code;
// this file only traps, which is how a libFuzzer target reports a failure, and hands the
// structure-aware mutator's work to libFuzzer.
import CLibFuzzer
import KitSimFuzz
#if KITSIM_PLANTED_DEFECT
import KitSim
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Before libFuzzer installs its signal handlers: gives the crash signals back their
/// default handling. The Swift runtime's backtracer has taken them, and libFuzzer keeps a
/// handler it finds in place; under the address sanitizer that backtracer then reads
/// memory the sanitizer reports as a wild read, in place of libFuzzer's "deadly signal"
/// report of the abort below (the input is saved either way).
@_cdecl("LLVMFuzzerInitialize")
public func kitsimFuzzerInitialize(_ argc: UnsafeMutablePointer<Int32>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> Int32 {
    for s in [SIGABRT, SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE] { signal(s, SIG_DFL) }
    #if KITSIM_PLANTED_DEFECT
    // How far the search got when it ends without a find (libFuzzer exits at
    // -max_total_time and -runs): each worker's log says it.
    atexit { writeError("==kitsim-libfuzzer== planted path after \(inputsRun) inputs and \(callsRun) calls: \(plantedDefectStagesLine())\n") }
    #endif
    return 0
}

/// Writes all of `text` to standard error, unbuffered (the process may abort next).
func writeError(_ text: String) {
    let utf8 = Array(text.utf8)
    var written = 0
    while written < utf8.count {
        let n = utf8[written...].withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count) }
        if n <= 0 { break }
        written += n
    }
}

/// The inputs and calls this process has run: the report of a failure says how many it
/// took to find (libFuzzer runs one input at a time, on one thread).
nonisolated(unsafe) var inputsRun = 0
nonisolated(unsafe) var callsRun = 0

/// `KITSIM_LIBFUZZER_SEEDED=S` in the environment: each input is ignored and the program of
/// the next seed from S (100 calls, as `kitsim fuzz` runs them) runs in its place. libFuzzer
/// still reports the coverage, so a run measures `kitsim fuzz`'s random search in the same
/// instrumented binary and for the same time as the coverage-guided one.
let seededFrom: UInt64? = getenv("KITSIM_LIBFUZZER_SEEDED").flatMap { UInt64(String(cString: $0)) }

/// One input: run it, and on a failed check print which check (and the script that
/// replays it) and abort, so that libFuzzer saves the input as a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func kitsimTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let result: LibFuzzerTarget.Result
    if let first = seededFrom {
        result = LibFuzzerTarget.run(seed: first &+ UInt64(inputsRun), calls: 100)
    } else {
        result = LibFuzzerTarget.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    }
    inputsRun += 1
    callsRun += result.run.callsRun
    if let failure = LibFuzzerTarget.report(result) {
        var report = "==kitsim-libfuzzer== found after \(inputsRun) inputs and \(callsRun) calls in this process\n"
        #if KITSIM_PLANTED_DEFECT
        report += "==kitsim-libfuzzer== planted path: \(plantedDefectStagesLine())\n"
        #endif
        writeError(report + failure)
        abort()
    }
    return 0
}

/// libFuzzer's hook for a mutator of the target's own: `FuzzMutator` changes whole calls and
/// single choices of the input's records, and leaves the rest of the mutations to
/// libFuzzer's own (`LLVMFuzzerMutate`), which see bytes.
@_cdecl("LLVMFuzzerCustomMutator")
public func kitsimCustomMutator(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    guard let data else { return 0 }
    switch FuzzMutator.mutate(Array(UnsafeBufferPointer(start: data, count: size)), maxSize: maxSize, seed: seed) {
    case .mutated(let bytes):
        bytes.withUnsafeBufferPointer { b in
            if let base = b.baseAddress { data.update(from: base, count: b.count) }
        }
        return bytes.count
    case .useDefault:
        return LLVMFuzzerMutate(data, size, maxSize)
    }
}
