/// An animated push or pop in flight on a navigation controller (SPEC rule 19).
struct NavTransition {
    var from: ObjectID?
    var to: ObjectID
}

extension Simulator {
    func installNavigationMethods() {
        let k = uikit
        let nav = k.navigationController
        define(nav, .initialize) { [unowned self] inv in
            let bar = heap.alloc(k.navigationBar)
            try initializeView(bar, frame: Rect(x: 0, y: 0, width: screenBounds.width, height: 44))
            try write(inv.receiver, k.navBar, bar)
            if let root = try inv.object(0, k.viewController, "UINavigationController", optional: true) {
                try checkPushable(root, onto: inv.receiver, function: "UINavigationController")
                _ = try heap.send(root, .willMove, args: Arguments(.object(inv.receiver)))
                try heap.insertElement(root, into: inv.receiver, k.navControllers)
                try write(root, k.parent, inv.receiver)
                noteEnteredUI(root)
                _ = try heap.send(root, .didMove, args: Arguments(.object(inv.receiver)))
            }
            return .object(inv.receiver)
        }
        define(nav, "loadView") { [unowned self] inv in
            _ = try heap.send(inv.receiver, .loadView, as: k.viewController)
            if let view = try object(inv.receiver, k.vcView), let bar = try object(inv.receiver, k.navBar) {
                try addSubview(bar, to: view, at: nil)
            }
            return .nil
        }
        define(nav, "topViewController") { [unowned self] inv in
            try objects(inv.receiver, k.navControllers).last.map(Value.object) ?? .nil
        }
        define(nav, "visibleViewController") { [unowned self] inv in
            if let p = try object(inv.receiver, k.presented) { return .object(p) }
            return try objects(inv.receiver, k.navControllers).last.map(Value.object) ?? .nil
        }
        define(nav, "pushViewController") { [unowned self] inv in
            let vc = try inv.required(0, k.viewController, "pushViewController")
            try push(vc, on: inv.receiver, animated: inv.bool(1, default: true))
            return .nil
        }
        define(nav, "popViewController") { [unowned self] inv in
            let stack = try objects(inv.receiver, k.navControllers)
            guard stack.count > 1 else { return .nil }
            try pop(to: stack[stack.count - 2], on: inv.receiver, animated: inv.bool(0, default: true))
            return .object(stack[stack.count - 1])
        }
        define(nav, "popToRootViewController") { [unowned self] inv in
            let stack = try objects(inv.receiver, k.navControllers)
            guard stack.count > 1 else { return .array([]) }
            try pop(to: stack[0], on: inv.receiver, animated: inv.bool(0, default: true))
            return .array(stack.dropFirst().map(Value.object))
        }
        define(nav, "popToViewController") { [unowned self] inv in
            let target = try inv.required(0, k.viewController, "popToViewController")
            let stack = try objects(inv.receiver, k.navControllers)
            guard let i = stack.firstIndex(of: target) else {
                throw raise(.internalInconsistency("Tried to pop to a view controller that doesn't exist.", object: inv.receiver))
            }
            guard i < stack.count - 1 else { return .array([]) }
            try pop(to: target, on: inv.receiver, animated: inv.bool(1, default: true))
            return .array(stack[(i + 1)...].map(Value.object))
        }
        define(nav, "setViewControllers") { [unowned self] inv in
            guard case .array(let values) = inv.argument(0) else {
                throw SimError(.typeMismatch, "bad argument #1 to 'setViewControllers' (array of UIViewController expected, got \(heap.describeType(of: inv.argument(0))))")
            }
            var list: [ObjectID] = []
            for (i, v) in values.enumerated() {
                guard case .object(let id) = v, heap.isKind(id, of: k.viewController) else {
                    throw SimError(.typeMismatch, "bad argument #1 to 'setViewControllers' (UIViewController expected at index \(i + 1), got \(heap.describeType(of: v)))")
                }
                try heap.checkUsable(id, "setViewControllers")
                list.append(id)
            }
            try setViewControllers(list, on: inv.receiver, animated: inv.bool(1, default: false))
            return .nil
        }
        define(nav, "didShowViewController") { [unowned self] inv in
            if let d = try object(inv.receiver, k.navDelegate), heap.responds(d, to: .navigationController_didShow) {
                _ = try heap.send(d, .navigationController_didShow, args: Arguments(.object(inv.receiver), inv.argument(0), inv.argument(1)))
            }
            return .nil
        }
    }

