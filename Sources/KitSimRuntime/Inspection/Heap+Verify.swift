extension Heap {
    /// SPEC §2's invariant, recomputed from scratch: every live object's retain count
    /// equals the strong references to it from live objects plus the runtime's holds
    /// and pool entries; no live object refers strongly to a dead one; every weak
    /// reference is registered for zeroing and none reads a dead object. Returns the
    /// violations, empty when the heap is consistent.
    public func invariantViolations() -> [String] {
        var expected = [UInt32](repeating: 0, count: classIndex.count)
        var out: [String] = []
        for raw in 1..<UInt32(classIndex.count) where states[Int(raw)] != .deallocated {
            forEachStrongTarget(of: raw) { t in
                if states[Int(t)] == .deallocated {
                    out.append("\(describe(ObjectID(raw))) holds deallocated \(describe(ObjectID(t))) strongly")
                } else {
                    expected[Int(t)] &+= 1
                }
            }
        }
        for e in poolEntries { expected[Int(e)] &+= 1 }
        for (raw, list) in holds { for h in list { expected[Int(raw)] &+= h.count } }
        for i in 1..<classIndex.count {
            let id = ObjectID(UInt32(i))
            switch states[i] {
            case .deallocated:
                if retainCounts[i] != 0 { out.append("\(describe(id)) is deallocated with retain count \(retainCounts[i])") }
                if weakHead[i] != 0 { out.append("\(describe(id)) is deallocated but still weakly referenced") }
            case .alive, .deallocating:
                if retainCounts[i] != expected[i] {
                    out.append("\(describe(id)) has retain count \(retainCounts[i]) but \(expected[i]) owners")
                }
                if retainCounts[i] == 0 && activeCalls[i] == 0 && UInt32(i) != pendingReceiver && states[i] == .alive {
                    out.append("\(describe(id)) is alive with no owner and no call in progress")
                }
            }
        }
        // Every registered weak node matches its slot, and every weak slot is registered.
        for (slot, node) in weakNodeOfSlot.enumerated() where node != 0 {
            let slot = UInt32(slot)
            let n = weakNodes[Int(node)]
            if n.slot != slot || slots[Int(slot)] != .object(ObjectID(n.target)) {
                out.append("weak reference registry is out of date for slot \(slot)")
            } else if states[Int(n.target)] != .alive {
                out.append("a weak reference of \(describe(ObjectID(n.owner))) reads dead \(describe(ObjectID(n.target)))")
            }
        }
        for raw in 1..<UInt32(classIndex.count) where states[Int(raw)] != .deallocated {
            let cls = classes[Int(classIndex[Int(raw)])]
            let base = Int(slotBase[Int(raw)])
            for i in 0..<cls.slotCount where cls.slotOwnership[i] == .weak {
                if case .object = slots[base + i], weakNode(ofSlot: UInt32(base + i)) == 0 {
                    out.append("\(describe(ObjectID(raw))).\(cls.properties[i].name) is weak but not registered for zeroing")
                }
            }
        }
        // The model's own state (its window stack, say) checks itself too.
        for checker in invariantCheckers { out.append(contentsOf: checker(self)) }
        return out
    }

    /// Throws an `.invariant` error listing every violation (`sim.verify()`).
    public func verify() throws {
        let v = invariantViolations()
        if !v.isEmpty {
            throw SimError.misuse(.heapInvariant(v))
        }
    }
}
