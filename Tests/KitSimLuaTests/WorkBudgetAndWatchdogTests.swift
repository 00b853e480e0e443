import Testing
import Dispatch
import CLuaShim
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua
import KitSimReport

/// SPEC §5's limits without a per-instruction hook: a work budget counted in the host
/// stops a loop that calls KitSim at the same call on every run, and a watchdog stops a
/// run that has lasted the time limit (wall-clock), whatever it executes, through pcall,
/// xpcall and coroutines.
@Suite struct WorkBudgetAndWatchdogTests {
    static func sandbox(work: Int64 = 1_000_000, timeLimit: Double = 0.2, instructions: Int64 = 0) throws -> LuaSandbox {
        var limits = LuaSandbox.Limits()
        limits.work = work
        limits.timeLimit = timeLimit
        limits.instructions = instructions
        return try LuaSandbox(limits: limits)
    }

    /// A runaway loop that logs on every iteration stops at exactly the call that uses up
    /// the budget, and two runs leave the same output, trace and message.
    @Test func aRunawayLoopThatLogsStopsAtTheSameCallEveryTime() throws {
        let code = "local i = 0 while true do i = i + 1 sim.log(tostring(i)) end"
        var outcomes: [Outcome] = []
        for _ in 0..<2 {
            let sb = try Self.sandbox(work: 1000)
            outcomes.append(sb.run(chunk: code, name: "=runaway"))
            #expect(sb.bridgeIsAtRest)
        }
        let (a, b) = (outcomes[0], outcomes[1])
        #expect(a.status == .limitExceeded)
        // Each iteration makes one call into KitSim (sim.log's); tostring is Lua's own.
        #expect(a.output.count == 1000 && a.output.last == "1000", "\(a.output.count) \(a.output.last ?? "")")
        #expect(a.message?.hasPrefix("runaway:1: limit exceeded: work budget of 1000 calls into KitSim used up") == true,
                "\(a.message ?? "")")
        #expect(a.output == b.output && a.trace == b.trace && a.message == b.message)
        #expect(!a.trace.isEmpty)
    }

    /// Every kind of call into KitSim counts, so any loop that touches the simulator is
    /// stopped by the budget, never by the wall clock: 1,000 iterations pass with a budget
    /// of 2,000 calls and stop with one of 500.
    @Test(arguments: [
        ("a method", "local v = UIView() for i = 1, 1000 do v:removeFromSuperview() end"),
        ("a property read", "local v = UIView() local x for i = 1, 1000 do x = v.tag end"),
        ("a property write", "local v = UIView() for i = 1, 1000 do v.tag = i end"),
        ("a sim function", "for i = 1, 1000 do sim.run(0) end"),
        ("print", "for i = 1, 1000 do print(i) end"),
        ("io.write", "for i = 1, 1000 do io.write('') end"),
        ("a file's write", "for i = 1, 1000 do io.stdout:write('') end"),
        ("a class call", "for i = 1, 1000 do UIView() sim.drain() end"),
        ("run-loop turns", "local n = 0 local t = Timer.scheduledTimer_withTimeInterval(0.01, true, sim.block{ function() n = n + 1 end }) sim.run(10.005) t:invalidate() assert(n == 1000, n)"),
    ] as [(String, String)])
    func everyCallIntoKitSimCounts(_ c: (name: String, code: String)) throws {
        let enough = try Self.sandbox(work: 2500).run(chunk: c.code, name: "=work")
        #expect(enough.status == .passed, "\(c.name): \(enough.message ?? "")")
        let short = try Self.sandbox(work: 500).run(chunk: c.code, name: "=work")
        #expect(short.status == .limitExceeded, "\(c.name): \(short.status)")
        #expect(short.message?.contains("limit exceeded: work budget of 500 calls into KitSim used up") == true,
                "\(c.name): \(short.message ?? "")")
    }

    /// A collection counts as 1,000 calls (it visits every live Lua object), every option
    /// but the two queries, which count as one; stock's results and messages are kept.
    @Test(arguments: [
        ("collectgarbage()", 1000), ("collectgarbage('collect')", 1000), ("collectgarbage('step')", 1000),
        ("collectgarbage('generational')", 1000), ("collectgarbage('incremental')", 1000),
        ("collectgarbage('count')", 1), ("collectgarbage('isrunning')", 1),
    ] as [(String, Int)])
    func aCollectionCountsAsAThousandCalls(_ call: String, _ cost: Int) throws {
        // sim.log is one call more per iteration: the loop stops at the iteration whose
        // collection passes the budget of 10,000.
        let code = "N = 0 while true do N = N + 1 sim.log('x') local _ = \(call) end"
        let sb = try Self.sandbox(work: 10_000)
        let outcome = sb.run(chunk: code, name: "=gc")
        #expect(outcome.status == .limitExceeded, "\(call): \(outcome.message ?? "")")
        #expect(outcome.message?.hasPrefix("gc:1: limit exceeded: work budget of 10000 calls into KitSim used up") == true,
                "\(call): \(outcome.message ?? "")")
        #expect(outcome.output.count == 10_000 / (cost + 1) + (cost == 1 ? 0 : 1), "\(call): \(outcome.output.count)")
    }

    @Test func collectgarbageKeepsStocksResultsAndMessages() throws {
        let r = try Self.sandbox().run(chunk: """
            assert(collectgarbage() == 0)
            assert(math.type(collectgarbage('count')) == 'float')
            assert(collectgarbage('isrunning') == true)
            local ok, e = pcall(collectgarbage, 'nope')
            assert(not ok and e == "bad argument #1 to 'collectgarbage' (invalid option 'nope')", e)
            """, name: "=stock")
        #expect(r.status == .passed, "\(r.message ?? "")")
    }

    /// The watchdog stops a pure-Lua loop wherever it runs, and a script cannot swallow the
    /// stop; what the script did before the loop is the same on every run.
    @Test(arguments: [
        ("the main chunk", "while true do end"),
        ("pcall", "print(pcall(function() while true do end end))"),
        ("xpcall", "print(xpcall(function() while true do end end, debug.traceback))"),
        ("an xpcall handler", "print(xpcall(error, function(e) while true do end end))"),
        ("coroutine.resume", "print(coroutine.resume(coroutine.create(function() while true do end end)))"),
        ("coroutine.wrap under pcall", "print(pcall(coroutine.wrap(function() while true do end end)))"),
        ("a coroutine inside a coroutine", """
            print(coroutine.resume(coroutine.create(function()
              print(coroutine.resume(coroutine.create(function() while true do end end)))
              while true do end
            end)))
            """),
        ("a resumer that catches and goes on", """
            local inner = coroutine.create(function() while true do end end)
            coroutine.wrap(function() while true do pcall(coroutine.resume, inner) end end)()
            """),
        ("a yielding coroutine resumed for ever", "local co = coroutine.wrap(function() while true do coroutine.yield() end end) while true do co() end"),
        ("an override Swift calls", """
            local V = UIViewController:subclass('V')
            function V:viewDidLoad() while true do end end
            print(pcall(function() return V().view end))
            """),
        ("a timer's block", "sim.after(1, function() while true do end end) print(pcall(sim.run, 2))"),
    ] as [(String, String)])
    func theWatchdogStopsAPureLuaLoop(_ c: (name: String, code: String)) throws {
        let code = "for i = 1, 3 do sim.log('before ' .. i) end\n" + c.code + "\nprint('escaped')"
        var outcomes: [Outcome] = []
        for _ in 0..<2 {
            let sb = try Self.sandbox()
            outcomes.append(sb.run(chunk: code, name: "=pure"))
            #expect(sb.bridgeIsAtRest)
            #expect(sb.run(chunk: "for i = 1, 100000 do end sim.verify()", name: "=after").status == .passed)
        }
        let (a, b) = (outcomes[0], outcomes[1])
        #expect(a.status == .limitExceeded, "\(c.name): \(a.status) \(a.message ?? "")")
        #expect(a.message?.contains("limit exceeded: time limit of 0.2 s reached") == true,
                "\(c.name): \(a.message ?? "")")
        #expect(a.output == ["before 1", "before 2", "before 3"], "\(c.name): \(a.output)")
        // The output and the trace are the same on every run; the stop lands somewhere in
        // the loop, so the line the message names may be any of the loop's, but it names one
        // place, once.
        #expect(a.output == b.output && a.trace == b.trace, "\(c.name)")
        for o in [a, b] {
            let headline = o.message?.split(separator: "\n").first.map(String.init) ?? ""
            #expect(headline.hasPrefix("pure:") && headline.split(separator: "pure:", omittingEmptySubsequences: false).count == 2, "\(c.name): \(headline)")
        }
        #expect(a.invariantViolations.isEmpty)
    }

    /// The time limit is a promise about wall time: a run that keeps calling KitSim (so
    /// the work budget, far away, does not stop it), or that sits in KitSim's run loop
    /// (a repeating timer every 1e-300 s of virtual time, a turn per firing), is stopped
    /// once it has lasted the limit, at its next instruction or its next turn, with the
    /// time limit's message.
    @Test(arguments: [
        ("a loop that calls KitSim", "while true do sim.log('x') UIView() end"),
        ("a loop under pcall that calls KitSim", "print(pcall(function() while true do sim.alive(UIView()) end end))"),
        ("the run loop", "Timer.scheduledTimer_withTimeInterval(1e-300, true, function() end) sim.run(3000)"),
        ("the run loop in a coroutine", "coroutine.wrap(function() Timer.scheduledTimer_withTimeInterval(1e-300, true, function() end) sim.run(3000) end)()"),
    ] as [(String, String)])
    func theTimeLimitStopsARunThatKeepsCallingKitSim(_ c: (name: String, code: String)) throws {
        let sb = try Self.sandbox(work: 1_000_000_000, timeLimit: 0.3)
        let start = DispatchTime.now().uptimeNanoseconds
        let outcome = sb.run(chunk: c.code + "\nprint('escaped')", name: "=busy")
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        #expect(outcome.status == .limitExceeded, "\(c.name): \(outcome.status) \(outcome.message ?? "")")
        #expect(outcome.message?.hasPrefix("busy:1: limit exceeded: time limit of 0.3 s reached") == true, "\(c.name): \(outcome.message ?? "")")
        #expect(!outcome.output.contains("escaped"))
        // Liveness, not timing: the stop came, and not from the budget (a billion calls).
        #expect(seconds < 20, "\(c.name): \(seconds) s")
        #expect(sb.bridgeIsAtRest)
        #expect(sb.run(chunk: "sim.verify() for i = 1, 100000 do end", name: "=after").status == .passed)
    }

    /// Each run has the whole limit: runs of a sandbox that each take less than the limit
    /// are not stopped, however long they take together.
    @Test func eachRunHasTheWholeLimit() throws {
        let sb = try Self.sandbox(timeLimit: 0.5)
        sb.setGlobal("now") { _ in .double(Double(DispatchTime.now().uptimeNanoseconds) / 1e9) }
        for i in 0..<6 {
            let outcome = sb.run(chunk: "local t = now() while now() - t < 0.15 do for _ = 1, 20000 do end end print('ok')", name: "=run\(i)")
            #expect(outcome.status == .passed, "\(i): \(outcome.message ?? "") \(outcome.output)")
        }
    }

    /// No hook is set while a script runs under the default limits (the work budget and
    /// the watchdog need none), in the main chunk or in a coroutine; the optional
    /// instruction budget sets a count hook.
    @Test func theNormalPathRunsWithoutAHook() throws {
        for instructions in [Int64(0), 1_000_000] {
            let sb = try Self.sandbox(instructions: instructions)
            sb.setGlobal("hookMask") { [unowned sb] _ in .int(Int(kitsim_hook_mask(sb.current))) }
            let outcome = sb.run(chunk: """
                print(hookMask())
                print(coroutine.wrap(function() return hookMask() end)())
                """, name: "=hook")
            #expect(outcome.status == .passed, "\(outcome.message ?? "")")
            let expected = instructions == 0 ? "0" : String(LUA_MASKCOUNT)
            #expect(outcome.output == [expected, expected], "\(instructions): \(outcome.output)")
        }
    }

    /// After a stop, the next run is back on the normal path: no hook on the main thread,
    /// nor on a coroutine made before the stop.
    @Test func noHookIsLeftAfterAStop() throws {
        let sb = try Self.sandbox()
        sb.setGlobal("hookMask") { [unowned sb] _ in .int(Int(kitsim_hook_mask(sb.current))) }
        #expect(sb.run(chunk: "co = coroutine.wrap(function() while true do for i = 1, 10 do end coroutine.yield(hookMask()) end end) co()",
                       name: "=a").status == .passed)
        let stopped = sb.run(chunk: "co() while true do end", name: "=b")
        #expect(stopped.status == .limitExceeded)
        let after = sb.run(chunk: "print(hookMask()) print(co()) print(co())", name: "=c")
        #expect(after.status == .passed, "\(after.message ?? "")")
        #expect(after.output == ["0", "0", "0"], "\(after.output)")
    }
}
