/// `UINavigationController`, as the model names it: its class and the properties the model reads and writes.
package enum UINavigationController: ModelClass {
    package static let handle = ClassHandle("UINavigationController")
    package static var declaration: SimulatorClassDeclaration { Navigation.navigationControllerDeclaration }
    package static let viewControllers = handle.property("viewControllers")
    package static let navigationBar = handle.property("navigationBar")
    package static let delegate = handle.property("delegate")
    package static let interactivePopGestureRecognizer = handle.property("interactivePopGestureRecognizer")
}

extension Navigation {
    /// `UINavigationController` (SPEC §3.5, rules 17–19): a stack of controllers it keeps
    /// strongly, a navigation bar, a weak delegate, and animated pushes and pops.
    static let navigationControllerDeclaration = ClassDeclaration(UINavigationController.handle,
        superclass: "UIViewController", summary: "A stack of controllers, the top one on screen.") {
        PropertyDeclaration(UINavigationController.viewControllers, .strong, .array("UIViewController"), setter: "setViewControllers",
                            summary: "The stack, bottom first; the navigation controller keeps each strongly.")
        PropertyDeclaration(UINavigationController.navigationBar, .strong, .object("UINavigationBar"), readOnly: true)
        PropertyDeclaration(UINavigationController.delegate, .weak, .object("NSObject"),
                            summary: "Told `navigationController_willShow` and `navigationController_didShow`.")
        PropertyDeclaration("topViewController", .weak, .object("UIViewController"), readOnly: true, getter: "topViewController")
        PropertyDeclaration("visibleViewController", .weak, .object("UIViewController"), readOnly: true,
                            getter: "visibleViewController")
        PropertyDeclaration(UINavigationController.interactivePopGestureRecognizer, .strong, .object("UIGestureRecognizer"), readOnly: true,
                            getter: "interactivePopGestureRecognizer",
                            summary: "The edge swipe that pops (`sim.swipeBack`); `isEnabled` and a weak `delegate` asked `gestureRecognizerShouldBegin` (rule 66).")

        Method.initializer(swift: "init(rootViewController:)", .object("rootViewController", "UIViewController", optional: true)) { sim, inv in
            let bar = sim.heap.alloc(sim[UINavigationBar.self])
            try sim.views.initializeView(bar, frame: Rect(x: 0, y: 0, width: sim.screenBounds.width, height: 44))
            try sim.write(inv.receiver, sim[UINavigationController.navigationBar], bar)
            if let root = inv.optionalObjectArgument(0) {
                try sim.navigation.checkPushable(root, onto: inv.receiver, function: "UINavigationController")
                _ = try sim.heap.send(root, .willMove, args: Arguments(.object(inv.receiver)))
                try sim.lifecycle.leaveOtherParent(root, for: inv.receiver)
                try sim.heap.insertElement(root, into: inv.receiver, sim[UINavigationController.viewControllers])
                try sim.write(root, sim[UIViewController.parent], inv.receiver)
                sim.lifecycle.noteEnteredUI(root)
                _ = try sim.heap.send(root, .didMove, args: Arguments(.object(inv.receiver)))
            }
            return .object(inv.receiver)
        }
        Method.callback("loadView") { sim, inv in
            _ = try sim.heap.send(inv.receiver, .loadView, as: sim[UIViewController.self])
            if let view = try sim.object(inv.receiver, UIViewController.view), let bar = try sim.object(inv.receiver, UINavigationController.navigationBar) {
                try sim.views.addSubview(bar, to: view, at: nil)
            }
            return .nil
        }
        Method.accessor("topViewController", returns: .object("UIViewController")) { sim, inv in
            try sim.objects(inv.receiver, UINavigationController.viewControllers).last.map(Value.object) ?? .nil
        }
        Method.accessor("visibleViewController", returns: .object("UIViewController")) { sim, inv in
            if let p = try sim.object(inv.receiver, UIViewController.presentedViewController) { return .object(p) }
            return try sim.objects(inv.receiver, UINavigationController.viewControllers).last.map(Value.object) ?? .nil
        }
        Method.accessor("interactivePopGestureRecognizer", returns: .object("UIGestureRecognizer")) { sim, inv in
            .object(try sim.navigation.interactivePopRecognizer(of: inv.receiver))
        }
        Method("pushViewController", swift: "pushViewController(_:animated:)", .object("viewController", "UIViewController"),
               .bool("animated", default: true),
               summary: "Pushes a controller; a second push during an animated one crashes (rule 19).") { sim, inv in
            try sim.navigation.push(inv.objectArgument(0), on: inv.receiver, animated: inv.bool(1, default: true))
            return .nil
        }
        Method("popViewController", swift: "popViewController(animated:)", .bool("animated", default: true),
               returns: .object("UIViewController"), optional: true,
               summary: "Pops the top controller and returns it; nothing when only the root is left.") { sim, inv in
            let stack = try sim.objects(inv.receiver, UINavigationController.viewControllers)
            guard stack.count > 1 else { return .nil }
            try sim.navigation.pop(to: stack[stack.count - 2], on: inv.receiver, animated: inv.bool(0, default: true))
            return .object(stack[stack.count - 1])
        }
        Method("popToRootViewController", swift: "popToRootViewController(animated:)", .bool("animated", default: true),
               returns: .array("UIViewController"), summary: "Pops every controller above the root; returns them.") { sim, inv in
            let stack = try sim.objects(inv.receiver, UINavigationController.viewControllers)
            guard stack.count > 1 else { return .array([]) }
            try sim.navigation.pop(to: stack[0], on: inv.receiver, animated: inv.bool(0, default: true))
            return .array(stack.dropFirst().map(Value.object))
        }
        Method("popToViewController", swift: "popToViewController(_:animated:)", .object("viewController", "UIViewController"),
               .bool("animated", default: true), returns: .array("UIViewController"),
               summary: "Pops the controllers above the given one; returns them.") { sim, inv in
            let target = inv.objectArgument(0)
            let stack = try sim.objects(inv.receiver, UINavigationController.viewControllers)
            guard let i = stack.firstIndex(of: target) else {
                throw sim.raise(.crash(.popToMissing, object: inv.receiver))
            }
            guard i < stack.count - 1 else { return .array([]) }
            try sim.navigation.pop(to: target, on: inv.receiver, animated: inv.bool(1, default: true))
            return .array(stack[(i + 1)...].map(Value.object))
        }
        Method("setViewControllers", swift: "setViewControllers(_:animated:)", .array("viewControllers", of: "UIViewController"),
               .bool("animated", default: false), summary: "Replaces the stack.") { sim, inv in
            try sim.navigation.setViewControllers(inv.objectsArgument(0), on: inv.receiver, animated: inv.bool(1, default: false))
            return .nil
        }
        Method.callback("didShowViewController", .object("viewController", "UIViewController"), .bool("animated"),
                        summary: "Sent when a push or pop ends; tells the delegate `navigationController_didShow`.") { sim, inv in
            if let d = try sim.object(inv.receiver, UINavigationController.delegate), sim.heap.responds(d, to: .navigationController_didShow) {
                _ = try sim.heap.send(d, .navigationController_didShow, args: Arguments(.object(inv.receiver), inv.argument(0), inv.argument(1)))
            }
            return .nil
        }
    }

