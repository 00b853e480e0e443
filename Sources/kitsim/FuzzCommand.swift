#if canImport(Glibc)
import Glibc
#endif
import KitSim
import KitSimLua
import KitSimFuzz

/// `kitsim fuzz [--seed S] [--count N | --long] [--calls-per-seed K] [--replay FILE] [--show]`
/// (issue 8): random API call sequences, one program per seed, each call checked (every
/// failure a Lua error with a message, the bridge at rest, the heap invariant). The
/// programs run in a child process so that a host crash is caught too: the parent then
/// knows the seed and call, minimises by delta debugging (each candidate in a child of
/// its own) and prints the seed and a script that reproduces the failure.
enum FuzzCommand {
    static let usage = """
        usage: kitsim fuzz [--seed S] [--count N | --long] [--calls-per-seed K] [--no-fork]
               kitsim fuzz --seed S [--count N] --show      print the program of seed S
               kitsim fuzz --replay FILE [--verbose]        run a printed script call by call
          --count N   calls in all (default 100000: seeds S… of K calls each, K = 100)
          --long      10000000 calls
          exit 0 when clean, 1 when a failure was found (its seed and minimised script printed)
        """

    struct Options {
        var seed: UInt64 = 1
        var count = 100_000
        var perSeed = 100
        var replay: String?
        var show = false
        var verbose = false
        var fork = true
    }

    static func main(_ args: [String]) -> Int32 {
        var o = Options()
        var i = 0
        func value() -> String? {
            i += 1
            return i < args.count ? args[i] : nil
        }
        while i < args.count {
            switch args[i] {
            case "--seed":
                guard let v = value(), let n = UInt64(v) else { return usageError("--seed takes a number") }
                o.seed = n
            case "--count":
                guard let v = value(), let n = Int(v), n >= 1 else { return usageError("--count takes a number >= 1") }
                o.count = n
            case "--calls-per-seed":
                guard let v = value(), let n = Int(v), n >= 1 else { return usageError("--calls-per-seed takes a number >= 1") }
                o.perSeed = n
            case "--long": o.count = 10_000_000
            case "--replay":
                guard let v = value() else { return usageError("--replay takes a file") }
                o.replay = v
            case "--show": o.show = true
            case "--verbose", "-v": o.verbose = true
            case "--no-fork": o.fork = false
            case "--help", "-h": print(usage); return 0
            default: return usageError("unknown argument '\(args[i])'")
            }
            i += 1
        }
        if let file = o.replay { return replay(file, verbose: o.verbose) }
        let seeds = max(1, o.count / o.perSeed)
        let perSeed = min(o.perSeed, o.count)
        if o.show {
            print(Fuzzer.script(FuzzGenerator.program(seed: o.seed, calls: perSeed), note: "generated, \(perSeed) calls"), terminator: "")
            return 0
        }
        return fuzz(first: o.seed, seeds: seeds, perSeed: perSeed, fork: o.fork)
    }

    static func usageError(_ message: String) -> Int32 {
        printError("kitsim fuzz: \(message)\n\(usage)")
        return 64
    }

    // MARK: - Replay

    static func replay(_ file: String, verbose: Bool) -> Int32 {
        guard let text = readText(file), let program = Fuzzer.parse(script: text) else {
            printError("kitsim fuzz: cannot read a fuzz script from \(file)")
            return 66
        }
        let result = Fuzzer.run(program, observe: { i, r in
            guard verbose else { return }
            let first = r.message?.split(separator: "\n").first.map(String.init) ?? ""
            print("\(i + 1)\t\(r.status.rawValue)\t\(program.calls[i])\n\t\t\(first)")
        })
        if let f = result.failure {
            print("FAILED: \(f)")
            return 1
        }
        print("replayed \(result.callsRun) calls: clean")
        return 0
    }

    // MARK: - Fuzzing in a child process

