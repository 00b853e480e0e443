import Testing
@testable import KitSimRuntime
@testable import KitSim
import KitSimReport

/// The heap checked against a naive reference model (HeapReferenceModel.swift)
/// on thousands of seeded random operations, determinism of the trace, and the
/// million-object cases (a chain that must not overflow the stack, a ring that must be
/// reported as exactly one leak).
@Suite struct HeapModelTests {
    static let seeds: [UInt64] = Array(1...20)
    static let operationsPerSeed = 2_000

    /// Every operation of every seed: `verify()` holds, and liveness, retain counts,
    /// holds, pool entries, every property and associated value (weak ones zeroed,
    /// unowned ones crashing once their target died) and the deinit calls match the model.
    @Test(arguments: seeds)
    func randomOperationsMatchTheReferenceModel(seed: UInt64) throws {
        let run = try RandomHeapRun(seed: seed)
        if let failure = run.run(operations: Self.operationsPerSeed) {
            Issue.record(Comment(rawValue: failure))
            return
        }
        // The run must have exercised what it claims to, rejections included.
        for kind in ["alloc", "set", "clear", "associate", "hold", "unhold", "drain", "pushPool", "popPool",
                     "autorelease", "setMethod", "replaceMethod", "exchange", "send", "call"] {
            #expect(run.kinds[kind, default: 0] > 0, "seed \(seed) never ran \(kind)")
        }
        #expect(run.rejected > 0)
        #expect(run.deinitCalls > 0)
        #expect(run.model.deadIDs.count > 0)
    }

    /// DEVELOPERS.md rule 3: the same operations give the same trace, byte for byte.
    @Test func theSameSeedGivesTheSameTrace() throws {
        func trace(_ seed: UInt64) throws -> String {
            let run = try RandomHeapRun(seed: seed, tracesCalls: true)
            if let failure = run.run(operations: 1_500) { Issue.record(Comment(rawValue: failure)) }
            return run.heap.traceText()
        }
        let a = try trace(42), b = try trace(42)
        #expect(!a.isEmpty)
        #expect(Array(a.utf8) == Array(b.utf8))
        #expect(a.contains("dealloc") && a.contains("weak") && a.contains("call -["))
        #expect(try trace(43) != a)
    }

    /// A strong chain of 1,000,000 objects deallocates iteratively when its head is
    /// released. History is off (`recordsHistory = false`) only to keep the debug build
    /// fast and small: it records ~4 events per object and is not under test here.
    @Test func aMillionObjectChainDeallocatesWithoutOverflowingTheStack() throws {
        let heap = Heap()
        heap.recordsHistory = false
        let cls = try heap.defineClass("ChainNode", superclass: heap.rootClass, properties: [
            Property("next", .strong, type: .object(nil)),
            Property("previous", .weak, type: .object(nil)),
        ])
        let next = cls.property(named: "next")!, previous = cls.property(named: "previous")!
        let n = 1_000_000
        heap.reserveCapacity(objects: n, slotsEach: 2)
        let head = heap.alloc(cls)
        var last = head
        for _ in 1..<n {
            let o = heap.alloc(cls)
            try heap.writeSlot(last, next, .object(o))
            try heap.writeSlot(o, previous, .object(last))
            last = o
        }
        try heap.hold(head)
        try heap.drain()
        #expect(heap.liveObjects.count == n)
        #expect(heap.retainCount(head) == 1 && heap.retainCount(last) == 1)
        try heap.verify()

        try heap.unhold(head)          // the whole chain goes, in constant stack depth
        #expect(!heap.isAlive(head) && !heap.isAlive(last))
        #expect(heap.liveObjects.isEmpty)
        #expect(heap.retainCount(last) == 0)
        try heap.verify()
    }