    /// SPEC rule 18 and the bad-input rules: what may not be pushed.
    func checkPushable(_ vc: ObjectID, onto nav: ObjectID, function: String) throws {
        let k = uikit
        if heap.isKind(vc, of: k.navigationController) {
            throw raise(.invalidArgument("Pushing a navigation controller is not supported", object: vc))
        }
        if try objects(nav, k.navControllers).contains(vc) {
            throw raise(.invalidArgument("Pushing the same view controller instance more than once is not supported", object: vc))
        }
        if let p = try object(vc, k.parent), p != nav {
            throw raise(SimError(.exception(name: "UIViewControllerHierarchyInconsistency"),
                                 "child view controller:\(angle(vc)) should have parent view controller:\(angle(p)) but requested parent is:\(angle(nav))",
                                 object: vc))
        }
        // A window's root may be pushed (seed 000's SDK wraps the root in a navigation
        // controller before making that the root); a presented controller may not.
        if try object(vc, k.presenting) != nil {
            throw raise(.invalidArgument("Application tried to push an active controller \(angle(vc)).", object: vc))
        }
    }

    /// SPEC rule 19: another push or pop while an animated one is in flight corrupts the
    /// transition — UIKit logs the warning, then crashes with `Can't add self as subview`.
    func checkNoTransitionInFlight(_ nav: ObjectID) throws {
        guard navTransitions[nav.raw] != nil else { return }
        heap.warn("nested push animation can result in corrupted navigation bar", object: nav)
        throw raise(.invalidArgument("Can't add self as subview", object: nav))
    }

    /// Whether a container's view is on screen and it is appearing or has appeared.
    func isOnScreen(_ vc: ObjectID) throws -> Bool {
        guard let v = try object(vc, uikit.vcView), let w = try windowOf(v),
              !(try bool(w, uikit.isHidden, default: true)) else { return false }
        let s = appearanceState(of: vc)
        return s == .appeared || s == .appearing
    }

    /// SPEC §3.5 push order: B.willMove(nav), B.viewDidLoad, A.viewWillDisappear,
    /// B.viewWillAppear, A.viewDidDisappear, B.viewDidAppear, B.didMove(nav).
    func push(_ vc: ObjectID, on nav: ObjectID, animated: Bool) throws {
        let k = uikit
        try checkPushable(vc, onto: nav, function: "pushViewController")
        try checkNoTransitionInFlight(nav)
        let from = try objects(nav, k.navControllers).last
        _ = try heap.send(vc, .willMove, args: Arguments(.object(nav)))
        try heap.insertElement(vc, into: nav, k.navControllers)
        try write(vc, k.parent, nav)
        noteEnteredUI(vc)
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
        let k = uikit
        try checkNoTransitionInFlight(nav)
        let stack = try objects(nav, k.navControllers)
        guard let i = stack.firstIndex(of: target), i < stack.count - 1 else { return }
        let popped = Array(stack[(i + 1)...])
        for p in popped { try heap.hold(p, transitionHold) }
        // Released however the pop ends, a callback that fails (a willMove override that
        // pushes) included.
        defer { for p in popped where heap.isAlive(p) { try? heap.unhold(p, transitionHold) } }
        for p in popped.reversed() { _ = try heap.send(p, .willMove, args: Arguments(.nil)) }
        for p in popped.reversed() {
            try heap.removeElement(p, from: nav, k.navControllers)
            noteLeftUI(p, "popped from \(heap.describe(nav))")
        }
        if try isOnScreen(nav) {
            try navTransition(nav, from: popped.last, to: target, animated: animated, popped: popped)
        } else {
            try finishPop(popped, nav: nav)
        }
    }

    func finishPop(_ popped: [ObjectID], nav: ObjectID) throws {
        // Every popped controller is detached even when one's didMove(nil) raises: the
        // first error is rethrown once all are done (never half done).
        var firstError: Error?
        for p in popped.reversed() where heap.isAlive(p) {
            attempt(&firstError) {
                if let v = try object(p, uikit.vcView), let navView = try object(nav, uikit.vcView),
                   try object(v, uikit.superview) == navView {
                    try removeFromSuperview(v)
                }
                try write(p, uikit.parent, nil)
            }
            attempt(&firstError) { _ = try heap.send(p, .didMove, args: Arguments(.nil)) }
        }
        if let firstError { throw firstError }
    }

