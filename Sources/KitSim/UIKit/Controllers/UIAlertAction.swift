extension Presentations {
    /// `UIAlertAction.Style`.
    static let alertActionStyles = EnumType("UIAlertAction.Style", ["default", "cancel", "destructive"])

    /// `UIAlertAction`: a button of an alert, with the handler `sim.tap` calls.
    static let alertActionDeclaration = ClassDeclaration("UIAlertAction",
        summary: "A button of an alert; it keeps its handler strongly.") {
        PropertyDeclaration("title", .copy, .string, readOnly: true)
        PropertyDeclaration("style", .assign, .enumeration(Presentations.alertActionStyles), readOnly: true)
        PropertyDeclaration("handler", .strong, .function, readOnly: true)
        Presentations.alertActionStyles

        Method.initializer(swift: "init(title:style:handler:)", .string("title", optional: true),
                           .enumeration("style", Presentations.alertActionStyles, default: "default"), .function("handler")) { sim, inv in
            let k = sim.uikit
            try sim.write(inv.receiver, k.actionTitle, inv.argument(0))
            try sim.write(inv.receiver, k.actionStyle, .string(inv.stringArgument(1) ?? "default"))
            try sim.write(inv.receiver, k.actionHandler, inv.argument(2))
            return .object(inv.receiver)
        }
    }
}
