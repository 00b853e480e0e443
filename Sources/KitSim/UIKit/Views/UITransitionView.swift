/// `UITransitionView`, as the model names it: its class and the properties the model reads and writes.
package enum UITransitionView: ModelClass {
    package static let handle = ClassHandle("UITransitionView", global: false)
    package static var declaration: SimulatorClassDeclaration { Views.transitionViewDeclaration }
    package static let presentationController = handle.property("presentationController")
    package static let ignoreDirectTouchEvents = handle.property("ignoreDirectTouchEvents")
}

extension Views {
    /// `UITransitionView`, UIKit's private container of a presented controller's view
    /// (iOS 8+, rule 16); it keeps the presentation controller.
    static let transitionViewDeclaration = ClassDeclaration(UITransitionView.handle, superclass: "UIView",
        summary: "UIKit's container of a presented controller's view.") {
        PropertyDeclaration(UITransitionView.presentationController, .strong, .object("UIPresentationController"), readOnly: true)
        PropertyDeclaration(UITransitionView.ignoreDirectTouchEvents, .assign, .bool, readOnly: true, default: .bool(false),
                            summary: "Set for `custom` and `overFullScreen` presentations, whose presenter stays on screen: a touch that meets none of its subviews passes to the views below (rule 59).")
        Method.callback("hitTest", swift: "hitTest(_:with:)", .point("point"), returns: .object("UIView"), optional: true,
                        summary: "Itself only when it does not ignore direct touches.") { sim, inv in
            let hit = try sim.views.defaultHitTest(inv.receiver, inv.pointArgument(0))
            guard hit == inv.receiver, try sim.bool(inv.receiver, UITransitionView.ignoreDirectTouchEvents, default: false) else {
                return hit.map(Value.object) ?? .nil
            }
            return .nil
        }
    }
}
