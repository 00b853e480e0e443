/// `UIAlertAction`, as the model names it: its class and the properties the model reads and writes.
package enum UIAlertAction: ModelClass {
    package static let handle = ClassHandle("UIAlertAction")
    package static var declaration: SimulatorClassDeclaration { Presentations.alertActionDeclaration }
    package static let title = handle.property("title")
    package static let style = handle.property("style")
    package static let handler = handle.property("handler")
}

extension Presentations {
    /// `UIAlertAction.Style`.
    static let alertActionStyles = EnumType("UIAlertAction.Style", ["default", "cancel", "destructive"])

    /// `UIAlertAction`: a button of an alert, with the handler `sim.tap` calls.
    static let alertActionDeclaration = ClassDeclaration(UIAlertAction.handle, introduced: 8,
        summary: "A button of an alert; it keeps its handler strongly.") {
        PropertyDeclaration(UIAlertAction.title, .copy, .string, readOnly: true)
        PropertyDeclaration(UIAlertAction.style, .assign, .enumeration(Presentations.alertActionStyles), readOnly: true)
        PropertyDeclaration(UIAlertAction.handler, .strong, .function, readOnly: true)
        Presentations.alertActionStyles

        Method.initializer(swift: "init(title:style:handler:)", .string("title", optional: true),
                           .enumeration("style", Presentations.alertActionStyles, default: "default"), .function("handler")) { sim, inv in
            try sim.write(inv.receiver, sim[UIAlertAction.title], inv.argument(0))
            try sim.write(inv.receiver, sim[UIAlertAction.style], .string(inv.stringArgument(1) ?? "default"))
            try sim.write(inv.receiver, sim[UIAlertAction.handler], inv.argument(2))
            return .object(inv.receiver)
        }
    }
}
