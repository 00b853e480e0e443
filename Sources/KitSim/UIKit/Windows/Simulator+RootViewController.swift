extension Windows {
    /// SPEC rule 6: `rootViewController` is strong. On a visible window the new root's
    /// view loads (`viewDidLoad` first), then goes on top of the window's subviews — so
    /// a view that the root's own `viewDidLoad` added to the window ends up under it
    /// (seed 002) — and both controllers get appearance callbacks, the "did" ones in
    /// the layout pass. The old root's view leaves the window and the old root is
    /// released (it stays alive until its callbacks have run).
    ///
    /// An error raised by a callback (a Lua `viewDidLoad`, `viewWillAppear`, a swizzle)
    /// reaches the caller, and the heap and the window stay consistent: one in
    /// the new root's `viewDidLoad` comes before any change, so the window keeps its old
    /// root; once the swap has begun it is completed — old view out, root written, new
    /// view in, holds released in the layout pass — and the first error is rethrown at
    /// the end, so no hold is stranded and the new root always gets its view.
    func setRootViewController(of window: ObjectID, to new: ObjectID?) throws {
        let old = try object(window, UIWindow.rootViewController)
        guard old != new else { return }
        // SPEC rule 71: a scene-less window is not visible, whatever its isHidden.
        let visible = try isShown(window)
        // The new root's view loads first: B.viewDidLoad comes before A.viewWillDisappear.
        if visible, let new { try lifecycle.loadedView(of: new) }
        if let new { try heap.checkUsable(new, "setRootViewController") }
        var firstError: Error?
        if visible, let old {
            try heap.hold(old, sim.transitions.transitionHold)
            sim.enqueueLayout { [unowned self] in
                defer { if heap.isAlive(old) { try? heap.unhold(old, sim.transitions.transitionHold) } }
                try lifecycle.endAppearance(old, animated: false)
            }
            attempt(&firstError) { try lifecycle.beginAppearance(old, appearing: false, animated: false) }
            attempt(&firstError) { if let v = try object(old, UIViewController.view) { try views.removeFromSuperview(v) } }
            if sim.configuration.ios < 8 { attempt(&firstError) { try sim.presentations.tearDownPresentations(of: old) } }
        }
        // A callback may have released the new root meanwhile: the write then fails as a
        // message to a deallocated instance, with the old root's view already out.
        try write(window, heap[UIWindow.rootViewController], new)
        // The old root left the UI unless it lives on inside the new one (seed 000's SDK
        // wraps the root in a navigation controller and makes that the root).
        if visible, let old, heap.isAlive(old), !lifecycle.isInUI(old) {
            lifecycle.noteLeftUI(old, .replacedAsRoot(of: window))
            // SPEC rule 47: asked once the window has its new root.
            attempt(&firstError) { try lifecycle.askWillDealloc() }
        }
        if visible, let new { attempt(&firstError) { try installRootView(new, in: window) } }
        if let firstError { throw firstError }
    }

    /// Puts a root view controller's view on screen in `window`: load it, then the
    /// "will" callback, then the view on top; the "did" callback in the layout pass.
    /// An error in `viewWillAppear` still puts the view in (and releases the hold in the
    /// layout pass), then reaches the caller.
    func installRootView(_ root: ObjectID, in window: ObjectID) throws {
        lifecycle.noteEnteredUI(root)
        let view = try lifecycle.loadedView(of: root)
        if let view, try object(view, UIView.superview) == window { return }
        try heap.hold(root, sim.transitions.transitionHold)
        sim.enqueueLayout { [unowned self] in
            defer { if heap.isAlive(root) { try? heap.unhold(root, sim.transitions.transitionHold) } }
            try lifecycle.endAppearance(root, animated: false)
        }
        var firstError: Error?
        if let view { try write(view, heap[UIView.frame], .rect(try views.boundsOf(window))) }
        attempt(&firstError) { try lifecycle.beginAppearance(root, appearing: true, animated: false) }
        if let view, heap.isAlive(view) { try views.addSubview(view, to: window, at: nil) }
        if let firstError { throw firstError }
    }
}
