/// The table and collection views (SPEC rules 39, 40) and the page view controllers'
/// pages (rule 40): what each knows beyond its properties — the classes registered per
/// reuse identifier, the counts of its last reload, the cells it shows — and the layout
/// pass's work for them. A list's state is here from its `init` until the first layout
/// pass after it deallocates.
final class Lists: Subsystem {
    unowned(unsafe) var sim: Simulator!
    let heap: Heap
    /// Each table and collection view's state, by list id.
    private var states: [UInt32: ListState] = [:]
    /// The pages each page view controller shows, by controller id (changed only by
    /// `setPages`, Controllers/UIPageViewController.swift).
    var pageLists: [UInt32: [ObjectID]] = [:]
    var log = InvariantLog()

    init(_ heap: Heap) {
        self.heap = heap
    }

    /// A list's state, or nil for an object that is no list (read-only: the layout pass
    /// and the list's own methods change it).
    subscript(list: ObjectID) -> ListState? { states[list.raw] }

    /// The pages a page view controller shows, in order.
    func pages(of pvc: ObjectID) -> [ObjectID] { pageLists[pvc.raw] ?? [] }

    /// Each list's cells on screen are in strictly increasing index path order, and its
    /// counts are not negative and add up to at most `maxListItems`.
    func violations() -> [String] {
        var out = log.failures
        for (raw, s) in states.sorted(by: { $0.key < $1.key }) {
            if let failure = Lists.failure(s, raw) { out.append(failure); break }
        }
        return out
    }

    /// What is wrong with one list's state, or nil.
    static func failure(_ s: ListState, _ raw: UInt32) -> String? {
        let counts = s.counts ?? []
        if counts.contains(where: { $0 < 0 }) || counts.reduce(0, +) > maxListItems { return "list #\(raw)'s counts are out of bounds" }
        if zip(s.visible, s.visible.dropFirst()).contains(where: { !($0.path < $1.path) }) {
            return "list #\(raw)'s visible cells are not in index path order"
        }
        return nil
    }

    /// After a mutation of one list, when `Simulator.checksInvariants` is on.
    private func check(_ list: ObjectID) {
        guard Simulator.checksInvariants, let s = states[list.raw] else { return }
        log.note(Lists.failure(s, list.raw))
    }

    /// A table or collection view is made: it reloads in the first layout pass it is in a
    /// window for.
    func made(_ list: ObjectID) { states[list.raw] = ListState() }

    /// `reloadData()`: reloads in the next layout pass.
    func reloadData(_ list: ObjectID) { states[list.raw, default: ListState()].reloadPending = true }

    /// Its `contentOffset` changed: the next layout pass lays out its cells again.
    func scrolled(_ list: ObjectID) {
        if states[list.raw] != nil { states[list.raw]?.layoutPending = true }
    }

    /// The visible cell of the index path, or nil.
    func visibleCell(_ list: ObjectID, at path: IndexPath) -> ObjectID? {
        states[list.raw]?.visible.first { $0.path == path }?.cell
    }

    /// The live cells on screen, in index path order.
    func visibleCells(_ list: ObjectID) -> [ObjectID] {
        (states[list.raw]?.visible ?? []).filter { heap.isAlive($0.cell) }.map(\.cell)
    }

