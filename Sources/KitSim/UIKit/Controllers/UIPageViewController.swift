extension Simulator {
    static let pageTransitionStyles = EnumType("UIPageViewController.TransitionStyle", ["scroll", "pageCurl"])
    static let pageOrientations = EnumType("UIPageViewController.NavigationOrientation", ["horizontal", "vertical"])
    static let pageDirections = EnumType("UIPageViewController.NavigationDirection", ["forward", "reverse"])

    /// `UIPageViewController` (SPEC rules 38, 40): a weak data source and delegate; the
    /// pages it shows are its children (strong).
    static let pageViewControllerDeclaration = ClassDeclaration("UIPageViewController", superclass: "UIViewController",
        summary: "Shows pages that are its children; its data source and delegate are weak.") {
        PropertyDeclaration("dataSource", .weak, .object("NSObject"), summary: "Not retained (rule 38).")
        PropertyDeclaration("delegate", .weak, .object("NSObject"), summary: "Not retained (rule 38).")
        PropertyDeclaration("transitionStyle", .assign, .enumeration(Simulator.pageTransitionStyles), readOnly: true, default: .string("scroll"))
        PropertyDeclaration("navigationOrientation", .assign, .enumeration(Simulator.pageOrientations), readOnly: true,
                            default: .string("horizontal"))
        PropertyDeclaration("viewControllers", .strong, .array("UIViewController"), readOnly: true, getter: "pages",
                            summary: "The pages shown, which are its children.")
        Simulator.pageTransitionStyles
        Simulator.pageOrientations
        Simulator.pageDirections

        Method.initializer(swift: "init(transitionStyle:navigationOrientation:options:)",
                           .enumeration("style", Simulator.pageTransitionStyles, default: "scroll"),
                           .enumeration("orientation", Simulator.pageOrientations, default: "horizontal")) { sim, inv in
            try sim.write(inv.receiver, sim.uikit.pageStyle, .string(inv.stringArgument(0) ?? "scroll"))
            try sim.write(inv.receiver, sim.uikit.pageOrientation, .string(inv.stringArgument(1) ?? "horizontal"))
            return .object(inv.receiver)
        }
        Method("setViewControllers", swift: "setViewControllers(_:direction:animated:completion:)",
               .array("viewControllers", of: "UIViewController"), .enumeration("direction", Simulator.pageDirections),
               .bool("animated", default: false), .function("completion"),
               summary: "Shows the pages, which become its children, releasing the old ones; completion(true) next turn.") { sim, inv in
            try sim.setPages(inv.receiver, inv.objectsArgument(0), completion: inv.argument(3))
            return .nil
        }
        Method.accessor("pages", returns: .array("UIViewController")) { sim, inv in
            .array((sim.pages[inv.receiver.raw] ?? []).filter { sim.heap.isAlive($0) }.map(Value.object))
        }
    }

    /// SPEC rule 40: the new pages become children (their views in its view once loaded),
    /// the old ones are removed and released.
    func setPages(_ pvc: ObjectID, _ new: [ObjectID], completion: Value) throws {
        let k = uikit
        for old in pages[pvc.raw] ?? [] where heap.isAlive(old) && !new.contains(old) {
            if let v = try object(old, k.vcView), try object(v, k.superview) != nil { try removeFromSuperview(v) }
            try lifecycle.removeFromParent(old)
        }
        for page in new where try object(page, k.parent) != pvc {
            try lifecycle.addChild(page, to: pvc)
            if let container = try object(pvc, k.vcView), let view = try heap.get(page, k.vcView).objectID {
                try addSubview(view, to: container, at: nil)
            }
        }
        pages[pvc.raw] = new
        if !completion.isNil {
            try heap.hold(pvc, transitionHold)
            enqueueLayout { [unowned self] in
                defer { if heap.isAlive(pvc) { try? heap.unhold(pvc, transitionHold) } }
                try callCallback(completion, [.bool(true)])
            }
        }
    }
}
