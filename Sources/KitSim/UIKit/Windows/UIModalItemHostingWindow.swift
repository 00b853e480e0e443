/// `_UIModalItemHostingWindow`, as the model names it: its class.
package enum _UIModalItemHostingWindow: ModelClass {
    package static let handle = ClassHandle("_UIModalItemHostingWindow", global: false)
    package static var declaration: SimulatorClassDeclaration { Windows.modalItemWindowDeclaration }
}

extension Windows {
    /// `_UIModalItemHostingWindow`, the private window iOS 7 shows a legacy alert view or
    /// action sheet in (rule 81): the key window while one is shown.
    static let modalItemWindowDeclaration = ClassDeclaration(_UIModalItemHostingWindow.handle,
        superclass: "UIWindow", summary: "UIKit's private window of a shown alert view or action sheet on iOS 7 (rule 81).") {}
}
