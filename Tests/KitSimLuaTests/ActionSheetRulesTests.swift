import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua

/// Rule 73: the legacy `UIActionSheet` — its button indices, the private window at the alert
/// level that UIKit keeps with the sheet while it is shown, the weak delegate and the
/// messages of a tap and a dismissal.
@Suite struct ActionSheetRulesTests {
    static let app = RuleScript.keyWindowApp + "\n" + """
        local Delegate = NSObject:subclass("SheetDelegate")
        local log = {}
        function Delegate:willPresentActionSheet(s) log[#log + 1] = "willPresent" end
        function Delegate:didPresentActionSheet(s) log[#log + 1] = "didPresent" end
        function Delegate:actionSheet_clickedButtonAtIndex(s, i) log[#log + 1] = "clicked " .. i end
        function Delegate:actionSheet_willDismissWithButtonIndex(s, i)
          log[#log + 1] = "willDismiss " .. i .. (s.isVisible and " visible" or "")
        end
        function Delegate:actionSheet_didDismissWithButtonIndex(s, i)
          log[#log + 1] = "didDismiss " .. i .. (s.isVisible and " visible" or "")
        end
        """

    @Test(arguments: [7, 8, 12, 17])
    func rule73_buttonIndicesAndTheShimWindow(_ ios: Int) throws {
        try RuleScript(prelude: Self.app, ios: ios).passes("""
            local d = sim.hold(Delegate())
            local sheet = UIActionSheet("Photo", d, "Cancel", "Delete")
            assert(sheet.destructiveButtonIndex == 0 and sheet.cancelButtonIndex == 1)
            assert(sheet:addButton("Share") == 2 and sheet.numberOfButtons == 3)
            assert(sheet:buttonTitle(2) == "Share" and sheet:buttonTitle(3) == nil)
            assert(not sheet.isVisible and sheet.alertWindow == nil)
            sheet:show(screen.view)
            local w = sheet.alertWindow
            -- Rule 81: from iOS 8 the shim window, whose root presents a UIAlertController
            -- with one action per button; on iOS 7 a window of its own without one.
            local windowClass = \(ios) >= 8 and "_UIAlertControllerShimPresenterWindow" or "_UIModalItemHostingWindow"
            assert(sheet.isVisible and w:isKind(UIWindow) and tostring(w):find(windowClass, 1, true), tostring(w))
            if \(ios) >= 8 then
              local ac = sheet.alertController
              assert(ac:isKind(UIAlertController) and w.rootViewController.presentedViewController == ac)
              assert(#ac.actions == 3 and ac.actions[1].style == "destructive" and ac.actions[2].style == "cancel")
              assert(ac.view.window == w)
            else
              assert(sheet.alertController == nil and w.rootViewController == nil)
            end
            assert(w.windowLevel == UIWindow.Level.alert and UIApplication.shared.keyWindow == w)
            assert(sim.screen().windows[1] == w, "the sheet's window is frontmost")
            sheet = sim.label(sheet, "sheet")
            local weakWindow = sim.label(w, "shim")
            w = nil
            sim.drain()
            assert(sim.alive(sheet), "UIKit keeps a shown sheet")
            assert(sim.why(sheet):find("[shown action sheet]", 1, true), sim.why(sheet))
            sheet:show(screen.view)                      -- showing a shown sheet does nothing
            assert(sheet.alertWindow == weakWindow)
            sim.tap(sheet, "Share")
            assert(table.concat(log, ", ") == "willPresent, didPresent, clicked 2, willDismiss 2 visible, didDismiss 2", table.concat(log, ", "))
            sim.drain()
            assert(not sim.alive(sheet) and not sim.alive(weakWindow), "both go once dismissed")
            assert(UIApplication.shared.keyWindow == window, "key status returns (rule 4)")
            assert(#sim.leaks() == 0)
            """)
    }

    @Test func rule73_theDelegateIsWeak() throws {
        try RuleScript(prelude: Self.app).passes("""
            local d = sim.label(Delegate(), "delegate")
            local sheet = sim.hold(UIActionSheet("Photo", d, "Cancel", nil))
            assert(sheet.cancelButtonIndex == 0 and sheet.destructiveButtonIndex == -1)
            sheet:show(screen.view)
            d = nil
            sim.drain()
            assert(sheet.delegate == nil, "the sheet did not keep its delegate")
            sim.tap(sheet, "Cancel")                     -- nobody is told; nothing crashes
            assert(#log == 2 and not sheet.isVisible, table.concat(log, ", "))
            """)
    }

    @Test func rule73_dismissWithoutAClick() throws {
        try RuleScript(prelude: Self.app).passes("""
            local d = sim.hold(Delegate())
            local sheet = sim.label(UIActionSheet("Photo", d, "Cancel", "Delete"), "sheet")
            sheet:show(screen.view)
            sheet:dismiss(1, false)
            assert(table.concat(log, ", ") == "willPresent, didPresent, willDismiss 1 visible, didDismiss 1", table.concat(log, ", "))
            sim.drain()
            assert(not sim.alive(sheet) and UIApplication.shared.keyWindow == window)
            """)
    }

    /// A tap names a button the sheet has, on a sheet that is shown: each mistake is a clear error.
    @Test(arguments: [
        ("sheet:show(screen.view); sim.tap(sheet, 'Share')",
         "bad argument #2 to 'tap' (<UIActionSheet: #"),
        ("sim.tap(sheet, 'Delete')", "is not presented: there is nothing to tap"),
        ("sim.tap(sheet, 3)", "bad argument #2 to 'tap' (button title expected, got number)"),
        ("sheet:show(nil)", "bad argument #1 to 'show' (UIView expected, got nil)"),
    ])
    func rule73_mistakesAreClearErrors(_ code: String, _ message: String) throws {
        let (_, outcome) = try RuleScript(prelude: Self.app).run("""
            local sheet = UIActionSheet("Photo", nil, "Cancel", "Delete")
            \(code)
            """)
        #expect(outcome.status == .scriptError || outcome.status == .crashed)
        #expect(outcome.message?.contains(message) == true, "\(outcome.message ?? "")")
    }
}
