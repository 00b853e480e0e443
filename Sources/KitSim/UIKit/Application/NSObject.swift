extension Simulator {
    /// `NSObject`, the root class the runtime makes: declared here for its initializer.
    static let objectDeclaration = ClassDeclaration("NSObject", summary: "The root class.") {
        Method.initializer { _, inv in .object(inv.receiver) }
        KeyValueObserving.observeMethod
    }
}
