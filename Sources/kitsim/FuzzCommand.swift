import KitSim
import KitSimLua
import KitSimFuzz
import KitSimPlatform
import KitSimReport

/// `kitsim fuzz [--seed S] [--count N | --long] [--calls-per-seed K] [--replay FILE] [--show]`:
/// random API call sequences mixed with Lua-level calls (FuzzGenerator+Lua.swift), one
/// program per seed, each call checked (every failure a Lua error with a message, the
/// bridge at rest, the heap invariant). The programs run in a child process (this executable again, started with posix_spawn) so
/// that a host crash or hang is caught too: the parent then knows the seed and call,
/// minimises by delta debugging (each candidate in a child of its own) and prints the
/// seed and a script that reproduces the failure.
enum FuzzCommand {
    static let spec = ArgumentSpec(
        command: "fuzz", operands: "[SCRIPT…]",
        summary: "Random programs of API calls and Lua, one per seed, every call checked, in child processes; a failure is minimised and printed as a script.",
        options: [
            .init("--seed", value: "S", help: "the first seed (default 1)"),
            .init("--count", value: "N", help: "calls in all (default 100000: seeds S… of K calls each)"),
            .init("--calls-per-seed", value: "K", help: "calls per program (default 100)"),
            .init("--long", help: "10000000 calls"),
            .init("--in-process", "--no-fork", help: "run the seeds in this process: faster to debug, but a host crash ends the run"),
            .init("--show", help: "print the program of --seed (or of --from-libfuzzer's input)"),
            .init("--replay", value: "FILE", help: "run a printed script call by call"),
            .init("--verbose", "-v", help: "with --replay: each call's outcome"),
            .init("--from-libfuzzer", value: "FILE", help: "a libFuzzer input as the script that replays it (minimised if it fails)"),
            .init("--no-minimize", "--no-minimise", help: "with --from-libfuzzer: keep the input's calls as they are"),
            .init("--write-corpus", value: "DIR", help: "libFuzzer's seed corpus: the SCRIPTs given, then --count calls of seeds"),
            .init("--write-dictionary", value: "FILE", help: "libFuzzer's dictionary"),
        ],
        operandCount: 0...Int.max,
        epilogue: "exit status: 0 clean, 1 a failure was found (its seed and minimised script printed).")

    struct Options {
        var seed: UInt64 = 1
        var count = 100_000
        var perSeed = 100
        var replay: String?
        var show = false
        var verbose = false
        var isolated = true
        var fromLibFuzzer: String?
        var minimise = true
        var corpus: String?
        var dictionary: String?
        var scripts: [String] = []
        var countGiven = false
    }

