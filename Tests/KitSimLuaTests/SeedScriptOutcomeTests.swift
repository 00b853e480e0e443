import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua
import KitSimReport

/// Every scenario in Scenarios/ run from Swift, with its ownership outcome asserted
/// in Swift — which objects are alive or deallocated, which leaks are reported, whether it
/// crashed — independently of the script's own `expect`s.
@Suite struct SeedScriptOutcomeTests {
    /// The repository's Scenarios/ folder: seeds/, patterns/ and their shared lib/.
    static let scenarios: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }   // Tests/KitSimLuaTests/<file>
        return path + "/Scenarios"
    }()

    /// A scenario's path by its file name: `pattern_*` in patterns/, the seeds in seeds/.
    static func path(_ name: String) -> String {
        scenarios + (name.hasPrefix("pattern_") ? "/patterns/" : "/seeds/") + name
    }

    func run(_ name: String) throws -> Outcome {
        let sandbox = try LuaSandbox(sandboxed: true)
        let outcome = try sandbox.run(file: Self.path(name))
        #expect(outcome.status == .passed, "\(name): \(outcome.message ?? "")")
        #expect(outcome.invariantViolations.isEmpty)
        return outcome
    }

    func dead(_ o: Outcome, _ label: String) -> Bool? { o.object(labeled: label)?.isDeallocated }

    @Test func seed002_keyboardWindowLast() throws {
        let o = try run("seed002_keyboard_window_last.lua")
        #expect(dead(o, "toast") == false)                            // kept by the hidden keyboard window
        #expect(o.leaks.isEmpty)
        #expect(o.output.contains("3 windows; last: UIRemoteKeyboardWindow at level 10000000"))
    }

    @Test func seed002_fixFrontWindow() throws {
        let o = try run("seed002_fix_front_window.lua")
        #expect(dead(o, "toast") == false)
        #expect(o.leaks.isEmpty && o.crash == nil)
    }

    @Test func seed000_weakRoot() throws {
        let o = try run("seed000_splash_ad_weak_root.lua")
        #expect(dead(o, "nav") == true)
        #expect(dead(o, "ad") == true)
        #expect(dead(o, "flutterViewController") == false)          // the engine still holds it
        #expect(o.leaks.isEmpty)
        #expect(o.output.contains { $0.contains("the screen is BLACK") })
        #expect(o.trace.contains("weak DJWelcomeViewController#"))
    }

    @Test func seed000_flutterRoot() throws {
        let o = try run("seed000_splash_ad_flutter_root.lua")
        #expect(dead(o, "flutterViewController") == false)
        #expect(dead(o, "ad") == true)
        #expect(o.leaks.isEmpty)
    }

    @Test(arguments: ["seed000_fix1_strong_property.lua", "seed000_fix2_push.lua"])
    func seed000_fixesKeepTheNavigationController(_ name: String) throws {
        let o = try run(name)
        #expect(dead(o, "nav") == false)
        #expect(dead(o, "ad") == true)
        #expect(o.leaks.isEmpty)
    }

    @Test func seed000_fix2Present() throws {
        let o = try run("seed000_fix2_present.lua")
        #expect(dead(o, "flutterViewController") == false)
        #expect(dead(o, "ad") == true)
        #expect(o.leaks.isEmpty)
    }

    @Test func seed001_twoWebViews() throws {
        let o = try run("seed001_tab_lazy_webview.lua")
        let property = try #require(o.object(labeled: "propertyWebview"))
        let screen = try #require(o.object(labeled: "screenWebview"))
        #expect(property.id != screen.id)
        #expect(!property.isDeallocated && !screen.isDeallocated)
        #expect(Array(o.output.prefix(7)) == [
            "-[SecondController refresh] start", "-[SecondController viewDidLoad] end", "lazy load",
            "-[SecondController viewDidLoad] end", "lazy load", "_webview.restorationIdentifier == lazy load",
            "-[SecondController refresh] end",
        ])
    }

    @Test(arguments: ["seed001_fix1_screen_bounds.lua", "seed001_fix2_view_outside_check.lua", "seed001_fix3_dispatch_after.lua"])
    func seed001_fixesMakeOneWebView(_ name: String) throws {
        let o = try run(name)
        // One web view: it is the property's and the one on screen (no second one labelled).
        #expect(dead(o, "propertyWebview") == false)
        #expect(o.object(labeled: "screenWebview") == nil)
        #expect(o.output.filter { $0 == "lazy load" }.count == 1)
    }

    @Test func seed002_alertCovered() throws {
        let o = try run("seed002_alert_in_window0_viewdidload.lua")
        #expect(dead(o, "alert") == false)
        #expect(o.output.contains { $0.contains("TDAlertView#\(o.object(labeled: "alert")!.id.raw) covered") })
    }

    @Test func seed002_keyWindowCrash() throws {
        let o = try run("seed002_keywindow_monitor_crash.lua")
        #expect(o.trace.contains("exception: NSInvalidArgumentException: -[UIViewController goToPage]: unrecognized selector"))
        #expect(dead(o, "monitor") == false && dead(o, "mainWindow") == false)
        #expect(o.leaks.isEmpty)
    }

    @Test func seed003_doublePush() throws {
        let o = try run("seed003_double_push_crash.lua")
        #expect(o.trace.contains("warning: nested push animation can result in corrupted navigation bar"))
        #expect(o.trace.contains("exception: NSInvalidArgumentException: Can't add self as subview"))
        let guarded = try run("seed003_fix_swizzle_guard.lua")
        #expect(!guarded.trace.contains("exception:"))
    }

    @Test func seed004_modalWindows() throws {
        let held = try run("seed004_modal_window_held.lua")
        #expect(dead(held, "newWindow") == true && dead(held, "modal") == true)
        let loose = try run("seed004_modal_window_not_held.lua")
        #expect(dead(loose, "newWindow") == true && dead(loose, "modal") == true)
        #expect(loose.trace.contains("release UIWindow#") && loose.leaks.isEmpty)
    }

    @Test func seed004_scenesTheSceneLessModalWindowNeverShows() throws {
        let held = try run("seed004_scenes_modal_window_held.lua")
        #expect(dead(held, "newWindow") == true && dead(held, "modal") == true && held.leaks.isEmpty)
        #expect(held.output.contains("[2.000] shown: isHidden = false, windowScene = nil; keyWindow = UIWindow#6, windows = 1, on screen: 1"))
        #expect(held.output.contains("[2.000] while shown: 1 leak, a cycle of 2 objects"))
        let loose = try run("seed004_scenes_modal_window_not_held.lua")
        #expect(dead(loose, "newWindow") == true && dead(loose, "modal") == true && loose.leaks.isEmpty)
        let touchOnly = try run("seed004_scenes_modal_window_without_key.lua")
        #expect(touchOnly.crash == nil && touchOnly.leaks.isEmpty)
    }

    @Test func seed004_scenesTheWindowGivenASceneShows() throws {
        let o = try run("seed004_scenes_fix_window_scene.lua")
        #expect(dead(o, "newWindow") == true && dead(o, "modal") == true)
        #expect(dead(o, "touchWindow") == true && dead(o, "touchOnly") == true && o.leaks.isEmpty)
        #expect(o.output.contains { $0.contains("keyWindow = UIWindow#10, scene.keyWindow = UIWindow#10, scene windows = 2") })
    }

    @Test func seed004_scenesOnIOS12TheModalWindowShows() throws {
        let o = try run("seed004_scenes_modal_window_ios12.lua")
        #expect(dead(o, "newWindow") == true && dead(o, "modal") == true && o.leaks.isEmpty)
        #expect(o.output.contains("[2.000] shown: keyWindow = UIWindow#8, on top: UIWindow#8"))
    }

    @Test func seed004_rootSwapLeaksOnIOS8AndLater() throws {
        let o = try run("seed004_root_swap_while_presenting.lua")
        #expect(dead(o, "oldRoot") == false)
        #expect(o.leaks.map(\.kind) == [.abandoned])
        #expect(o.leaks.first?.objects == [o.object(labeled: "oldRoot")!.id])
    }

    @Test func seed004_rotationCompatibleBoundsWindowLeavesTheBottomUncoveredOnIOS7() throws {
        let o = try run("seed004_rotation_compatible_bounds_ios7.lua")
        #expect(dead(o, "alertWindow") == true)
        #expect(o.leaks.isEmpty && o.crash == nil)
        #expect(o.output.contains { $0.hasSuffix("alert window 844×390 at (0, 0); its root view's bounds 390×844 at (0, 0)") })
        #expect(o.output.contains { $0.hasSuffix("tapping Buy while the alert is up: reached, purchases = 1") })
    }

    @Test func seed004_rotationCompatibleBoundsIsTheScreensBoundsOnIOS8() throws {
        let o = try run("seed004_rotation_compatible_bounds.lua")
        #expect(dead(o, "alertWindow") == true)
        #expect(o.leaks.isEmpty)
        #expect(o.output.contains { $0.hasSuffix("compatibleBounds = 844×390 at (0, 0)") })
        #expect(o.output.contains { $0.hasSuffix("tapping Buy while the alert is up: blocked, purchases = 0") })
    }

    @Test func seed004_fixRotationScreenBoundsCoversTheScreenOnIOS7And8() throws {
        let o = try run("seed004_fix_rotation_screen_bounds.lua")
        #expect(dead(o, "alertWindow7") == true && dead(o, "alertWindow8") == true)
        #expect(o.leaks.isEmpty)
        #expect(o.output.filter { $0.hasSuffix("root view 844×390 at (0, 0); tapping Buy: blocked") }.count == 2)
        #expect(o.output.contains { $0.hasSuffix("iOS 7: alert window 390×844 at (0, 0), root view 844×390 at (0, 0); tapping Buy: blocked") })
    }

    @Test func seed004_rotationBoundsFollowTheScreenButNotACustomFrame() throws {
        let o = try run("seed004_rotation_bounds_follow.lua")
        #expect(dead(o, "recordingWindow") == false && dead(o, "floatingWindow") == false)
        #expect(o.leaks.isEmpty)
        #expect(o.output.contains { $0.hasSuffix("main window 844×390 at (0, 0), floating window 844×390 at (0, 0), recording banner 390×20 at (0, 0)") })
        #expect(o.output.contains { $0.hasSuffix("floating window hidden: the device is landscapeRight, the interface stays portrait") })
    }

    @Test(arguments: ["seed004_root_swap_while_presenting_ios7.lua", "seed004_fix_safe_root_view_controller.lua"])
    func seed004_noLeakOnIOS7OrWithTheFix(_ name: String) throws {
        let o = try run(name)
        #expect(dead(o, "oldRoot") == true && dead(o, "presented") == true)
        #expect(o.leaks.isEmpty)
    }

    @Test func seed004_customTransitionForgetsTheToView() throws {
        let o = try run("seed004_custom_transition_forgets_to_view.lua")
        #expect(dead(o, "home") == false && dead(o, "detail") == false)
        #expect(o.leaks.isEmpty)
        let fixed = try run("seed004_fix_custom_transition_adds_to_view.lua")
        #expect(dead(fixed, "detail") == true && fixed.leaks.isEmpty)
    }

    @Test(arguments: ["seed004_custom_dismissal_loses_presenter_view.lua", "seed004_fix_custom_dismissal_key_window.lua"])
    func seed004_customDismissals(_ name: String) throws {
        let o = try run(name)
        #expect(o.trace.contains("dealloc FadeAnimator#"))
        #expect(o.leaks.isEmpty)
    }

    @Test func seed004_customTransitionNeverCompletes() throws {
        let o = try run("seed004_custom_transition_never_completes.lua")
        #expect(o.trace.contains("warning: Attempt to present <UIViewController: #"))
        #expect(dead(o, "detail") == false && o.leaks.isEmpty)
    }

    @Test func seed003_cancelledSwipeBack() throws {
        let stuck = try run("seed003_swipe_back_cancel_stuck.lua")
        #expect(dead(stuck, "B") == false && dead(stuck, "C") == true, "B is never popped, C never pushed")
        let fixed = try run("seed003_fix_swipe_back_interaction_ends.lua")
        #expect(dead(fixed, "C") == true && dead(fixed, "B") == false)
        #expect(stuck.leaks.isEmpty && fixed.leaks.isEmpty)
    }

    /// Heap generations find the screen each visit leaves: three since the mark, made at
    /// the visit's line, growing by one each round; the fixed screen leaves nothing.
    @Test func pattern_heapGrowthProfileVisits() throws {
        let o = try run("pattern_heap_growth_profile_visits.lua")
        let lines = o.output.flatMap { $0.split(separator: "\n").map(String.init) }
        #expect(lines.contains { $0.hasPrefix("  3 ProfileViewController (") && $0.hasSuffix("pattern_heap_growth_profile_visits.lua:25)") })
        #expect(lines.contains { $0.hasPrefix("  ProfileViewController +1 each round (4, 5, 6), made at ") })
        #expect(o.output.contains("since mark 'fixed': no object allocated since then is alive"))
        #expect(o.output.last == "growth over 3 rounds: nothing grows in every round")
        #expect(o.leaks.filter { $0.kind == .cycle }.count == 6)
    }
}
