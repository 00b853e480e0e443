import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua

/// SPEC rules 52–56: rotation — the device and interface orientations, the deciding
/// controller, iOS 8's coordinated transition with swapping bounds, iOS 7's rotated root
/// views, and `NSFoundationVersionNumber` for seed 004's `compatibleBounds`.
@Suite struct RotationRulesTests {
    /// A key window showing `screen`, a controller whose answers a test sets:
    /// `answers[vc] = { autorotate = false, mask = "portrait" }` (mask `"all"` unless set).
    static let app = """
        local answers = {}
        local Rotating = UIViewController:subclass("Rotating")
        function Rotating:shouldAutorotate()
          local a = answers[self]
          if a and a.autorotate ~= nil then return a.autorotate end
          return true
        end
        function Rotating:supportedInterfaceOrientations()
          local a = answers[self]
          if a and a.mask ~= nil then return a.mask end
          return "all"
        end
        local window = UIWindow(UIScreen.main.bounds)
        UIApplication.shared.delegate.window = window
        local screen = Rotating()
        window.rootViewController = screen
        window:makeKeyAndVisible()
        sim.run(0)
        local function status() return UIApplication.shared.statusBarOrientation end
        local function rect(r) return string.format("%g,%g,%g,%g", r.x, r.y, r.width, r.height) end
        """

    func passes(_ code: String, ios: Int = 17, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        try RuleScript(prelude: Self.app, ios: ios).passes(code, sourceLocation: sourceLocation)
    }

    // MARK: rule 52

    @Test(arguments: [("landscapeLeft", "landscapeRight"), ("landscapeRight", "landscapeLeft"),
                      ("portraitUpsideDown", "portraitUpsideDown"), ("portrait", "portrait")])
    func rule52_deviceLandscapeLeftIsInterfaceLandscapeRight(_ device: String, _ interface: String) throws {
        try passes("""
            assert(UIDevice.current.orientation == "portrait" and status() == "portrait", "both start in portrait")
            if "\(device)" == "portrait" then sim.rotateDevice("landscapeLeft") sim.run(1) end
            assert(sim.rotateDevice("\(device)") == "\(interface)", "returns statusBarOrientation afterwards")
            assert(status() == "\(interface)" and UIDevice.current.orientation == "\(device)", status())
            assert(UIDevice.current == UIDevice.current, "one device")
            """)
    }

    @Test(arguments: ["faceUp", "faceDown"])
    func rule52_faceUpAndFaceDownChangeOnlyTheDevice(_ face: String) throws {
        try passes("""
            sim.rotateDevice("landscapeLeft")
            sim.run(1)
            assert(sim.rotateDevice("\(face)") == "landscapeRight" and UIDevice.current.orientation == "\(face)")
            assert(rect(UIScreen.main.bounds) == "0,0,844,390" and screen.transitionCoordinator == nil, "nothing rotates")
            """)
    }

    @Test(arguments: [7, 8, 17])
    func rule52_eachProfileAndSimConfigureStartInPortrait(_ ios: Int) throws {
        try passes("""
            assert(status() == "portrait" and UIDevice.current.orientation == "portrait")
            sim.rotateDevice("landscapeRight")
            sim.configure{ ios = \(ios) }
            assert(status() == "portrait" and UIDevice.current.orientation == "portrait", "sim.configure starts in portrait")
            assert(rect(UIScreen.main.bounds) == "0,0,390,844" and rect(window.frame) == "0,0,390,844", rect(window.frame))
            assert(rect(screen.view.bounds) == "0,0,390,844", "the root view follows back: " .. rect(screen.view.bounds))
            assert(screen.transitionCoordinator == nil, "the rotation in flight ended")
            """, ios: ios)
    }

    @Test(arguments: [("\"sideways\"", "\"sideways\""), ("\"unknown\"", "\"unknown\""), ("3", "number"), ("nil", "nil")])
    func rule52_anUnknownNameIsABadArgumentNamingTheValidOnes(_ argument: String, _ got: String) throws {
        try passes("""
            local ok, e = pcall(sim.rotateDevice, \(argument))
            local expected = [[bad argument #1 to 'rotateDevice' ("portrait", "portraitUpsideDown", "landscapeLeft", "landscapeRight", "faceUp" or "faceDown" expected, got \(got))]]
            assert(not ok and tostring(e) == expected, tostring(e))
            assert(status() == "portrait" and UIDevice.current.orientation == "portrait", "nothing changed")
            """)
    }

