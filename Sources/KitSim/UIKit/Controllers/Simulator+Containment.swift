extension ControllerLifecycle {
    /// SPEC rule 14 and §3.5: `addChild` calls `willMove(toParent:)` only; `parent` is
    /// weak and `children` strong.
    func addChild(_ child: ObjectID, to parent: ObjectID) throws {
        if child == parent {
            throw sim.raise(.crash(.ownParent(child: sim.heap.ref(child)), object: child))
        }
        try checkNotAncestor(child, of: parent)
        try leaveOtherParent(child, for: parent)
        _ = try heap.send(child, .willMove, args: Arguments(.object(parent)))
        try leaveOtherParent(child, for: parent)
        if try !objects(parent, UIViewController.children).contains(child) {
            try heap.insertElement(child, into: parent, heap[UIViewController.children])
        }
        try write(child, heap[UIViewController.parent], parent)
        noteEnteredUI(child)
    }

    /// A controller cannot become a child of its own descendant (a tab bar controller
    /// listing the navigation controller it is pushed in): the parent chain would be a
    /// cycle, and the views would contain themselves. UIKit has no message for it (the
    /// app hangs or crashes later); the model refuses it as an invalid argument, as it
    /// refuses a controller as its own parent, so the chains stay acyclic (SPEC 3.5).
    func checkNotAncestor(_ child: ObjectID, of parent: ObjectID) throws {
        var found = false
        try sim.walkChain(from: parent, along: heap[UIViewController.parent]) { c in
            found = c == child
            return !found
        }
        if found {
            throw sim.raise(.crash(.ancestorOfParent(child: sim.heap.ref(child), parent: sim.heap.ref(parent)), object: child))
        }
    }

    /// After a `willMove(toParent:)` that ran a script: the callback may have given the
    /// child another parent (a push from its own willMove). A controller has one parent,
    /// so it leaves that one first, as it leaves the one it had before (SPEC rule 14).
    /// That removal runs scripts too (`willDealloc`, `didMove(nil)`); one that gives the
    /// child yet another parent is refused with UIKit's hierarchy exception, before the
    /// new parent adopts it, so no container lists a controller whose parent is another.
    func leaveOtherParent(_ child: ObjectID, for parent: ObjectID) throws {
        guard let p = try object(child, UIViewController.parent), p != parent else { return }
        _ = try heap.send(child, .removeFromParent)
        if let q = try object(child, UIViewController.parent), q != parent {
            throw sim.raise(.crash(.keptParent(child: sim.heap.ref(child), actual: sim.heap.ref(q)), object: child))
        }
    }

    /// SPEC rule 14: `removeFromParent` calls `didMove(toParent: nil)` only. The child stays
    /// alive until the callback returns.
    func removeFromParent(_ child: ObjectID) throws {
        guard let p = try object(child, UIViewController.parent) else { return }
        try heap.hold(child, transitions.transitionHold)
        defer { try? heap.unhold(child, transitions.transitionHold) }
        try write(child, heap[UIViewController.parent], nil)
        if heap.isKind(p, of: UINavigationController.handle) {
            try heap.removeElement(child, from: p, heap[UINavigationController.viewControllers])
        } else if heap.isKind(p, of: UITabBarController.handle) {
            // A tab list may name a controller twice ({ a, a }): it leaves every place.
            while try objects(p, UITabBarController.viewControllers).contains(child) {
                try heap.removeElement(child, from: p, heap[UITabBarController.viewControllers])
            }
        } else {
            try heap.removeElement(child, from: p, heap[UIViewController.children])
        }
        noteLeftUI(child, .removed(from: p))
        // SPEC rule 47: asked before didMove(nil), which runs whatever it answers.
        var askError: Error?
        attempt(&askError) { try askWillDealloc() }
        _ = try heap.send(child, .didMove, args: Arguments(.nil))
        if let askError { throw askError }
    }
}
