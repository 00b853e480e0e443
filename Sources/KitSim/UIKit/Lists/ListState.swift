/// What a table or collection view knows beyond its properties (SPEC rules 39, 40): the
/// classes registered per reuse identifier, the counts of its last reload and the cells it
/// shows. Its reuse pool is a strong associated array per identifier, so `sim.why` names it
/// (`UITableView#7.reusePool["Cell"][1]`).
struct ListState {
    /// Whether the next layout pass reloads it (made, `reloadData()`), once it is in a window.
    var reloadPending = true
    /// Whether the next layout pass lays out its cells again (its `contentOffset` changed).
    var layoutPending = false
    /// Class names by reuse identifier (`register(cellClass, id)`).
    var registered: [String: String] = [:]
    /// The rows (items) per section of the last reload; nil before the first.
    var counts: [Int]? = nil
    /// The cells on screen, in index path order.
    var visible: [(path: IndexPath, cell: ObjectID)] = []
}

/// How a table view and a collection view differ to the shared machinery: the data
/// source's selectors and the cells' geometry.
struct ListKind {
    let className: String
    let numberOfItems: Selector
    let cellForItem: Selector
    let didSelect: Selector
    /// The Objective-C selectors of `numberOfSections` and of the three above, which name
    /// the message in a zombie's crash (rule 78).
    let objC: (numberOfSections: String, numberOfItems: String, cellForItem: String, didSelect: String)
    let cellClass: SimClass
    /// Its `dataSource` property (weak, SPEC rule 38; assign before iOS 9, rule 78).
    let dataSource: Property
    /// The frame of the item with this index in the whole list (sections continue), in a
    /// list as wide as `width`, and whether the section starts a new row.
    let frame: (_ sim: Simulator, _ list: ObjectID, _ index: Int, _ width: Double) throws -> Rect
}
