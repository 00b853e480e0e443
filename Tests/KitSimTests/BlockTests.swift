import Testing
@testable import KitSimRuntime
@testable import KitSim
import KitSimReport

/// SPEC §2: blocks whose captures are real references.
@Suite struct BlockTests {
    @Test func aControllerKeepingABlockThatCapturesItIsACycle() throws {
        let f = try Fixture()
        let controller = f.fresh()
        let block = try f.heap.makeBlock(strong: [controller])
        try f.heap.set(controller, "strongRef", .object(block))
        try f.heap.drain()
        #expect(f.heap.isAlive(controller))
        #expect(f.heap.cycles().map { $0.message(in: f.heap) } ==
            ["retain cycle of 2 objects: Node#1.strongRef (strong) → NSBlock#2 capture 1 (strong) → Node#1"])
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

/// SPEC rule 25: a block's body receives its captures' current values, then its arguments.
@Suite struct BlockCaptureTests {
    @Test func rule25_aBodyReadsItsCapturesAsParametersThenItsArguments() throws {
        let f = try Fixture()
        let a = try f.held(), b = try f.held(), c = try f.held()
        try f.heap.drain()                              // only the holds own them now
        var seen: [[Value]] = []
        let block = try f.heap.makeBlock(strong: [a], weak: [b], unowned: [c], body: .native { inv in
            seen.append(inv.arguments)
            return .nil
        })
        try f.heap.hold(block)
        _ = try f.heap.callBlock(block, [.int(7)])
        #expect(seen == [[.object(a), .object(b), .object(c), .int(7)]])
        // A dead weak capture arrives as nil ([weak self] in Swift).
        try f.heap.unhold(b)
        _ = try f.heap.callBlock(block, [.int(8)])
        #expect(seen.last == [.object(a), .nil, .object(c), .int(8)])
        try f.heap.verify()
    }

    @Test func rule25_aDeadUnownedCaptureTrapsBeforeTheBodyRuns() throws {
        let f = try Fixture()
        let c = try f.held()
        try f.heap.drain()
        var ran = false
        let block = try f.heap.makeBlock(unowned: [c], body: .native { _ in ran = true; return .nil })
        try f.heap.hold(block)
        try f.heap.unhold(c)
        let e = #expect(throws: SimError.self) { try f.heap.callBlock(block) }
        #expect(e?.kind == .unownedRead && e?.reference == "NSBlock#\(block.raw) capture 1")
        #expect(!ran)
    }

    @Test func rule25_theBodyKeepsItsLiveCapturesAlive() throws {
        let f = try Fixture()
        let a = try f.held()
        try f.heap.drain()
        var aliveInside = false
        let block = try f.heap.makeBlock(weak: [a], body: .native { inv in
            // The last owner lets go in the middle of the body: `guard let self` still has it.
            try inv.heap.unhold(a)
            aliveInside = inv.heap.isAlive(a)
            return .nil
        })
        try f.heap.hold(block)
        _ = try f.heap.callBlock(block)
        #expect(aliveInside)
        #expect(!f.heap.isAlive(a))
        try f.heap.verify()
    }
}