    static func main(_ args: [String]) -> Int32 {
        if args.first == "--child" { return child(Array(args.dropFirst())) }
        let (parsed, status) = spec.parseOrReport(args)
        guard let p = parsed else { return status }
        var o = Options()
        if let v = p.value("--seed") {
            guard let n = UInt64(v) else { return Command.usageError("--seed takes a number", spec) }
            o.seed = n
        }
        if let v = p.value("--count") {
            guard let n = Int(v), n >= 1 else { return Command.usageError("--count takes a number >= 1", spec) }
            o.count = n
            o.countGiven = true
        }
        if let v = p.value("--calls-per-seed") {
            guard let n = Int(v), n >= 1 else { return Command.usageError("--calls-per-seed takes a number >= 1", spec) }
            o.perSeed = n
        }
        if p.flag("--long") { o.count = 10_000_000 }
        o.replay = p.value("--replay")
        o.show = p.flag("--show")
        o.verbose = p.flag("--verbose")
        o.isolated = !p.flag("--in-process")
        o.fromLibFuzzer = p.value("--from-libfuzzer")
        o.minimise = !p.flag("--no-minimize")
        o.corpus = p.value("--write-corpus")
        o.dictionary = p.value("--write-dictionary")
        o.scripts = p.operands
        if !o.scripts.isEmpty && o.corpus == nil {
            return Command.usageError("scripts are taken with --write-corpus only (got '\(o.scripts[0])')", spec)
        }
        if let file = o.replay { return replay(file, verbose: o.verbose) }
        if let file = o.fromLibFuzzer { return fromLibFuzzer(file, show: o.show, minimise: o.minimise) }
        if let file = o.dictionary, o.corpus == nil { return writeDictionary(file) }
        // A corpus is 50 seeds of 100 calls unless told otherwise.
        if o.corpus != nil && !o.countGiven { o.count = 5_000 }
        let seeds = max(1, o.count / o.perSeed)
        let perSeed = min(o.perSeed, o.count)
        if let dir = o.corpus {
            let status = writeCorpus(dir, first: o.seed, seeds: seeds, perSeed: perSeed, scripts: o.scripts)
            if status == 0, let file = o.dictionary { return writeDictionary(file) }
            return status
        }
        if o.show {
            print(Fuzzer.script(FuzzGenerator.program(seed: o.seed, calls: perSeed), note: "generated, \(perSeed) calls"), terminator: "")
            return ExitCode.success
        }
        return fuzz(first: o.seed, seeds: seeds, perSeed: perSeed, isolated: o.isolated)
    }

    // MARK: - Replay

    static func replay(_ file: String, verbose: Bool) -> Int32 {
        guard let text = readText(file), let program = Fuzzer.parse(script: text) else {
            printError("kitsim fuzz: cannot read a fuzz script from \(file)")
            return ExitCode.noInput
        }
        let result = Fuzzer.run(program, observe: { i, r in
            guard verbose else { return }
            let first = r.message?.split(separator: "\n").first.map(String.init) ?? ""
            print("\(i + 1)\t\(r.status.rawValue)\t\(program.calls[i])\n\t\t\(first)")
        })
        if let f = result.failure {
            print("FAILED: \(f)")
            return ExitCode.failed
        }
        print("replayed \(result.callsRun) calls: clean")
        return ExitCode.success
    }

    // MARK: - Fuzzing in a child process

    /// Shared with the child: a file in the temporary folder that both processes map
    /// (MAP_SHARED), where the child keeps where it is and its counts, so the parent can
    /// read them after the child crashed.
    final class Shared {
        let p: UnsafeMutablePointer<Int64>
        let path: String
        let owner: Bool
        static let words = 512
        static var bytes: Int { words * 8 }

        /// The parent's: a new, zeroed file, removed when this goes.
        convenience init?() {
            guard let path = Platform.makeTemporaryFile("kitsim-fuzz-shared-") else { return nil }
            self.init(path: path, owner: true)
        }

        /// The child's: the parent's file.
        init?(path: String, owner: Bool) {
            self.path = path
            self.owner = owner
            let fd = open(path, O_RDWR)
            guard fd >= 0 else { return nil }
            defer { close(fd) }
            guard !owner || ftruncate(fd, off_t(Shared.bytes)) == 0,
                  let raw = mmap(nil, Shared.bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), raw != MAP_FAILED
            else {
                if owner { unlink(path) }
                return nil
            }
            p = raw.bindMemory(to: Int64.self, capacity: Shared.words)
            if owner { p.initialize(repeating: 0, count: Shared.words) }
        }

        deinit {
            munmap(p, Shared.bytes)
            if owner { unlink(path) }
        }

        // Slots.
        static let seed = 0, call = 1, calls = 2, seeds = 3, failKind = 4, failCall = 5, statuses = 8, message = 32
        var messageCapacity: Int { (Shared.words - Shared.message) * 8 - 1 }

        func setMessage(_ s: String) {
            let bytes = Array(s.utf8.prefix(messageCapacity))
            let raw = UnsafeMutableRawPointer(p + Shared.message)
            raw.copyMemory(from: bytes, byteCount: bytes.count)
            raw.storeBytes(of: 0, toByteOffset: bytes.count, as: UInt8.self)
        }

