/// Leak reports and whether the search behind them stopped early. SPEC rule 49 lists at
/// most 1000 cycle reports and then says `truncated = true`: the flag belongs to the list,
/// not to any one report, so it is a field of the result (`sim.cycles().truncated`).
public struct LeakReports: RandomAccessCollection, Equatable, Sendable {
    /// The reports, in the order of SPEC rule 49 (cycles by their lowest id, then the ids
    /// that follow), followed by the other kinds for `leakReports()`.
    public let reports: [Leak]
    /// Whether the search stopped before it had found every cycle: past
    /// `CycleSearch.maxReports` reports, or past its bound of steps.
    public let truncated: Bool

    public init(_ reports: [Leak], truncated: Bool) {
        self.reports = reports
        self.truncated = truncated
    }

    public var startIndex: Int { reports.startIndex }
    public var endIndex: Int { reports.endIndex }
    public subscript(position: Int) -> Leak { reports[position] }
}

extension Heap {
    /// Every leak: retain cycles (`cycles()`) followed by what the registered detectors
    /// report (the UIKit model's `abandoned` controllers).
    public func leaks() -> [Leak] { leakReports().reports }

    /// `leaks()` with whether the cycle search was truncated (SPEC rule 49).
    public func leakReports() -> LeakReports {
        let cycles = cycleReports()
        var out = cycles.reports
        for detector in leakDetectors { out.append(contentsOf: detector(self)) }
        return LeakReports(out, truncated: cycles.truncated)
    }

    /// SPEC §2 `cycle` leaks, reported as rule 49 says: see `cycleReports()`.
    public func cycles() -> [Leak] { cycleReports().reports }

    /// SPEC §2 `cycle` leaks, as rule 49 reports them: among the live objects no root
    /// reaches, each elementary cycle (a closed chain of strong references through
    /// distinct objects) of at most `CycleSearch.maxLength` objects is one report. A
    /// report's `objects` and `references` start at its lowest id, and the reports are
    /// ordered by that id, then by the ids that follow. A strongly connected component
    /// with no cycle that short is reported once, by its shortest cycle (a
    /// million-object ring is one report). An unreachable object on none of the reported
    /// cycles is listed in the `retained` of the first report whose objects reach it. At
    /// most `CycleSearch.maxReports` reports; past them, or past the search's bound of
    /// steps, the result is `truncated`.
    public func cycleReports() -> LeakReports {
        let reachable = reachableFromRoots()
        var nodes: [UInt32] = []
        for i in 1..<classIndex.count where states[i] != .deallocated && !reachable[i] { nodes.append(UInt32(i)) }
        return findCycles(among: nodes, rootReachable: reachable, maxLength: CycleSearch.maxLength, reportsLongComponents: true)
    }

    /// SPEC rule 50, FBRetainCycleDetector's `addCandidate:` then `findRetainCycles`:
    /// every elementary cycle of at most `maxLength` objects (1…100, default 10) among
    /// the objects that strong references from `candidate` reach, `candidate` included,
    /// whether or not a root keeps them alive and whether or not `candidate` is on the
    /// cycle. The edges are every strong reference of the heap (properties, collection
    /// elements, block captures, associated objects), never a root's hold. The reports
    /// have rule 49's form and order, and `retained` lists the objects no root reaches
    /// that are on none of them. A component with only longer cycles gets no report.
    ///
    /// - Throws: the zombie error `-[X cycles]: message sent to deallocated instance #N`
    ///   for a dead candidate; `SimError.Kind.invalidUse` for `maxLength` outside 1…100.
    public func cycles(from candidate: ObjectID, maxLength: Int = 10) throws -> LeakReports {
        try checkUsable(candidate, "cycles")
        guard CycleSearch.lengthRange.contains(maxLength) else {
            throw SimError.misuse(.badMaxLength(maxLength))
        }
        var seen = [Bool](repeating: false, count: classIndex.count)
        var stack = [candidate.raw]
        seen[Int(candidate.raw)] = true
        while let v = stack.popLast() {
            forEachStrongTarget(of: v) { t in
                if !seen[Int(t)] { seen[Int(t)] = true; stack.append(t) }
            }
        }
        var nodes: [UInt32] = []
        for i in 1..<classIndex.count where seen[i] { nodes.append(UInt32(i)) }
        return findCycles(among: nodes, rootReachable: reachableFromRoots(), maxLength: maxLength, reportsLongComponents: false)
    }