    /// The kind of a table or collection view, or nil for any other object.
    func listKind(_ id: ObjectID) -> ListKind? {
        if heap.isKind(id, of: UITableView.handle) {
            return ListKind(className: "UITableView", numberOfItems: Selector("tableView_numberOfRowsInSection"),
                            cellForItem: Selector("tableView_cellForRowAt"), didSelect: Selector("tableView_didSelectRowAt"),
                            objC: ("numberOfSectionsInTableView:", "tableView:numberOfRowsInSection:",
                                   "tableView:cellForRowAtIndexPath:", "tableView:didSelectRowAtIndexPath:"),
                            cellClass: heap[UITableViewCell.self], dataSource: heap[UITableView.dataSource]) { sim, list, index, width in
                let h = try sim.number(list, UITableView.rowHeight, default: 44)
                return Rect(x: 0, y: Double(index) * h, width: width, height: h)
            }
        }
        if heap.isKind(id, of: UICollectionView.handle) {
            return ListKind(className: "UICollectionView", numberOfItems: Selector("collectionView_numberOfItemsInSection"),
                            cellForItem: Selector("collectionView_cellForItemAt"), didSelect: Selector("collectionView_didSelectItemAt"),
                            objC: ("numberOfSectionsInCollectionView:", "collectionView:numberOfItemsInSection:",
                                   "collectionView:cellForItemAtIndexPath:", "collectionView:didSelectItemAtIndexPath:"),
                            cellClass: heap[UICollectionViewCell.self], dataSource: heap[UICollectionView.dataSource]) { sim, list, index, width in
                // SPEC rule 40: the flow layout lays `itemSize` items in rows.
                var size = Rect(x: 0, y: 0, width: 50, height: 50)
                if let layout = try sim.object(list, UICollectionView.collectionViewLayout) { size = try sim.rect(layout, UICollectionViewFlowLayout.itemSize) }
                let w = Swift.max(size.width, 1), h = Swift.max(size.height, 1)
                // A width a script made infinite or NaN lays one item per row, a huge one
                // clamped columns, never an Int trap (DEVELOPERS.md rule 2).
                let columns = (width / w).rounded(.down)
                let perRow = columns.isFinite ? Swift.max(1, clampedInt(columns)) : 1
                return Rect(x: Double(index % perRow) * w, y: Double(index / perRow) * h, width: w, height: h)
            }
        }
        return nil
    }

    /// The index paths of the last reload, in order.
    func indexPaths(_ counts: [Int]) -> [IndexPath] {
        var out: [IndexPath] = []
        for (s, n) in counts.enumerated() where n > 0 {
            for r in 0..<n { out.append(IndexPath(row: Int32(clamping: r), section: Int32(clamping: s))) }
        }
        return out
    }

    /// The delegate or data source in `p` of `owner` that the callback `selector` goes to, or
    /// nil when it goes nowhere: no object, one that is deallocating, or (unless `required`,
    /// a data source's method UIKit sends without asking) one that does not implement it.
    /// Rule 78: before iOS 9 the property is `assign` and can still hold an object that
    /// deallocated. UIKit noted which callbacks its delegate implements when it was set, so it
    /// sends the message all the same, and that is a zombie's crash named by the callback's
    /// Objective-C selector `objC` (`-[Feed scrollViewDidScroll:]: message sent to
    /// deallocated instance #9`). From iOS 9 the weak property reads nil instead.
    func callee(_ owner: ObjectID, _ p: Property, _ selector: Selector, objC: String, required: Bool = false) throws -> ObjectID? {
        guard let d = try object(owner, p) else { return nil }
        if !heap.isUsable(d) {
            if required || heap.responds(d, to: selector) { try heap.checkUsable(d, objC) }
            return nil
        }
        guard heap.isAlive(d), required || heap.responds(d, to: selector) else { return nil }
        return d
    }

    /// Asks the data source for its sections and their rows (SPEC rule 39): none without
    /// a data source, one section unless it implements `numberOfSections`. UIKit asks for
    /// the sections first when the data source implements that, so before iOS 9 a data
    /// source that went crashes on that message, else on the rows' (rule 78).
    func askCounts(_ list: ObjectID, _ kind: ListKind) throws -> [Int] {
        let numberOfSections = Selector("numberOfSections")
        let asksSections = try object(list, kind.dataSource).map { heap.responds($0, to: numberOfSections) } ?? false
        guard let ds = try callee(list, kind.dataSource, asksSections ? numberOfSections : kind.numberOfItems,
                                  objC: asksSections ? kind.objC.numberOfSections : kind.objC.numberOfItems, required: true)
        else { return [] }
        var sections = 1
        if asksSections {
            sections = try countResult(heap.send(ds, numberOfSections, args: Arguments(.object(list))), "numberOfSections")
        }
        // A data source's count is bounded so that a script's 1e9 rows is not a billion index paths.
        var counts: [Int] = []
        var total = 0
        for s in 0..<Swift.min(sections, Lists.maxListItems) {
            let n = try countResult(heap.send(ds, kind.numberOfItems, args: Arguments(.object(list), .int(s))), kind.numberOfItems.name)
            let kept = Swift.min(n, Lists.maxListItems - total)
            counts.append(kept)
            total += kept
        }
        return counts
    }

    /// The most rows (items) a list shows across its sections.
    static let maxListItems = 100_000