        var message: String {
            let raw = UnsafeRawPointer(p + Shared.message).assumingMemoryBound(to: CChar.self)
            return String(cString: raw)
        }
    }

    static let statusOrder: [Outcome.Status] = [.passed, .crashed, .scriptError, .limitExceeded, .assertionFailed]
    static let kindOrder: [FuzzFailure.Kind] = [.invariant, .noMessage, .bridgeState, .custom, .header, .nondeterministic, .strandedHold]

    /// Every tenth seed runs twice, in two Lua states, and must give the same run.
    static func runSeed(_ program: FuzzProgram, onCall: ((Int) -> Void)? = nil) -> FuzzRun {
        program.seed % 10 == 0 ? Fuzzer.runTwice(program, onCall: onCall) : Fuzzer.run(program, onCall: onCall)
    }

    /// How a run ended, comparable between the original failure and a candidate.
    enum Verdict: Equatable {
        case clean
        case failure(FuzzFailure.Kind)
        case crash(Int32)      // the signal
        case exited(Int32)     // an exit status the fuzzer does not give (a sanitizer's report)
        case hang

        var text: String {
            switch self {
            case .clean: return "clean"
            case .failure(let k): return k.rawValue
            case .crash(let s): return "host crash (signal \(s)\(signalName(s)))"
            case .exited(let code): return "host crash (the child exited with status \(code))"
            case .hang: return "host hang (no progress for 60 s)"
            }
        }
    }

    static func fuzz(first: UInt64, seeds: Int, perSeed: Int, isolated: Bool) -> Int32 {
        var failures: [(seed: UInt64, verdict: Verdict)] = []
        var totals = [Int64](repeating: 0, count: statusOrder.count)
        var callsRun: Int64 = 0
        var next = first
        let end = first &+ UInt64(seeds)

        if !isolated {
            for s in first..<end {
                let program = FuzzGenerator.program(seed: s, calls: perSeed)
                let r = runSeed(program)
                callsRun += Int64(r.callsRun)
                for (k, st) in statusOrder.enumerated() { totals[k] += Int64(r.statuses[st] ?? 0) }
                if let f = r.failure {
                    let m = Fuzzer.minimise(program, failure: f)
                    report(seed: s, perSeed: perSeed, call: f.call, verdict: .failure(f.kind), message: f.message,
                           original: program.calls.count, minimised: m)
                    failures.append((s, .failure(f.kind)))
                }
            }
            summary(first: first, seeds: seeds, perSeed: perSeed, callsRun: callsRun, totals: totals, failures: failures)
            #if KITSIM_PLANTED_DEFECT
            // The stages are counted in this process only: a child's counts end with it.
            print("planted path: \(plantedDefectStagesLine())")
            #endif
            return failures.isEmpty ? 0 : 1
        }

        guard let shared = Shared() else { printError("kitsim fuzz: cannot make the shared file in \(Platform.temporaryDirectory)"); return ExitCode.software }
        guard let exe = Platform.executablePath() else { printError("kitsim fuzz: cannot find the kitsim executable to run children"); return ExitCode.software }
        guard let log = StderrCapture() else { printError("kitsim fuzz: cannot make a file in \(Platform.temporaryDirectory)"); return ExitCode.software }
        let child = Child(executable: exe, shared: shared, log: log, perSeed: perSeed)
        while next < end {
            shared.p[Shared.failKind] = 0
            shared.p[Shared.seed] = Int64(bitPattern: next)
            shared.p[Shared.call] = -1
            var verdict = child.run(["seeds", "--from", "\(next)", "--to", "\(end)"], watchdog: 60)
            if verdict == .clean { break }
            if case .failure = verdict {
                verdict = .failure(kindOrder[min(max(Int(shared.p[Shared.failKind]) - 1, 0), kindOrder.count - 1)])
            }
            let seed = UInt64(bitPattern: shared.p[Shared.seed])
            let call = Int(shared.p[Shared.call])
            let message: String
            switch verdict {
            case .failure: message = shared.message
            default: message = log.tail()
            }
            let program = FuzzGenerator.program(seed: seed, calls: perSeed)
            // Minimise: every candidate runs in a child and must end the same way.
            var p = program
            p.calls = Array(program.calls.prefix(max(call, 0) + 1))
            // A candidate normally runs in milliseconds: when the failure is a hang, a few
            // seconds without an end is a hang too (a candidate that hangs costs its watchdog).
            let watchdog: UInt32 = verdict == .hang ? 5 : 60
            let kept = Fuzzer.minimise(p.calls.count) { keep in
                var args = ["candidate", "--from", "\(seed)", "--keep", encode(keep)]
                if verdict == .failure(.nondeterministic) { args.append("--twice") }
                return child.run(args, watchdog: watchdog) == verdict
            }
            var minimised = p
            minimised.calls = kept.map { p.calls[$0] }
            report(seed: seed, perSeed: perSeed, call: call, verdict: verdict, message: message,
                   original: p.calls.count, minimised: minimised)
            failures.append((seed, verdict))
            next = seed &+ 1
        }
        callsRun = shared.p[Shared.calls]
        for k in 0..<statusOrder.count { totals[k] = shared.p[Shared.statuses + k] }
        summary(first: first, seeds: seeds, perSeed: perSeed, callsRun: callsRun, totals: totals, failures: failures)
        return failures.isEmpty ? 0 : 1
    }

