extension Heap {
    /// Every leak: retain cycles (`cycles()`) followed by what the registered detectors
    /// report (the UIKit model's `abandoned` controllers).
    public func leaks() -> [Leak] {
        var out = cycles()
        for detector in leakDetectors { out.append(contentsOf: detector(self)) }
        return out
    }

    /// SPEC §2 `cycle` leaks: live objects unreachable from every root. Each elementary
    /// cycle is one report, naming the references that form it, and the reports are
    /// grouped by strongly connected component (`Leak.component`), components in the order
    /// of their lowest id. Unreachable objects outside any cycle are listed under the first
    /// cycle of the component that keeps them alive. Finding the components is linear in
    /// the heap's size; the search for further cycles in each is bounded (`CycleSearch`).
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
        var out: [Leak] = []
        var budget = CycleSearch.maxTotalSteps
        for (c, members) in cyclic.enumerated() {
            // SPEC §2, as FBRetainCycleDetector reports: each elementary cycle on its own,
            // grouped by component. The shortest cycle through the component's lowest id
            // always comes first (found however long it is, a million-object ring
            // included); a bounded search adds the others.
            let primary = scratch.shortestCycle(through: members[0], offsets: offsets, targets: targets).map(\.0)
            var found = scratch.elementaryCycles(in: members, offsets: offsets, targets: targets,
                                                 maxLength: CycleSearch.maxLength, maxCount: CycleSearch.maxCycles + 1,
                                                 budget: &budget)
            found.cycles.removeAll { $0 == primary }
            found.cycles.sort { a, b in a.count != b.count ? a.count < b.count : a.lexicographicallyPrecedes(b) }
            let all = ([primary] + found.cycles).prefix(CycleSearch.maxCycles)
            let truncated = found.truncated != .none || found.cycles.count + 1 > CycleSearch.maxCycles
            var covered = Set<Int>()
            for cycle in all { covered.formUnion(cycle) }
            let kept = retained[c].sorted().map { ObjectID(ids[$0]) }
            let rest = members.filter { !covered.contains($0) }.map { ObjectID(ids[$0]) }
            for (k, cycle) in all.enumerated() {
                let refs = cycle.indices.map { i in strongReference(from: ids[cycle[i]], to: ids[cycle[(i + 1) % cycle.count]]) }
                let ordered = cycle.map { ObjectID(ids[$0]) }
                var text = "retain cycle of \(cycle.count) object\(cycle.count == 1 ? "" : "s"): "
                // Long cycles are shown by their first references; `references` has them all.
                let shownRefs = refs.count > 12 ? Array(refs.prefix(10)) : refs
                text += shownRefs.map(describe).joined(separator: " → ")
                text += shownRefs.count < refs.count ? " → … (\(refs.count - shownRefs.count) more)" : ""
                text += " → " + describe(ordered[0])
                if all.count > 1 || !rest.isEmpty {
                    text += " (cycle \(k + 1) of \(all.count)\(truncated ? "+" : "") in one component of \(members.count) objects)"
                }
                if k == 0 && !rest.isEmpty {
                    let shown = rest.prefix(5).map(describe).joined(separator: ", ")
                    text += "; the component's other members: \(shown)\(rest.count > 5 ? ", …" : "")"
                }
                if k == 0 && !kept.isEmpty {
                    let shown = kept.prefix(5).map(describe).joined(separator: ", ")
                    text += "; it also keeps alive \(kept.count) object\(kept.count == 1 ? "" : "s"): \(shown)\(kept.count > 5 ? ", …" : "")"
                }
                if k == all.count - 1 && truncated {
                    text += found.truncated == .steps
                        ? "; the search for more cycles stopped after its bound of steps: the component may hold more"
                        : "; the search stopped at \(CycleSearch.maxCycles) cycles of up to \(CycleSearch.maxLength) references: the component may hold more"
                }
                out.append(Leak(kind: .cycle, objects: k == 0 ? ordered + rest : ordered, references: refs,
                                retained: k == 0 ? kept : [], message: text, component: c + 1))
            }
        }
        return out
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
    /// The bounds of the search for elementary cycles in one component, as
    /// FBRetainCycleDetector bounds its own: cycles of at most `maxLength` references,
    /// at most `maxCycles` of them, and at most `maxSteps` edges looked at.
    static let maxLength = 10
    static let maxCycles = 16
    static let maxSteps = 100_000
    /// Steps for the searches of all the components of one `cycles()` call: a heap of
    /// many components, each built to exhaust its own bound, still answers quickly; the
    /// components past it get their shortest cycle only.
    static let maxTotalSteps = 1_000_000

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

    /// Why a search for cycles stopped before it had looked at everything.
    enum Truncation { case none, cycles, steps }

    /// The elementary cycles of a component, each once, as dense indices starting at its
    /// lowest member, shortest first: a depth-first search from each member through
    /// higher members only, for cycles of 1 reference, then 2, … up to `maxLength`
    /// (iterative deepening, so that a bound keeps the shortest cycles). It stops at
    /// `maxCount` cycles or when `budget` (steps shared by every component of one
    /// `cycles()` call, at most `maxSteps` for this one) runs out. Parallel references
    /// between the same two objects count once.
    mutating func elementaryCycles(in members: [Int], offsets: [Int], targets: [Int], maxLength: Int, maxCount: Int,
                                   budget: inout Int) -> (cycles: [[Int]], truncated: Truncation) {
        var cycles: [[Int]] = []
        let comp = component[members[0]]
        // A component with as many references inside it as members is one simple cycle.
        var inside = 0
        for v in members { for e in offsets[v]..<offsets[v + 1] where component[targets[e]] == comp { inside += 1 } }
        if inside == members.count { return ([], .none) }
        var steps = 0
        var seen = Set<[Int]>()
        var onPath = Set<Int>()
        for length in 1...maxLength {
            var longer = false          // whether any path was cut at this length
            for s in members {
                var path = [s]
                var next = [offsets[s]]
                onPath = [s]
                while let top = path.last {
                    let e = next[next.count - 1]
                    if e == offsets[top + 1] {
                        path.removeLast(); next.removeLast(); onPath.remove(top)
                        continue
                    }
                    next[next.count - 1] = e + 1
                    steps += 1
                    budget -= 1
                    if steps > Self.maxSteps || budget < 0 { return (cycles, .steps) }
                    let w = targets[e]
                    guard component[w] == comp, w >= s else { continue }
                    if w == s {
                        // A second reference between the same two objects gives the same cycle.
                        if path.count == length, seen.insert(path).inserted {
                            cycles.append(path)
                            if cycles.count >= maxCount { return (cycles, .cycles) }
                        }
                    } else if !onPath.contains(w) {
                        if path.count < length { path.append(w); next.append(offsets[w]); onPath.insert(w) }
                        else { longer = true }
                    }
                }
            }
            if !longer { break }        // no path reaches further: every cycle is found
        }
        return (cycles, .none)
    }

}
