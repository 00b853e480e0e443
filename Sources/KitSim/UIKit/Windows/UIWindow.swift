/// `UIWindow`, as the model names it: its class and the properties the model reads and writes.
package enum UIWindow: ModelClass {
    package static let handle = ClassHandle("UIWindow")
    package static var declaration: SimulatorClassDeclaration { Windows.windowDeclaration }
    package static let windowLevel = handle.property("windowLevel")
    package static let rootViewController = handle.property("rootViewController")
    package static let windowScene = handle.property("windowScene")
}

extension Windows {
    /// `UIWindow` (SPEC §3.1): a root view with a level, a root view controller and key
    /// status. New windows start hidden at the normal level; the application keeps only
    /// the visible ones (rule 5).
    static let windowDeclaration = ClassDeclaration(UIWindow.handle, superclass: "UIView",
                                                             summary: "A root view with a level, a root view controller and key status.") {
        PropertyDeclaration(UIWindow.windowLevel, .assign, .number, default: .double(0), setter: "setWindowLevel",
                            summary: "Windows are ordered by level, then by when each was ordered front (rule 2).")
        PropertyDeclaration(UIWindow.rootViewController, .strong, .object("UIViewController"), setter: "setRootViewController",
                            summary: "Setting it installs the controller's view and releases the old root (rules 6, 7).")
        PropertyDeclaration("isKeyWindow", .assign, .bool, readOnly: true, getter: "isKeyWindow")
        PropertyDeclaration(UIWindow.windowScene, .weak, .object("UIWindowScene"), getter: "windowScene", setter: "setWindowScene",
                            summary: "(iOS 13+) Weak; setting it moves the window, nil detaches it: a scene-less window never shows (rules 70, 71).")
        HoldDeclaration.root("on screen", "a visible window: what is on screen is reachable, though the application does not own it (rule 5)")
        Static.constants("Level", ["normal": 0, "statusBar": 1000, "alert": 2000],
                         summary: "`UIWindow.Level`: the standard window levels.")

        Method.initializer(swift: "init(frame:), init(windowScene:)", Parameter("frameOrScene", .any, optional: true),
                           summary: "A hidden window at the normal level: `UIWindow(frame)` (the frame defaults to the screen's bounds) "
                               + "or, on iOS 13+, `UIWindow(scene)` (`init(windowScene:)`), attached to the scene and filling it (rule 70).") { sim, inv in
            let arg = inv.argument(0)
            var frame = sim.screenBounds
            var scene: ObjectID?
            switch arg {
            case .nil: break
            case .rect(let r): frame = r
            case .object(let id) where sim.heap.isUsable(id) && sim.heap.isKind(id, of: UIWindowScene.handle):
                // SPEC rule 70: `init(windowScene:)` is iOS 13 API.
                guard sim.configuration.ios >= 13 else {
                    throw sim.raise(sim.heap.unrecognizedSelector(inv.receiver, "initWithWindowScene:"))
                }
                scene = id
                frame = sim.windowing.sceneBounds(id)
            default:
                if case .object(let id) = arg { try sim.heap.checkUsable(id, "UIWindow") }
                throw SimError.badArgument(1, "UIWindow", expected: "CGRect or UIWindowScene", got: sim.heap.describeType(of: arg))
            }
            try sim.views.initializeView(inv.receiver, frame: frame)
            // SPEC §3.5: new windows start hidden (the level's default is the normal one).
            try sim.write(inv.receiver, sim[UIView.isHidden], .bool(true))
            sim.windowing.orderFront(inv.receiver)
            // SPEC rules 69, 70: a window made with a scene is attached to it; without a
            // manifest every window is attached to the one scene, once it exists.
            if let scene {
                try sim.write(inv.receiver, sim[UIWindow.windowScene], scene)
            } else if sim.sceneMode == .implicit, let implicit = sim.windowing.scenes.connected.first {
                try sim.write(inv.receiver, sim[UIWindow.windowScene], implicit)
            }
            return .object(inv.receiver)
        }
        Method.accessor("windowScene", returns: .object("UIWindowScene"), introduced: 13) { sim, inv in
            if sim.sceneMode == .implicit { _ = try sim.windowing.connectedScenes() }
            return try sim.heap.readSlot(inv.receiver, UIWindow.windowScene)
        }
        Method.accessor("setWindowScene", introduced: 13) { sim, inv in
            let scene = try inv.object(0, sim[UIWindowScene.self], "windowScene", optional: true)
            try sim.windowing.setWindowScene(inv.receiver, to: scene)
            return .nil
        }
        Method.accessor("setHidden") { sim, inv in
            try sim.windowing.setWindowHidden(inv.receiver, inv.bool(0))
            return .nil
        }
        Method.accessor("setWindowLevel") { sim, inv in
            try sim.write(inv.receiver, sim[UIWindow.windowLevel], .double(try inv.number(0, "windowLevel")))
            sim.windowing.orderChanged()
            return .nil
        }
        Method("makeKeyAndVisible", summary: "Shows the window, orders it front and makes it key (rule 3).") { sim, inv in
            // SPEC rule 3: shows the window, orders it front and makes it key.
            sim.windowing.orderFront(inv.receiver)
            try sim.windowing.setWindowHidden(inv.receiver, false)
            try sim.windowing.makeKey(inv.receiver)
            return .nil
        }
        Method("makeKey", summary: "Makes the window key without showing it (rule 3).") { sim, inv in
            try sim.windowing.makeKey(inv.receiver)
            return .nil
        }
        Method.accessor("isKeyWindow", returns: .bool) { sim, inv in .bool(sim.windowing.stack.key == inv.receiver.raw) }
        Method.callback("becomeKey", summary: "Sent when the window becomes key.") { _, _ in .nil }
        Method.callback("resignKey", summary: "Sent when the window stops being key.") { _, _ in .nil }
        Method.accessor("setRootViewController") { sim, inv in
            let new = try inv.object(0, sim[UIViewController.self], "rootViewController", optional: true)
            try sim.windowing.setRootViewController(of: inv.receiver, to: new)
            return .nil
        }
        Method.callback("deinit") { sim, inv in
            // SPEC rule 5: a window nobody owns goes away, and with it its key status.
            if sim.windowing.removeWindow(inv.receiver) { try sim.windowing.passKeyStatus(leaving: inv.receiver) }
            return .nil
        }
    }

