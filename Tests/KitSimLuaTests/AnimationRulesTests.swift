import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua
import KitSimReport

/// SPEC rules 43–45 and 51: `UIView.animate`, animations a view loses with its window,
/// Core Animation's copies and delegates, and `UIViewPropertyAnimator`.
@Suite struct AnimationRulesTests {
    /// Runs `code` after a prelude with a key window on screen, `box(x)` (a new view in
    /// it), `note(format, …)` (appends to the log) and `logged()` (the log so far).
    func run(_ code: String, ios: Int = 17) throws -> Outcome {
        var c = Simulator.Configuration()
        c.ios = ios
        let sandbox = try LuaSandbox(configuration: c)
        return sandbox.run(chunk: """
            local window = UIWindow(UIScreen.main.bounds)
            UIApplication.shared.delegate.window = window
            window:makeKeyAndVisible()
            local function box(x) local v = UIView(CGRect(x or 0, 0, 10, 10)); window:addSubview(v); return v end
            local log = {}
            local function note(format, ...) log[#log + 1] = string.format(format, ...) end
            local function logged() return table.concat(log, " ") end
            \(code)
            sim.verify()
            """, name: "=t")
    }

    func passes(_ code: String, ios: Int = 17, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let outcome = try run(code, ios: ios)
        #expect(outcome.status == .passed, "\(outcome.message ?? "")", sourceLocation: sourceLocation)
    }

    // MARK: Rule 43

    @Test func rule43_animationsRunAtOnceAndUIKitKeepsTheCompletionUntilTheEnd() throws {
        try passes("""
            local Screen = UIViewController:subclass("Screen")
            local v = box()
            sim.run(1)
            local screen = Screen()
            UIView.animate(2, function() v.alpha = 0.5; v.center = CGPoint(50, 50) end,
                           sim.block{ strong = { screen }, function(self, finished) note("done %g %s %s", sim.now, tostring(finished), tostring(self)) end })
            assert(v.alpha == 0.5 and v.frame.x == 45 and v.center.y == 50, "model values change before animate returns")
            sim.drain()
            local why = sim.why(screen)
            assert(why:find("[animation in flight] NSBlock#", 1, true), why)
            sim.run(1.5)
            assert(logged() == "", logged())
            sim.run(1)
            assert(logged() == "done 3 true Screen#" .. tostring(screen):match("#(%d+)"), logged())
            assert(not sim.alive(screen), "called once, the completion is released, and with it what it captured")
            """)
    }

    @Test func rule43_theDelayAndSpringFormsEndAtNowPlusDelayPlusDuration() throws {
        try passes("""
            local a, b, c = box(0), box(20), box(40)
            UIView.animate_delay(1, 0.5, { "curveEaseIn", "beginFromCurrentState" }, function() a.backgroundColor = "red" end,
                                 function(finished) note("delay %g %s", sim.now, tostring(finished)) end)
            UIView.animate_usingSpringWithDamping(0.25, 0, 0.7, 1, "allowUserInteraction", function() b.transform = "scale 2" end,
                                                  function(finished) note("spring %g %s", sim.now, tostring(finished)) end)
            UIView.animate_delay(1, 0, nil, function() c.bounds = CGRect(0, 0, 30, 30) end)
            sim.run(2)
            assert(logged() == "spring 0.25 true delay 1.5 true", logged())
            assert(a.backgroundColor == "red" and b.transform == "scale 2" and c.frame.width == 30)
            """)
    }

    @Test func rule43_withNothingToAnimateTheCompletionGetsTrueInTheNextTurn() throws {
        try passes("""
            local v = box()
            local loose = UIView(CGRect(0, 0, 10, 10))                   -- in no window
            UIView.animate(1, function() end, function(f) note("nothing %g %s", sim.now, tostring(f)) end)
            UIView.animate(1, function() v.alpha = 1 end, function(f) note("equal %g %s", sim.now, tostring(f)) end)
            UIView.animate(1, function() loose.alpha = 0 end, function(f) note("loose %g %s", sim.now, tostring(f)) end)
            UIView.animate(0, function() v.alpha = 0 end, function(f) note("zero %g %s", sim.now, tostring(f)) end)
            assert(logged() == "", "not before animate returns: " .. logged())
            assert(loose.alpha == 0 and v.alpha == 0)
            sim.run(0)
            assert(logged() == "nothing 0 true equal 0 true loose 0 true zero 0 true", logged())
            """)
    }

