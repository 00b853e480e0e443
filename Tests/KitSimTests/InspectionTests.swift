import Testing
@testable import KitSimRuntime
@testable import KitSim
import KitSimReport

/// Leaks, why, history and the trace (SPEC §2).
@Suite struct InspectionTests {
    @Test func aRetainCycleIsReportedWithThePropertiesThatFormIt() throws {
        let f = try Fixture()
        let controller = f.fresh(), block = f.fresh(), view = f.fresh()
        try f.heap.set(controller, "strongRef", .object(block))
        try f.heap.set(block, "copyRef", .object(controller))
        try f.heap.set(controller, "typed", .object(view))
        try f.heap.drain()
        let leaks = f.heap.leaks()
        #expect(leaks.count == 1)
        #expect(leaks.first?.kind == .cycle)
        #expect(leaks.first?.objects == [controller, block])
        #expect(leaks.first?.retained == [view])
        #expect(leaks.first?.message(in: f.heap) ==
            "retain cycle of 2 objects: Node#1.strongRef (strong) → Node#2.copyRef (copy) → Node#1; it also keeps alive 1 object: Node#3")
        try f.heap.verify()
    }

    /// The trace's tail is the full trace's last lines, with the counts and the time
    /// replayed from the start, whatever the tail's length and wherever it starts.
    @Test(arguments: [0, 1, 15, 39, 40, 41, 1000, -3])
    func theTracesTailIsTheFullTracesLastLines(_ last: Int) throws {
        let f = try Fixture()
        let a = try f.held()
        for i in 0..<10 {
            let b = f.fresh()
            try f.heap.set(a, "strongRef", .object(b))
            f.heap.advanceClock(to: Int64(i + 1) * 1_000_000)
        }
        try f.heap.drain()
        let full = f.heap.traceText().split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(full.count > 40)
        for first in [0, 5] {
            let all = f.heap.traceText(from: first).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            let tail = f.heap.traceText(last: last, from: first).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(Array(tail) == Array(all.suffix(Swift.max(last, 0))), "last \(last) from \(first)")
        }
    }

    @Test func reachableObjectsAndWeakBackReferencesAreNotLeaks() throws {
        let f = try Fixture()
        let parent = try f.held(), child = f.fresh()
        try f.heap.set(parent, "strongRef", .object(child))
        try f.heap.set(child, "weakRef", .object(parent))
        try f.heap.drain()
        #expect(f.heap.leaks().isEmpty)
    }

    @Test func selfCycleIsACycle() throws {
        let f = try Fixture()
        let a = f.fresh()
        try f.heap.set(a, "strongRef", .object(a))
        try f.heap.drain()
        #expect(f.heap.cycles().map { $0.message(in: f.heap) } == ["retain cycle of 1 object: Node#1.strongRef (strong) → Node#1"])
    }

    /// SPEC rule 49: each elementary cycle is reported on its own, starting at its lowest
    /// id, the reports ordered by that id and then the ids that follow (components
    /// interleave); a component that is one ring is one report.
    @Test(arguments: [
        // (edges as owner→target by index, expected cycle node lists, components)
        ([(0, 1), (1, 0)], [[0, 1]], [1]),
        ([(0, 1), (1, 2), (2, 0)], [[0, 1, 2]], [1]),
        // The complete digraph on three objects: three 2-cycles and two 3-cycles.
        ([(0, 1), (1, 0), (1, 2), (2, 0), (0, 2), (2, 1)], [[0, 1], [0, 1, 2], [0, 2], [0, 2, 1], [1, 2]], [1, 1, 1, 1, 1]),
        // Two components, one object referencing itself.
        ([(0, 1), (1, 0), (2, 3), (3, 2), (3, 3)], [[0, 1], [2, 3], [3]], [1, 2, 2]),
        // A figure eight through object 0.
        ([(0, 1), (1, 0), (0, 2), (2, 0)], [[0, 1], [0, 2]], [1, 1]),
        // Components interleave: {0, 3, 4} and {1, 2}.
        ([(0, 3), (3, 0), (3, 4), (4, 3), (1, 2), (2, 1)], [[0, 3], [1, 2], [3, 4]], [1, 2, 1]),
    ] as [([(Int, Int)], [[Int]], [Int])])
    func eachElementaryCycleIsReportedInIdOrder(_ edges: [(Int, Int)], _ expected: [[Int]], _ components: [Int]) throws {
        let heap = Heap()
        let cls = try heap.defineClass("N", superclass: heap.rootClass, properties: [Property("out", .strong, type: .objectArray(nil))])
        let out = cls.property(named: "out")!
        let n = (edges.flatMap { [$0.0, $0.1] }.max() ?? 0) + 1
        let ids = (0..<n).map { _ in heap.alloc(cls) }
        for i in 0..<n {
            try heap.writeSlot(ids[i], out, .array(edges.filter { $0.0 == i }.map { .object(ids[$0.1]) }))
        }
        try heap.drain()
        let cycles = heap.cycles()
        #expect(cycles.map { $0.references.map(\.owner) } == expected.map { $0.map { ids[$0] } })
        #expect(cycles.map(\.objects) == expected.map { $0.map { ids[$0] } })
        #expect(cycles.map(\.component) == components.map(Optional.some))
        if expected.count == 5 {
            #expect(cycles[1].message(in: heap) == "retain cycle of 3 objects: N#1.out[1] (strong) → N#2.out[2] (strong) → N#3.out[1] (strong) → N#1 (cycle 2 of 5 in one component of 3 objects)")
        }
        try heap.verify()
    }

    @Test func theReportsStopAtTheLimit() throws {
        // A clique of 12: far more elementary cycles than the 1000 reports listed.
        let heap = Heap()
        let cls = try heap.defineClass("N", superclass: heap.rootClass, properties: [Property("out", .strong, type: .objectArray(nil))])
        let out = cls.property(named: "out")!
        let ids = (0..<12).map { _ in heap.alloc(cls) }
        for a in ids { try heap.writeSlot(a, out, .array(ids.filter { $0 != a }.map(Value.object))) }
        try heap.drain()
        let cycles = heap.cycleReports()
        #expect(cycles.count == CycleSearch.maxReports && cycles.truncated)
        #expect(cycles.allSatisfy { $0.component == 1 && $0.objects.count <= CycleSearch.maxLength })
        #expect(cycles.last?.message(in: heap).hasSuffix("; the search stopped at 1000 reports: there are more cycles") == true)
        #expect(Set(cycles.map(\.objects)).count == cycles.count)
        #expect(zip(cycles.dropLast(), cycles.dropFirst()).allSatisfy { $0.objects.lexicographicallyPrecedes($1.objects) })
    }

    /// A component whose every cycle is longer than 10 objects (a 13-object cycle behind
    /// nine layers of four) is reported once, by its shortest cycle, and the search that
    /// shows there is none shorter stays cheap: 20 of them are 20 reports.
    @Test func aComponentWithoutAShortCycleIsReportedOnce() throws {
        let heap = Heap()
        heap.recordsHistory = false
        let cls = try heap.defineClass("N", superclass: heap.rootClass, properties: [Property("out", .strong, type: .objectArray(nil))])
        let out = cls.property(named: "out")!
        let components = 20
        for _ in 0..<components {
            let start = heap.alloc(cls)
            var previous = [start]
            for _ in 0..<9 {
                let layer = (0..<4).map { _ in heap.alloc(cls) }
                for p in previous { try heap.writeSlot(p, out, .array(layer.map(Value.object))) }
                previous = layer
            }
            let tail = (0..<3).map { _ in heap.alloc(cls) }
            for p in previous { try heap.writeSlot(p, out, .array([.object(tail[0])])) }
            try heap.writeSlot(tail[0], out, .array([.object(tail[1])]))
            try heap.writeSlot(tail[1], out, .array([.object(tail[2])]))
            try heap.writeSlot(tail[2], out, .array([.object(start)]))
        }
        try heap.drain()
        let cycles = heap.cycleReports()
        #expect(cycles.count == components && !cycles.truncated)
        #expect(cycles.allSatisfy { $0.references.count == 13 && $0.retained.count == 27 })
        #expect(cycles.allSatisfy { $0.message(in: heap).contains(" (the shortest cycle of a component of 40 objects that has none of at most 10)") })
    }

    /// A search with many paths that lead nowhere (a clique whose only way back to the
    /// start is through a member already on the path) stops at its bound of steps,
    /// truncated, with what it found so far.
    @Test func theSearchIsBoundedInSteps() throws {
        let heap = Heap()
        let cls = try heap.defineClass("N", superclass: heap.rootClass, properties: [Property("out", .strong, type: .objectArray(nil))])
        let out = cls.property(named: "out")!
        let s = heap.alloc(cls), a = heap.alloc(cls)
        let clique = (0..<12).map { _ in heap.alloc(cls) }
        try heap.writeSlot(s, out, .array([.object(a)]))
        try heap.writeSlot(a, out, .array([.object(s)] + clique.map(Value.object)))
        for x in clique { try heap.writeSlot(x, out, .array([.object(a)] + clique.filter { $0 != x }.map(Value.object))) }
        try heap.drain()
        let cycles = heap.cycleReports()
        #expect(cycles.truncated)
        #expect(cycles.first?.objects == [s, a])
        #expect(cycles.last?.message(in: heap).hasSuffix("; the search stopped after its bound of 2000000 steps: there may be more cycles") == true)
    }

    @Test func aMillionObjectRingIsOneCycle() throws {
        let heap = Heap()
        heap.recordsHistory = false
        let cls = try heap.defineClass("Link", superclass: heap.rootClass, properties: [Property("next", .strong)])
        let next = cls.property(named: "next")!
        let first = heap.alloc(cls)
        var prev = first
        for _ in 1..<1_000_000 {
            let n = heap.alloc(cls)
            try heap.writeSlot(prev, next, .object(n))
            prev = n
        }
        try heap.writeSlot(prev, next, .object(first))
        try heap.drain()
        let cycles = heap.cycles()
        #expect(cycles.count == 1)
        #expect(cycles.first?.objects.count == 1_000_000)
        #expect(cycles.first?.references.count == 1_000_000)
    }

    @Test func whyNamesEachEdgeFromTheRootShortestFirst() throws {
        let f = try Fixture()
        let window = try f.heap.defineClass("UIWindow", superclass: f.node)
        let w = f.heap.alloc(window)
        try f.heap.hold(w, f.heap.holdReason("on screen"))
        let nav = f.fresh(), vc = f.fresh()
        try f.heap.set(w, "strongRef", .object(nav))
        try f.heap.set(nav, "children", .array([.object(vc)]))
        try f.heap.set(w, "copyRef", .object(vc))
        try f.heap.drain()
        #expect(f.heap.why(vc) == """
            Node#3 (retain count 2) is kept alive by:
              1. [on screen] UIWindow#1.copyRef (copy) → Node#3
              2. [on screen] UIWindow#1.strongRef (strong) → Node#2.children[1] (strong) → Node#3
            """)
        try f.heap.unhold(w, f.heap.holdReason("on screen"))
        // Its last owner is the window's property, which let go when the window went: the
        // window's only reference was a hold of the runtime's.
        #expect(f.heap.why(vc).hasPrefix("""
            Node#3 was deallocated at 0.000 s when UIWindow#1, its last owner (through copyRef), was deallocated: \
            nothing owned UIWindow#1, only temporary holds (autorelease pool, on screen); give it an owner (a strong property, a window, a container)
            """))
    }

    @Test func historyListsEveryCountChangeWithCauseAndLocation() throws {
        let f = try Fixture()
        let owner = try f.held()
        f.heap.setLocation(file: "demo.lua", line: 3)
        let id = f.fresh()
        f.heap.setLocation(file: "demo.lua", line: 4)
        try f.heap.set(owner, "strongRef", .object(id))
        f.heap.clearLocation()
        try f.heap.drain()
        f.heap.setLocation(file: "demo.lua", line: 9)
        try f.heap.set(owner, "strongRef", .nil)
        #expect(f.heap.history(id) == """
            history of Node#2 (deallocated):
              [0.000] alloc Node#2 rc=1 (autorelease pool)  @ demo.lua:3
              [0.000] retain Node#2 rc=2 (Node#1.strongRef)  @ demo.lua:4
              [0.000] release Node#2 rc=1 (autorelease pool drained)
              [0.000] release Node#2 rc=0 (Node#1.strongRef)  @ demo.lua:9
              [0.000] dealloc Node#2  @ demo.lua:9

            """)
    }

    @Test func sameOperationsGiveTheSameTraceByteForByte() throws {
        func run() throws -> String {
            let f = try Fixture()
            let a = try f.held(), b = f.fresh(), c = f.fresh()
            try f.heap.set(a, "strongRef", .object(b))
            try f.heap.set(b, "weakRef", .object(c))
            try f.heap.set(a, "children", .array([.object(c), .object(b)]))
            f.heap.advanceClock(to: 350_000_000)
            try f.heap.drain()
            try f.heap.unhold(a)
            return f.heap.traceText()
        }
        let first = try run()
        #expect(first == (try run()))
        #expect(first.contains("[0.350] release Node#1 rc=0 (hold: sim.hold)"))
    }

    @Test func verifyCatchesABrokenCount() throws {
        let f = try Fixture()
        let id = try f.held()
        f.heap.retainCounts[Int(id.raw)] += 1     // corrupt on purpose
        let e = #expect(throws: SimError.self) { try f.heap.verify() }
        #expect(e?.kind == .invariant)
        #expect(e?.message.contains("Node#1 has retain count 3 but 2 owners") == true)
    }

    @Test func leakDetectorsAreConsulted() throws {
        let f = try Fixture()
        let vc = try f.held()
        f.heap.leakDetectors.append { heap in
            [.abandoned(Leak.Abandoned(controller: vc, departure: .dismissed, leftAt: 1_000_000_000, aliveFor: 2_000_000_000))]
        }
        #expect(f.heap.leaks().map { $0.description(in: f.heap) }
                == ["abandoned: Node#1 left the UI (dismissed) at 1.000 s and is still alive 2.000 s later"])
    }
}