    @Test(arguments: [(8, "viewWillTransition"), (7, "willRotate")])
    func rule52_turningTheDeviceWhileControllersAreToldIsRefused(_ ios: Int, _ callback: String) throws {
        try passes("""
            local err
            function Rotating:\(callback)() local ok, e = pcall(sim.rotateDevice, "portrait") err = tostring(e) end
            sim.rotateDevice("landscapeLeft")
            assert(err == "sim.rotateDevice was called while UIKit is telling controllers about a rotation (viewWillTransition, willRotate); turn the device after it", err)
            assert(status() == "landscapeRight" and UIDevice.current.orientation == "landscapeLeft", "the first turn completes")
            -- A profile change from the callback ends the turn there.
            function Rotating:\(callback)() sim.configure{ ios = \(ios) } end
            sim.run(1)
            sim.rotateDevice("landscapeRight")
            assert(status() == "portrait" and rect(UIScreen.main.bounds) == "0,0,390,844" and screen.transitionCoordinator == nil, status())
            """, ios: ios)
    }

    // MARK: rule 53

    @Test(arguments: [
        ("autorotate = false", "landscapeLeft", "portrait"),
        ("mask = \"portrait\"", "landscapeLeft", "portrait"),
        ("mask = \"landscape\"", "landscapeRight", "landscapeLeft"),
        ("mask = { \"portrait\", \"landscapeLeft\" }", "landscapeRight", "landscapeLeft"),
        ("mask = { \"portrait\", \"landscapeLeft\" }", "landscapeLeft", "portrait"),
        ("mask = \"allButUpsideDown\"", "portraitUpsideDown", "portrait"),
        ("mask = \"all\"", "portraitUpsideDown", "portraitUpsideDown"),
    ])
    func rule53_theDecidingControllerMayRefuseAndARefusalTurnsOnlyTheDevice(_ answer: String, _ device: String, _ interface: String) throws {
        try passes("""
            answers[screen] = { \(answer) }
            assert(sim.rotateDevice("\(device)") == "\(interface)", status())
            assert(UIDevice.current.orientation == "\(device)", "the device turned either way")
            """)
    }

    @Test func rule53_theDefaultsAreTrueAndAllButUpsideDown() throws {
        try RuleScript(prelude: RuleScript.keyWindowApp).passes("""
            assert(screen:shouldAutorotate() == true and screen:supportedInterfaceOrientations() == "allButUpsideDown")
            assert(sim.rotateDevice("portraitUpsideDown") == "portrait", "upside down is not in the default mask")
            assert(sim.rotateDevice("landscapeRight") == "landscapeLeft")
            """)
    }

    @Test func rule53_onlyAShouldAutorotateOfTrueAsksForTheMask() throws {
        try passes("""
            local asked = 0
            local Counting = Rotating:subclass("Counting")
            function Counting:supportedInterfaceOrientations() asked = asked + 1 return "all" end
            local vc = Counting()
            window.rootViewController = vc
            answers[vc] = { autorotate = false }
            sim.rotateDevice("landscapeLeft")
            assert(asked == 0, "not asked once the answer is no")
            answers[vc] = { autorotate = true }
            sim.rotateDevice("landscapeRight")
            assert(asked == 1 and status() == "landscapeLeft")
            """)
    }

