import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua

/// SPEC rules 69–72: scenes on iOS 13+ — the scene-based launch, `UIWindow(scene)` and the
/// weak `windowScene`, the scene-less window that never shows, key windows per scene.
@Suite struct SceneRulesTests {
    /// A scene-based app as Xcode's template makes it: the scene delegate's window, made
    /// with the scene, key and visible, showing a plain controller (`screen`).
    static let sceneApp = """
        local scene = UIApplication.shared.connectedScenes[1]
        local window = UIWindow(scene)
        scene.delegate.window = window
        local screen = UIViewController()
        window.rootViewController = screen
        window:makeKeyAndVisible()
        sim.run(0)
        local function has(list, x) for _, v in ipairs(list) do if v == x then return true end end return false end
        local function onScreen(w) return has(sim.screen().windows, w) end
        """

    // MARK: rule 69

    @Test(arguments: [13, 15, 17])
    func rule69_aSceneManifestConnectsOneForegroundActiveSceneWithASceneDelegate(_ ios: Int) throws {
        try RuleScript(prelude: Self.sceneApp, ios: ios, scenes: true).passes("""
            local scenes = UIApplication.shared.connectedScenes
            assert(#scenes == 1 and scenes[1] == scene and scene:isKind(UIWindowScene), tostring(scenes[1]))
            assert(scene.activationState == "foregroundActive", scene.activationState)
            assert(scene.delegate:isKind(SceneDelegate) and scene.delegate.window == window)
            assert(UIApplication.shared.delegate.window == nil, "the app delegate has no window")
            assert(sim.why(scene):find("[connected scene]", 1, true), sim.why(scene))
            assert(sim.why(window):find("SceneDelegate#%d+%.window"), sim.why(window))
            -- The delegate is strong: a new one is kept, the old one goes.
            local old = scene.delegate
            scene.delegate = SceneDelegate()
            sim.drain()
            assert(not sim.alive(old) and not sim.alive(window), "the old delegate took its window with it")
            assert(sim.alive(scene.delegate))
            """)
    }

    @Test(arguments: [13, 17])
    func rule69_withoutAManifestOneDelegateLessSceneHasEveryWindow(_ ios: Int) throws {
        try RuleScript(prelude: RuleScript.keyWindowApp, ios: ios).passes("""
            local scenes = UIApplication.shared.connectedScenes
            assert(#scenes == 1 and scenes[1].delegate == nil and scenes[1].activationState == "foregroundActive")
            local scene = scenes[1]
            assert(window.windowScene == scene, "made before the scene was asked for")
            local other = UIWindow(CGRect(0, 0, 100, 100))
            sim.hold(other)
            assert(other.windowScene == scene, "UIWindow(frame) is attached too")
            local ws = scene.windows
            assert(#ws == 2 and ws[1] == window and ws[2] == other, "rule 2's order")
            assert(#UIApplication.shared.windows == 2 and UIApplication.shared.keyWindow == window)
            sim.release(other)
            """)
    }

    @Test func rule69_aScriptThatNeverNamesASceneAllocatesTheSameIdsAsOnIOS12() throws {
        let code = """
            local w = UIWindow() local vc = UIViewController() w.rootViewController = vc w:makeKeyAndVisible()
            print(tostring(w), tostring(vc), tostring(vc.view))
            """
        let on12 = try RuleScript(ios: 12).run(code).outcome
        let on17 = try RuleScript(ios: 17).run(code).outcome
        #expect(on12.status == .passed && on17.status == .passed)
        #expect(on12.output == on17.output && on17.output.joined().contains("UIWindow#4"), "\(on12.output) / \(on17.output)")
    }