    /// `cycles()` on 1,000,000+ objects: an unreachable ring of 1,000,000 is one leak
    /// (with nothing else attributed to it, although it strongly references a reachable
    /// tree), a separate 2-object cycle is another leak that also keeps a tail alive,
    /// and the reachable tree is not reported. Breaking the ring frees it entirely.
    @Test func aMillionObjectRingIsExactlyOneLeak() throws {
        let heap = Heap()
        heap.recordsHistory = false
        let cls = try heap.defineClass("RingNode", superclass: heap.rootClass, properties: [
            Property("next", .strong, type: .object(nil)),
            Property("kids", .strong, type: .objectArray(nil)),
            Property("peer", .unowned, type: .object(nil)),
        ])
        let next = cls.property(named: "next")!, kids = cls.property(named: "kids")!, peer = cls.property(named: "peer")!
        let n = 1_000_000
        heap.reserveCapacity(objects: n + 2_000, slotsEach: 3)

        // The ring: #1 → #2 → … → #1000000 → #1.
        let first = heap.alloc(cls)
        var last = first
        for _ in 1..<n {
            let o = heap.alloc(cls)
            try heap.writeSlot(last, next, .object(o))
            last = o
        }
        try heap.writeSlot(last, next, .object(first))

        // A reachable tree of 1,023 nodes (held root, `kids` arrays), whose nodes point
        // into the ring through non-owning `peer` references; the ring's first node
        // strongly references one leaf.
        let root = heap.alloc(cls)
        try heap.hold(root)
        var level = [root]
        var tree = [root]
        for _ in 0..<9 {
            var nextLevel: [ObjectID] = []
            for parent in level {
                let a = heap.alloc(cls), b = heap.alloc(cls)
                try heap.writeSlot(parent, kids, .array([.object(a), .object(b)]))
                try heap.writeSlot(a, peer, .object(ObjectID(UInt32(1 + tree.count))))
                nextLevel += [a, b]
                tree += [a, b]
            }
            level = nextLevel
        }
        try heap.writeSlot(first, kids, .array([.object(level[0])]))

        // A second leak: x ⇄ y, and x keeps a tail alive.
        let x = heap.alloc(cls), y = heap.alloc(cls), tail = heap.alloc(cls)
        try heap.writeSlot(x, next, .object(y))
        try heap.writeSlot(y, next, .object(x))
        try heap.writeSlot(x, kids, .array([.object(tail)]))

        try heap.drain()
        try heap.verify()
        #expect(heap.liveObjects.count == n + tree.count + 3)

        let leaks = heap.cycles()
        try #require(leaks.count == 2)
        let ring = leaks[0]
        #expect(ring.kind == .cycle)
        #expect(ring.objects.count == n)
        #expect(ring.objects.first == first && ring.objects.last == last)
        #expect(ring.objects.map(\.raw) == Array(1...UInt32(n)))
        #expect(ring.references.count == n)
        #expect(ring.references.allSatisfy { $0.name == "next" && $0.ownership == .strong })
        #expect(ring.retained.isEmpty)
        #expect(leaks[1].objects == [x, y])
        #expect(leaks[1].retained == [tail])
        #expect(leaks[1].references.map(\.name) == ["next", "next"])

        // Break the ring: all 1,000,000 go in one cascade, the tree stays.
        try heap.writeSlot(last, next, .nil)
        #expect(!heap.isAlive(first) && !heap.isAlive(last))
        #expect(heap.isAlive(level[0]) && heap.retainCount(level[0]) == 1)
        #expect(heap.liveObjects.count == tree.count + 3)
        let after = heap.cycles()
        #expect(after.count == 1 && after.first?.objects == [x, y])
        try heap.verify()
    }

    /// SPEC §2's order, on a small case: deinit runs with weak references already nil,
    /// then the outgoing strong references are released, first property first, depth first.
    @Test func deinitsRunDepthFirstInPropertyOrder() throws {
        let heap = Heap()
        let cls = try heap.defineClass("Tree", superclass: heap.rootClass, properties: [
            Property("left", .strong, type: .object(nil)),
            Property("right", .strong, type: .object(nil)),
            Property("watcher", .weak, type: .object(nil)),
        ])
        final class Order { var ids: [UInt32] = []; var weakSeen: [Value] = [] }
        let order = Order()
        let a = heap.alloc(cls), b = heap.alloc(cls), c = heap.alloc(cls), d = heap.alloc(cls), w = heap.alloc(cls)
        heap.setMethod(.deinit, on: cls) { inv in
            order.ids.append(inv.receiver.raw)
            order.weakSeen.append(try inv.heap.get(w, "watcher"))
            return .nil
        }
        try heap.set(a, "left", .object(b))
        try heap.set(a, "right", .object(c))
        try heap.set(b, "left", .object(d))
        try heap.set(w, "watcher", .object(a))
        try heap.hold(a)
        try heap.hold(w)
        try heap.drain()
        try heap.unhold(a)
        #expect(order.ids == [a.raw, b.raw, d.raw, c.raw])
        #expect(order.weakSeen.first == .nil)
        #expect(heap.liveObjects == [w])
        try heap.verify()
    }
}

