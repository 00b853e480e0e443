import KitSim
import KitSimLua
import KitSimReport

/// What went wrong in a fuzz run. Host crashes are not here: a crashed process cannot
/// report; `kitsim fuzz` runs programs in a child process to catch those.
public struct FuzzFailure: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// `sim.verify()` / `Heap.invariantViolations()` found a broken invariant.
        case invariant = "heap invariant violated"
        /// A call failed with an empty error message.
        case noMessage = "a failure without a message"
        /// After a call, the bridge was not back at rest: a Swift frame still marked
        /// active (a Lua error unwound it, rule 1), a limit stop still pending, or values
        /// left on the Lua stack.
        case bridgeState = "bridge state not restored"
        /// With no timer, animation or layout work pending, an object was still held for
        /// a transition or a timer: a hold that nothing will release (the object leaks).
        case strandedHold = "a runtime hold left behind"
        /// Running the program again, in another Lua state, gave another result.
        case nondeterministic = "not deterministic"
        /// A check supplied by the caller (tests plant these).
        case custom = "check failed"
        /// The header did not run.
        case header = "the program header failed"
    }

    public let kind: Kind
    /// The index of the call after which the check failed (-1: the header).
    public let call: Int
    public let message: String

    public var description: String { "\(kind.rawValue) after call \(call + 1): \(message)" }
}

/// The result of running one program.
public struct FuzzRun: Sendable {
    public var callsRun = 0
    public var failure: FuzzFailure?
    /// How many calls ended in each status (passed, crashed = a UIKit exception, …).
    public var statuses: [Outcome.Status: Int] = [:]
    /// FNV-1a of every call's status and message, in order: same seed, same digest.
    public var digest: UInt64 = 0xCBF2_9CE4_8422_2325
    /// The digest after each call run.
    public var digests: [UInt64] = []

    mutating func mix(_ s: String) {
        for b in s.utf8 { digest = (digest ^ UInt64(b)) &* 0x100_0000_01B3 }
    }
}

/// Runs fuzz programs in a `LuaSandbox`, call by call, checking after every call that
/// every failure is a Lua error with a message, the bridge is at rest and the heap
/// invariant holds; minimises failing programs by delta debugging.
public enum Fuzzer {
    /// Limits for fuzzed sandboxes: small, so that a runaway call costs little. A fuzzed
    /// program must stop at the same instruction on every run (the fuzzer replays each
    /// seed to check that), so pure-Lua loops are stopped by the instruction budget rather
    /// than by the wall-clock watchdog; host hangs are the fuzzer's own watchdog's.
    public static var limits: LuaSandbox.Limits {
        var l = LuaSandbox.Limits()
        l.instructions = 5_000_000
        // A tenth of a scenario's budget: a timer that fires every 1e-300 s spends the budget
        // at every sim.run, and at 1,000,000 calls a program of a few such runs took
        // seconds, a third of a smoke run's time.
        l.work = 100_000
        l.timeLimit = 0
        l.memoryBytes = 64 << 20
        l.virtualSeconds = 3600
        l.objects = 20_000
        return l
    }

    /// An extra check run after every call; returns a message when it fails.
    public typealias Check = (LuaSandbox) -> String?

    /// Runs `program` in a fresh sandbox. `only` restricts the calls run (for
    /// minimisation); `onCall` is told each call's index before it runs (the command
    /// line records it where a crash can be read back); `classes` are declared classes
    /// the sandbox has besides UIKit's (those of the program's vocabulary); `limits` are
    /// the fuzzer's unless a test needs others.
    public static func run(_ program: FuzzProgram, classes: [SimulatorClassDeclaration] = [], limits: LuaSandbox.Limits = Fuzzer.limits,
                           only: [Int]? = nil, check: Check? = nil,
                           onCall: ((Int) -> Void)? = nil,
                           observe: ((Int, LuaSandbox.StepResult) -> Void)? = nil) -> FuzzRun {
        var result = FuzzRun()
        let sandbox: LuaSandbox
        // The model's state types check themselves after every mutation during a fuzz run.
        Simulator.checksInvariants = true
        do { sandbox = try LuaSandbox(limits: limits, classes: classes) } catch {
            result.failure = FuzzFailure(kind: .header, call: -1, message: "cannot create a sandbox: \(error)")
            return result
        }
        let header = sandbox.step(chunk: program.header, name: "=fuzzheader")
        guard header.status == .passed else {
            result.failure = FuzzFailure(kind: .header, call: -1, message: header.message ?? "?")
            return result
        }
        let top = sandbox.luaStackTop
        for i in only ?? Array(program.calls.indices) {
            onCall?(i)
            let r = sandbox.step(chunk: program.calls[i], name: "=fuzz")
            result.callsRun += 1
            observe?(i, r)
            result.statuses[r.status, default: 0] += 1
            result.mix(r.status.rawValue)
            result.mix(r.message ?? "")
            result.digests.append(result.digest)
            if let failure = verify(sandbox, r, call: i, stackTop: top, check: check) {
                result.failure = failure
                return result
            }
        }
        return result
    }

