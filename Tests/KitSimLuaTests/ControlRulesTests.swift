import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua
import KitSimReport

/// SPEC rules 36 and 37: target–action, gesture recognizers and `sim.tap` on controls
/// and views.
@Suite struct ControlRulesTests {
    /// A key window showing `Screen`, whose view holds a button at (10, 100).
    static let app = """
        local window = UIWindow(UIScreen.main.bounds)
        UIApplication.shared.delegate.window = window
        local Screen = UIViewController:subclass("Screen")
        local log = {}
        local function note(s) log[#log + 1] = s end
        local function seen() return table.concat(log, ",") end
        local screen = Screen()
        window.rootViewController = screen
        window:makeKeyAndVisible()
        sim.run(0)
        local button = UIButton(CGRect(10, 100, 100, 44))
        screen.view:addSubview(button)
        local Helper = NSObject:subclass("Helper")
        function Helper:buttonTapped(sender) note("helper") end
        """

    func run(_ code: String, ios: Int = 17) throws -> Outcome { try RuleScript(prelude: Self.app, ios: ios).run(code).outcome }

    func passes(_ code: String, ios: Int = 17, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        try RuleScript(prelude: Self.app, ios: ios).passes(code, sourceLocation: sourceLocation)
    }

    @Test func rule36_theControlDoesNotRetainItsTargetsAndSendsInRegistrationOrder() throws {
        try passes("""
            local helper = Helper()
            button:addTarget(helper, "buttonTapped", "touchUpInside")
            function Screen:down(sender) note("down:" .. tostring(sender == button)) end
            button:addTarget(screen, "down", { "touchDown" })
            button:addTarget(screen, "down", "allTouchEvents")        -- the same pair: events added
            assert(#button.allTargets == 2 and button.allTargets[1] == helper)
            local a = button:actions(screen, "touchDown")
            assert(#a == 1 and a[1] == "down" and button:actions(helper, "touchDown") == nil)
            assert(sim.tap(button))
            assert(seen() == "down:true,helper,down:true", seen())
            sim.drain()
            assert(not sim.alive(helper), "the control does not keep its target")
            assert(#button.allTargets == 1, "allTargets lists live targets only")
            log = {}
            button:sendActions("touchUpInside")                      -- the zeroed pair: nobody up the chain responds
            assert(seen() == "down:true", seen())
            button:removeTarget(nil, nil, nil)
            assert(#button.allTargets == 0 and button:actions(screen, "touchDown") == nil)
            """)
    }

    @Test func rule36_aNilTargetGoesUpTheResponderChain() throws {
        try passes("""
            button:addTarget(nil, "save", "touchUpInside")
            function Screen:save(sender) note("screen") end
            assert(sim.tap(button) and seen() == "screen", "the view's controller, after its view")
            button:removeTarget(nil, nil, nil)
            button:addTarget(nil, "nobodyHasThis", "touchUpInside")
            assert(sim.tap(button) and seen() == "screen", "nobody responds: the action goes nowhere")
            """)
    }

    @Test func rule36_aTapNeedsAnEnabledVisibleHitTestableControlInAWindow() throws {
        try passes("""
            button:addTarget(screen, "tapped", "touchUpInside")
            function Screen:tapped() note("tap") end
            assert(sim.tap(button))
            button.isEnabled = false
            assert(not sim.tap(button)) button.isEnabled = true
            button.isHidden = true
            assert(not sim.tap(button)) button.isHidden = false
            local cover = UIView(CGRect(0, 0, 390, 400))
            screen.view:addSubview(cover)
            assert(not sim.tap(button), "covered at its centre") cover:removeFromSuperview()
            local loose = UIButton(CGRect(0, 0, 10, 10))
            loose:addTarget(screen, "tapped", "touchUpInside")
            assert(not sim.tap(loose), "in no window")
            assert(seen() == "tap", seen())
            local cases = {
              { function() button:addTarget(screen, nil, "touchUpInside") end, "bad argument #2 to 'addTarget' (string expected, got nil)" },
              { function() button:addTarget(screen, "x", "touchUp") end, "bad argument #3 to 'addTarget' (\\"touchDown\\", " },
              { function() button:addTarget(screen, "x", { "touchDown", 5 }) end, "expected at index 2, got 5)" },
              { function() button:addTarget(screen, "x", nil) end, "bad argument #3 to 'addTarget' (UIControl.Event or an array of them expected, got nil)" },
              { function() sim.tap(NSObject()) end, "bad argument #1 to 'tap' (UITabBarController, UIAlertController, UIActionSheet, UIControl or UIView expected, got NSObject)" },
            }
            for i, c in ipairs(cases) do
              local ok, e = pcall(c[1])
              assert(not ok and tostring(e):find(c[2], 1, true), i .. ": " .. tostring(e))
            end
            """)
    }

