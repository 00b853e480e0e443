import Testing
@testable import KitSimRuntime
import KitSimReport

/// The cycle search (SPEC rules 49 and 50) against its oracle (`CycleSearchOracle.swift`)
/// on seeded random heaps, and the dealloc cascade's trace.
@Suite struct CycleSearchTests {
    /// A heap of `count` objects of two classes: `N` with a strong array `out`, a strong
    /// `next`, a weak `back` and a copy `other`, and `M` (a subclass) adding a strong
    /// `extra`; edges drawn at random, a few objects held, some associated references,
    /// and `pairs` extra two-object cycles.
    static func randomHeap(seed: UInt64, count: Int, edges: Int, pairs: Int, holds: Int) throws -> (Heap, [ObjectID]) {
        var rng = SplitMix64(seed: seed)
        let heap = Heap()
        let n = try heap.defineClass("N", superclass: heap.rootClass, properties: [
            Property("out", .strong, type: .objectArray(nil)),
            Property("next", .strong),
            Property("back", .weak),
            Property("other", .copy),
        ])
        let m = try heap.defineClass("M", superclass: n, properties: [Property("extra", .strong)])
        let ids = (0..<count).map { _ in heap.alloc(Bool.random(using: &rng) ? n : m) }
        var out = [[ObjectID]](repeating: [], count: count)
        for _ in 0..<edges {
            let a = Int.random(in: 0..<count, using: &rng), b = Int.random(in: 0..<count, using: &rng)
            switch Int.random(in: 0..<6, using: &rng) {
            case 0, 1: out[a].append(ids[b])
            case 2: try heap.set(ids[a], "next", .object(ids[b]))
            case 3: try heap.set(ids[a], "back", .object(ids[b]))
            case 4: try heap.set(ids[a], "other", .object(ids[b]))
            default:
                if heap.classOf(ids[a]) === m { try heap.set(ids[a], "extra", .object(ids[b])) }
                else { try heap.setAssociated(ids[a], key: "k\(b % 3)", .object(ids[b])) }
            }
        }
        for a in 0..<count where !out[a].isEmpty { try heap.set(ids[a], "out", .array(out[a].map(Value.object))) }
        for _ in 0..<pairs {
            let a = heap.alloc(n), b = heap.alloc(m)
            try heap.set(a, "next", .object(b))
            try heap.set(b, "extra", .object(a))
        }
        for _ in 0..<holds { try heap.hold(ids[Int.random(in: 0..<count, using: &rng)]) }
        try heap.drain()
        return (heap, ids)
    }

    @Test(arguments: 0..<40)
    func leaksEqualTheOracleOnRandomHeaps(_ seed: Int) throws {
        // Sparse heaps (rings, pairs, long components), denser ones (many elementary
        // cycles, components without short cycles) and a few held roots.
        let count = 8 + seed * 3
        let edges = seed % 4 == 0 ? count * 3 : count + seed % 7
        let (heap, ids) = try Self.randomHeap(seed: UInt64(seed), count: count, edges: edges, pairs: seed % 5 * 7, holds: seed % 3)
        let reports = heap.cycleReports()
        let oracle = heap.oracleCycleReports()
        #expect(reports == oracle.reports)
        #expect(reports.map { $0.message(in: heap) } == oracle.messages)
        #expect(heap.leaks().filter { $0.kind == .cycle } == oracle.reports.reports)
        for (k, id) in ids.enumerated() where k % 7 == 0 && heap.isAlive(id) {
            for maxLength in [1, 3, 10] {
                let found = try heap.cycles(from: id, maxLength: maxLength)
                let expected = heap.oracleCycles(from: id, maxLength: maxLength)
                #expect(found == expected.reports)
                #expect(found.map { $0.message(in: heap) } == expected.messages)
            }
        }
    }

    /// The random heaps above give every form of report, so that comparing them with
    /// the oracle compares each part of the text.
    @Test func theRandomHeapsGiveEveryFormOfReport() throws {
        var messages: [String] = []
        var longest = 0
        for seed in 0..<40 {
            let count = 8 + seed * 3
            let edges = seed % 4 == 0 ? count * 3 : count + seed % 7
            let (heap, _) = try Self.randomHeap(seed: UInt64(seed), count: count, edges: edges, pairs: seed % 5 * 7, holds: seed % 3)
            let reports = heap.cycleReports()
            messages += reports.map { $0.message(in: heap) }
            longest = max(longest, reports.map(\.objects.count).max() ?? 0)
        }
        #expect(messages.count > 100)
        #expect(longest >= 4)
        #expect(messages.contains { $0.contains(" in one component of ") })
        #expect(messages.contains { $0.contains("; it also keeps alive ") })
        #expect(messages.contains { $0.contains("(copy)") })
        #expect(messages.contains { $0.contains(".out[") })
    }