    /// Forgets a window that deallocated; returns whether it was the key window, whose
    /// status then passes on (rule 4).
    func removeWindow(_ window: ObjectID) -> Bool { heap.noteSharedStateWrite(); return stack.remove(window) }

    /// Records that the window was ordered front now (created, shown, made key and visible).
    func orderFront(_ window: ObjectID) { heap.noteSharedStateWrite(); stack.orderFront(window) }

    /// `UIApplication.shared.windows`: every live window, hidden ones too, by level then by
    /// when each was ordered front (SPEC rule 2). The last is on top. On iOS 13+ only the
    /// windows of connected scenes, scene by scene in connection order (rules 71, 72).
    var windows: [ObjectID] {
        let all = allWindows
        guard sceneMode == .manifest || !scenes.connected.isEmpty else { return all }
        // One scene is ever connected, so rule 2's order within it is the whole order.
        return all.filter(isAttached)
    }

    /// Every live window, scene-less ones too, by rule 2.
    var allWindows: [ObjectID] {
        if let order = stack.order { return order.allSatisfy(heap.isAlive) ? order : order.filter(heap.isAlive) }
        stack.sorts &+= 1
        // Each window's level read once, not once per comparison.
        let keyed = stack.stamps.compactMap { raw, stamp -> (ObjectID, Double, UInt64)? in
            let w = ObjectID(raw)
            guard heap.isAlive(w) else { return nil }
            return (w, (try? number(w, UIWindow.windowLevel, default: 0)) ?? 0, stamp)
        }
        let sorted = keyed.sorted { a, b in a.1 != b.1 ? a.1 < b.1 : a.2 < b.2 }.map(\.0)
        stack.order = sorted
        return sorted
    }

    /// The windows on screen, bottom to top: shown and, on iOS 13+, in a connected scene
    /// (SPEC rule 71).
    var visibleWindows: [ObjectID] {
        windows.filter { !((try? bool($0, UIView.isHidden, default: true)) ?? true) }
    }

    /// Shows or hides a window. Showing orders it front and installs its root view
    /// controller's view (rule 6) — for a scene-less window only once it gets a scene (rule
    /// 71); hiding the key window passes key status on (rule 4).
    func setWindowHidden(_ window: ObjectID, _ hidden: Bool) throws {
        let wasHidden = try bool(window, UIView.isHidden, default: true)
        try write(window, heap[UIView.isHidden], .bool(hidden))
        if wasHidden && !hidden {
            orderFront(window)
            if isAttached(window), let root = try object(window, UIWindow.rootViewController) {
                try installRootView(root, in: window)
            }
        } else if !wasHidden && hidden {
            if stack.key == window.raw { try passKeyStatus(leaving: window) }
        }
    }
}