    /// SPEC rule 18 and the bad-input rules: what may not be pushed.
    func checkPushable(_ vc: ObjectID, onto nav: ObjectID, function: String) throws {
        if heap.isKind(vc, of: UINavigationController.handle) {
            throw sim.raise(.crash(.pushNavigationController, object: vc))
        }
        if try objects(nav, UINavigationController.viewControllers).contains(vc) {
            throw sim.raise(.crash(.pushTwice, object: vc))
        }
        if let p = try object(vc, UIViewController.parent), p != nav {
            throw sim.raise(.crash(.otherParent(child: sim.heap.ref(vc), parent: sim.heap.ref(p), requested: sim.heap.ref(nav)), object: vc))
        }
        try lifecycle.checkNotAncestor(vc, of: nav)
        // A window's root may be pushed (seed 000's SDK wraps the root in a navigation
        // controller before making that the root); a presented controller may not.
        if try object(vc, UIViewController.presentingViewController) != nil {
            throw sim.raise(.crash(.pushActive(sim.heap.ref(vc)), object: vc))
        }
    }

    /// SPEC rule 19: another push or pop while an animated one is in flight corrupts the
    /// transition — UIKit logs the warning, then crashes with `Can't add self as subview`.
    func checkNoTransitionInFlight(_ nav: ObjectID) throws {
        guard navTransitions[nav] != nil else { return }
        heap.warn("nested push animation can result in corrupted navigation bar", object: nav)
        throw sim.raise(.crash(.addSelfAsSubview, object: nav))
    }

