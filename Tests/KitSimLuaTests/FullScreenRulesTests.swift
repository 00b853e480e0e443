import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua

/// Rule 82: a full-screen presentation removes the presenter's views from the window once it
/// completes, and its dismissal puts them back as it starts; the other styles leave them.
@Suite struct FullScreenRulesTests {
    static let app = RuleScript.keyWindowApp + "\n" + """
        local Screen = UIViewController:subclass("CheckingScreen")
        local seen = {}
        function Screen:viewWillAppear(animated) seen[#seen + 1] = "willAppear in window: " .. tostring(self.view.window ~= nil) end
        local nav = UINavigationController(Screen())
        window.rootViewController = nav
        sim.run(1)
        local presenter = nav.topViewController
        local function present(style, animated)
          local p = UIViewController()
          p.modalPresentationStyle = style
          presenter:present(p, animated, nil)
          return p
        end
        """

    @Test(arguments: [(8, false), (8, true), (17, false), (17, true), (7, false)])
    func rule82_fullScreenRemovesThePresentersViewsUntilTheDismissal(_ ios: Int, _ animated: Bool) throws {
        try RuleScript(prelude: Self.app, ios: ios).passes("""
            local p = present("fullScreen", \(animated))
            if \(animated) then
              assert(nav.view.window == window, "still in the window while the presentation animates")
            end
            sim.run(1)
            assert(nav.view.window == nil and presenter.view.window == nil, "the context's view left the window")
            assert(p.view.window == window)
            for _, c in ipairs(sim.screen().visibleControllers) do assert(c ~= nav and c ~= presenter, "not on screen") end
            local hit = sim.hitTest(10, 300)
            assert(hit == p.view or hit:isDescendant(p.view), tostring(hit))
            sim.run(5)
            assert(#sim.leaks() == 0, "a covered presenter is not abandoned")
            seen = {}
            presenter:dismiss(\(animated), nil)
            assert(seen[1] == "willAppear in window: true", tostring(seen[1]))
            sim.run(1)
            assert(nav.view.window == window and not sim.alive(p))
            assert(window.subviews[1] == nav.view)
            """)
    }

    @Test(arguments: [("overFullScreen", 8), ("custom", 8), ("overCurrentContext", 12), ("pageSheet", 13), ("automatic", 13), ("formSheet", 17)])
    func rule82_otherStylesLeaveThePresentersViews(_ style: String, _ ios: Int) throws {
        try RuleScript(prelude: Self.app, ios: ios).passes("""
            local p = present("\(style)", false)
            sim.run(1)
            assert(nav.view.window == window, "\(style) leaves the presenter's view")
            assert(p.view.window == window)
            presenter:dismiss(false, nil)
            sim.run(1)
            assert(nav.view.window == window and window.subviews[1] == nav.view)
            """)
    }
}
