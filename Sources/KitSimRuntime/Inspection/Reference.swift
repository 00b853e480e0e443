/// A reference from one object to another, named the way reports name it:
/// `UIWindow#3.rootViewController (strong)`.
public struct Reference: Hashable, Sendable {
    public let owner: ObjectID
    /// The property, its path for an object in a collection (`subviews[1]`, `map.a`;
    /// 1-based, as Lua indexes), or the associated key.
    public let name: String
    public let ownership: Ownership
    public let target: ObjectID
}

extension Heap {
    /// Calls `body` with the raw id of every object `raw` holds strongly (properties,
    /// array elements and associated references), without building any names. The hot
    /// loop of `verify`, `leaks` and `why`.
    @inline(__always)
    func forEachStrongTarget(of raw: UInt32, _ body: (UInt32) -> Void) {
        // Ownership from the flat `propertyAccess` table: no class object is read (or
        // retained) per object.
        let cid = Int(classIndex[Int(raw)])
        let access = Int(propertyAccessBase[cid])
        let count = propertyAccessEnd(cid) - access
        let base = Int(slotBase[Int(raw)])
        for i in 0..<count where propertyAccess[access + i].ownership.retains {
            if case .object(let t) = slots[base + i] { body(t.raw); continue }
            if case .nil = slots[base + i] { continue }
            switch slots[base + i] {
            case .array(let elements):
                for e in elements {
                    if case .object(let t) = e { body(t.raw) } else if e.isCollection { e.forEachObject(body) }
                }
            case .dictionary: slots[base + i].forEachObject(body)
            default: break
            }
        }
        if !associated.isEmpty, let entries = associated[raw] {
            // A strong associated value may be an array: `store` retains each element
            // (and teardown releases each), so each element is a strong reference too.
            for e in entries where e.ownership.retains {
                slots[Int(e.slot)].forEachObject(body)
            }
        }
    }

    /// Every reference `id` holds, of every kind, in declaration order.
    public func references(from id: ObjectID) -> [Reference] {
        guard isValid(id) else { return [] }
        var out: [Reference] = []
        let cls = classOf(id)
        let base = Int(slotBase[Int(id.raw)])
        func add(_ name: String, _ own: Ownership, _ v: Value) {
            switch v {
            case .object(let t): out.append(Reference(owner: id, name: name, ownership: own, target: t))
            case .array, .dictionary:
                // SPEC rule 26: each object in a collection is a reference named by its path.
                for (path, t) in v.objectPaths(name) { out.append(Reference(owner: id, name: path, ownership: own, target: t)) }
            default: break
            }
        }
        for (i, p) in cls.properties.enumerated() { add(p.name, p.ownership, slots[base + i]) }
        for e in associated[id.raw] ?? [] { add(name(e.keyID), e.ownership, slots[Int(e.slot)]) }
        return out
    }

    /// Every live object's references to `id`, in owner id order.
    public func references(to id: ObjectID) -> [Reference] {
        var out: [Reference] = []
        for raw in 1..<UInt32(classIndex.count) where states[Int(raw)] != .deallocated {
            for r in references(from: ObjectID(raw)) where r.target == id { out.append(r) }
        }
        return out
    }

    /// `UIWindow#3.rootViewController (strong)`.
    public func describe(_ r: Reference) -> String { edgeName(r.owner, r.name) + " (" + r.ownership.description + ")" }

    /// The roots of the object graph for leak reports (SPEC §2): held objects (the
    /// application and its delegate, windows on screen, `sim.hold`, timers and
    /// animations), objects owned by an autorelease pool, and receivers of calls in
    /// progress. Sorted by id.
    public var roots: [ObjectID] {
        var set = Set(holds.keys)
        for e in poolEntries { set.insert(e) }
        for i in 1..<activeCalls.count where activeCalls[i] > 0 { set.insert(UInt32(i)) }
        if pendingReceiver != 0 { set.insert(pendingReceiver) }
        for provider in extraRoots { for id in provider(self) where isAlive(id) { set.insert(id.raw) } }
        return set.sorted().map(ObjectID.init)
    }

    /// Why `id` is a root, for reports: `on screen`, `sim.hold`, `autorelease pool`, `in a call`.
    public func rootReasons(of id: ObjectID) -> [String] {
        var out = holdReasons(of: id)
        if poolEntries.contains(id.raw) { out.append("autorelease pool") }
        if isValid(id) && (activeCalls[Int(id.raw)] > 0 || id.raw == pendingReceiver) { out.append("in a call") }
        if extraRoots.contains(where: { $0(self).contains(id) }) { out.append("on screen") }
        return out
    }

    /// Marks every object reachable from the roots through strong references.
    func reachableFromRoots() -> [Bool] {
        var seen = [Bool](repeating: false, count: classIndex.count)
        var stack: [UInt32] = roots.map(\.raw)
        for r in stack { seen[Int(r)] = true }
        while let n = stack.popLast() {
            forEachStrongTarget(of: n) { t in
                if !seen[Int(t)] { seen[Int(t)] = true; stack.append(t) }
            }
        }
        return seen
    }
}
