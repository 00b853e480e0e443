extension Simulator {
    /// SPEC rule 8: `addSubview` appends on top, removing the view from its old
    /// superview first; adding a view to itself or to one of its descendants raises
    /// `Can't add self as subview`.
    func addSubview(_ child: ObjectID, to parent: ObjectID, at index: Int?) throws {
        let k = uikit
        if try child == parent || isDescendant(parent, of: child) {
            throw raise(.invalidArgument("Can't add self as subview", object: child))
        }
        let old = try object(child, k.superview)
        // Take the new reference before dropping the old one so the view never dies in between.
        var at = index
        if old == parent, let i = try objects(parent, k.subviews).firstIndex(of: child) {
            try heap.insertElement(child, into: parent, k.subviews, at: at)
            let removeAt = (at ?? Int.max) <= i ? i + 1 : i
            try heap.removeElement(at: removeAt, from: parent, k.subviews)
            at = nil
        } else {
            try heap.insertElement(child, into: parent, k.subviews, at: at)
            if let old { try heap.removeElement(child, from: old, k.subviews) }
        }
        try write(child, k.superview, parent)
        // SPEC rule 44: a view moved out of a window loses its animations.
        animations.viewTreeChanged()
    }

    /// Detaches `view` from its superview, which releases it.
    func removeFromSuperview(_ view: ObjectID) throws {
        guard let parent = try object(view, uikit.superview) else { return }
        try write(view, uikit.superview, nil)
        try heap.removeElement(view, from: parent, uikit.subviews)
        // SPEC rule 44: a view that leaves its window loses its animations.
        animations.viewTreeChanged()
    }

    /// Whether `view` is `ancestor` or lies under it.
    func isDescendant(_ view: ObjectID, of ancestor: ObjectID) throws -> Bool {
        var found = false
        try walkChain(from: view, along: uikit.superview) { c in
            found = c == ancestor
            return !found
        }
        return found
    }

    /// The window a view is in: itself for a window, else its topmost ancestor if that
    /// is a window.
    func windowOf(_ view: ObjectID) throws -> ObjectID? {
        var window: ObjectID?
        try walkChain(from: view, along: uikit.superview) { c in
            if heap.isKind(c, of: uikit.window) { window = c }
            return window == nil
        }
        return window
    }

    /// A view's frame in screen coordinates.
    func absoluteFrame(_ view: ObjectID) throws -> Rect {
        var f = try rect(view, uikit.frame)
        try walkChain(from: try object(view, uikit.superview), along: uikit.superview) { s in
            let sf = try rect(s, uikit.frame)
            // SPEC rule 55: through a root view UIKit rotated on iOS 7, turned with it.
            if let o = try rotation.uikitRotation(of: s) { f = rotation.rect(f, turnedBy: o, inFrame: sf) } else { f.x += sf.x; f.y += sf.y }
            return true
        }
        return f
    }

    /// Whether a view would be drawn: it and every ancestor not hidden, alpha above 0.01.
    func isEffectivelyVisible(_ view: ObjectID) throws -> Bool {
        var visible = true
        try walkChain(from: view, along: uikit.superview) { c in
            if try bool(c, uikit.isHidden, default: false) || number(c, uikit.alpha, default: 1) <= 0.01 { visible = false }
            return visible
        }
        return visible
    }
}
