extension Simulator {
    /// `UIResponder`: the superclass of views, controllers and the application.
    static let responderDeclaration = ClassDeclaration("UIResponder",
        summary: "The superclass of views, view controllers and the application.") {
        Method.initializer { _, inv in .object(inv.receiver) }
    }
}
