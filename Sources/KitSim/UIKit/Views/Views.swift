/// The view tree (SPEC §3.2): `UIView`'s declaration and its subclasses without state of
/// their own, the moves of views between superviews, the walks up the tree (the window, the
/// frame on screen, whether a view is drawn), hit-testing and the text fields' first
/// responder. The tree itself lives in the heap, in the views' `superview` and `subviews`
/// properties, and the first responder in the keyboard state of `Windows`, so this
/// subsystem owns no state of its own: it owns the behaviour that keeps the tree acyclic
/// (rule 8), which `Simulator.walkChain` relies on.
final class Views: Subsystem {
    unowned(unsafe) var sim: Simulator!
    // Its hot paths call these subsystems directly; the simulator sets them when it wires
    // the subsystems (Subsystem.swift says why).
    unowned(unsafe) var windowing: Windows!
    unowned(unsafe) var animations: Animations!
    let heap: Heap

    init(_ heap: Heap) {
        self.heap = heap
    }

    /// Nothing to check: the tree is the heap's, whose own checks cover its references, and
    /// a cycle in it is reported by the walk that meets it (`Simulator.walkChain`).
    func violations() -> [String] { [] }

    /// UIView's designated initializer: the frame (the declared defaults make a new view
    /// visible, interactive and opaque).
    func initializeView(_ id: ObjectID, frame: Rect) throws {
        try write(id, heap[UIView.frame], .rect(frame))
    }

    /// SPEC rule 8: `addSubview` appends on top, removing the view from its old
    /// superview first; adding a view to itself or to one of its descendants raises
    /// `Can't add self as subview`.
    func addSubview(_ child: ObjectID, to parent: ObjectID, at index: Int?) throws {
        if try child == parent || isDescendant(parent, of: child) {
            throw sim.raise(.crash(.addSelfAsSubview, object: child))
        }
        let old = try object(child, UIView.superview)
        // Take the new reference before dropping the old one so the view never dies in between.
        var at = index
        if old == parent, let i = try objects(parent, UIView.subviews).firstIndex(of: child) {
            try heap.insertElement(child, into: parent, heap[UIView.subviews], at: at)
            let removeAt = (at ?? Int.max) <= i ? i + 1 : i
            try heap.removeElement(at: removeAt, from: parent, heap[UIView.subviews])
            at = nil
        } else {
            try heap.insertElement(child, into: parent, heap[UIView.subviews], at: at)
            if let old { try heap.removeElement(child, from: old, heap[UIView.subviews]) }
        }
        try write(child, heap[UIView.superview], parent)
        // SPEC rule 44: a view moved out of a window loses its animations.
        animations.viewTreeChanged()
    }

    /// Detaches `view` from its superview, which releases it.
    func removeFromSuperview(_ view: ObjectID) throws {
        guard let parent = try object(view, UIView.superview) else { return }
        try write(view, heap[UIView.superview], nil)
        try heap.removeElement(view, from: parent, heap[UIView.subviews])
        // SPEC rule 44: a view that leaves its window loses its animations.
        animations.viewTreeChanged()
    }

    /// Whether `view` is `ancestor` or lies under it.
    func isDescendant(_ view: ObjectID, of ancestor: ObjectID) throws -> Bool {
        var found = false
        try sim.walkChain(from: view, along: heap[UIView.superview]) { c in
            found = c == ancestor
            return !found
        }
        return found
    }

    /// The window a view is in: itself for a window, else its topmost ancestor if that
    /// is a window.
    func windowOf(_ view: ObjectID) throws -> ObjectID? {
        var window: ObjectID?
        try sim.walkChain(from: view, along: heap[UIView.superview]) { c in
            if heap.isKind(c, of: UIWindow.handle) { window = c }
            return window == nil
        }
        return window
    }

    /// A view's bounds as its frame gives them: the frame's size at the origin.
    func boundsOf(_ view: ObjectID) throws -> Rect {
        let f = try rect(view, UIView.frame)
        return Rect(x: 0, y: 0, width: f.width, height: f.height)
    }

    /// A view's frame in screen coordinates.
    func absoluteFrame(_ view: ObjectID) throws -> Rect {
        let rotation = sim.rotation
        var f = try rect(view, UIView.frame)
        try sim.walkChain(from: try object(view, UIView.superview), along: heap[UIView.superview]) { s in
            let sf = try rect(s, UIView.frame)
            // SPEC rule 55: through a root view UIKit rotated on iOS 7, turned with it.
            if let o = try rotation.uikitRotation(of: s) { f = rotation.rect(f, turnedBy: o, inFrame: sf) } else { f.x += sf.x; f.y += sf.y }
            return true
        }
        return f
    }

    /// Whether a view would be drawn: it and every ancestor not hidden, alpha above 0.01.
    func isEffectivelyVisible(_ view: ObjectID) throws -> Bool {
        var visible = true
        try sim.walkChain(from: view, along: heap[UIView.superview]) { c in
            if try bool(c, UIView.isHidden, default: false) || number(c, UIView.alpha, default: 1) <= 0.01 { visible = false }
            return visible
        }
        return visible
    }
}