    /// The cycle search of rules 49 and 50 over `nodes` (raw ids in increasing order, and
    /// every strong reference between them). `rootReachable` tells which objects a root
    /// keeps alive: the others, when on no reported cycle, are listed as `retained`.
    /// `reportsLongComponents` gives a component without a cycle of at most `maxLength`
    /// objects its shortest cycle (rule 49) rather than nothing (rule 50).
    func findCycles(among nodes: [UInt32], rootReachable: [Bool], maxLength: Int, reportsLongComponents: Bool) -> LeakReports {
        let n = nodes.count
        if n == 0 { return LeakReports([], truncated: false) }
        let graph = CycleGraph(heap: self, nodes: nodes)
        let components = graph.cyclicComponents()
        var search = CycleSearch(graph: graph, components: components)
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
            let c = Int(search.component[s])
            guard c >= 0 else { continue }
            if search.isSimple[c] {
                // A component that is one ring has exactly one cycle, found by walking it.
                guard s == components.first(c), components.size(c) <= maxLength else { continue }
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
            for c in 0..<components.count where !hasReport[c] {
                if !stoppedBySteps && searchedUpTo < n && components.first(c) > searchedUpTo { continue }
                all.append(search.isSimple[c] ? search.ring(from: components.first(c)) : search.shortestCycle(in: c))
                long[c] = components.last(c) < searchedUpTo
            }
            // The cycles found by the search are in order already; only appended ones
            // need sorting in.
            if all.count > found.count { all.sort { $0.lexicographicallyPrecedes($1) } }
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
        var stack: [Int] = []
        for (k, cycle) in listed.enumerated() {
            for v in cycle where !visited[v] { visited[v] = true; stack.append(v) }
            while let v = stack.popLast() {
                for e in Int(graph.offsets[v])..<Int(graph.offsets[v + 1]) {
                    let w = Int(graph.targets[e])
                    guard !visited[w] else { continue }
                    visited[w] = true
                    stack.append(w)
                    if !onCycle[w] && !rootReachable[Int(nodes[w])] { kept[k].append(w) }
                }
            }
            if kept[k].count > 1 { kept[k].sort() }
        }

        // How many listed reports each component has, and whether it may have more. Only
        // the components of listed reports are counted, by a dense index of their own.
        var slot = [Int32](repeating: -1, count: components.count)
        var listedComponents: [Int] = []
        for cycle in listed {
            let c = Int(search.component[cycle[0]])
            if slot[c] < 0 { slot[c] = Int32(listedComponents.count); listedComponents.append(c) }
        }
        let m = listedComponents.count
        var perComponent = [Int](repeating: 0, count: m)
        var componentShown = [Int](repeating: 0, count: m)
        var componentCovered = [Int](repeating: 0, count: m)
        var listedTotal = [Int](repeating: 0, count: m)
        for cycle in listed { perComponent[Int(slot[Int(search.component[cycle[0]])])] += 1 }
        var coveredMark = [Bool](repeating: false, count: n)
        for cycle in listed {
            for v in cycle where !coveredMark[v] {
                coveredMark[v] = true
                let j = slot[Int(search.component[v])]
                if j >= 0 { componentCovered[Int(j)] += 1 }
            }
        }
        for cycle in all {
            let j = slot[Int(search.component[cycle[0]])]
            if j >= 0 { listedTotal[Int(j)] += 1 }
        }

        var out: [Leak] = []
        out.reserveCapacity(listed.count)
        for (k, cycle) in listed.enumerated() {
            let c = Int(search.component[cycle[0]])
            let j = Int(slot[c])
            let size = components.size(c)
            componentShown[j] += 1
            let refs = cycle.indices.map { i in strongReference(from: nodes[cycle[i]], to: nodes[cycle[(i + 1) % cycle.count]]) }
            var place = Leak.Cycle.Place.whole
            if long[c] {
                if size > cycle.count { place = .shortest(maxLength: maxLength) }
            } else {
                // The component may have more cycles than are listed when the search did
                // not finish it, or when the report limit cut some of them off.
                let more = listedTotal[j] > perComponent[j] || components.last(c) >= searchedUpTo
                if perComponent[j] > 1 || componentCovered[j] < size || more {
                    place = .among(index: componentShown[j], listed: perComponent[j], more: more)
                }
            }
            var stop: Leak.Cycle.Stop?
            if k == listed.count - 1 && truncated {
                stop = stoppedBySteps ? .stepBound(CycleSearch.maxSteps) : .reportLimit(maxReports)
            }
            out.append(.cycle(Leak.Cycle(members: cycle.map { ObjectID(nodes[$0]) }, edges: refs,
                                         retained: kept[k].map { ObjectID(nodes[$0]) }, component: c + 1, componentSize: size,
                                         place: place, stop: stop)))
        }
        return LeakReports(out, truncated: truncated)
    }

    /// The first strong reference from `a` to `b`, with its name. Looks at the slots
    /// directly so a million-edge cycle does not build every reference of every owner,
    /// with the slots' ownership from the flat `propertyAccess` table: the class object
    /// is read only for the name of the slot that matches.
    func strongReference(from a: UInt32, to b: UInt32) -> Reference {
        let cid = Int(classIndex[Int(a)])
        let access = Int(propertyAccessBase[cid])
        let count = propertyAccessEnd(cid) - access
        let base = Int(slotBase[Int(a)])
        for i in 0..<count {
            let own = propertyAccess[access + i].ownership
            guard own.retains else { continue }
            if case .object(let t) = slots[base + i] {
                guard t.raw == b else { continue }
                return Reference(owner: ObjectID(a), name: classes[cid].properties[i].name, ownership: own, target: t)
            }
            if case .nil = slots[base + i] { continue }
            if let r = collectionReference(from: a, slot: i, ownership: own, to: b) { return r }
        }
        return references(from: ObjectID(a)).first { $0.target.raw == b && $0.ownership.retains }
            ?? Reference(owner: ObjectID(a), name: "?", ownership: .strong, target: ObjectID(b))
    }

    /// `strongReference` for a slot holding a collection: the path of `b` in it, if any.
    @inline(never)
    private func collectionReference(from a: UInt32, slot i: Int, ownership: Ownership, to b: UInt32) -> Reference? {
        let name = classes[Int(classIndex[Int(a)])].properties[i].name
        let value = slots[Int(slotBase[Int(a)]) + i]
        switch value {
        case .array(let elements):
            if let k = elements.firstIndex(of: .object(ObjectID(b))) {
                return Reference(owner: ObjectID(a), name: "\(name)[\(k + 1)]", ownership: ownership, target: ObjectID(b))
            }
            if let nested = value.objectPaths(name).first(where: { $0.object.raw == b }) {
                return Reference(owner: ObjectID(a), name: nested.path, ownership: ownership, target: ObjectID(b))
            }
        case .dictionary:
            if let entry = value.objectPaths(name).first(where: { $0.object.raw == b }) {
                return Reference(owner: ObjectID(a), name: entry.path, ownership: ownership, target: ObjectID(b))
            }
        default: break
        }
        return nil
    }
}

/// The strong references among the objects a cycle search looks at, over dense indices
/// 0..<n in id order, in compressed sparse row form: the successors of `v` are
/// `targets[offsets[v]..<offsets[v+1]]`, in increasing order and each once (two
/// references between the same objects give the same cycle). The predecessors, for the
/// distances back to a start, are built only when a component is not a single ring
/// (`CycleSearch.cycles(startingAt:)`).
struct CycleGraph {
    var offsets: [Int32]
    var targets: [Int32]
    var reverseOffsets: [Int32] = []
    var sources: [Int32] = []

