extension Simulator {
    /// UIKit's `hitTest(_:with:)`: nil for a hidden, non-interactive or transparent view
    /// or a point outside its bounds; otherwise the subviews front to back (each asked
    /// through the method table, so overrides are honoured), then the view itself.
    /// SPEC rule 9.
    func defaultHitTest(_ view: ObjectID, _ point: Point) throws -> ObjectID? {
        let k = uikit
        if try bool(view, k.isHidden, default: false) { return nil }
        if !(try bool(view, k.isUserInteractionEnabled, default: true)) { return nil }
        if try number(view, k.alpha, default: 1) <= 0.01 { return nil }
        guard try rotation.bounds(of: view).contains(point) else { return nil }
        for sub in try objects(view, k.subviews).reversed() {
            // SPEC rule 55: on iOS 7 a root view UIKit rotated sees the point turned.
            let local = try rotation.point(point, inSubview: sub, frame: try rect(sub, k.frame))
            if case .object(let hit) = try heap.send(sub, .hitTest, args: Arguments(.point(local))) { return hit }
        }
        return view
    }

    /// `sim.hitTest(x, y)`: asks the visible windows from the top (highest level, most
    /// recently ordered front); a window answering nil passes the touch to the ones below.
    public func hitTest(_ point: Point) throws -> ObjectID? {
        for w in visibleWindows.reversed() {
            let f = try rect(w, uikit.frame)
            let local = Point(x: point.x - f.x, y: point.y - f.y)
            if case .object(let hit) = try heap.send(w, .hitTest, args: Arguments(.point(local))) { return hit }
        }
        return nil
    }
}
