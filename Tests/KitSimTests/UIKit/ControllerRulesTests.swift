import Testing
@testable import KitSimRuntime
@testable import KitSim
import KitSimReport

/// SPEC §3.3, rules 11–16.
@Suite struct ControllerRulesTests {
    @Test func rule11_viewLoadsLazilyAndReentrantly() throws {
        let h = try UIKitHarness()
        let vc = try h.vc("A")
        var seenInside: Value?
        h.heap.setMethod("viewDidLoad", on: h.loggingVC) { inv in
            seenInside = try inv.heap.get(inv.receiver, "isViewLoaded")
            h.log.append("A.viewDidLoad")
            return .nil
        }
        #expect(try h.heap.get(vc, "isViewLoaded") == .bool(false))
        #expect(try h.heap.get(vc, "viewIfLoaded") == .nil)
        let v = try h.heap.get(vc, "view")
        #expect(seenInside == .bool(true))
        #expect(try h.heap.get(vc, "view") == v)
        #expect(h.take() == ["A.viewDidLoad"])
        try h.verify()
    }

    @Test func rule11_aLazyGetterReadingViewInsideItsNilCheckRunsTwice() throws {
        // Seed 001's webview getter, in Swift on the runtime.
        let h = try UIKitHarness()
        let second = try h.heap.defineClass("SecondController", superclass: h.sim[UIViewController.self], properties: [
            Property("_webview", .strong),
        ])
        let store = second.property(named: "_webview")!
        h.heap.setMethod("webview", on: second) { inv in
            if try inv.heap.readSlot(inv.receiver, store).isNil {
                let bounds = try inv.heap.get(try inv.heap.get(inv.receiver, "view").objectID!, "bounds")
                let wv = try h.sim.make(h.sim[UIView.self], [bounds])
                try inv.heap.set(wv, "restorationIdentifier", .string("lazy load"))
                h.log.append("lazy load")
                try inv.heap.writeSlot(inv.receiver, store, .object(wv))
            }
            return try inv.heap.readSlot(inv.receiver, store)
        }
        h.heap.setMethod("viewDidLoad", on: second) { inv in
            h.log.append("viewDidLoad")
            let wv = try inv.heap.send(inv.receiver, "webview")
            _ = try inv.heap.send(try inv.heap.get(inv.receiver, "view").objectID!, "addSubview", [wv])
            try inv.heap.set(wv.objectID!, "restorationIdentifier", .string("-[SecondController viewDidLoad]"))
            return .nil
        }
        let vc = try h.sim.make(second)
        let wv = try h.heap.send(vc, "webview").objectID!
        #expect(h.take() == ["viewDidLoad", "lazy load", "lazy load"])
        #expect(try h.heap.get(wv, "restorationIdentifier") == .string("lazy load"))
        let onScreen = try h.heap.objects(try h.heap.get(vc, "view").objectID!, h.sim[UIView.subviews])
        #expect(onScreen.count == 1 && onScreen[0] != wv)
        try h.verify()
    }

    @Test func rule12_loadViewIfNeeded() throws {
        let h = try UIKitHarness()
        let vc = try h.vc("A")
        _ = try h.heap.send(vc, "loadViewIfNeeded")
        _ = try h.heap.send(vc, "loadViewIfNeeded")
        #expect(h.take() == ["A.viewDidLoad"])
        #expect(try h.heap.get(vc, "viewIfLoaded") != .nil)
        try h.verify()
    }

    @Test func rule12_aLoadViewThatNeverSetsTheViewIsStopped() throws {
        let h = try UIKitHarness()
        let broken = try h.heap.defineClass("Broken", superclass: h.sim[UIViewController.self])
        h.heap.setMethod("loadView", on: broken) { _ in .nil }
        h.heap.setMethod("viewDidLoad", on: broken) { inv in _ = try inv.heap.get(inv.receiver, "view"); return .nil }
        let vc = try h.sim.make(broken)
        let e = #expect(throws: SimError.self) { try h.heap.get(vc, "view") }
        #expect(e?.kind == .limit)
        #expect(e?.message.contains("loadView did not set self.view") == true)
        try h.verify()
    }

