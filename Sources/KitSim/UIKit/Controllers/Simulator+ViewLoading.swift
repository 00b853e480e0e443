extension ControllerLifecycle {
    /// How many nested `loadView` calls one controller may make before the sandbox
    /// stops a `loadView` that never sets `view` (SPEC §3.5).
    static let maxNestedViewLoads = 64

    /// The controller's view, loading it first if needed (UIKit's `view` getter).
    @discardableResult
    func loadedView(of vc: ObjectID) throws -> ObjectID? {
        if let v = try object(vc, UIViewController.view) { return v }
        let depth = loadDepth[vc.raw, default: 0]
        guard depth < ControllerLifecycle.maxNestedViewLoads else {
            throw SimError.limitExceeded(.nestedViewLoads(object: heap.describe(vc), depth: ControllerLifecycle.maxNestedViewLoads), object: vc)
        }
        loadDepth[vc.raw] = depth + 1
        defer { if depth == 0 { loadDepth.removeValue(forKey: vc.raw) } else { loadDepth[vc.raw] = depth } }
        _ = try heap.send(vc, .loadView)
        _ = try heap.send(vc, .viewDidLoad)
        return try object(vc, UIViewController.view)
    }
}
