import Testing
@testable import KitSimRuntime
@testable import KitSim

/// The navigation transitions own their state and check it (SPEC rule 19).
@Suite struct NavigationTransitionsTests {
    @Test func oneTransitionPerNavigationController() {
        Simulator.checksInvariants = true
        var t = NavigationTransitions()
        t.begin(ObjectID(4), NavTransition(from: ObjectID(5), to: ObjectID(6)))
        #expect(t[ObjectID(4)]?.to == ObjectID(6))
        #expect(t.violations(isAlive: { _ in true }).isEmpty)
        t.begin(ObjectID(4), NavTransition(from: ObjectID(6), to: ObjectID(6)))
        #expect(t.failuresAfterMutations == ["a second transition began on #4 while one was in flight",
                                             "a transition on #4 goes from a controller to itself"])
        t.end(ObjectID(4))
        #expect(t[ObjectID(4)] == nil)
    }

    @Test func aTransitionKeepsItsControllersAlive() {
        var t = NavigationTransitions()
        t.begin(ObjectID(4), NavTransition(from: nil, to: ObjectID(6)))
        #expect(t.violations(isAlive: { $0 != ObjectID(6) }) == ["the transition on #4 goes to #6, which deallocated"])
    }
}

/// The presentation chain owns its transition views and checks the links (SPEC rule 16).
@Suite struct PresentationChainTests {
    @Test func aTransitionViewServesOnePresentation() {
        Simulator.checksInvariants = true
        var p = PresentationChain()
        p.attach(ObjectID(9), to: ObjectID(5))
        p.attach(ObjectID(9), to: ObjectID(6))
        #expect(p.violations(linkErrors: []) == ["transition view #9 holds both #5 and #6"])
        p.attach(ObjectID(10), to: ObjectID(5))
        #expect(p.failuresAfterMutations == ["#5 was given a second transition view"])
        #expect(p.detach(ObjectID(5)) == ObjectID(10))
        #expect(p.detach(ObjectID(5)) == nil)
    }

    @Test func theHeapsVerifyChecksBothSidesOfAPresentation() throws {
        let h = try UIKitHarness()
        let a = try h.sim.make(h.sim[UIViewController.self]), b = try h.sim.make(h.sim[UIViewController.self])
        for c in [a, b] { try h.heap.hold(c) }
        try h.verify()
        // A presenter whose presented controller names nobody (the model never leaves this).
        try h.heap.writeSlot(a, h.sim[UIViewController.presentedViewController], .object(b))
        #expect(h.heap.invariantViolations().contains("\(h.heap.describe(a)) presents \(h.heap.describe(b)), whose presentingViewController is nil"))
        try h.heap.writeSlot(b, h.sim[UIViewController.presentingViewController], .object(a))
        #expect(h.heap.invariantViolations().isEmpty)
    }

    @Test func dismissingAChainCutsEveryLink() throws {
        let h = try UIKitHarness()
        let root = try h.sim.make(h.sim[UIViewController.self])
        try h.mainWindow(root: root)
        let b = try h.sim.make(h.sim[UIViewController.self])
        _ = try h.heap.send(root, "present", args: Arguments(.object(b), .bool(false)))
        try h.sim.run(0)
        let c = try h.sim.make(h.sim[UIViewController.self])
        _ = try h.heap.send(b, "present", args: Arguments(.object(c), .bool(false)))
        try h.sim.run(0)
        #expect(try h.heap.get(b, "presentedViewController") == .object(c))
        try h.heap.hold(b)                       // the middle controller outlives its dismissal
        _ = try h.heap.send(root, "dismiss", args: Arguments(.bool(false)))
        try h.sim.run(0)
        try h.heap.drain()
        // UIKit dismisses every controller above the presenter: the middle one presents
        // nothing after it, and nothing keeps the top one.
        #expect(try h.heap.get(root, "presentedViewController") == .nil)
        #expect(try h.heap.get(b, "presentedViewController") == .nil)
        #expect(try h.heap.get(b, "presentingViewController") == .nil)
        #expect(!h.heap.isAlive(c))
        try h.verify()
        try h.heap.unhold(b)
        try h.heap.drain()
        #expect(!h.heap.isAlive(b))
    }
}