    /// Runs seeds in a child process: this executable again (posix_spawn), as
    /// `kitsim fuzz --child MODE …`, its standard error into `log`. The child's exit code
    /// 0 is clean, 3 an in-process failure whose kind it wrote to the shared file, 10+k
    /// a failure of kind k, 100+signal a crash its handler caught (SIGALRM: the
    /// watchdog, a hang), 71 a child that could not start its work.
    struct Child {
        let executable: String
        let shared: Shared
        let log: StderrCapture
        let perSeed: Int

        func run(_ arguments: [String], watchdog: UInt32) -> Verdict {
            fflush(nil)
            let argv = [executable, "fuzz", "--child"] + arguments
                + ["--shared", shared.path, "--calls-per-seed", "\(perSeed)", "--watchdog", "\(watchdog)"]
            let pid: pid_t
            switch Platform.spawn(executable, argv, standardError: log.path) {
            case .success(let p): pid = p
            case .failure(let e):
                printError("kitsim fuzz: cannot start \(executable): \(e)")
                exit(70)
            }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            let signalled = status & 0x7F
            if signalled != 0 {
                return signalled == SIGALRM ? .hang : .crash(signalled)
            }
            let code = (status >> 8) & 0xFF
            switch code {
            case 0: return .clean
            case 3: return .failure(.invariant)     // refined by the caller from the shared file
            case 10..<20: return .failure(kindOrder[min(Int(code) - 10, kindOrder.count - 1)])
            case 71:
                printError("kitsim fuzz: the child process could not start its work:\n\(log.tail())")
                exit(70)
            case 100...: return code - 100 == SIGALRM ? .hang : .crash(code - 100)
            default: return .exited(code)
            }
        }
    }

    /// The calls to keep as ranges, `0-3,5,7-9`, short enough for a command line.
    static func encode(_ keep: [Int]) -> String {
        var parts: [String] = []
        var i = 0
        while i < keep.count {
            var j = i
            while j + 1 < keep.count && keep[j + 1] == keep[j] + 1 { j += 1 }
            parts.append(i == j ? "\(keep[i])" : "\(keep[i])-\(keep[j])")
            i = j + 1
        }
        return parts.joined(separator: ",")
    }

