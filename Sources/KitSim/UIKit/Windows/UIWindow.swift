extension Simulator {
    func installWindowMethods() {
        let k = uikit
        define(k.window, .initialize) { [unowned self] inv in
            let frame: Rect
            switch inv.argument(0) {
            case .rect(let r): frame = r
            case .nil: frame = screenBounds
            default:
                throw SimError(.typeMismatch, "bad argument #1 to 'UIWindow' (CGRect expected, got \(heap.describeType(of: inv.argument(0))))")
            }
            try initializeView(inv.receiver, frame: frame)
            // SPEC §3.5: new windows start hidden, at the normal level.
            try write(inv.receiver, k.isHidden, .bool(true))
            try write(inv.receiver, k.windowLevel, .double(0))
            orderFront(inv.receiver)
            return .object(inv.receiver)
        }
        define(k.window, "setHidden") { [unowned self] inv in
            try setWindowHidden(inv.receiver, inv.bool(0))
            return .nil
        }
        define(k.window, "setWindowLevel") { [unowned self] inv in
            try write(inv.receiver, k.windowLevel, .double(try inv.number(0, "windowLevel")))
            windowStack.orderChanged()
            return .nil
        }
        define(k.window, "makeKeyAndVisible") { [unowned self] inv in
            // SPEC rule 3: shows the window, orders it front and makes it key.
            orderFront(inv.receiver)
            try setWindowHidden(inv.receiver, false)
            try makeKey(inv.receiver)
            return .nil
        }
        define(k.window, "makeKey") { [unowned self] inv in
            try makeKey(inv.receiver)
            return .nil
        }
        define(k.window, "isKeyWindow") { [unowned self] inv in .bool(windowStack.key == inv.receiver.raw) }
        define(k.window, "becomeKey") { _ in .nil }
        define(k.window, "resignKey") { _ in .nil }
        define(k.window, "setRootViewController") { [unowned self] inv in
            let new = try inv.object(0, k.viewController, "rootViewController", optional: true)
            try setRootViewController(of: inv.receiver, to: new)
            return .nil
        }
        define(k.window, .deinit) { [unowned self] inv in
            // SPEC rule 5: a window nobody owns goes away, and with it its key status.
            if windowStack.remove(inv.receiver) { try passKeyStatus(leaving: inv.receiver) }
            return .nil
        }
    }

    /// Records that the window was ordered front now (created, shown, made key and visible).
    func orderFront(_ window: ObjectID) { windowStack.orderFront(window) }

    /// Every live window, hidden ones too, by level then by when each was ordered front
    /// (SPEC rule 2). The last is on top.
    public var windows: [ObjectID] {
        windowStack.stamps.keys.filter { heap.isAlive(ObjectID($0)) }.map(ObjectID.init).sorted { a, b in
            let la = (try? number(a, uikit.windowLevel, default: 0)) ?? 0
            let lb = (try? number(b, uikit.windowLevel, default: 0)) ?? 0
            if la != lb { return la < lb }
            return windowStack.stamp(of: a) < windowStack.stamp(of: b)
        }
    }

    /// The windows on screen, bottom to top.
    public var visibleWindows: [ObjectID] {
        windows.filter { !((try? bool($0, uikit.isHidden, default: true)) ?? true) }
    }

    /// Shows or hides a window. Showing orders it front and installs its root view
    /// controller's view (rule 6); hiding the key window passes key status on (rule 4).
    func setWindowHidden(_ window: ObjectID, _ hidden: Bool) throws {
        let wasHidden = try bool(window, uikit.isHidden, default: true)
        try write(window, uikit.isHidden, .bool(hidden))
        if wasHidden && !hidden {
            orderFront(window)
            if let root = try object(window, uikit.rootViewController) {
                try installRootView(root, in: window)
            }
        } else if !wasHidden && hidden {
            if windowStack.key == window.raw { try passKeyStatus(leaving: window) }
        }
    }
}
