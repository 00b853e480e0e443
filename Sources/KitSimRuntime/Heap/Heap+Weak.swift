/// A weak reference: the slot `slot` of `owner` reads `target`. Nodes of one target
/// form a doubly linked list from `Heap.weakHead[target]`, so zeroing on dealloc and
/// unlinking on overwrite are both O(1) per reference.
struct WeakNode {
    var owner: UInt32 = 0
    var slot: UInt32 = 0
    var target: UInt32 = 0
    var prev: UInt32 = 0
    var next: UInt32 = 0
}

extension Heap {
    /// Registers that `slot` (of `owner`) now weakly refers to `target`.
    func linkWeak(slot: UInt32, owner: UInt32, target: UInt32) {
        let node: UInt32
        let head = weakHead[Int(target)]
        let fresh = WeakNode(owner: owner, slot: slot, target: target, prev: 0, next: head)
        if freeWeakNode != 0 {
            node = freeWeakNode
            freeWeakNode = weakNodes[Int(node)].next
            weakNodes[Int(node)] = fresh
        } else {
            node = UInt32(weakNodes.count)
            weakNodes.append(fresh)
        }
        if head != 0 { weakNodes[Int(head)].prev = node }
        weakHead[Int(target)] = node
        if Int(slot) >= weakNodeOfSlot.count {
            // Keep pace with `slots`, so the table is regrown as rarely as the slots are.
            weakNodeOfSlot.reserveCapacity(Swift.max(slots.capacity, Int(slot) + 1))
            weakNodeOfSlot.append(contentsOf: repeatElement(0, count: slots.count - weakNodeOfSlot.count))
        }
        weakNodeOfSlot[Int(slot)] = node
    }

    /// The weak node registered for `slot`, 0 when there is none.
    func weakNode(ofSlot slot: UInt32) -> UInt32 {
        Int(slot) < weakNodeOfSlot.count ? weakNodeOfSlot[Int(slot)] : 0
    }

    /// Forgets the weak reference held in `slot`, if any.
    func unlinkWeak(slot: UInt32) {
        let node = weakNode(ofSlot: slot)
        guard node != 0 else { return }
        weakNodeOfSlot[Int(slot)] = 0
        let n = weakNodes[Int(node)]
        if n.prev != 0 { weakNodes[Int(n.prev)].next = n.next } else { weakHead[Int(n.target)] = n.next }
        if n.next != 0 { weakNodes[Int(n.next)].prev = n.prev }
        freeNode(node)
    }

    private func freeNode(_ node: UInt32) {
        weakNodes[Int(node)] = WeakNode(next: freeWeakNode)
        freeWeakNode = node
    }

    /// SPEC §2: weak references read nil once the target deallocates. Each zeroing is
    /// traced with the owner and property, oldest reference first.
    func zeroWeakReferences(to target: UInt32) {
        var node = weakHead[Int(target)]
        guard node != 0 else { return }
        // The list is newest first; walk it from its tail (through `prev`) to report in
        // the order references were made, without allocating.
        while weakNodes[Int(node)].next != 0 { node = weakNodes[Int(node)].next }
        weakHead[Int(target)] = 0
        while node != 0 {
            let n = weakNodes[Int(node)]
            // A weak slot holds its target's id until it is zeroed here.
            clearObjectSlot(Int(n.slot))
            weakNodeOfSlot[Int(n.slot)] = 0
            if recordsHistory {
                record(.weakZeroed, detail: slotNameID(owner: n.owner, slot: n.slot), object: target, other: n.owner)
            }
            freeNode(node)
            node = n.prev
        }
    }

    /// The interned name of the property (or associated key) that `slot` of `owner` is.
    @inline(__always)
    func slotNameID(owner: UInt32, slot: UInt32) -> UInt16 {
        let cid = Int(classIndex[Int(owner)])
        let access = Int(propertyAccessBase[cid])
        let offset = Int(slot) - Int(slotBase[Int(owner)])
        if offset >= 0 && access + offset < propertyAccessEnd(cid) { return propertyAccess[access + offset].nameID }
        return associatedKeyID(owner: owner, slot: slot)
    }

    /// `slotNameID` for a slot outside the owner's properties: an associated reference's key.
    @inline(never)
    func associatedKeyID(owner: UInt32, slot: UInt32) -> UInt16 {
        associated[owner]?.first(where: { $0.slot == slot })?.keyID ?? 0
    }

    /// The objects holding weak references to `id`, with the property names, oldest first.
    public func weakReferrers(of id: ObjectID) -> [(owner: ObjectID, property: String)] {
        guard isValid(id) else { return [] }
        var out: [(ObjectID, String)] = []
        var node = weakHead[Int(id.raw)]
        while node != 0 {
            let n = weakNodes[Int(node)]
            out.append((ObjectID(n.owner), name(slotNameID(owner: n.owner, slot: n.slot))))
            node = n.next
        }
        return out.reversed()
    }
}
