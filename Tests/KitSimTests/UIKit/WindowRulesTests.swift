import Testing
@testable import KitSimRuntime
@testable import KitSim

/// SPEC §3.1, rules 1–7.
@Suite struct WindowRulesTests {
    @Test func rule1_windowLevels() throws {
        let h = try UIKitHarness()
        let w = try h.sim.make(h.sim[UIWindow.self])
        #expect(try h.heap.get(w, "windowLevel") == .double(0))
        try h.heap.set(w, "windowLevel", .double(1234.5))     // any number is allowed
        #expect(try h.heap.get(w, "windowLevel") == .double(1234.5))
        try h.verify()
    }

    @Test func rule2_windowsAreOrderedByLevelThenByOrderingFront() throws {
        let h = try UIKitHarness()
        let a = try h.sim.make(h.sim[UIWindow.self]), b = try h.sim.make(h.sim[UIWindow.self]), c = try h.sim.make(h.sim[UIWindow.self])
        for w in [a, b, c] { try h.heap.hold(w) }
        try h.heap.set(c, "windowLevel", .double(-1))
        #expect(h.sim.windows == [c, a, b])                    // hidden ones too
        _ = try h.heap.send(a, "makeKeyAndVisible")            // ordered front again
        #expect(h.sim.windows == [c, b, a])
        try h.heap.set(b, "isHidden", .bool(false))            // shown: ordered front
        #expect(h.sim.windows == [c, a, b])
        #expect(try h.heap.get(h.sim.application, "windows") == .array([.object(c), .object(a), .object(b)]))
        try h.verify()
    }

    @Test func rule3_oneKeyWindow_makeKeyAndVisible_makeKey_isHidden() throws {
        let h = try UIKitHarness()
        let a = try h.sim.make(h.sim[UIWindow.self]), b = try h.sim.make(h.sim[UIWindow.self])
        for w in [a, b] { try h.heap.hold(w) }
        #expect(h.sim.keyWindow == nil)                         // new windows start hidden, none key
        _ = try h.heap.send(a, "makeKeyAndVisible")
        #expect(h.sim.keyWindow == a && h.sim.visibleWindows == [a])
        try h.heap.set(b, "isHidden", .bool(false))            // shows without key status
        #expect(h.sim.keyWindow == a && h.sim.visibleWindows == [a, b])
        _ = try h.heap.send(b, "makeKey")
        #expect(h.sim.keyWindow == b)
        #expect(try h.heap.get(a, "isKeyWindow") == .bool(false) && h.heap.get(b, "isKeyWindow") == .bool(true))
        #expect(try h.heap.get(h.sim.application, "keyWindow") == .object(b))
        try h.verify()
    }

    @Test func rule4_keyPassesToTheHighestLevelThenMostRecent() throws {
        let h = try UIKitHarness()
        let main = try h.sim.make(h.sim[UIWindow.self]), monitor = try h.sim.make(h.sim[UIWindow.self]), other = try h.sim.make(h.sim[UIWindow.self])
        for w in [main, monitor, other] { try h.heap.hold(w) }
        try h.heap.set(monitor, "windowLevel", .double(1000))
        _ = try h.heap.send(monitor, "makeKeyAndVisible")
        _ = try h.heap.send(other, "makeKeyAndVisible")
        _ = try h.heap.send(main, "makeKeyAndVisible")         // main is key, ordered last
        let sheet = try h.sim.make(h.sim[UIWindow.self])
        try h.heap.hold(sheet)
        try h.heap.set(sheet, "windowLevel", .double(2000))
        _ = try h.heap.send(sheet, "makeKeyAndVisible")
        try h.heap.set(sheet, "isHidden", .bool(true))
        // Not back to `main`: the highest level wins.
        #expect(h.sim.keyWindow == monitor)
        try h.heap.set(monitor, "isHidden", .bool(true))
        // Same level: the most recently ordered front (main, made key and visible last).
        #expect(h.sim.keyWindow == main)
        try h.verify()
    }

