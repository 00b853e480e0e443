extension Views {
    /// UIKit's `hitTest(_:with:)`: nil for a hidden, non-interactive or transparent view
    /// or a point outside its bounds; otherwise the subviews front to back (each asked
    /// through the method table, so overrides are honoured), then the view itself.
    /// SPEC rule 9.
    func defaultHitTest(_ view: ObjectID, _ point: Point) throws -> ObjectID? {
        if try bool(view, UIView.isHidden, default: false) { return nil }
        if !(try bool(view, UIView.isUserInteractionEnabled, default: true)) { return nil }
        if try number(view, UIView.alpha, default: 1) <= 0.01 { return nil }
        guard try sim.rotation.bounds(of: view).contains(point) else { return nil }
        for sub in try objects(view, UIView.subviews).reversed() {
            // SPEC rule 55: on iOS 7 a root view UIKit rotated sees the point turned.
            let local = try sim.rotation.point(point, inSubview: sub, frame: try rect(sub, UIView.frame))
            if case .object(let hit) = try heap.send(sub, .hitTest, args: Arguments(.point(local))) { return hit }
        }
        return view
    }

    /// `sim.hitTest(x, y)`: asks the visible windows from the top (highest level, most
    /// recently ordered front); a window answering nil passes the touch to the ones below.
    func hitTest(_ point: Point) throws -> ObjectID? {
        for w in sim.visibleWindows.reversed() {
            let f = try rect(w, UIView.frame)
            let local = Point(x: point.x - f.x, y: point.y - f.y)
            if case .object(let hit) = try heap.send(w, .hitTest, args: Arguments(.point(local))) { return hit }
        }
        return nil
    }

    /// Whether a touch at the view's centre reaches it or one of its subviews.
    func reachesTouch(_ view: ObjectID) throws -> Bool {
        guard try windowOf(view) != nil, try isEffectivelyVisible(view) else { return false }
        let f = try absoluteFrame(view)
        guard let hit = try hitTest(Point(x: f.x + f.width / 2, y: f.y + f.height / 2)) else { return false }
        return try hit == view || isDescendant(hit, of: view)
    }
}

extension Simulator {
    /// `sim.hitTest(x, y)`: the view a touch at the point reaches (`Views.hitTest`).
    public func hitTest(_ point: Point) throws -> ObjectID? { try views.hitTest(point) }
}
