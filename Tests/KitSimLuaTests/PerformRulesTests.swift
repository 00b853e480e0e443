import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua

/// Rules 74–75: `perform(_:with:afterDelay:)` keeps its target and argument on the main run
/// loop until the request fires, and `cancelPreviousPerformRequests` releases them at once.
@Suite struct PerformRulesTests {
    static let app = """
        local window = UIWindow(UIScreen.main.bounds)
        UIApplication.shared.delegate.window = window
        local nav = UINavigationController(UIViewController())
        window.rootViewController = nav
        window:makeKeyAndVisible()
        sim.run(1)
        local log = {}
        local Detail = UIViewController:subclass("Detail")
        function Detail:refresh(arg) log[#log + 1] = "refresh " .. (arg and arg:isKind(UIView) and "view" or tostring(arg)) end
        function Detail:other() log[#log + 1] = "other" end
        function Detail:boom() error("refresh failed") end
        """

    @Test(arguments: [7, 12, 17])
    func rule74_theRunLoopKeepsTargetAndArgumentUntilTheRequestFires(_ ios: Int) throws {
        try RuleScript(prelude: Self.app, ios: ios).passes("""
            local detail = sim.label(Detail(), "detail")
            nav:pushViewController(detail, false)
            sim.run(0)
            local spinner = sim.label(UIView(), "spinner")
            detail:perform("refresh", spinner, 5)
            nav:popViewController(false)
            sim.run(3)                                            -- now 4 s: popped 3 s ago
            assert(sim.alive(detail) and #log == 0, "kept by the run loop, not fired yet")
            assert(sim.why(detail):find("[perform request] Detail#", 1, true), sim.why(detail))
            assert(sim.why(spinner):find("[perform request] UIView#", 1, true), sim.why(spinner))
            local leaks = sim.leaks()
            assert(#leaks == 1 and leaks[1].kind == "abandoned" and leaks[1].objects[1] == detail, tostring(leaks[1]))
            sim.verify()
            sim.run(1.9)
            assert(#log == 0, "not before its time")
            sim.run(0.1)                                          -- 6 s: 5 s after the perform at 1 s
            assert(log[1] == "refresh view", table.concat(log, ", "))
            assert(not sim.alive(detail) and not sim.alive(spinner), "both released once the message was sent")
            assert(#sim.leaks() == 0)
            """)
    }

    @Test func rule74_aZeroOrNegativeDelayFiresAtTheNextTurnInOrder() throws {
        try RuleScript(prelude: Self.app).passes("""
            local d = sim.hold(Detail())
            d:perform("refresh", nil, 0)
            d:perform("other", nil, -3)
            sim.after(0, function() log[#log + 1] = "after" end)
            assert(#log == 0, "never at once: the request waits for the run loop")
            sim.run(0)
            assert(table.concat(log, ", ") == "refresh nil, other, after", table.concat(log, ", "))
            """)
    }

    @Test func rule74_theSelectorIsLookedUpWhenTheRequestFiresAndWhatItKeptIsReleasedAnyway() throws {
        try RuleScript(prelude: Self.app).passes("""
            local d = sim.label(Detail(), "d")
            local view = sim.label(UIView(), "view")
            d:perform("nothing", view, 1)                          -- accepted: not looked up yet
            d:perform("boom", nil, 2)
            local ok, e = pcall(sim.run, 1)
            assert(not ok and e.name == "NSInvalidArgumentException" and e.reason:find("-[Detail nothing]: unrecognized selector", 1, true), tostring(e))
            assert(not sim.alive(view), "released although the send raised")
            assert(sim.alive(d) and sim.retainCount(d) == 1, "still kept by the second request")
            sim.verify()
            ok, e = pcall(sim.run, 1)
            assert(not ok and tostring(e):find("refresh failed"), tostring(e))
            assert(not sim.alive(d), "released although the method raised")
            """)
    }

    @Test func rule75_cancellingReleasesAtOnceWhatTheRequestsKept() throws {
        try RuleScript(prelude: Self.app).passes("""
            local d = sim.label(Detail(), "d")
            local view = sim.label(UIView(), "view")
            d:perform("refresh", view, 5)
            d:perform("other", nil, 3)
            sim.drain()
            assert(sim.alive(d) and sim.alive(view) and sim.retainCount(d) == 2)
            NSObject.cancelPreviousPerformRequests(d)
            assert(not sim.alive(d) and not sim.alive(view), "released before the call returned")
            sim.run(6)
            assert(#log == 0, "nothing fires")
            """)
    }

