import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua

/// SPEC rules 24, 28 and 29: the main run loop and timers, on the virtual clock.
@Suite struct TimerRulesTests {
    func run(_ code: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> LuaSandbox {
        let sandbox = try LuaSandbox()
        let outcome = sandbox.run(chunk: code + "\nsim.verify()", name: "=t")
        #expect(outcome.status == .passed, "\(outcome.message ?? "")", sourceLocation: sourceLocation)
        if outcome.status != .passed { print(outcome.message ?? "") }
        return sandbox
    }

    @Test func rule24_theMainRunLoopIsMadeOnFirstAccess() throws {
        // A script that never names it allocates nothing for it: ids do not move.
        let quiet = try run("local v = UIView() assert(tostring(v) == 'UIView#4', tostring(v))")
        #expect(quiet.heap.allClasses.contains { $0.name == "RunLoop" })
        let sandbox = try run("""
            local before = UIView()
            local main = RunLoop.main
            assert(main == RunLoop.main, "one object")
            assert(sim.why(main):find("RunLoop.main", 1, true), sim.why(main))
            """)
        #expect(sandbox.sim.runLoop.mainRunLoopID.raw == 5)
    }

    @Test func rule28_aTimerKeepsItsTargetAndFiresOnSchedule() throws {
        _ = try run("""
            local T = NSObject:subclass("T", { fired = "strong" })
            local times = {}
            function T:tick(timer) times[#times + 1] = sim.now; assert(timer.target == self) end
            sim.run(0.25)                                    -- t₀ = 0.25
            local target = T()
            local timer = sim.hold(Timer.scheduledTimer(1, target, "tick", { answer = 42 }, true))
            assert(timer.userInfo.answer == 42 and timer.timeInterval == 1 and timer.fireDate == 1.25)
            sim.drain()
            assert(sim.alive(target), "the timer keeps its target")
            sim.run(3.1)
            assert(#times == 3 and times[1] == 1.25 and times[2] == 2.25 and times[3] == 3.25, table.concat(times, ","))
            timer:invalidate()
            assert(not timer.isValid and timer.target == nil and timer.userInfo == nil)
            sim.drain()
            assert(not sim.alive(target), "invalidated, the timer releases its target")
            -- A non-repeating timer invalidates itself after firing; interval 0 is 0.0001 s.
            local once = sim.hold(Timer.scheduledTimer(0, T(), "tick", nil, false))
            assert(once.timeInterval == 0)
            sim.run(0.001)
            assert(not once.isValid and #times == 4)
            -- A target without the method fails at the firing.
            Timer.scheduledTimer(1, T(), "nothing", nil, false)
            local ok, e = pcall(sim.run, 2)
            assert(not ok and e.name == "NSInvalidArgumentException" and e.reason:find("unrecognized selector", 1, true), tostring(e))
            """)
    }

    @Test func rule29_theBlockFormAndTheControls() throws {
        _ = try run("""
            local fired, saw = 0, nil
            local t = sim.hold(Timer.scheduledTimer_withTimeInterval(0.5, true, function(timer) fired = fired + 1 saw = timer end))
            sim.run(1.2)
            assert(fired == 2 and saw == t, "called with the timer")
            t:fire()                                          -- now, the schedule unchanged
            assert(fired == 3 and t.fireDate == 1.5)
            t.fireDate = 5                                    -- moves the schedule
            sim.run(3)
            assert(fired == 3, "nothing before the new date")
            sim.run(1.1)
            assert(fired == 4)
            -- Invalidated from its own callback, the firing keeps it alive until it returns.
            local inside
            local own = Timer.scheduledTimer_withTimeInterval(1, true, function(timer) timer:invalidate() inside = timer.isValid end)
            sim.run(1)
            assert(inside == false and not sim.alive(own), "gone once the callback returned")
            t:invalidate()
            -- iOS 9 has no block form.
            sim.configure{ ios = 9 }
            local ok, e = pcall(Timer.scheduledTimer_withTimeInterval, 1, false, function() end)
            assert(not ok and e.name == "NSInvalidArgumentException", tostring(e))
            """)
    }

    @Test func badTimerArgumentsFailInLuasWords() throws {
        let sandbox = try LuaSandbox()
        for (code, message) in [
            ("Timer.scheduledTimer('1', UIView(), 'tick')", "bad argument #1 to 'scheduledTimer' (number expected, got string)"),
            ("Timer.scheduledTimer(1, nil, 'tick')", "bad argument #2 to 'scheduledTimer' (NSObject expected, got nil)"),
            ("Timer.scheduledTimer(1, UIView(), nil)", "bad argument #3 to 'scheduledTimer' (string expected, got nil)"),
            ("Timer.scheduledTimer_withTimeInterval(1, true, 3)", "bad argument #3 to 'scheduledTimer_withTimeInterval' (function expected, got number)"),
        ] {
            let outcome = sandbox.run(chunk: code, name: "=bad")
            #expect(outcome.message?.split(separator: "\n").first.map(String.init) == "bad:1: " + message)
        }
    }
}

extension TimerRulesTests {
    /// A timer that fires every 0.1 ms for an hour of virtual time is 36 million turns of
    /// Swift work inside one call into KitSim: each turn costs the work budget a call, so
    /// the run stops with the budget's message, at the same turn on every run.
    @Test func aRunLoopThatTurnsForEverIsStoppedByTheBudget() throws {
        var limits = LuaSandbox.Limits()
        limits.work = 2_000
        var stoppedAt: [Double] = []
        for _ in 0..<2 {
            let sandbox = try LuaSandbox(limits: limits)
            let outcome = sandbox.run(chunk: """
                n = 0
                Timer.scheduledTimer_withTimeInterval(0, true, function() n = n + 1 end)
                local ok, e = pcall(sim.run, 3600)          -- pcall cannot swallow the stop
                print("not reached")
                """, name: "=spin")
            #expect(outcome.status == .limitExceeded)
            #expect(outcome.message?.contains("limit exceeded: work budget of 2000 calls into KitSim used up") == true,
                    "\(outcome.message ?? "")")
            #expect(sandbox.output.isEmpty)
            stoppedAt.append(sandbox.sim.now)
        }
        // Stopped at the same virtual time, long before the hour: a fraction of a second.
        #expect(stoppedAt[0] == stoppedAt[1] && stoppedAt[0] > 0 && stoppedAt[0] < 1)
    }
}