    @Test func rule4_keyPassesWhenTheKeyWindowDeallocates() throws {
        let h = try UIKitHarness()
        let main = try h.mainWindow(root: nil)
        let temp = try h.sim.make(h.sim[UIWindow.self])
        _ = try h.heap.send(temp, "makeKeyAndVisible")
        #expect(h.sim.keyWindow == temp)
        try h.sim.run(0)                                       // nobody owns temp: gone at the drain
        #expect(!h.heap.isAlive(temp))
        #expect(h.sim.keyWindow == main)
        try h.verify()
    }

    @Test func rule5_theApplicationDoesNotOwnWindows() throws {
        let h = try UIKitHarness()
        let w = try h.sim.make(h.sim[UIWindow.self])
        _ = try h.heap.send(w, "makeKeyAndVisible")
        #expect(h.sim.visibleWindows == [w])
        try h.sim.run(0)
        #expect(!h.heap.isAlive(w))
        #expect(h.sim.visibleWindows.isEmpty && h.sim.keyWindow == nil)
        #expect(try h.sim.screen().black)
        try h.verify()
    }

    @Test func rule6_rootViewIsAddedOnTopAfterViewDidLoad() throws {
        let h = try UIKitHarness()
        let root = try h.vc("root")
        let w = try h.sim.make(h.sim[UIWindow.self])
        try h.heap.hold(w)
        _ = try h.heap.send(w, "makeKeyAndVisible")
        var alertView: ObjectID?
        h.heap.setMethod("viewDidLoad", on: h.loggingVC) { [unowned h] inv in
            // Seed 002: the root's viewDidLoad adds a view straight to windows[0].
            let v = try h.sim.make(h.sim[UIView.self], [.rect(Rect(x: 50, y: 300, width: 290, height: 200))])
            try h.heap.set(v, "backgroundColor", .string("white"))
            _ = try h.heap.send(h.sim.windows[0], "addSubview", [.object(v)])
            alertView = v
            return .nil
        }
        try h.heap.set(w, "rootViewController", .object(root))
        let rootView = try h.heap.get(root, "view").objectID
        #expect(try h.heap.get(w, "subviews") == .array([.object(alertView!), .object(rootView!)]))
        try h.sim.run(0)
        let screen = try h.sim.screen()
        #expect(screen.coveredViews == [alertView!])
        #expect(try h.sim.hitTest(Point(x: 100, y: 350)) == rootView)
        try h.verify()
    }

    @Test func rule6_rootSwapReleasesTheOldRootWithAppearanceCallbacks() throws {
        let h = try UIKitHarness()
        let a = try h.vc("A")
        let w = try h.mainWindow(root: a)
        try h.sim.run(0)
        _ = h.take()
        let b = try h.vc("B")
        try h.heap.set(w, "rootViewController", .object(b))
        try h.sim.run(0)
        #expect(h.take() == ["B.viewDidLoad", "A.viewWillDisappear", "B.viewWillAppear", "A.viewDidDisappear", "B.viewDidAppear"])
        #expect(!h.heap.isAlive(a))
        #expect(h.heap.leaks().isEmpty)
        try h.verify()
    }

    @Test func rule6_aHiddenWindowInstallsItsRootWhenShown() throws {
        let h = try UIKitHarness()
        let a = try h.vc("A")
        let w = try h.sim.make(h.sim[UIWindow.self])
        try h.heap.hold(w)
        try h.heap.set(w, "rootViewController", .object(a))
        #expect(try h.heap.get(a, "isViewLoaded") == .bool(false))
        try h.heap.set(w, "isHidden", .bool(false))
        try h.sim.run(0)
        #expect(h.take() == ["A.viewDidLoad", "A.viewWillAppear", "A.viewDidAppear"])
        try h.verify()
    }

    @Test func rule7_aWindowWithoutRootOrOpaqueSubviewIsBlack() throws {
        let h = try UIKitHarness()
        let w = try h.mainWindow(root: nil)
        #expect(try h.sim.screen().black)
        let v = try h.sim.make(h.sim[UIView.self], [.rect(h.sim.screenBounds)])
        _ = try h.heap.send(w, "addSubview", [.object(v)])
        #expect(try h.sim.screen().black)                      // no background: still black
        try h.heap.set(v, "backgroundColor", .string("white"))
        #expect(try !h.sim.screen().black)
        try h.heap.set(w, "rootViewController", .object(try h.vc("root")))
        try h.heap.set(v, "isHidden", .bool(true))
        #expect(try !h.sim.screen().black)
        try h.verify()
    }
}

