import Testing
@testable import KitSim

/// The seed scenarios of SPEC §7, built in Swift on the UIKit model. The Lua ports come
/// with the bridge; these pin the model's behaviour to what the articles describe.
@Suite struct SeedScenarioTests {
    // MARK: Seed 000 — splash ad swaps the root, keeping the old one in a property

    enum AdFix { case weakProperty, strongProperty, present, push }

    /// Runs the splash ad of seed 000; returns (old root alive after the ad showed,
    /// what the property read on closing, screen black after closing, harness).
    func splashAd(_ fix: AdFix, rootIsNavigation: Bool = true, flutterKeepsRoot: Bool = false) throws
        -> (oldRootAliveDuringAd: Bool, black: Bool, h: UIKitHarness, oldRoot: ObjectID, ad: ObjectID) {
        let h = try UIKitHarness()
        let heap = h.heap
        let flutterVC = try heap.defineClass("FlutterViewController", superclass: h.k.viewController)
        let engineClass = try heap.defineClass("FlutterEngine", superclass: heap.rootClass, properties: [
            Property("viewController", .strong, type: .object(flutterVC)),
        ])
        let welcome = try heap.defineClass("DJWelcomeViewController", superclass: h.k.viewController, properties: [
            Property("tmpRootVc", fix == .weakProperty ? .weak : .strong, type: .object(h.k.viewController)),
        ])
        // Launch: the FlutterAppDelegate's window shows a FlutterViewController...
        let fvc = try h.sim.make(flutterVC)
        let window = try h.mainWindow(root: fvc)
        if flutterKeepsRoot {
            // ...which the Flutter framework keeps alive (the engine, held by the app delegate).
            let engine = try h.sim.make(engineClass)
            try heap.set(engine, "viewController", .object(fvc))
            try heap.setAssociated(h.sim.appDelegate!, key: "flutterEngine", .object(engine))
        }
        var root = fvc
        if rootIsNavigation {
            // ...and the SDK wraps it: `UINavigationController(rootViewController: rootVc!)`.
            let nav = try h.sim.make(h.k.navigationController, [.object(fvc)])
            try heap.set(try heap.get(nav, "navigationBar").objectID!, "isHidden", .bool(true))
            try heap.set(window, "rootViewController", .object(nav))
            root = nav
        }
        try h.sim.run(1)

        // showSplashAd
        let keyWindow = h.sim.keyWindow!
        let ad = try h.sim.make(welcome)
        heap.label(ad, "ad")
        switch fix {
        case .weakProperty, .strongProperty:
            let tmpRootVc = try heap.get(keyWindow, "rootViewController")
            try heap.set(ad, "view", .nil)      // `vc.view.frame = …` loads the view first
            _ = try heap.get(ad, "view")
            try heap.set(keyWindow, "rootViewController", .object(ad))
            try heap.set(ad, "tmpRootVc", tmpRootVc)
        case .present:
            try heap.set(ad, "modalPresentationStyle", .string("fullScreen"))
            _ = try heap.send(root, "present", [.object(ad), .bool(false)])
        case .push:
            _ = try heap.send(root, "pushViewController", [.object(ad), .bool(false)])
        }
        try h.sim.run(3)
        let aliveDuringAd = heap.isAlive(root)

        // Close the ad.
        switch fix {
        case .weakProperty, .strongProperty:
            let restored = try heap.get(ad, "tmpRootVc")
            try heap.set(h.sim.keyWindow!, "rootViewController", restored)
        case .present, .push:
            if try heap.get(ad, "navigationController") != .nil {
                _ = try heap.send(try heap.get(ad, "navigationController").objectID!, "popViewController", [.bool(false)])
            } else {
                _ = try heap.send(ad, "dismiss", [.bool(false)])
            }
        }
        try h.sim.run(3)
        return (aliveDuringAd, try h.sim.screen().black, h, root, ad)
    }

    @Test func seed000_weakPropertyLosesTheNavigationControllerAndTheScreenGoesBlack() throws {
        let r = try splashAd(.weakProperty)
        #expect(!r.oldRootAliveDuringAd)
        #expect(r.black)
        #expect(try r.h.heap.get(r.h.sim.keyWindow!, "rootViewController") == .nil)
        #expect(r.h.heap.history(r.oldRoot).contains("weak DJWelcomeViewController"))   // zeroing is traced
        #expect(r.h.heap.leaks().isEmpty)
        try r.h.verify()
    }