/// Cases the random test depends on, pinned down small (see the comments in
/// Heap+Associated.swift and Reference.swift).
extension HeapModelTests {
@Suite struct Regressions {
    private func heapWithClass() throws -> (Heap, SimClass) {
        let heap = Heap()
        let cls = try heap.defineClass("Thing", superclass: heap.rootClass, properties: [
            Property("s", .strong, type: .object(nil)),
        ])
        return (heap, cls)
    }

    /// A strong associated value may be an array: each element is a strong reference,
    /// for `verify()` and for the retain paths as much as for the retain counts.
    @Test func associatedArrayElementsAreStrongReferences() throws {
        let (heap, cls) = try heapWithClass()
        let a = heap.alloc(cls), b = heap.alloc(cls), c = heap.alloc(cls)
        try heap.hold(a)
        try heap.setAssociated(a, key: "k", .array([.object(b), .int(1), .object(c), .object(b)]), ownership: .strong)
        try heap.drain()
        #expect(heap.retainCount(b) == 2 && heap.retainCount(c) == 1)
        try heap.verify()
        #expect(heap.retainPaths(to: c).first?.fromRoot == true)
        try heap.unhold(a)
        #expect(heap.liveObjects.isEmpty)
        try heap.verify()
    }

    /// Re-setting an association under another policy takes the new reference before
    /// releasing the old one, and a rejected value leaves the old association as it was.
    @Test func changingAnAssociationPolicy() throws {
        let (heap, cls) = try heapWithClass()
        let a = heap.alloc(cls), b = heap.alloc(cls)
        try heap.hold(a)
        try heap.setAssociated(a, key: "k", .object(b), ownership: .strong)
        try heap.drain()
        #expect(heap.retainCount(b) == 1)            // only the association owns b

        try heap.setAssociated(a, key: "k", .object(b), ownership: .copy)
        #expect(heap.isAlive(b) && heap.retainCount(b) == 1)
        try heap.verify()

        let dead = heap.alloc(cls)
        try heap.drain()
        #expect(throws: SimError.self) { try heap.setAssociated(a, key: "k", .object(dead), ownership: .unowned) }
        #expect(try heap.associatedValue(a, key: "k") == .object(b))
        #expect(heap.retainCount(b) == 1)
        try heap.verify()

        try heap.setAssociated(a, key: "k", .object(b), ownership: .weak)   // nothing owns b any more
        #expect(!heap.isAlive(b))
        #expect(try heap.associatedValue(a, key: "k") == .nil)
        try heap.verify()
    }

    /// The owner deallocates while its old associated value is released: its teardown
    /// must release the new value, and no association survives on the dead owner.
    @Test func anOwnerDyingDuringAPolicyChangeReleasesTheNewValue() throws {
        let (heap, cls) = try heapWithClass()
        let x = heap.alloc(cls), y = heap.alloc(cls), z = heap.alloc(cls)
        try heap.setAssociated(x, key: "k", .object(y), ownership: .strong)
        try heap.set(y, "s", .object(x))             // x ⇄ y, owned by nothing else
        try heap.hold(z)
        try heap.drain()
        #expect(heap.isAlive(x) && heap.isAlive(y) && heap.retainCount(z) == 1)

        try heap.setAssociated(x, key: "k", .object(z), ownership: .copy)
        #expect(!heap.isAlive(x) && !heap.isAlive(y))
        #expect(heap.retainCount(z) == 1)
        #expect(heap.associated[x.raw] == nil)
        try heap.verify()
    }
}
}

