@testable import KitSimRuntime

// The cycle search of SPEC rules 49 and 50 written plainly (an array per component, a
// sort per component, every scratch table allocated up front), kept as an oracle: the
// heap's own search must give the same reports, byte for byte, on any heap.

/// The oracle's reports, and their text written out here too, so that the typed reports
/// and KitSimReport's `LeakText` are both checked against it.
struct OracleReports {
    let reports: LeakReports
    let messages: [String]
}

extension Heap {
    /// `cycleReports()` by the oracle.
    func oracleCycleReports() -> OracleReports {
        let reachable = reachableFromRoots()
        var nodes: [UInt32] = []
        for i in 1..<classIndex.count where states[i] != .deallocated && !reachable[i] { nodes.append(UInt32(i)) }
        return oracleFindCycles(among: nodes, rootReachable: reachable, maxLength: CycleSearch.maxLength, reportsLongComponents: true)
    }

    /// `cycles(from:maxLength:)` by the oracle, for a live candidate.
    func oracleCycles(from candidate: ObjectID, maxLength: Int) -> OracleReports {
        var seen = [Bool](repeating: false, count: classIndex.count)
        var stack = [candidate.raw]
        seen[Int(candidate.raw)] = true
        while let v = stack.popLast() {
            oracleForEachStrongTarget(of: v) { t in
                if !seen[Int(t)] { seen[Int(t)] = true; stack.append(t) }
            }
        }
        var nodes: [UInt32] = []
        for i in 1..<classIndex.count where seen[i] { nodes.append(UInt32(i)) }
        return oracleFindCycles(among: nodes, rootReachable: reachableFromRoots(), maxLength: maxLength, reportsLongComponents: false)
    }

    func oracleForEachStrongTarget(of raw: UInt32, _ body: (UInt32) -> Void) {
        let cls = classes[Int(classIndex[Int(raw)])]
        let base = Int(slotBase[Int(raw)])
        for i in 0..<cls.slotCount where cls.slotOwnership[i].retains {
            switch slots[base + i] {
            case .object(let t): body(t.raw)
            case .array(let elements):
                for e in elements {
                    if case .object(let t) = e { body(t.raw) } else if e.isCollection { e.forEachObject(body) }
                }
            case .dictionary: slots[base + i].forEachObject(body)
            default: break
            }
        }
        if let entries = associated[raw] {
            for e in entries where e.ownership.retains {
                slots[Int(e.slot)].forEachObject(body)
            }
        }
    }

    func oracleDescribe(_ r: Reference) -> String { "\(oracleDescribe(r.owner)).\(r.name) (\(r.ownership))" }
    func oracleDescribe(_ id: ObjectID) -> String { "\(classOf(id).name)\(id)" }

