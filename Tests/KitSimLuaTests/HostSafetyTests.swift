import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua

/// What no script can do to the host (DEVELOPERS.md rule 2): scripts a fuzzer of API calls
/// never writes — thousands of values where the host reads or pushes a variable number of
/// them, structures deep enough that a recursive or quadratic host would fall over.
@Suite struct HostSafetyTests {
    /// Many values through every path where the host reads or pushes a variable number of
    /// them: method arguments, an override's arguments and results, a block's, callbacks'
    /// results, sim functions, constructors and print. Up to Lua's own limit they go
    /// through (extra arguments are ignored, as Lua functions ignore them); past it the
    /// call fails as stock Lua's does, with "stack overflow" that a pcall catches, never
    /// with a limit or a crash.
    @Test(arguments: [2_000, 20_000, 990_000])
    func manyValuesGoThroughOrOverflowAsInStockLua(_ n: Int) throws {
        var limits = LuaSandbox.Limits()
        limits.timeLimit = 0
        let sandbox = try LuaSandbox(limits: limits)
        let outcome = sandbox.run(chunk: """
            local N = \(n)
            local t = {} for i = 1, N do t[i] = i end
            local function count(ok, ...) return ok and select('#', ...) or ... end
            local V = UIViewController:subclass("V")
            function V:viewDidLoad(...) return table.unpack(t) end
            function V:tick(...) received = select('#', ...) return table.unpack(t) end
            local v = V()
            local results = {
              count(pcall(v.viewDidLoad, v, table.unpack(t))),
              count(pcall(v.tick, v, table.unpack(t))),
              count(pcall(UIView().addSubview, UIView(), UIView(), table.unpack(t))),
              count(pcall(sim.block{ function(...) return ... end }, table.unpack(t))),
              count(pcall(UIViewController, table.unpack(t))),
              count(pcall(sim.alive, v, table.unpack(t))),
              count(pcall(print, table.unpack(t, 1, math.min(N, 5000)))),
            }
            sim.after(0.1, function() return table.unpack(t) end)
            local tm = Timer.scheduledTimer(0.1, v, "tick", nil, false)
            sim.run(1)
            print(table.concat(results, " "), received)
            """, name: "=many")
        #expect(outcome.status == .passed, "\(n): \(outcome.message ?? "")")
        let last = outcome.output.last ?? ""
        // A method returns one value, as the Swift method does, whatever its Lua override
        // returns; print returns none; the timer's target got the timer alone.
        if n < 100_000 {
            #expect(last == "1 1 1 1 1 1 0\t1", "\(n): \(last)")
        } else {
            // Called by pcall itself (a C function), the error has no line, as in stock Lua.
            #expect(last == "stack overflow stack overflow 1 stack overflow 1 1 0\t1", "\(n): \(last)")
        }
        #expect(outcome.invariantViolations.isEmpty)
        #expect(sandbox.bridgeIsAtRest)
    }

    /// The screen's text of a chain of nested views grows with the chain, not with its
    /// square: past a depth the indentation stops growing and the depth is written out.
    @Test func aDeepChainOfViewsHasAScreenTextOfItsSize() throws {
        var limits = LuaSandbox.Limits()
        limits.timeLimit = 0                       // a sanitizer's build is slow
        let sandbox = try LuaSandbox(limits: limits)
        let outcome = sandbox.run(chunk: """
            local w = UIWindow() sim.hold(w)
            local vc = UIViewController()
            w.rootViewController = vc
            w:makeKeyAndVisible()
            local v = vc.view
            for i = 1, 300 do local c = UIView() v:addSubview(c) v = c end
            local text = sim.screen().text
            local longest = 0
            for line in text:gmatch("[^\\n]+") do longest = math.max(longest, #line) end
            print(#text < 30000, longest < 120, text:find("[depth 300] UIView#", 1, true) ~= nil)
            """, name: "=deep")
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
        #expect(outcome.output.last == "true\ttrue\ttrue", "\(outcome.output)")
    }
}
