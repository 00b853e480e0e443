/// `UITableViewCell`, as the model names it: its class and the properties the model reads and writes.
package enum UITableViewCell: ModelClass {
    package static let handle = ClassHandle("UITableViewCell")
    package static var declaration: SimulatorClassDeclaration { Lists.tableViewCellDeclaration }
    package static let reuseIdentifier = handle.property("reuseIdentifier")
}

extension Lists {
    /// `UITableViewCell.CellStyle`.
    static let tableCellStyles = EnumType("UITableViewCell.CellStyle", ["default", "value1", "value2", "subtitle"])

    /// `UITableViewCell` (SPEC rule 39): a row's view; with a reuse identifier it waits in
    /// its table's reuse pool when off screen.
    static let tableViewCellDeclaration = ClassDeclaration(UITableViewCell.handle, superclass: "UIView",
        summary: "A row's view; with a reuse identifier it goes to the table's reuse pool when off screen.") {
        PropertyDeclaration(UITableViewCell.reuseIdentifier, .copy, .string, readOnly: true)
        PropertyDeclaration("text", .copy, .string, summary: "What the row shows (its `textLabel`'s text).")
        Lists.tableCellStyles
        Method.initializer(swift: "init(style:reuseIdentifier:)", .enumeration("style", Lists.tableCellStyles, default: "default"),
                           .string("reuseIdentifier", optional: true)) { sim, inv in
            try sim.views.initializeView(inv.receiver, frame: Rect(x: 0, y: 0, width: 320, height: 44))
            try sim.write(inv.receiver, sim[UITableViewCell.reuseIdentifier], inv.argument(1))
            return .object(inv.receiver)
        }
    }

}
