/// `UIButton`, as the model names it: its class and the properties the model reads and writes.
package enum UIButton: ModelClass {
    package static let handle = ClassHandle("UIButton")
    package static var declaration: SimulatorClassDeclaration { TargetAction.buttonDeclaration }
    package static let currentTitle = handle.property("currentTitle")
}

extension TargetAction {
    /// `UIControl.State` as scripts write it.
    static let controlStates = EnumType("UIControl.State", ["normal", "highlighted", "disabled", "selected"])

    /// `UIButton` (SPEC rule 36): a control; `sim.tap` sends it `touchDown`, then `touchUpInside`.
    static let buttonDeclaration = ClassDeclaration(UIButton.handle, superclass: "UIControl",
        summary: "A control that a tap sends `touchDown` and `touchUpInside`.") {
        PropertyDeclaration(UIButton.currentTitle, .copy, .string, readOnly: true, summary: "The title for the normal state.")
        TargetAction.controlStates
        Method("setTitle", swift: "setTitle(_:for:)", .string("title", optional: true),
               .enumeration("state", TargetAction.controlStates, default: "normal")) { sim, inv in
            if (inv.stringArgument(1) ?? "normal") == "normal" {
                try sim.write(inv.receiver, sim[UIButton.currentTitle], inv.argument(0))
            }
            return .nil
        }
    }
}
