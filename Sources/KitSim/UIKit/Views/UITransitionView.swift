extension Simulator {
    /// `UITransitionView`, UIKit's private container of a presented controller's view
    /// (iOS 8+, rule 16); it keeps the presentation controller.
    static let transitionViewDeclaration = ClassDeclaration("UITransitionView", superclass: "UIView", global: false,
        summary: "UIKit's container of a presented controller's view.") {
        PropertyDeclaration("presentationController", .strong, .object("UIPresentationController"), readOnly: true)
    }
}