    @Test func rule53_theFrontmostVisibleFullScreenWindowWithARootDecides() throws {
        try passes("""
            answers[screen] = { mask = "portrait" }
            -- A small window on top, with a root that would allow it: not full screen.
            local bar = UIWindow(CGRect(0, 0, 390, 20))
            bar.rootViewController = Rotating()
            bar.windowLevel = UIWindow.Level.statusBar
            bar.isHidden = false
            sim.hold(bar)
            assert(sim.rotateDevice("landscapeLeft") == "portrait", "the key window's portrait-only root decides")
            -- A hidden full-screen window does not decide, a visible one above does.
            local over = UIWindow(UIScreen.main.bounds)
            over.rootViewController = Rotating()
            sim.hold(over)
            assert(sim.rotateDevice("landscapeRight") == "portrait", "hidden")
            over.isHidden = false
            assert(sim.rotateDevice("landscapeLeft") == "landscapeRight", "the frontmost full-screen window decides")
            -- A window without a root decides nothing.
            answers[over.rootViewController] = { mask = "landscape" }
            local plain = UIWindow(UIScreen.main.bounds)
            plain.windowLevel = UIWindow.Level.alert
            plain.isHidden = false
            sim.hold(plain)
            assert(sim.rotateDevice("portrait") == "landscapeRight", "over's landscape-only root refuses portrait")
            """)
    }

    @Test(arguments: [(12, "portrait"), (13, "landscapeRight")])
    func rule53_theTopmostFullScreenPresentedControllerDecides(_ ios: Int, _ interface: String) throws {
        // iOS 12: `automatic` is full screen, so the presented portrait-only controller
        // decides; iOS 13: a page sheet, so the root (mask "all") does.
        try passes("""
            local modal = Rotating()
            answers[modal] = { mask = "portrait" }
            screen:present(modal, false)
            sim.run(0)
            assert(sim.rotateDevice("landscapeLeft") == "\(interface)", status())
            """, ios: ios)
    }

    @Test func rule53_navigationAndTabBarControllersAnswerForThemselves() throws {
        try passes("""
            local top = Rotating()
            answers[top] = { mask = "portrait", autorotate = false }
            local nav = UINavigationController(top)
            window.rootViewController = nav
            sim.run(0)
            assert(sim.rotateDevice("landscapeLeft") == "landscapeRight", "the navigation controller asks no child")
            sim.run(1)
            local tab = Rotating()
            answers[tab] = { mask = "portrait", autorotate = false }
            local tabs = UITabBarController()
            tabs:setViewControllers({ tab }, false)
            window.rootViewController = tabs
            sim.run(0)
            assert(sim.rotateDevice("landscapeRight") == "landscapeLeft", "nor does a tab bar controller")
            sim.run(1)
            -- A subclass that forwards makes the child decide.
            local Forwarding = UINavigationController:subclass("Forwarding")
            function Forwarding:supportedInterfaceOrientations() return self.topViewController:supportedInterfaceOrientations() end
            local forwarding = Forwarding(Rotating())
            answers[forwarding.topViewController] = { mask = "landscapeLeft" }
            window.rootViewController = forwarding
            sim.run(0)
            assert(sim.rotateDevice("portrait") == "landscapeLeft", "refused by the forwarded answer")
            """)
    }

    @Test func rule53_withoutADecidingWindowTheAppsOwnOrientationsApply() throws {
        try RuleScript().passes("""
            assert(sim.rotateDevice("landscapeLeft") == "landscapeRight")
            assert(sim.rotateDevice("portraitUpsideDown") == "landscapeRight", "allButUpsideDown")
            """)
    }

    @Test(arguments: [
        ("\"sideways\"", "supportedInterfaceOrientations must return \"portrait\", \"landscapeLeft\", \"landscapeRight\", \"portraitUpsideDown\", \"landscape\", \"all\" or \"allButUpsideDown\", got \"sideways\""),
        ("{ \"portrait\", 4 }", "supportedInterfaceOrientations must return \"portrait\", \"landscapeLeft\", \"landscapeRight\", \"portraitUpsideDown\", \"landscape\", \"all\" or \"allButUpsideDown\" at index 2, got 4"),
        ("3", "supportedInterfaceOrientations must return UIInterfaceOrientationMask or an array of them, got number"),
        ("nil", "supportedInterfaceOrientations must return UIInterfaceOrientationMask or an array of them, got nil"),
    ])
    func rule53_aMaskThatIsNoMaskIsAClearError(_ mask: String, _ message: String) throws {
        try passes("""
            function Rotating:supportedInterfaceOrientations() return \(mask) end
            local ok, e = pcall(sim.rotateDevice, "landscapeLeft")
            assert(not ok and tostring(e):find([[\(message)]], 1, true), tostring(e))
            assert(status() == "portrait")
            """)
    }

