extension Simulator {
    /// `NSObject`, the root class the runtime makes: declared here for its initializer.
    static let objectDeclaration = ClassDeclaration("NSObject", summary: "The root class.") {
        Method.initializer { _, inv in .object(inv.receiver) }
    }

    /// `UIResponder`: the superclass of views, controllers and the application.
    static let responderDeclaration = ClassDeclaration("UIResponder",
        summary: "The superclass of views, view controllers and the application.") {
        Method.initializer { _, inv in .object(inv.receiver) }
    }
}
