extension Simulator {
    /// How many nested `loadView` calls one controller may make before the sandbox
    /// stops a `loadView` that never sets `view` (SPEC §3.5).
    static let maxNestedViewLoads = 64

    func installViewLoading() {
        let k = uikit
        // SPEC rule 11: the first access loads the view — `loadView` then `viewDidLoad`,
        // synchronously and re-entrantly: code inside `viewDidLoad` already sees the view.
        define(k.viewController, "view") { [unowned self] inv in
            try loadedView(of: inv.receiver).map(Value.object) ?? .nil
        }
        define(k.viewController, "setView") { [unowned self] inv in
            let v = try inv.object(0, k.view, "view", optional: true)
            try write(inv.receiver, k.vcView, v)
            return .nil
        }
        define(k.viewController, "loadView") { [unowned self] inv in
            let v = heap.alloc(k.view)
            try initializeView(v, frame: screenBounds)
            // Opaque, as a storyboard-made controller's view is: it hides what lies under it.
            try write(v, k.backgroundColor, .string("systemBackground"))
            try write(inv.receiver, k.vcView, v)
            return .nil
        }
        define(k.viewController, "isViewLoaded") { [unowned self] inv in .bool(try object(inv.receiver, k.vcView) != nil) }
        define(k.viewController, "viewIfLoaded") { [unowned self] inv in try heap.readSlot(inv.receiver, k.vcView) }
        define(k.viewController, "loadViewIfNeeded") { [unowned self] inv in
            _ = try loadedView(of: inv.receiver)
            return .nil
        }
    }

    /// The controller's view, loading it first if needed (UIKit's `view` getter).
    @discardableResult
    func loadedView(of vc: ObjectID) throws -> ObjectID? {
        if let v = try object(vc, uikit.vcView) { return v }
        let depth = loadDepth[vc.raw, default: 0]
        guard depth < Simulator.maxNestedViewLoads else {
            throw SimError(.limit, "limit exceeded: \(heap.describe(vc)).loadView did not set self.view: every access to view calls loadView "
                           + "again (stopped after \(Simulator.maxNestedViewLoads) nested loads)", object: vc)
        }
        loadDepth[vc.raw] = depth + 1
        defer { if depth == 0 { loadDepth.removeValue(forKey: vc.raw) } else { loadDepth[vc.raw] = depth } }
        _ = try heap.send(vc, .loadView)
        _ = try heap.send(vc, .viewDidLoad)
        return try object(vc, uikit.vcView)
    }
}
