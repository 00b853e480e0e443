import Testing
@testable import KitSimRuntime

/// Rule 78, in the runtime: a property declared with an earlier ownership has the ownership of
/// the heap's platform version, in its class, its subclasses and the hot path, and references
/// already held follow a change of version.
@Suite struct PlatformOwnershipTests {
    /// A heap on `version` with `Table.dataSource`, weak from 9 and assign before, and a
    /// subclass of `Table`.
    static func heap(_ version: Int) throws -> (heap: Heap, table: SimClass, sub: SimClass) {
        let heap = Heap()
        heap.platformVersion = version
        let table = try heap.defineClass("Table", superclass: heap.rootClass, properties: [
            Property("dataSource", .weak, type: .object(nil), earlier: .assign(before: 9)),
            Property("name", .copy),
        ])
        let sub = try heap.defineClass("SubTable", superclass: table)
        return (heap, table, sub)
    }

    @Test(arguments: [7, 8, 9, 17]) func rule78_theOwnershipIsTheProfiles(version: Int) throws {
        let (heap, table, sub) = try Self.heap(version)
        let expected: Ownership = version < 9 ? .assign : .weak
        for cls in [table, sub] {
            #expect(cls.property(named: "dataSource")?.ownership == expected)
            #expect(cls.property(named: "dataSource")?.declaredOwnership == .weak)
            #expect(cls.property(named: "dataSource")?.earlier == .assign(before: 9))
        }
        for cls in [table, sub] {
            let owner = heap.alloc(cls)
            try heap.hold(owner)
            let source = heap.alloc(heap.rootClass)
            try heap.set(owner, "dataSource", .object(source))
            #expect(heap.references(from: owner).first { $0.name == "dataSource" }?.ownership == expected)
            try heap.drain()
            #expect(!heap.isAlive(source))
            // Weak reads nil; assign keeps the dead id, and using it is the zombie's crash.
            #expect(try heap.get(owner, "dataSource") == (version < 9 ? .object(source) : .nil))
            try heap.verify()
        }
    }

    @Test func rule78_referencesFollowAChangeOfVersion() throws {
        let (heap, table, _) = try Self.heap(17)
        let kept = heap.alloc(table), dangling = heap.alloc(table)
        try heap.hold(kept)
        try heap.hold(dangling)
        let live = heap.alloc(heap.rootClass), dying = heap.alloc(heap.rootClass)
        try heap.hold(live)
        try heap.hold(dying)
        try heap.drain()
        try heap.set(kept, "dataSource", .object(live))
        try heap.set(dangling, "dataSource", .object(dying))
        // To 8: both become assign, leave the weak registry, and stay set.
        heap.platformVersion = 8
        #expect(table.property(named: "dataSource")?.ownership == .assign)
        #expect(heap.weakReferrers(of: live).isEmpty)
        try heap.verify()
        try heap.unhold(dying)
        #expect(!heap.isAlive(dying))
        #expect(try heap.get(dangling, "dataSource") == .object(dying), "assign: not zeroed")
        // Back to 9: the live one is weak again and zeroed with its target; the dangling one reads nil at once.
        heap.platformVersion = 9
        #expect(try heap.get(dangling, "dataSource") == .nil)
        #expect(heap.weakReferrers(of: live).map(\.owner) == [kept])
        #expect(heap.events.contains { $0.kind == .weakZeroed && $0.object == dying.raw && $0.other == dangling.raw })
        try heap.verify()
        try heap.unhold(live)
        #expect(try heap.get(kept, "dataSource") == .nil)
        try heap.verify()
    }

    @Test func rule78_anOwnershipThatRetainsCannotChangeWithTheVersion() throws {
        let heap = Heap()
        for (ownership, earlier) in [(Ownership.strong, EarlierOwnership.assign(before: 9)), (.weak, EarlierOwnership(.copy, before: 9))] {
            let e = #expect(throws: SimError.self) {
                try heap.defineClass("Bad\(ownership)", superclass: heap.rootClass,
                                     properties: [Property("delegate", ownership, earlier: earlier)])
            }
            #expect(e?.message == "property 'delegate' of Bad\(ownership): an ownership that changes with the platform version must not retain in either version")
        }
    }

    @Test func rule78_theDeclarationPrintsBothOwnerships() {
        let p = PropertyDeclaration("dataSource", .weak, .object("NSObject"), earlier: .assign(before: 9))
        #expect(p.ownershipText == "weak; assign before iOS 9")
        #expect(PropertyDeclaration("view", .strong, .object("NSObject")).ownershipText == "strong")
    }
}
