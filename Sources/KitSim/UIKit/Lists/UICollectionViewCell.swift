extension Lists {
    /// `UICollectionViewCell` (SPEC rule 40): an item's view; made by
    /// `dequeueReusableCell(identifier, indexPath)` for a registered class.
    static let collectionViewCellDeclaration = ClassDeclaration("UICollectionViewCell", superclass: "UIView",
        summary: "An item's view; it goes to the collection view's reuse pool when off screen.") {
        PropertyDeclaration("reuseIdentifier", .copy, .string, readOnly: true)
    }
}