    @Test func rule53_anEmptyMaskIsUIKitsException() throws {
        try passes("""
            answers[screen] = { mask = {} }
            local ok, e = pcall(sim.rotateDevice, "landscapeLeft")
            assert(not ok and e.name == "UIApplicationInvalidInterfaceOrientation", tostring(e))
            assert(e.reason == "Supported orientations has no common orientation with the application, and [Rotating shouldAutorotate] is returning YES", e.reason)
            """)
    }

    // MARK: rule 54

    @Test func rule54_viewWillTransitionReachesEveryRootWithTheOldValuesStillReadable() throws {
        try passes("""
            local log = {}
            local Logging = Rotating:subclass("Logging")
            function Logging:viewWillTransition(size, coordinator)
              log[#log + 1] = string.format("%s %s %s %s %s", self.title, size, rect(UIScreen.main.bounds), status(),
                                            self.isViewLoaded and rect(self.view.bounds) or "-")
              assert(size == CGSize(844, 390) and coordinator == self.transitionCoordinator)
              UIViewController.viewWillTransition(self, size, coordinator)
            end
            local root = Logging() root.title = "root"
            window.rootViewController = root
            local child = Logging() child.title = "child"
            root:addChild(child)
            local grandchild = Logging() grandchild.title = "grandchild"
            child:addChild(grandchild)
            local second = Logging() second.title = "second"
            root:addChild(second)
            local modal = Logging() modal.title = "modal"
            root:present(modal, false)
            local hidden = UIWindow(UIScreen.main.bounds)
            local other = Logging() other.title = "hidden"
            hidden.rootViewController = other
            sim.hold(hidden)
            sim.run(0)
            sim.rotateDevice("landscapeLeft")
            local expected = {
              "root CGSize(844, 390) 0,0,390,844 portrait 0,0,390,844",
              "child CGSize(844, 390) 0,0,390,844 portrait -",
              "grandchild CGSize(844, 390) 0,0,390,844 portrait -",
              "second CGSize(844, 390) 0,0,390,844 portrait -",
              "modal CGSize(844, 390) 0,0,390,844 portrait 0,0,390,844",
              "hidden CGSize(844, 390) 0,0,390,844 portrait -",
            }
            assert(table.concat(log, "\\n") == table.concat(expected, "\\n"), table.concat(log, "\\n"))
            """)
    }

    @Test func rule54_anOverrideThatSkipsSuperStopsTheForwarding() throws {
        try passes("""
            local told = {}
            local Quiet = Rotating:subclass("Quiet")
            function Quiet:viewWillTransition(size, coordinator) told[#told + 1] = "quiet" end
            local Loud = Rotating:subclass("Loud")
            function Loud:viewWillTransition(size, coordinator) told[#told + 1] = "child" UIViewController.viewWillTransition(self, size, coordinator) end
            local root = Quiet()
            root:addChild(Loud())
            window.rootViewController = root
            sim.run(0)
            sim.rotateDevice("landscapeLeft")
            assert(table.concat(told, " ") == "quiet", table.concat(told, " "))
            """)
    }

    /// A container cannot be its own child nor adopt the navigation controller that
    /// contains it: the model refuses both (NSInvalidArgumentException), so the parent
    /// chain a rotation walks stays acyclic, and each controller is told once.
    @Test(arguments: [
        (8, "local tabs = UITabBarController() refused(function() tabs.viewControllers = { tabs, counted } end) tabs.viewControllers = { counted } window.rootViewController = tabs"),
        (8, "local nav = UINavigationController(counted) refused(function() counted:addChild(nav) end) window.rootViewController = nav"),
        (7, "local tabs = UITabBarController() refused(function() tabs.viewControllers = { tabs, counted } end) tabs.viewControllers = { counted } window.rootViewController = tabs"),
        (7, "local nav = UINavigationController(counted) refused(function() counted:addChild(nav) end) window.rootViewController = nav"),
    ])
    func rule54_aCycleOfContainersIsRefusedAndEachControllerToldOnce(_ ios: Int, _ setup: String) throws {
        try passes("""
            local function refused(f)
              local ok, e = pcall(f)
              assert(not ok and tostring(e):find("is an ancestor of its requested parent", 1, true), tostring(e))
            end
            local told = 0
            local Counted = Rotating:subclass("Counted")
            function Counted:viewWillTransition(size, coordinator) told = told + 1 UIViewController.viewWillTransition(self, size, coordinator) end
            function Counted:willRotate(to, duration) told = told + 1 end
            local counted = Counted()
            \(setup)
            sim.run(0)
            sim.rotateDevice("landscapeLeft")
            assert(told == 1, told)
            sim.run(1)
            """, ios: ios)
    }