    /// Whether a container's view is on screen and it is appearing or has appeared.
    func isOnScreen(_ vc: ObjectID) throws -> Bool {
        guard let v = try object(vc, UIViewController.view), let w = try views.windowOf(v),
              try windowing.isShown(w) else { return false }
        let s = lifecycle.appearanceState(of: vc)
        return s == .appeared || s == .appearing
    }

    /// SPEC §3.5 push order: B.willMove(nav), B.viewDidLoad, A.viewWillDisappear,
    /// B.viewWillAppear, A.viewDidDisappear, B.viewDidAppear, B.didMove(nav).
    func push(_ vc: ObjectID, on nav: ObjectID, animated: Bool) throws {
        try checkPushable(vc, onto: nav, function: "pushViewController")
        try checkNoTransitionInFlight(nav)
        let from = try objects(nav, UINavigationController.viewControllers).last
        _ = try heap.send(vc, .willMove, args: Arguments(.object(nav)))
        try lifecycle.leaveOtherParent(vc, for: nav)
        try heap.insertElement(vc, into: nav, heap[UINavigationController.viewControllers])
        try write(vc, heap[UIViewController.parent], nav)
        lifecycle.noteEnteredUI(vc)
        if try isOnScreen(nav) {
            try navTransition(nav, from: from, to: vc, animated: animated, popped: [])
        } else {
            _ = try heap.send(vc, .didMove, args: Arguments(.object(nav)))
        }
    }

    /// SPEC §3.5 pop order: B.willMove(nil), B.viewWillDisappear, A.viewWillAppear,
    /// B.viewDidDisappear, A.viewDidAppear, B.didMove(nil) after the animation. Every
    /// controller above `target` leaves the stack at once and stays alive until then.
    func pop(to target: ObjectID, on nav: ObjectID, animated: Bool) throws {
        // SPEC rule 66: the pop an edge swipe sends (through any swizzle) is interactive.
        let swipe = pendingSwipes.isEmpty ? nil : pendingSwipes.removeValue(forKey: nav.raw)
        try checkNoTransitionInFlight(nav)
        let stack = try objects(nav, UINavigationController.viewControllers)
        guard let i = stack.firstIndex(of: target), i < stack.count - 1 else { return }
        let popped = Array(stack[(i + 1)...])
        for p in popped { try heap.hold(p, transitions.transitionHold) }
        // Released however the pop ends, a callback that fails (a willMove override that
        // pushes) included.
        defer { for p in popped where heap.isAlive(p) { try? heap.unhold(p, transitions.transitionHold) } }
        for p in popped.reversed() { _ = try heap.send(p, .willMove, args: Arguments(.nil)) }
        for p in popped.reversed() {
            try heap.removeElement(p, from: nav, heap[UINavigationController.viewControllers])
            lifecycle.noteLeftUI(p, .popped(from: nav))
        }
        // SPEC rule 47: asked once every popped controller is off the stack; the pop goes
        // on whatever they answer, and the first error comes at the end.
        var askError: Error?
        attempt(&askError) { try lifecycle.askWillDealloc() }
        if try isOnScreen(nav) {
            try navTransition(nav, from: popped.last, to: target, animated: animated, popped: popped, swipe: animated ? swipe : nil)
        } else {
            try finishPop(popped, nav: nav)
        }
        if let askError { throw askError }
    }

