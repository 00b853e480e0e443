import Testing
@testable import KitSim

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
        #expect(leaks.first?.message ==
            "retain cycle of 2 objects: Node#1.strongRef (strong) → Node#2.copyRef (copy) → Node#1; it also keeps alive 1 object: Node#3")
        try f.heap.verify()
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
        #expect(f.heap.cycles().map(\.message) == ["retain cycle of 1 object: Node#1.strongRef (strong) → Node#1"])
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
        #expect(f.heap.why(vc).hasPrefix("Node#3 is deallocated: the last reference went at [0.000] release Node#3 rc=0"))
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
            [Leak(kind: .abandoned, objects: [vc], message: "\(heap.describe(vc)) left the UI 2 s ago")]
        }
        #expect(f.heap.leaks().map(\.description) == ["abandoned: Node#1 left the UI 2 s ago"])
    }
}