    @Test func rule54_boundsSwapFullScreenWindowsFollowOtherFramesStay() throws {
        try passes("""
            local bar = UIWindow(CGRect(0, 0, 390, 20))          -- a status-bar window with a root
            bar.rootViewController = Rotating()
            bar.isHidden = false
            sim.hold(bar)
            local bare = UIWindow(UIScreen.main.bounds)            -- full screen, no root
            bare.isHidden = false
            sim.hold(bare)
            local nav = UINavigationController(Rotating())
            local modal = Rotating()
            window.rootViewController = nav
            nav:present(modal, false)
            sim.run(0)
            sim.rotateDevice("landscapeLeft")
            assert(rect(UIScreen.main.bounds) == "0,0,844,390" and rect(UIScreen.main.coordinateSpace.bounds) == "0,0,844,390")
            assert(UIScreen.main.coordinateSpace == UIScreen.main, "the screen is its own coordinate space")
            assert(rect(window.frame) == "0,0,844,390" and rect(nav.view.frame) == "0,0,844,390", "the full-screen window and its root view follow")
            assert(rect(nav.topViewController.view.frame) == "0,0,844,390" and nav.navigationBar.frame.width == 844, "and what UIKit sizes inside")
            assert(rect(modal.view.frame) == "0,0,844,390", "a presented view follows: " .. rect(modal.view.frame))
            assert(rect(bar.frame) == "0,0,390,20", "a custom frame is kept")
            assert(rect(bare.frame) == "0,0,390,844", "a window without a root is kept")
            assert(status() == "landscapeRight")
            assert(rect(UIScreen.main.fixedCoordinateSpace.bounds) == "0,0,390,844" and rect(UIScreen.main.nativeBounds) == "0,0,1170,2532"
                   and UIScreen.main.scale == 3, "the fixed space and the native bounds never change")
            assert(rect(UIWindow().frame) == "0,0,844,390" and rect(UIViewController().view.frame) == "0,0,844,390", "new windows and views are landscape")
            sim.run(1)
            sim.rotateDevice("portrait")
            assert(rect(window.frame) == "0,0,390,844" and rect(modal.view.frame) == "0,0,390,844", "and back")
            """)
    }

    @Test func rule54_theCoordinatorLastsTheAnimationAndRunsItsCompletionsAtTheEnd() throws {
        try passes("""
            local events = {}
            local Watching = Rotating:subclass("Watching")
            function Watching:viewWillTransition(size, coordinator)
              coordinator:animate(function() events[#events + 1] = "alongside " .. rect(UIScreen.main.bounds) end,
                                  function() events[#events + 1] = string.format("completion %.1f", sim.now) end)
            end
            local root = Watching()
            window.rootViewController = root
            sim.run(0)
            sim.configure{ rotation = 0.5 }
            sim.rotateDevice("landscapeLeft")
            local c = root.transitionCoordinator
            assert(c ~= nil and c.transitionDuration == 0.5, "set during the rotation")
            sim.run(0.4)
            assert(root.transitionCoordinator == c, "still in flight")
            sim.run(0.2)
            assert(root.transitionCoordinator == nil, "nil after the animation")
            assert(table.concat(events, "; ") == "alongside 0,0,844,390; completion 0.5", table.concat(events, "; "))
            -- A second rotation ends the one in flight first.
            events = {}
            sim.rotateDevice("portrait")
            sim.rotateDevice("landscapeRight")
            assert(events[2] == "completion 0.6", table.concat(events, "; "))
            """)
        #expect(Simulator.Configuration().rotationDuration == 0.3)
    }