    func finishPop(_ popped: [ObjectID], nav: ObjectID) throws {
        // Every popped controller is detached even when one's didMove(nil) raises: the
        // first error is rethrown once all are done (never half done).
        var firstError: Error?
        for p in popped.reversed() where heap.isAlive(p) {
            // A callback of the pop (a viewWillAppear that pushes) may have put it back:
            // then it is a child again, and its view is the one on screen.
            if heap.isAlive(nav), (try? objects(nav, UINavigationController.viewControllers).contains(p)) == true { continue }
            attempt(&firstError) {
                if let v = try object(p, UIViewController.view), let navView = try object(nav, UIViewController.view),
                   try object(v, UIView.superview) == navView {
                    try views.removeFromSuperview(v)
                }
            }
            // Removed from the parent or adopted by another container meanwhile: it is
            // no longer this one's to detach.
            guard (try? object(p, UIViewController.parent)) == nav else { continue }
            attempt(&firstError) { try write(p, heap[UIViewController.parent], nil) }
            attempt(&firstError) { _ = try heap.send(p, .didMove, args: Arguments(.nil)) }
        }
        if let firstError { throw firstError }
    }

    /// Runs a push or pop on screen. Animated ones are in flight for the transition
    /// duration — or until a custom animator completes them (SPEC rule 58), or the finger
    /// of an edge swipe lifts (rule 67) — and keep both controllers alive; the delegate
    /// hears `willShow` at the start and, through the swizzlable `didShowViewController`,
    /// `didShow` at the end.
    func navTransition(_ nav: ObjectID, from: ObjectID?, to: ObjectID, animated: Bool, popped: [ObjectID],
                       swipe: Swipe? = nil) throws {
        let isPush = popped.isEmpty
        // The callbacks' errors do not stop the transition half-way (a transition marked
        // in flight for ever made every later push crash): it completes and the first
        // error is rethrown.
        var firstError: Error?
        // SPEC rule 57: the navigation controller's delegate may offer an animator.
        var animator: ObjectID?
        if animated, swipe == nil, let from {
            attempt(&firstError) {
                animator = try transitions.customAnimator(from: object(nav, UINavigationController.delegate), .navigationController_animationControllerFor,
                                              Arguments([.object(nav), .string(isPush ? "push" : "pop"), .object(from), .object(to)]))
            }
        }
        let inFlight = transitions.isTimed(animated) || animator != nil || swipe != nil
        navTransitions.placed(nav, top: to, byAnimator: animator != nil)
        if inFlight { navTransitions.begin(nav, NavTransition(from: from, to: to)) }
        // SPEC §4: the coordinator exists before the delegate hears willShow, so that
        // seed 003's hook finds it on the top controller.
        var coordinator: ObjectID?
        if inFlight {
            attempt(&firstError) {
                coordinator = try transitions.beginCoordinator(for: [nav, to] + popped + (from.map { [$0] } ?? []), from: from, to: to,
                                                   container: try object(nav, UIViewController.view), duration: sim.configuration.transitionDuration,
                                                   interactive: swipe != nil)
            }
        }
        attempt(&firstError) {
            if let d = try object(nav, UINavigationController.delegate), heap.responds(d, to: .navigationController_willShow) {
                _ = try heap.send(d, .navigationController_willShow, args: Arguments(.object(nav), .object(to), .bool(animated)))
            }
        }
        var toView: ObjectID?
        attempt(&firstError) { toView = try lifecycle.loadedView(of: to) }
        if let from { attempt(&firstError) { try lifecycle.beginAppearance(from, appearing: false, animated: animated) } }
        attempt(&firstError) { try lifecycle.beginAppearance(to, appearing: true, animated: animated) }
        var context: ObjectID?
        if let animator {
            // SPEC rule 58: the content view is the container, and UIKit never adds the
            // incoming view: an animator that forgets it leaves the pushed view out of the window.
            attempt(&firstError) {
                guard let navView = try object(nav, UIViewController.view) else { return }
                context = try transitions.makeTransitionContext(animator: animator, container: navView, from: from, to: to,
                                                    fromView: try from.flatMap { try object($0, UIViewController.view) }, toView: toView,
                                                    coordinator: coordinator)
            }
        }
        if context == nil {
            // No animator, or one that could not say its duration: the default transition
            // puts the incoming view in place.
            attempt(&firstError) {
                if let toView, heap.isAlive(toView), let navView = try object(nav, UIViewController.view), try object(toView, UIView.superview) != navView {
                    try write(toView, heap[UIView.frame], .rect(try views.boundsOf(navView)))
                    try views.addSubview(toView, to: navView, at: 0)
                }
            }
        }
        if let coordinator { attempt(&firstError) { try transitions.startCoordinator(coordinator) } }
        var keep = [nav, to] + popped
        if let from { keep.append(from) }
        keep = keep.filter { heap.isAlive($0) }
        let driver: TransitionDriver
        if let context { driver = .animator(context) }
        else if let swipe { driver = .finger(drag: swipe.drag, completes: swipe.completes) }
        else { driver = .clock }
        do {
            try transitions.finishTransition(animated: animated, keeping: keep, coordinator: coordinator, completion: .nil, driver: driver,
                                 cancel: navTransitionCancel(nav, from: from, to: to, animated: animated, popped: popped),
                                 navTransitionEnd(nav, from: from, to: to, animated: animated, isPush: isPush, popped: popped))
        } catch {
            navTransitions.end(nav)
            throw firstError ?? error
        }
        if let context, let animator {
            // SPEC rule 58: last, once the transition is whole.
            attempt(&firstError) { _ = try heap.send(animator, .animateTransition, args: Arguments(.object(context))) }
        }
        if let firstError { throw firstError }
    }