    static func decode(_ text: String) -> [Int]? {
        var keep: [Int] = []
        for part in text.split(separator: ",") {
            let ends = part.split(separator: "-").map { Int($0) }
            guard let a = ends.first ?? nil, let b = ends.last ?? nil, ends.count <= 2, a <= b else { return nil }
            keep += Array(a...b)
        }
        return keep
    }

    /// `kitsim fuzz --child seeds|candidate …`: the child's side of `Child.run` (not for
    /// people; the parent passes the shared file, the seeds and the watchdog).
    static func child(_ args: [String]) -> Int32 {
        var mode = "", path = "", from: UInt64 = 0, to: UInt64 = 0, perSeed = 0, watchdog: UInt32 = 60
        var keep: [Int]?, twice = false
        var i = 0
        while i < args.count {
            let v = i + 1 < args.count ? args[i + 1] : ""
            switch args[i] {
            case "seeds", "candidate": mode = args[i]; i -= 1
            case "--shared": path = v
            case "--from": from = UInt64(v) ?? 0
            case "--to": to = UInt64(v) ?? 0
            case "--calls-per-seed": perSeed = Int(v) ?? 0
            case "--watchdog": watchdog = UInt32(v) ?? 60
            case "--keep": keep = decode(v)
            case "--twice": twice = true; i -= 1
            default: printError("kitsim fuzz --child: unknown argument '\(args[i])'"); return ExitCode.childCannotStart
            }
            i += 2
        }
        guard perSeed > 0, let shared = Shared(path: path, owner: false), mode == "seeds" || keep != nil else {
            printError("kitsim fuzz --child: bad arguments \(args)")
            return ExitCode.childCannotStart
        }
        installCrashHandlers()
        alarm(watchdog)
        let inject = Injection()
        if mode == "candidate" {
            let p = FuzzGenerator.program(seed: from, calls: perSeed)
            let onCall: (Int) -> Void = { c in inject?.fire(seed: from, call: c) }
            let r = twice ? Fuzzer.runTwice(p, only: keep, onCall: onCall) : Fuzzer.run(p, only: keep, onCall: onCall)
            if let f = r.failure { return 10 + Int32(kindOrder.firstIndex(of: f.kind) ?? 0) }
            return ExitCode.success
        }
        for s in from..<to {
            shared.p[Shared.seed] = Int64(bitPattern: s)
            shared.p[Shared.call] = -1
            alarm(watchdog)
            let r = runSeed(FuzzGenerator.program(seed: s, calls: perSeed), onCall: {
                shared.p[Shared.call] = Int64($0)
                inject?.fire(seed: s, call: $0)
            })
            shared.p[Shared.calls] += Int64(r.callsRun)
            shared.p[Shared.seeds] += 1
            for (k, st) in statusOrder.enumerated() { shared.p[Shared.statuses + k] += Int64(r.statuses[st] ?? 0) }
            if let f = r.failure {
                shared.p[Shared.failKind] = Int64(kindOrder.firstIndex(of: f.kind) ?? 0) + 1
                shared.p[Shared.failCall] = Int64(f.call)
                shared.setMessage(f.message)
                return 3
            }
        }
        return ExitCode.success
    }

    /// `KITSIM_FUZZ_INJECT=crash:SEED:CALL` (or `hang:SEED:CALL`) makes a child crash
    /// (or stop making progress) just before that call: how scripts/test.sh checks that
    /// the isolation catches, reports and minimises a host crash.
    struct Injection {
        let hang: Bool
        let seed: UInt64
        let call: Int
        init?() {
            guard let e = getenv("KITSIM_FUZZ_INJECT") else { return nil }
            let parts = String(cString: e).split(separator: ":")
            guard parts.count == 3, parts[0] == "crash" || parts[0] == "hang",
                  let s = UInt64(parts[1]), let c = Int(parts[2]) else { return nil }
            hang = parts[0] == "hang"
            seed = s
            call = c - 1
        }
        func fire(seed s: UInt64, call c: Int) {
            guard s == seed, c == call else { return }
            if hang { while true { pause() } }
            // A real host crash, on purpose: only the test harness's environment reaches
            // here, never a script. abort() raises SIGABRT as a Swift trap would.
            printError("Fatal error: injected host crash at seed \(s), call \(c + 1) (KITSIM_FUZZ_INJECT)")
            abort()
        }
    }