    @Test func rule43_endsGoInTimeOrderAndTiesInSchedulingOrder() throws {
        try passes("""
            local v = box()
            sim.after(1, function() note("after") end)
            UIView.animate(1, function() v.alpha = 0.5 end, function(f) note("first %s", tostring(f)) end)
            UIView.animate(1, function() v.alpha = 0.2 end, function(f) note("second %s", tostring(f)) end)
            UIView.animate(0.5, function() v.frame = CGRect(5, 5, 10, 10) end, function(f) note("short %s", tostring(f)) end)
            sim.run(2)
            -- Animations of one property add up: the second does not cut the first short.
            assert(logged() == "short true after first true second true", logged())
            """)
    }

    @Test func rule43_aRepeatingAnimationNeverEndsByItself() throws {
        try passes("""
            local Screen = UIViewController:subclass("Screen")
            local v = box()
            local screen = Screen()
            UIView.animate_delay(1, 0, { "repeat", "autoreverse" }, function() v.alpha = 0 end,
                                 sim.block{ strong = { screen }, function(self, f) note("end %g %s", sim.now, tostring(f)) end })
            sim.run(100)
            assert(logged() == "" and sim.alive(screen), logged())
            assert(sim.why(screen):find("[animation in flight]", 1, true), sim.why(screen))
            v.layer:removeAllAnimations()
            sim.run(0)
            assert(logged() == "end 100 false", logged())
            assert(not sim.alive(screen))
            """)
    }

    @Test func rule43_badArgumentsAreLuaErrors() throws {
        try passes("""
            local function fails(expected, f, ...)
              local ok, e = pcall(f, ...)
              assert(not ok and tostring(e):find(expected, 1, true), tostring(e))
            end
            fails("bad argument #2 to 'animate' (function expected, got nil)", UIView.animate, 1, nil)
            fails("bad argument #1 to 'animate' (number expected, got string)", UIView.animate, "1", function() end)
            fails("bad argument #3 to 'animate_delay' (\\"repeat\\", \\"autoreverse\\", \\"curveEaseInOut\\", \\"curveEaseIn\\", \\"curveEaseOut\\", \\"curveLinear\\", \\"allowUserInteraction\\" or \\"beginFromCurrentState\\" expected at index 2, got \\"spin\\")",
                  UIView.animate_delay, 1, 0, { "repeat", "spin" }, function() end)
            fails("bad argument #3 to 'animate_delay' (\\"repeat\\", \\"autoreverse\\", \\"curveEaseInOut\\", \\"curveEaseIn\\", \\"curveEaseOut\\", \\"curveLinear\\", \\"allowUserInteraction\\" or \\"beginFromCurrentState\\" expected, got \\"bounce\\")",
                  UIView.animate_delay, 1, 0, "bounce", function() end)
            fails("or an array of them expected, got number)", UIView.animate_delay, 1, 0, 7, function() end)
            fails("bad argument #6 to 'animate_usingSpringWithDamping' (function expected, got nil)",
                  UIView.animate_usingSpringWithDamping, 1, 0, 0.5, 0, {}, nil)
            fails("bad argument #7 to 'animate_usingSpringWithDamping' (function expected, got number)",
                  UIView.animate_usingSpringWithDamping, 1, 0, 0.5, 0, {}, function() end, 3)
            -- An error in the animations block reaches the caller; its completion is let go.
            local Screen = UIViewController:subclass("Screen")
            local screen = Screen()
            local ok, e = pcall(UIView.animate, 1, function() error("boom") end, sim.block{ strong = { screen }, function() end })
            assert(not ok and tostring(e):find("boom", 1, true), tostring(e))
            sim.drain()
            assert(not sim.alive(screen))
            """)
    }

