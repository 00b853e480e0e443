/// A chain of strong references from a root to an object.
public struct RetainPath: Equatable, Sendable {
    /// The root the chain starts at.
    public let root: ObjectID
    /// Why the root is a root (`on screen`, `sim.hold`, …).
    public let rootReasons: [String]
    /// The references, root first. Empty when the object is itself the root.
    public let steps: [Reference]
    /// False when the chain starts at an object no root reaches (a leaked cycle).
    public let fromRoot: Bool
}

extension Heap {
    /// SPEC §2 `sim.why`: the retain paths keeping `id` alive, shortest first, one per
    /// owner (each strong reference to `id`, and `id`'s own holds), at most `limit`.
    public func retainPaths(to id: ObjectID, limit: Int = 8) -> [RetainPath] {
        guard isAlive(id) || state(of: id) == .deallocating else { return [] }
        // Breadth-first from the roots, remembering how each object was first reached.
        let rootList = roots
        var via = [Int32](repeating: -1, count: classIndex.count)   // parent raw id; 0 = root
        var queue: [UInt32] = []
        for r in rootList { via[Int(r.raw)] = 0; queue.append(r.raw) }
        var head = 0
        while head < queue.count {
            let n = queue[head]; head += 1
            forEachStrongTarget(of: n) { t in
                if via[Int(t)] < 0 { via[Int(t)] = Int32(n); queue.append(t) }
            }
        }
        func chain(to raw: UInt32) -> (ObjectID, [Reference], Bool) {
            var steps: [Reference] = []
            var v = raw
            var guardCount = 0
            while via[Int(v)] > 0 && guardCount < classIndex.count {
                let p = UInt32(via[Int(v)])
                steps.append(strongReference(from: p, to: v))
                v = p
                guardCount += 1
            }
            return (ObjectID(v), steps.reversed(), via[Int(v)] == 0)
        }
        var paths: [RetainPath] = []
        let reasons = rootReasons(of: id)
        if !reasons.isEmpty {
            paths.append(RetainPath(root: id, rootReasons: reasons, steps: [], fromRoot: true))
        }
        var seenOwners = Set<UInt32>()
        let incoming = references(to: id)
        // An object that references itself is a retain cycle of one: the edge is its own
        // path (it keeps the object alive whether or not a root also does).
        for r in incoming where r.ownership.retains && r.owner == id {
            paths.append(RetainPath(root: id, rootReasons: [], steps: [r], fromRoot: false))
        }
        for r in incoming where r.ownership.retains && r.owner != id {
            guard seenOwners.insert(r.owner.raw).inserted else { continue }
            let (root, steps, fromRoot) = chain(to: r.owner.raw)
            paths.append(RetainPath(root: root, rootReasons: fromRoot ? rootReasons(of: root) : [],
                                    steps: steps + [r], fromRoot: fromRoot))
        }
        paths.sort { a, b in
            if a.fromRoot != b.fromRoot { return a.fromRoot }
            if a.steps.count != b.steps.count { return a.steps.count < b.steps.count }
            return (a.steps.last?.owner ?? a.root) < (b.steps.last?.owner ?? b.root)
        }
        return Array(paths.prefix(limit))
    }
}
