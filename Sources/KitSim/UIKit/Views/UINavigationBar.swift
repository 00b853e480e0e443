/// `UINavigationBar`, as the model names it: its class and the properties the model reads and writes.
package enum UINavigationBar: ModelClass {
    package static let handle = ClassHandle("UINavigationBar")
    package static var declaration: SimulatorClassDeclaration { Views.navigationBarDeclaration }
}

extension Views {
    /// `UINavigationBar`: the bar a navigation controller puts at the top of its view.
    static let navigationBarDeclaration = ClassDeclaration(UINavigationBar.handle, superclass: "UIView",
        summary: "The bar at the top of a navigation controller's view.") {}
}
