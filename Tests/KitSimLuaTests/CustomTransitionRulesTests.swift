import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua

/// SPEC rules 57–61: custom transitions — the weak transitioning delegate, animators and
/// their context, what the container holds by presentation style, and a transition that
/// never completes.
@Suite struct CustomTransitionRulesTests {
    /// A key window showing `home`; `Animator` logs to `log` and does what `how` says:
    /// `addsTo` puts the incoming view in the container, `completes` completes at once.
    static let app = RuleScript.keyWindowApp + "\n" + """
        local home = screen
        local log = {}
        local how = { addsTo = true, completes = true }
        local Animator = NSObject:subclass("Animator")
        local context
        function Animator:transitionDuration(ctx) log[#log + 1] = "duration" return 0.5 end
        function Animator:animateTransition(ctx)
          log[#log + 1] = "animate"
          context = sim.hold(ctx)          -- a script variable does not retain: see rule58_
          if how.addsTo then ctx.containerView:addSubview(ctx:viewController("to").view) end
          if how.completes then ctx:completeTransition(true) end
        end
        function Animator:animationEnded(completed) log[#log + 1] = "ended " .. tostring(completed) end
        local Delegate = NSObject:subclass("Delegate")
        function Delegate:animationController_forPresented(presented, presenting, source)
          log[#log + 1] = "forPresented " .. tostring(presented == detail) .. " " .. tostring(presenting == home) .. " " .. tostring(source == home)
          return Animator()
        end
        function Delegate:animationController_forDismissed(dismissed)
          log[#log + 1] = "forDismissed " .. tostring(dismissed == detail)
          return Animator()
        end
        local Detail = UIViewController:subclass("Detail")
        for _, name in ipairs{ "viewDidLoad", "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear" } do
          Detail[name] = function(self) log[#log + 1] = name end
        end
        detail = sim.hold(Detail())
        local delegate = sim.hold(Delegate())  -- the property is weak: see rule57_
        detail.transitioningDelegate = delegate
        local function logged() local s = table.concat(log, ", ") log = {} return s end
        """

    /// A key window showing `nav` with `a` on it; `offer(animate)` makes the navigation
    /// delegate offer an animator whose `animateTransition` is `animate`.
    static let navApp = """
        local a = UIViewController()
        local nav = UINavigationController(a)
        local window = UIWindow(UIScreen.main.bounds)
        UIApplication.shared.delegate.window = window
        window.rootViewController = nav
        window:makeKeyAndVisible()
        sim.run(0)
        local NavAnimator = NSObject:subclass("NavAnimator")
        function NavAnimator:transitionDuration(c) return 0.3 end
        local NavDelegate = NSObject:subclass("NavDelegate")
        function NavDelegate:navigationController_animationControllerFor(n, operation, from, to) return NavAnimator() end
        local function offer(animate)
          NavAnimator.animateTransition = animate
          nav.delegate = sim.hold(NavDelegate())
        end
        """

    @Test func rule57_theTransitioningDelegateIsWeak() throws {
        try RuleScript(prelude: Self.app).passes("""
            detail.transitioningDelegate = Delegate()
            sim.run(0)
            assert(detail.transitioningDelegate == nil, "gone at the drain")
            detail.modalPresentationStyle = "fullScreen"
            home:present(detail, true)
            sim.run(1)
            assert(logged() == "viewDidLoad, viewWillAppear, viewDidAppear", "the default transition")
            assert(detail.view.window == window)
            """)
    }

    @Test(arguments: [("fullScreen", true), ("overFullScreen", true), ("custom", true), ("pageSheet", false), ("formSheet", false)])
    func rule57_presentingAsksTheDelegateByStyle(_ style: String, _ asked: Bool) throws {
        try RuleScript(prelude: Self.app).passes("""
            detail.modalPresentationStyle = "\(style)"
            home:present(detail, false)
            sim.run(1)
            assert(not logged():find("forPresented"), "a presentation that is not animated asks nothing")
            home:dismiss(false)
            sim.run(1)
            logged()
            home:present(detail, true)
            sim.run(1)
            local l = logged()
            assert((l:find("forPresented true true true", 1, true) ~= nil) == \(asked), l)
            home:dismiss(true)
            sim.run(1)
            l = logged()
            assert((l:find("forDismissed true", 1, true) ~= nil) == \(asked), l)
            """)
    }

    @Test func rule57_theNavigationDelegateIsAskedForPushesAndPops() throws {
        try RuleScript(prelude: Self.navApp).passes("""
            local asked = {}
            local Asking = NSObject:subclass("Asking")
            function Asking:navigationController_animationControllerFor(n, operation, from, to)
              asked[#asked + 1] = operation .. " " .. tostring(n == nav) .. " " .. tostring(from) .. " " .. tostring(to)
              return nil
            end
            nav.delegate = sim.hold(Asking())
            local b = UIViewController()
            nav:pushViewController(b, true)
            sim.run(1)
            assert(b.view.window == window, "nil means the default transition")
            nav:popViewController(true)
            sim.run(1)
            nav:pushViewController(UIViewController(), false)
            assert(#asked == 2, "a transition that is not animated asks nothing")
            assert(asked[1] == "push true " .. tostring(a) .. " " .. tostring(b), asked[1])
            assert(asked[2] == "pop true " .. tostring(b) .. " " .. tostring(a), asked[2])
            """)
    }