    @Test func seed000_aFlutterViewControllerKeptByTheEngineSurvivesTheWeakProperty() throws {
        let r = try splashAd(.weakProperty, rootIsNavigation: false, flutterKeepsRoot: true)
        #expect(r.oldRootAliveDuringAd)
        #expect(!r.black)
        #expect(try r.h.heap.get(r.h.sim.keyWindow!, "rootViewController") == .object(r.oldRoot))
        try r.h.sim.run(3)
        #expect(!r.h.heap.isAlive(r.ad))
        #expect(r.h.heap.leaks().isEmpty)
        try r.h.verify()
    }

    @Test(arguments: [AdFix.strongProperty, .present, .push])
    func seed000_fixesRestoreTheRootAndReleaseTheAd(_ fix: AdFix) throws {
        let r = try splashAd(fix)
        #expect(r.oldRootAliveDuringAd)
        #expect(!r.black)
        #expect(try r.h.heap.get(r.h.sim.keyWindow!, "rootViewController") == .object(r.oldRoot))
        #expect(!r.h.heap.isAlive(r.ad))
        #expect(r.h.heap.leaks().isEmpty)
        try r.h.verify()
    }

    // MARK: Seed 001 — lazy getter reading self.view inside its nil-check

    enum WebviewFix { case none, screenBounds, viewOutsideCheck, dispatchAfter }

    func tabBarWebview(_ fix: WebviewFix) throws -> (log: [String], h: UIKitHarness, second: ObjectID, property: ObjectID?, onScreen: [ObjectID]) {
        let h = try UIKitHarness()
        let heap = h.heap
        let wk = try heap.defineClass("WKWebView", superclass: h.k.view)
        for sel in ["loadRequest", "reload", "stopLoading"] { heap.setMethod(Selector(sel), on: wk) { _ in .nil } }
        heap.setMethod("isLoading", on: wk) { _ in .bool(false) }
        let second = try heap.defineClass("SecondController", superclass: h.k.viewController, properties: [Property("_webview", .strong)])
        let store = second.property(named: "_webview")!
        var log: [String] = []
        heap.setMethod("webview", on: second) { inv in
            var frame = Value.rect(h.sim.screenBounds)
            if fix == .viewOutsideCheck { frame = try heap.get(try heap.get(inv.receiver, "view").objectID!, "bounds") }
            if try heap.readSlot(inv.receiver, store).isNil {
                if fix == .none || fix == .dispatchAfter {
                    frame = try heap.get(try heap.get(inv.receiver, "view").objectID!, "bounds")
                }
                let wv = try h.sim.make(wk, [frame])
                try heap.set(wv, "restorationIdentifier", .string("lazy load"))
                log.append("lazy load")
                try heap.writeSlot(inv.receiver, store, .object(wv))
            }
            return try heap.readSlot(inv.receiver, store)
        }
        heap.setMethod("viewDidLoad", on: second) { inv in
            log.append("-[SecondController viewDidLoad] end")
            _ = try heap.send(inv.receiver, "viewDidLoad", as: h.k.viewController)
            _ = try heap.send(try heap.get(inv.receiver, "view").objectID!, "addSubview", [try heap.send(inv.receiver, "webview")])
            try heap.set(try heap.readSlot(inv.receiver, store).objectID!, "restorationIdentifier", .string("-[SecondController viewDidLoad]"))
            _ = try heap.send(try heap.send(inv.receiver, "webview").objectID!, "loadRequest")
            log.append("-[SecondController viewDidLoad] end")
            return .nil
        }
        heap.setMethod("refresh", on: second) { inv in
            log.append("-[SecondController refresh] start")
            if try heap.send(try heap.send(inv.receiver, "webview").objectID!, "isLoading") == .bool(true) {
                _ = try heap.send(try heap.send(inv.receiver, "webview").objectID!, "stopLoading")
            }
            _ = try heap.send(try heap.send(inv.receiver, "webview").objectID!, "reload")
            let ri = try heap.get(try heap.readSlot(inv.receiver, store).objectID!, "restorationIdentifier")
            log.append("_webview.restorationIdentifier == \(ri.description.replacingQuotes)")
            log.append("-[SecondController refresh] end")
            return .nil
        }
        let tabClass = try heap.defineClass("TabbarController", superclass: h.k.tabBarController)
        heap.setMethod("viewDidLoad", on: tabClass) { inv in
            _ = try heap.send(inv.receiver, "viewDidLoad", as: h.k.viewController)
            try heap.set(inv.receiver, "delegate", .object(inv.receiver))
            return .nil
        }
        heap.setMethod("tabBarController_didSelect", on: tabClass) { inv in
            let index = try heap.objects(inv.receiver, h.k.tabControllers).firstIndex(of: inv.argument(1).objectID!)
            if index == 1 {
                let nav = inv.argument(1).objectID!
                let refresh = try heap.makeBlock(strong: [nav], body: .native { _ in
                    let vc = try heap.objects(nav, h.k.navControllers)[0]
                    _ = try heap.send(vc, "refresh")
                    return .nil
                })
                if fix == .dispatchAfter { try h.sim.after(0.5, .object(refresh)) } else { _ = try heap.callBlock(refresh) }
            }
            return .nil
        }
        let first = try h.sim.make(h.k.viewController)
        let secondVC = try h.sim.make(second)
        let secondNav = try h.sim.make(h.k.navigationController, [.object(secondVC)])
        let tab = try h.sim.make(tabClass)
        _ = try heap.send(tab, "setViewControllers", [.array([.object(first), .object(secondNav)])])
        try h.mainWindow(root: tab)
        try h.sim.run(1)
        try h.sim.tapTab(tab, secondNav)        // "we tap the second tab by hand"
        try h.sim.run(1)
        let property = try heap.readSlot(secondVC, store).objectID
        let view = try heap.get(secondVC, "view").objectID!
        return (log, h, secondVC, property, try heap.objects(view, h.k.subviews))
    }