    /// Many two-object cycles: the report limit, the cut and the text are the oracle's.
    @Test func manyPairsEqualTheOracle() throws {
        let (heap, _) = try Self.randomHeap(seed: 99, count: 30, edges: 40, pairs: 1_500, holds: 1)
        let reports = heap.cycleReports()
        #expect(reports.truncated && reports.count == CycleSearch.maxReports)
        let oracle = heap.oracleCycleReports()
        #expect(reports == oracle.reports)
        #expect(reports.map { $0.message(in: heap) } == oracle.messages)
    }

    /// A dense heap that stops the search on its bound of steps gives the oracle's
    /// reports too, and each component without a report still gets one.
    @Test func aSearchStoppedByItsStepsEqualsTheOracle() throws {
        let heap = Heap()
        let cls = try heap.defineClass("N", superclass: heap.rootClass, properties: [Property("out", .strong, type: .objectArray(nil))])
        let out = cls.property(named: "out")!
        let s = heap.alloc(cls), a = heap.alloc(cls)
        let clique = (0..<12).map { _ in heap.alloc(cls) }
        try heap.writeSlot(s, out, .array([.object(a)]))
        try heap.writeSlot(a, out, .array([.object(s)] + clique.map(Value.object)))
        for x in clique { try heap.writeSlot(x, out, .array([.object(a)] + clique.filter { $0 != x }.map(Value.object))) }
        for _ in 0..<5 {
            let p = heap.alloc(cls), q = heap.alloc(cls)
            try heap.writeSlot(p, out, .array([.object(q)]))
            try heap.writeSlot(q, out, .array([.object(p)]))
        }
        try heap.drain()
        let reports = heap.cycleReports()
        #expect(reports.truncated)
        #expect(reports.contains { $0.message(in: heap).contains("+ in one component of 14 objects)") })
        let oracle = heap.oracleCycleReports()
        #expect(reports == oracle.reports)
        #expect(reports.map { $0.message(in: heap) } == oracle.messages)
    }

    /// The dealloc cascade's trace: each release, weak zeroing and dealloc in the order a
    /// recursive release gives, rendered as before.
    @Test func theCascadeTraceTextIsUnchanged() throws {
        let heap = Heap()
        let node = try heap.defineClass("Node", superclass: heap.rootClass, properties: [
            Property("left", .strong), Property("right", .strong), Property("parent", .weak),
        ])
        let root = heap.alloc(node), l = heap.alloc(node), r = heap.alloc(node)
        try heap.set(root, "left", .object(l))
        try heap.set(root, "right", .object(r))
        try heap.set(l, "parent", .object(root))
        try heap.set(r, "parent", .object(root))
        try heap.hold(root)
        try heap.drain()
        let before = heap.events.count
        try heap.unhold(root)
        let lines = heap.traceText(from: before).split(separator: "\n").map(String.init)
        #expect(lines == [
            "[0.000] release Node#1 rc=0 (hold: sim.hold)",
            "[0.000] weak Node#2.parent zeroed (Node#1 deallocated)",
            "[0.000] weak Node#3.parent zeroed (Node#1 deallocated)",
            "[0.000] dealloc Node#1",
            "[0.000] release Node#2 rc=0 (Node#1.left: owner deallocated)",
            "[0.000] dealloc Node#2",
            "[0.000] release Node#3 rc=0 (Node#1.right: owner deallocated)",
            "[0.000] dealloc Node#3",
        ])
        #expect(heap.history(l) == """
            history of Node#2 (deallocated):
              [0.000] alloc Node#2 rc=1 (autorelease pool)
              [0.000] retain Node#2 rc=2 (Node#1.left)
              [0.000] release Node#2 rc=1 (autorelease pool drained)
              [0.000] release Node#2 rc=0 (Node#1.left: owner deallocated)
              [0.000] dealloc Node#2

            """)
        try heap.verify()
    }

    /// A view of the trace taken earlier keeps its events while more are recorded, as a
    /// copy of an array would, across the log's growth.
    @Test func anEarlierTraceViewKeepsItsEvents() throws {
        let heap = Heap()
        let cls = try heap.defineClass("T", superclass: heap.rootClass, properties: [])
        _ = heap.alloc(cls)
        let early = heap.events
        let first = Array(early)
        for _ in 0..<5_000 { _ = heap.alloc(cls) }
        try heap.drain()
        #expect(early.count == first.count)
        #expect(Array(early) == first)
        #expect(heap.events.count == first.count + 5_000 + 5_001 * 2)
        #expect(Array(heap.events.prefix(first.count)) == first)
        #expect(heap.events.filter { $0.kind == .dealloc }.count == 5_001)
    }

    /// The trace text reports the events the log had no memory for (an append that could
    /// not grow the block) instead of the host stopping.
    @Test func eventsTheLogCouldNotHoldAreReported() throws {
        let heap = Heap()
        let cls = try heap.defineClass("T", superclass: heap.rootClass, properties: [])
        _ = heap.alloc(cls)
        #expect(!heap.traceText().contains("not recorded"))
        heap.lostEvents = 2
        #expect(heap.traceText().hasSuffix("(2 later events not recorded: out of memory for the trace)\n"))
    }
}
