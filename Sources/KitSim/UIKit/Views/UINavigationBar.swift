extension Views {
    /// `UINavigationBar`: the bar a navigation controller puts at the top of its view.
    static let navigationBarDeclaration = ClassDeclaration("UINavigationBar", superclass: "UIView",
        summary: "The bar at the top of a navigation controller's view.") {}
}
