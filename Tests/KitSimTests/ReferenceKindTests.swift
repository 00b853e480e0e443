import Testing
@testable import KitSimRuntime
@testable import KitSim
import KitSimReport

/// SPEC §2: the exact semantics of each reference kind, one row per kind.
@Suite struct ReferenceKindTests {
    struct Row: CustomTestStringConvertible, Sendable {
        let property: String
        let retains: Bool
        /// What reading the property gives after the target died.
        let afterDeath: AfterDeath
        var testDescription: String { property }
    }
    enum AfterDeath: Sendable { case readsNil, crashesUnowned, dangles }

    static let rows: [Row] = [
        Row(property: "strongRef", retains: true, afterDeath: .readsNil),   // never dies while held
        Row(property: "copyRef", retains: true, afterDeath: .readsNil),
        Row(property: "weakRef", retains: false, afterDeath: .readsNil),
        Row(property: "unownedRef", retains: false, afterDeath: .crashesUnowned),
        Row(property: "assignRef", retains: false, afterDeath: .dangles),
    ]

    @Test(arguments: rows) func retainCountAndDeath(row: Row) throws {
        let f = try Fixture()
        let owner = try f.held()
        let target = try f.held()
        #expect(f.heap.retainCount(target) == 2)          // pool + hold
        try f.heap.set(owner, row.property, .object(target))
        #expect(f.heap.retainCount(target) == (row.retains ? 3 : 2))
        try f.heap.drain()
        try f.heap.unhold(target)
        try f.heap.verify()
        if row.retains {
            // The property is now the only owner: the target lives on.
            #expect(f.heap.isAlive(target))
            #expect(f.heap.retainCount(target) == 1)
            try f.heap.set(owner, row.property, .nil)
            #expect(!f.heap.isAlive(target))
            return
        }
        #expect(!f.heap.isAlive(target))
        switch row.afterDeath {
        case .readsNil:
            #expect(try f.heap.get(owner, row.property) == .nil)
        case .crashesUnowned:
            let e = #expect(throws: SimError.self) { try f.heap.get(owner, row.property) }
            #expect(e?.kind == .unownedRead)
            // SPEC §2: Swift's trap, the name said once, the reference that was read named.
            #expect(e?.description == "Fatal error: Attempted to read an unowned reference but object \(target) was already deallocated")
            #expect(e?.message.hasPrefix("Fatal error") == false)
            #expect(e?.reference == "\(f.heap.describe(owner)).\(row.property)")
        case .dangles:
            // assign keeps the dead id; using it is a zombie crash.
            #expect(try f.heap.get(owner, row.property) == .object(target))
            let e = #expect(throws: SimError.self) { try f.heap.send(target, "description") }
            #expect(e?.kind == .zombie)
            #expect(e?.message == "-[Node description]: message sent to deallocated instance \(target)")
        }
        try f.heap.verify()
    }

    @Test func weakZeroingIsTracedWithOwnerAndProperty() throws {
        let f = try Fixture()
        let owner = try f.held()
        let target = f.fresh()
        try f.heap.set(owner, "weakRef", .object(target))
        try f.heap.drain()
        #expect(!f.heap.isAlive(target))
        #expect(f.heap.traceText().contains("weak Node#1.weakRef zeroed (Node#2 deallocated)"))
    }

    @Test func weakReadsNilInsideTheTargetsDeinit() throws {
        let f = try Fixture()
        let owner = try f.held()
        let target = f.fresh()
        try f.heap.set(owner, "weakRef", .object(target))
        var seen: Value?
        f.heap.setMethod(.deinit, on: f.node) { inv in
            if inv.receiver == target { seen = try inv.heap.get(owner, "weakRef") }
            return .nil
        }
        try f.heap.drain()
        #expect(seen == .nil)
    }

    @Test func assigningTheCurrentValueAgainKeepsItAlive() throws {
        let f = try Fixture()
        let owner = try f.held()
        let target = f.fresh()
        try f.heap.set(owner, "strongRef", .object(target))
        try f.heap.drain()
        try f.heap.set(owner, "strongRef", .object(target))
        #expect(f.heap.isAlive(target))
        #expect(f.heap.retainCount(target) == 1)
        try f.heap.verify()
    }

    @Test func arraysRetainEveryElementAndReleaseOnReplace() throws {
        let f = try Fixture()
        let owner = try f.held()
        let a = f.fresh(), b = f.fresh()
        try f.heap.set(owner, "children", .array([.object(a), .object(b), .object(a)]))
        try f.heap.drain()
        #expect(f.heap.retainCount(a) == 2 && f.heap.retainCount(b) == 1)
        try f.heap.set(owner, "children", .array([.object(b)]))
        #expect(!f.heap.isAlive(a) && f.heap.isAlive(b))
        try f.heap.verify()
    }

    @Test func assigningADeadObjectIsAZombieAndChangesNothing() throws {
        let f = try Fixture()
        let owner = try f.held()
        let dead = f.fresh()
        try f.heap.drain()
        for p in ["strongRef", "weakRef", "unownedRef", "assignRef", "copyRef"] {
            let e = #expect(throws: SimError.self) { try f.heap.set(owner, p, .object(dead)) }
            #expect(e?.kind == .zombie, "\(p)")
            #expect(try f.heap.get(owner, p) == .nil)
        }
        try f.heap.verify()
    }
}
