import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua

/// SPEC rules 24 and 31: the main queue and `DispatchTime` values on the virtual clock.
@Suite struct DispatchRulesTests {
    func run(_ code: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> LuaSandbox {
        try RuleScript().passes(code, sourceLocation: sourceLocation)
    }

    @Test func rule24_theMainQueueIsMadeOnFirstAccessAndSimAfterMakesNothing() throws {
        let sandbox = try run("""
            sim.after(1, function() end)
            local v = UIView()
            assert(tostring(v) == "UIView#4", tostring(v))
            assert(DispatchQueue.main == DispatchQueue.main)
            assert(tostring(DispatchQueue.main) == "DispatchQueue#5", tostring(DispatchQueue.main))
            assert(sim.why(DispatchQueue.main):find("1. [DispatchQueue.main", 1, true))
            sim.run(1)
            """)
        #expect(sandbox.sim.runLoop.mainQueueID.raw == 5)
    }

    @Test func rule31_dispatchTimeValues() throws {
        _ = try run("""
            sim.run(2.5)
            local t = DispatchTime.now()
            assert(t.uptimeNanoseconds == 2500000000 and math.type(t.uptimeNanoseconds) == "integer")
            assert(t + 1 == DispatchTime.now() + 1 and 1 + t == t + 1, "+ seconds, either side")
            assert((t + 0.25).uptimeNanoseconds == 2750000000)
            assert((t - 2).uptimeNanoseconds == 500000000 and (t - 10).uptimeNanoseconds == 0, "clamped at the clock's start")
            assert((t + 3) - t == 3, "a time minus a time is seconds")
            assert(t < t + 1 and t <= t and not (t + 1 < t) and t ~= t + 1e-9)
            assert(t + 1e300 == DispatchTime.distantFuture, "clamped at the clock's end")
            assert(tostring(t + 0.5) == "DispatchTime(3)", tostring(t + 0.5))
            local function fails(f, message)
                local ok, e = pcall(f)
                assert(not ok and e == message, tostring(e))
            end
            fails(function() return t + "1" end,
                  't:15: attempt to perform arithmetic on a DispatchTime value (add a number of seconds, not a string)')
            fails(function() return t - {} end,
                  't:17: attempt to perform arithmetic on a DispatchTime value (subtract a number of seconds, not a table)')
            fails(function() return 1 - t end,
                  't:19: attempt to perform arithmetic on a DispatchTime value (only a time can be subtracted from a time)')
            fails(function() return t < 3 end, 't:21: attempt to compare DispatchTime with number')
            fails(function() return t + 0/0 end, 't:22: attempt to perform arithmetic on a DispatchTime value (seconds is nan)')
            """)
    }

    @Test func rule31_asyncAndAsyncAfterRunInScheduledOrderOnTheClock() throws {
        _ = try run("""
            local order = {}
            local function note(s) return function() order[#order + 1] = string.format("%s@%g", s, sim.now) end end
            local main = DispatchQueue.main
            main:asyncAfter(DispatchTime.now() + 1, note("after1"))
            sim.after(1, note("simAfter1"))                       -- the same queue, scheduled later
            main:async(note("async"))                             -- now, after work already due
            main:asyncAfter(DispatchTime.now() - 5, note("past")) -- a past deadline: the next turn
            assert(#order == 0, "nothing runs before the turn ends")
            sim.run(0)
            assert(table.concat(order, " ") == "async@0 past@0", table.concat(order, " "))
            sim.run(2)
            assert(table.concat(order, " ") == "async@0 past@0 after1@1 simAfter1@1", table.concat(order, " "))
            -- A block's captures arrive first (rule 25); an async from inside a block runs in a later turn.
            local V = NSObject:subclass("V")
            local seen
            main:async(sim.block{ strong = { V() }, function(v)
                seen = v
                main:async(function() order[#order + 1] = "nested" end)
            end })
            sim.run(0)
            assert(getmetatable(seen) ~= nil and order[#order] == "nested")
            """)
    }

    @Test func rule31_theQueueKeepsTheBlockUntilItHasRunEvenIfItRaised() throws {
        _ = try run("""
            local Detail = UIViewController:subclass("Detail")
            local d = Detail()
            local block = sim.block{ strong = { d }, function(self) error("boom") end }
            DispatchQueue.main:asyncAfter(DispatchTime.now() + 3, block)
            block = nil
            sim.drain()
            assert(sim.alive(d), "a delay, not a leak: the queue keeps the block")
            local why = sim.why(d)
            assert(why:find("[DispatchQueue.main] NSBlock#", 1, true) and why:find(" capture 1 (strong) → Detail#", 1, true), why)
            assert(#sim.leaks() == 0)
            local ok, e = pcall(sim.run, 3)
            assert(not ok and tostring(e):find("boom", 1, true), tostring(e))
            sim.drain()
            assert(not sim.alive(d), "released after it ran, though it raised")
            """)
    }

    @Test func rule31_badArguments() throws {
        _ = try run("""
            local main = DispatchQueue.main
            local cases = {
              { function() main:asyncAfter(10, function() end) end,
                "bad argument #1 to 'asyncAfter' (DispatchTime expected, got number); write DispatchTime.now() + seconds" },
              { function() main:asyncAfter(nil, function() end) end, "bad argument #1 to 'asyncAfter' (DispatchTime expected, got nil)" },
              { function() main:asyncAfter(DispatchTime.now(), nil) end, "bad argument #2 to 'asyncAfter' (function expected, got nil)" },
              { function() main:async("x") end, "bad argument #1 to 'async' (function expected, got string)" },
              { function() main:asyncAfter({ uptimeNanoseconds = 5 }, function() end) end,
                "bad argument #1 to 'asyncAfter' (DispatchTime expected, got table)" },
            }
            for i, c in ipairs(cases) do
              local ok, e = pcall(c[1])
              assert(not ok and tostring(e):find(c[2], 1, true), i .. ": " .. tostring(e))
            end
            """)
    }
}
