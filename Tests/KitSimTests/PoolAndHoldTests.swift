import Testing
@testable import KitSimRuntime
@testable import KitSim

/// SPEC §2: new objects belong to the autorelease pool; holds are external owners.
@Suite struct PoolAndHoldTests {
    @Test func aNewObjectLivesUntilTheDrain() throws {
        let f = try Fixture()
        let id = f.fresh()
        #expect(f.heap.retainCount(id) == 1 && f.heap.poolCount(id) == 1)
        try f.heap.verify()
        try f.heap.drain()
        #expect(!f.heap.isAlive(id))
    }

    @Test func drainReleasesMostRecentFirst() throws {
        let f = try Fixture()
        var order: [ObjectID] = []
        f.heap.setMethod(.deinit, on: f.node) { inv in order.append(inv.receiver); return .nil }
        let a = f.fresh(), b = f.fresh(), c = f.fresh()
        try f.heap.drain()
        #expect(order == [c, b, a])
    }

    @Test func nestedPoolsDrainOnlyTheirOwnObjects() throws {
        let f = try Fixture()
        let outer = f.fresh()
        f.heap.pushPool()
        let inner = f.fresh()
        try f.heap.popPool()
        #expect(!f.heap.isAlive(inner) && f.heap.isAlive(outer))
        let e = #expect(throws: SimError.self) { try f.heap.popPool() }
        #expect(e?.message == "popPool without a matching pushPool")
    }

    @Test func autoreleaseAddsOneReferenceUntilTheDrain() throws {
        let f = try Fixture()
        let id = try f.held()
        try f.heap.drain()
        try f.heap.autorelease(id)
        try f.heap.unhold(id)
        #expect(f.heap.isAlive(id))
        try f.heap.drain()
        #expect(!f.heap.isAlive(id))
    }

    @Test func holdsCountPerReasonAndUnholdingWhatIsNotHeldIsAnError() throws {
        let f = try Fixture()
        let id = f.fresh()
        let screen = f.heap.holdReason("on screen")
        try f.heap.hold(id, screen)
        try f.heap.hold(id)
        #expect(f.heap.holdCount(id) == 2 && f.heap.holdCount(id, screen) == 1)
        #expect(f.heap.holdReasons(of: id) == ["on screen", "sim.hold"])
        try f.heap.drain()
        try f.heap.unhold(id, screen)
        let e = #expect(throws: SimError.self) { try f.heap.unhold(id, screen) }
        #expect(e?.message == "Node#1 is not held (on screen)")
        #expect(f.heap.retainCount(id) == 1)
        try f.heap.unhold(id)
        #expect(!f.heap.isAlive(id))
        let dead = #expect(throws: SimError.self) { try f.heap.unhold(id) }
        #expect(dead?.kind == .zombie)
        try f.heap.verify()
    }
}
