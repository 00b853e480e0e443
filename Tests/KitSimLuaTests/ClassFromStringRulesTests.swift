import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua

/// Rule 77: `NSClassFromString(name)` finds every class by name, UIKit's private ones
/// included; the keyboard windows' classes are globals.
@Suite struct ClassFromStringRulesTests {
    @Test func rule77_everyClassByNamePrivateOnesAndSubclassesIncluded() throws {
        try RuleScript().passes("""
            assert(NSClassFromString("UIView") == UIView and NSClassFromString("NSObject") == NSObject)
            assert(NSClassFromString("UITextEffectsWindow") == UITextEffectsWindow)
            assert(NSClassFromString("UIRemoteKeyboardWindow") == UIRemoteKeyboardWindow)
            local shim = NSClassFromString("_UIAlertControllerShimPresenterWindow")
            assert(tostring(shim) == "class _UIAlertControllerShimPresenterWindow" and shim:isSubclass(UIWindow))
            assert(NSClassFromString("_UIAlertControllerShimPresenterWindow") == shim, "one table per class")
            assert(_UIAlertControllerShimPresenterWindow == nil, "a private class is no global")
            local Mine = UIViewController:subclass("MineViewController")
            assert(NSClassFromString("MineViewController") == Mine)
            assert(NSClassFromString("UIViewControllerr") == nil and NSClassFromString("") == nil)
            """)
    }

    /// The keyboard windows UIKit makes are instances of the classes the globals name, so a
    /// script can tell them from the app's windows by class, as apps do with
    /// `NSClassFromString`.
    @Test(arguments: [(12, "UIRemoteKeyboardWindow"), (16, "UITextEffectsWindow")])
    func rule77_theKeyboardWindowsAreInstancesOfTheGlobals(_ ios: Int, _ last: String) throws {
        try RuleScript(prelude: RuleScript.keyWindowApp, ios: ios).passes("""
            local field = UITextField(CGRect(10, 100, 200, 30))
            screen.view:addSubview(field)
            field:becomeFirstResponder()
            local ws = UIApplication.shared.windows
            assert(ws[#ws]:isKind(NSClassFromString("\(last)")) and ws[#ws]:isKind(UITextEffectsWindow))
            local appWindows = 0
            for _, w in ipairs(ws) do
              if not w:isKind(UITextEffectsWindow) then appWindows = appWindows + 1 end
            end
            assert(appWindows == 1)
            """)
    }

    /// A class newer than the profile is missing from an older device's runtime, so the
    /// check apps make before using it answers nil; the global stays (rule 51).
    @Test(arguments: [(12, "UIWindowScene", false), (13, "UIWindowScene", true), (7, "WKWebView", false), (8, "WKWebView", true),
                      (9, "UIViewPropertyAnimator", false), (10, "UIViewPropertyAnimator", true)])
    func rule77_aClassNewerThanTheProfileIsNil(_ ios: Int, _ name: String, _ found: Bool) throws {
        try RuleScript(ios: ios).passes("""
            assert((NSClassFromString("\(name)") == \(name)) == \(found) and \(name) ~= nil)
            assert((NSClassFromString("\(name)") == nil) == \(!found))
            """)
    }

    @Test func rule77_aClassNotMadeYetIsMadeByTheLookUp() throws {
        let sandbox = try LuaSandbox()
        #expect(!sandbox.sim.heap.isMaterialized("_UIAlertControllerShimPresenterWindow"))
        #expect(sandbox.run(chunk: "assert(NSClassFromString('_UIAlertControllerShimPresenterWindow'))", name: "=t").status == .passed)
        #expect(sandbox.sim.heap.isMaterialized("_UIAlertControllerShimPresenterWindow"))
    }

    /// What the look-up opens to scripts: making UIKit's private classes and using what they
    /// declare never breaks the model, whatever the result.
    @Test func rule77_privateClassesMadeByAScriptKeepTheModelConsistent() throws {
        let names = Simulator.declarations.filter { !$0.interface.isGlobal }.map(\.name)
        #expect(names.contains("UITransitionView") && names.contains("_UIViewControllerTransitionCoordinator"))
        let list = names.map { "\"\($0)\"" }.joined(separator: ", ")
        try RuleScript(prelude: RuleScript.keyWindowApp).passes("""
            local made = {}
            for _, name in ipairs({ \(list) }) do
              local ok, o = pcall(NSClassFromString(name))
              assert(ok, tostring(o))
              made[#made + 1] = sim.hold(o)
              if o:isKind(UIView) then screen.view:addSubview(o) end
              if o:isKind(UIWindow) then o:makeKeyAndVisible() end
              for _, m in ipairs({ "animate", "completeTransition", "invalidate", "viewController", "view", "hitTest" }) do
                if o:responds(m) then pcall(function() return o[m](o) end) end
              end
            end
            sim.run(1)
            sim.tap(screen.view)
            sim.screen()
            sim.verify()
            for _, o in ipairs(made) do sim.release(o) end
            sim.run(1)
            """)
    }

    @Test(arguments: [
        ("NSClassFromString()", "bad argument #1 to 'NSClassFromString' (string expected, got no value)"),
        ("NSClassFromString(nil)", "bad argument #1 to 'NSClassFromString' (string expected, got nil)"),
        ("NSClassFromString(UIView)", "bad argument #1 to 'NSClassFromString' (string expected, got table)"),
    ])
    func rule77_mistakesAreClearErrors(_ code: String, _ message: String) throws {
        let (_, outcome) = try RuleScript().run(code)
        #expect(outcome.status == .scriptError)
        #expect(outcome.message?.contains("t:1: " + message) == true, "\(outcome.message ?? "")")
    }
}
