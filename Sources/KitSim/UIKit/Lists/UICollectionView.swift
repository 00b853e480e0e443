/// `UICollectionView`, as the model names it: its class and the properties the model reads and writes.
package enum UICollectionView: ModelClass {
    package static let handle = ClassHandle("UICollectionView")
    package static var declaration: SimulatorClassDeclaration { Lists.collectionViewDeclaration }
    package static let dataSource = handle.property("dataSource")
    package static let collectionViewLayout = handle.property("collectionViewLayout")
}

extension Lists {
    /// `UICollectionView` (SPEC rules 38, 40): a table view's machinery with items laid out
    /// by its flow layout, which it keeps; its data source and delegate are `assign` before
    /// iOS 9 (rule 78).
    static let collectionViewDeclaration = ClassDeclaration(UICollectionView.handle, superclass: "UIScrollView",
        summary: "Items from a weak data source (assign before iOS 9) laid out by its layout; visible cells are its subviews.") {
        PropertyDeclaration(UICollectionView.dataSource, .weak, .object("NSObject"), earlier: .assign(before: 9),
                            summary: "Not retained (rule 38); before iOS 9 not zeroed either: a reload that asks a data source that went is a zombie's crash (rule 78).")
        PropertyDeclaration(UICollectionView.collectionViewLayout, .strong, .object("UICollectionViewFlowLayout"), readOnly: true)
        PropertyDeclaration("visibleCells", .strong, .array("UICollectionViewCell"), readOnly: true, getter: "visibleCells",
                            summary: "The cells on screen, in item order.")

        Method.initializer(swift: "init(frame:collectionViewLayout:)", .rect("frame", optional: true),
                           .object("layout", "UICollectionViewFlowLayout")) { sim, inv in
            try sim.views.initializeView(inv.receiver, frame: inv.argument(0).rectValue ?? .zero)
            try sim.write(inv.receiver, sim[UICollectionView.collectionViewLayout], inv.objectArgument(1))
            try sim.write(inv.receiver, sim[UIScrollView.contentOffset], .point(.zero))
            sim.lists.made(inv.receiver)
            return .object(inv.receiver)
        }
        Method("register", swift: "register(_:forCellWithReuseIdentifier:)", Parameter("cellClass", .metaclass), .string("identifier"),
               summary: "The class `dequeueReusableCell` makes for the identifier: a UICollectionViewCell class.") { sim, inv in
            try sim.lists.registerCell(inv.receiver, inv.classArgument(0), inv.stringArgument(1) ?? "", base: sim[UICollectionViewCell.self])
            return .nil
        }
        Method("dequeueReusableCell", swift: "dequeueReusableCell(withReuseIdentifier:for:)", .string("identifier"),
               Parameter("indexPath", .indexPath), returns: .object("UICollectionViewCell"),
               summary: "A pooled cell, else a new registered one; an unregistered identifier raises.") { sim, inv in
            try sim.lists.dequeueCell(inv.receiver, identifier: inv.stringArgument(0) ?? "", strict: true).map(Value.object) ?? .nil
        }
        Method("reloadData", summary: "Reloads in the next layout pass.") { sim, inv in
            sim.lists.reloadData(inv.receiver)
            return .nil
        }
        Method("numberOfItems", swift: "numberOfItems(inSection:)", .integer("section"), returns: .integer,
               summary: "The last reload's count, asking the data source first if a reload is pending.") { sim, inv in
            .int(try sim.lists.numberOfItems(inv.receiver, section: inv.integerArgument(0)))
        }
        Method("cellForItem", swift: "cellForItem(at:)", Parameter("indexPath", .indexPath), returns: .object("UICollectionViewCell"),
               optional: true, summary: "The visible cell of the item, or nil.") { sim, inv in
            let path = inv.indexPathArgument(0)
            return sim.lists.visibleCell(inv.receiver, at: path).map(Value.object) ?? .nil
        }
        Method.accessor("visibleCells", returns: .array("UICollectionViewCell")) { sim, inv in
            .array(sim.lists.visibleCells(inv.receiver).map(Value.object))
        }
    }
}
