/// `UIPageViewController`, as the model names it: its class and the properties the model reads and writes.
package enum UIPageViewController: ModelClass {
    package static let handle = ClassHandle("UIPageViewController")
    package static var declaration: SimulatorClassDeclaration { Lists.pageViewControllerDeclaration }
    package static let transitionStyle = handle.property("transitionStyle")
    package static let navigationOrientation = handle.property("navigationOrientation")
}

extension Lists {
    static let pageTransitionStyles = EnumType("UIPageViewController.TransitionStyle", ["scroll", "pageCurl"])
    static let pageOrientations = EnumType("UIPageViewController.NavigationOrientation", ["horizontal", "vertical"])
    static let pageDirections = EnumType("UIPageViewController.NavigationDirection", ["forward", "reverse"])

    /// `UIPageViewController` (SPEC rules 38, 40): a weak data source and delegate; the
    /// pages it shows are its children (strong).
    static let pageViewControllerDeclaration = ClassDeclaration(UIPageViewController.handle, superclass: "UIViewController",
        summary: "Shows pages that are its children; its data source and delegate are weak.") {
        PropertyDeclaration("dataSource", .weak, .object("NSObject"), summary: "Not retained (rule 38).")
        PropertyDeclaration("delegate", .weak, .object("NSObject"), summary: "Not retained (rule 38).")
        PropertyDeclaration(UIPageViewController.transitionStyle, .assign, .enumeration(Lists.pageTransitionStyles), readOnly: true, default: .string("scroll"))
        PropertyDeclaration(UIPageViewController.navigationOrientation, .assign, .enumeration(Lists.pageOrientations), readOnly: true,
                            default: .string("horizontal"))
        PropertyDeclaration("viewControllers", .strong, .array("UIViewController"), readOnly: true, getter: "pages",
                            summary: "The pages shown, which are its children.")
        Lists.pageTransitionStyles
        Lists.pageOrientations
        Lists.pageDirections

        Method.initializer(swift: "init(transitionStyle:navigationOrientation:options:)",
                           .enumeration("style", Lists.pageTransitionStyles, default: "scroll"),
                           .enumeration("orientation", Lists.pageOrientations, default: "horizontal")) { sim, inv in
            try sim.write(inv.receiver, sim[UIPageViewController.transitionStyle], .string(inv.stringArgument(0) ?? "scroll"))
            try sim.write(inv.receiver, sim[UIPageViewController.navigationOrientation], .string(inv.stringArgument(1) ?? "horizontal"))
            return .object(inv.receiver)
        }
        Method("setViewControllers", swift: "setViewControllers(_:direction:animated:completion:)",
               .array("viewControllers", of: "UIViewController"), .enumeration("direction", Lists.pageDirections),
               .bool("animated", default: false), .function("completion"),
               summary: "Shows the pages, which become its children, releasing the old ones; completion(true) next turn.") { sim, inv in
            try sim.lists.setPages(inv.receiver, inv.objectsArgument(0), completion: inv.argument(3))
            return .nil
        }
        Method.accessor("pages", returns: .array("UIViewController")) { sim, inv in
            .array(sim.lists.pages(of: inv.receiver).filter { sim.heap.isAlive($0) }.map(Value.object))
        }
    }

    /// SPEC rule 40: the new pages become children (their views in its view once loaded),
    /// the old ones are removed and released.
    func setPages(_ pvc: ObjectID, _ new: [ObjectID], completion: Value) throws {
        for old in pageLists[pvc.raw] ?? [] where heap.isAlive(old) && !new.contains(old) {
            if let v = try object(old, UIViewController.view), try object(v, UIView.superview) != nil { try sim.views.removeFromSuperview(v) }
            try sim.lifecycle.removeFromParent(old)
        }
        for page in new where try object(page, UIViewController.parent) != pvc {
            try sim.lifecycle.addChild(page, to: pvc)
            if let container = try object(pvc, UIViewController.view), let view = try heap.get(page, heap[UIViewController.view]).objectID {
                try sim.views.addSubview(view, to: container, at: nil)
            }
        }
        pageLists[pvc.raw] = new
        if !completion.isNil {
            let hold = sim.transitions.transitionHold
            try heap.hold(pvc, hold)
            sim.runLoop.enqueueLayout { [unowned self] in
                defer { if heap.isAlive(pvc) { try? heap.unhold(pvc, hold) } }
                try sim.callCallback(completion, [.bool(true)])
            }
        }
    }
}
