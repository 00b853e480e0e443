import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua
@testable import KitSimFuzz

/// An error raised in a Lua callback — `viewDidLoad`, `deinit`, a
/// completion handler, a swizzled method — reaches the scenario as a Lua error carrying
/// the callback's file:line, and leaves the heap and the UI consistent: the operation
/// the callback was part of is either not started or completed, never half done.
/// (BridgeBadInputTests.errorsInsideCallbacksCarryTheCallbacksLine covers viewDidLoad.)
@Suite struct CallbackErrorTests {
    /// Runs `code` after a prelude that puts `root` on screen in a held key window `w`;
    /// the code's own `assert`s check the state, and the run must pass with the heap
    /// invariant holding and no runtime hold left behind.
    func run(_ code: String) throws {
        let sandbox = try LuaSandbox()
        let outcome = sandbox.run(chunk: """
            local w = UIWindow()
            UIApplication.shared.delegate.window = w
            local root = UIViewController()
            w.rootViewController = root
            w:makeKeyAndVisible()
            sim.run(1)
            local function fails(f, line, text)
              local ok, err = pcall(f)
              assert(not ok, "no error")
              err = tostring(err)
              assert(err:find("cb:" .. line .. ": " .. text, 1, true), "wrong error: " .. err)
              sim.verify()
            end
            \(code)
            sim.run(3)
            sim.verify()
            """, name: "=cb")
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
        #expect(outcome.invariantViolations.isEmpty)
        #expect(Fuzzer.strandedHolds(sandbox) == nil, "\(Fuzzer.strandedHolds(sandbox) ?? "")")
    }

    // The prelude above takes 13 lines: line k of the code is line 13 + k of the chunk.

    /// SPEC rule 14: a controller has one parent, even when its own `willMove(toParent:)`
    /// hands it to another container while the first is taking it.
    @Test(arguments: ["init", "push", "addChild", "setViewControllers", "tabs"])
    func aControllerGivenAnotherParentInItsWillMoveEndsWithOne(_ how: String) throws {
        try run("""
            local V = UIViewController:subclass("V")
            local elsewhere = sim.hold(UINavigationController(UIViewController()))
            local moved = false
            function V:willMove(p)
              UIViewController.willMove(self, p)
              if p and p ~= elsewhere and not moved then moved = true elsewhere:pushViewController(self, false) end
            end
            local v = V()
            local target
            if "\(how)" == "init" then target = sim.hold(UINavigationController(v))
            elseif "\(how)" == "push" then target = sim.hold(UINavigationController(UIViewController())) target:pushViewController(v, false)
            elseif "\(how)" == "setViewControllers" then target = sim.hold(UINavigationController()) target:setViewControllers({ v }, false)
            elseif "\(how)" == "tabs" then target = sim.hold(UITabBarController()) target.viewControllers = { v, v }
            else target = sim.hold(UIViewController()) target:addChild(v) end
            assert(v.parent == target, "the last container that takes it keeps it")
            for _, c in ipairs(elsewhere.viewControllers) do assert(c ~= v, "and it left the other one") end
            sim.verify()
            sim.release(target) sim.release(elsewhere)
            """)
    }

    /// SPEC rule 14: a controller `setViewControllers` keeps has this navigation
    /// controller as its parent at the end, even when a leaving controller's
    /// `willMove(toParent: nil)` took it out of the stack meanwhile.
    @Test func aControllerKeptBySetViewControllersEndsWithItsParent() throws {
        try run("""
            local V = UIViewController:subclass("V")
            local kept = UIViewController()
            function V:willMove(p)
              UIViewController.willMove(self, p)
              if p == nil and kept.parent then kept:removeFromParent() end
            end
            local nav = sim.hold(UINavigationController(V()))
            nav:pushViewController(kept, false)
            nav:setViewControllers({ UIViewController(), kept }, false)
            assert(kept.parent == nav and nav.viewControllers[2] == kept)
            sim.verify()
            sim.release(nav)
            """)
    }

