/// `UIViewController`, as the model names it: its class and the properties the model reads and writes.
package enum UIViewController: ModelClass {
    package static let handle = ClassHandle("UIViewController")
    package static var declaration: SimulatorClassDeclaration { ControllerLifecycle.viewControllerDeclaration }
    package static let view = handle.property("view")
    package static let title = handle.property("title")
    package static let parent = handle.property("parent")
    package static let children = handle.property("children")
    package static let presentedViewController = handle.property("presentedViewController")
    package static let presentingViewController = handle.property("presentingViewController")
    package static let modalPresentationStyle = handle.property("modalPresentationStyle")
    package static let transitioningDelegate = handle.property("transitioningDelegate")
    package static let presentationController = handle.property("presentationController")
    package static let isModalInPresentation = handle.property("isModalInPresentation")
    package static let definesPresentationContext = handle.property("definesPresentationContext")
}

extension ControllerLifecycle {
    /// `UIModalPresentationStyle` as scripts write it.
    static let modalPresentationStyles = EnumType("UIModalPresentationStyle",
        ["automatic", "fullScreen", "pageSheet", "formSheet", "overFullScreen", "overCurrentContext", "custom"])

    /// `UIViewController` (SPEC §3.3–3.5): a lazily loaded view, appearance callbacks,
    /// containment (weak `parent`, strong `children`) and modal presentation (the
    /// presenter keeps the presented controller strongly).
    static let viewControllerDeclaration = ClassDeclaration(UIViewController.handle, superclass: "UIResponder",
        summary: "Manages a view loaded on first access; contains children and presents controllers. A subclass's `willDealloc()`, when a script defines one, is asked as the controller leaves the UI: false mutes MLeaksFinder's `abandoned` check for it and what it contains or presents (rule 47).") {
        PropertyDeclaration(UIViewController.view, .strong, .object("UIView"), getter: "view", setter: "setView",
                            summary: "Loaded on first access: `loadView`, then `viewDidLoad` (rule 11).")
        PropertyDeclaration(UIViewController.title, .copy, .string)
        PropertyDeclaration(UIViewController.parent, .weak, .object("UIViewController"), readOnly: true)
        PropertyDeclaration(UIViewController.children, .strong, .array("UIViewController"), readOnly: true, getter: "children",
                            summary: "A container's controllers, else those added with `addChild`.")
        PropertyDeclaration(UIViewController.presentedViewController, .strong, .object("UIViewController"), readOnly: true,
                            getter: "presentedViewController",
                            summary: "The controller it presented, or the one its nearest ancestor presented (rule 84).")
        PropertyDeclaration(UIViewController.presentingViewController, .weak, .object("UIViewController"), readOnly: true,
                            getter: "presentingViewController",
                            summary: "The controller that presented it, or its nearest presented ancestor (rule 84).")
        PropertyDeclaration(UIViewController.definesPresentationContext, .assign, .bool, default: .bool(false),
                            summary: "Makes it the context of a `.currentContext` or `.overCurrentContext` presentation asked of it or of a descendant (rule 84).")
        PropertyDeclaration(UIViewController.transitioningDelegate, .weak, .object("NSObject"),
                            summary: "Offers custom animators: `animationController_forPresented(presented, presenting, source)` and `animationController_forDismissed(dismissed)` (rule 57).")
        PropertyDeclaration(UIViewController.modalPresentationStyle, .assign, .enumeration(ControllerLifecycle.modalPresentationStyles),
                            summary: "Unset or `automatic` means a page sheet from iOS 13 on, full screen before (rule 16); a page or form sheet is full screen before iOS 13 (rule 83).")
        PropertyDeclaration(UIViewController.presentationController, .strong, .object("UIPresentationController"), readOnly: true,
                            getter: "presentationController",
                            summary: "(iOS 8+) The controller's presentation controller, made on first read, so that its `delegate` can be set before presenting (rule 83); nil before iOS 8.")
        PropertyDeclaration(UIViewController.isModalInPresentation, .assign, .bool, default: .bool(false),
                            summary: "(iOS 13+) A sheet that refuses the swipe down (`sim.swipeDown`, rule 83).")
        PropertyDeclaration("isViewLoaded", .assign, .bool, readOnly: true, getter: "isViewLoaded")
        PropertyDeclaration("viewIfLoaded", .weak, .object("UIView"), readOnly: true, getter: "viewIfLoaded")
        PropertyDeclaration("navigationController", .weak, .object("UINavigationController"), readOnly: true,
                            getter: "navigationController")
        PropertyDeclaration("tabBarController", .weak, .object("UITabBarController"), readOnly: true, getter: "tabBarController")
        PropertyDeclaration("transitionCoordinator", .weak, .object("_UIViewControllerTransitionCoordinator"), readOnly: true,
                            getter: "transitionCoordinator",
                            summary: "The coordinator of the animated transition the controller (or its parent) takes part in; nil outside transitions.")
        HoldDeclaration("transition in flight", "a controller being pushed, popped, presented, dismissed or removed, until its transition ends")
        ControllerLifecycle.modalPresentationStyles

        Method.initializer(swift: "init(nibName:bundle:)") { _, inv in .object(inv.receiver) }

        // SPEC rule 11: the first access loads the view — `loadView` then `viewDidLoad`,
        // synchronously and re-entrantly: code inside `viewDidLoad` already sees the view.
        Method.accessor("view", returns: .object("UIView")) { sim, inv in
            try sim.lifecycle.loadedView(of: inv.receiver).map(Value.object) ?? .nil
        }
        Method.accessor("setView") { sim, inv in
            try sim.write(inv.receiver, sim[UIViewController.view], try inv.object(0, sim[UIView.self], "view", optional: true))
            return .nil
        }
        Method.callback("loadView", summary: "Makes the view: an opaque view the size of the screen.") { sim, inv in
            let v = sim.heap.alloc(sim[UIView.self])
            try sim.views.initializeView(v, frame: sim.screenBounds)
            // Opaque, as a storyboard-made controller's view is: it hides what lies under it.
            try sim.write(v, sim[UIView.backgroundColor], .string("systemBackground"))
            try sim.write(inv.receiver, sim[UIViewController.view], v)
            return .nil
        }
        Method.accessor("isViewLoaded", returns: .bool) { sim, inv in .bool(try sim.object(inv.receiver, UIViewController.view) != nil) }
        Method.accessor("viewIfLoaded", returns: .object("UIView")) { sim, inv in try sim.heap.readSlot(inv.receiver, UIViewController.view) }
        Method.accessor("presentedViewController", returns: .object("UIViewController")) { sim, inv in
            try sim.presentations.effective(inv.receiver, UIViewController.presentedViewController)
        }
        Method.accessor("presentingViewController", returns: .object("UIViewController")) { sim, inv in
            try sim.presentations.effective(inv.receiver, UIViewController.presentingViewController)
        }
        Method.accessor("presentationController", returns: .object("UIPresentationController")) { sim, inv in
            try sim.presentations.presentationController(of: inv.receiver).map(Value.object) ?? .nil
        }
        Method("loadViewIfNeeded", summary: "Loads the view if it is not loaded.") { sim, inv in
            _ = try sim.lifecycle.loadedView(of: inv.receiver)
            return .nil
        }
        Method.callback("viewDidLoad", summary: "Sent once, after `loadView` set the view.") { _, _ in .nil }
        Method.callback("viewWillAppear", swift: "viewWillAppear(_:)", .bool("animated")) { _, _ in .nil }
        Method.callback("viewDidAppear", swift: "viewDidAppear(_:)", .bool("animated")) { _, _ in .nil }
        Method.callback("viewWillDisappear", swift: "viewWillDisappear(_:)", .bool("animated")) { _, _ in .nil }
        Method.callback("viewDidDisappear", swift: "viewDidDisappear(_:)", .bool("animated")) { _, _ in .nil }

        Method.accessor("children", returns: .array("UIViewController")) { sim, inv in
            .array(try sim.lifecycle.childControllers(of: inv.receiver).map(Value.object))
        }
        Method.accessor("navigationController", returns: .object("UINavigationController")) { sim, inv in
            try sim.lifecycle.ancestor(of: inv.receiver, kind: UINavigationController.handle).map(Value.object) ?? .nil
        }
        Method.accessor("transitionCoordinator", returns: .object("_UIViewControllerTransitionCoordinator")) { sim, inv in
            try sim.transitions.transitionCoordinator(of: inv.receiver).map(Value.object) ?? .nil
        }
        Method.accessor("tabBarController", returns: .object("UITabBarController")) { sim, inv in
            try sim.lifecycle.ancestor(of: inv.receiver, kind: UITabBarController.handle).map(Value.object) ?? .nil
        }

        // SPEC rule 14 and §3.5: `addChild` calls `willMove(toParent:)` only and
        // `removeFromParent` calls `didMove(toParent: nil)` only.
        Method("addChild", swift: "addChild(_:)", .object("child", "UIViewController"),
               summary: "Adds a child controller; the parent keeps it strongly, the child's `parent` is weak (rule 14).") { sim, inv in
            try sim.lifecycle.addChild(inv.objectArgument(0), to: inv.receiver)
            return .nil
        }
        Method.callback("removeFromParent", summary: "Removes the controller from its parent, which releases it.") { sim, inv in
            try sim.lifecycle.removeFromParent(inv.receiver)
            return .nil
        }
        Method.callback("willMove", swift: "willMove(toParent:)", .object("parent", "UIViewController", optional: true)) { _, _ in .nil }
        Method.callback("didMove", swift: "didMove(toParent:)", .object("parent", "UIViewController", optional: true)) { _, _ in .nil }

        // SPEC rule 53: the deciding controller's answers; navigation and tab bar
        // controllers answer for themselves (these defaults), asking no child.
        Method.callback("shouldAutorotate", returns: .bool,
                        summary: "Whether the interface may rotate now; asked first, `true` unless overridden (rule 53).") { _, _ in .bool(true) }
        Method.callback("supportedInterfaceOrientations", returns: .any,
                        summary: "A `UIInterfaceOrientationMask` member name (`\"portrait\"`, `\"landscape\"`, `\"all\"`, …) or an array of them; `\"allButUpsideDown\"` unless overridden (rule 53).") { _, _ in
            .string("allButUpsideDown")
        }
        // SPEC rule 54a: the default forwards to each child, depth first, then to the
        // presented controller, so an override that skips super stops it there.
        Method.callback("viewWillTransition", swift: "viewWillTransition(to:with:)", .size("size"),
                        .object("coordinator", "_UIViewControllerTransitionCoordinator", optional: true), introduced: 8,
                        summary: "Sent to every window's root controller before a rotation, with the new size while the old bounds still read; forwards to the children, then the presented controller (rule 54).") { sim, inv in
            try sim.rotation.forwardViewWillTransition(from: inv.receiver, inv.argument(0), inv.argument(1))
            return .nil
        }
        // SPEC rule 55: iOS 7's rotation callbacks (deprecated in iOS 8, where UIKit sends
        // `viewWillTransition` instead).
        Method.callback("willRotate", swift: "willRotate(to:duration:)", .enumeration("toOrientation", Simulator.interfaceOrientations),
                        .number("duration"), summary: "iOS 7: sent as the interface starts rotating (rule 55).") { _, _ in .nil }
        Method.callback("didRotate", swift: "didRotate(from:)", .enumeration("fromOrientation", Simulator.interfaceOrientations),
                        summary: "iOS 7: sent when the rotation's animation has ended (rule 55).") { _, _ in .nil }

        Method("present", swift: "present(_:animated:completion:)", .object("viewController", "UIViewController", optional: true),
               .bool("animated", default: true), .function("completion"),
               summary: "Presents a controller modally; the presenter keeps it until it is dismissed (rule 15).") { sim, inv in
            try sim.presentations.present(inv.optionalObjectArgument(0), from: inv.receiver, animated: inv.bool(1, default: true),
                            completion: inv.argument(2))
            return .nil
        }
        Method("dismiss", swift: "dismiss(animated:completion:)", .bool("animated", default: true), .function("completion"),
               summary: "Dismisses the controller this one presented, or this one if it was presented.") { sim, inv in
            try sim.presentations.dismiss(from: inv.receiver, animated: inv.bool(0, default: true), completion: inv.argument(1))
            return .nil
        }
    }

    /// The child controllers: a container's `viewControllers`, else those added with `addChild`.
    func childControllers(of vc: ObjectID) throws -> [ObjectID] {
        if heap.isKind(vc, of: UINavigationController.handle) { return try objects(vc, UINavigationController.viewControllers) }
        if heap.isKind(vc, of: UITabBarController.handle) { return try objects(vc, UITabBarController.viewControllers) }
        return try objects(vc, UIViewController.children)
    }

    /// The nearest parent of the given kind (`navigationController`, `tabBarController`).
    func ancestor(of vc: ObjectID, kind: ClassHandle) throws -> ObjectID? {
        var found: ObjectID?
        try sim.walkChain(from: try object(vc, UIViewController.parent), along: heap[UIViewController.parent]) { c in
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
    var how: Leak.Abandoned.Departure
    /// What MLeaksFinder walks from the controller when it leaves (its children and the
    /// controllers it presents, at any depth), taken then: an exemption covers them too
    /// (SPEC rule 47).
    var walk: [ObjectID] = []
    /// Whether the controller's `willDealloc` returned false when it left (SPEC rule 47).
    var exempt = false
    /// Whether `Heap.onLeakSighted` heard of it at its deadline already.
    var sighted = false
}