    @Test func rule14_containment() throws {
        let h = try UIKitHarness()
        let parent = try h.vc("P"), child = try h.vc("C")
        try h.heap.hold(parent)
        _ = try h.heap.send(parent, "addChild", [.object(child)])
        #expect(h.take() == ["C.willMove(P)"])
        #expect(try h.heap.get(child, "parent") == .object(parent))
        #expect(try h.heap.get(parent, "children") == .array([.object(child)]))
        try h.sim.run(0)
        #expect(h.heap.isAlive(child))                            // children are strong
        _ = try h.heap.send(child, "removeFromParent")
        #expect(h.take() == ["C.didMove(nil)"])
        #expect(!h.heap.isAlive(child))
        try h.verify()
    }

    @Test func rule15_presentRetainsAndBacklinks() throws {
        let h = try UIKitHarness()
        let a = try h.vc("A")
        try h.mainWindow(root: a)
        try h.sim.run(0)
        let b = try h.vc("B")
        try h.heap.set(b, "modalPresentationStyle", .string("fullScreen"))
        _ = try h.heap.send(a, "present", [.object(b), .bool(false), try h.completion("completion")])
        try h.sim.run(0)
        #expect(try h.heap.get(a, "presentedViewController") == .object(b))
        #expect(try h.heap.get(b, "presentingViewController") == .object(a))
        #expect(h.heap.isAlive(b))
        try h.verify()
    }

    @Test func rule15_presentingTwiceOrFromOffscreenWarnsAndDoesNothing() throws {
        let h = try UIKitHarness()
        let a = try h.vc("A")
        try h.mainWindow(root: a)
        try h.sim.run(0)
        let b = try h.vc("B"), c = try h.vc("C"), off = try h.vc("Off")
        _ = try h.heap.send(a, "present", [.object(b), .bool(false)])
        _ = try h.heap.send(a, "present", [.object(c), .bool(false)])
        try h.heap.hold(off)
        _ = try h.heap.send(off, "present", [.object(c), .bool(false)])
        #expect(h.heap.warnings == [
            "Attempt to present \(h.sim.angle(c)) on \(h.sim.angle(a)) (from \(h.sim.angle(a))) which is already presenting \(h.sim.angle(b)).",
            "Attempt to present \(h.sim.angle(c)) on \(h.sim.angle(off)) (from \(h.sim.angle(off))) whose view is not in the window hierarchy.",
        ])
        #expect(try h.heap.get(c, "presentingViewController") == .nil)
        try h.sim.run(0)
        #expect(!h.heap.isAlive(c))
        try h.verify()
    }

    @Test func rule15_presentingNilOrAnActiveControllerRaises() throws {
        let h = try UIKitHarness()
        let a = try h.vc("A")
        try h.mainWindow(root: a)
        try h.sim.run(0)
        let nilError = #expect(throws: SimError.self) { try h.heap.send(a, "present", [.nil, .bool(false)]) }
        #expect(nilError?.description == "NSInvalidArgumentException: Application tried to present a nil modal view controller on target \(h.sim.angle(a)).")
        let active = #expect(throws: SimError.self) { try h.heap.send(a, "present", [.object(a), .bool(false)]) }
        #expect(active?.description == "NSInvalidArgumentException: Application tried to present modally an active controller \(h.sim.angle(a)).")
        try h.verify()
    }

    /// SPEC rule 16 (seed 004): a root swap while the root is presenting.
    @Test(arguments: [(7, false), (8, true), (17, true)])
    func rule16_rootSwapWhilePresenting(_ c: (ios: Int, leaks: Bool)) throws {
        let h = try UIKitHarness(ios: c.ios)
        let old = try h.vc("old")
        let w = try h.mainWindow(root: old)
        try h.sim.run(0)
        let modal = try h.vc("modal")
        _ = try h.heap.send(old, "present", [.object(modal), .bool(false)])
        try h.sim.run(0)
        try h.heap.set(w, "rootViewController", .object(try h.vc("new")))
        try h.sim.run(3)
        #expect(h.heap.isAlive(old) == c.leaks)
        let abandoned = h.heap.leaks().filter { $0.kind == .abandoned }
        #expect(abandoned.map(\.objects) == (c.leaks ? [[old]] : []))
        if c.leaks {
            #expect(abandoned[0].message(in: h.heap).contains("left the UI (replaced as UIWindow"))
            #expect(abandoned[0].message(in: h.heap).contains("UITransitionView"))
        }
        try h.verify(leaks: c.leaks ? [.abandoned] : [])
    }

    @Test(arguments: [7, 17]) func rule16_dismissingTheChainFirstReleasesTheOldRoot(_ ios: Int) throws {
        let h = try UIKitHarness(ios: ios)
        let old = try h.vc("old")
        let w = try h.mainWindow(root: old)
        try h.sim.run(0)
        let m1 = try h.vc("m1")
        _ = try h.heap.send(old, "present", [.object(m1), .bool(false)])
        try h.sim.run(0)
        let m2 = try h.vc("m2")        // made now: a new object only lives to the end of the turn
        _ = try h.heap.send(m1, "present", [.object(m2), .bool(false)])
        try h.sim.run(0)
        // safeRootViewController: dismiss from the top down, then swap.
        let new = try h.vc("new")
        let swap = try h.heap.makeBlock(body: .native { _ in
            try h.heap.set(w, "rootViewController", .object(new)); return .nil
        })
        let dismissM1 = try h.heap.makeBlock(body: .native { _ in
            _ = try h.heap.send(m1, "dismiss", [.bool(false), .object(swap)]); return .nil
        })
        _ = try h.heap.send(m2, "dismiss", [.bool(false), .object(dismissM1)])
        try h.sim.run(3)
        #expect(!h.heap.isAlive(old) && !h.heap.isAlive(m1) && !h.heap.isAlive(m2))
        #expect(try h.heap.get(w, "rootViewController") == .object(new))
        #expect(h.heap.leaks().isEmpty)
        try h.verify()
    }
}

