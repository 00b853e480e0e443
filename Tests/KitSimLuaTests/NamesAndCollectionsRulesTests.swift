import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua

/// SPEC rules 23, 26 and 27: the naming rule across every declaration, tables as
/// NSArray/NSDictionary wherever the model keeps or passes them on, and empty arrays.
@Suite struct NamesAndCollectionsRulesTests {
    func passes(_ code: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        try RuleScript().passes(code, sourceLocation: sourceLocation)
    }

    /// Every declared overload that is not the first form adds `_` and the Swift label
    /// where it differs (`scheduledTimer_withTimeInterval`, `addObserver_forName`), and no
    /// Lua name is a Swift selector.
    @Test func rule23_declaredNamesFollowTheOverloadRule() throws {
        var checked = 0
        for d in Simulator.declarations {
            for m in d.interface.methods where m.kind != .accessor && m.kind != .initializer {
                #expect(!m.luaName.contains(":") && !m.luaName.contains("("), "\(d.name).\(m.luaName)")
                guard let underscore = m.luaName.firstIndex(of: "_") else { continue }
                let base = String(m.luaName[..<underscore])
                let label = String(m.luaName[m.luaName.index(after: underscore)...])
                #expect(m.swiftName.hasPrefix(base + "("), "\(d.name).\(m.luaName) is not a form of \(base): \(m.swiftName)")
                #expect(m.swiftName.contains(label + ":"), "\(d.name).\(m.luaName): no label '\(label)' in \(m.swiftName)")
                checked += 1
            }
        }
        #expect(checked >= 4, "the rule was checked on \(checked) overloads")
    }

    @Test func rule23_enumCasesOptionSetsAndOverloadsByCount() throws {
        try passes("""
            local b = UIButton(CGRect(0, 0, 10, 10))
            local T = NSObject:subclass("T")
            local t = sim.hold(T())
            b:addTarget(t, "tick", "touchDown")                      -- one case as a string
            b:addTarget(t, "tick", { "touchUpInside", "valueChanged" }) -- an option set as an array
            assert(#b:actions(t, "valueChanged") == 1)
            local ok, e = pcall(b.addTarget, b, t, "tick", "tap")
            assert(not ok and tostring(e):find('"allEvents" expected, got "tap"', 1, true), "an unknown case lists the valid ones: " .. tostring(e))
            -- A form that only adds trailing arguments shares the name: the count picks it.
            local center = NotificationCenter.default
            center:addObserver(t, "tick", "A", nil)
            center:addObserver(t, "tick", "B", nil)
            center:removeObserver(t, "A", nil)
            local hits = 0
            function T:tick() hits = hits + 1 end
            center:post("A") center:post("B")
            assert(hits == 1)
            center:removeObserver(t)
            center:post("B")
            assert(hits == 1)
            sim.release(t)
            """)
    }

    @Test func rule26_tablesTheModelKeepsOrPassesOnAreSnapshots() throws {
        try passes("""
            local T = NSObject:subclass("T")
            function T:tick() end
            local kept = NSObject()
            local info = { list = { kept }, n = 1 }
            local timer = sim.hold(Timer.scheduledTimer(10, T(), "tick", info, false))
            info.list[1] = nil                                    -- a snapshot: later changes change nothing
            sim.drain()
            assert(sim.alive(kept), "the timer's userInfo retains what it holds")
            local why = sim.why(kept)
            assert(why:find("Timer#%d+%.userInfo%.list%[1%] %(strong%) → NSObject#"), why)
            assert(timer.userInfo.list[1] == kept and timer.userInfo ~= timer.userInfo, "each read is a new table")
            timer:invalidate()
            sim.drain()
            assert(not sim.alive(kept), "invalidated: released")
            -- Errors: an object as a key, a table that contains itself.
            local loop = {} loop[1] = loop
            local cases = {
              { function() Timer.scheduledTimer(1, T(), "tick", { [NSObject()] = 1 }, false) end, "key" },
              { function() Timer.scheduledTimer(1, T(), "tick", loop, false) end, "itself" },
            }
            for i, c in ipairs(cases) do
              local ok, e = pcall(c[1])
              assert(not ok and tostring(e):find(c[2], 1, true), i .. ": " .. tostring(e))
            end
            sim.release(timer)
            """)
    }

    @Test func rule27_emptyArraysReadEmptyTablesOptionalsNil() throws {
        try passes("""
            local v = UIView()
            assert(type(v.subviews) == "table" and #v.subviews == 0, "subviews: {}")
            assert(v.gestureRecognizers == nil, "none: nil")
            local nav = UINavigationController(UIViewController())
            nav:setViewControllers({}, false)
            assert(#nav.viewControllers == 0)
            assert(UITabBarController().viewControllers == nil, "a tab bar's unset list: nil")
            assert(#UIButton(CGRect(0, 0, 1, 1)).allTargets == 0 and #UITableView(CGRect(0, 0, 1, 1)).visibleCells == 0)
            assert(#NotificationCenter.default.observers == 0 and #RunLoop.main.timers == 0)
            """)
    }
}
