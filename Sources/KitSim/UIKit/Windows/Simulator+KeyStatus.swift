extension Windows {
    /// `UIApplication.shared.keyWindow`: the key window or nil.
    var keyWindow: ObjectID? {
        let key = stack.key
        return key != 0 && heap.isAlive(ObjectID(key)) ? ObjectID(key) : nil
    }

    /// SPEC rule 3: at most one window is key.
    func makeKey(_ window: ObjectID) throws {
        // SPEC rule 65: UIKit's keyboard windows never become key; rule 71: nor does a
        // window in no connected scene.
        guard stack.key != window.raw, !isKeyboardWindow(window), isAttached(window) else { return }
        // A window whose initializer never ran (a swizzled init that does not call the
        // original) is not in the stack yet: UIKit knows every window it makes key, so
        // making it key brings it in, as ordering it front would.
        if stack.stamp(of: window) == 0 { orderFront(window) }
        let old = keyWindow
        heap.noteSharedStateWrite()
        stack.setKey(window.raw)
        if let old { _ = try heap.send(old, .resignKey) }
        _ = try heap.send(window, .becomeKey)
    }

    /// SPEC rule 4 (seed 002): when the key window is hidden or deallocated, key status
    /// passes to the frontmost visible window — the highest level, then the most
    /// recently ordered front — not back to the previous key window.
    ///
    /// The order is sorted once per change to it (`keyOrder`), not once per call: a drain
    /// that deallocates N visible windows, each key in turn, would otherwise sort all the
    /// windows N times (19 s for one `sim.drain()` over 4,000 windows), in Swift, where
    /// the instruction budget cannot stop it (DEVELOPERS.md rule 2). Dead windows at the
    /// top are dropped from the cached order as they are met.
    func passKeyStatus(leaving window: ObjectID) throws {
        heap.noteSharedStateWrite()
        stack.setKey(0)
        var order = stack.keyOrder ?? windows
        var next: ObjectID?
        var i = order.count - 1
        while i >= 0 {
            let w = order[i]
            if !heap.isAlive(w) {
                if i == order.count - 1 { order.removeLast() }
            } else if w != window, !isKeyboardWindow(w), !(try bool(w, UIView.isHidden, default: true)) {
                next = w
                break
            }
            i -= 1
        }
        stack.keyOrder = order
        if let next { try makeKey(next) }
    }
}
