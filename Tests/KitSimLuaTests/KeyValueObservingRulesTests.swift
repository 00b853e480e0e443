import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua
import KitSimReport

/// SPEC rule 35: key-value observation, the handler the observed object keeps, and the
/// iOS ≤ 10 dealloc exception.
@Suite struct KeyValueObservingRulesTests {
    static let prelude = """
        local Player = NSObject:subclass("Player", { rate = "assign", item = "strong" })
        local Screen = UIViewController:subclass("Screen", { observation = "strong" })
        """

    func run(_ code: String, ios: Int = 17) throws -> Outcome { try RuleScript(prelude: Self.prelude, ios: ios).run(code).outcome }

    func passes(_ code: String, ios: Int = 17, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        try RuleScript(prelude: Self.prelude, ios: ios).passes(code, sourceLocation: sourceLocation)
    }

    @Test func rule35_eachSetCallsTheHandlerWithTheRequestedValues() throws {
        try passes("""
            local player = sim.hold(Player())
            local log = {}
            local function record(obj, change)
              assert(obj == player and change.kind == "setting")
              log[#log + 1] = string.format("%s:%s:%s", tostring(change.isPrior), tostring(change.newValue), tostring(change.oldValue))
            end
            player.rate = 1
            local a = player:observe("rate", { "new", "old", "prior", "initial" }, record)
            assert(table.concat(log, " ") == "false:1:nil", "initial: inside observe, the current value")
            player.rate = 2
            player.rate = 2                                     -- an equal value is a set too
            assert(table.concat(log, " ") == "false:1:nil true:nil:1 false:2:1 true:nil:2 false:2:2", table.concat(log, " "))
            local b = player:observe("rate", "new", function(obj, change) log[#log + 1] = "b" .. change.newValue end)
            log = {}
            player.rate = 3
            assert(table.concat(log, " ") == "true:nil:2 false:3:2 b3", "registration order: " .. table.concat(log, " "))
            a:invalidate()
            log = {}
            player.rate = 4
            assert(table.concat(log, " ") == "b4", table.concat(log, " "))
            b:invalidate()
            sim.release(player)
            """)
    }

    @Test func rule35_theObservedObjectKeepsTheHandlerWhileTheObservationIsValid() throws {
        try passes("""
            local player = sim.hold(Player())
            local screen = Screen()
            local observation = sim.hold(player:observe("rate", "new", sim.block{ strong = { screen }, function(self, obj, change) end }))
            sim.drain()
            local why = sim.why(screen)
            assert(why:find('Player#4.associated["kvo"][1] (strong) → NSBlock#', 1, true), why)
            assert(observation.object == player and observation.key == "rate" and observation.changeHandler ~= nil)
            observation:invalidate()
            sim.release(observation)
            sim.drain()
            assert(not sim.alive(observation) and not sim.alive(screen), "invalidated and released, nothing keeps the handler")
            -- An observation nobody keeps is invalidated by its deinit at the drain.
            player:observe("rate", "new", sim.block{ strong = { Screen() }, function(self) end })
            sim.drain()
            assert(sim.retainCount(player) == 1 and #sim.leaks() == 0)
            -- An observation's deinit invalidates it: the observed object lets go of the handler.
            local other, calls = sim.hold(Screen()), 0
            other.observation = player:observe("rate", nil, sim.block{ weak = { other }, function(self) calls = calls + 1 end })
            player.rate = 5
            assert(calls == 1)
            sim.release(other)
            sim.drain()
            assert(not sim.alive(other), "the screen went, and with it its observation")
            player.rate = 6
            assert(calls == 1, "invalidated by its deinit")
            assert(#sim.leaks() == 0)
            sim.release(player)
            """)
    }

    @Test func rule35_unknownKeysKeyPathsAndOptionsAreRefused() throws {
        try passes("""
            local player = sim.hold(Player())
            local cases = {
              { function() player:observe("speed", "new", function() end) end,
                "NSUnknownKeyException: [<Player #4> valueForUndefinedKey:]: this class is not key value coding-compliant for the key speed." },
              { function() player:observe("item.rate", "new", function() end) end, "bad argument #1 to 'observe' (a key path with '.' is not supported" },
              { function() player:observe("rate", "newest", function() end) end,
                "bad argument #2 to 'observe' (\\"new\\", \\"old\\", \\"initial\\" or \\"prior\\" expected, got \\"newest\\")" },
              { function() player:observe("rate", { "new", 3 }, function() end) end, "expected at index 2, got 3)" },
              { function() player:observe("rate", "new") end, "bad argument #3 to 'observe' (function expected, got nil)" },
            }
            for i, c in ipairs(cases) do
              local ok, e = pcall(c[1])
              assert(not ok and tostring(e):find(c[2], 1, true), i .. ": " .. tostring(e))
            end
            sim.release(player)
            """)
    }

    @Test func rule35_deallocatingUnderAValidObservationRaisesOnIOS10() throws {
        let code = """
            local player = Player()
            Observation = sim.hold(player:observe("rate", "new", function() end))
            sim.drain()
            """
        let old = try run(code, ios: 10)
        #expect(old.crash?.name == "NSInternalInconsistencyException")
        #expect(old.crash?.reason == "An instance #4 of class Player was deallocated while key value observers were still registered with it.",
                "\(old.message ?? "")")
        // From iOS 11 the observation stops by itself.
        let new = try run(code + "\nassert(Observation.object == nil)\nObservation:invalidate()\nsim.release(Observation)", ios: 11)
        #expect(new.status == .passed, "\(new.message ?? "")")
    }
}
