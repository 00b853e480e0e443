import Testing
@testable import KitSimRuntime
@testable import KitSim

/// SPEC §2: blocks whose captures are real references.
@Suite struct BlockTests {
    @Test func aControllerKeepingABlockThatCapturesItIsACycle() throws {
        let f = try Fixture()
        let controller = f.fresh()
        let block = try f.heap.makeBlock(strong: [controller])
        try f.heap.set(controller, "strongRef", .object(block))
        try f.heap.drain()
        #expect(f.heap.isAlive(controller))
        #expect(f.heap.cycles().map(\.message) ==
            ["retain cycle of 2 objects: Node#1.strongRef (strong) → NSBlock#2.strong[1] (strong) → Node#1"])
    }

    @Test func aWeakCaptureBreaksTheCycleAndReadsNilAfterwards() throws {
        let f = try Fixture()
        let controller = try f.held()
        var seen: [Value] = []
        let block = try f.heap.makeBlock(weak: [controller], body: .native { inv in
            seen.append(try inv.heap.associatedValue(inv.receiver, key: "weak[1]"))
            return .nil
        })
        try f.heap.set(controller, "strongRef", .object(block))
        try f.heap.drain()
        _ = try f.heap.callBlock(block)
        try f.heap.hold(block)
        try f.heap.unhold(controller)
        #expect(!f.heap.isAlive(controller))
        _ = try f.heap.callBlock(block)
        #expect(seen == [.object(controller), .nil])
        #expect(f.heap.leaks().isEmpty)
        try f.heap.verify()
    }

    @Test func capturingADeadObjectIsAZombie() throws {
        let f = try Fixture()
        let dead = f.fresh()
        try f.heap.drain()
        let e = #expect(throws: SimError.self) { try f.heap.makeBlock(strong: [dead]) }
        #expect(e?.kind == .zombie)
        try f.heap.verify()
    }
}
