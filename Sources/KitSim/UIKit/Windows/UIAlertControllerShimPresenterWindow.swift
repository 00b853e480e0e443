extension Windows {
    /// `_UIAlertControllerShimPresenterWindow`, the private window a presented alert shows in.
    static let alertWindowDeclaration = ClassDeclaration("_UIAlertControllerShimPresenterWindow",
        superclass: "UIWindow", global: false, summary: "UIKit's private window of a presented alert.") {}
}
