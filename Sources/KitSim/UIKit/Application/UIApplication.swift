extension Simulator {
    func installApplicationMethods() {
        let k = uikit
        define(k.application, "windows") { [unowned self] _ in .array(windows.map(Value.object)) }
        define(k.application, "keyWindow") { [unowned self] _ in keyWindow.map(Value.object) ?? .nil }
        define(k.application, .initialize) { [unowned self] inv in
            throw raise(.invalidArgument("There can only be one UIApplication instance; use UIApplication.shared", object: inv.receiver))
        }
        define(k.screen, .initialize) { inv in .object(inv.receiver) }
        define(k.responder, .initialize) { inv in .object(inv.receiver) }
        define(heap.rootClass, .initialize) { inv in .object(inv.receiver) }
        define(k.presentationController, .initialize) { inv in .object(inv.receiver) }
    }

    /// `UIApplication.shared.delegate`.
    public var appDelegate: ObjectID? { (try? object(application, uikit.appDelegateProperty)) ?? nil }
}