    // MARK: Rule 44

    @Test func rule44_aViewThatLeavesItsWindowLosesItsAnimationsAtOnce() throws {
        try passes("""
            local container = box()
            local inner = UIView(CGRect(0, 0, 5, 5))
            container:addSubview(inner)
            local other = box(20)
            sim.run(1)
            UIView.animate(5, function() inner.alpha = 0 end, function(f) note("inner %g %s", sim.now, tostring(f)) end)
            UIView.animate(5, function() inner.alpha = 0.5; other.alpha = 0.5 end, function(f) note("both %g %s", sim.now, tostring(f)) end)
            sim.run(1)
            container:removeFromSuperview()                    -- an ancestor leaves the window
            assert(logged() == "", "completions run in the layout pass, not inside removeFromSuperview")
            sim.run(0)
            assert(logged() == "inner 2 false", logged())
            sim.run(5)
            -- The other view's animation ran to its end; one was removed, so finished is false.
            assert(logged() == "inner 2 false both 6 false", logged())
            -- Moving a view into a view in no window takes it out of the window too.
            local detached = UIView()
            UIView.animate(5, function() other.frame = CGRect(0, 0, 1, 1) end, function(f) note("moved %g %s", sim.now, tostring(f)) end)
            detached:addSubview(other)
            sim.run(0)
            assert(log[3] == "moved 7 false", logged())
            """)
    }

    @Test func rule44_removeAllAnimationsAndADeallocatedWindowEndThemWithFinishedFalse() throws {
        try passes("""
            local v = box()
            UIView.animate(3, function() v.alpha = 0.1 end, function(f) note("removed %g %s", sim.now, tostring(f)) end)
            sim.run(1)
            v.layer:removeAllAnimations()
            sim.run(0)
            assert(logged() == "removed 1 false", logged())
            -- A window that deallocates takes its views' animations with it.
            local other = sim.hold(UIWindow(CGRect(0, 0, 100, 100)))
            other.isHidden = false
            local kept = sim.hold(UIView(CGRect(0, 0, 10, 10)))
            other:addSubview(kept)
            UIView.animate(3, function() kept.alpha = 0 end, function(f) note("window %g %s", sim.now, tostring(f)) end)
            sim.release(other)
            sim.drain()                                        -- the window goes at the drain, after this turn's layout pass
            assert(not sim.alive(other) and sim.alive(kept))
            sim.run(0)                                         -- so the completion runs in the next one
            assert(logged() == "removed 1 false window 1 false", logged())
            sim.release(kept)
            """)
    }

    @Test func rule44_aPoppedControllerGoesAtThePopButAToastOnTheWindowKeepsItToTheEnd() throws {
        try passes("""
            local nav = UINavigationController(UIViewController())
            window.rootViewController = nav
            sim.run(1)
            local Detail = UIViewController:subclass("Detail")
            local inside = Detail()
            nav:pushViewController(inside, false)
            sim.run(1)
            local spinner = UIView(CGRect(0, 0, 10, 10))
            inside.view:addSubview(spinner)
            UIView.animate(5, function() spinner.alpha = 0 end,
                           sim.block{ strong = { inside }, function(self, f) note("inside %g %s", sim.now, tostring(f)) end })
            nav:popViewController(false)
            sim.run(0)
            assert(logged() == "inside 2 false", logged())
            assert(not sim.alive(inside), "released at the end of the pop: " .. sim.why(inside))
            local toasted = Detail()
            nav:pushViewController(toasted, false)
            sim.run(1)
            local toast = box()
            UIView.animate(5, function() toast.alpha = 0 end,
                           sim.block{ strong = { toasted }, function(self, f) note("toast %g %s", sim.now, tostring(f)) end })
            nav:popViewController(false)
            sim.run(1)
            assert(sim.alive(toasted) and sim.why(toasted):find("[animation in flight] NSBlock#", 1, true), sim.why(toasted))
            sim.run(4)
            assert(logged() == "inside 2 false toast 8 true", logged())
            assert(not sim.alive(toasted))
            """)
    }

