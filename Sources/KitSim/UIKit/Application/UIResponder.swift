/// `UIResponder`, as the model names it: its class and the properties the model reads and writes.
package enum UIResponder: ModelClass {
    package static let handle = ClassHandle("UIResponder")
    package static var declaration: SimulatorClassDeclaration { Simulator.responderDeclaration }
}

extension Simulator {
    /// `UIResponder`: the superclass of views, controllers and the application.
    static let responderDeclaration = ClassDeclaration(UIResponder.handle,
        summary: "The superclass of views, view controllers and the application.") {
        Method.initializer { _, inv in .object(inv.receiver) }
    }
}