    @Test(arguments: [("-1", "durations must be finite and not negative"), ("1/0", "durations must be finite and not negative"),
                      ("\"slow\"", "bad argument #1 to 'configure' (number expected for 'rotation')")])
    func rule54_theRotationDurationIsValidatedLikeTheOthers(_ value: String, _ message: String) throws {
        try passes("""
            local ok, e = pcall(sim.configure, { rotation = \(value) })
            assert(not ok and tostring(e):find("\(message)", 1, true), tostring(e))
            """)
    }

    @Test func rule54_sizesAreCGSizeValues() throws {
        try passes("""
            local s = CGSize(844, 390)
            assert(s.width == 844 and s.height == 390 and tostring(s) == "CGSize(844, 390)" and s == CGSize(844, 390))
            assert(CGSize() == CGSize(0, 0) and s ~= CGSize(390, 844))
            local ok, e = pcall(CGSize, "wide")
            assert(not ok and tostring(e):find("bad argument #1 to 'CGSize' (number expected, got string)", 1, true), tostring(e))
            local ok2, e2 = pcall(screen.viewWillTransition, screen, CGRect(0, 0, 1, 2), nil)
            assert(not ok2 and tostring(e2):find("bad argument #1 to 'viewWillTransition' (CGSize expected, got CGRect)", 1, true), tostring(e2))
            screen:viewWillTransition(s, nil)
            """)
    }

    // MARK: rule 55

    @Test func rule55_onIOS7OnlyRootViewsRotate() throws {
        try passes("""
            local events = {}
            local Old = Rotating:subclass("Old")
            function Old:willRotate(to, duration)
              events[#events + 1] = string.format("%.1f will %s %g %s %s", sim.now, to, duration, status(), rect(self.view.bounds))
            end
            function Old:didRotate(from)
              events[#events + 1] = string.format("%.1f did %s %s %s", sim.now, from, status(), rect(self.view.bounds))
            end
            local root = Old()
            local child = Old()
            root:addChild(child)
            root.view:addSubview(child.view)
            window.rootViewController = root
            sim.run(0)
            sim.rotateDevice("landscapeLeft")
            assert(rect(UIScreen.main.bounds) == "0,0,390,844" and rect(window.frame) == "0,0,390,844"
                   and rect(window.bounds) == "0,0,390,844", "the screen and the window stay portrait")
            assert(rect(root.view.bounds) == "0,0,844,390" and rect(root.view.frame) == "0,0,390,844", "the root view is rotated")
            assert(rect(child.view.bounds) == "0,0,390,844", "a view inside it is not rotated itself")
            sim.run(0.2)
            assert(#events == 2, "didRotate only when the animation ends")
            sim.run(0.2)
            local expected = "0.0 will landscapeRight 0.3 portrait 0,0,390,844; 0.0 will landscapeRight 0.3 portrait 0,0,390,844; "
              .. "0.3 did portrait landscapeRight 0,0,844,390; 0.3 did portrait landscapeRight 0,0,390,844"
            assert(table.concat(events, "; ") == expected, table.concat(events, "; "))
            """, ios: 7)
    }

    @Test(arguments: [("landscapeLeft", 385.0, 5.0), ("landscapeRight", 5.0, 839.0), ("portraitUpsideDown", 385.0, 839.0)])
    func rule55_aTouchReachesTheRotatedRootViewInItsOwnCoordinates(_ device: String, _ x: Double, _ y: Double) throws {
        // The button sits at the interface's top-left corner: where that corner is on the
        // portrait screen depends on the turn.
        try passes("""
            local button = UIButton(CGRect(0, 0, 60, 30))
            local taps = 0
            local Handler = NSObject:subclass("Handler")
            function Handler:tapped() taps = taps + 1 end
            local handler = Handler()
            button:addTarget(handler, "tapped", "touchUpInside")
            screen.view:addSubview(button)
            sim.rotateDevice("\(device)")
            assert(sim.hitTest(\(x), \(y)) == button, tostring(sim.hitTest(\(x), \(y))))
            assert(sim.hitTest(5, 5) ~= button)
            -- A tap aims at the button's centre where the screen shows it.
            assert(sim.tap(button) and taps == 1, "the tap reaches the rotated button")
            local cover = UIView(CGRect(0, 0, 844, 390))
            cover.backgroundColor = "black"
            screen.view:addSubview(cover)
            assert(not sim.tap(button), "a full landscape cover hides it")
            local covered = sim.screen().coveredViews
            assert(#covered == 1 and covered[1] == button, "and covers it on screen")
            """, ios: 7)
    }

