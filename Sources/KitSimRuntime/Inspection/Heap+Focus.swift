extension Heap {
    /// The objects of a focused graph, in id order: `focus`, the objects a chain of
    /// strong references leads from to it, and those strong references from it reach.
    public func focusedObjects(_ focus: ObjectID) -> [ObjectID] {
        var owners: [UInt32: [UInt32]] = [:]             // target → owners, by strong references
        for id in liveObjects {
            forEachStrongTarget(of: id.raw) { t in owners[t, default: []].append(id.raw) }
        }
        var seen = Set([focus.raw])
        var stack = [focus.raw]
        while let n = stack.popLast() {
            for o in owners[n] ?? [] where isAlive(ObjectID(o)) && seen.insert(o).inserted { stack.append(o) }
        }
        stack = [focus.raw]
        while let n = stack.popLast() {
            forEachStrongTarget(of: n) { t in
                if isAlive(ObjectID(t)) && seen.insert(t).inserted { stack.append(t) }
            }
        }
        return seen.sorted().map(ObjectID.init)
    }
}
