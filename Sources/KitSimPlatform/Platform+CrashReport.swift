// What the host says when it crashes (a bug in KitSim, never a script's doing): a line on
// standard error naming the signal and what was running, then the signal's default
// action (the exit status and a core dump stay as they would be).

extension Platform {
    /// What was running, for the crash report: a fixed buffer that the signal handler
    /// reads without allocating.
    nonisolated(unsafe) static var crashContext: UnsafeMutablePointer<CChar>?
    static let crashContextSize = 1024
    /// The signal handlers' stack, kept reachable for the process's life (LeakSanitizer
    /// checks the fuzzer's children's exits in scripts/sanitize.sh).
    nonisolated(unsafe) static var alternateStack: UnsafeMutableRawPointer?

    /// An alternate stack for handlers installed with `alternateStack: true`, so that a
    /// stack overflow can be reported too. Once per process.
    public static func installAlternateSignalStack() {
        guard alternateStack == nil else { return }
        let size = 1 << 16
        alternateStack = malloc(size)
        var ss = stack_t()
        ss.ss_sp = alternateStack
        ss.ss_size = size
        ss.ss_flags = 0
        sigaltstack(&ss, nil)
    }

    /// The signals a crash of the host raises: Swift's traps (SIGILL on Linux, SIGTRAP on
    /// macOS), memory faults, arithmetic faults and abort.
    public static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT]

    /// Installs the crash report for `kitsim run`, the REPL and `kitsim test`'s workers.
    /// Once per process.
    public static func installCrashReport(context: String) {
        if crashContext == nil {
            crashContext = UnsafeMutablePointer<CChar>.allocate(capacity: crashContextSize)
            crashContext?.initialize(repeating: 0, count: crashContextSize)
            installAlternateSignalStack()
            for sig in crashSignals {
                setSignalHandler(sig, alternateStack: true) { s in Platform.reportCrash(s) }
            }
        }
        setCrashContext(context)
    }

    /// What is running now (`the scenario x.lua`, `the REPL entry stdin:3`).
    public static func setCrashContext(_ context: String) {
        guard let buffer = crashContext else { return }
        let bytes = Array(context.utf8.prefix(crashContextSize - 1))
        for (i, b) in bytes.enumerated() { buffer[i] = CChar(bitPattern: b) }
        buffer[bytes.count] = 0
    }

    /// The handler: async-signal-safe calls only (write, signal, raise).
    static func reportCrash(_ sig: Int32) {
        func say(_ s: StaticString) { _ = write(2, s.utf8Start, s.utf8CodeUnitCount) }
        say("\nkitsim: the host crashed (signal ")
        sayNumber(sig)
        switch sig {
        case SIGSEGV: say(", SIGSEGV")
        case SIGBUS: say(", SIGBUS")
        case SIGILL, SIGTRAP: say(", a Swift runtime trap")
        case SIGFPE: say(", SIGFPE")
        case SIGABRT: say(", SIGABRT")
        default: break
        }
        say(") while running ")
        if let c = crashContext { _ = write(2, c, strlen(c)) } else { say("?") }
        say(".\nThis is a bug in KitSim, not in the script: please report it with the script.\n")
        signal(sig, SIG_DFL)
        raise(sig)
    }

    /// Writes a small non-negative number in decimal (signal-safe).
    static func sayNumber(_ n: Int32) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 12) { buf in
            guard let base = buf.baseAddress else { return }
            var v = max(0, Int(n)), i = 11
            repeat { buf[i] = UInt8(48 + v % 10); v /= 10; i -= 1 } while v > 0 && i >= 0
            _ = write(2, base + i + 1, 11 - i)
        }
    }
}