    @Test func seed001_theLazyGetterRunsTwiceInTheArticlesOrder() throws {
        let r = try tabBarWebview(.none)
        #expect(r.log == [
            "-[SecondController refresh] start",
            "-[SecondController viewDidLoad] end",
            "lazy load",
            "-[SecondController viewDidLoad] end",
            "lazy load",
            "_webview.restorationIdentifier == lazy load",
            "-[SecondController refresh] end",
        ])
        // Two web views: the one on screen is no longer the property's, and the property's is not on screen.
        #expect(r.onScreen.count == 1)
        #expect(r.property != nil && r.onScreen[0] != r.property)
        #expect(try r.h.heap.get(r.onScreen[0], "restorationIdentifier") == .string("-[SecondController viewDidLoad]"))
        #expect(try r.h.heap.get(r.property!, "superview") == .nil)
        try r.h.verify()
    }

    @Test(arguments: [WebviewFix.screenBounds, .viewOutsideCheck, .dispatchAfter])
    func seed001_eachFixCreatesOneWebView(_ fix: WebviewFix) throws {
        let r = try tabBarWebview(fix)
        #expect(r.log.filter { $0 == "lazy load" }.count == 1)
        #expect(r.onScreen == [r.property!])
        try r.h.verify()
    }

    // MARK: Seed 002 — windows[0] and keyWindow

    enum AlertPlacement { case viewDidLoad, viewDidAppear, navigationRoot }

    @Test(arguments: [(AlertPlacement.viewDidLoad, true), (.viewDidAppear, false), (.navigationRoot, false)])
    func seed002_anAlertViewAddedToWindowZero(_ c: (placement: AlertPlacement, covered: Bool)) throws {
        let h = try UIKitHarness()
        let heap = h.heap
        let alertView = try heap.defineClass("TDAlertView", superclass: h.k.view)
        heap.setMethod("show", on: alertView) { inv in
            let showWindow = h.sim.windows[0]
            _ = try heap.send(showWindow, "addSubview", [.object(inv.receiver)])
            return .nil
        }
        let vcClass = try heap.defineClass("ViewController", superclass: h.k.viewController)
        var shown: ObjectID?
        let showIt: (Invocation) throws -> Void = { inv in
            try heap.set(try heap.get(inv.receiver, "view").objectID!, "backgroundColor", .string("brown"))
            let a = try h.sim.make(alertView, [.rect(Rect(x: 45, y: 300, width: 300, height: 200))])
            try heap.set(a, "backgroundColor", .string("white"))
            _ = try heap.send(a, "show")
            shown = a
        }
        let hook: Selector = c.placement == .viewDidAppear ? "viewDidAppear" : "viewDidLoad"
        heap.setMethod(hook, on: vcClass) { inv in
            _ = try heap.send(inv.receiver, hook, as: h.k.viewController, inv.arguments)
            try showIt(inv)
            return .nil
        }
        let vc = try h.sim.make(vcClass)
        let root = c.placement == .navigationRoot ? try h.sim.make(h.k.navigationController, [.object(vc)]) : vc
        try h.mainWindow(root: root)
        try h.sim.run(1)
        let screen = try h.sim.screen()
        #expect(screen.coveredViews.contains(shown!) == c.covered)
        let hit = try h.sim.hitTest(Point(x: 195, y: 400))
        #expect((hit == shown) == !c.covered)
        try h.verify()
    }

    @Test(arguments: [false, true])
    func seed002_keyWindowPassesToTheMonitorAndTopViewControllerCrashes(_ useBottomWindow: Bool) throws {
        let h = try UIKitHarness()
        let heap = h.heap
        let page = try heap.defineClass("InviteViewController", superclass: h.k.viewController)
        heap.setMethod("goToPage", on: page) { _ in h.log.append("goToPage"); return .nil }
        let invite = try h.sim.make(page)
        try h.mainWindow(root: invite)
        // AlitripMonitorStatusBar: a window above the status bar level, shown once at start.
        let monitor = try h.sim.make(h.k.window)
        try heap.setAssociated(h.sim.appDelegate!, key: "monitor", .object(monitor))
        try heap.set(monitor, "windowLevel", .double(1000))
        try heap.set(monitor, "rootViewController", .object(try h.sim.make(h.k.viewController)))
        try heap.set(monitor, "isHidden", .bool(false))
        try h.sim.run(1)
        // "Cancel publishing" in an action sheet.
        let sheet = try h.sim.make(h.k.alertController, [.string("Discard?"), .nil, .string("actionSheet")])
        _ = try heap.send(sheet, "addAction", [.object(try h.sim.make(h.k.alertAction, [.string("Cancel"), .string("cancel")]))])
        _ = try heap.send(invite, "present", [.object(sheet), .bool(true)])
        try h.sim.run(1)
        try h.sim.tapAlert(sheet, "Cancel")
        try h.sim.run(1)
        #expect(h.sim.keyWindow == monitor)
        // The topViewController helper, then `[topVC goToPage]`.
        func topViewController() throws -> ObjectID? {
            var window = useBottomWindow ? h.sim.windows[0] : h.sim.keyWindow!
            var root = try heap.get(window, "rootViewController").objectID
            if root == nil { window = h.sim.windows[0]; root = try heap.get(window, "rootViewController").objectID }
            return root
        }
        let top = try topViewController()!
        if useBottomWindow {
            _ = try heap.send(top, "goToPage")
            #expect(h.log == ["goToPage"])
        } else {
            let e = #expect(throws: SimError.self) { try heap.send(top, "goToPage") }
            #expect(e?.description == "NSInvalidArgumentException: -[UIViewController goToPage]: unrecognized selector sent to instance \(top)")
        }
        try h.verify()
    }

    // MARK: Seed 004 — a modal UI in a window of its own

    @Test(arguments: [true, false])
    func seed004_aModalWindowMustBeHeldStrongly(_ held: Bool) throws {
        let h = try UIKitHarness()
        let heap = h.heap
        let main = try h.mainWindow(root: try h.sim.make(h.k.viewController))
        let modal = try heap.defineClass("ModalViewController", superclass: h.k.viewController, properties: [
            Property("newWindow", held ? .strong : .weak, type: .object(h.k.window)),
            Property("prevWindow", .weak, type: .object(h.k.window)),
        ])
        heap.setMethod("show", on: modal) { inv in
            try heap.set(inv.receiver, "prevWindow", h.sim.keyWindow.map(Value.object) ?? .nil)
            let w = try h.sim.make(h.k.window, [.rect(h.sim.screenBounds)])
            try heap.set(w, "rootViewController", .object(inv.receiver))
            _ = try heap.send(w, "makeKeyAndVisible")
            try heap.set(inv.receiver, "newWindow", .object(w))
            return .nil
        }
        heap.setMethod("dismiss", on: modal) { inv in
            if let prev = try heap.get(inv.receiver, "prevWindow").objectID { _ = try heap.send(prev, "makeKeyAndVisible") }
            if let w = try heap.get(inv.receiver, "newWindow").objectID { try heap.set(w, "rootViewController", .nil) }
            try heap.set(inv.receiver, "newWindow", .nil)
            return .nil
        }
        let m = try h.sim.make(modal)
        _ = try heap.send(m, "show")
        let w = try heap.get(m, "newWindow").objectID!
        try h.sim.run(1)
        #expect(heap.isAlive(w) == held)
        #expect(h.sim.visibleWindows.contains(w) == held)
        if held {
            #expect(h.sim.keyWindow == w)
            _ = try heap.send(m, "dismiss")
            try h.sim.run(1)
            #expect(!heap.isAlive(w) && !heap.isAlive(m))
            #expect(h.sim.keyWindow == main)
        } else {
            #expect(h.sim.keyWindow == main)                 // it never showed for long
            #expect(!heap.isAlive(m))
        }
        #expect(heap.leaks().isEmpty)
        try h.verify()
    }
}

extension String {
    var replacingQuotes: String { filter { $0 != "\"" } }
}