    @Test func anErrorInDeinitComesOutOfTheDrainAndTheCascadeCompletes() throws {
        try run("""
            local V = UIView:subclass("V")
            function V:deinit()
              error("boom in deinit")
            end
            local a, b = UIView(), UIView()
            local v = V()
            a:addSubview(v)
            fails(function() sim.drain() end, 16, "boom in deinit")
            assert(not sim.alive(v) and not sim.alive(a) and not sim.alive(b), "the drain stopped half-way")
            """)
    }

    @Test func anErrorInACompletionHandlerComesOutOfTheRunLoop() throws {
        try run("""
            local modal = UIViewController()
            root:present(modal, false, function()
              error("boom in completion")
            end)
            fails(function() sim.run(0) end, 16, "boom in completion")
            assert(root.presentedViewController == modal, "the presentation did not complete")
            root:dismiss(true, function()
              error("boom in dismiss completion")
            end)
            fails(function() sim.run(1) end, 21, "boom in dismiss completion")
            assert(root.presentedViewController == nil, "the dismissal did not complete")
            sim.after(0.5, function()
              error("boom in a timer")
            end)
            fails(function() sim.run(1) end, 26, "boom in a timer")
            """)
    }

    @Test func anErrorInAnAlertHandlerComesOutOfTheTap() throws {
        try run("""
            local alert = UIAlertController("t", "m", "alert")
            alert:addAction(UIAlertAction("OK", "default", function()
              error("boom in handler")
            end))
            root:present(alert, false)
            sim.run(0)
            sim.tap(alert, "OK")
            fails(function() sim.run(0) end, 16, "boom in handler")
            assert(root.presentedViewController == nil, "the alert is still presented")
            assert(UIApplication.shared.keyWindow == w, "key status did not come back")
            """)
    }

    @Test func anErrorInASwizzledMethodLeavesTheNavigationUsable() throws {
        try run("""
            local nav = UINavigationController(UIViewController())
            w.rootViewController = nav
            sim.run(1)
            UIViewController:swizzle("viewWillAppear", function(self, original, animated)
              original(self, animated)
              if self.title == "bad" then error("boom in swizzle") end
            end)
            local bad = UIViewController()
            bad.title = "bad"
            fails(function() nav:pushViewController(bad, true) end, 19, "boom in swizzle")
            assert(nav.topViewController == bad, "the push did not complete")
            bad.title = "fixed"
            sim.run(1)
            assert(bad.view.superview == nav.view, "the pushed view is not in the navigation view")
            -- Not stuck in a transition: the next push works.
            local next = UIViewController()
            nav:pushViewController(next, true)
            sim.run(1)
            assert(nav.topViewController == next)
            nav:popViewController(false)
            sim.run(0)
            assert(nav.topViewController == bad)
            """)
    }

    /// A tab list naming a controller twice, replaced while a didMove callback fails,
    /// releases every hold it took: each removed controller is held and released once.
    @Test func anErrorWhileReplacingTabsListedTwiceReleasesEveryHold() throws {
        try run("""
            local tabs = UITabBarController()
            sim.hold(tabs)
            local a = UIViewController()
            tabs.viewControllers = { a, a, a }
            local B = UIViewController:subclass("B")
            function B:didMove(parent)
              error("boom in didMove")
            end
            fails(function() tabs.viewControllers = { B() } end, 20, "boom in didMove")
            sim.run(1)
            assert(not sim.alive(a), sim.alive(a) and sim.why(a) or "")
            """)
    }