    @Test func rule58_completeTransitionNotTheDurationEndsTheTransition() throws {
        let sandbox = try RuleScript(prelude: Self.app).passes("""
            how.completes = false
            detail.modalPresentationStyle = "fullScreen"
            local done = 0
            home:present(detail, true, function() done = done + 1 end)
            assert(logged() == "forPresented true true true, viewDidLoad, viewWillAppear, duration, animate", "synchronously, after the will callbacks")
            assert(home.transitionCoordinator.transitionDuration == 0.5, "the animator's duration")
            sim.run(10)
            assert(logged() == "" and done == 0, "no end without completeTransition")
            assert(sim.alive(context.animator) and context:viewController("from") == home and context:viewController("to") == detail)
            assert(tostring(context.containerView):find("^UITransitionView"), "a transition view")
            assert(context.containerView.superview == window, "on top of the window")
            assert(context:finalFrame(detail) == window.bounds and context:initialFrame(home) == window.bounds)
            assert(context:finalFrame(home) == CGRect(0, 0, 0, 0))
            assert(context.isAnimated and not context.isInteractive and not context.transitionWasCancelled)
            context:completeTransition(true)
            assert(logged() == "viewDidAppear, ended true" and done == 1, "did callbacks, animationEnded, the completion")
            context:completeTransition(true)
            assert(logged() == "" and done == 1, "a second call does nothing")
            assert(home.transitionCoordinator == nil)
            context = nil
            sim.run(1)
            """)
        #expect(sandbox.heap.warnings.isEmpty)
    }

    @Test func rule58_aPushContextUsesTheContentViewAndUIKitNeverAddsTheIncomingView() throws {
        try RuleScript(prelude: Self.navApp).passes("""
            local ctx
            offer(function(self, c) ctx = c c:completeTransition(true) end)
            local b = UIViewController()
            nav:pushViewController(b, true)
            assert(ctx.containerView == nav.view and ctx:view("from") == a.view and ctx:view("to") == b.view)
            sim.run(1)
            assert(nav.topViewController == b and b.view.window == nil, "the pushed view is out of the window")
            assert(a.view.window == nil, "the outgoing view left")
            ctx = nil
            """)
    }

    @Test func rule59_fullScreenMovesThePresentersViewIntoTheContainerAndCustomLeavesIt() throws {
        try RuleScript(prelude: Self.app).passes("""
            detail.modalPresentationStyle = "fullScreen"
            how.completes = false
            home:present(detail, true)
            assert(context:view("from") == home.view and home.view.superview == context.containerView, "moved in")
            assert(context:view("to") == detail.view)
            context:completeTransition(true)
            assert(home.view.window == nil, "removed at completeTransition(true)")
            home:dismiss(false)
            sim.run(1)
            assert(home.view.superview == window, "back after the dismissal")
            context = nil
            logged()
            local homeLog = {}
            local Home = UIViewController:subclass("Home")
            function Home:viewWillDisappear() homeLog[#homeLog + 1] = "willDisappear" end
            function Home:viewWillAppear() homeLog[#homeLog + 1] = "willAppear" end
            home = Home()
            window.rootViewController = home
            sim.run(1)
            homeLog = {}
            detail.modalPresentationStyle = "custom"
            home:present(detail, true)
            assert(context:view("from") == nil, "custom: no from view")
            assert(home.view.superview == window, "the presenter's view stays in the window")
            context:completeTransition(true)
            assert(home.view.window == window and #homeLog == 0, "and gets no appearance callbacks")
            home:dismiss(true)
            sim.run(1)
            assert(#homeLog == 0, table.concat(homeLog, " "))
            context = nil
            """)
    }

    @Test func rule59_anAnimatorThatForgetsTheIncomingViewLeavesABlackScreen() throws {
        try RuleScript(prelude: Self.app).passes("""
            how.addsTo = false
            detail.modalPresentationStyle = "fullScreen"
            home:present(detail, true)
            sim.run(1)
            assert(sim.screen().black, "black")
            assert(detail.view.window == nil and home.presentedViewController == detail)
            assert(logged():find("viewDidAppear", 1, true), "viewDidAppear ran")
            home:dismiss(false)
            sim.run(1)
            assert(not sim.screen().black)
            -- custom: the presenter stays on screen under the empty container, taking the touches.
            local button = UIButton(CGRect(0, 0, 390, 844))
            home.view:addSubview(button)
            assert(sim.tap(button))
            detail.modalPresentationStyle = "custom"
            home:present(detail, true)
            sim.run(1)
            assert(detail.view.window == nil and home.view.window == window and not sim.screen().black)
            assert(sim.tap(button), "touches pass through the empty transition view")
            detail.modalPresentationStyle = "fullScreen"
            home:dismiss(false)
            sim.run(1)
            how.addsTo = true
            home:present(detail, false)
            sim.run(1)
            assert(not sim.tap(button), "a full-screen presentation covers it")
            """)
    }

