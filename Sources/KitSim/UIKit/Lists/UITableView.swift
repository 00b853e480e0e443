/// `UITableView`, as the model names it: its class and the properties the model reads and writes.
package enum UITableView: ModelClass {
    package static let handle = ClassHandle("UITableView")
    package static var declaration: SimulatorClassDeclaration { Lists.tableViewDeclaration }
    package static let dataSource = handle.property("dataSource")
    package static let style = handle.property("style")
    package static let rowHeight = handle.property("rowHeight")
}

extension Lists {
    /// `UITableView.Style`.
    static let tableStyles = EnumType("UITableView.Style", ["plain", "grouped", "insetGrouped"])

    /// `UITableView` (SPEC rules 38, 39): a weak data source and delegate (`assign` before
    /// iOS 9, rule 78); it reloads in the layout pass, shows its visible rows' cells as
    /// subviews and keeps the others in its reuse pool.
    static let tableViewDeclaration = ClassDeclaration(UITableView.handle, superclass: "UIScrollView",
        summary: "Rows from a weak data source (assign before iOS 9); visible cells are its subviews, the others wait in its reuse pool.") {
        PropertyDeclaration(UITableView.dataSource, .weak, .object("NSObject"), earlier: .assign(before: 9),
                            summary: "Not retained (rule 38); before iOS 9 not zeroed either: a reload that asks a data source that went is a zombie's crash (rule 78).")
        PropertyDeclaration(UITableView.style, .assign, .enumeration(Lists.tableStyles), readOnly: true, default: .string("plain"))
        PropertyDeclaration(UITableView.rowHeight, .assign, .number, default: .double(44))
        PropertyDeclaration("visibleCells", .strong, .array("UITableViewCell"), readOnly: true, getter: "visibleCells",
                            summary: "The cells on screen, in row order.")
        Lists.tableStyles

        Method.initializer(swift: "init(frame:style:)", .rect("frame", optional: true),
                           .enumeration("style", Lists.tableStyles, default: "plain")) { sim, inv in
            try sim.views.initializeView(inv.receiver, frame: inv.argument(0).rectValue ?? .zero)
            try sim.write(inv.receiver, sim[UITableView.style], .string(inv.stringArgument(1) ?? "plain"))
            try sim.write(inv.receiver, sim[UIScrollView.contentOffset], .point(.zero))
            sim.lists.made(inv.receiver)
            return .object(inv.receiver)
        }
        Method("register", swift: "register(_:forCellReuseIdentifier:)", Parameter("cellClass", .metaclass), .string("identifier"),
               summary: "The class `dequeueReusableCell` makes for the identifier: a UITableViewCell class.") { sim, inv in
            try sim.lists.registerCell(inv.receiver, inv.classArgument(0), inv.stringArgument(1) ?? "", base: sim[UITableViewCell.self])
            return .nil
        }
        Method("dequeueReusableCell", swift: "dequeueReusableCell(withIdentifier:for:)", .string("identifier"),
               Parameter("indexPath", .indexPath, optional: true), returns: .object("UITableViewCell"), optional: true,
               summary: "A pooled cell, else a new registered one; with an index path an unregistered identifier raises.") { sim, inv in
            try sim.lists.dequeueCell(inv.receiver, identifier: inv.stringArgument(0) ?? "", strict: inv.argumentCount > 1)
                .map(Value.object) ?? .nil
        }
        Method("reloadData", summary: "Reloads in the next layout pass: counts, then a cell for each visible row.") { sim, inv in
            sim.lists.reloadData(inv.receiver)
            return .nil
        }
        Method("numberOfRows", swift: "numberOfRows(inSection:)", .integer("section"), returns: .integer,
               summary: "The last reload's count, asking the data source first if a reload is pending.") { sim, inv in
            .int(try sim.lists.numberOfItems(inv.receiver, section: inv.integerArgument(0)))
        }
        Method("cellForRow", swift: "cellForRow(at:)", Parameter("indexPath", .indexPath), returns: .object("UITableViewCell"),
               optional: true, summary: "The visible cell of the row, or nil.") { sim, inv in
            let path = inv.indexPathArgument(0)
            return sim.lists.visibleCell(inv.receiver, at: path).map(Value.object) ?? .nil
        }
        Method.accessor("visibleCells", returns: .array("UITableViewCell")) { sim, inv in
            .array(sim.lists.visibleCells(inv.receiver).map(Value.object))
        }
    }
}