    /// Popping several controllers at once: a `didMove(nil)` that raises must not leave
    /// the controllers after it still parented to the navigation controller, their views
    /// still in its view: the cleanup goes on past the first error.
    @Test func anErrorInOnePoppedControllersDidMoveStillDetachesTheOthers() throws {
        try run("""
            local Bad = UIViewController:subclass("Bad")
            function Bad:didMove(parent)
              if parent == nil then error("boom in didMove") end
            end
            local nav = UINavigationController(UIViewController())
            w.rootViewController = nav
            sim.run(1)
            local a, bad, c = UIViewController(), Bad(), UIViewController()
            for _, vc in ipairs { a, bad, c } do sim.hold(vc); nav:pushViewController(vc, false) end
            sim.run(1)
            fails(function() nav:popToRootViewController(false); sim.run(1) end, 16, "boom in didMove")
            for _, vc in ipairs { a, bad, c } do
              assert(vc.parent == nil, tostring(vc) .. " still has a parent")
              assert(vc.view.superview == nil, tostring(vc) .. "'s view is still in the navigation view")
            end
            assert(#nav.viewControllers == 1, "the stack was not popped")
            for _, vc in ipairs { a, bad, c } do sim.release(vc) end
            """)
    }

    @Test func anErrorInANewRootsViewDidLoadLeavesTheWindowAsItWas() throws {
        try run("""
            local Bad = UIViewController:subclass("Bad")
            function Bad:viewDidLoad()
              error("boom in viewDidLoad")
            end
            fails(function() w.rootViewController = Bad() end, 16, "boom in viewDidLoad")
            assert(w.rootViewController == root, "the window lost its root")
            assert(root.view.superview == w, "the old root's view left the window")
            assert(not sim.screen().black)
            -- A good swap afterwards works, and the old root goes.
            local good = UIViewController()
            w.rootViewController = good
            sim.run(3)
            assert(w.rootViewController == good and good.view.superview == w)
            assert(not sim.alive(root), sim.alive(root) and sim.why(root) or "")
            """)
    }

    @Test func anErrorInANewRootsViewWillAppearStillCompletesTheSwap() throws {
        try run("""
            local Bad = UIViewController:subclass("Bad")
            function Bad:viewWillAppear(animated)
              error("boom in viewWillAppear")
            end
            local bad = Bad()
            fails(function() w.rootViewController = bad end, 16, "boom in viewWillAppear")
            assert(w.rootViewController == bad, "the swap did not complete")
            assert(bad.view.superview == w, "the new root's view is not in the window")
            assert(root.view.superview == nil, "the old root's view is still in the window")
            sim.run(3)
            -- The old root was held for the transition only: it is released.
            assert(not sim.alive(root), sim.alive(root) and sim.why(root) or "")
            """)
    }

    @Test func anErrorInTheOldRootsViewWillDisappearStillCompletesTheSwap() throws {
        try run("""
            local Old = UIViewController:subclass("Old")
            function Old:viewWillDisappear(animated)
              error("boom in viewWillDisappear")
            end
            local old = Old()
            w.rootViewController = old
            sim.run(1)
            local new = UIViewController()
            fails(function() w.rootViewController = new end, 16, "boom in viewWillDisappear")
            assert(w.rootViewController == new and new.view.superview == w)
            assert(old.view.superview == nil)
            sim.run(3)
            assert(not sim.alive(old), sim.alive(old) and sim.why(old) or "")
            """)
    }

    @Test func anErrorInAPresentedControllersViewDidLoadStillCompletesThePresentation() throws {
        try run("""
            local Bad = UIViewController:subclass("Bad")
            function Bad:viewDidLoad()
              error("boom in presented viewDidLoad")
            end
            local bad = Bad()
            fails(function() root:present(bad, false) end, 16, "boom in presented viewDidLoad")
            sim.run(0)
            assert(root.presentedViewController == bad)
            root:dismiss(false)
            sim.run(3)
            assert(root.presentedViewController == nil)
            assert(not sim.alive(bad), sim.alive(bad) and sim.why(bad) or "")
            -- The transition view went with it: the root's view is what shows.
            assert(#w.subviews == 1 and w.subviews[1] == root.view, #w.subviews)
            """)
    }
}
