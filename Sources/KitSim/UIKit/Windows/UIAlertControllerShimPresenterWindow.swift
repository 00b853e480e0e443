/// `_UIAlertControllerShimPresenterWindow`, as the model names it: its class and the properties the model reads and writes.
package enum _UIAlertControllerShimPresenterWindow: ModelClass {
    package static let handle = ClassHandle("_UIAlertControllerShimPresenterWindow", global: false)
    package static var declaration: SimulatorClassDeclaration { Windows.alertWindowDeclaration }
}

extension Windows {
    /// `_UIAlertControllerShimPresenterWindow`, the private window a presented alert shows in.
    static let alertWindowDeclaration = ClassDeclaration(_UIAlertControllerShimPresenterWindow.handle,
        superclass: "UIWindow", summary: "UIKit's private window of a presented alert.") {}
}
