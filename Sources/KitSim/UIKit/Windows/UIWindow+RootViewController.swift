extension Simulator {
    /// SPEC rule 6: `rootViewController` is strong. On a visible window the new root's
    /// view loads (`viewDidLoad` first), then goes on top of the window's subviews — so
    /// a view that the root's own `viewDidLoad` added to the window ends up under it
    /// (seed 002) — and both controllers get appearance callbacks, the "did" ones in
    /// the layout pass. The old root's view leaves the window and the old root is
    /// released (it stays alive until its callbacks have run).
    func setRootViewController(of window: ObjectID, to new: ObjectID?) throws {
        let k = uikit
        let old = try object(window, k.rootViewController)
        guard old != new else { return }
        let visible = !(try bool(window, k.isHidden, default: true))
        // The new root's view loads first: B.viewDidLoad comes before A.viewWillDisappear.
        if visible, let new { try loadedView(of: new) }
        if visible, let old {
            try heap.hold(old, transitionHold)
            try beginAppearance(old, appearing: false, animated: false)
            if let v = try object(old, k.vcView) { try removeFromSuperview(v) }
            if configuration.ios < 8 { try tearDownPresentations(of: old) }
            enqueueLayout { [unowned self] in
                try endAppearance(old, animated: false)
                try heap.unhold(old, transitionHold)
            }
        }
        try write(window, k.rootViewController, new)
        // The old root left the UI unless it lives on inside the new one (seed 000's SDK
        // wraps the root in a navigation controller and makes that the root).
        if visible, let old, heap.isAlive(old), !isInUI(old) {
            noteLeftUI(old, "replaced as \(heap.describe(window))'s root")
        }
        if visible, let new { try installRootView(new, in: window) }
    }

    /// Puts a root view controller's view on screen in `window`: load it, then the
    /// "will" callback, then the view on top; the "did" callback in the layout pass.
    func installRootView(_ root: ObjectID, in window: ObjectID) throws {
        let k = uikit
        noteEnteredUI(root)
        let view = try loadedView(of: root)
        if let view, try object(view, k.superview) == window { return }
        try heap.hold(root, transitionHold)
        if let view { try write(view, k.frame, .rect(try boundsOf(window))) }
        try beginAppearance(root, appearing: true, animated: false)
        if let view { try addSubview(view, to: window, at: nil) }
        enqueueLayout { [unowned self] in
            try endAppearance(root, animated: false)
            try heap.unhold(root, transitionHold)
        }
    }

    func boundsOf(_ view: ObjectID) throws -> Rect {
        let f = try rect(view, uikit.frame)
        return Rect(x: 0, y: 0, width: f.width, height: f.height)
    }
}