// MARK: - The driver

/// What simulated methods observed while they ran, checked after each operation.
final class ModelProbe {
    var deinitLog: [(UInt32, String)] = []
    var problems: [String] = []
}

/// Applies seeded random operations to a `Heap` and to a `ReferenceModel` and compares
/// them after every one. `run` returns nil, or a report naming the seed, the failing
/// operation and every operation before it.
final class RandomHeapRun {
    let seed: UInt64
    private var rng: ModelRNG
    let heap = Heap()
    private(set) var model = ReferenceModel()
    private var classes: [SimClass] = []
    /// The heap's properties per class, in the model's `allProps` order.
    private var heapProps: [[Property]] = []
    private let probe = ModelProbe()
    private(set) var log: [String] = []
    private var nextTag = 0
    /// deinit implementations run so far.
    private(set) var deinitCalls = 0
    /// Operations run per kind, and how many of them the heap rejected (as predicted).
    private(set) var kinds: [String: Int] = [:]
    private(set) var rejected = 0
    /// Most live objects at once; allocation stops above it so per-operation checks stay cheap.
    let liveCap = 32

    static let drop = Selector("drop")

    init(seed: UInt64, tracesCalls: Bool = false) throws {
        self.seed = seed
        rng = ModelRNG(seed: seed)
        heap.tracesCalls = tracesCalls
        classes.append(heap.rootClass)
        for spec in ModelSchema.classes.dropFirst() {
            let props = spec.properties.map { p -> Property in
                let type: ValueType
                switch p.type {
                case .any: type = .any
                case .number: type = .number
                case .object(let c): type = .object(c.map { classes[$0] })
                case .objectArray(let c): type = .objectArray(c.map { classes[$0] })
                }
                return Property(p.name, p.ownership, type: type)
            }
            classes.append(try heap.defineClass(spec.name, superclass: classes[spec.superclass!], properties: props))
        }
        heapProps = classes.map(\.properties)
        for (c, props) in heapProps.enumerated() where props.map(\.name) != model.allProps[c].map(\.name) {
            throw SimError(.invariant, "property order of \(classes[c].name) differs from the model")
        }
        heap.setMethod(Self.drop, on: heap.rootClass, dropImplementation())
    }

    // MARK: Implementations

    /// `drop`: lets go of something while the receiver runs (SPEC §2: a call keeps its
    /// receiver alive until it returns), then checks the receiver is still alive.
    private func dropImplementation() -> Implementation {
        let probe = self.probe
        return .native { inv in
            let h = inv.heap
            switch (inv.argument(0), inv.argument(1)) {
            case (.string(let mode), _) where mode == "unhold": try h.unhold(inv.receiver)
            case (.string(let mode), _) where mode == "drain": try h.drain()
            case (.object(let o), .string(let p)): try h.set(o, p, .nil)
            default: throw SimError(.invalidUse, "bad drop arguments")
            }
            if !h.isAlive(inv.receiver) { probe.problems.append("\(inv.receiver) died during its own call") }
            do { try h.verify() } catch { probe.problems.append("verify inside a call: \(error)") }
            return .nil
        }
    }

