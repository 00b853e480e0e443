import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua

/// Rule 84: a presentation asked of a child is made by its presentation context (its topmost
/// ancestor, or for a current-context style the nearest ancestor that defines the context);
/// a child's `presentedViewController` and `presentingViewController` answer through its
/// ancestors; the presentation keeps the context, not the child.
@Suite struct PresentationContextRulesTests {
    static let app = RuleScript.keyWindowApp + "\n" + """
        local root = UIViewController()
        local nav = UINavigationController(root)
        window.rootViewController = nav
        sim.run(1)
        local child = UIViewController()
        nav:pushViewController(child, false)
        sim.run(1)
        """

    @Test(arguments: [8, 12, 17])
    func rule84_aChildPresentsThroughItsContext(_ ios: Int) throws {
        try RuleScript(prelude: Self.app, ios: ios).passes("""
            local modal = UINavigationController(UIViewController())
            modal.modalPresentationStyle = "fullScreen"
            child:present(modal, false, nil)
            sim.run(1)
            assert(modal.presentingViewController == nav, tostring(modal.presentingViewController))
            assert(nav.presentedViewController == modal)
            assert(child.presentedViewController == modal, "a child answers through its ancestors")
            assert(modal.topViewController.presentingViewController == nav, "so does the presented one's child")
            assert(modal.topViewController.presentedViewController == nil)
            child:dismiss(false, nil)                     -- a child's dismissal is its context's
            sim.run(1)
            assert(nav.presentedViewController == nil and child.presentedViewController == nil)
            assert(#sim.leaks() == 0)
            """)
    }

    @Test(arguments: [(true, "nav"), (false, "tabs")])
    func rule84_aCurrentContextPresentationFindsTheControllerThatDefinesIt(_ defines: Bool, _ expected: String) throws {
        try RuleScript(prelude: RuleScript.keyWindowApp, ios: 17).passes("""
            local inner = UIViewController()
            local nav = UINavigationController(inner)
            nav.definesPresentationContext = \(defines)
            local tabs = UITabBarController()
            tabs:setViewControllers({ nav, UIViewController() }, false)
            window.rootViewController = tabs
            sim.run(1)
            local over = UIViewController()
            over.modalPresentationStyle = "overCurrentContext"
            inner:present(over, false, nil)
            sim.run(1)
            assert(over.presentingViewController == \(expected), tostring(over.presentingViewController))
            """)
    }

    /// The issue's false report: a child that presented, then left its stack, is not kept by
    /// the presentation, which keeps its context.
    @Test(arguments: [8, 17])
    func rule84_aChildThatPresentedLeavesItsStackFreely(_ ios: Int) throws {
        try RuleScript(prelude: Self.app, ios: ios).passes("""
            local popped = sim.label(child, "child")
            child = nil
            local modal = UIViewController()
            modal.modalPresentationStyle = "overFullScreen"
            popped:present(modal, false, nil)
            sim.run(1)
            nav:popViewController(false)
            popped = sim.weak(popped)
            sim.run(3)
            assert(popped.value == nil, "the presentation keeps the navigation controller, not the child")
            assert(#sim.leaks() == 0)
            assert(nav.presentedViewController == modal)
            """)
    }

    @Test func rule84_theWarningNamesTheContextAndTheChild() throws {
        try RuleScript(prelude: Self.app).passes("""
            child:present(UIViewController(), false, nil)
            sim.run(1)
            child:present(UIViewController(), false, nil)
            assert(sim.trace(4):find("on <UINavigationController: #", 1, true) and sim.trace(4):find("(from <UIViewController: #", 1, true), sim.trace(4))
            """)
    }
}