    /// Runs `program` twice, in two Lua states, and reports the first call whose status or
    /// message differs (same seed, same run: DEVELOPERS.md rule 3) as a failure.
    public static func runTwice(_ program: FuzzProgram, only: [Int]? = nil, onCall: ((Int) -> Void)? = nil) -> FuzzRun {
        var first = run(program, only: only, onCall: onCall)
        guard first.failure == nil else { return first }
        let second = run(program, only: only)
        if second.failure == nil, second.digests != first.digests {
            let calls = only ?? Array(program.calls.indices)
            let k = first.digests.indices.first { $0 >= second.digests.count || first.digests[$0] != second.digests[$0] } ?? first.digests.count
            let i = k < calls.count ? calls[k] : calls.count - 1
            first.failure = FuzzFailure(kind: .nondeterministic, call: i, message: "call \(i + 1) ended differently in a second run")
        } else if let f = second.failure {
            first.failure = f
        }
        return first
    }

    /// The checks made after every call.
    static func verify(_ sandbox: LuaSandbox, _ r: LuaSandbox.StepResult, call i: Int, stackTop: Int, check: Check?) -> FuzzFailure? {
        if r.status != .passed {
            let first = r.message?.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
            if first.allSatisfy({ $0 == " " }) {
                return FuzzFailure(kind: .noMessage, call: i, message: "status \(r.status.rawValue), message \(r.message.map { "\"\($0)\"" } ?? "nil")")
            }
        }
        if !sandbox.bridgeIsAtRest || sandbox.luaStackTop != stackTop {
            return FuzzFailure(kind: .bridgeState, call: i,
                               message: "\(sandbox.bridgeState), stack \(sandbox.luaStackTop) (expected \(stackTop))")
        }
        let violations = sandbox.heap.invariantViolations()
        if !violations.isEmpty {
            return FuzzFailure(kind: .invariant, call: i, message: violations.prefix(5).joined(separator: "; "))
        }
        if let m = strandedHolds(sandbox) { return FuzzFailure(kind: .strandedHold, call: i, message: m) }
        if let check, let m = check(sandbox) { return FuzzFailure(kind: .custom, call: i, message: m) }
        return nil
    }

    /// Holds for transitions and timers are released by the work that took them; when
    /// none is pending, none may remain.
    static func strandedHolds(_ sandbox: LuaSandbox) -> String? {
        guard let first = sandbox.sim.strandedHolds().first else { return nil }
        return "\(sandbox.heap.describe(first.object)) is still held for \(first.reasons.joined(separator: ", ")) with nothing pending"
    }

    /// Delta debugging (Zeller's ddmin) over the calls: removes chunks of calls while
    /// `fails` still holds, down to a program where removing any single call makes the
    /// failure go away. `fails` is told the indices of the calls to keep, in order.
    public static func minimise(_ count: Int, fails: ([Int]) -> Bool) -> [Int] {
        var current = Array(0..<count)
        var n = 2
        while current.count >= 2 {
            let chunk = (current.count + n - 1) / n
            var reduced = false
            var start = 0
            while start < current.count {
                let end = min(start + chunk, current.count)
                let complement = Array(current[..<start] + current[end...])
                if !complement.isEmpty && fails(complement) {
                    current = complement
                    n = max(n - 1, 2)
                    reduced = true
                    break
                }
                start = end
            }
            if !reduced {
                if n >= current.count { break }
                n = min(n * 2, current.count)
            }
        }
        return current
    }

    /// Minimises an in-process failure: the kept calls must fail with the same kind.
    public static func minimise(_ program: FuzzProgram, failure: FuzzFailure, check: Check? = nil) -> FuzzProgram {
        // Calls after the failing one cannot matter.
        let prefix = Array(program.calls.prefix(failure.call + 1))
        var p = program
        p.calls = prefix
        let kept = minimise(prefix.count) { keep in
            let r = failure.kind == .nondeterministic ? runTwice(p, only: keep) : run(p, only: keep, check: check)
            return r.failure?.kind == failure.kind
        }
        p.calls = kept.map { prefix[$0] }
        return p
    }

    /// A script that reproduces a failure with `kitsim run` (each call under `pcall`,
    /// then `sim.verify()`), or call by call with `kitsim fuzz --replay`.
    public static func script(_ program: FuzzProgram, note: String) -> String {
        var lines = ["-- kitsim fuzz, seed \(program.seed): \(note)",
                     "-- replay: kitsim fuzz --replay FILE (call by call), or kitsim run FILE"]
        lines += program.header.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.append(callsMarker)
        for c in program.calls { lines.append("fuzzcall(function() \(c) end)") }
        return lines.joined(separator: "\n") + "\n"
    }

    static let callsMarker = "-- calls (one per line):"

    /// Reads a script written by `script(_:note:)` back into a program.
    public static func parse(script: String) -> FuzzProgram? {
        let lines = script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let marker = lines.firstIndex(of: callsMarker) else { return nil }
        var seed: UInt64 = 0
        if let first = lines.first, first.hasPrefix("-- kitsim fuzz, seed ") {
            seed = UInt64(first.dropFirst("-- kitsim fuzz, seed ".count).prefix { $0.isNumber }) ?? 0
        }
        let header = lines[..<marker].filter { !$0.hasPrefix("-- kitsim fuzz") && !$0.hasPrefix("-- replay:") }.joined(separator: "\n")
        var calls: [String] = []
        let open = "fuzzcall(function() ", close = " end)"
        for line in lines[(marker + 1)...] where !line.allSatisfy({ $0 == " " }) && !line.hasPrefix("--") {
            if line.hasPrefix(open) && line.hasSuffix(close) {
                calls.append(String(line.dropFirst(open.count).dropLast(close.count)))
            } else {
                calls.append(line)
            }
        }
        return FuzzProgram(seed: seed, header: header, calls: calls)
    }
}