    /// A base body tagged `k`. Sent as `deinit` it logs itself, checks that the object is
    /// deallocating with no weak referrers left, and by `k % 3`: does nothing more,
    /// sets its own strong and weak properties to nil, or tries to resurrect itself
    /// (which must fail with `.retainDuringDeinit` and change nothing).
    private func baseImplementation(_ k: Int) -> Implementation {
        let probe = self.probe
        return .native { inv in
            let s = "b\(k)"
            guard inv.selector == .deinit else { return .string(s) }
            let h = inv.heap, me = inv.receiver
            probe.deinitLog.append((me.raw, s))
            if h.isAlive(me) || h.state(of: me) != .deallocating {
                probe.problems.append("\(me) runs deinit in state \(h.state(of: me))")
            }
            if !h.weakReferrers(of: me).isEmpty {
                probe.problems.append("\(me) still has weak referrers in its deinit")
            }
            func mustNotRetain(_ what: String, _ body: () throws -> Void) {
                do {
                    try body()
                    probe.problems.append("\(what) of deallocating \(me) was accepted")
                } catch let e as SimError where e.kind == .retainDuringDeinit {
                } catch {
                    probe.problems.append("\(what) of deallocating \(me): \(error)")
                }
            }
            switch k % 3 {
            case 1:
                for p in h.classOf(me).properties where p.ownership.retains || p.ownership == .weak {
                    try h.set(me, p, .nil)
                }
            case 2:
                if let keeper = h.liveObjects.first(where: { h.isAlive($0) && h.classOf($0).property(named: "any") != nil }) {
                    mustNotRetain("a strong store") { try h.set(keeper, "any", .object(me)) }
                }
                mustNotRetain("hold") { try h.hold(me) }
                mustNotRetain("autorelease") { try h.autorelease(me) }
            default:
                break
            }
            return .string(s)
        }
    }

    /// A replacement tagged `k` that calls the implementation it replaced.
    private func replacementImplementation(_ k: Int) -> Implementation {
        let probe = self.probe
        return .native { inv in
            guard case .string(let inner) = try inv.callOriginal() else {
                throw SimError(.typeMismatch, "original did not return a string")
            }
            let s = "r\(k)(\(inner))"
            if inv.selector == .deinit { probe.deinitLog.append((inv.receiver.raw, s)) }
            return .string(s)
        }
    }

    // MARK: Running

    /// Runs `count` operations; nil when the heap matched the model after every one.
    func run(operations count: Int) -> String? {
        for i in 0..<count {
            var failure: String?
            do { failure = try step() } catch { failure = "the test driver failed: \(error)" }
            if failure == nil { failure = settleAndCompare() }
            if let failure {
                var text = "seed \(seed), operation \(i): \(log.last ?? "?")\n  \(failure)\n"
                text += "operations so far (replay with RandomHeapRun(seed: \(seed)).run(operations: \(i + 1))):\n"
                for (j, op) in log.enumerated() { text += "  \(j): \(op)\n" }
                return text
            }
        }
        return nil
    }

    private enum Expect: Equatable {
        case ok
        case fails(SimError.Kind)
    }

    /// Runs a heap operation and checks that it succeeded or failed as the model says.
    private func outcome(_ expected: Expect, _ body: () throws -> Void) -> String? {
        do {
            try body()
            if case .fails(let kind) = expected { return "expected a \(kind) error, but the heap accepted it" }
            return nil
        } catch let e as SimError {
            guard case .fails(let kind) = expected else { return "the heap rejected it: \(e)" }
            if kind != e.kind { return "expected a \(kind) error, got \(e.kind): \(e)" }
            rejected += 1
            return nil
        } catch {
            return "unexpected non-SimError \(error)"
        }
    }

    private func id(_ raw: Int) -> ObjectID { ObjectID(UInt32(raw)) }
    private func name(_ raw: Int) -> String { "\(ModelSchema.classes[model.object(raw).cls].name)#\(raw)" }

    private func randomValue(_ live: [Int], _ dead: [Int]) -> Value {
        func object() -> Value {
            if !dead.isEmpty && rng.percent(8) { return .object(id(rng.pick(dead))) }
            return live.isEmpty ? .int(rng.below(10)) : .object(id(rng.pick(live)))
        }
        let roll = rng.below(100)
        if roll < 12 { return .nil }
        if roll < 22 { return .int(rng.below(1000)) }
        if roll < 78 { return object() }
        return .array((0..<rng.below(4)).map { _ in rng.percent(10) ? .int(rng.below(10)) : object() })
    }

    private func note(_ kind: String, _ text: String) {
        kinds[kind, default: 0] += 1
        log.append(text)
    }

