import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua

/// SPEC rules 62–65: text fields, the first responder and UIKit's keyboard windows.
@Suite struct KeyboardRulesTests {
    static let app = RuleScript.keyWindowApp + "\n" + """
        local field = UITextField(CGRect(10, 100, 200, 30))
        local function names()
          local out = {}
          for _, w in ipairs(UIApplication.shared.windows) do out[#out + 1] = tostring(w):match("^[%a_]+") .. "@" .. w.windowLevel end
          return table.concat(out, " ")
        end
        """

    @Test func rule62_oneFirstResponderOnlyInsideAVisibleWindow() throws {
        try RuleScript(prelude: Self.app).passes("""
            assert(field:becomeFirstResponder() == false and not field.isFirstResponder, "in no window")
            screen.view:addSubview(field)
            assert(field:becomeFirstResponder() and field.isFirstResponder)
            local other = UITextField(CGRect(10, 200, 200, 30))
            screen.view:addSubview(other)
            assert(other:becomeFirstResponder() and not field.isFirstResponder, "one at a time")
            assert(screen.view:endEditing(true) and not other.isFirstResponder)
            assert(screen.view:endEditing(true) == false, "nothing left to end")
            field.text = "hi" field.delegate = screen
            sim.drain()
            assert(field.text == "hi" and field.delegate == screen)
            """)
    }

    @Test(arguments: [(8, "UIWindow@0 UITextEffectsWindow@1"), (9, "UIWindow@0 UITextEffectsWindow@1 UIRemoteKeyboardWindow@10000000"),
                      (15, "UIWindow@0 UITextEffectsWindow@1 UIRemoteKeyboardWindow@10000000"), (16, "UIWindow@0 UITextEffectsWindow@1")])
    func rule63_64_theKeyboardWindowsByProfile(_ ios: Int, _ expected: String) throws {
        try RuleScript(prelude: Self.app, ios: ios).passes("""
            assert(names() == "UIWindow@0", names())
            screen.view:addSubview(field)
            field:becomeFirstResponder()
            assert(names() == "\(expected)", names())
            local last = UIApplication.shared.windows[#UIApplication.shared.windows]
            assert(not last.isHidden and sim.why(last):find("[keyboard", 1, true), sim.why(last))
            -- A view added to windows.last shows while the keyboard is up, and is gone from
            -- the screen with it, still owned by that window.
            local toast = UIView(CGRect(0, 0, 100, 40))
            last:addSubview(toast)
            field:resignFirstResponder()
            sim.run(0.2)
            assert(not last.isHidden, "hidden only 0.25 s after the resign")
            sim.run(0.1)
            assert(last.isHidden and sim.alive(toast) and toast.window == last)
            assert(UIApplication.shared.windows[1] == window, "windows[1] (seed 002's fix) is unaffected")
            field:becomeFirstResponder()
            assert(names() == "\(expected)", "reused, not made again")
            sim.configure{ ios = \(ios) }
            assert(names() == "UIWindow@0", "sim.configure discards them")
            """)
    }

    @Test func rule65_keyboardWindowsNeverBecomeKeyAndPassTouchesThrough() throws {
        try RuleScript(prelude: Self.app, ios: 12).passes("""
            screen.view:addSubview(field)
            field:becomeFirstResponder()
            local ws = UIApplication.shared.windows
            for i = 2, #ws do ws[i]:makeKey() ws[i]:makeKeyAndVisible() end
            assert(UIApplication.shared.keyWindow == window, "keyWindow stays the app's window")
            assert(sim.hitTest(100, 115) == field, "a touch on nothing of theirs passes through")
            local cover = UIView(CGRect(0, 0, 390, 844))
            ws[#ws]:addSubview(cover)
            assert(sim.hitTest(100, 115) == cover, "their own subviews are hit")
            assert(#sim.screen().windows == 3, "listed on screen while shown")
            window.isHidden = true
            assert(UIApplication.shared.keyWindow == nil, "key status never passes to them (rule 4)")
            """)
    }
}
