extension Simulator {
    /// Registers the Swift implementations of UIKit's methods in the class tables, then
    /// flattens the tables once (one flattening instead of one per method keeps start-up
    /// short).
    func installMethods() {
        installViewMethods()
        installWindowMethods()
        installApplicationMethods()
        installViewControllerMethods()
        installNavigationMethods()
        installTabBarMethods()
        installAlertMethods()
        heap.rootClass.reflatten()
    }

    /// Adds a Swift method to `cls` without re-flattening (`installMethods` does it once).
    func define(_ cls: SimClass, _ selector: Selector, _ body: @escaping NativeMethod) {
        cls.ownMethods[selector] = .native(body)
    }
}