    /// Picks and applies one operation; returns a mismatch or nil.
    private func step() throws -> String? {
        let (live, dead) = model.partition()
        var roll = rng.below(100)
        if live.isEmpty && roll >= 57 && roll < 66 { roll = 0 }      // pool ops are fine without objects
        if live.isEmpty && !(roll >= 57 && roll < 66) && !(roll >= 70 && roll < 77) { roll = 0 }
        if roll < 12 && live.count >= liveCap { roll = 94 }           // full: clear a reference instead
        let someDead = { () -> Int? in dead.isEmpty ? nil : self.rng.pick(dead) }

        switch roll {
        case ..<12:
            let c = rng.pick(ModelSchema.allocatable)
            let raw = model.alloc(c)
            note("alloc", "alloc \(ModelSchema.classes[c].name) → #\(raw)")
            let got = heap.alloc(classes[c])
            if got != id(raw) { return "alloc returned \(got), the model expects #\(raw)" }
            return nil

        case 12..<37, 94...:
            let clearing = roll >= 94
            let owner = (!clearing && rng.percent(4)) ? (someDead() ?? rng.pick(live)) : rng.pick(live)
            let cls = model.object(owner).cls
            let bogus = !clearing && rng.percent(2)
            let prop: ModelProperty? = bogus ? nil : rng.pick(model.allProps[cls])
            let pname = prop?.name ?? "nope"
            let value = clearing ? .nil : randomValue(live, dead)
            note(clearing ? "clear" : "set", "set \(name(owner)).\(pname) = \(value)")
            let expect: Expect
            if !model.isAlive(owner) { expect = .fails(.zombie) }
            else if let prop { expect = model.rejection(of: value, type: prop.type, ownership: prop.ownership).map(Expect.fails) ?? .ok }
            else { expect = .fails(.unknownName) }
            if let m = outcome(expect, { try heap.set(id(owner), pname, value) }) { return m }
            if expect == .ok { model.objects[owner - 1].props[pname] = value }
            return nil

        case 37..<45:
            let owner = rng.percent(4) ? (someDead() ?? rng.pick(live)) : rng.pick(live)
            let key = rng.pick(ModelSchema.associationKeys)
            let own = rng.pick(Ownership.allCases)
            let value = randomValue(live, dead)
            note("associate", "associate \(name(owner)) \"\(key)\" = \(value) (\(own))")
            let expect: Expect = !model.isAlive(owner) ? .fails(.zombie)
                : model.rejection(of: value, type: .any, ownership: own).map(Expect.fails) ?? .ok
            if let m = outcome(expect, { try heap.setAssociated(id(owner), key: key, value, ownership: own) }) { return m }
            if expect == .ok { model.objects[owner - 1].assoc[key] = (own, value) }
            return nil

        case 45..<51:
            let t = rng.percent(8) ? (someDead() ?? rng.pick(live)) : rng.pick(live)
            note("hold", "hold \(name(t))")
            let expect: Expect = model.isAlive(t) ? .ok : .fails(.zombie)
            if let m = outcome(expect, { try heap.hold(id(t)) }) { return m }
            if expect == .ok { model.holds[t, default: 0] += 1 }
            return nil

        case 51..<57:
            let held = live.filter { model.holds[$0] != nil }
            let r = rng.below(100)
            let t: Int
            if r < 60 && !held.isEmpty { t = rng.pick(held) }
            else if r < 85 || dead.isEmpty { t = rng.pick(live) }
            else { t = rng.pick(dead) }
            note("unhold", "unhold \(name(t))")
            let expect: Expect = !model.isAlive(t) ? .fails(.zombie) : model.holds[t] == nil ? .fails(.invalidUse) : .ok
            if let m = outcome(expect, { try heap.unhold(id(t)) }) { return m }
            if expect == .ok {
                model.holds[t]! -= 1
                if model.holds[t] == 0 { model.holds[t] = nil }
            }
            return nil

        case 57..<62:
            note("drain", "drain")
            model.drain()
            return outcome(.ok) { try heap.drain() }

        case 62..<64:
            if model.marks.count >= 3 { note("drain", "drain"); model.drain(); return outcome(.ok) { try heap.drain() } }
            note("pushPool", "pushPool")
            model.marks.append(model.pool.count)
            heap.pushPool()
            return nil

        case 64..<66:
            note("popPool", "popPool")
            if model.marks.isEmpty { return outcome(.fails(.invalidUse)) { try heap.popPool() } }
            model.drain()
            model.marks.removeLast()
            return outcome(.ok) { try heap.popPool() }

        case 66..<70:
            let t = rng.percent(8) ? (someDead() ?? rng.pick(live)) : rng.pick(live)
            note("autorelease", "autorelease \(name(t))")
            let expect: Expect = model.isAlive(t) ? .ok : .fails(.zombie)
            if let m = outcome(expect, { try heap.autorelease(id(t)) }) { return m }
            if expect == .ok { model.pool.append(UInt32(t)) }
            return nil

        case 70..<77:
            let c = rng.below(ModelSchema.classes.count)
            let cname = ModelSchema.classes[c].name
            let sel = rng.pick(ModelSchema.swizzled)
            let k = nextTag
            nextTag += 1
            if roll < 72 {
                note("setMethod", "setMethod \(cname).\(sel) = b\(k)")
                heap.setMethod(Selector(sel), on: classes[c], baseImplementation(k))
                model.methods[c][sel] = .base(k)
                return sendAfterSwizzle(c, [sel], live)
            }
            if roll < 75 {
                note("replaceMethod", "replaceMethod \(cname).\(sel) with r\(k)")
                let original = model.resolve(c, sel)
                if let m = outcome(original == nil ? .fails(.unknownName) : .ok, {
                    try heap.replaceMethod(Selector(sel), on: classes[c], with: replacementImplementation(k))
                }) { return m }
                if let original { model.methods[c][sel] = .replacing(k, original) }
                return sendAfterSwizzle(c, [sel], live)
            }
            let other = rng.pick(ModelSchema.swizzled.filter { $0 != sel })
            note("exchange", "exchangeMethods \(cname).\(sel) <-> \(other)")
            let ia = model.resolve(c, sel), ib = model.resolve(c, other)
            if let m = outcome(ia == nil || ib == nil ? .fails(.unknownName) : .ok, {
                try heap.exchangeMethods(Selector(sel), Selector(other), on: classes[c])
            }) { return m }
            if let ia, let ib { model.methods[c][sel] = ib; model.methods[c][other] = ia }
            return sendAfterSwizzle(c, [sel, other], live)

        case 77..<89:
            // The receiver: a live object, a dead one, or whatever an assign reference holds.
            var t = rng.pick(live)
            let r = rng.below(100)
            if r < 15, let d = someDead() { t = d }
            else if r < 35 {
                let dangling = live.compactMap { model.object($0).props["a"]?.objectID }
                if !dangling.isEmpty { t = Int(rng.pick(dangling).raw) }
            }
            let sel = rng.pick(["greet", "ping"])
            note("send", "send \(name(t)) \(sel)")
            return sendAndCheck(t, sel)

        default: // 89..<94: a call during which the receiver may lose its last owner
            let x = rng.pick(live)
            let args: [Value]
            if model.holds[x] != nil && rng.percent(40) {
                args = [.string("unhold")]
                model.holds[x]! -= 1
                if model.holds[x] == 0 { model.holds[x] = nil }
            } else if rng.percent(20) {
                args = [.string("drain")]
                model.drain()
            } else {
                let o = rng.percent(40) ? x : rng.pick(live)
                let p = rng.pick(model.allProps[model.object(o).cls].filter { $0.ownership.retains })
                args = [.object(id(o)), .string(p.name)]
                model.objects[o - 1].props[p.name] = .nil
            }
            note("call", "send \(name(x)) drop \(args)")
            return outcome(.ok) { _ = try heap.send(id(x), Self.drop, args) }
        }
    }

