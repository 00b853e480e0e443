import Testing
@testable import KitSimRuntime
@testable import KitSim

/// SPEC §2: deallocation is immediate, deterministic and iterative.
@Suite struct CascadeTests {
    @Test func releasingTheRootDeallocatesTheTreeDepthFirst() throws {
        let f = try Fixture()
        let root = try f.held()
        let a = f.fresh(), b = f.fresh(), c = f.fresh()
        try f.heap.set(root, "strongRef", .object(a))
        try f.heap.set(root, "copyRef", .object(b))
        try f.heap.set(a, "strongRef", .object(c))
        try f.heap.drain()
        var order: [ObjectID] = []
        f.heap.setMethod(.deinit, on: f.node) { inv in order.append(inv.receiver); return .nil }
        try f.heap.unhold(root)
        // As a recursive release would: root, its first property's subtree, then the next.
        #expect(order == [root, a, c, b])
        #expect(f.heap.liveObjects.isEmpty)
        try f.heap.verify()
    }

    @Test func aMillionLongChainDoesNotOverflowTheStack() throws {
        let heap = Heap()
        heap.recordsHistory = false
        let cls = try heap.defineClass("Link", superclass: heap.rootClass, properties: [Property("next", .strong)])
        let next = cls.property(named: "next")!
        let head = heap.alloc(cls)
        try heap.hold(head)
        var tail = head
        for _ in 0..<1_000_000 {
            let n = heap.alloc(cls)
            try heap.writeSlot(tail, next, .object(n))
            tail = n
        }
        try heap.drain()
        #expect(heap.isAlive(tail))
        try heap.unhold(head)
        #expect(!heap.isAlive(tail))
        #expect(heap.objectCount == 1_000_001)
    }

    @Test func aCallKeepsItsReceiverAliveUntilItReturns() throws {
        let f = try Fixture()
        let owner = try f.held()
        let modal = f.fresh()
        try f.heap.set(owner, "strongRef", .object(modal))
        try f.heap.drain()
        var aliveDuringCall = false
        // The modal clears its owner's reference to itself, then keeps working.
        f.heap.setMethod("close", on: f.node) { inv in
            try inv.heap.set(owner, "strongRef", .nil)
            aliveDuringCall = inv.heap.isAlive(inv.receiver)
            try inv.heap.verify()
            return .nil
        }
        _ = try f.heap.send(modal, "close")
        #expect(aliveDuringCall)
        #expect(!f.heap.isAlive(modal))
        try f.heap.verify()
    }

    @Test func anErrorInDeinitIsRaisedAfterTheCascadeCompletes() throws {
        let f = try Fixture()
        let root = try f.held()
        let child = f.fresh()
        try f.heap.set(root, "strongRef", .object(child))
        try f.heap.drain()
        f.heap.setMethod(.deinit, on: f.node) { inv in
            if inv.receiver == root { throw SimError(.invalidUse, "boom in deinit") }
            return .nil
        }
        let e = #expect(throws: SimError.self) { try f.heap.unhold(root) }
        #expect(e?.message == "boom in deinit")
        #expect(!f.heap.isAlive(root) && !f.heap.isAlive(child))
        try f.heap.verify()
    }

    @Test func retainingAnObjectDuringItsDeinitIsRefused() throws {
        let f = try Fixture()
        let keeper = try f.held()
        let dying = f.fresh()
        f.heap.setMethod(.deinit, on: f.leaf) { inv in
            try inv.heap.set(keeper, "strongRef", .object(inv.receiver))
            return .nil
        }
        let victim = f.heap.alloc(f.leaf)
        _ = dying
        let e = #expect(throws: SimError.self) { try f.heap.drain() }
        #expect(e?.kind == .retainDuringDeinit)
        #expect(!f.heap.isAlive(victim))
        #expect(try f.heap.get(keeper, "strongRef") == .nil)
        try f.heap.verify()
    }
}
