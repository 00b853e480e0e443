import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua

/// Rule 76: `autoreleasepool(fn)` — a nested pool around a call, drained when the call
/// returns or raises, with the call's results and errors passed through.
@Suite struct AutoreleasePoolRulesTests {
    @Test func rule76_whatTheBlockAutoreleasesGoesAtItsEndNotAtTheTurnsEnd() throws {
        try RuleScript().passes("""
            local before = sim.label(UIView(), "before")
            local holder = sim.hold(UIView())
            local inside
            autoreleasepool(function()
              inside = sim.label(UIView(), "inside")
              holder:addSubview(UIView())                 -- owned by its superview as well
              assert(sim.alive(inside) and sim.alive(before))
            end)
            assert(not sim.alive(inside), "released when the block ended")
            assert(#holder.subviews == 1, "an object with an owner stays")
            assert(sim.alive(before), "what the turn's pool holds waits for the turn's end")
            sim.run(0)
            assert(not sim.alive(before))
            -- The loop the pool is for: each pass's temporaries go before the next pass.
            local made = {}
            for i = 1, 50 do
              autoreleasepool(function() made[i] = UIView() end)
              assert(not sim.alive(made[i]))
            end
            """)
    }

    @Test func rule76_poolsNestAndEachReleasesOnlyWhatWasAutoreleasedInIt() throws {
        try RuleScript().passes("""
            local outer, inner
            autoreleasepool(function()
              outer = UIView()
              autoreleasepool(function() inner = UIView() end)
              assert(not sim.alive(inner) and sim.alive(outer), "the inner pool's end releases only its own")
            end)
            assert(not sim.alive(outer))
            """)
    }

    @Test func rule76_theResultsComeBackAndErrorsTravelOnUnchanged() throws {
        let sandbox = try RuleScript().passes("""
            assert(select("#", autoreleasepool(function() return 1, nil, "three" end)) == 3)
            local a, b, c = autoreleasepool(function() return 1, nil, "three" end)
            assert(a == 1 and b == nil and c == "three")
            assert(select("#", autoreleasepool(function() end)) == 0)
            local made
            local thrown = {}
            local ok, e = pcall(autoreleasepool, function() made = UIView() error(thrown) end)
            assert(not ok and e == thrown, "the very value raised")
            assert(not sim.alive(made), "the pool was drained all the same")
            ok, e = pcall(autoreleasepool, function() error("plain") end)
            assert(not ok and e:find(":%d+: plain$"), e)
            local v = UIView()
            ok, e = pcall(autoreleasepool, function() v:addSubview(v) end)
            assert(not ok and e.name == "NSInvalidArgumentException" and e.reason:find("Can't add self"), tostring(e))
            -- A block is called as Swift calls the closure: its captures, no arguments.
            local keep = sim.hold(UIView())
            assert(autoreleasepool(sim.block{ strong = { keep }, function(k, extra) return k == keep and extra == nil end }))
            -- Calls without end: the error comes through, every pool is closed on the way out.
            local function deeper() return autoreleasepool(deeper) end
            ok, e = pcall(deeper)
            assert(not ok and tostring(e):find("stack overflow"), tostring(e))
            """)
        #expect(sandbox.sim.heap.nestedPoolCount == 0)
    }

    /// Running the run loop inside the block is a nested run: each timer's turn drains a pool
    /// of its own, and the block's pool waits for the block's end.
    @Test func rule76_aRunInsideTheBlockLeavesTheBlocksPoolAlone() throws {
        try RuleScript().passes("""
            local mine, theirs
            autoreleasepool(function()
              mine = UIView()
              sim.after(1, function() theirs = UIView() end)
              sim.run(2)
              assert(sim.alive(mine), "the block's pool is not drained by the run")
              assert(theirs and not sim.alive(theirs), "the timer's turn drained its own pool")
            end)
            assert(not sim.alive(mine))
            """)
    }

    @Test func rule76_aDeallocThatRaisesAtTheDrainIsTheBlocksError() throws {
        let sandbox = try RuleScript().passes("""
            local Bad = NSObject:subclass("Bad")
            function Bad:deinit() error("deinit failed") end
            local ok, e = pcall(autoreleasepool, function() Bad() end)
            assert(not ok and e:find("deinit failed"), tostring(e))
            ok, e = pcall(autoreleasepool, function() Bad() error("the block's own") end)
            assert(not ok and e:find("the block's own"), "the block's error wins: " .. tostring(e))
            """)
        #expect(sandbox.sim.heap.nestedPoolCount == 0)
    }

    @Test(arguments: [
        ("autoreleasepool()", "bad argument #1 to 'autoreleasepool' (function expected, got no value)"),
        ("autoreleasepool(5)", "bad argument #1 to 'autoreleasepool' (function expected, got number)"),
        ("autoreleasepool(UIView())", "bad argument #1 to 'autoreleasepool' (function expected, got UIView)"),
    ])
    func rule76_mistakesAreClearErrors(_ code: String, _ message: String) throws {
        let (sandbox, outcome) = try RuleScript().run(code)
        #expect(outcome.status == .scriptError)
        #expect(outcome.message?.contains("t:1: " + message) == true, "\(outcome.message ?? "")")
        #expect(sandbox.sim.heap.nestedPoolCount == 0)
    }
}