    func countResult(_ v: Value, _ method: String) throws -> Int {
        guard let n = v.number, n.isFinite, n >= 0, n == n.rounded() else {
            throw SimError.misuse(.badReturn(method: method, expected: "a whole number of rows from 0", got: heap.describeType(of: v)))
        }
        return clampedInt(n)
    }

    /// A reload (SPEC rule 39): every cell to the reuse pool, new counts, then a cell for
    /// each visible row in order.
    func reload(_ list: ObjectID) throws {
        guard let kind = listKind(list) else { return }
        states[list.raw, default: ListState()].reloadPending = false
        for (_, cell) in states[list.raw]?.visible ?? [] { try recycle(cell, of: list) }
        states[list.raw]?.visible = []
        let counts = try askCounts(list, kind)
        states[list.raw]?.counts = counts
        try layoutCells(list, kind)
    }

    /// Cells for the rows that meet the bounds at `contentOffset`; cells of rows no longer
    /// visible go to the reuse pool (SPEC rule 39).
    func layoutCells(_ list: ObjectID, _ kind: ListKind) throws {
        states[list.raw]?.layoutPending = false
        guard let state = states[list.raw] else { return }
        let bounds = try rect(list, UIView.frame)
        let offset = try heap.readSlot(list, UIScrollView.contentOffset)
        var top = 0.0
        if case .point(let p) = offset { top = p.y }
        let paths = indexPaths(state.counts ?? [])
        var wanted: [(IndexPath, Rect)] = []
        for (i, path) in paths.enumerated() {
            let f = try kind.frame(sim, list, i, bounds.width)
            if f.y + f.height > top && f.y < top + bounds.height { wanted.append((path, f)) }
            if f.y >= top + bounds.height { break }
        }
        let wantedPaths = Set(wanted.map(\.0))
        var kept: [IndexPath: ObjectID] = [:]
        for (path, cell) in state.visible {
            if wantedPaths.contains(path) && heap.isAlive(cell) { kept[path] = cell } else { try recycle(cell, of: list) }
        }
        var visible: [(path: IndexPath, cell: ObjectID)] = []
        for (path, frame) in wanted {
            if let cell = kept[path] { visible.append((path, cell)); continue }
            let cell = try cellFromDataSource(list, kind, path)
            try write(cell, heap[UIView.frame], .rect(frame))
            try sim.views.addSubview(cell, to: list, at: nil)
            visible.append((path, cell))
            states[list.raw]?.visible = visible
        }
        states[list.raw]?.visible = visible
        check(list)
    }

    /// `tableView_cellForRowAt` / `collectionView_cellForItemAt`; anything but a cell is
    /// UIKit's exception.
    func cellFromDataSource(_ list: ObjectID, _ kind: ListKind, _ path: IndexPath) throws -> ObjectID {
        let ds = try object(list, kind.dataSource)
        var result: Value = .nil
        if let callee = try callee(list, kind.dataSource, kind.cellForItem, objC: kind.objC.cellForItem, required: true) {
            result = try heap.send(callee, kind.cellForItem, args: Arguments(.object(list), .indexPath(path)))
        }
        guard case .object(let cell) = result, heap.isAlive(cell), heap.isKind(cell, of: kind.cellClass) else {
            let source = ObjectRef(ds.map { heap.classOf($0).name }, ds)
            throw sim.raise(.crash(.noCellFromDataSource(listClass: kind.className, list: list, dataSource: source), object: list))
        }
        return cell
    }

    /// The key of a list's reuse pool for an identifier (`reusePool["Cell"]`).
    static func poolKey(_ identifier: String) -> String { "reusePool[" + identifier.luaQuoted + "]" }

    /// A cell leaves the screen: into the reuse pool of its identifier (strong), or
    /// released when it has none (SPEC rule 39).
    func recycle(_ cell: ObjectID, of list: ObjectID) throws {
        guard heap.isAlive(cell) else { return }
        if case .string(let id) = try heap.readSlot(cell, reuseIdentifierProperty(cell)) {
            let key = Lists.poolKey(id)
            var pool: [Value] = []
            if case .array(let a) = try heap.associatedValue(list, key: key) { pool = a }
            pool.append(.object(cell))
            try heap.setAssociated(list, key: key, .array(pool))
        }
        if try object(cell, UIView.superview) == list { try sim.views.removeFromSuperview(cell) }
    }