    @Test(arguments: [7, 12])
    func rule69_belowIOS13ThereAreNoScenes(_ ios: Int) throws {
        try RuleScript(prelude: RuleScript.keyWindowApp, ios: ios).passes("""
            local function fails(f, expected)
              local ok, e = pcall(f)
              assert(not ok and tostring(e):find(expected, 1, true), tostring(e))
            end
            fails(function() return UIApplication.shared.connectedScenes end,
                  "NSInvalidArgumentException: -[UIApplication connectedScenes]: unrecognized selector sent to instance #1")
            fails(function() return window.windowScene end, "-[UIWindow windowScene]: unrecognized selector sent to instance #4")
            fails(function() window.windowScene = nil end, "-[UIWindow setWindowScene]: unrecognized selector sent to instance #4")
            fails(function() return UIWindowScene() end, "UIWindowScene is not available on iOS \(ios) (introduced in iOS 13)")
            assert(SceneDelegate and UIWindowScene, "the classes are globals on every profile")
            assert(UIApplication.shared.keyWindow == window and #sim.screen().windows == 1)
            """)
    }

    @Test func rule69_scenesNeedIOS13AndAreABoolean() throws {
        let cases: [(String, String)] = [
            ("sim.configure{ ios = 12, scenes = true }",
             "bad argument #1 to 'configure' (scenes need iOS 13 or later (ios = 12, scenes = true): scene-based launch is iOS 13 API)"),
            ("sim.configure{ ios = 13, scenes = true } sim.configure{ ios = 12 }",
             "bad argument #1 to 'configure' (scenes need iOS 13 or later (ios = 12, scenes = true): scene-based launch is iOS 13 API)"),
            ("sim.configure{ scenes = 1 }", "bad argument #1 to 'configure' (boolean expected for 'scenes', got number)"),
            ("sim.configure{ scenes = 'yes' }", "bad argument #1 to 'configure' (boolean expected for 'scenes', got string)"),
            ("sim.configure{ nope = 1 }", "bad argument #1 to 'configure' (unknown setting 'nope'; expected ios, transition, abandonedDelay, latency, rotation or scenes)"),
            ("UIWindowScene()", "UIWindowScene: UIKit makes and connects scenes; read UIApplication.shared.connectedScenes (sim.configure{ scenes = true } launches with a scene manifest)"),
        ]
        for (code, message) in cases {
            let outcome = try RuleScript().run(code).outcome
            #expect(outcome.message?.split(separator: "\n").first.map(String.init) == "t:1: " + message, "\(code): \(outcome.message ?? "")")
        }
        var c = Simulator.Configuration()
        c.ios = 12
        c.scenes = true
        #expect(throws: SimError.self) { try LuaSandbox(configuration: c) }
        #expect(Simulator(configuration: c).configuration.scenes == false, "a simulator made below 13 launches without scenes")
        // A refused profile changes nothing.
        try RuleScript(ios: 13, scenes: true).passes("""
            assert(not pcall(sim.configure, { ios = 12 }))
            assert(#UIApplication.shared.connectedScenes == 1 and UIApplication.shared.connectedScenes[1].delegate ~= nil)
            """)
    }

    @Test func rule69_configureConnectsTheNewProfilesScene() throws {
        // Without a manifest → with one: the implicit scene disconnects; the windows made
        // before are scene-less (they leave the screen, key status goes with them).
        try RuleScript(prelude: RuleScript.keyWindowApp, ios: 17).passes("""
            local implicit = UIApplication.shared.connectedScenes[1]
            sim.hold(implicit)
            sim.configure{ scenes = true }
            local scene = UIApplication.shared.connectedScenes[1]
            assert(scene ~= implicit and scene.delegate:isKind(SceneDelegate))
            assert(implicit.activationState == "unattached" and #implicit.windows == 0)
            assert(window.windowScene == implicit, "it still names its old scene, weakly")
            assert(UIApplication.shared.keyWindow == nil and #sim.screen().windows == 0 and #UIApplication.shared.windows == 0)
            sim.release(implicit)
            sim.drain()
            assert(not sim.alive(implicit) and window.windowScene == nil, "weak: the window did not keep it")
            -- Back without a manifest: UIKit attaches every window to the new scene.
            sim.configure{ scenes = false }
            assert(window.windowScene == UIApplication.shared.connectedScenes[1] and #sim.screen().windows == 1)
            assert(UIApplication.shared.keyWindow == nil, "showing again does not make it key")
            window:makeKey()
            assert(UIApplication.shared.keyWindow == window)
            """)
        // With a manifest → without: the scene goes with its delegate and the delegate's
        // window; below 13 every window shows.
        try RuleScript(prelude: Self.sceneApp, ios: 13, scenes: true).passes("""
            local loose = UIWindow(UIScreen.main.bounds)
            sim.hold(loose)
            loose:makeKeyAndVisible()
            assert(not onScreen(loose))
            sim.configure{ scenes = false }
            sim.drain()
            assert(not sim.alive(scene) and not sim.alive(window), "the scene's delegate kept its window")
            assert(loose.windowScene == UIApplication.shared.connectedScenes[1] and onScreen(loose))
            sim.configure{ ios = 12 }
            assert(onScreen(loose) and #UIApplication.shared.windows == 1)
            sim.release(loose)
            """)
    }