/// A pop whose callbacks push the popped controller back leaves it a child.
@Suite struct NavigationLinkTests {
    @Test func aControllerPushedBackDuringItsPopStaysAChild() throws {
        let h = try UIKitHarness()
        let nav = try h.sim.make(h.sim[UINavigationController.self])
        try h.mainWindow(root: nav)
        let cls = try h.heap.defineClass("Pusher", superclass: h.sim[UIViewController.self])
        let a = try h.sim.make(cls), b = try h.sim.make(h.sim[UIViewController.self])
        for c in [a, b] { try h.heap.hold(c) }
        _ = try h.heap.send(nav, "pushViewController", args: Arguments(.object(a), .bool(false)))
        _ = try h.heap.send(nav, "pushViewController", args: Arguments(.object(b), .bool(false)))
        try h.sim.run(0)
        // When `a` appears again it pushes `b` back, in the middle of b's pop.
        h.heap.setMethod(Selector("viewWillAppear"), on: cls) { inv in
            _ = try? inv.heap.send(nav, Selector("pushViewController"), args: Arguments(.object(b), .bool(false)))
            return .nil
        }
        _ = try h.heap.send(nav, "popViewController", args: Arguments(.bool(false)))
        try h.sim.run(0)
        #expect(try h.heap.get(nav, "viewControllers") == .array([.object(a), .object(b)]))
        #expect(try h.heap.get(b, "parent") == .object(nav))
        try h.verify()
    }
}

extension NavigationLinkTests {
    @Test func aControllerAdoptedElsewhereDuringItsPopKeepsItsNewParent() throws {
        let h = try UIKitHarness()
        let nav = try h.sim.make(h.sim[UINavigationController.self])
        try h.mainWindow(root: nav)
        let a = try h.sim.make(h.sim[UIViewController.self]), b = try h.sim.make(h.sim[UIViewController.self])
        for c in [a, b] { try h.heap.hold(c) }
        _ = try h.heap.send(nav, "setViewControllers", args: Arguments(.array([.object(a), .object(b)]), .bool(false)))
        try h.sim.run(0)
        _ = try h.heap.send(nav, "popViewController", args: Arguments(.bool(true)))     // b leaves, animated
        _ = try h.heap.send(b, "removeFromParent")
        let other = try h.sim.make(h.sim[UINavigationController.self], [.object(b)])              // adopted before the pop ends
        try h.heap.hold(other)
        try h.sim.run(1)
        #expect(try h.heap.get(b, "parent") == .object(other))
        try h.verify()
    }
}

/// A window made key knows its place in the stack, whatever its initializer did.
@Suite struct WindowStackLinkTests {
    @Test func aWindowWhoseInitNeverRanCanBeMadeKey() throws {
        let h = try UIKitHarness()
        // A swizzled init that never calls the original: the window is never ordered front.
        try h.heap.replaceMethod(Selector("init"), on: h.sim[UIWindow.self], with: .native { inv in .object(inv.receiver) })
        let w = try h.sim.make(h.sim[UIWindow.self])
        try h.heap.hold(w)
        _ = try h.heap.send(w, "makeKey")
        #expect(h.sim.keyWindow == w)
        #expect(h.sim.windows.contains(w))
        try h.verify()
    }
}

/// A tab list naming a controller twice loses both when it is removed from its parent.
@Suite struct TabLinkTests {
    @Test func removingAControllerListedTwiceRemovesBoth() throws {
        let h = try UIKitHarness()
        let tab = try h.sim.make(h.sim[UITabBarController.self]), c = try h.sim.make(h.sim[UIViewController.self])
        for o in [tab, c] { try h.heap.hold(o) }
        try h.heap.set(tab, "viewControllers", .array([.object(c), .object(c)]))
        _ = try h.heap.send(c, "removeFromParent")
        #expect(try h.heap.get(tab, "viewControllers") == .array([]))
        #expect(try h.heap.get(c, "parent") == .nil)
        try h.verify()
    }

    @Test func aFailingDidMoveLeavesEveryNewTabParented() throws {
        let h = try UIKitHarness()
        let cls = try h.heap.defineClass("Failing", superclass: h.sim[UIViewController.self])
        h.heap.setMethod(Selector("didMove"), on: cls) { _ in throw SimError(.host, "didMove failed") }
        let tab = try h.sim.make(h.sim[UITabBarController.self])
        let a = try h.sim.make(cls), b = try h.sim.make(h.sim[UIViewController.self])
        for o in [tab, a, b] { try h.heap.hold(o) }
        #expect(throws: SimError.self) { try h.heap.set(tab, "viewControllers", .array([.object(a), .object(b)])) }
        #expect(try h.heap.get(b, "parent") == .object(tab))
        try h.verify()
    }
}