    @Test func rule36_onIOS8ADeallocatedTargetIsAZombie() throws {
        let outcome = try run("""
            button:addTarget(Helper(), "buttonTapped", "touchUpInside")
            sim.drain()
            sim.tap(button)
            """, ios: 8)
        #expect(outcome.crash?.reason.hasPrefix("-[Helper buttonTapped:]: message sent to deallocated instance #") == true,
                "\(outcome.message ?? "")")
    }

    @Test func rule37_theViewKeepsItsRecognizersNotTheirTargets() throws {
        try passes("""
            local Target = NSObject:subclass("Target")
            local r
            function Target:handleTap(sender) note("tap:" .. tostring(sender == r)) end
            local target = sim.hold(Target())
            local card = UIView(CGRect(0, 300, 100, 100))
            screen.view:addSubview(card)
            assert(card.gestureRecognizers == nil, "none: nil (rule 27)")
            r = UITapGestureRecognizer(target, "handleTap")
            r:addTarget(target, "handleTap")                          -- already added: ignored
            card:addGestureRecognizer(r)
            assert(r.view == card and card.gestureRecognizers[1] == r)
            sim.drain()
            assert(sim.why(r):find("UIView#", 1, true) and sim.why(r):find(".gestureRecognizers[1] (strong)", 1, true), sim.why(r))
            local inner = UIView(CGRect(10, 10, 10, 10))
            card:addSubview(inner)
            assert(sim.tap(inner), "the nearest view up with a tap recognizer")
            assert(seen() == "tap:true", seen())
            -- Moving it to another view; removing it releases it.
            local other = UIView(CGRect(0, 500, 50, 50))
            screen.view:addSubview(other)
            other:addGestureRecognizer(r)
            assert(card.gestureRecognizers == nil and r.view == other)
            other:removeGestureRecognizer(r)
            sim.drain()
            assert(not sim.alive(r) and other.gestureRecognizers == nil)
            assert(not sim.tap(card), "nothing to recognize")
            -- The recognizer does not keep its target.
            local lone = UITapGestureRecognizer(Target(), "handleTap")
            card:addGestureRecognizer(lone)
            sim.drain()
            log = {}
            assert(sim.tap(card) and seen() == "", "the target is gone: nothing is called")
            sim.release(target)
            """)
    }

    @Test func rule37_onlyTheFirstRecognizerFiresUnlessADelegateAllowsBoth() throws {
        try passes("""
            local T = NSObject:subclass("T")
            function T:one(r) note("one") end
            function T:two(r) note("two") end
            local t = sim.hold(T())
            local card = UIView(CGRect(0, 300, 100, 100))
            screen.view:addSubview(card)
            local first, second = UITapGestureRecognizer(t, "one"), UITapGestureRecognizer(t, "two")
            card:addGestureRecognizer(first)
            card:addGestureRecognizer(second)
            assert(sim.tap(card) and seen() == "one", seen())
            function T:gestureRecognizer_shouldRecognizeSimultaneouslyWith(a, b) return true end
            second.delegate = t
            log = {}
            assert(sim.tap(card) and seen() == "one,two", seen())
            first.isEnabled = false
            log = {}
            assert(sim.tap(card) and seen() == "two", seen())
            -- A control's own actions win over a tap recognizer on its ancestor.
            function T:pressed() note("pressed") end
            local b = UIButton(CGRect(10, 10, 40, 40))
            card:addSubview(b)
            b:addTarget(t, "pressed", "touchUpInside")
            log = {}
            assert(sim.tap(b) and seen() == "pressed", seen())
            sim.release(t)
            """)
        let outcome = try run("""
            local T = NSObject:subclass("T")
            function T:handleTap() end
            local card = UIView(CGRect(0, 300, 100, 100))
            screen.view:addSubview(card)
            card:addGestureRecognizer(UITapGestureRecognizer(T(), "handleTap"))
            sim.drain()
            sim.tap(card)
            """, ios: 8)
        #expect(outcome.crash?.reason.hasPrefix("-[T handleTap:]: message sent to deallocated instance #") == true, "\(outcome.message ?? "")")
    }
}
