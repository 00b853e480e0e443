import Testing
@testable import KitSimRuntime
@testable import KitSim

/// The model's bad input: each gives a UIKit-style exception or a clear error, and the
/// heap stays consistent afterwards.
@Suite struct BadInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let message: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "push nil", message: "bad argument #1 to 'pushViewController' (UIViewController expected, got nil)"),
        Case(name: "push a view", message: "bad argument #1 to 'pushViewController' (UIViewController expected, got UIView)"),
        Case(name: "push a number", message: "bad argument #1 to 'pushViewController' (UIViewController expected, got number)"),
        Case(name: "addSubview nil", message: "bad argument #1 to 'addSubview' (UIView expected, got nil)"),
        Case(name: "addSubview a controller", message: "bad argument #1 to 'addSubview' (UIView expected, got LoggingViewController)"),
        Case(name: "root is a view", message: "bad argument #1 to 'rootViewController' (UIViewController expected, got UIView)"),
        Case(name: "window with a string frame", message: "bad argument #1 to 'UIWindow' (CGRect or UIWindowScene expected, got string)"),
        Case(name: "selectedIndex out of range", message: "bad value for property 'selectedIndex' of UITabBarController (index 5 out of range 0..<1)"),
        Case(name: "present with a number completion", message: "bad argument #3 to 'present' (function expected, got number)"),
        Case(name: "hitTest without a point", message: "bad argument #1 to 'hitTest' (CGPoint expected, got nil)"),
        Case(name: "alert with a bad style", message: "bad argument #3 to 'UIAlertController' (\"alert\" or \"actionSheet\" expected, got \"sheet\")"),
        Case(name: "tap a missing action", message: "bad argument #2 to 'tap' (<UIAlertController: #ALERT> has no action titled \"Nope\"; its actions: \"OK\")"),
        Case(name: "unrecognized selector", message: "NSInvalidArgumentException: -[LoggingNavigationController goToPage]: unrecognized selector sent to instance #NAV"),
        Case(name: "message to a dead controller", message: "-[LoggingViewController view]: message sent to deallocated instance #DEAD"),
        Case(name: "two UIApplications", message: "NSInvalidArgumentException: There can only be one UIApplication instance; use UIApplication.shared"),
    ]

    @Test(arguments: cases) func badInputIsAClearErrorAndTheHeapStaysConsistent(_ c: Case) throws {
        let h = try UIKitHarness()
        let a = try h.vc("A")
        let nav = try h.nav("nav", root: a)
        let w = try h.mainWindow(root: nav)
        try h.sim.run(0)
        let view = try h.sim.make(h.sim[UIView.self])
        var placeholders: [String: ObjectID] = ["NAV": nav]
        let e = #expect(throws: SimError.self) {
            switch c.name {
            case "push nil": _ = try h.heap.send(nav, "pushViewController", [.nil, .bool(true)])
            case "push a view": _ = try h.heap.send(nav, "pushViewController", [.object(view), .bool(true)])
            case "push a number": _ = try h.heap.send(nav, "pushViewController", [.int(3), .bool(true)])
            case "addSubview nil": _ = try h.heap.send(view, "addSubview", [.nil])
            case "addSubview a controller": _ = try h.heap.send(view, "addSubview", [.object(a)])
            case "root is a view": try h.heap.set(w, "rootViewController", .object(view))
            case "window with a string frame": _ = try h.sim.make(h.sim[UIWindow.self], [.string("full")])
            case "selectedIndex out of range":
                let tab = try h.sim.make(h.sim[UITabBarController.self])
                _ = try h.heap.send(tab, "setViewControllers", [.array([.object(try h.vc("T"))])])
                try h.heap.set(tab, "selectedIndex", .int(5))
            case "present with a number completion": _ = try h.heap.send(a, "present", [.object(try h.vc("B")), .bool(false), .int(1)])
            case "hitTest without a point": _ = try h.heap.send(w, "hitTest", [])
            case "alert with a bad style": _ = try h.sim.make(h.sim[UIAlertController.self], [.string("t"), .nil, .string("sheet")])
            case "tap a missing action":
                let alert = try h.sim.make(h.sim[UIAlertController.self], [.string("t"), .nil, .string("alert")])
                placeholders["ALERT"] = alert
                _ = try h.heap.send(alert, "addAction", [.object(try h.sim.make(h.sim[UIAlertAction.self], [.string("OK")]))])
                try h.sim.tapAlert(alert, "Nope")
            case "unrecognized selector": _ = try h.heap.send(nav, "goToPage")
            case "message to a dead controller":
                let dead = try h.vc("dead")
                placeholders["DEAD"] = dead
                try h.sim.run(0)
                _ = try h.heap.get(dead, "view")
            default: _ = try h.sim.make(h.sim[UIApplication.self])
            }
        }
        var expected = c.message
        for (k, v) in placeholders { expected = expected.replacing("#\(k)", with: "\(v)") }
        #expect(e?.description == expected)
        try h.sim.run(1)
        try h.verify()
    }

    @Test func aWindowReleasedDuringItsOwnTransitionLeavesTheHeapConsistent() throws {
        let h = try UIKitHarness()
        let a = try h.vc("A")
        let nav = try h.nav("nav", root: a)
        let w = try h.mainWindow(root: nav)
        try h.sim.run(0)
        _ = try h.heap.send(nav, "pushViewController", [.object(try h.vc("B")), .bool(true)])
        try h.heap.set(h.sim.appDelegate!, "window", .nil)        // the only owner lets go mid-animation
        try h.sim.run(0)
        #expect(!h.heap.isAlive(w))
        try h.verify()
        try h.sim.run(1)                                          // the animation ends on a window that is gone
        #expect(!h.heap.isAlive(nav) && !h.heap.isAlive(a))
        #expect(h.heap.leaks().isEmpty)
        try h.verify()
    }

    @Test func aRootSwapDuringAPresentationAnimation() throws {
        let h = try UIKitHarness(ios: 17)
        let a = try h.vc("A")
        let w = try h.mainWindow(root: a)
        try h.sim.run(0)
        _ = try h.heap.send(a, "present", [.object(try h.vc("B")), .bool(true)])
        try h.heap.set(w, "rootViewController", .object(try h.vc("C")))
        try h.heap.set(w, "isHidden", .bool(true))
        try h.sim.run(5)
        // The presentation still holds A (rule 16, iOS 8+): reported, not lost.
        try h.verify(leaks: [.abandoned])
    }
}