    /// `dequeueReusableCell(id [, indexPath])`: a pooled cell, else a new one of the
    /// registered class, else nil — or, with an index path, UIKit's exception.
    func dequeueCell(_ list: ObjectID, identifier: String, strict: Bool) throws -> ObjectID? {
        let key = Lists.poolKey(identifier)
        if case .array(var pool) = try heap.associatedValue(list, key: key), !pool.isEmpty {
            let cell = pool.removeFirst()
            // Handed to the caller as UIKit hands it: autoreleased, so leaving the pool
            // does not deallocate it.
            if case .object(let c) = cell { try heap.autorelease(c) }
            try heap.setAssociated(list, key: key, pool.isEmpty ? .nil : .array(pool))
            return cell.objectID
        }
        guard let name = states[list.raw]?.registered[identifier], let cls = heap.classNamed(name) else {
            guard strict else { return nil }
            throw sim.raise(.crash(.unregisteredCell(identifier: identifier), object: list))
        }
        let cell = try sim.make(cls, args: heap.isKind(list, of: UITableView.handle)
                            ? Arguments(.string("default"), .string(identifier)) : Arguments(.rect(.zero)))
        try write(cell, reuseIdentifierProperty(cell), .string(identifier))
        return cell
    }

    /// A cell's `reuseIdentifier`: table and collection cells declare one each.
    func reuseIdentifierProperty(_ cell: ObjectID) -> Property {
        heap.isKind(cell, of: UICollectionViewCell.handle) ? heap[UICollectionViewCell.reuseIdentifier] : heap[UITableViewCell.reuseIdentifier]
    }

    /// `register(cellClass, id)`.
    func registerCell(_ list: ObjectID, _ cls: SimClass?, _ identifier: String, base: SimClass) throws {
        guard let cls, cls.isSubclass(of: base) else {
            throw SimError.badArgument(1, "register", expected: "\(base.name) class", got: cls.map { "class \($0.name)" } ?? "nil")
        }
        states[list.raw, default: ListState()].registered[identifier] = cls.name
    }

    /// The layout pass's work for lists (SPEC rule 39): a table reloads once it is in a
    /// window and after `reloadData()`; one scrolled lays out its cells again. In id order.
    func layOut() throws {
        guard !states.isEmpty else { return }
        for raw in states.keys.sorted() {
            let id = ObjectID(raw)
            guard heap.isAlive(id), let state = states[raw] else { states.removeValue(forKey: raw); continue }
            guard state.reloadPending || state.layoutPending, try sim.views.windowOf(id) != nil else { continue }
            if state.reloadPending {
                try reload(id)
            } else if let kind = listKind(id) {
                try layoutCells(id, kind)
            }
        }
    }

    /// `numberOfRows(inSection:)`: the last reload's count, asking first if a reload is
    /// pending; 0 without a data source or past the last section.
    func numberOfItems(_ list: ObjectID, section: Int) throws -> Int {
        guard let kind = listKind(list) else { return 0 }
        if states[list.raw]?.reloadPending ?? true || states[list.raw]?.counts == nil {
            let counts = try askCounts(list, kind)
            states[list.raw, default: ListState()].counts = counts
        }
        let counts = states[list.raw]?.counts ?? []
        return counts.indices.contains(section) ? counts[section] : 0
    }

    /// `sim.tap(list, indexPath)`: the delegate's `tableView_didSelectRowAt` /
    /// `collectionView_didSelectItemAt`. Returns whether a delegate took it.
    func tapItem(_ list: ObjectID, _ path: IndexPath) throws -> Bool {
        guard !sim.isIgnoringInteractionEvents, let kind = listKind(list),
              let d = try callee(list, heap[UIScrollView.delegate], kind.didSelect, objC: kind.objC.didSelect) else { return false }
        _ = try heap.send(d, kind.didSelect, args: Arguments(.object(list), .indexPath(path)))
        return true
    }
}

extension Simulator {
    /// `sim.tap(list, indexPath)`: the delegate's `tableView_didSelectRowAt` /
    /// `collectionView_didSelectItemAt`. Returns whether a delegate took it.
    public func tapItem(_ list: ObjectID, _ path: IndexPath) throws -> Bool { try lists.tapItem(list, path) }
}