    /// The filtered form matches target, selector and argument; a nil argument matches only
    /// requests made with nil, and leaving the argument out is passing nil.
    @Test func rule75_theFilteredFormMatchesSelectorAndArgument() throws {
        try RuleScript(prelude: Self.app).passes("""
            local d = sim.hold(Detail())
            local a, b = sim.hold(UIView()), sim.hold(UIView())
            sim.drain()
            d:perform("refresh", a, 1)
            d:perform("refresh", b, 1)
            d:perform("refresh", nil, 1)
            d:perform("other", nil, 1)
            NSObject.cancelPreviousPerformRequests(d, "refresh", b)
            assert(sim.retainCount(b) == 1 and sim.retainCount(a) == 2, "only b's request went")
            NSObject.cancelPreviousPerformRequests(d, "other", a)
            Detail.cancelPreviousPerformRequests(d, "refresh")    -- a subclass has the class method; nil argument
            sim.run(1)
            assert(table.concat(log, ", ") == "refresh view, other", table.concat(log, ", "))
            assert(sim.retainCount(a) == 1 and sim.retainCount(d) == 1, "released after firing")
            NSObject.cancelPreviousPerformRequests(d)             -- nothing pending: nothing happens
            """)
    }

    @Test func rule75_aRequestMadeByTheFiringMethodIsPendingAndCanBeCancelled() throws {
        try RuleScript(prelude: Self.app).passes("""
            local Poller = NSObject:subclass("Poller")
            local polls = 0
            function Poller:poll()
              polls = polls + 1
              self:perform("poll", nil, 1)                        -- polling: each run asks for the next
              sim.verify()                                         -- the firing request still holds self
              if polls == 3 then NSObject.cancelPreviousPerformRequests(self) end
            end
            local p = sim.label(Poller(), "poller")
            p:perform("poll", nil, 1)
            sim.run(2)
            assert(polls == 2 and sim.alive(p), "the next poll keeps it")
            sim.run(5)
            assert(polls == 3 and not sim.alive(p), "cancelled in its third poll, then released")
            """)
    }

    @Test(arguments: [
        ("d:perform(nil, nil, 1)", "bad argument #1 to 'perform' (string expected, got nil)"),
        ("d:perform('refresh', 5, 1)", "bad argument #2 to 'perform' (NSObject expected, got number)"),
        ("d:perform('refresh', {}, 1)", "bad argument #2 to 'perform' (NSObject expected, got array)"),
        ("d:perform('refresh', nil)", "bad argument #3 to 'perform' (number expected, got nil)"),
        ("d:perform('refresh', nil, 0/0)", "bad argument #3 to 'perform' (finite number expected, got nan)"),
        ("NSObject.cancelPreviousPerformRequests()", "bad argument #1 to 'cancelPreviousPerformRequests' (NSObject expected, got nil)"),
        ("NSObject.cancelPreviousPerformRequests(d, nil, nil)", "bad argument #2 to 'cancelPreviousPerformRequests' (string expected, got nil)"),
        ("NSObject.cancelPreviousPerformRequests(d, 'refresh', 5)", "bad argument #3 to 'cancelPreviousPerformRequests' (NSObject expected, got number)"),
    ])
    func rule74_75_mistakesAreClearErrors(_ code: String, _ message: String) throws {
        let (_, outcome) = try RuleScript(prelude: Self.app).run("""
            local d = sim.hold(Detail())
            \(code)
            """)
        #expect(outcome.status == .scriptError)
        #expect(outcome.message?.contains("t:13: " + message) == true, "\(outcome.message ?? "")")
    }

    /// `sim.verify()` checks the requests' holds: each target and argument is held once per
    /// request naming it, and nothing else is held for one.
    @Test func rule74_theHeapsVerifyCoversThePendingRequests() throws {
        let sandbox = try RuleScript(prelude: Self.app).passes("""
            d = sim.hold(Detail())
            d:perform("refresh", nil, 5)
            stray = sim.hold(UIView())
            """)
        let heap = sandbox.sim.heap
        #expect(heap.invariantViolations().isEmpty)
        let hold = heap.holdReason("perform request")
        guard case .object(let d)? = try? sandbox.call(sandbox.compile("return d")),
              case .object(let stray)? = try? sandbox.call(sandbox.compile("return stray")) else {
            Issue.record("the script's objects")
            return
        }
        // What only a broken model would do: hold an object for no request, let go of a pending one's target.
        try heap.hold(stray, hold)
        #expect(heap.invariantViolations().contains("\(stray) is held for a perform request that no request names"))
        try heap.unhold(stray, hold)
        try heap.unhold(d, hold)
        #expect(heap.invariantViolations().contains("\(d) is named by 1 perform request(s) but held for them 0 time(s)"))
    }
}
