extension Simulator {
    /// Visits `start` and the objects that `link` leads to from it (a superview, parent or
    /// presentation chain), until `visit` returns false or the chain ends.
    ///
    /// The model keeps these chains acyclic (SPEC 3.2: a view cannot be added to its own
    /// descendant; SPEC 3.5: an active controller cannot be presented), so a walk longer
    /// than the number of objects ever allocated has found a corrupted chain. That is an
    /// invariant failure with a message naming the chain, never an endless loop in Swift,
    /// where the script's instruction budget cannot stop it.
    func walkChain(from start: ObjectID?, along link: Property, _ visit: (ObjectID) throws -> Bool) throws {
        var v = start
        var steps = 0
        let bound = heap.objectCount
        while let c = v {
            guard steps <= bound else {
                throw SimError.misuse(.endlessChain(link: link.name, start: heap.ref(start ?? c), repeated: heap.ref(c)), object: c)
            }
            guard try visit(c) else { return }
            v = try object(c, link)
            steps += 1
        }
    }

    /// `start` and every object `link` leads to from it, in order.
    func chain(from start: ObjectID?, along link: Property) throws -> [ObjectID] {
        var out: [ObjectID] = []
        try walkChain(from: start, along: link) { out.append($0); return true }
        return out
    }
}