    /// The child's crash handlers: the exit status tells the parent the signal.
    static func installCrashHandlers() {
        Platform.installAlternateSignalStack()
        for sig in Platform.crashSignals + [SIGALRM] {
            Platform.setSignalHandler(sig, alternateStack: true) { s in _exit(100 + s) }
        }
    }

    static func report(seed: UInt64, perSeed: Int, call: Int, verdict: Verdict, message: String,
                       original: Int, minimised: FuzzProgram) {
        let kind = verdict.text
        print("""
            kitsim fuzz: FAILURE at seed \(seed), call \(call + 1) of \(perSeed): \(kind)
              \(message.split(separator: "\n").prefix(8).joined(separator: "\n  "))
            minimised from \(original) calls to \(minimised.calls.count); reproduce with
              kitsim fuzz --seed \(seed) --count \(perSeed)
            or save the script below and run: kitsim fuzz --replay FILE  (or kitsim run FILE)
            ----- 8< -----
            \(Fuzzer.script(minimised, note: "\(kind) (minimised, \(minimised.calls.count) calls)"))----- 8< -----
            """)
    }

    static func summary(first: UInt64, seeds: Int, perSeed: Int, callsRun: Int64, totals: [Int64],
                        failures: [(seed: UInt64, verdict: Verdict)]) {
        let crashes = failures.filter {
            switch $0.verdict { case .crash, .exited: return true; default: return false }
        }.count
        let hangs = failures.filter { $0.verdict == .hang }.count
        func count(_ k: FuzzFailure.Kind) -> Int { failures.filter { $0.verdict == .failure(k) }.count }
        let outcomes = zip(statusOrder, totals).map { "\($0.0.rawValue) \($0.1)" }.joined(separator: ", ")
        print("""
            kitsim fuzz: seeds \(first)…\(first &+ UInt64(seeds) &- 1), \(seeds) × \(perSeed) calls; \(callsRun) calls run
            call outcomes: \(outcomes)
            \(crashes) host crashes, \(hangs) hangs, \(count(.invariant)) invariant violations, \
            \(count(.noMessage)) failures without a message, \(count(.bridgeState)) bridge-state failures, \
            \(count(.nondeterministic)) nondeterministic seeds, \(count(.strandedHold)) stranded holds
            """)
    }

    static func readText(_ path: String) -> String? { readTextFile(path) }
}

/// The child's standard error goes to a temporary file, so the parent can quote what a
/// crashing child printed (Swift's "Fatal error: …").
final class StderrCapture {
    let path: String
    init?() {
        guard let path = Platform.makeTemporaryFile("kitsim-fuzz-") else { return nil }
        self.path = path
    }
    deinit { unlink(path) }

    /// The last lines the child wrote, without the backtrace noise.
    func tail() -> String {
        guard let text = FuzzCommand.readText(path) else { return "" }
        let lines = text.split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("***") }
        return lines.suffix(6).joined(separator: "\n")
    }
}

func signalName(_ s: Int32) -> String {
    switch s {
    case SIGILL: return ", SIGILL: a Swift runtime trap"
    case SIGTRAP: return ", SIGTRAP: a Swift runtime trap"
    case SIGSEGV: return ", SIGSEGV"
    case SIGBUS: return ", SIGBUS"
    case SIGABRT: return ", SIGABRT"
    case SIGFPE: return ", SIGFPE"
    default: return ""
    }
}