/// SPEC 3.5: the model's chains (superview, parent, presentation) stay acyclic, and a walk
/// of one that does not end is an invariant failure with a message, never a hang.
@Suite struct ChainTests {
    @Test func presentingAControllerThatIsPresentingRaisesAndChangesNothing() throws {
        let h = try UIKitHarness()
        let w = try h.sim.make(h.sim[UIWindow.self])
        try h.heap.set(h.sim.appDelegate!, "window", .object(w))
        let a = try h.sim.make(h.sim[UIViewController.self]), b = try h.sim.make(h.sim[UIViewController.self])
        try h.heap.hold(b)
        try h.heap.set(w, "rootViewController", .object(a))
        _ = try h.heap.send(w, "makeKeyAndVisible")
        _ = try h.heap.send(a, "present", [.object(b), .bool(false)])
        try h.sim.run(0)
        try h.heap.set(w, "rootViewController", .nil)
        try h.heap.hold(a)
        try h.sim.run(0)
        let e = #expect(throws: SimError.self) { _ = try h.heap.send(b, "present", [.object(a), .bool(false)]) }
        #expect(e?.description == "NSInvalidArgumentException: Application tried to present modally an active controller <UIViewController: \(a)>.")
        #expect(try h.heap.get(b, "presentedViewController") == .nil)
        #expect(try h.heap.get(a, "presentingViewController") == .nil)
        try h.verify()
    }

    @Test(arguments: ["superview", "parent", "presentedViewController"])
    func aCorruptedChainIsAnInvariantFailure(_ link: String) throws {
        let h = try UIKitHarness()
        let isView = link == "superview"
        let x = try h.sim.make(isView ? h.sim[UIView.self] : h.sim[UIViewController.self])
        let y = try h.sim.make(isView ? h.sim[UIView.self] : h.sim[UIViewController.self])
        try h.heap.hold(x); try h.heap.hold(y)
        // Corrupt the chain behind the model's back: x → y → x.
        let p = try h.heap.property(link, of: x)
        try h.heap.writeSlot(x, p, .object(y))
        try h.heap.writeSlot(y, p, .object(x))
        let e = #expect(throws: SimError.self) {
            switch link {
            case "superview": _ = try h.sim.views.isDescendant(x, of: try h.sim.make(h.sim[UIView.self]))
            case "parent": _ = try h.sim.lifecycle.ancestor(of: x, kind: UINavigationController.handle)
            default: _ = try h.sim.chain(from: x, along: p)
            }
        }
        #expect(e?.kind == .invariant)
        #expect(e?.message.hasPrefix("the \(link) chain from ") == true)
        #expect(e?.message.contains("does not end") == true)
    }
}
