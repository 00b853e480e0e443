/// `UITabBarController`, as the model names it: its class and the properties the model reads and writes.
package enum UITabBarController: ModelClass {
    package static let handle = ClassHandle("UITabBarController")
    package static var declaration: SimulatorClassDeclaration { Navigation.tabBarControllerDeclaration }
    package static let viewControllers = handle.property("viewControllers")
    package static let selectedIndex = handle.property("selectedIndex")
    package static let delegate = handle.property("delegate")
}

extension Navigation {
    /// `UITabBarController` (SPEC §3.5, rule 17): controllers it keeps strongly, one of
    /// them selected, and a weak delegate asked before a user's tap selects a tab.
    static let tabBarControllerDeclaration = ClassDeclaration(UITabBarController.handle,
        superclass: "UIViewController", summary: "Tabs of controllers, one selected and on screen.") {
        PropertyDeclaration(UITabBarController.viewControllers, .strong, .array("UIViewController"), optional: true,
                            setter: "setViewControllers", summary: "nil until set; an empty list reads `{}` (rule 27).")
        PropertyDeclaration(UITabBarController.selectedIndex, .assign, .number, setter: "setSelectedIndex",
                            summary: "Setting it from code never asks the delegate.")
        PropertyDeclaration(UITabBarController.delegate, .weak, .object("NSObject"),
                            summary: "Asked `tabBarController_shouldSelect` and told `tabBarController_didSelect` on a tap.")
        PropertyDeclaration("selectedViewController", .weak, .object("UIViewController"), getter: "selectedViewController",
                            setter: "setSelectedViewController")

        Method.initializer { _, inv in .object(inv.receiver) }
        Method("setViewControllers", swift: "setViewControllers(_:animated:)",
               Parameter("viewControllers", .array("UIViewController"), optional: true), .bool("animated", default: false),
               summary: "Replaces the tabs; controllers that leave are released.") { sim, inv in
            try sim.navigation.setTabs(inv.objectsArgument(0), on: inv.receiver, keepsNil: inv.argument(0).isNil)
            return .nil
        }
        Method.accessor("selectedViewController", returns: .object("UIViewController")) { sim, inv in
            try sim.navigation.selectedChild(of: inv.receiver).map(Value.object) ?? .nil
        }
        Method.accessor("setSelectedViewController") { sim, inv in
            let vc = try inv.required(0, sim[UIViewController.self], "selectedViewController")
            guard let i = try sim.objects(inv.receiver, UITabBarController.viewControllers).firstIndex(of: vc) else {
                throw sim.raise(.crash(.tabNotInList, object: vc))
            }
            try sim.navigation.select(i, on: inv.receiver)
            return .nil
        }
        Method.accessor("setSelectedIndex") { sim, inv in
            try sim.navigation.select(try inv.index(0, "selectedIndex"), on: inv.receiver)
            return .nil
        }
    }

    /// The selected child, or nil when there are none.
    func selectedChild(of tab: ObjectID) throws -> ObjectID? {
        let list = try objects(tab, UITabBarController.viewControllers)
        let i = clampedInt(try number(tab, UITabBarController.selectedIndex, default: 0))
        return list.indices.contains(i) ? list[i] : nil
    }