    /// The cycle search of rules 49 and 50 over `nodes` (raw ids in increasing order, and
    /// every strong reference between them). `rootReachable` tells which objects a root
    /// keeps alive: the others, when on no reported cycle, are listed as `retained`.
    /// `reportsLongComponents` gives a component without a cycle of at most `maxLength`
    /// objects its shortest cycle (rule 49) rather than nothing (rule 50).
    func oracleFindCycles(among nodes: [UInt32], rootReachable: [Bool], maxLength: Int, reportsLongComponents: Bool) -> OracleReports {
        let n = nodes.count
        if n == 0 { return OracleReports(reports: LeakReports([], truncated: false), messages: []) }
        let graph = OracleGraph(heap: self, nodes: nodes)
        let components = graph.cyclicComponents()
        var search = OracleSearch(graph: graph, components: components)
        let maxReports = CycleSearch.maxReports

        // SPEC rule 49's order: the cycles whose lowest member is the lowest node come
        // first, so searching the starts in increasing order, each depth first through
        // its successors in increasing order, finds the cycles in the order they are
        // reported, and the search can stop one past the last report it may list.
        var found: [[Int]] = []
        var hasReport = [Bool](repeating: false, count: components.count)
        var searchedUpTo = n            // the first start not searched to the end
        var stoppedBySteps = false
        for s in 0..<n {
            let c = search.component[s]
            guard c >= 0 else { continue }
            let members = components[c]
            if search.isSimple[c] {
                // A component that is one ring has exactly one cycle, found by walking it.
                guard s == members[0], members.count <= maxLength else { continue }
                found.append(search.ring(from: s))
                hasReport[c] = true
            } else {
                let before = found.count
                let end = search.cycles(startingAt: s, maxLength: maxLength, limit: maxReports + 1 - found.count) { found.append($0) }
                if found.count > before { hasReport[c] = true }
                if end == .steps { stoppedBySteps = true; searchedUpTo = s; break }
            }
            if found.count > maxReports { searchedUpTo = s; break }
        }

        // SPEC rule 49: a component without a short cycle is reported once, by its
        // shortest. After a stop at the report limit only components starting no later
        // than the last start searched can still come before the cut; after a stop on the
        // bound of steps every component without a report gets one, so that no leak goes
        // unreported because another component was expensive to search. `long` marks the
        // components searched to the end that have no short cycle: their report says so.
        var long = [Bool](repeating: false, count: components.count)
        var all = found
        if reportsLongComponents {
            for (c, members) in components.enumerated() where !hasReport[c] {
                if !stoppedBySteps && searchedUpTo < n && members[0] > searchedUpTo { continue }
                all.append(search.isSimple[c] ? search.ring(from: members[0]) : search.shortestCycle(in: members))
                long[c] = members[members.count - 1] < searchedUpTo
            }
            all.sort { $0.lexicographicallyPrecedes($1) }
        }
        let truncated = stoppedBySteps || all.count > maxReports
        let listed = Array(all.prefix(maxReports))

        // SPEC rule 49: each object only cycles keep alive goes to the first report whose
        // objects reach it. An object reached once has had everything it reaches visited,
        // so one visited mark for all the reports keeps this linear.
        var onCycle = [Bool](repeating: false, count: n)
        for cycle in listed { for v in cycle { onCycle[v] = true } }
        var visited = [Bool](repeating: false, count: n)
        var kept = [[Int]](repeating: [], count: listed.count)
        for (k, cycle) in listed.enumerated() {
            var stack: [Int] = []
            for v in cycle where !visited[v] { visited[v] = true; stack.append(v) }
            while let v = stack.popLast() {
                for e in graph.offsets[v]..<graph.offsets[v + 1] {
                    let w = graph.targets[e]
                    guard !visited[w] else { continue }
                    visited[w] = true
                    stack.append(w)
                    if !onCycle[w] && !rootReachable[Int(nodes[w])] { kept[k].append(w) }
                }
            }
            kept[k].sort()
        }

        // How many listed reports each component has, and whether it may have more.
        var perComponent = [Int](repeating: 0, count: components.count)
        for cycle in listed { perComponent[search.component[cycle[0]]] += 1 }
        var componentShown = [Int](repeating: 0, count: components.count)
        var componentCovered = [Int](repeating: 0, count: components.count)
        var coveredMark = [Bool](repeating: false, count: n)
        for cycle in listed {
            for v in cycle where !coveredMark[v] { coveredMark[v] = true; componentCovered[search.component[v]] += 1 }
        }
        var listedTotal = [Int](repeating: 0, count: components.count)
        for cycle in all { listedTotal[search.component[cycle[0]]] += 1 }

        var out: [Leak] = []
        var messages: [String] = []
        out.reserveCapacity(listed.count)
        for (k, cycle) in listed.enumerated() {
            let c = search.component[cycle[0]]
            let members = components[c]
            componentShown[c] += 1
            let refs = cycle.indices.map { i in oracleStrongReference(from: nodes[cycle[i]], to: nodes[cycle[(i + 1) % cycle.count]]) }
            var text = "retain cycle of \(cycle.count) object\(cycle.count == 1 ? "" : "s"): "
            // Long cycles are shown by their first references; `references` has them all.
            let shownRefs = refs.count > 12 ? Array(refs.prefix(10)) : refs
            text += shownRefs.map(oracleDescribe).joined(separator: " → ")
            text += shownRefs.count < refs.count ? " → … (\(refs.count - shownRefs.count) more)" : ""
            text += " → " + oracleDescribe(ObjectID(nodes[cycle[0]]))
            var place = Leak.Cycle.Place.whole
            if long[c] {
                if members.count > cycle.count {
                    place = .shortest(maxLength: maxLength)
                    text += " (the shortest cycle of a component of \(members.count) objects that has none of at most \(maxLength))"
                }
            } else {
                // The component may have more cycles than are listed when the search did
                // not finish it, or when the report limit cut some of them off.
                let more = listedTotal[c] > perComponent[c] || members.last.map { $0 >= searchedUpTo } == true
                if perComponent[c] > 1 || componentCovered[c] < members.count || more {
                    place = .among(index: componentShown[c], listed: perComponent[c], more: more)
                    text += " (cycle \(componentShown[c]) of \(perComponent[c])\(more ? "+" : "") in one component of \(members.count) objects)"
                }
            }
            if !kept[k].isEmpty {
                let shown = kept[k].prefix(5).map { oracleDescribe(ObjectID(nodes[$0])) }.joined(separator: ", ")
                text += "; it also keeps alive \(kept[k].count) object\(kept[k].count == 1 ? "" : "s"): \(shown)\(kept[k].count > 5 ? ", …" : "")"
            }
            var stop: Leak.Cycle.Stop?
            if k == listed.count - 1 && truncated {
                stop = stoppedBySteps ? .stepBound(CycleSearch.maxSteps) : .reportLimit(maxReports)
                text += stoppedBySteps
                    ? "; the search stopped after its bound of \(CycleSearch.maxSteps) steps: there may be more cycles"
                    : "; the search stopped at \(maxReports) reports: there are more cycles"
            }
            out.append(.cycle(Leak.Cycle(members: cycle.map { ObjectID(nodes[$0]) }, edges: refs,
                                         retained: kept[k].map { ObjectID(nodes[$0]) }, component: c + 1,
                                         componentSize: members.count, place: place, stop: stop)))
            messages.append(text)
        }
        return OracleReports(reports: LeakReports(out, truncated: truncated), messages: messages)
    }

