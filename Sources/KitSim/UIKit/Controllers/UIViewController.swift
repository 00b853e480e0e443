extension Simulator {
    func installViewControllerMethods() {
        let k = uikit
        define(k.viewController, .initialize) { inv in .object(inv.receiver) }
        installViewLoading()
        installContainment()
        installPresentation()
        for sel in ["viewDidLoad", "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"] {
            define(k.viewController, Selector(sel)) { _ in .nil }
        }
        define(k.viewController, "children") { [unowned self] inv in .array(try childControllers(of: inv.receiver).map(Value.object)) }
        define(k.viewController, "navigationController") { [unowned self] inv in
            try ancestor(of: inv.receiver, kind: k.navigationController).map(Value.object) ?? .nil
        }
        define(k.viewController, "tabBarController") { [unowned self] inv in
            try ancestor(of: inv.receiver, kind: k.tabBarController).map(Value.object) ?? .nil
        }
    }

    /// The child controllers: a container's `viewControllers`, else those added with `addChild`.
    func childControllers(of vc: ObjectID) throws -> [ObjectID] {
        if heap.isKind(vc, of: uikit.navigationController) { return try objects(vc, uikit.navControllers) }
        if heap.isKind(vc, of: uikit.tabBarController) { return try objects(vc, uikit.tabControllers) }
        return try objects(vc, uikit.children)
    }

    /// The nearest parent of the given kind (`navigationController`, `tabBarController`).
    func ancestor(of vc: ObjectID, kind: SimClass) throws -> ObjectID? {
        var found: ObjectID?
        try walkChain(from: try object(vc, uikit.parent), along: uikit.parent) { c in
            if heap.isKind(c, of: kind) { found = c }
            return found == nil
        }
        return found
    }
}

/// Where a controller is in its appearance cycle; callbacks fire only on a change,
/// as UIKit never sends `viewWillAppear` twice in a row.
enum AppearanceState {
    case disappeared, appearing, appeared, disappearing
}

/// When and how a controller left the UI, for `abandoned` leaks.
struct LeftUIRecord {
    var time: Int64
    var how: String
}