    init(heap: Heap, nodes: [UInt32]) {
        let n = nodes.count
        var dense = [Int32](repeating: -1, count: heap.classIndex.count)
        for (v, raw) in nodes.enumerated() { dense[Int(raw)] = Int32(v) }
        var offsets: [Int32] = [0]
        offsets.reserveCapacity(n + 1)
        var targets: [Int32] = []
        targets.reserveCapacity(n)
        for raw in nodes {
            let first = targets.count
            heap.forEachStrongTarget(of: raw) { t in
                let w = dense[Int(t)]
                if w >= 0 { targets.append(w) }
            }
            // Successors in increasing order, each once.
            if targets.count - first > 1 {
                targets[first...].sort()
                var last: Int32 = -1
                var kept = first
                for e in first..<targets.count where targets[e] != last {
                    last = targets[e]
                    targets[kept] = last
                    kept += 1
                }
                targets.removeLast(targets.count - kept)
            }
            offsets.append(Int32(targets.count))
        }
        self.offsets = offsets
        self.targets = targets
    }

    var nodeCount: Int { offsets.count - 1 }

    /// Builds the predecessors by counting: sources come out in increasing order too.
    mutating func buildReverse() {
        guard reverseOffsets.isEmpty else { return }
        let n = nodeCount
        var counts = [Int32](repeating: 0, count: n + 1)
        for w in targets { counts[Int(w) + 1] += 1 }
        for i in 0..<n { counts[i + 1] += counts[i] }
        var fill = counts
        var sources = [Int32](repeating: 0, count: targets.count)
        for v in 0..<n {
            for e in Int(offsets[v])..<Int(offsets[v + 1]) {
                let w = Int(targets[e])
                sources[Int(fill[w])] = Int32(v)
                fill[w] += 1
            }
        }
        self.reverseOffsets = counts
        self.sources = sources
    }

