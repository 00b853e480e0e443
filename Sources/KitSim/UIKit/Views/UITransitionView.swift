extension Views {
    /// `UITransitionView`, UIKit's private container of a presented controller's view
    /// (iOS 8+, rule 16); it keeps the presentation controller.
    static let transitionViewDeclaration = ClassDeclaration("UITransitionView", superclass: "UIView", global: false,
        summary: "UIKit's container of a presented controller's view.") {
        PropertyDeclaration("presentationController", .strong, .object("UIPresentationController"), readOnly: true)
        PropertyDeclaration("ignoreDirectTouchEvents", .assign, .bool, readOnly: true, default: .bool(false),
                            summary: "Set for `custom` and `overFullScreen` presentations, whose presenter stays on screen: a touch that meets none of its subviews passes to the views below (rule 59).")
        Method.callback("hitTest", swift: "hitTest(_:with:)", .point("point"), returns: .object("UIView"), optional: true,
                        summary: "Itself only when it does not ignore direct touches.") { sim, inv in
            let hit = try sim.views.defaultHitTest(inv.receiver, inv.pointArgument(0))
            guard hit == inv.receiver, try sim.bool(inv.receiver, sim.uikit.transitionIgnoresTouches, default: false) else {
                return hit.map(Value.object) ?? .nil
            }
            return .nil
        }
    }
}
