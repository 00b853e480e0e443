/// `UICollectionViewFlowLayout`, as the model names it: its class and the properties the model reads and writes.
package enum UICollectionViewFlowLayout: ModelClass {
    package static let handle = ClassHandle("UICollectionViewFlowLayout")
    package static var declaration: SimulatorClassDeclaration { Lists.flowLayoutDeclaration }
    package static let itemSize = handle.property("itemSize")
}

extension Lists {
    /// `UICollectionViewFlowLayout` (SPEC rule 40): lays `itemSize` items in rows.
    static let flowLayoutDeclaration = ClassDeclaration(UICollectionViewFlowLayout.handle,
        summary: "Lays a collection view's items in rows of `itemSize` items.") {
        PropertyDeclaration(UICollectionViewFlowLayout.itemSize, .assign, .rect, default: nil,
                            summary: "Each item's width and height, 50 × 50 unless set (KitSim has no CGSize: x and y are unused).")
        Method.initializer { sim, inv in
            try sim.write(inv.receiver, sim[UICollectionViewFlowLayout.itemSize], .rect(Rect(x: 0, y: 0, width: 50, height: 50)))
            return .object(inv.receiver)
        }
    }
}
