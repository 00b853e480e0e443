/// `_UIAlertControllerShimPresenterWindow`, as the model names it: its class.
package enum _UIAlertControllerShimPresenterWindow: ModelClass {
    package static let handle = ClassHandle("_UIAlertControllerShimPresenterWindow", global: false)
    package static var declaration: SimulatorClassDeclaration { Windows.alertWindowDeclaration }
}

/// `_UIAlertShimPresentingViewController`, as the model names it: its class.
package enum _UIAlertShimPresentingViewController: ModelClass {
    package static let handle = ClassHandle("_UIAlertShimPresentingViewController", global: false)
    package static var declaration: SimulatorClassDeclaration { Windows.alertShimPresenterDeclaration }
}

extension Windows {
    /// `_UIAlertControllerShimPresenterWindow`: from iOS 8, the private window a legacy
    /// alert view or action sheet shows in, through a `UIAlertController` its root
    /// presents (rule 81). A `UIAlertController` an app presents never uses it (rule 80).
    static let alertWindowDeclaration = ClassDeclaration(_UIAlertControllerShimPresenterWindow.handle,
        superclass: "UIWindow", summary: "UIKit's private window of a shown alert view or action sheet, from iOS 8 (rule 81).") {}

    /// `_UIAlertShimPresentingViewController`: the root of that window, which presents the
    /// `UIAlertController` showing the legacy alert (rule 81).
    static let alertShimPresenterDeclaration = ClassDeclaration(_UIAlertShimPresentingViewController.handle,
        superclass: "UIViewController",
        summary: "UIKit's private root of the window a legacy alert shows in; it presents the alert's UIAlertController (rule 81).") {}
}