    /// A push or pop cancelled (a custom animator's `completeTransition(false)`, a swipe
    /// let go early; SPEC rules 61, 67): the stack is as it was, the incoming controller
    /// disappears and the outgoing one appears again, and the delegate hears nothing.
    func navTransitionCancel(_ nav: ObjectID, from: ObjectID?, to: ObjectID, animated: Bool,
                             popped: [ObjectID]) -> () throws -> Void {
        return { [unowned self] in
            navTransitions.end(nav)
            var firstError: Error?
            // The incoming view leaves the content view, the outgoing one stays.
            attempt(&firstError) { try takeView(of: to, outOf: nav) }
            attempt(&firstError) { try lifecycle.changeAppearance(to, appearing: false, animated: animated) }
            if let from { attempt(&firstError) { try lifecycle.changeAppearance(from, appearing: true, animated: animated) } }
            attempt(&firstError) {
                guard heap.isAlive(nav) else { return }
                if popped.isEmpty {
                    // A cancelled push: the pushed controller leaves the stack again.
                    guard try objects(nav, UINavigationController.viewControllers).contains(to) else { return }
                    try heap.removeElement(to, from: nav, heap[UINavigationController.viewControllers])
                    if try object(to, UIViewController.parent) == nav { try write(to, heap[UIViewController.parent], nil) }
                    _ = try heap.send(to, .didMove, args: Arguments(.nil))
                } else {
                    // A cancelled pop: the popped controllers are back on top, as they were;
                    // each heard willMove(nil) when the pop began and hears didMove(nav) now.
                    for p in popped where heap.isAlive(p) && (try? object(p, UIViewController.parent)) == nav {
                        guard !(try objects(nav, UINavigationController.viewControllers).contains(p)) else { continue }
                        try heap.insertElement(p, into: nav, heap[UINavigationController.viewControllers])
                        lifecycle.noteEnteredUI(p)
                    }
                    for p in popped where heap.isAlive(p) && (try? object(p, UIViewController.parent)) == nav {
                        _ = try heap.send(p, .didMove, args: Arguments(.object(nav)))
                    }
                }
            }
            if let firstError { throw firstError }
        }
    }

    /// Removes the controller's view from the navigation controller's content view, if it
    /// is there.
    func takeView(of vc: ObjectID, outOf nav: ObjectID) throws {
        guard heap.isAlive(vc), heap.isAlive(nav), let v = try object(vc, UIViewController.view), let navView = try object(nav, UIViewController.view),
              try object(v, UIView.superview) == navView else { return }
        try views.removeFromSuperview(v)
    }