    @Test(arguments: ["UIScreen.main.coordinateSpace", "UIScreen.main.fixedCoordinateSpace", "UIScreen.main.nativeBounds",
                      "screen:viewWillTransition(CGSize(1, 2), nil)"])
    func rule55_theIOS8APIIsAnUnrecognizedSelectorOnIOS7(_ expression: String) throws {
        try passes("""
            local ok, e = pcall(function() return \(expression) end)
            assert(not ok and e.name == "NSInvalidArgumentException" and e.reason:find("unrecognized selector", 1, true), tostring(e))
            """, ios: 7)
        try passes("local _ = \(expression)", ios: 8)
    }

    // MARK: rule 56

    @Test(arguments: [(7, 1047.25), (8, 1140.11), (9, 1240.1), (10, 1300), (16, 1900), (17, 2000)])
    func rule56_NSFoundationVersionNumberPerProfile(_ ios: Int, _ number: Double) throws {
        try passes("""
            assert(NSFoundationVersionNumber == \(number), NSFoundationVersionNumber)
            assert(NSFoundationVersionNumber_iOS_7_1 == 1047.25 and NSFoundationVersionNumber_iOS_8_0 == 1140.11)
            assert((NSFoundationVersionNumber < NSFoundationVersionNumber_iOS_8_0) == (\(ios) < 8))
            sim.configure{ ios = 7 }
            assert(NSFoundationVersionNumber == 1047.25, "sim.configure sets it again")
            """, ios: ios)
        let numbers = (7...17).map { Simulator.foundationVersionNumber(ios: $0) }
        #expect(zip(numbers, numbers.dropFirst()).allSatisfy { $0 < $1 })
    }

    /// Seed 004's category, ported as written.
    static let compatibleBounds = """
        function UIScreen:compatibleBounds()                   -- iOS7 mainScreen bounds 不隨設備旋轉
          local rect = self.bounds
          if NSFoundationVersionNumber < NSFoundationVersionNumber_iOS_8_0 then
            local orientation = UIApplication.shared.statusBarOrientation
            if orientation == "landscapeLeft" or orientation == "landscapeRight" then
              rect.width = self.bounds.height
              rect.height = self.bounds.width
            end
          end
          return rect
        end
        """

    @Test(arguments: [7, 8, 13])
    func rule56_aCompatibleBoundsWindowCoversOnlyTheTopOnIOS7(_ ios: Int) throws {
        try passes(Self.compatibleBounds + "\n" + """
            local function inWindow(v, w) return v ~= nil and (v == w or v.window == w) end
            local function overlay(frame)
              local w = UIWindow(frame)
              w.rootViewController = UIViewController()
              w.windowLevel = UIWindow.Level.statusBar
              w.isHidden = false
              sim.hold(w)
              return w
            end
            sim.rotateDevice("landscapeLeft")
            local b = UIScreen.main:compatibleBounds()
            assert(rect(b) == "0,0,844,390", rect(b))
            local compatible = overlay(b)
            sim.run(1)
            assert(inWindow(sim.hitTest(100, 300), compatible), "the top is covered")
            if \(ios) < 8 then
              assert(inWindow(sim.hitTest(100, 750), window), "y >= 390 reaches the window below")
            else
              assert(rect(UIScreen.main.bounds) == rect(b), "on 8+ compatibleBounds == bounds")
            end
            -- The seed's conclusion: a window sized with UIScreen.main.bounds covers the screen.
            compatible.isHidden = true
            local full = overlay(UIScreen.main.bounds)
            sim.run(0)
            assert(inWindow(sim.hitTest(100, 300), full))
            assert(\(ios) >= 8 or inWindow(sim.hitTest(100, 750), full), "the whole portrait screen on iOS 7")
            assert(rect(full.rootViewController.view.bounds) == "0,0,844,390", "its root view is landscape")
            """, ios: ios)
    }
}