    /// The first strong reference from `a` to `b`, with its name. Looks at the slots
    /// directly so a million-edge cycle does not build every reference of every owner.
    func oracleStrongReference(from a: UInt32, to b: UInt32) -> Reference {
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

/// The strong references among the objects a cycle search looks at, over dense indices
/// 0..<n in id order, in compressed sparse row form: the successors of `v` are
/// `targets[offsets[v]..<offsets[v+1]]`, in increasing order and each once (two
/// references between the same objects give the same cycle). The predecessors are kept
/// the same way, for the distances back to a start.
struct OracleGraph {
    var offsets: [Int]
    var targets: [Int]
    var reverseOffsets: [Int]
    var sources: [Int]

    init(heap: Heap, nodes: [UInt32]) {
        let n = nodes.count
        var dense = [Int32](repeating: -1, count: heap.classIndex.count)
        for (v, raw) in nodes.enumerated() { dense[Int(raw)] = Int32(v) }
        offsets = [0]
        offsets.reserveCapacity(n + 1)
        targets = []
        var scratch: [Int] = []
        for raw in nodes {
            scratch.removeAll(keepingCapacity: true)
            heap.oracleForEachStrongTarget(of: raw) { t in
                let w = Int(dense[Int(t)])
                if w >= 0 { scratch.append(w) }
            }
            if scratch.count > 1 { scratch.sort() }
            var last = -1
            for w in scratch where w != last { targets.append(w); last = w }
            offsets.append(targets.count)
        }
        // The reverse graph by counting: sources come out in increasing order too.
        var counts = [Int](repeating: 0, count: n + 1)
        for w in targets { counts[w + 1] += 1 }
        for i in 0..<n { counts[i + 1] += counts[i] }
        reverseOffsets = counts
        var fill = counts
        sources = [Int](repeating: 0, count: targets.count)
        for v in 0..<n {
            for e in offsets[v]..<offsets[v + 1] {
                let w = targets[e]
                sources[fill[w]] = v
                fill[w] += 1
            }
        }
    }

    var nodeCount: Int { offsets.count - 1 }

    /// The strongly connected components that hold a cycle (more than one member, or one
    /// that references itself), each sorted, in the order of their lowest members.
    func cyclicComponents() -> [[Int]] {
        let all = oracleComponents(nodeCount: nodeCount, offsets: offsets, targets: targets)
        var cyclic: [[Int]] = []
        for c in all {
            if c.count > 1 { cyclic.append(c.sorted()); continue }
            let v = c[0]
            if targets[offsets[v]..<offsets[v + 1]].contains(v) { cyclic.append(c) }
        }
        cyclic.sort { $0[0] < $1[0] }
        return cyclic
    }
}

/// The bounded search for elementary cycles (SPEC rules 49 and 50), with scratch space
/// allocated once per search.
struct OracleSearch {
    let graph: OracleGraph
    /// The cyclic component of each node (an index into `components`), or -1.
    var component: [Int]
    /// Whether each component is a single ring (every member has one successor in it).
    var isSimple: [Bool]
    /// Steps left for the whole search.
    var budget = CycleSearch.maxSteps
    // Scratch, reset after each use: distances back to the start, the nodes on the path,
    // breadth-first parents.
    var distance: [Int]
    var onPath: [Bool]
    var parent: [Int]

    init(graph: OracleGraph, components: [[Int]]) {
        self.graph = graph
        let n = graph.nodeCount
        component = [Int](repeating: -1, count: n)
        for (c, members) in components.enumerated() { for m in members { component[m] = c } }
        isSimple = components.indices.map { _ in true }
        for (c, members) in components.enumerated() {
            for v in members {
                var inside = 0
                for e in graph.offsets[v]..<graph.offsets[v + 1] where component[graph.targets[e]] == c { inside += 1 }
                if inside != 1 { isSimple[c] = false; break }
            }
        }
        distance = [Int](repeating: -1, count: n)
        onPath = [Bool](repeating: false, count: n)
        parent = [Int](repeating: -1, count: n)
    }

    /// Why a search from one start ended.
    enum End { case done, limit, steps }

    /// The ring of a simple component, from `start` round to just before it.
    func ring(from start: Int) -> [Int] {
        let c = component[start]
        var out = [start]
        var v = start
        while true {
            var next = -1
            for e in graph.offsets[v]..<graph.offsets[v + 1] where component[graph.targets[e]] == c { next = graph.targets[e]; break }
            if next == start || next < 0 { break }
            out.append(next)
            v = next
        }
        return out
    }

    /// Calls `emit` with each elementary cycle of at most `maxLength` nodes whose lowest
    /// node is `s`, in increasing order of the nodes that follow `s` (a depth-first
    /// search through successors in increasing order gives that order), at most `limit`
    /// of them. Only nodes from which `s` can be reached in the steps left are entered:
    /// their distances back to `s` come first, from a breadth-first search over the
    /// predecessors higher than `s` in its component.
    mutating func cycles(startingAt s: Int, maxLength: Int, limit: Int, _ emit: ([Int]) -> Void) -> End {
        let c = component[s]
        var touched = [s]
        distance[s] = 0
        defer { for t in touched { distance[t] = -1 } }
        var head = 0
        while head < touched.count {
            let u = touched[head]; head += 1
            guard distance[u] < maxLength - 1 else { continue }
            for e in graph.reverseOffsets[u]..<graph.reverseOffsets[u + 1] {
                budget -= 1
                if budget < 0 { return .steps }
                let p = graph.sources[e]
                guard p > s, distance[p] < 0, component[p] == c else { continue }
                distance[p] = distance[u] + 1
                touched.append(p)
            }
        }
        var path = [s]
        var next = [graph.offsets[s]]
        onPath[s] = true
        defer { for v in path { onPath[v] = false } }
        var emitted = 0
        while let u = path.last {
            let e = next[next.count - 1]
            if e == graph.offsets[u + 1] {
                onPath[u] = false
                path.removeLast(); next.removeLast()
                continue
            }
            next[next.count - 1] = e + 1
            budget -= 1
            if budget < 0 { return .steps }
            let w = graph.targets[e]
            if w == s {
                emit(path)
                emitted += 1
                if emitted >= limit { return .limit }
                continue
            }
            guard w > s, distance[w] > 0, !onPath[w], path.count + distance[w] <= maxLength else { continue }
            path.append(w); next.append(graph.offsets[w]); onPath[w] = true
        }
        return .done
    }

    /// The shortest cycle of a component that is not a single ring, starting at its
    /// lowest node: the shortest through the component's lowest member (always found),
    /// then, while the budget lasts, a shorter one through each higher member over the
    /// nodes above it (an earlier start keeps a tie).
    mutating func shortestCycle(in members: [Int]) -> [Int] {
        var best = shortestCycle(through: members[0], within: members.count + 1, budgeted: false) ?? members
        for s in members.dropFirst() {
            guard budget > 0, best.count > 1 else { break }
            if let shorter = shortestCycle(through: s, within: best.count, budgeted: true) { best = shorter }
        }
        return best
    }

    /// A shortest cycle through `s` over its component's nodes higher than `s`, of fewer
    /// than `bound` nodes, breadth-first through successors in increasing order.
    mutating func shortestCycle(through s: Int, within bound: Int, budgeted: Bool) -> [Int]? {
        let c = component[s]
        var queue = [s]
        var depth = [0]
        parent[s] = s
        defer { for q in queue { parent[q] = -1 } }
        var head = 0
        while head < queue.count {
            let u = queue[head], d = depth[head]; head += 1
            // A cycle closing at u's successor has d + 1 nodes; it must be under the bound.
            guard d + 1 < bound else { break }
            for e in graph.offsets[u]..<graph.offsets[u + 1] {
                if budgeted { budget -= 1; if budget < 0 { return nil } }
                let w = graph.targets[e]
                if w == s {
                    var cycle: [Int] = []
                    var v = u
                    while v != s { cycle.append(v); v = parent[v] }
                    cycle.append(s)
                    return cycle.reversed()
                }
                guard w > s, parent[w] < 0, component[w] == c else { continue }
                parent[w] = u
                queue.append(w); depth.append(d + 1)
            }
        }
        return nil
    }
}

/// Tarjan's strongly connected components, iterative so a component of a million
/// nodes needs no deep stack. The graph is in compressed sparse row form over nodes
/// 0..<n: the successors of `v` are `targets[offsets[v]..<offsets[v+1]]`.
/// Components come out in reverse topological order (sinks first), each in the order
/// Tarjan pops it.
func oracleComponents(nodeCount n: Int, offsets: [Int], targets: [Int]) -> [[Int]] {
    var index = [Int](repeating: -1, count: n)
    var low = [Int](repeating: 0, count: n)
    var onStack = [Bool](repeating: false, count: n)
    var stack: [Int] = []
    var components: [[Int]] = []
    var next = 0
    // Call frames: (node, position of the next successor to visit).
    var frames: [(node: Int, edge: Int)] = []
    for start in 0..<n where index[start] < 0 {
        frames.append((start, offsets[start]))
        index[start] = next; low[start] = next; next += 1
        stack.append(start); onStack[start] = true
        while !frames.isEmpty {
            let (v, e) = frames[frames.count - 1]
            if e < offsets[v + 1] {
                frames[frames.count - 1].edge = e + 1
                let w = targets[e]
                if index[w] < 0 {
                    index[w] = next; low[w] = next; next += 1
                    stack.append(w); onStack[w] = true
                    frames.append((w, offsets[w]))
                } else if onStack[w] {
                    low[v] = min(low[v], index[w])
                }
                continue
            }
            frames.removeLast()
            if let parent = frames.last?.node { low[parent] = min(low[parent], low[v]) }
            if low[v] == index[v] {
                var component: [Int] = []
                while true {
                    let w = stack.removeLast()
                    onStack[w] = false
                    component.append(w)
                    if w == v { break }
                }
                components.append(component)
            }
        }
    }
    return components
}
