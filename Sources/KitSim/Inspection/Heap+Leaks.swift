extension Heap {
    /// Every leak: retain cycles (`cycles()`) followed by what the registered detectors
    /// report (the UIKit model's `abandoned` controllers).
    public func leaks() -> [Leak] {
        var out = cycles()
        for detector in leakDetectors { out.append(contentsOf: detector(self)) }
        return out
    }

    /// SPEC §2 `cycle` leaks: live objects unreachable from every root. Each strongly
    /// connected component with a cycle is one report, naming the references that form
    /// it; unreachable objects outside any cycle are listed under the first cycle that
    /// keeps them alive. Linear in the heap's size.
    public func cycles() -> [Leak] {
        let reachable = reachableFromRoots()
        // Number the unreachable live objects densely, in id order.
        var dense: [Int: Int] = [:]
        var ids: [UInt32] = []
        for i in 1..<classIndex.count where states[i] != .deallocated && !reachable[i] {
            dense[i] = ids.count
            ids.append(UInt32(i))
        }
        if ids.isEmpty { return [] }
        var offsets = [0]
        offsets.reserveCapacity(ids.count + 1)
        var targets: [Int] = []
        var selfLoop = [Bool](repeating: false, count: ids.count)
        for (v, raw) in ids.enumerated() {
            forEachStrongTarget(of: raw) { t in
                if let w = dense[Int(t)] {
                    targets.append(w)
                    if w == v { selfLoop[v] = true }
                }
            }
            offsets.append(targets.count)
        }
        let components = stronglyConnectedComponents(nodeCount: ids.count, offsets: offsets, targets: targets)
        var cyclic = components.filter { $0.count > 1 || selfLoop[$0[0]] }
        // Report in a stable order: by the lowest id of each cycle.
        cyclic = cyclic.map { $0.sorted() }.sorted { $0[0] < $1[0] }

        // Attribute every other unreachable object to the first cycle that reaches it.
        var owner = [Int](repeating: -1, count: ids.count)
        for (c, members) in cyclic.enumerated() { for m in members { owner[m] = c } }
        var retained = [[Int]](repeating: [], count: cyclic.count)
        for (c, members) in cyclic.enumerated() {
            var stack = members
            while let v = stack.popLast() {
                for e in offsets[v]..<offsets[v + 1] {
                    let w = targets[e]
                    if owner[w] < 0 { owner[w] = c; retained[c].append(w); stack.append(w) }
                }
            }
        }
        return cyclic.enumerated().map { c, members in
            let path = shortestCycle(through: members[0], members: Set(members), ids: ids, offsets: offsets, targets: targets)
            let refs = path.map { edge in
                strongReference(from: ids[edge.0], to: ids[edge.1])
            }
            let ordered = path.map { ObjectID(ids[$0.0]) }
            let kept = retained[c].sorted().map { ObjectID(ids[$0]) }
            var text = "retain cycle of \(members.count) object\(members.count == 1 ? "" : "s"): "
            text += refs.map(describe).joined(separator: " → ") + " → " + describe(ObjectID(ids[members[0]]))
            if members.count > ordered.count {
                text += " (and \(members.count - ordered.count) more in the same cycle)"
            }
            if !kept.isEmpty {
                let shown = kept.prefix(5).map(describe).joined(separator: ", ")
                text += "; it also keeps alive \(kept.count) object\(kept.count == 1 ? "" : "s"): \(shown)\(kept.count > 5 ? ", …" : "")"
            }
            let all = members.map { ObjectID(ids[$0]) }
            // A set, not `ordered.contains`: that was quadratic in the cycle's size (a ring
            // of 1,000,000 did not finish in 10 minutes), and `cycles()` must stay linear.
            let inPath = Set(ordered)
            let rest = all.filter { !inPath.contains($0) }
            return Leak(kind: .cycle, objects: ordered + rest, references: refs, retained: kept, message: text)
        }
    }

    /// The shortest cycle from `start` back to itself inside one component, as
    /// (from, to) pairs of dense indices (breadth-first, first successor first).
    private func shortestCycle(through start: Int, members: Set<Int>, ids: [UInt32], offsets: [Int], targets: [Int]) -> [(Int, Int)] {
        var parent: [Int: Int] = [:]
        var queue = [start]
        var head = 0
        var last = -1
        search: while head < queue.count {
            let v = queue[head]; head += 1
            for e in offsets[v]..<offsets[v + 1] {
                let w = targets[e]
                guard members.contains(w) else { continue }
                if w == start { last = v; break search }
                if parent[w] == nil { parent[w] = v; queue.append(w) }
            }
        }
        guard last >= 0 else { return [] }
        var path: [(Int, Int)] = [(last, start)]
        var v = last
        while v != start, let p = parent[v] { path.append((p, v)); v = p }
        return path.reversed()
    }

    /// The first strong reference from `a` to `b`, with its name.
    func strongReference(from a: UInt32, to b: UInt32) -> Reference {
        references(from: ObjectID(a)).first { $0.target.raw == b && $0.ownership.retains }
            ?? Reference(owner: ObjectID(a), name: "?", ownership: .strong, target: ObjectID(b))
    }
}