    // MARK: rule 70

    @Test func rule70_aWindowMadeWithASceneIsAttachedAndFillsIt() throws {
        try RuleScript(prelude: Self.sceneApp, ios: 13, scenes: true).passes("""
            assert(window.windowScene == scene and has(scene.windows, window) and onScreen(window))
            local f = window.frame
            assert(f.x == 0 and f.y == 0 and f.width == 390 and f.height == 844, "the scene's bounds")
            local bare = UIWindow()
            sim.hold(bare)
            assert(bare.windowScene == nil and bare.frame.width == 390, "UIWindow(): the screen's bounds, no scene")
            sim.release(bare)
            """)
    }

    @Test func rule70_aWindowOnlyItsSceneRefersToDeallocatesAtTheNextDrain() throws {
        try RuleScript(prelude: Self.sceneApp, ios: 13, scenes: true).passes("""
            local extra = UIWindow(scene)
            extra.rootViewController = UIViewController()
            extra:makeKeyAndVisible()
            assert(#scene.windows == 2 and UIApplication.shared.keyWindow == extra and onScreen(extra))
            sim.run(0)
            assert(not sim.alive(extra), "the scene does not own its windows")
            assert(#scene.windows == 1 and UIApplication.shared.keyWindow == window, "rule 4 within the scene")
            """)
    }

    @Test func rule70_settingWindowSceneMovesTheWindowAndNilDetachesIt() throws {
        try RuleScript(prelude: Self.sceneApp, ios: 13, scenes: true).passes("""
            local other = UIWindow(scene)
            sim.hold(other)
            local vc = UIViewController()
            other.rootViewController = vc
            other:makeKeyAndVisible()
            assert(UIApplication.shared.keyWindow == other and onScreen(other))
            other.windowScene = nil
            assert(other.windowScene == nil and not other.isHidden and not onScreen(other))
            assert(not has(scene.windows, other) and not has(UIApplication.shared.windows, other))
            assert(UIApplication.shared.keyWindow == window and not other.isKeyWindow, "key status passed on (rule 4)")
            other.windowScene = scene
            assert(onScreen(other) and sim.screen().windows[1] == other, "back on top, ordered front")
            assert(UIApplication.shared.keyWindow == window, "attaching does not make it key")
            local ok, e = pcall(function() other.windowScene = UIView() end)
            assert(not ok and tostring(e):find("bad argument #1 to 'windowScene' (UIWindowScene expected, got UIView)", 1, true), tostring(e))
            sim.release(other)
            """)
    }

    @Test func rule70_badWindowArgumentsNameBothForms() throws {
        let cases: [(String, String)] = [
            ("UIWindow('x')", "bad argument #1 to 'UIWindow' (CGRect or UIWindowScene expected, got string)"),
            ("UIWindow(3)", "bad argument #1 to 'UIWindow' (CGRect or UIWindowScene expected, got number)"),
            ("UIWindow(UIView())", "bad argument #1 to 'UIWindow' (CGRect or UIWindowScene expected, got UIView)"),
            ("UIWindow(UIApplication.shared)", "bad argument #1 to 'UIWindow' (CGRect or UIWindowScene expected, got UIApplication)"),
        ]
        for (code, message) in cases {
            let outcome = try RuleScript(ios: 13, scenes: true).run(code).outcome
            #expect(outcome.message?.split(separator: "\n").first.map(String.init) == "t:1: " + message, "\(code): \(outcome.message ?? "")")
        }
        // A scene kept past a switch to iOS 12 cannot make a window there.
        try RuleScript(ios: 13).passes("""
            local scene = sim.hold(UIApplication.shared.connectedScenes[1])
            sim.configure{ ios = 12 }
            local ok, e = pcall(UIWindow, scene)
            assert(not ok and tostring(e):find("-[UIWindow initWithWindowScene:]: unrecognized selector", 1, true), tostring(e))
            sim.release(scene)
            """)
    }

