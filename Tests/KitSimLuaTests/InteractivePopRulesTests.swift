import Foundation
import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua

/// SPEC rules 66–68 and §4's transition coordinator: the edge swipe that pops, its order
/// when it completes or is cancelled, and seed 003's guard.
@Suite struct InteractivePopRulesTests {
    /// A key window with `nav` showing `a`, `b` pushed on it; each logs to `log`.
    static let app = """
        local log = {}
        local function logged() local s = table.concat(log, ", ") log = {} return s end
        local Screen = UIViewController:subclass("Screen", { name = "copy" })
        for _, cb in ipairs{ "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear" } do
          Screen[cb] = function(self) log[#log + 1] = self.name .. "." .. cb end
        end
        local function screen(name) local s = Screen() s.name = name return s end
        local NavDelegate = NSObject:subclass("NavDelegate")
        function NavDelegate:navigationController_willShow(n, vc, animated) log[#log + 1] = "willShow " .. vc.name end
        function NavDelegate:navigationController_didShow(n, vc, animated) log[#log + 1] = "didShow " .. vc.name end
        UINavigationController:swizzle("didShowViewController", function(self, original, vc, animated)
          log[#log + 1] = "private didShow " .. vc.name
          return original(self, vc, animated)
        end)
        local a, b = screen("A"), screen("B")
        local nav = UINavigationController(a)
        nav:pushViewController(b, false)
        local delegate = sim.hold(NavDelegate())
        nav.delegate = delegate
        local window = UIWindow(UIScreen.main.bounds)
        UIApplication.shared.delegate.window = window
        window.rootViewController = nav
        window:makeKeyAndVisible()
        sim.run(1)
        logged()
        """

    @Test func rule66_theRecognizerIsOwnedByTheNavigationControllerAndGatesTheSwipe() throws {
        try RuleScript(prelude: Self.app).passes("""
            local r = nav.interactivePopGestureRecognizer
            assert(r == nav.interactivePopGestureRecognizer and r.isEnabled, "one, enabled")
            assert(tostring(r):find("^UIScreenEdgePanGestureRecognizer"))
            r.isEnabled = false
            assert(sim.swipeBack(nav) == false and #nav.viewControllers == 2, "disabled")
            r.isEnabled = true
            local No = NSObject:subclass("No")
            function No:gestureRecognizerShouldBegin(recognizer) assert(recognizer == r) return false end
            local no = No()
            r.delegate = no
            assert(sim.swipeBack(nav) == false, "the delegate says no")
            no = nil
            sim.run(0)
            assert(r.delegate == nil, "weak")
            local single = UINavigationController(UIViewController())
            assert(sim.swipeBack(single) == false, "one controller, and not on screen")
            nav:pushViewController(screen("C"), true)
            assert(sim.swipeBack(nav) == false, "a transition is in flight (touches ignored too)")
            sim.run(1)
            local sent = 0
            UINavigationController:swizzle("popViewController", function(self, original, animated)
              sent = sent + 1
              assert(animated == true)
              return original(self, animated)
            end)
            assert(sim.swipeBack(nav) == true and sent == 1, "sent through the method table")
            assert(nav.transitionCoordinator.isInteractive)
            sim.run(1)
            """)
    }

