import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua

/// Rule 80: `UIAlertController` is an ordinary presentation in the presenter's window.
/// Rule 81: the legacy `UIAlertView` and `UIActionSheet` show in a private window of their
/// own at the alert level, through a `UIAlertController` from iOS 8.
@Suite struct AlertRulesTests {
    static let app = RuleScript.keyWindowApp + "\n" + """
        local log = {}
        local Screen = UIViewController:subclass("LoggingScreen")
        for _, name in ipairs({ "viewWillDisappear", "viewDidDisappear", "viewWillAppear", "viewDidAppear" }) do
          Screen[name] = function(self, animated) log[#log + 1] = name end
        end
        local function alert(title)
          local a = UIAlertController(title or "Title", "Message", "alert")
          a:addAction(UIAlertAction("OK", "default", function(action) log[#log + 1] = "handler " .. action.title end))
          return a
        end
        """

    @Test(arguments: [8, 12, 17])
    func rule80_anAlertIsPresentedInThePresentersWindow(_ ios: Int) throws {
        try RuleScript(prelude: Self.app, ios: ios).passes("""
            local s = Screen()
            window.rootViewController = s
            sim.run(1)
            log = {}
            local windows = #UIApplication.shared.windows
            local a = alert()
            s:present(a, true, nil)
            sim.run(1)
            assert(s.presentedViewController == a and a.presentingViewController == s)
            assert(a.view.window == window, "in the presenter's window")
            assert(UIApplication.shared.keyWindow == window, "key status does not move")
            assert(#UIApplication.shared.windows == windows, "no window of its own")
            assert(s.view.window == window, "the presenter's view stays")
            assert(#log == 0, "the presenter gets no disappear callbacks: " .. table.concat(log, ", "))
            assert(sim.hitTest(10, 10):isKind(UIView))
            sim.tap(a, "OK")
            sim.run(0)                                   -- the dismissal ends with the turn
            assert(table.concat(log, ", ") == "handler OK", table.concat(log, ", "))
            assert(s.presentedViewController == nil and not sim.alive(a), "nothing else kept the alert")
            assert(UIApplication.shared.keyWindow == window)
            assert(#sim.leaks() == 0)
            """)
    }

    /// The presentation rules of any presentation hold for an alert (rule 15's checks and
    /// warnings, rule 61's transition in flight).
    @Test(arguments: [
        ("s:present(alert(), false); s:present(alert('second'), false)", "which is already presenting"),
        ("UIViewController():present(alert(), false)", "whose view is not in the window hierarchy"),
        ("s:present(alert(), true); s:present(alert('second'), true)", "already presenting"),
    ])
    func rule80_thePresentationRulesApply(_ code: String, _ warning: String) throws {
        try RuleScript(prelude: Self.app).passes("""
            local s = Screen()
            window.rootViewController = s
            sim.run(1)
            \(code)
            assert(sim.trace():find("\(warning)", 1, true), sim.trace(8))
            """)
    }

    @Test func rule80_aTapBeforeThePresentationEndsIsRefused() throws {
        try RuleScript(prelude: Self.app).passes("""
            local a = alert()
            screen:present(a, true, nil)
            local ok, err = pcall(sim.tap, a, "OK")
            assert(not ok and tostring(err):find("is still being presented or dismissed", 1, true), tostring(err))
            sim.run(1)
            sim.tap(a, "OK")
            sim.run(0)
            assert(log[1] == "handler OK")
            """)
    }

    @Test func rule80_iOS7HasNoAlertController() throws {
        try RuleScript(prelude: Self.app, ios: 7).passes("""
            local ok, err = pcall(UIAlertController, "T", "M", "alert")
            assert(not ok and tostring(err):find("UIAlertController", 1, true), tostring(err))
            ok = pcall(UIAlertAction, "OK", "default", nil)
            assert(not ok)
            """)
    }

    /// A root swap under a presented alert is the root swap while presenting of rule 16: the
    /// old root and its alert outlive the swap exactly as with any custom presentation.
    @Test(arguments: [8, 17])
    func rule80_aRootSwapUnderAnAlertIsARootSwapWhilePresenting(_ ios: Int) throws {
        try RuleScript(prelude: Self.app, ios: ios).passes("""
            local function swap(make)
              local old = UIViewController()
              window.rootViewController = old
              sim.run(1)
              local presented = make()
              old:present(presented, false, nil)
              sim.run(1)
              window.rootViewController = UIViewController()
              local oldBox, presentedBox = sim.weak(old), sim.weak(presented)
              old, presented = nil, nil
              sim.run(3)
              return oldBox.value ~= nil, presentedBox.value ~= nil
            end
            local customOld, customPresented = swap(function()
              local custom = UIViewController()
              custom.modalPresentationStyle = "custom"
              return custom
            end)
            local alertOld, alertPresented = swap(alert)
            assert(customOld == alertOld and customPresented == alertPresented,
              tostring(customOld) .. " " .. tostring(alertOld) .. " " .. tostring(customPresented) .. " " .. tostring(alertPresented))
            assert(alertOld, "on iOS 8 and later the old root outlives the swap")
            """)
    }

    static let alertViewApp = RuleScript.keyWindowApp + "\n" + """
        local Delegate = NSObject:subclass("AlertDelegate")
        local log = {}
        function Delegate:willPresentAlertView(a) log[#log + 1] = "willPresent" end
        function Delegate:didPresentAlertView(a) log[#log + 1] = "didPresent" end
        function Delegate:alertView_clickedButtonAt(a, i) log[#log + 1] = "clicked " .. i end
        function Delegate:alertView_willDismissWithButtonIndex(a, i) log[#log + 1] = "willDismiss " .. i end
        function Delegate:alertView_didDismissWithButtonIndex(a, i) log[#log + 1] = "didDismiss " .. i end
        """