    /// Sends `sel` to `t`: a zombie crash when `t` is dead, "unrecognized selector" when
    /// its class has no implementation, else the implementation the model resolves runs.
    private func sendAndCheck(_ t: Int, _ sel: String) -> String? {
        let imp = model.resolve(model.object(t).cls, sel)
        let expect: Expect = !model.isAlive(t) ? .fails(.zombie)
            : imp == nil ? .fails(.exception(name: "NSInvalidArgumentException")) : .ok
        var result: Value = .nil
        if let m = outcome(expect, { result = try heap.send(id(t), Selector(sel)) }) { return "send \(sel) to #\(t): \(m)" }
        if let imp, expect == .ok, result != .string(imp.result) {
            return "send \(sel) to #\(t) returned \(result), the model expects \"\(imp.result)\""
        }
        return nil
    }

    /// After a method change on class `c`: message a live instance of `c` (or of a
    /// subclass) with each changed selector other than `deinit`.
    private func sendAfterSwizzle(_ c: Int, _ selectors: [String], _ live: [Int]) -> String? {
        let instances = live.filter { ModelSchema.isKind(model.object($0).cls, of: c) }
        guard !instances.isEmpty else { return nil }
        let t = rng.pick(instances)
        for sel in selectors where sel != "deinit" {
            if let m = sendAndCheck(t, sel) { return m }
        }
        return nil
    }