    /// The strongly connected components that hold a cycle (more than one member, or one
    /// that references itself), each in increasing order, in the order of their lowest
    /// members.
    func cyclicComponents() -> CycleComponents {
        let n = nodeCount
        let (component, count) = stronglyConnectedComponents(nodeCount: n, offsets: offsets, targets: targets)
        var size = [Int32](repeating: 0, count: count)
        for v in 0..<n { size[Int(component[v])] += 1 }
        // Numbered by their lowest members: the first member met in increasing order.
        var number = [Int32](repeating: -1, count: count)
        var start: [Int32] = [0]
        for v in 0..<n {
            let c = Int(component[v])
            guard number[c] < 0 else { continue }
            let cyclic = size[c] > 1 || targets[Int(offsets[v])..<Int(offsets[v + 1])].contains(Int32(v))
            guard cyclic else { number[c] = -2; continue }
            number[c] = Int32(start.count - 1)
            start.append(start[start.count - 1] + size[c])
        }
        var fill = start
        var members = [Int32](repeating: 0, count: Int(start[start.count - 1]))
        var of = [Int32](repeating: -1, count: n)
        for v in 0..<n {
            let k = number[Int(component[v])]
            guard k >= 0 else { continue }
            of[v] = k
            members[Int(fill[Int(k)])] = Int32(v)
            fill[Int(k)] += 1
        }
        return CycleComponents(start: start, members: members, of: of)
    }
}

/// The bounded search for elementary cycles (SPEC rules 49 and 50), with scratch space
/// allocated once per search.
package struct CycleSearch {
    /// FBRetainCycleDetector's `kFBRetainCycleDetectorDefaultStackDepth`: cycles of at
    /// most 10 objects (SPEC rules 49, 50).
    package static let maxLength = 10
    /// The lengths `sim.cycles(obj, { maxLength = n })` accepts (SPEC rule 50).
    package static let lengthRange = 1...100
    /// SPEC rule 49: at most 1000 reports, then `truncated`.
    package static let maxReports = 1000
    /// References looked at by one search, all starts together: a heap built so that
    /// many paths lead nowhere (a clique behind a single way back) still answers quickly,
    /// truncated.
    package static let maxSteps = 2_000_000

    var graph: CycleGraph
    /// The cyclic component of each node (an index into the components), or -1.
    var component: [Int32]
    /// Whether each component is a single ring (every member has one successor in it).
    var isSimple: [Bool]
    /// Steps left for the whole search.
    var budget = CycleSearch.maxSteps
    // Scratch, reset after each use: distances back to the start, the nodes on the path,
    // breadth-first parents. Allocated on first use: a heap whose cyclic components are
    // all rings (the usual leak) never needs them.
    var distance: [Int32] = []
    var onPath: [Bool] = []
    var parent: [Int32] = []
    let components: CycleComponents

    init(graph: CycleGraph, components: CycleComponents) {
        self.graph = graph
        self.components = components
        let component = components.of
        var isSimple = [Bool](repeating: true, count: components.count)
        for c in 0..<components.count {
            for v in components.members(c) {
                var inside = 0
                for e in Int(graph.offsets[Int(v)])..<Int(graph.offsets[Int(v) + 1]) where component[Int(graph.targets[e])] == Int32(c) {
                    inside += 1
                }
                if inside != 1 { isSimple[c] = false; break }
            }
        }
        self.component = component
        self.isSimple = isSimple
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
            for e in Int(graph.offsets[v])..<Int(graph.offsets[v + 1]) where component[Int(graph.targets[e])] == c {
                next = Int(graph.targets[e]); break
            }
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
        graph.buildReverse()
        if distance.isEmpty {
            distance = [Int32](repeating: -1, count: graph.nodeCount)
            onPath = [Bool](repeating: false, count: graph.nodeCount)
        }
        let c = component[s]
        var touched = [s]
        distance[s] = 0
        defer { for t in touched { distance[t] = -1 } }
        var head = 0
        while head < touched.count {
            let u = touched[head]; head += 1
            guard Int(distance[u]) < maxLength - 1 else { continue }
            for e in Int(graph.reverseOffsets[u])..<Int(graph.reverseOffsets[u + 1]) {
                budget -= 1
                if budget < 0 { return .steps }
                let p = Int(graph.sources[e])
                guard p > s, distance[p] < 0, component[p] == c else { continue }
                distance[p] = distance[u] + 1
                touched.append(p)
            }
        }
        var path = [s]
        var next = [Int(graph.offsets[s])]
        onPath[s] = true
        defer { for v in path { onPath[v] = false } }
        var emitted = 0
        while let u = path.last {
            let e = next[next.count - 1]
            if e == Int(graph.offsets[u + 1]) {
                onPath[u] = false
                path.removeLast(); next.removeLast()
                continue
            }
            next[next.count - 1] = e + 1
            budget -= 1
            if budget < 0 { return .steps }
            let w = Int(graph.targets[e])
            if w == s {
                emit(path)
                emitted += 1
                if emitted >= limit { return .limit }
                continue
            }
            guard w > s, distance[w] > 0, !onPath[w], path.count + Int(distance[w]) <= maxLength else { continue }
            path.append(w); next.append(Int(graph.offsets[w])); onPath[w] = true
        }
        return .done
    }

    /// The shortest cycle of component `c`, which is not a single ring, starting at its
    /// lowest node: the shortest through the component's lowest member (always found),
    /// then, while the budget lasts, a shorter one through each higher member over the
    /// nodes above it (an earlier start keeps a tie).
    mutating func shortestCycle(in c: Int) -> [Int] {
        let members = components.members(c)
        var best = shortestCycle(through: components.first(c), within: members.count + 1, budgeted: false)
            ?? members.map { Int($0) }
        for s in members.dropFirst() {
            guard budget > 0, best.count > 1 else { break }
            if let shorter = shortestCycle(through: Int(s), within: best.count, budgeted: true) { best = shorter }
        }
        return best
    }

    /// A shortest cycle through `s` over its component's nodes higher than `s`, of fewer
    /// than `bound` nodes, breadth-first through successors in increasing order.
    mutating func shortestCycle(through s: Int, within bound: Int, budgeted: Bool) -> [Int]? {
        if parent.isEmpty { parent = [Int32](repeating: -1, count: graph.nodeCount) }
        let c = component[s]
        var queue = [s]
        var depth = [0]
        parent[s] = Int32(s)
        defer { for q in queue { parent[q] = -1 } }
        var head = 0
        while head < queue.count {
            let u = queue[head], d = depth[head]; head += 1
            // A cycle closing at u's successor has d + 1 nodes; it must be under the bound.
            guard d + 1 < bound else { break }
            for e in Int(graph.offsets[u])..<Int(graph.offsets[u + 1]) {
                if budgeted { budget -= 1; if budget < 0 { return nil } }
                let w = Int(graph.targets[e])
                if w == s {
                    var cycle: [Int] = []
                    var v = u
                    while v != s { cycle.append(v); v = Int(parent[v]) }
                    cycle.append(s)
                    return cycle.reversed()
                }
                guard w > s, parent[w] < 0, component[w] == c else { continue }
                parent[w] = Int32(u)
                queue.append(w); depth.append(d + 1)
            }
        }
        return nil
    }
}