    /// The end of a push or pop: the old view leaves, the "did" callbacks, didMove, didShow.
    func navTransitionEnd(_ nav: ObjectID, from: ObjectID?, to: ObjectID, animated: Bool, isPush: Bool,
                          popped: [ObjectID]) -> () throws -> Void {
        { [unowned self] in
            navTransitions.end(nav)
            // Every step runs even when a callback fails; the first error is rethrown.
            var firstError: Error?
            if let from { attempt(&firstError) { try takeView(of: from, outOf: nav) } }
            if let from { attempt(&firstError) { try lifecycle.endAppearance(from, animated: animated) } }
            attempt(&firstError) { try lifecycle.endAppearance(to, animated: animated) }
            attempt(&firstError) {
                if isPush { _ = try heap.send(to, .didMove, args: Arguments(.object(nav))) } else { try finishPop(popped, nav: nav) }
            }
            attempt(&firstError) { _ = try heap.send(nav, .didShowViewController, args: Arguments(.object(to), .bool(animated))) }
            if let firstError { throw firstError }
        }
    }

    /// `setViewControllers(_:animated:)`: replaces the stack; controllers that leave get
    /// willMove(nil)/didMove(nil), new ones willMove(nav)/didMove(nav), and a new top
    /// transitions in like a push (or a pop when it was already in the stack).
    func setViewControllers(_ list: [ObjectID], on nav: ObjectID, animated: Bool) throws {
        var seen = Set<ObjectID>()
        for vc in list {
            guard seen.insert(vc).inserted else {
                throw sim.raise(.crash(.pushTwice, object: vc))
            }
            if heap.isKind(vc, of: UINavigationController.handle) {
                throw sim.raise(.crash(.pushNavigationController, object: vc))
            }
            if let p = try object(vc, UIViewController.parent), p != nav {
                throw sim.raise(.crash(.otherParent(child: sim.heap.ref(vc), parent: sim.heap.ref(p), requested: sim.heap.ref(nav)), object: vc))
            }
            try lifecycle.checkNotAncestor(vc, of: nav)
        }
        try checkNoTransitionInFlight(nav)
        let old = try objects(nav, UINavigationController.viewControllers)
        let removed = old.filter { !list.contains($0) }
        let added = list.filter { !old.contains($0) }
        for r in removed { try heap.hold(r, transitions.transitionHold) }
        // Released however this ends (a failing callback stranded them).
        defer { for r in removed where heap.isAlive(r) { try? heap.unhold(r, transitions.transitionHold) } }
        for r in removed { _ = try heap.send(r, .willMove, args: Arguments(.nil)) }
        for a in added {
            _ = try heap.send(a, .willMove, args: Arguments(.object(nav)))
            try lifecycle.leaveOtherParent(a, for: nav)
        }
        // The callbacks may have taken a listed controller out of this stack or given it to
        // another container: every controller of the new stack ends with this one as its
        // one parent.
        for vc in list where !added.contains(vc) {
            if try object(vc, UIViewController.parent) != nav { try lifecycle.leaveOtherParent(vc, for: nav) }
        }
        try write(nav, heap[UINavigationController.viewControllers], .array(list.map(Value.object)))   // SPEC rule 27: never nil
        for a in added { try write(a, heap[UIViewController.parent], nav); lifecycle.noteEnteredUI(a) }
        for vc in list where !added.contains(vc) {
            if try object(vc, UIViewController.parent) != nav { try write(vc, heap[UIViewController.parent], nav); lifecycle.noteEnteredUI(vc) }
        }
        for r in removed { lifecycle.noteLeftUI(r, .removedFromStack(of: nav)) }
        // SPEC rule 47: asked once the stack is whole; the first error comes at the end.
        var askError: Error?
        attempt(&askError) { try lifecycle.askWillDealloc() }
        let oldTop = old.last, newTop = list.last
        if let newTop, newTop != oldTop, try isOnScreen(nav) {
            // The new top comes in as a push does; the controllers that left go at once.
            try navTransition(nav, from: oldTop, to: newTop, animated: animated, popped: [])
            try finishPop(removed, nav: nav)
            for a in added where a != newTop { _ = try heap.send(a, .didMove, args: Arguments(.object(nav))) }
        } else {
            try finishPop(removed, nav: nav)
            for a in added { _ = try heap.send(a, .didMove, args: Arguments(.object(nav))) }
        }
        if let askError { throw askError }
    }
}
