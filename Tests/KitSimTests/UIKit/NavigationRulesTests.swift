import Testing
@testable import KitSimRuntime
@testable import KitSim

/// SPEC §3.4 rules 17–21 and the reference orders of §3.5.
@Suite struct NavigationRulesTests {
    /// A navigation controller on screen with root A, all callbacks so far discarded.
    func navOnScreen(_ h: UIKitHarness) throws -> (nav: ObjectID, a: ObjectID) {
        let a = try h.vc("A")
        let nav = try h.nav("nav", root: a)
        try h.mainWindow(root: nav)
        try h.sim.run(0)
        _ = h.take()
        return (nav, a)
    }

    @Test func rule17_aContainerLoadsItsChildInTheLayoutPass() throws {
        let h = try UIKitHarness()
        let a = try h.vc("A")
        let nav = try h.nav("nav", root: a)
        try h.mainWindow(root: nav)
        #expect(try h.heap.get(a, "isViewLoaded") == .bool(false))     // nav's view is in, A's is not
        try h.sim.run(0)
        // (A.willMove/didMove came from UINavigationController(root), before the label.)
        #expect(h.take().filter { !$0.contains("Move(") } == ["nav.viewDidLoad", "nav.viewWillAppear",
                             "nav.viewDidAppear", "A.viewDidLoad", "A.viewWillAppear", "A.viewDidAppear"])
        try h.verify()
    }

    @Test func rule17_stackAccessors() throws {
        let h = try UIKitHarness()
        let (nav, a) = try navOnScreen(h)
        let b = try h.vc("B")
        _ = try h.heap.send(nav, "pushViewController", [.object(b), .bool(false)])
        #expect(try h.heap.get(nav, "viewControllers") == .array([.object(a), .object(b)]))
        #expect(try h.heap.get(nav, "topViewController") == .object(b))
        #expect(try h.heap.get(nav, "visibleViewController") == .object(b))
        #expect(try h.heap.get(b, "navigationController") == .object(nav))
        let bar = try h.heap.get(nav, "navigationBar").objectID!
        try h.heap.set(bar, "isHidden", .bool(true))
        #expect(try h.heap.get(bar, "isHidden") == .bool(true))
        try h.verify()
    }

    @Test func rule13_appearanceOrderOfPushAndPop() throws {
        let h = try UIKitHarness()
        let (nav, _) = try navOnScreen(h)
        let b = try h.vc("B")
        _ = try h.heap.send(nav, "pushViewController", [.object(b), .bool(true)])
        try h.sim.run(1)
        #expect(h.take() == ["B.willMove(nav)", "B.viewDidLoad", "A.viewWillDisappear", "B.viewWillAppear",
                             "A.viewDidDisappear", "B.viewDidAppear", "B.didMove(nav)"])
        #expect(try h.heap.send(nav, "popViewController", [.bool(true)]) == .object(b))
        try h.sim.run(1)
        #expect(h.take() == ["B.willMove(nil)", "B.viewWillDisappear", "A.viewWillAppear", "B.viewDidDisappear",
                             "A.viewDidAppear", "B.didMove(nil)"])
        #expect(!h.heap.isAlive(b))
        #expect(h.heap.leaks().isEmpty)
        try h.verify()
    }

    @Test func rule13_animatedDidCallbacksWaitForTheTransitionOnTheVirtualClock() throws {
        let h = try UIKitHarness()
        let (nav, _) = try navOnScreen(h)
        _ = try h.heap.send(nav, "pushViewController", [.object(try h.vc("B")), .bool(true)])
        try h.sim.run(0.34)
        #expect(!h.log.contains("B.viewDidAppear"))
        try h.sim.run(0.01)
        #expect(h.log.contains("B.viewDidAppear"))
        try h.verify()
    }

    @Test func rule18_pushingTheSameInstanceOrANavigationControllerRaises() throws {
        let h = try UIKitHarness()
        let (nav, a) = try navOnScreen(h)
        let same = #expect(throws: SimError.self) { try h.heap.send(nav, "pushViewController", [.object(a), .bool(false)]) }
        #expect(same?.description == "NSInvalidArgumentException: Pushing the same view controller instance more than once is not supported")
        let other = try h.nav("other", root: nil)
        let navPush = #expect(throws: SimError.self) { try h.heap.send(nav, "pushViewController", [.object(other), .bool(false)]) }
        #expect(navPush?.description == "NSInvalidArgumentException: Pushing a navigation controller is not supported")
        try h.verify()
    }

    @Test func aControllerPushedOntoTwoNavigationControllersRaises() throws {
        let h = try UIKitHarness()
        let (nav, _) = try navOnScreen(h)
        let b = try h.vc("B")
        let other = try h.nav("other", root: b)
        try h.heap.hold(other)
        let e = #expect(throws: SimError.self) { try h.heap.send(nav, "pushViewController", [.object(b), .bool(false)]) }
        #expect(e?.exceptionName == "UIViewControllerHierarchyInconsistency")
        #expect(e?.message == "child view controller:\(h.sim.angle(b)) should have parent view controller:\(h.sim.angle(other)) but requested parent is:\(h.sim.angle(nav))")
        try h.verify()
    }

    @Test func rule19_aPushDuringAnAnimatedTransitionCrashes() throws {
        // Seed 003: two animated pushes back to back.
        let h = try UIKitHarness()
        let (nav, _) = try navOnScreen(h)
        _ = try h.heap.send(nav, "pushViewController", [.object(try h.vc("B")), .bool(true)])
        let c = try h.vc("C")
        let e = #expect(throws: SimError.self) { try h.heap.send(nav, "pushViewController", [.object(c), .bool(true)]) }
        #expect(e?.description == "NSInvalidArgumentException: Can't add self as subview")
        #expect(h.heap.warnings == ["nested push animation can result in corrupted navigation bar"])
        try h.sim.run(1)
        #expect(try h.heap.objects(nav, h.sim[UINavigationController.viewControllers]).count == 2)
        try h.verify()
    }

    @Test func rule19_theSwizzledGuardOfSeed003PreventsTheCrash() throws {
        let h = try UIKitHarness()
        let (nav, _) = try navOnScreen(h)
        let navClass = h.sim[UINavigationController.self]
        // The flag lives in an associated object, as the category's objc_setAssociatedObject does.
        func inProgress(_ n: ObjectID) throws -> Bool { try h.heap.associatedValue(n, key: "ObjectTag") == .bool(true) }
        func setInProgress(_ n: ObjectID, _ v: Bool) throws { try h.heap.setAssociated(n, key: "ObjectTag", .bool(v)) }
        try h.heap.replaceMethod("pushViewController", on: navClass, with: .native { inv in
            if try !inProgress(inv.receiver) {
                _ = try inv.callOriginal()
                if inv.bool(1, default: true) { try setInProgress(inv.receiver, true) }
            }
            return .nil
        })
        try h.heap.replaceMethod("didShowViewController", on: navClass, with: .native { inv in
            _ = try inv.callOriginal()
            try setInProgress(inv.receiver, false)
            return .nil
        })
        _ = try h.heap.send(nav, "pushViewController", [.object(try h.vc("B")), .bool(true)])
        _ = try h.heap.send(nav, "pushViewController", [.object(try h.vc("C")), .bool(true)])   // ignored
        try h.sim.run(1)
        #expect(try h.heap.objects(nav, h.sim[UINavigationController.viewControllers]).count == 2)
        _ = try h.heap.send(nav, "pushViewController", [.object(try h.vc("D")), .bool(true)])    // after the flag cleared
        try h.sim.run(1)
        #expect(try h.heap.objects(nav, h.sim[UINavigationController.viewControllers]).count == 3)
        #expect(h.heap.warnings.isEmpty)
        try h.verify()
    }

    @Test func popToRootAndPopToViewController() throws {
        let h = try UIKitHarness()
        let (nav, a) = try navOnScreen(h)
        let b = try h.vc("B")
        _ = try h.heap.send(nav, "pushViewController", [.object(b), .bool(false)])
        let c = try h.vc("C")
        _ = try h.heap.send(nav, "pushViewController", [.object(c), .bool(false)])
        try h.sim.run(0)
        #expect(try h.heap.send(nav, "popToViewController", [.object(b), .bool(false)]) == .array([.object(c)]))
        try h.sim.run(0)
        #expect(!h.heap.isAlive(c))
        let stranger = try h.vc("X")
        let e = #expect(throws: SimError.self) { try h.heap.send(nav, "popToViewController", [.object(stranger), .bool(false)]) }
        #expect(e?.description == "NSInternalInconsistencyException: Tried to pop to a view controller that doesn't exist.")
        #expect(try h.heap.send(nav, "popToRootViewController", [.bool(false)]) == .array([.object(b)]))
        try h.sim.run(0)
        #expect(try h.heap.get(nav, "viewControllers") == .array([.object(a)]))
        #expect(!h.heap.isAlive(b))
        try h.verify()
    }

    @Test func setViewControllersReplacesTheStack() throws {
        let h = try UIKitHarness()
        let (nav, a) = try navOnScreen(h)
        let b = try h.vc("B"), c = try h.vc("C")
        _ = try h.heap.send(nav, "setViewControllers", [.array([.object(b), .object(c)]), .bool(false)])
        try h.sim.run(0)
        #expect(try h.heap.get(nav, "viewControllers") == .array([.object(b), .object(c)]))
        #expect(!h.heap.isAlive(a))
        #expect(h.log.contains("C.viewDidAppear") && h.log.contains("A.viewDidDisappear"))
        #expect(try h.heap.get(b, "isViewLoaded") == .bool(false))
        try h.verify()
    }

    @Test func delegateHearsWillShowAndDidShow() throws {
        let h = try UIKitHarness()
        let (nav, _) = try navOnScreen(h)
        let delegateClass = try h.heap.defineClass("NavDelegate", superclass: h.heap.rootClass)
        for sel in ["navigationController_willShow", "navigationController_didShow"] {
            h.heap.setMethod(Selector(sel), on: delegateClass) { inv in
                h.log.append("\(sel)(\(h.name(inv.argument(1).objectID!)))"); return .nil
            }
        }
        let d = h.heap.alloc(delegateClass)
        try h.heap.hold(d)
        try h.heap.set(nav, "delegate", .object(d))
        _ = try h.heap.send(nav, "pushViewController", [.object(try h.vc("B")), .bool(true)])
        try h.sim.run(1)
        #expect(h.take().filter { $0.hasPrefix("navigation") } == ["navigationController_willShow(B)", "navigationController_didShow(B)"])
        try h.heap.unhold(d)
        #expect(try h.heap.get(nav, "delegate") == .nil)                 // delegate is weak
        try h.verify()
    }

    @Test func rule13_appearanceOrderOfPresentAndDismiss() throws {
        let h = try UIKitHarness()
        let a = try h.vc("A")
        try h.mainWindow(root: a)
        try h.sim.run(0)
        _ = h.take()
        let b = try h.vc("B")
        try h.heap.set(b, "modalPresentationStyle", .string("fullScreen"))
        _ = try h.heap.send(a, "present", [.object(b), .bool(true), try h.completion("presented")])
        try h.sim.run(1)
        #expect(h.take() == ["B.viewDidLoad", "A.viewWillDisappear", "B.viewWillAppear", "B.viewDidAppear",
                             "A.viewDidDisappear", "presented"])
        _ = try h.heap.send(b, "dismiss", [.bool(true), try h.completion("dismissed")])
        try h.sim.run(1)
        #expect(h.take() == ["B.viewWillDisappear", "A.viewWillAppear", "A.viewDidAppear", "B.viewDidDisappear", "dismissed"])
        #expect(!h.heap.isAlive(b))
        #expect(h.heap.leaks().isEmpty)
        try h.verify()
    }

    @Test func rule13_pageSheetsGiveThePresenterNoCallbacks() throws {
        let h = try UIKitHarness()
        let a = try h.vc("A")
        try h.mainWindow(root: a)
        try h.sim.run(0)
        _ = h.take()
        let b = try h.vc("B")                                  // iOS 17 default: page sheet
        _ = try h.heap.send(a, "present", [.object(b), .bool(false)])
        try h.sim.run(0)
        _ = try h.heap.send(a, "dismiss", [.bool(false)])
        try h.sim.run(0)
        #expect(h.take() == ["B.viewDidLoad", "B.viewWillAppear", "B.viewDidAppear", "B.viewWillDisappear", "B.viewDidDisappear"])
        try h.verify()
    }

    @Test func rule20_tabSwitchOrderAndDelegateOnlyForTaps() throws {
        let h = try UIKitHarness()
        let a = try h.vc("A"), b = try h.vc("B")
        let tab = try h.sim.make(h.loggingTab)
        h.heap.label(tab, "tab")
        _ = try h.heap.send(tab, "setViewControllers", [.array([.object(a), .object(b)])])
        try h.mainWindow(root: tab)
        try h.sim.run(0)
        _ = h.take()
        let delegateClass = try h.heap.defineClass("TabDelegate", superclass: h.heap.rootClass)
        h.heap.setMethod("tabBarController_didSelect", on: delegateClass) { inv in
            let child = inv.argument(1).objectID!
            h.log.append("didSelect(\(h.name(child))) loaded=\(try h.heap.get(child, "isViewLoaded"))")
            return .nil
        }
        let d = h.heap.alloc(delegateClass)
        try h.heap.hold(d)
        try h.heap.set(tab, "delegate", .object(d))
        try h.sim.tapTab(tab, b)
        try h.sim.run(0)
        #expect(h.take() == ["didSelect(B) loaded=false", "B.viewDidLoad", "B.viewWillAppear", "A.viewWillDisappear",
                             "A.viewDidDisappear", "B.viewDidAppear"])
        try h.heap.set(tab, "selectedIndex", .int(0))         // from code: no delegate call
        try h.sim.run(0)
        #expect(h.take() == ["A.viewWillAppear", "B.viewWillDisappear", "B.viewDidDisappear", "A.viewDidAppear"])
        #expect(try h.heap.get(tab, "selectedViewController") == .object(a))
        try h.verify()
    }

    /// Rule 21 as corrected (rule 80): a presented alert is an ordinary presentation in
    /// the presenter's window; no window is made and key status does not move.
    @Test func rule21_anAlertIsPresentedInThePresentersWindowAndKeyStays() throws {
        let h = try UIKitHarness()
        let root = try h.vc("root")
        let main = try h.mainWindow(root: root)
        let monitor = try h.sim.make(h.sim[UIWindow.self])
        try h.heap.hold(monitor)
        try h.heap.set(monitor, "windowLevel", .double(1000))
        try h.heap.set(monitor, "isHidden", .bool(false))
        try h.sim.run(0)
        let windows = h.sim.visibleWindows.count
        let sheet = try h.sim.make(h.sim[UIAlertController.self], [.string("Publish?"), .nil, .string("actionSheet")])
        _ = try h.heap.send(sheet, "addAction", [.object(try h.sim.make(h.sim[UIAlertAction.self], [.string("Cancel"), .string("cancel"), try h.completion("cancelled")]))])
        _ = try h.heap.send(root, "present", [.object(sheet), .bool(true)])
        try h.sim.run(1)
        #expect(h.sim.keyWindow == main)
        #expect(h.sim.visibleWindows.count == windows, "no window of its own")
        #expect(try h.heap.get(root, "presentedViewController") == .object(sheet))
        guard case .object(let sheetView) = try h.heap.get(sheet, "view") else { Issue.record("the alert has no view"); return }
        #expect(try h.sim.views.windowOf(sheetView) == main)
        try h.sim.tapAlert(sheet, "Cancel")
        try h.sim.run(0)
        #expect(h.take().last == "cancelled")
        #expect(h.sim.keyWindow == main)
        #expect(!h.heap.isAlive(sheet))
        try h.verify()
    }

    @Test func rule22_runLoopFiresTimersInTimeOrderAndDrainsEachTurn() throws {
        let h = try UIKitHarness()
        for (delay, name) in [(0.5, "b"), (0.2, "a"), (0.5, "c")] {
            try h.sim.after(delay, try h.completion(name))
        }
        #expect(h.sim.now == 0)
        try h.sim.run(0.3)
        #expect(h.log == ["a"] && abs(h.sim.now - 0.3) < 1e-9)
        try h.sim.run(1)
        #expect(h.log == ["a", "b", "c"])
        let temp = try h.vc("temp")
        try h.sim.run(0)                                        // run(0) finishes the turn: drain
        #expect(!h.heap.isAlive(temp))
        let e = #expect(throws: SimError.self) { try h.sim.run(-1) }
        #expect(e?.message.hasPrefix("bad argument #1 to 'run'") == true)
        try h.verify()
    }
}