    // MARK: Rule 45

    @Test func rule45_theLayerKeepsACopyThatKeepsTheDelegateUntilItsEnd() throws {
        try passes("""
            local Screen = UIViewController:subclass("Screen")
            function Screen:animationDidStart(anim) note("start %g %s", sim.now, tostring(anim)) end
            function Screen:animationDidStop(anim, finished) note("stop %g %s %s", sim.now, tostring(anim), tostring(finished)) end
            local v = box()
            local layer = v.layer
            assert(layer == v.layer and layer.delegate == v, "made on first access and kept")
            local screen = Screen()
            local anim = CABasicAnimation("opacity")
            anim.duration = 2
            anim.delegate = screen
            layer:add(anim, "fade")
            local copy = layer:animation("fade")
            assert(copy ~= anim and copy.keyPath == "opacity" and copy.delegate == screen and copy.duration == 2)
            assert(layer:animationKeys()[1] == "fade" and #layer:animationKeys() == 1)
            local copyName = tostring(copy)
            anim = nil
            sim.run(0)
            local why = sim.why(screen)
            assert(why:find('CALayer#' .. tostring(layer):match("#(%d+)") .. '.animations["fade"] (strong) → CABasicAnimation#', 1, true), why)
            assert(logged() == "start 0 " .. copyName, "didStart in the layout pass of the add: " .. logged())
            sim.run(3)
            assert(logged() == "start 0 " .. copyName .. " stop 2 " .. copyName .. " true", logged())
            assert(layer:animationKeys() == nil and not sim.alive(copy) and not sim.alive(screen))
            """)
    }

    @Test func rule45_removedOrReplacedTheDelegateHearsFinishedFalse() throws {
        try passes("""
            local D = NSObject:subclass("D")
            function D:animationDidStop(anim, finished) note("%s %g %s", anim.keyPath, sim.now, tostring(finished)) end
            local layer = box().layer
            local function add(path, key)
              local a = CABasicAnimation(path); a.duration = 10; a.delegate = D(); layer:add(a, key)
            end
            add("a", "one")
            add("b", "two")
            add("c", "one")                                    -- replaces the first
            add("d", nil)                                      -- no key: not in animationKeys
            local keys = layer:animationKeys()
            assert(#keys == 2 and keys[1] == "two" and keys[2] == "one", table.concat(keys, ","))
            sim.run(1)
            assert(logged() == "a 0 false", logged())
            layer:removeAnimation("two")
            layer:removeAnimation("nothing")
            sim.run(0)
            assert(logged() == "a 0 false b 1 false", logged())
            layer:removeAllAnimations()
            sim.run(0)
            assert(logged() == "a 0 false b 1 false c 1 false d 1 false", logged())
            assert(layer:animationKeys() == nil)
            sim.run(20)
            assert(#log == 4, "nothing ends twice")
            """)
    }

