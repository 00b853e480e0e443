import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua

/// SPEC rules 24 and 32–34: the notification center's registrations and posting.
@Suite struct NotificationRulesTests {
    func run(_ code: String, ios: Int = 17, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> LuaSandbox {
        try RuleScript(ios: ios).passes(code, sourceLocation: sourceLocation)
    }

    @Test func rule24_theDefaultCenterAndTheMainOperationQueueAreMadeOnFirstAccess() throws {
        let sandbox = try run("""
            local v = UIView()
            assert(tostring(NotificationCenter.default) == "NotificationCenter#5")
            assert(NotificationCenter.default == NotificationCenter.default and OperationQueue.main == OperationQueue.main)
            assert(#NotificationCenter.default.observers == 0, "an empty array reads {} (rule 27)")
            local ran = false
            OperationQueue.main:addOperation(function() ran = true end)
            sim.run(0)
            assert(ran)
            """)
        #expect(sandbox.sim.notifications.defaultCenterID.raw == 5)
    }

    @Test func rule32_theCenterKeepsTheTokenAndTheTokenItsBlock() throws {
        _ = try run("""
            local center = NotificationCenter.default
            local Screen = UIViewController:subclass("Screen")
            local screen = Screen()
            local calls = 0
            local token = center:addObserver_forName("Refresh", nil, OperationQueue.main,
              sim.block{ strong = { screen }, function(self, note) calls = calls + 1 assert(self == screen and note.name == "Refresh") end })
            sim.drain()
            assert(tostring(token):find("__NSObserver#", 1, true), tostring(token))
            local why = sim.why(screen)
            assert(why:find("[NotificationCenter.default] NotificationCenter#", 1, true), why)
            assert(why:find(".observers[1] (strong) → __NSObserver#", 1, true) and why:find(".block (strong) → NSBlock#", 1, true), why)
            center:post("Refresh")
            center:post("Other")
            assert(calls == 1, "a name matches only itself")
            -- Dropping the token removes nothing; removing something unregistered does nothing.
            token = nil
            collectgarbage()
            center:removeObserver(UIView())
            center:post("Refresh")
            assert(calls == 2 and sim.alive(screen))
            center:removeObserver(center.observers[1])
            sim.drain()
            assert(not sim.alive(screen) and #center.observers == 0, "removed, the token and its block go")
            center:post("Refresh")
            assert(calls == 2)
            -- A nil name matches every name; an object matches by identity and is held weakly.
            local sender, names = NSObject(), {}
            local all = center:addObserver_forName(nil, sender, nil, function(note) names[#names + 1] = note.name end)
            center:post("A", sender)
            center:post("B", NSObject())
            center:post("C", sender)
            assert(table.concat(names, ",") == "A,C", table.concat(names, ","))
            sim.drain()
            assert(not sim.alive(sender), "the center does not keep the sender")
            center:removeObserver(all)
            """)
    }

    @Test func rule33_selectorObserversAreWeakFromIOS9() throws {
        _ = try run("""
            local center = NotificationCenter.default
            local Clock = NSObject:subclass("Clock")
            local got = {}
            function Clock:localeChanged(note) got[#got + 1] = note.name end
            local clock = Clock()
            center:addObserver(clock, "localeChanged", "Locale", nil)
            center:post("Locale")
            sim.drain()
            assert(not sim.alive(clock), "the center does not retain a selector observer")
            center:post("Locale")                       -- skipped: deallocated
            assert(#got == 1)
            -- removeObserver(observer) removes its registrations; with a name, only those.
            local other = sim.hold(Clock())
            center:addObserver(other, "localeChanged", "A", nil)
            center:addObserver(other, "localeChanged", "B", nil)
            center:removeObserver(other, "A", nil)
            center:post("A") center:post("B")
            assert(table.concat(got, ",") == "Locale,B", table.concat(got, ","))
            center:removeObserver(other)
            center:post("B")
            assert(#got == 2)
            sim.release(other)
            """)
        // iOS 7–8: the registration dangles, and a post that reaches it is the zombie's crash.
        let old = try LuaSandbox(configuration: { var c = Simulator.Configuration(); c.ios = 8; return c }())
        let outcome = old.run(chunk: """
            local Clock = NSObject:subclass("Clock")
            function Clock:localeChanged(note) end
            NotificationCenter.default:addObserver(Clock(), "localeChanged", "Locale", nil)
            sim.drain()
            NotificationCenter.default:post("Locale")
            """, name: "=t")
        #expect(outcome.crash?.reason.contains("-[Clock localeChanged]: message sent to deallocated instance #") == true,
                "\(outcome.message ?? "")")
    }

    @Test func rule34_postingIsSynchronousInRegistrationOrder() throws {
        _ = try run("""
            local center = NotificationCenter.default
            local order, tokens = {}, {}
            local O = NSObject:subclass("O")
            function O:seen(note) order[#order + 1] = "selector:" .. note.userInfo.step end
            local o = sim.hold(O())
            tokens[1] = center:addObserver_forName("Go", nil, nil, function(note)
              order[#order + 1] = "first"
              center:removeObserver(tokens[2])          -- removed before its turn: skipped
              tokens[3] = center:addObserver_forName("Go", nil, nil, function() order[#order + 1] = "late" end)
            end)
            tokens[2] = center:addObserver_forName("Go", nil, nil, function() order[#order + 1] = "second" end)
            center:addObserver(o, "seen", "Go", nil)
            local payload = NSObject()
            center:post("Go", nil, { step = 1, item = payload })
            order[#order + 1] = "returned"
            assert(table.concat(order, ",") == "first,selector:1,returned", table.concat(order, ","))
            -- The userInfo is an NSDictionary for the post, its objects released after it.
            local kept
            center:removeObserver(tokens[1]) center:removeObserver(tokens[3]) center:removeObserver(o)
            local t = center:addObserver_forName("Go", nil, nil, function(note) kept = note.userInfo.item
              assert(sim.why(kept):find("[posting", 1, true), sim.why(kept)) end)
            center:post("Go", nil, { item = NSObject() })
            sim.drain()
            assert(kept and not sim.alive(kept))
            center:removeObserver(t)
            sim.release(o)
            local ok, e = pcall(center.post, center, nil)
            assert(not ok and tostring(e):find("bad argument #1 to 'post' (string expected, got nil)", 1, true), tostring(e))
            ok, e = pcall(center.addObserver_forName, center, "x", nil, UIView(), function() end)
            assert(not ok and tostring(e):find("bad argument #3 to 'addObserver_forName' (OperationQueue expected, got UIView)", 1, true), tostring(e))
            """)
    }
}
