extension Simulator {
    /// SPEC rule 8: `addSubview` appends on top, removing the view from its old
    /// superview first; adding a view to itself or to one of its descendants raises
    /// `Can't add self as subview`.
    func addSubview(_ child: ObjectID, to parent: ObjectID, at index: Int?) throws {
        let k = uikit
        if try child == parent || isDescendant(parent, of: child) {
            let e = SimError.invalidArgument("Can't add self as subview", object: child)
            heap.recordException(e)
            throw e
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
    }

    /// Detaches `view` from its superview, which releases it.
    func removeFromSuperview(_ view: ObjectID) throws {
        guard let parent = try object(view, uikit.superview) else { return }
        try write(view, uikit.superview, nil)
        try heap.removeElement(view, from: parent, uikit.subviews)
    }

    /// Whether `view` is `ancestor` or lies under it.
    func isDescendant(_ view: ObjectID, of ancestor: ObjectID) throws -> Bool {
        var v: ObjectID? = view
        var steps = 0
        while let c = v, steps <= heap.objectCount {
            if c == ancestor { return true }
            v = try object(c, uikit.superview)
            steps += 1
        }
        return false
    }

    /// The window a view is in: itself for a window, else its topmost ancestor if that
    /// is a window.
    func windowOf(_ view: ObjectID) throws -> ObjectID? {
        var v = view
        var steps = 0
        while steps <= heap.objectCount {
            if heap.isKind(v, of: uikit.window) { return v }
            guard let s = try object(v, uikit.superview) else { return nil }
            v = s
            steps += 1
        }
        return nil
    }

    /// A view's frame in screen coordinates.
    func absoluteFrame(_ view: ObjectID) throws -> Rect {
        var f = try rect(view, uikit.frame)
        var v = try object(view, uikit.superview)
        while let s = v {
            let sf = try rect(s, uikit.frame)
            f.x += sf.x; f.y += sf.y
            v = try object(s, uikit.superview)
        }
        return f
    }

    /// Whether a view would be drawn: it and every ancestor not hidden, alpha above 0.01.
    func isEffectivelyVisible(_ view: ObjectID) throws -> Bool {
        var v: ObjectID? = view
        while let c = v {
            if try bool(c, uikit.isHidden, default: false) { return false }
            if try number(c, uikit.alpha, default: 1) <= 0.01 { return false }
            v = try object(c, uikit.superview)
        }
        return true
    }
}