    @Test func rule59_theViewForKeyIsIOS8API() throws {
        try RuleScript(prelude: Self.app, ios: 7).passes("""
            how.completes = false
            detail.modalPresentationStyle = "fullScreen"
            home:present(detail, true)
            local ok, e = pcall(function() return context:view("to") end)
            assert(not ok and tostring(e):find("unrecognized selector", 1, true), tostring(e))
            local ok2, e2 = pcall(function() return context:viewController("sideways") end)
            assert(not ok2 and tostring(e2):find('"from" or "to"', 1, true), tostring(e2))
            context:completeTransition(true)
            context = nil
            """)
    }

    @Test(arguments: [(17, "custom", false), (8, "custom", false), (7, "custom", true), (17, "fullScreen", true)])
    func rule60_aCustomDismissalTakesThePresentersViewWithTheContainer(_ ios: Int, _ style: String, _ restored: Bool) throws {
        try RuleScript(prelude: Self.app, ios: ios).passes("""
            detail.modalPresentationStyle = "\(style)"
            home:present(detail, true)
            sim.run(1)
            function Animator:animateTransition(ctx)
              if \(ios) >= 8 then assert((ctx:view("to") == nil) == ("\(style)" == "custom"), "view(to) by style") end
              ctx.containerView:insertSubview(ctx:viewController("to").view, 0)   -- as iOS 7 animators did
              ctx:completeTransition(true)
            end
            home:dismiss(true)
            sim.run(1)
            assert((home.view.window == window) == \(restored), tostring(home.view.window))
            assert(sim.screen().black == not \(restored))
            if not \(restored) then
              UIApplication.shared.keyWindow:addSubview(home.view)     -- the seed's fix
              assert(not sim.screen().black)
            end
            """)
    }

    @Test func rule61_aTransitionNeverCompletedBlocksTouchesForGood() throws {
        let sandbox = try RuleScript(prelude: Self.app).passes("""
            how.completes = false
            detail.modalPresentationStyle = "fullScreen"
            local button = UIButton(CGRect(0, 0, 390, 844))
            window:addSubview(button)
            home:present(detail, true)
            sim.run(60)
            assert(UIApplication.shared.isIgnoringInteractionEvents and not sim.tap(button))
            assert(not logged():find("viewDidAppear", 1, true))
            assert(#sim.leaks() == 0, "everything is reachable from the transition in flight")
            local other = UIViewController()
            detail:present(other, false)
            home:dismiss(false)
            sim.run(1)
            assert(detail.presentedViewController == nil and home.presentedViewController == detail, "both refused")
            context:completeTransition(false)
            assert(context.transitionWasCancelled)
            assert(home.presentedViewController == nil and detail.presentingViewController == nil, "cancelled")
            assert(not UIApplication.shared.isIgnoringInteractionEvents and sim.tap(button))
            assert(home.view.superview == window, "the presenter's view is back")
            detail = nil context = nil
            sim.run(1)
            """)
        let s = sandbox.sim
        #expect(s.heap.warnings.count == 2)
        #expect(s.heap.warnings.first?.hasSuffix(" while a presentation is in progress!") == true)
        #expect(s.heap.warnings.last?.hasPrefix("Attempt to dismiss from view controller <") == true)
        #expect(s.heap.warnings.last?.hasSuffix(" while a presentation or dismiss is in progress!") == true)
    }

    @Test func rule61_touchesAreIgnoredDuringEveryNonInteractiveAnimatedTransition() throws {
        try RuleScript(prelude: RuleScript.keyWindowApp).passes("""
            local nav = UINavigationController(UIViewController())
            window.rootViewController = nav
            sim.run(1)
            local button = UIButton(CGRect(0, 0, 390, 844))
            window:addSubview(button)
            assert(sim.tap(button))
            nav:pushViewController(UIViewController(), true)
            assert(UIApplication.shared.isIgnoringInteractionEvents and not sim.tap(button), "during the push")
            sim.run(1)
            assert(not UIApplication.shared.isIgnoringInteractionEvents and sim.tap(button), "after it")
            nav:pushViewController(UIViewController(), false)
            assert(not UIApplication.shared.isIgnoringInteractionEvents, "not for one that is not animated")
            sim.run(1)
            """)
    }

    @Test func rule61_aCancelledCustomPushLeavesTheStackUnchanged() throws {
        try RuleScript(prelude: Self.navApp).passes("""
            local ctx
            offer(function(self, c) ctx = sim.hold(c) c.containerView:addSubview(c:view("to")) end)
            local b = UIViewController()
            nav:pushViewController(b, true)
            local ok, e = pcall(nav.pushViewController, nav, UIViewController(), true)
            assert(not ok and tostring(e):find("Can't add self as subview", 1, true), "rule 19's nested transition")
            ctx:completeTransition(false)
            assert(#nav.viewControllers == 1 and nav.topViewController == a and b.parent == nil, "stack unchanged")
            assert(b.view.window == nil and a.view.window == window)
            ctx = nil b = nil
            sim.run(1)
            """)
    }
}
