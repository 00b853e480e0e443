/// `UICollectionViewCell`, as the model names it: its class and the properties the model reads and writes.
package enum UICollectionViewCell: ModelClass {
    package static let handle = ClassHandle("UICollectionViewCell")
    package static var declaration: SimulatorClassDeclaration { Lists.collectionViewCellDeclaration }
    package static let reuseIdentifier = handle.property("reuseIdentifier")
}

extension Lists {
    /// `UICollectionViewCell` (SPEC rule 40): an item's view; made by
    /// `dequeueReusableCell(identifier, indexPath)` for a registered class.
    static let collectionViewCellDeclaration = ClassDeclaration(UICollectionViewCell.handle, superclass: "UIView",
        summary: "An item's view; it goes to the collection view's reuse pool when off screen.") {
        PropertyDeclaration(UICollectionViewCell.reuseIdentifier, .copy, .string, readOnly: true)
    }
}