    // MARK: rule 71

    @Test func rule71_aSceneLessWindowIsNeverShownKeyOrTouched() throws {
        try RuleScript(prelude: Self.sceneApp, ios: 13, scenes: true).passes("""
            local modal = UIViewController()
            local loose = UIWindow(UIScreen.main.bounds)
            sim.hold(loose)
            loose.rootViewController = modal
            loose:makeKeyAndVisible()
            assert(loose.isHidden == false and loose.windowScene == nil, "makeKeyAndVisible still sets isHidden")
            assert(not onScreen(loose) and not has(UIApplication.shared.windows, loose) and not has(scene.windows, loose))
            assert(UIApplication.shared.keyWindow == window and not loose.isKeyWindow)
            loose:makeKey()
            assert(UIApplication.shared.keyWindow == window, "never key")
            assert(not modal.isViewLoaded, "its root view is never installed")
            local cover = UIView(CGRect(0, 0, 390, 844))
            cover.backgroundColor = "red"
            local Target = NSObject:subclass("Target")
            local taps = 0
            function Target:handleTap() taps = taps + 1 end
            local target = sim.hold(Target())
            cover:addGestureRecognizer(UITapGestureRecognizer(target, "handleTap"))
            loose:addSubview(cover)
            assert(sim.hitTest(100, 100) == screen.view, "touches reach the scene's window")
            assert(sim.tap(cover) == false and taps == 0, "no touches")
            local field = UITextField(CGRect(0, 0, 100, 30))
            cover:addSubview(field)
            assert(field:becomeFirstResponder() == false, "not a visible window")
            assert(sim.leaks()[1] == nil, sim.leaks()[1])
            -- Given a scene it shows, as UIWindow(scene) would have.
            loose.windowScene = scene
            assert(onScreen(loose) and modal.isViewLoaded and sim.hitTest(100, 100) == modal.view, "its root view on top (rule 6)")
            assert(sim.tap(cover) == true and taps == 1)
            sim.release(loose) sim.release(target)
            """)
    }

    @Test(arguments: [(12, false), (13, false), (17, false)])
    func rule71_withoutAManifestOrOnIOS12UIWindowFrameShows(_ ios: Int, _ scenes: Bool) throws {
        try RuleScript(prelude: RuleScript.keyWindowApp, ios: ios, scenes: scenes).passes("""
            local loose = UIWindow(UIScreen.main.bounds)
            sim.hold(loose)
            local modal = UIViewController()
            loose.rootViewController = modal
            loose:makeKeyAndVisible()
            assert(sim.screen().windows[1] == loose and UIApplication.shared.keyWindow == loose and modal.isViewLoaded)
            assert(sim.hitTest(100, 100) == modal.view)
            sim.release(loose)
            """)
    }

    /// A key window that leaves its scene passes key status on, whether it was shown or
    /// hidden (a hidden window may be key, rule 3), with or without a scene manifest.
    @Test(arguments: [(false, false), (false, true), (true, false), (true, true)])
    func rule71_aKeyWindowThatLeavesItsScenePassesKeyOn(_ manifest: Bool, _ shown: Bool) throws {
        try RuleScript(ios: 17, scenes: manifest).passes("""
            local scene = UIApplication.shared.connectedScenes[1]
            local main = sim.hold(UIWindow(scene))
            main:makeKeyAndVisible()
            local w = sim.hold(UIWindow(scene))
            if \(shown) then w:makeKeyAndVisible() else w:makeKey() end
            assert(UIApplication.shared.keyWindow == w)
            w.windowScene = nil
            assert(UIApplication.shared.keyWindow ~= w, "a scene-less window is never key")
            assert(UIApplication.shared.keyWindow == main, "passed to the frontmost visible window")
            """)
    }