    /// Settles the model, then compares everything observable with the heap.
    private func settleAndCompare() -> String? {
        let died = model.settle()
        let model = self.model      // one copy, not one per access

        // deinit: every object that died ran its class's deinit (as the model resolves
        // it) exactly once, and nobody else's deinit ran.
        var expected: [UInt32: [String]] = [:]
        for d in died {
            if let imp = model.resolve(model.object(d).cls, "deinit") { expected[UInt32(d)] = imp.deinitLog }
        }
        var actual: [UInt32: [String]] = [:]
        for (raw, s) in probe.deinitLog { actual[raw, default: []].append(s) }
        deinitCalls += probe.deinitLog.count
        probe.deinitLog.removeAll()
        if actual != expected { return "deinit calls \(actual.sorted { $0.key < $1.key }), the model expects \(expected.sorted { $0.key < $1.key })" }
        if !probe.problems.isEmpty {
            defer { probe.problems.removeAll() }
            return probe.problems.joined(separator: "; ")
        }

        do { try heap.verify() } catch { return "verify() threw: \(error)" }
        if heap.objectCount != model.objects.count {
            return "the heap has \(heap.objectCount) objects, the model \(model.objects.count)"
        }
        for raw in 1...max(1, model.objects.count) where raw <= model.objects.count {
            let oid = id(raw), m = model.object(raw)
            if heap.isAlive(oid) != m.alive {
                return "\(name(raw)) is \(heap.isAlive(oid) ? "alive" : "dead"), the model says \(m.alive ? "alive" : "dead")"
            }
            let rc = m.alive ? model.counts[raw] : 0
            if heap.retainCount(oid) != rc { return "\(name(raw)) has retain count \(heap.retainCount(oid)), the model says \(rc)" }
            if heap.holdCount(oid) != model.holds[raw] ?? 0 {
                return "\(name(raw)) has \(heap.holdCount(oid)) holds, the model says \(model.holds[raw] ?? 0)"
            }
            guard m.alive else { continue }
            for (i, p) in model.allProps[m.cls].enumerated() {
                let want = model.read(m.props[p.name]!, p.ownership)
                let got: ModelRead
                do { got = .value(try heap.get(oid, heapProps[m.cls][i])) }
                catch let e as SimError { got = .error(e.kind) }
                catch { return "reading \(name(raw)).\(p.name): \(error)" }
                if got != want { return "\(name(raw)).\(p.name) (\(p.ownership)) reads \(got), the model says \(want)" }
            }
            for key in ModelSchema.associationKeys {
                let want = m.assoc[key].map { model.read($0.value, $0.ownership) } ?? .value(.nil)
                let got: ModelRead
                do { got = .value(try heap.associatedValue(oid, key: key)) }
                catch let e as SimError { got = .error(e.kind) }
                catch { return "reading \(name(raw)) \"\(key)\": \(error)" }
                if got != want { return "\(name(raw)) associated \"\(key)\" reads \(got), the model says \(want)" }
            }
        }
        if Array(heap.poolEntries) != model.pool || heap.poolMarks != model.marks {
            return "pool \(Array(heap.poolEntries)) marks \(heap.poolMarks), the model has \(model.pool) marks \(model.marks)"
        }
        return nil
    }
}
