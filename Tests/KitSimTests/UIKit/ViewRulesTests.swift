import Testing
@testable import KitSimRuntime
@testable import KitSim

/// SPEC §3.2, rules 8–10.
@Suite struct ViewRulesTests {
    @Test func rule8_addSubviewAppendsOnTopAndMovesBetweenSuperviews() throws {
        let h = try UIKitHarness()
        let a = try h.sim.make(h.sim[UIView.self]), b = try h.sim.make(h.sim[UIView.self]), c = try h.sim.make(h.sim[UIView.self])
        try h.heap.hold(a); try h.heap.hold(b)
        _ = try h.heap.send(a, "addSubview", [.object(c)])
        _ = try h.heap.send(a, "addSubview", [.object(b)])
        #expect(try h.heap.get(a, "subviews") == .array([.object(c), .object(b)]))
        #expect(try h.heap.get(c, "superview") == .object(a))
        _ = try h.heap.send(b, "addSubview", [.object(c)])      // moves c: removed from a first
        #expect(try h.heap.get(a, "subviews") == .array([.object(b)]))
        #expect(try h.heap.get(c, "superview") == .object(b))
        try h.sim.run(0)
        #expect(h.heap.isAlive(c) && h.heap.retainCount(c) == 1)   // subviews are strong
        _ = try h.heap.send(c, "removeFromSuperview")
        #expect(!h.heap.isAlive(c))
        try h.verify()
    }

    @Test(arguments: ["self", "ancestor"]) func rule8_cantAddSelfAsSubview(_ which: String) throws {
        let h = try UIKitHarness()
        let a = try h.sim.make(h.sim[UIView.self]), b = try h.sim.make(h.sim[UIView.self])
        _ = try h.heap.send(a, "addSubview", [.object(b)])
        let e = #expect(throws: SimError.self) {
            if which == "self" { _ = try h.heap.send(a, "addSubview", [.object(a)]) }
            else { _ = try h.heap.send(b, "addSubview", [.object(a)]) }
        }
        #expect(e?.description == "NSInvalidArgumentException: Can't add self as subview")
        #expect(try h.heap.get(a, "subviews") == .array([.object(b)]))
        try h.verify()
    }

    @Test func rule8_bringToFrontInsertAndDescendant() throws {
        let h = try UIKitHarness()
        let p = try h.sim.make(h.sim[UIView.self]), a = try h.sim.make(h.sim[UIView.self]), b = try h.sim.make(h.sim[UIView.self]), c = try h.sim.make(h.sim[UIView.self])
        for v in [a, b] { _ = try h.heap.send(p, "addSubview", [.object(v)]) }
        _ = try h.heap.send(p, "insertSubview", [.object(c), .int(0)])
        #expect(try h.heap.get(p, "subviews") == .array([.object(c), .object(a), .object(b)]))
        _ = try h.heap.send(p, "bringSubviewToFront", [.object(c)])
        #expect(try h.heap.get(p, "subviews") == .array([.object(a), .object(b), .object(c)]))
        #expect(try h.heap.send(c, "isDescendant", [.object(p)]) == .bool(true))
        #expect(try h.heap.send(p, "isDescendant", [.object(c)]) == .bool(false))
        try h.verify()
    }

    @Test func rule9_hitTestSkipsHiddenNonInteractiveAndTransparentViews() throws {
        let h = try UIKitHarness()
        let w = try h.mainWindow(root: nil)
        let back = try h.sim.make(h.sim[UIView.self], [.rect(h.sim.screenBounds)])
        let front = try h.sim.make(h.sim[UIView.self], [.rect(Rect(x: 0, y: 0, width: 200, height: 200))])
        _ = try h.heap.send(w, "addSubview", [.object(back)])
        _ = try h.heap.send(w, "addSubview", [.object(front)])
        let p = Point(x: 10, y: 10)
        #expect(try h.sim.hitTest(p) == front)
        for (prop, value, restore) in [("isHidden", Value.bool(true), Value.bool(false)),
                                       ("isUserInteractionEnabled", .bool(false), .bool(true)),
                                       ("alpha", .double(0), .double(1))] {
            try h.heap.set(front, prop, value)
            #expect(try h.sim.hitTest(p) == back, "\(prop)")
            try h.heap.set(front, prop, restore)
        }
        #expect(try h.sim.hitTest(Point(x: 300, y: 300)) == back)
        try h.verify()
    }

    @Test func rule9_anOverriddenHitTestReturningNilPassesTheTouchBelow() throws {
        // Seed 004: a pass-through window over the main window.
        let h = try UIKitHarness()
        let main = try h.mainWindow(root: nil)
        let button = try h.sim.make(h.sim[UIView.self], [.rect(h.sim.screenBounds)])
        _ = try h.heap.send(main, "addSubview", [.object(button)])
        let throughView = try h.heap.defineClass("ThroughView", superclass: h.sim[UIView.self])
        let progressWindow = try h.heap.defineClass("ProgressWindow", superclass: h.sim[UIWindow.self])
        h.heap.setMethod("hitTest", on: progressWindow) { inv in
            let hit = try inv.heap.send(inv.receiver, "hitTest", as: h.sim[UIWindow.self], inv.arguments)
            if let v = hit.objectID, inv.heap.isKind(v, of: throughView) { return .nil }
            return hit
        }
        let overlay = try h.sim.make(progressWindow)
        try h.heap.hold(overlay)
        try h.heap.set(overlay, "windowLevel", .double(1000))
        try h.heap.set(overlay, "isHidden", .bool(false))
        let through = try h.sim.make(throughView, [.rect(Rect(x: 0, y: 100, width: 390, height: 700))])
        let badge = try h.sim.make(h.sim[UIView.self], [.rect(Rect(x: 0, y: 0, width: 390, height: 100))])
        _ = try h.heap.send(overlay, "addSubview", [.object(through)])
        _ = try h.heap.send(overlay, "addSubview", [.object(badge)])
        #expect(try h.sim.hitTest(Point(x: 10, y: 10)) == badge)
        #expect(try h.sim.hitTest(Point(x: 10, y: 400)) == button)      // through the overlay
        #expect(h.sim.keyWindow == main)                               // isHidden = false: no key status
        try h.verify()
    }

    @Test func rule10_screenDescribesWindowsTopDownWithControllersAndCovers() throws {
        let h = try UIKitHarness()
        let root = try h.vc("root")
        let w = try h.mainWindow(root: root)
        try h.sim.run(0)
        let s = try h.sim.screen()
        #expect(s.windows.map(\.id) == [w])
        #expect(s.keyWindow == w && !s.black)
        #expect(s.visibleControllers == [root])
        #expect(s.description.contains("UIWindow#"))
        #expect(s.description.contains("(view of LoggingViewController"))
        try h.verify()
    }
}
