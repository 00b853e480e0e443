extension Presentations {
    /// `UIPresentationController` (iOS 8+, rule 16): it keeps both sides of a
    /// presentation strongly while the presented view is up.
    static let presentationControllerDeclaration = ClassDeclaration("UIPresentationController", global: false,
        summary: "Keeps both controllers of a presentation while it is up.") {
        PropertyDeclaration("presentingViewController", .strong, .object("UIViewController"), readOnly: true)
        PropertyDeclaration("presentedViewController", .strong, .object("UIViewController"), readOnly: true)
        Method.initializer { _, inv in .object(inv.receiver) }
    }
}
