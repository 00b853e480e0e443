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
        var dense = [Int32](repeating: -1, count: classIndex.count)
        var ids: [UInt32] = []
        for i in 1..<classIndex.count where states[i] != .deallocated && !reachable[i] {
            dense[i] = Int32(ids.count)
            ids.append(UInt32(i))
        }
        if ids.isEmpty { return [] }
        var offsets = [0]
        offsets.reserveCapacity(ids.count + 1)
        var targets: [Int] = []
        var selfLoop = [Bool](repeating: false, count: ids.count)
        for (v, raw) in ids.enumerated() {
            forEachStrongTarget(of: raw) { t in
                let w = Int(dense[Int(t)])
                if w >= 0 {
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
        var scratch = CycleSearch(count: ids.count)
        for (c, members) in cyclic.enumerated() { for m in members { scratch.component[m] = c } }
        return cyclic.enumerated().map { c, members in
            let path = scratch.shortestCycle(through: members[0], offsets: offsets, targets: targets)
            let refs = path.map { edge in
                strongReference(from: ids[edge.0], to: ids[edge.1])
            }
            let ordered = path.map { ObjectID(ids[$0.0]) }
            let kept = retained[c].sorted().map { ObjectID(ids[$0]) }
            var text = "retain cycle of \(members.count) object\(members.count == 1 ? "" : "s"): "
            // Long cycles are shown by their first references; `references` has them all.
            let shownRefs = refs.count > 12 ? Array(refs.prefix(10)) : refs
            text += shownRefs.map(describe).joined(separator: " → ")
            text += shownRefs.count < refs.count ? " → … (\(refs.count - shownRefs.count) more)" : ""
            text += " → " + describe(ObjectID(ids[members[0]]))
            if members.count > ordered.count {
                text += " (and \(members.count - ordered.count) more in the same component)"
            }
            if !kept.isEmpty {
                let shown = kept.prefix(5).map(describe).joined(separator: ", ")
                text += "; it also keeps alive \(kept.count) object\(kept.count == 1 ? "" : "s"): \(shown)\(kept.count > 5 ? ", …" : "")"
            }
            let onPath = Set(ordered)
            let rest = members.map { ObjectID(ids[$0]) }.filter { !onPath.contains($0) }
            return Leak(kind: .cycle, objects: ordered + rest, references: refs, retained: kept, message: text)
        }
    }

    /// The first strong reference from `a` to `b`, with its name. Looks at the slots
    /// directly so a million-edge cycle does not build every reference of every owner.
    func strongReference(from a: UInt32, to b: UInt32) -> Reference {
        let cls = classes[Int(classIndex[Int(a)])]
        let base = Int(slotBase[Int(a)])
        for i in 0..<cls.slotCount where cls.slotOwnership[i].retains {
            switch slots[base + i] {
            case .object(let t) where t.raw == b:
                return Reference(owner: ObjectID(a), name: cls.properties[i].name, ownership: cls.slotOwnership[i], target: t)
            case .array(let elements):
                if let k = elements.firstIndex(of: .object(ObjectID(b))) {
                    return Reference(owner: ObjectID(a), name: "\(cls.properties[i].name)[\(k + 1)]",
                                     ownership: cls.slotOwnership[i], target: ObjectID(b))
                }
                if let nested = slots[base + i].objectPaths(cls.properties[i].name).first(where: { $0.object.raw == b }) {
                    return Reference(owner: ObjectID(a), name: nested.path, ownership: cls.slotOwnership[i], target: ObjectID(b))
                }
            case .dictionary:
                if let entry = slots[base + i].objectPaths(cls.properties[i].name).first(where: { $0.object.raw == b }) {
                    return Reference(owner: ObjectID(a), name: entry.path, ownership: cls.slotOwnership[i], target: ObjectID(b))
                }
            default: break
            }
        }
        return references(from: ObjectID(a)).first { $0.target.raw == b && $0.ownership.retains }
            ?? Reference(owner: ObjectID(a), name: "?", ownership: .strong, target: ObjectID(b))
    }
}

/// Scratch space for finding one shortest cycle per component, allocated once per
/// `cycles()` call so that half a million small cycles cost linear time in all.
struct CycleSearch {
    var component: [Int]
    var parent: [Int]
    var touched: [Int] = []

    init(count: Int) {
        component = [Int](repeating: -1, count: count)
        parent = [Int](repeating: -1, count: count)
    }

    /// The shortest cycle from `start` back to itself inside its component, as
    /// (from, to) pairs of dense indices (breadth-first, first successor first).
    mutating func shortestCycle(through start: Int, offsets: [Int], targets: [Int]) -> [(Int, Int)] {
        let comp = component[start]
        var queue = [start]
        var head = 0
        var last = -1
        search: while head < queue.count {
            let v = queue[head]; head += 1
            for e in offsets[v]..<offsets[v + 1] {
                let w = targets[e]
                guard component[w] == comp else { continue }
                if w == start { last = v; break search }
                if parent[w] < 0 { parent[w] = v; touched.append(w); queue.append(w) }
            }
        }
        var path: [(Int, Int)] = []
        if last >= 0 {
            path.append((last, start))
            var v = last
            while v != start { let p = parent[v]; path.append((p, v)); v = p }
            path.reverse()
        }
        for t in touched { parent[t] = -1 }
        touched.removeAll(keepingCapacity: true)
        return path
    }
}