    @Test func rule45_anAnimationNotRemovedOnCompletionStaysWhileTheLayerLives() throws {
        try passes("""
            local Spinner = UIViewController:subclass("Spinner")
            function Spinner:animationDidStop(anim, finished) note("stop %g %s", sim.now, tostring(finished)) end
            local container = sim.hold(box())                  -- its layer outlives its time in the window
            local spinner = Spinner()
            local anim = CABasicAnimation("transform.rotation")
            anim.duration = 1
            anim.isRemovedOnCompletion = false
            anim.delegate = spinner
            container.layer:add(anim, "spin")
            sim.run(2)
            assert(logged() == "stop 1 true" and container.layer:animation("spin") ~= nil, logged())
            container:removeFromSuperview()                    -- not removed with the window
            sim.run(5)
            assert(logged() == "stop 1 true" and container.layer:animation("spin") ~= nil, logged())
            container.layer:removeAnimation("spin")            -- told once already
            sim.run(0)
            assert(logged() == "stop 1 true" and not sim.alive(spinner), logged())
            -- A repeating one on a view that leaves the window: removed, unless kept.
            local v = sim.hold(box())
            local watcher = Spinner()
            local kept, removed = CABasicAnimation("a"), CABasicAnimation("b")
            for _, a in ipairs({ kept, removed }) do a.repeatCount = math.huge; a.delegate = watcher end
            kept.isRemovedOnCompletion = false
            v.layer:add(kept, "kept")
            v.layer:add(removed, "removed")
            sim.run(100)
            v:removeFromSuperview()
            sim.run(0)
            local keys = v.layer:animationKeys()
            assert(#keys == 1 and keys[1] == "kept", table.concat(keys, ","))
            assert(logged() == "stop 1 true stop 107 false", logged())
            v.layer:removeAllAnimations()
            sim.run(0)
            assert(logged() == "stop 1 true stop 107 false stop 107 false", logged())
            sim.release(container)
            sim.release(v)
            """)
    }

    @Test func rule45_aControllerThatIsItsOwnAnimationsDelegateIsARetainCycle() throws {
        try passes("""
            local Spinner = UIViewController:subclass("Spinner")
            function Spinner:viewDidLoad()
              UIViewController.viewDidLoad(self)
              local a = CABasicAnimation("transform.rotation")
              a.repeatCount = math.huge
              a.isRemovedOnCompletion = false
              a.delegate = self
              self.view.layer:add(a, "spin")
            end
            local s = Spinner()
            window.rootViewController = s
            sim.run(1)
            window.rootViewController = UIViewController()
            sim.run(3)
            assert(sim.alive(s))
            local cycles = sim.cycles()
            assert(#cycles == 1, #cycles)
            assert(cycles[1].message:find('Spinner#%d+%.view %(strong%) → UIView#%d+%.layer %(strong%) → CALayer#%d+%.animations%["spin"%] %(strong%) → CABasicAnimation#%d+%.delegate %(strong%) → Spinner#%d+'),
                   cycles[1].message)
            s.view.layer:removeAllAnimations()
            sim.run(0)
            assert(not sim.alive(s))
            """)
    }

    @Test func rule45_aPropertyAnimatorKeepsItsBlocksAndIsKeptWhileItRuns() throws {
        try passes("""
            local Screen = UIViewController:subclass("Screen")
            local v = box()
            local screen = Screen()
            local animator = UIViewPropertyAnimator(2, "easeInOut", function() v.alpha = 0 end)
            assert(animator.state == "inactive" and not animator.isRunning and animator.duration == 2 and v.alpha == 1)
            animator:addAnimations(function() v.frame = CGRect(1, 1, 10, 10) end)
            animator:addCompletion(sim.block{ strong = { screen }, function(self, position) note("a %g %s", sim.now, position) end })
            animator:addCompletion(function(position) note("b %g %s", sim.now, position) end)
            animator:startAnimation()
            assert(v.alpha == 0 and v.frame.x == 1 and animator.state == "active" and animator.isRunning)
            sim.drain()                                        -- a handle owns nothing: UIKit keeps it
            local why = sim.why(screen)
            assert(why:find("%[animation in flight%] UIViewPropertyAnimator#%d+%.completions%[1%] %(strong%) → NSBlock#"), why)
            sim.run(1)
            assert(animator.fractionComplete == 0.5, animator.fractionComplete)
            sim.run(2)
            assert(logged() == "a 2 end b 2 end", logged())
            assert(not sim.alive(screen) and not sim.alive(animator), "finished, it lets go of its blocks and UIKit of it")
            """)
    }

