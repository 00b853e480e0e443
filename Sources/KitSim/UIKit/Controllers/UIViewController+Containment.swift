extension Simulator {
    /// SPEC rule 14 and §3.5: `addChild` calls `willMove(toParent:)` only and
    /// `removeFromParent` calls `didMove(toParent: nil)` only; `parent` is weak and
    /// `children` strong.
    func installContainment() {
        let k = uikit
        define(k.viewController, "addChild") { [unowned self] inv in
            let child = try inv.required(0, k.viewController, "addChild")
            if child == inv.receiver {
                throw raise(.invalidArgument("child view controller:\(angle(child)) should not be its own parent", object: child))
            }
            if let p = try object(child, k.parent), p != inv.receiver {
                _ = try heap.send(child, .removeFromParent)
            }
            _ = try heap.send(child, .willMove, args: Arguments(.object(inv.receiver)))
            if try !objects(inv.receiver, k.children).contains(child) {
                try heap.insertElement(child, into: inv.receiver, k.children)
            }
            try write(child, k.parent, inv.receiver)
            noteEnteredUI(child)
            return .nil
        }
        define(k.viewController, "removeFromParent") { [unowned self] inv in
            guard let p = try object(inv.receiver, k.parent) else { return .nil }
            try heap.hold(inv.receiver, transitionHold)
            defer { try? heap.unhold(inv.receiver, transitionHold) }
            try write(inv.receiver, k.parent, nil)
            if heap.isKind(p, of: k.navigationController) {
                try heap.removeElement(inv.receiver, from: p, k.navControllers)
            } else if heap.isKind(p, of: k.tabBarController) {
                try heap.removeElement(inv.receiver, from: p, k.tabControllers)
            } else {
                try heap.removeElement(inv.receiver, from: p, k.children)
            }
            noteLeftUI(inv.receiver, "removed from \(heap.describe(p))")
            _ = try heap.send(inv.receiver, .didMove, args: Arguments(.nil))
            return .nil
        }
        define(k.viewController, "willMove") { _ in .nil }
        define(k.viewController, "didMove") { _ in .nil }
    }
}