    /// SPEC rule 27: `viewControllers` reads nil only while unset (or set to nil); an
    /// empty list reads `{}`.
    func setTabs(_ list: [ObjectID], on tab: ObjectID, keepsNil: Bool = false) throws {
        let old = try objects(tab, UITabBarController.viewControllers)
        for vc in list where !old.contains(vc) {
            if let p = try object(vc, UIViewController.parent), p != tab {
                throw sim.raise(.crash(.otherParent(child: sim.heap.ref(vc), parent: sim.heap.ref(p), requested: sim.heap.ref(tab)), object: vc))
            }
            try lifecycle.checkNotAncestor(vc, of: tab)
        }
        // Each removed controller once: a list may name one twice ({ a, a }), and a hold
        // taken twice but released once on an error path would be stranded.
        var seen = Set<ObjectID>()
        let removed = old.filter { !list.contains($0) && seen.insert($0).inserted }
        for r in removed { try heap.hold(r, transitions.transitionHold) }
        // Released however this ends (a failing callback stranded them).
        var stillHeld = Set(removed)
        defer { for r in stillHeld where heap.isAlive(r) { try? heap.unhold(r, transitions.transitionHold) } }
        for vc in list where !old.contains(vc) {
            _ = try heap.send(vc, .willMove, args: Arguments(.object(tab)))
            // A willMove that handed the controller to another container: it leaves that
            // one, so that it has one parent (as addChild and push do).
            try lifecycle.leaveOtherParent(vc, for: tab)
        }
        try write(tab, heap[UITabBarController.viewControllers], keepsNil ? .nil : .array(list.map(Value.object)))
        try write(tab, heap[UITabBarController.selectedIndex], .int(0))
        // Every new child is parented before any didMove runs: a didMove that fails (or
        // looks) never finds a listed controller without its parent.
        for vc in list where !old.contains(vc) {
            try write(vc, heap[UIViewController.parent], tab)
            lifecycle.noteEnteredUI(vc)
        }
        var firstError: Error?
        for vc in list where !old.contains(vc) {
            attempt(&firstError) { _ = try heap.send(vc, .didMove, args: Arguments(.object(tab))) }
        }
        for r in removed {
            if let v = try object(r, UIViewController.view) { try views.removeFromSuperview(v) }
            try write(r, heap[UIViewController.parent], nil)
            lifecycle.noteLeftUI(r, .removed(from: tab))
            stillHeld.remove(r)
            // SPEC rule 47: asked while the transition still holds it.
            attempt(&firstError) { try lifecycle.askWillDealloc() }
            try heap.unhold(r, transitions.transitionHold)
        }
        if let firstError { throw firstError }
    }

    /// Selects tab `index`. On screen the switch happens in the layout pass, in UIKit's
    /// order (SPEC §3.5): B.viewDidLoad (first time), B.viewWillAppear,
    /// A.viewWillDisappear, A.viewDidDisappear, B.viewDidAppear.
    func select(_ index: Int, on tab: ObjectID) throws {
        let list = try objects(tab, UITabBarController.viewControllers)
        guard list.indices.contains(index) else {
            throw SimError.misuse(.indexOutOfRange(property: "selectedIndex", className: "UITabBarController", index: index, count: list.count),
                                  object: tab)
        }
        let old = try selectedChild(of: tab)
        let new = list[index]
        guard old != new else { return }
        try write(tab, heap[UITabBarController.selectedIndex], .int(index))
        guard try isOnScreen(tab) else { return }
        var keep = [tab, new]
        if let old { keep.append(old) }
        try transitions.finishTransition(animated: false, keeping: keep, completion: .nil) { [unowned self] in
            guard try selectedChild(of: tab) == new, let tabView = try object(tab, UIViewController.view) else { return }
            let newView = try lifecycle.loadedView(of: new)
            try lifecycle.beginAppearance(new, appearing: true, animated: false)
            if let old { try lifecycle.beginAppearance(old, appearing: false, animated: false) }
            if let old, let ov = try object(old, UIViewController.view), try object(ov, UIView.superview) == tabView { try views.removeFromSuperview(ov) }
            if let newView {
                try write(newView, heap[UIView.frame], .rect(try views.boundsOf(tabView)))
                try views.addSubview(newView, to: tabView, at: 0)
            }
            if let old { try lifecycle.endAppearance(old, animated: false) }
            try lifecycle.endAppearance(new, animated: false)
        }
    }

    /// `sim.tap(tabBarController, child)`: selects like a user — asks the delegate's
    /// `tabBarController_shouldSelect`, selects, then calls `tabBarController_didSelect`
    /// at once, before the child's view loads (rule 17, seed 001). Setting
    /// `selectedIndex` from code never calls the delegate.
    func tapTab(_ tab: ObjectID, _ child: ObjectID) throws {
        guard let index = try objects(tab, UITabBarController.viewControllers).firstIndex(of: child) else {
            throw SimError.badArgument(2, "tap", "\(heap.describe(child)) is not one of \(heap.describe(tab))'s view controllers")
        }
        let delegate = try object(tab, UITabBarController.delegate)
        if let d = delegate, heap.responds(d, to: .tabBarController_shouldSelect) {
            let answer = try heap.send(d, .tabBarController_shouldSelect, args: Arguments(.object(tab), .object(child)))
            if answer == .bool(false) || answer.isNil { return }
        }
        try select(index, on: tab)
        if let d = delegate, heap.responds(d, to: .tabBarController_didSelect) {
            _ = try heap.send(d, .tabBarController_didSelect, args: Arguments(.object(tab), .object(child)))
        }
    }
}

extension Simulator {
    /// `sim.tapTab(tabBarController, child)`: a tap on the child's tab.
    public func tapTab(_ tab: ObjectID, _ child: ObjectID) throws { try navigation.tapTab(tab, child) }
}