    @Test func rule66_badOptionsAreNamed() throws {
        for (options, message) in [
            ("{ complete = 1 }", "bad argument #2 to 'swipeBack' (boolean expected for 'complete', got number)"),
            ("{ drag = -1 }", "bad argument #2 to 'swipeBack' (drag must be a finite number of seconds >= 0, got -1)"),
            ("{ speed = 2 }", "bad argument #2 to 'swipeBack' (unknown option 'speed'; expected complete, drag, within or label)"),
            ("true", "bad argument #2 to 'swipeBack' (table expected, got boolean)"),
        ] {
            let (_, outcome) = try RuleScript(prelude: Self.app).run("sim.swipeBack(nav, \(options))")
            #expect(outcome.message?.contains(message) == true, "\(outcome.message ?? "")")
        }
        let (_, outcome) = try RuleScript(prelude: Self.app).run("sim.swipeBack(a)")
        #expect(outcome.message?.contains("bad argument #1 to 'swipeBack' (UINavigationController expected, got Screen)") == true,
                "\(outcome.message ?? "")")
    }

    @Test func rule67_aCompletedSwipe() throws {
        try RuleScript(prelude: Self.app).passes("""
            local tc
            assert(sim.swipeBack(nav, { complete = true, drag = 0.5 }))
            tc = nav.transitionCoordinator
            assert(tc == a.transitionCoordinator and tc == b.transitionCoordinator, "one coordinator")
            assert(tc.isInteractive and not UIApplication.shared.isIgnoringInteractionEvents)
            tc:animate(nil, function(ctx) log[#log + 1] = "completion" end)
            tc:notifyWhenInteractionEnds(function(ctx) log[#log + 1] = "ends cancelled=" .. tostring(ctx.isCancelled) end)
            tc:notifyWhenInteractionChanges(function(ctx) log[#log + 1] = "changes" end)
            assert(logged() == "willShow A, B.viewWillDisappear, A.viewWillAppear", "at once")
            sim.run(0.5)
            assert(logged() == "ends cancelled=false, changes" and not tc.isInteractive, "the finger lifts")
            sim.run(0.2)
            assert(logged() == "B.viewDidDisappear, A.viewDidAppear, private didShow A, didShow A, completion", "0.2 s later")
            assert(nav.transitionCoordinator == nil and #nav.viewControllers == 1)
            b = nil tc = nil
            sim.run(0)
            """)
    }

    @Test func rule67_aCancelledSwipe() throws {
        try RuleScript(prelude: Self.app).passes("""
            assert(sim.swipeBack(nav, { complete = false }))
            local tc = nav.transitionCoordinator
            tc:animate(nil, function(ctx) log[#log + 1] = "completion" end)
            tc:notifyWhenInteractionEnds(function(ctx) log[#log + 1] = "ends cancelled=" .. tostring(ctx.isCancelled) end)
            assert(nav.topViewController == a, "the stack changes as the pop begins")
            logged()
            sim.run(0.3)
            assert(logged() == "ends cancelled=true")
            sim.run(0.2)
            assert(logged() == "A.viewWillDisappear, A.viewDidDisappear, B.viewWillAppear, B.viewDidAppear, completion",
                   "no willShow or didShow, public or private")
            assert(nav.topViewController == b and #nav.viewControllers == 2 and b.parent == nav, "stack unchanged")
            assert(b.view.window == window and a.view.window == nil)
            tc = nil
            sim.run(3)
            assert(#sim.leaks() == 0, "B is back in the UI: not abandoned")
            """)
    }

    @Test func rule67_nonInteractiveTransitionsNeverRunTheInteractionHandlers() throws {
        try RuleScript(prelude: Self.app, ios: 9).passes("""
            nav:popViewController(true)
            local tc = nav.transitionCoordinator
            assert(not tc.isInteractive)
            tc:notifyWhenInteractionEnds(function() log[#log + 1] = "ends" end)
            local ok, e = pcall(function() tc:notifyWhenInteractionChanges(function() end) end)
            assert(not ok and tostring(e):find("unrecognized selector", 1, true), "iOS 10 API")
            sim.run(1)
            assert(not logged():find("ends", 1, true))
            assert(nav.transitionCoordinator == nil, "nil outside transitions")
            """)
    }

    @Test func rule67_theCoordinatorKeepsItsBlocksUntilTheEnd() throws {
        try RuleScript(prelude: Self.app).passes("""
            local Box = NSObject:subclass("Box")
            local box = Box()
            local captured = sim.block{ strong = { box }, function(b, ctx) end }
            nav:popViewController(true)
            nav.transitionCoordinator:animate(nil, captured)
            sim.run(0)
            assert(sim.alive(box), "the coordinator keeps the block, the block its capture")
            local why = sim.why(box)
            assert(why:find("completions[1]", 1, true), why)
            sim.run(1)
            assert(not sim.alive(box), "let go at the end")
            """)
    }

    @Test(arguments: [false, true])
    func rule68_theGuardAfterACancelledSwipe(_ withHook: Bool) throws {
        let category = try String(contentsOfFile: SeedScriptOutcomeTests.scenarios + "/lib/consistent_nav.lua", encoding: .utf8)
        try RuleScript().passes("""
            local M = (function() \(category) end)()
            M.install(\(withHook))
            local nav = UINavigationController(UIViewController())
            local window = UIWindow(UIScreen.main.bounds)
            UIApplication.shared.delegate.window = window
            window.rootViewController = nav
            window:makeKeyAndVisible()
            sim.run(0)
            nav:pushViewController(UIViewController(), true)
            sim.run(1)
            assert(nav.viewTransitionInProgress == false)
            assert(sim.swipeBack(nav, { complete = false, drag = 0.3 }))
            assert(nav.viewTransitionInProgress == true, "set as the swipe begins")
            sim.run(0.3)
            assert(nav.viewTransitionInProgress == not \(withHook), "cleared at the finger lift only by the hook")
            sim.run(1)
            nav:pushViewController(UIViewController(), true)
            sim.run(1)
            assert(#nav.viewControllers == (\(withHook) and 3 or 2), "the next push")
            """)
    }
}