    @Test func rule45_pauseStopAndFinish() throws {
        try passes("""
            local v = box()
            local a = sim.hold(UIViewPropertyAnimator(4, "linear", function() v.alpha = 0 end))
            a:addCompletion(function(position) note("%g %s", sim.now, position) end)
            a:pauseAnimation()
            assert(a.state == "active" and not a.isRunning and v.alpha == 0, "pausing an inactive one starts it paused")
            a:startAnimation()
            sim.run(1)
            a:pauseAnimation()
            assert(a.fractionComplete == 0.25, a.fractionComplete)
            sim.run(10)
            a.fractionComplete = 0.5
            a:startAnimation()
            sim.run(1.5)
            assert(logged() == "", logged())
            sim.run(0.5)
            assert(logged() == "13 end", logged())
            -- Stopped, it waits for finishAnimation(at); without finishing, no completion.
            a:addCompletion(function(position) note("%g %s", sim.now, position) end)
            a:startAnimation()
            a:stopAnimation(false)
            assert(a.state == "stopped" and not a.isRunning)
            local ok, e = pcall(a.startAnimation, a)
            assert(ok and a.state == "stopped", "a stopped animator does not restart")
            a:finishAnimation("start")
            assert(a.state == "inactive" and logged() == "13 end 13 start", logged())
            a:addCompletion(function(position) note("never") end)
            a:startAnimation(1)
            a:stopAnimation(true)
            assert(a.state == "inactive" and a.completions == nil)
            sim.run(10)
            assert(logged() == "13 end 13 start", logged())
            ok, e = pcall(a.finishAnimation, a, "end")
            assert(not ok and e.name == "NSInternalInconsistencyException"
                   and e.reason == "finishAnimationAtPosition: should only be called on a stopped animator!", tostring(e))
            ok, e = pcall(a.finishAnimation, a, "middle")
            assert(not ok and tostring(e):find([[bad argument #1 to 'finishAnimation' ("end", "start" or "current" expected, got "middle")]], 1, true), tostring(e))
            ok, e = pcall(UIViewPropertyAnimator, 1, "bouncy")
            assert(not ok and tostring(e):find([[bad argument #2 to 'UIViewPropertyAnimator' ("easeInOut", "easeIn", "easeOut" or "linear" expected, got "bouncy")]], 1, true), tostring(e))
            sim.release(a)
            """)
    }

    @Test func rule45_releasingAPausedOrStoppedAnimatorRaises() throws {
        let reason = "It is an error to release a paused or stopped property animator. Property animators must either finish animating or be explicitly stopped and finished before they can be released."
        for setup in ["a:pauseAnimation()", "a:startAnimation() a:stopAnimation(false)"] {
            let outcome = try run("""
                local a = UIViewPropertyAnimator(1, "linear", nil)
                \(setup)
                sim.drain()
                """)
            #expect(outcome.crash?.name == "NSInternalInconsistencyException", "\(outcome.message ?? "")")
            #expect(outcome.crash?.reason == reason, "\(outcome.message ?? "")")
        }
        // Inactive, finished or stopped without finishing, it goes quietly.
        try passes("""
            UIViewPropertyAnimator(1, "linear", nil)
            local b = UIViewPropertyAnimator(0, "easeIn", nil)
            b:startAnimation()
            local c = UIViewPropertyAnimator(1, "easeOut", nil)
            c:pauseAnimation(); c:stopAnimation(true)
            sim.run(1)
            assert(not sim.alive(b) and not sim.alive(c))
            """)
    }

    // MARK: Rule 51

    @Test func rule51_propertyAnimatorIsIOS10Plus() throws {
        let old = try run("UIViewPropertyAnimator(1, 'linear', nil)", ios: 9)
        #expect(old.crash?.name == "NSInvalidArgumentException")
        #expect(old.crash?.reason == "UIViewPropertyAnimator is not available on iOS 9 (introduced in iOS 10)", "\(old.message ?? "")")
        try passes("assert(UIViewPropertyAnimator(1, 'linear', nil).state == 'inactive')", ios: 10)
    }
}