    @Test func rule71_aSceneLessShownWindowIsNoRoot() throws {
        // Not on screen, so not a root: a window and its root that keep each other are a
        // cycle nobody reaches, where on screen they were reachable.
        let (_, outcome) = try RuleScript(prelude: Self.sceneApp, ios: 13, scenes: true).run("""
            local Modal = UIViewController:subclass("Modal", { newWindow = "strong" })
            local vc = Modal()
            local w = UIWindow(UIScreen.main.bounds)
            w.rootViewController = vc
            w:makeKeyAndVisible()
            vc.newWindow = w
            sim.run(0)
            local leaks = sim.leaks()
            assert(#leaks == 1 and leaks[1].kind == "cycle", #leaks)
            vc.newWindow = nil
            sim.run(0)
            assert(not sim.alive(w) and not sim.alive(vc) and #sim.leaks() == 0)
            """)
        #expect(outcome.status == .passed, "\(outcome.message ?? "")")
    }

    // MARK: rule 72

    @Test func rule72_eachSceneHasItsKeyWindowAndTheApplicationListsTheScenesWindows() throws {
        try RuleScript(prelude: Self.sceneApp, ios: 15, scenes: true).passes("""
            assert(scene.keyWindow == window and UIApplication.shared.keyWindow == window)
            local monitor = UIWindow(scene)
            sim.hold(monitor)
            monitor.windowLevel = 1000
            monitor.isHidden = false
            local loose = UIWindow()
            sim.hold(loose)
            loose.windowLevel = 2000
            loose:makeKeyAndVisible()
            local ws = UIApplication.shared.windows
            assert(#ws == 2 and ws[1] == window and ws[2] == monitor, "the scene's windows by rule 2, not the scene-less one")
            -- Rule 4 within the scene: the key window hidden, key status passes to the
            -- scene's frontmost visible window, never to the scene-less one above it.
            window.isHidden = true
            assert(scene.keyWindow == monitor and UIApplication.shared.keyWindow == monitor, tostring(scene.keyWindow))
            assert(scene.interfaceOrientation == "portrait")
            sim.rotateDevice("landscapeLeft")
            assert(scene.interfaceOrientation == "landscapeRight" and scene.interfaceOrientation == UIApplication.shared.statusBarOrientation)
            sim.release(monitor) sim.release(loose)
            """)
    }

    @Test(arguments: [13, 14])
    func rule72_sceneKeyWindowIsIOS15API(_ ios: Int) throws {
        try RuleScript(prelude: Self.sceneApp, ios: ios, scenes: true).passes("""
            local ok, e = pcall(function() return scene.keyWindow end)
            assert(not ok and tostring(e):find("-[UIWindowScene keyWindow]: unrecognized selector sent to instance", 1, true), tostring(e))
            assert(UIApplication.shared.keyWindow == window, "deprecated in 13, still answering")
            """)
    }

    @Test func rule72_alertAndKeyboardWindowsBelongToTheScene() throws {
        try RuleScript(prelude: Self.sceneApp, ios: 15, scenes: true).passes("""
            local alert = UIAlertView("Hi", nil, nil, "OK")   -- the legacy alert's window (rule 81)
            alert:show()
            sim.run(0)
            local aw = alert.alertWindow
            assert(aw.windowScene == scene and scene.keyWindow == aw and onScreen(aw))
            sim.tap(alert, "OK")
            sim.run(0)
            assert(scene.keyWindow == window)
            local field = UITextField(CGRect(10, 100, 200, 30))
            screen.view:addSubview(field)
            assert(field:becomeFirstResponder())
            local ws = UIApplication.shared.windows
            assert(#ws == 3, #ws)
            for _, w in ipairs(ws) do assert(w.windowScene == scene, tostring(w)) end
            assert(scene.keyWindow == window, "keyboard windows never become key")
            """)
    }
}
