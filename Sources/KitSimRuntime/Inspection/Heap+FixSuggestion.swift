/// The change a leak group's fix makes: the declarations whose references, made weak (or
/// released by the call the model names), free every object the group leaks.
public struct FixSuggestion: Equatable, Sendable {
    public struct Change: Equatable, Sendable {
        public let key: SuspectKey
        public let role: ReferenceRole
        /// One reference it changes, as reports name it (the first on the leak's paths).
        public let example: Reference
    }

    /// The changes, cheapest first.
    public let changes: [Change]
    /// What `kitsim run --weaken` takes to try the changes for one run; nil when one of
    /// them cannot be named that way.
    public var weakenings: [String]? {
        let names = changes.compactMap(\.key.weakening)
        return names.count == changes.count ? names : nil
    }
}

extension Heap {
    /// How far `suggestFix` searches: sets of at most this many declarations, among at most
    /// `maxCandidates` of them, in a graph of at most `maxObjects` objects.
    static let maxChanges = 3
    static let maxCandidates = 40
    static let maxObjects = 5_000

    /// The smallest change that frees every object of `objects`: a set of declarations
    /// (`SuspectKey`) whose strong references, all removed, leave none of them alive — not
    /// reachable from a root, and not kept by a cycle. Among the objects that keep them
    /// (their ancestors), each declaration costs its role's weight (the framework's own
    /// are never chosen); the search tries every set of up to `maxChanges` and keeps the
    /// cheapest, then the smallest, then the one nearest the leaked objects. This is a
    /// minimum cut from the roots where a cycle counts as a root of its own, which the
    /// conventions' weights make pick a delegate or a capture over a property that owns.
    /// Nil when no such set exists (only the framework's references keep them) or the
    /// graph is too large to search.
    public func suggestFix(freeing objects: [ObjectID]) -> FixSuggestion? {
        let leaked = objects.filter { isAlive($0) }
        guard !leaked.isEmpty else { return nil }
        // The objects that reach the leaked ones, found backwards over every strong
        // reference of the heap.
        var incoming: [UInt32: [Reference]] = [:]
        var live: [UInt32] = []
        for raw in 1..<UInt32(classIndex.count) where states[Int(raw)] != .deallocated {
            live.append(raw)
            for r in references(from: ObjectID(raw)) where r.ownership.retains && isValid(r.target) {
                incoming[r.target.raw, default: []].append(r)
            }
        }
        var distance: [UInt32: Int] = [:]
        var queue = leaked.map(\.raw)
        for l in queue { distance[l] = 0 }
        var head = 0
        while head < queue.count {
            let n = queue[head]; head += 1
            guard distance.count <= Heap.maxObjects else { return nil }
            for r in incoming[n] ?? [] where distance[r.owner.raw] == nil {
                distance[r.owner.raw] = (distance[n] ?? 0) + 1
                queue.append(r.owner.raw)
            }
        }
        let ancestors = queue
        var index: [UInt32: Int32] = [:]
        for (i, a) in ancestors.enumerated() { index[a] = Int32(i) }
        // The references among them, each with its declaration.
        var edges: [(from: Int32, to: Int32, key: SuspectKey?, reference: Reference)] = []
        var roleOf: [SuspectKey: ReferenceRole] = [:]
        var nearest: [SuspectKey: (Int, Reference)] = [:]
        for a in ancestors {
            for r in incoming[a] ?? [] {
                guard let from = index[r.owner.raw], let to = index[a] else { continue }
                let role = role(of: r)
                var key: SuspectKey?
                if role.weight != nil {
                    let k = suspectKey(r)
                    key = k
                    if roleOf[k] == nil { roleOf[k] = role }
                    let d = distance[a] ?? 0
                    if let known = nearest[k], known.0 <= d {} else { nearest[k] = (d, r) }
                }
                edges.append((from, to, key, r))
            }
        }
        let rootSet = Set(roots.map(\.raw))
        let isRoot = ancestors.map { rootSet.contains($0) }
        let leakedIndex = leaked.compactMap { index[$0.raw] }
        func cost(_ k: SuspectKey) -> Int { roleOf[k]?.weight ?? Int.max }
        let candidates = roleOf.keys.sorted { a, b in
            (cost(a), nearest[a]?.0 ?? 0, a) < (cost(b), nearest[b]?.0 ?? 0, b)
        }.prefix(Heap.maxCandidates)
        let n = ancestors.count
        // Whether removing `cut` frees every leaked object: what stays alive is what a root
        // or a cycle of what is left reaches.
        func frees(_ cut: Set<SuspectKey>) -> Bool {
            var offsets = [Int32](repeating: 0, count: n + 1)
            var kept: [(Int32, Int32)] = []
            for e in edges where e.key.map({ !cut.contains($0) }) ?? true { kept.append((e.from, e.to)) }
            for (f, _) in kept { offsets[Int(f) + 1] += 1 }
            for i in 0..<n { offsets[i + 1] += offsets[i] }
            var fill = offsets
            var targets = [Int32](repeating: 0, count: kept.count)
            for (f, t) in kept { targets[Int(fill[Int(f)])] = t; fill[Int(f)] += 1 }
            let (component, _) = stronglyConnectedComponents(nodeCount: n, offsets: offsets, targets: targets)
            var size = [Int32: Int]()
            for c in component { size[c, default: 0] += 1 }
            var alive = [Bool](repeating: false, count: n)
            var stack: [Int32] = []
            for i in 0..<n where isRoot[i] || (size[component[i]] ?? 0) > 1 { alive[i] = true; stack.append(Int32(i)) }
            for (f, t) in kept where f == t && !alive[Int(f)] { alive[Int(f)] = true; stack.append(f) }
            while let v = stack.popLast() {
                for j in offsets[Int(v)]..<offsets[Int(v) + 1] where !alive[Int(targets[Int(j)])] {
                    alive[Int(targets[Int(j)])] = true
                    stack.append(targets[Int(j)])
                }
            }
            return !leakedIndex.contains { alive[Int($0)] }
        }
        var best: (cost: Int, size: Int, distance: Int, keys: [SuspectKey])?
        func consider(_ keys: [SuspectKey]) {
            let c = keys.reduce(0) { $0 + cost($1) }, d = keys.reduce(0) { $0 + (nearest[$1]?.0 ?? 0) }
            if let b = best, (b.cost, b.size, b.distance) <= (c, keys.count, d) { return }
            if frees(Set(keys)) { best = (c, keys.count, d, keys) }
        }
        let list = Array(candidates)
        for i in list.indices {
            consider([list[i]])
            guard Heap.maxChanges >= 2 else { continue }
            for j in list.indices where j > i {
                consider([list[i], list[j]])
                guard Heap.maxChanges >= 3 else { continue }
                for k in list.indices where k > j { consider([list[i], list[j], list[k]]) }
            }
        }
        guard let found = best else { return nil }
        let changes = found.keys.sorted { (cost($0), nearest[$0]?.0 ?? 0, $0) < (cost($1), nearest[$1]?.0 ?? 0, $1) }
        return FixSuggestion(changes: changes.compactMap { k in
            guard let role = roleOf[k], let example = nearest[k]?.1 else { return nil }
            return FixSuggestion.Change(key: k, role: role, example: example)
        })
    }
}