    /// Shared with the child (an anonymous shared mapping): where it is, and its counts.
    struct Shared {
        let p: UnsafeMutablePointer<Int64>
        static let words = 512
        init?() {
            let raw = mmap(nil, Shared.words * 8, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0)
            guard let raw, raw != MAP_FAILED else { return nil }
            p = raw.bindMemory(to: Int64.self, capacity: Shared.words)
            p.initialize(repeating: 0, count: Shared.words)
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
        case hang

        var text: String {
            switch self {
            case .clean: return "clean"
            case .failure(let k): return k.rawValue
            case .crash(let s): return "host crash (signal \(s)\(signalName(s)))"
            case .hang: return "host hang (no progress for 60 s)"
            }
        }
    }

    static func fuzz(first: UInt64, seeds: Int, perSeed: Int, fork useFork: Bool) -> Int32 {
        var failures: [(seed: UInt64, verdict: Verdict)] = []
        var totals = [Int64](repeating: 0, count: statusOrder.count)
        var callsRun: Int64 = 0
        var next = first
        let end = first &+ UInt64(seeds)

        if !useFork {
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
            return failures.isEmpty ? 0 : 1
        }

        guard let shared = Shared() else { printError("kitsim fuzz: cannot map shared memory"); return 70 }
        let log = StderrCapture()
        while next < end {
            shared.p[Shared.failKind] = 0
            shared.p[Shared.seed] = Int64(bitPattern: next)
            shared.p[Shared.call] = -1
            let start = next
            var verdict = inChild(log: log, watchdog: 60) {
                for s in start..<end {
                    shared.p[Shared.seed] = Int64(bitPattern: s)
                    shared.p[Shared.call] = -1
                    alarm(60)
                    let r = runSeed(FuzzGenerator.program(seed: s, calls: perSeed), onCall: { shared.p[Shared.call] = Int64($0) })
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
                return 0
            }
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
                let v = inChild(log: log, watchdog: watchdog) {
                    let r = verdict == .failure(.nondeterministic) ? Fuzzer.runTwice(p, only: keep) : Fuzzer.run(p, only: keep)
                    if let f = r.failure { return 10 + Int32(kindOrder.firstIndex(of: f.kind) ?? 0) }
                    return 0
                }
                return v == verdict
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

    /// Runs `body` in a child process; its exit code 0 is clean, 3 an in-process failure
    /// whose kind the child wrote to shared memory, 10+k a failure of kind k, and a
    /// crash signal (caught in the child, which exits with 100+signal) a host crash.
    static func inChild(log: StderrCapture, watchdog: UInt32, _ body: () -> Int32) -> Verdict {
        fflush(nil)
        let pid = fork()
        if pid == 0 {
            log.redirect()
            installCrashHandlers()
            alarm(watchdog)
            _exit(body())
        }
        guard pid > 0 else { return .crash(0) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signalled = status & 0x7F
        if signalled != 0 {
            return signalled == SIGALRM ? .hang : .crash(signalled)
        }
        let code = (status >> 8) & 0xFF
        switch code {
        case 0: return .clean
        case 3: return .failure(.invariant)     // refined by the caller from shared memory
        case 10..<20: return .failure(kindOrder[min(Int(code) - 10, kindOrder.count - 1)])
        case 100...: return code - 100 == SIGALRM ? .hang : .crash(code - 100)
        default: return .crash(0)
        }
    }

    static func installCrashHandlers() {
        // An alternate stack, so that a stack overflow can be reported too.
        let size = 1 << 16
        var ss = stack_t()
        ss.ss_sp = malloc(size)
        ss.ss_size = size
        ss.ss_flags = 0
        sigaltstack(&ss, nil)
        for sig in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGALRM] {
            var sa = sigaction()
            sa.__sigaction_handler.sa_handler = { s in _exit(100 + s) }
            sa.sa_flags = SA_ONSTACK
            sigaction(sig, &sa, nil)
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
        let crashes = failures.filter { if case .crash = $0.verdict { return true } else { return false } }.count
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
    init() {
        var template = Array("/tmp/kitsim-fuzz-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        path = String(cString: template)
        if fd >= 0 { close(fd) }
    }
    deinit { unlink(path) }

    /// In the child: standard error to the (truncated) file.
    func redirect() {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        if fd >= 0 { dup2(fd, 2); close(fd) }
    }

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