/// The window stack owns its state and checks it (SPEC 3.1, rules 2–5).
@Suite struct WindowStackTests {
    @Test func aConsistentStackHasNoViolations() {
        Simulator.checksInvariants = true
        var s = WindowStack()
        s.orderFront(ObjectID(4)); s.orderFront(ObjectID(7))
        s.setKey(7)
        s.keyOrder = [ObjectID(4), ObjectID(7)]
        s.orderFront(ObjectID(4))
        #expect(s.stamp(of: ObjectID(4)) > s.stamp(of: ObjectID(7)))
        #expect(s.keyOrder == nil)                       // ordering a window front invalidates it
        #expect(s.remove(ObjectID(7)) == true)           // it was key
        #expect(s.key == 0)
        #expect(s.violations().isEmpty)
    }

    @Test func aBrokenStackIsReportedNotTrappedOn() {
        Simulator.checksInvariants = true
        var s = WindowStack()
        s.orderFront(ObjectID(4))
        s.setKey(9)                                      // no such window
        s.keyOrder = [ObjectID(4), ObjectID(4)]
        #expect(s.violations().contains("the key window #9 is not a known window"))
        #expect(s.violations().contains("the cached window order names a window twice"))
        #expect(s.failuresAfterMutations.contains("the key window #9 is not a known window"))
    }

    @Test func theHeapsVerifyCoversTheWindowStack() throws {
        let h = try UIKitHarness()
        let w = try h.sim.make(h.sim[UIWindow.self])
        try h.heap.hold(w)
        _ = try h.heap.send(w, "makeKeyAndVisible")
        try h.verify()
        h.sim.windowing.forceKey(12345)
        #expect(h.heap.invariantViolations().contains("the key window #12345 is not a known window"))
    }
}

/// The app-lifetime singletons each subsystem makes (rule 24) are checked by `verify`.
@Suite struct SingletonInvariantTests {
    @Test(arguments: ["RunLoop.main", "DispatchQueue.main", "NotificationCenter.default", "URLSession.shared",
                      "URLSessionConfiguration.default"])
    func aSingletonLetGoOfIsReported(_ name: String) throws {
        let h = try UIKitHarness()
        let id: ObjectID
        switch name {
        case "RunLoop.main": id = h.sim.mainRunLoop()
        case "DispatchQueue.main": id = h.sim.runLoop.mainQueue()
        case "NotificationCenter.default": id = h.sim.defaultNotificationCenter()
        case "URLSession.shared": id = h.sim.urlLoading.sharedSession()
        default: id = h.sim.urlLoading.defaultSessionConfiguration()
        }
        try h.verify()
        // What only a broken model would do: let go of the hold the app keeps for its life.
        try h.heap.hold(id)
        try h.heap.unhold(id, h.heap.holdReason(name))
        #expect(h.heap.invariantViolations().contains("\(name) #\(id) is not held for the life of the app"))
    }
}

/// The run loop's queues own their state and check it (SPEC 3.6, rule 22).
@Suite struct RunLoopQueuesTests {
    @Test func timersFireInTimeThenSchedulingOrder() throws {
        Simulator.checksInvariants = true
        var q = RunLoopQueues()
        var fired: [String] = []
        q.schedule(at: 20, label: "t") { fired.append("b") }
        q.schedule(at: 10, label: "t") { fired.append("a") }
        q.schedule(at: 20, label: "t") { fired.append("c") }
        q.schedule(at: 99, label: "t") { fired.append("late") }
        while let t = q.popTimer(until: 50) { try t.work() }
        #expect(fired == ["a", "b", "c"])
        #expect(q.timers.count == 1)
        #expect(q.violations().isEmpty)
    }

    @Test func theHeapsVerifyCoversTheRunLoop() throws {
        let h = try UIKitHarness()
        try h.sim.after(1, .foreign(ForeignValue(ForeignBox())))
        try h.verify()
        h.sim.runLoop.schedule(at: -5, label: "t") {}
        #expect(h.heap.invariantViolations().contains("a timer fires before the clock's start"))
    }
}