    @Test(arguments: [7, 8, 12, 17])
    func rule81_anAlertViewShowsInAWindowOfItsOwn(_ ios: Int) throws {
        try RuleScript(prelude: Self.alertViewApp, ios: ios).passes("""
            local d = sim.hold(Delegate())
            local a = UIAlertView("Title", "Message", d, "Cancel", "OK")
            assert(a.cancelButtonIndex == 0 and a.numberOfButtons == 2 and a:buttonTitle(1) == "OK")
            assert(a:addButton("Later") == 2)
            assert(not a.isVisible)
            a:show()
            local w = a.alertWindow
            local windowClass = \(ios) >= 8 and "_UIAlertControllerShimPresenterWindow" or "_UIModalItemHostingWindow"
            assert(tostring(w):find(windowClass, 1, true), tostring(w))
            assert(NSClassFromString(windowClass) ~= nil and w:isKind(NSClassFromString(windowClass)))
            assert(w.windowLevel == UIWindow.Level.alert and UIApplication.shared.keyWindow == w and a.isVisible)
            if \(ios) >= 8 then
              local ac = a.alertController
              assert(w.rootViewController.presentedViewController == ac and ac.view.window == w)
              assert(ac.title == "Title" and ac.message == "Message" and #ac.actions == 3 and ac.actions[1].style == "cancel")
            else
              assert(a.alertController == nil)
            end
            a = sim.label(a, "alert")
            local weakWindow = sim.label(w, "window")
            w = nil
            sim.drain()
            assert(sim.alive(a) and sim.why(a):find("[shown alert view]", 1, true), sim.why(a))
            sim.tap(a, "OK")
            assert(table.concat(log, ", ") == "willPresent, didPresent, clicked 1, willDismiss 1, didDismiss 1", table.concat(log, ", "))
            sim.drain()
            assert(not sim.alive(a) and not sim.alive(weakWindow))
            assert(UIApplication.shared.keyWindow == window, "key status returns (rule 4)")
            assert(#sim.leaks() == 0)
            """)
    }

    @Test func rule81_theAlertViewsDelegateIsWeakAndMistakesAreClear() throws {
        try RuleScript(prelude: Self.alertViewApp).passes("""
            local d = Delegate()
            local a = sim.hold(UIAlertView("T", nil, d, "OK"))
            a:show()
            d = nil
            sim.drain()
            assert(a.delegate == nil)
            local ok, err = pcall(sim.tap, a, "Nope")
            assert(not ok and tostring(err):find('has no button titled "Nope"; its buttons: "OK"', 1, true), tostring(err))
            sim.tap(a, "OK")
            assert(not a.isVisible and UIApplication.shared.keyWindow == window)
            ok, err = pcall(sim.tap, a, "OK")
            assert(not ok and tostring(err):find("is not presented: there is nothing to tap", 1, true), tostring(err))
            """)
    }
}

/// Rule 79: before iOS 9 the legacy alerts' delegates are `assign`: a delegate that went is
/// still the delegate, and the next message to it is the zombie's crash; from iOS 9 it reads
/// nil and nothing is told. Setting it to nil in the delegate's deinit was the era's fix.
@Suite struct LegacyAlertDelegateRulesTests {
    static let app = RuleScript.keyWindowApp + "\n" + """
        local Delegate = NSObject:subclass("LegacyDelegate")
        function Delegate:actionSheet_clickedButtonAtIndex(s, i) end
        function Delegate:alertView_clickedButtonAt(a, i) end
        local function make(kind, d)
          if kind == "sheet" then return UIActionSheet("T", d, "Cancel", nil) end
          return UIAlertView("T", nil, d, "Cancel")
        end
        local function show(kind, item) if kind == "sheet" then item:show(screen.view) else item:show() end end
        """

    @Test(arguments: [("sheet", "actionSheet:clickedButtonAtIndex:"), ("alert", "alertView:clickedButtonAtIndex:")])
    func rule79_onIOS8AClickToADelegateThatWentIsAZombie(_ kind: String, _ selector: String) throws {
        try RuleScript(prelude: Self.app, ios: 8).passes("""
            local item = sim.hold(make("\(kind)", Delegate()))
            show("\(kind)", item)
            sim.drain()                                   -- the delegate goes; the property still points at it
            local ok, err = pcall(sim.tap, item, "Cancel")
            assert(not ok and err.name == "EXC_BAD_ACCESS", tostring(err))
            assert(err.reason:match("^%-%[LegacyDelegate \(selector)%]: message sent to deallocated instance #%d+$"), err.reason)
            """)
    }

    @Test(arguments: ["sheet", "alert"])
    func rule79_fromIOS9TheDelegateReadsNil(_ kind: String) throws {
        try RuleScript(prelude: Self.app, ios: 9).passes("""
            local item = sim.hold(make("\(kind)", Delegate()))
            show("\(kind)", item)
            sim.drain()
            assert(item.delegate == nil)
            sim.tap(item, "Cancel")
            assert(not item.isVisible)
            """)
    }

    @Test(arguments: ["sheet", "alert"])
    func rule79_onIOS8NilInDeinitAvoidsTheCrash(_ kind: String) throws {
        try RuleScript(prelude: Self.app, ios: 8).passes("""
            local Careful = Delegate:subclass("CarefulDelegate", { item = "weak" })
            function Careful:deinit() if self.item then self.item.delegate = nil end end
            local d = Careful()
            local item = sim.hold(make("\(kind)", d))
            d.item = item
            show("\(kind)", item)
            d = nil
            sim.drain()
            sim.tap(item, "Cancel")
            assert(not item.isVisible)
            """)
    }
}