    /// Runs a push or pop on screen. Animated ones are in flight for the transition
    /// duration and keep both controllers alive; the delegate hears `willShow` at the
    /// start and, through the swizzlable `didShowViewController`, `didShow` at the end.
    func navTransition(_ nav: ObjectID, from: ObjectID?, to: ObjectID, animated: Bool, popped: [ObjectID]) throws {
        let k = uikit
        if animated && configuration.transitionDuration > 0 { navTransitions[nav.raw] = NavTransition(from: from, to: to) }
        // The callbacks' errors do not stop the transition half-way (a transition marked
        // in flight for ever made every later push crash): it completes and the first
        // error is rethrown.
        var firstError: Error?
        attempt(&firstError) {
            if let d = try object(nav, k.navDelegate), heap.responds(d, to: .navigationController_willShow) {
                _ = try heap.send(d, .navigationController_willShow, args: Arguments(.object(nav), .object(to), .bool(animated)))
            }
        }
        var toView: ObjectID?
        attempt(&firstError) { toView = try loadedView(of: to) }
        if let from { attempt(&firstError) { try beginAppearance(from, appearing: false, animated: animated) } }
        attempt(&firstError) { try beginAppearance(to, appearing: true, animated: animated) }
        attempt(&firstError) {
            if let toView, heap.isAlive(toView), let navView = try object(nav, k.vcView), try object(toView, k.superview) != navView {
                try write(toView, k.frame, .rect(try boundsOf(navView)))
                try addSubview(toView, to: navView, at: 0)
            }
        }
        let isPush = popped.isEmpty
        var keep = [nav, to] + popped
        if let from { keep.append(from) }
        keep = keep.filter { heap.isAlive($0) }
        do {
            try finishTransition(animated: animated, keeping: keep, completion: .nil, navTransitionEnd(nav, from: from, to: to,
                                                                                                   animated: animated, isPush: isPush,
                                                                                                   popped: popped))
        } catch {
            navTransitions.removeValue(forKey: nav.raw)
            throw firstError ?? error
        }
        if let firstError { throw firstError }
    }

    /// The end of a push or pop: the old view leaves, the "did" callbacks, didMove, didShow.
    func navTransitionEnd(_ nav: ObjectID, from: ObjectID?, to: ObjectID, animated: Bool, isPush: Bool,
                          popped: [ObjectID]) -> () throws -> Void {
        let k = uikit
        return { [unowned self] in
            navTransitions.removeValue(forKey: nav.raw)
            // Every step runs even when a callback fails; the first error is rethrown.
            var firstError: Error?
            attempt(&firstError) {
                if let from, heap.isAlive(from), heap.isAlive(nav), let v = try object(from, k.vcView),
                   let navView = try object(nav, k.vcView), try object(v, k.superview) == navView {
                    try removeFromSuperview(v)
                }
            }
            if let from { attempt(&firstError) { try endAppearance(from, animated: animated) } }
            attempt(&firstError) { try endAppearance(to, animated: animated) }
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
        let k = uikit
        var seen = Set<ObjectID>()
        for vc in list {
            guard seen.insert(vc).inserted else {
                throw raise(.invalidArgument("Pushing the same view controller instance more than once is not supported", object: vc))
            }
            if heap.isKind(vc, of: k.navigationController) {
                throw raise(.invalidArgument("Pushing a navigation controller is not supported", object: vc))
            }
            if let p = try object(vc, k.parent), p != nav {
                throw raise(SimError(.exception(name: "UIViewControllerHierarchyInconsistency"),
                                     "child view controller:\(angle(vc)) should have parent view controller:\(angle(p)) but requested parent is:\(angle(nav))",
                                     object: vc))
            }
        }
        try checkNoTransitionInFlight(nav)
        let old = try objects(nav, k.navControllers)
        let removed = old.filter { !list.contains($0) }
        let added = list.filter { !old.contains($0) }
        for r in removed { try heap.hold(r, transitionHold) }
        // Released however this ends (a failing callback stranded them).
        defer { for r in removed where heap.isAlive(r) { try? heap.unhold(r, transitionHold) } }
        for r in removed { _ = try heap.send(r, .willMove, args: Arguments(.nil)) }
        for a in added { _ = try heap.send(a, .willMove, args: Arguments(.object(nav))) }
        try write(nav, k.navControllers, .array(list.map(Value.object)))   // SPEC rule 27: never nil
        for a in added { try write(a, k.parent, nav); noteEnteredUI(a) }
        for r in removed { noteLeftUI(r, "removed from \(heap.describe(nav))'s stack") }
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
    }
}
