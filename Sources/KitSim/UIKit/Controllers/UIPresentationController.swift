/// `UIPresentationController`, as the model names it: its class and the properties the model reads and writes.
package enum UIPresentationController: ModelClass {
    package static let handle = ClassHandle("UIPresentationController", global: false)
    package static var declaration: SimulatorClassDeclaration { Presentations.presentationControllerDeclaration }
    package static let presentingViewController = handle.property("presentingViewController")
    package static let presentedViewController = handle.property("presentedViewController")
}

extension Presentations {
    /// `UIPresentationController` (iOS 8+, rule 16): it keeps both sides of a
    /// presentation strongly while the presented view is up.
    static let presentationControllerDeclaration = ClassDeclaration(UIPresentationController.handle,
        summary: "Keeps both controllers of a presentation while it is up.") {
        PropertyDeclaration(UIPresentationController.presentingViewController, .strong, .object("UIViewController"), readOnly: true)
        PropertyDeclaration(UIPresentationController.presentedViewController, .strong, .object("UIViewController"), readOnly: true)
        Method.initializer { _, inv in .object(inv.receiver) }
    }
}
