extension Simulator {
    func installViewMethods() {
        let k = uikit
        define(k.view, .initialize) { [unowned self] inv in
            let frame: Rect
            switch inv.argument(0) {
            case .rect(let r): frame = r
            case .nil: frame = .zero
            default:
                throw SimError(.typeMismatch, "bad argument #1 to 'UIView' (CGRect expected, got \(heap.describeType(of: inv.argument(0))))")
            }
            try initializeView(inv.receiver, frame: frame)
            return .object(inv.receiver)
        }
        define(k.view, "bounds") { [unowned self] inv in
            let f = try rect(inv.receiver, k.frame)
            return .rect(Rect(x: 0, y: 0, width: f.width, height: f.height))
        }
        define(k.view, "setBounds") { [unowned self] inv in
            guard case .rect(let b) = inv.argument(0) else {
                throw SimError(.typeMismatch, "bad value for property 'bounds' of UIView (CGRect expected, got \(heap.describeType(of: inv.argument(0))))")
            }
            var f = try rect(inv.receiver, k.frame)
            f.width = b.width; f.height = b.height
            try write(inv.receiver, k.frame, .rect(f))
            return .nil
        }
        define(k.view, "setHidden") { [unowned self] inv in
            try write(inv.receiver, k.isHidden, .bool(inv.bool(0)))
            return .nil
        }
        define(k.view, "window") { [unowned self] inv in
            try windowOf(inv.receiver).map(Value.object) ?? .nil
        }
        define(k.view, "addSubview") { [unowned self] inv in
            try addSubview(try inv.required(0, k.view, "addSubview"), to: inv.receiver, at: nil)
            return .nil
        }
        define(k.view, "insertSubview") { [unowned self] inv in
            let child = try inv.required(0, k.view, "insertSubview")
            let index = try inv.index(1, "insertSubview")
            try addSubview(child, to: inv.receiver, at: index)
            return .nil
        }
        define(k.view, "removeFromSuperview") { [unowned self] inv in
            try removeFromSuperview(inv.receiver)
            return .nil
        }
        define(k.view, "bringSubviewToFront") { [unowned self] inv in
            let child = try inv.required(0, k.view, "bringSubviewToFront")
            if try object(child, k.superview) == inv.receiver { try addSubview(child, to: inv.receiver, at: nil) }
            return .nil
        }
        define(k.view, "sendSubviewToBack") { [unowned self] inv in
            let child = try inv.required(0, k.view, "sendSubviewToBack")
            if try object(child, k.superview) == inv.receiver { try addSubview(child, to: inv.receiver, at: 0) }
            return .nil
        }
        define(k.view, "isDescendant") { [unowned self] inv in
            .bool(try isDescendant(inv.receiver, of: try inv.required(0, k.view, "isDescendant")))
        }
        define(k.view, "hitTest") { [unowned self] inv in
            try defaultHitTest(inv.receiver, try inv.point(0, "hitTest")).map(Value.object) ?? .nil
        }
        define(k.view, "point") { [unowned self] inv in
            let p = try inv.point(0, "point")
            let f = try rect(inv.receiver, k.frame)
            return .bool(Rect(x: 0, y: 0, width: f.width, height: f.height).contains(p))
        }
        define(k.view, "snapshotView") { [unowned self] inv in
            // A snapshot is a new, plain view with the same frame (seed 004's anti-flash cover).
            let snap = heap.alloc(k.view)
            try initializeView(snap, frame: try rect(inv.receiver, k.frame))
            try write(snap, k.backgroundColor, try heap.readSlot(inv.receiver, k.backgroundColor))
            return .object(snap)
        }
    }

    /// UIView's designated initializer: a visible, interactive, opaque-alpha view.
    func initializeView(_ id: ObjectID, frame: Rect) throws {
        let k = uikit
        try write(id, k.frame, .rect(frame))
        try write(id, k.alpha, .double(1))
        try write(id, k.isHidden, .bool(false))
        try write(id, k.isUserInteractionEnabled, .bool(true))
        try write(id, k.tag, .int(0))
    }
}
