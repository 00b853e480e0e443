/// An associated reference (`objc_setAssociatedObject`): a per-object, per-key slot
/// with an ownership policy. Seed 003's guard keeps its flag this way, and blocks keep
/// their captures this way (`Heap.makeBlock`).
struct AssociatedEntry {
    var keyID: UInt16
    var ownership: Ownership
    var slot: UInt32
}

extension Heap {
    /// Sets the associated value `key` of `id` with the given ownership (nil removes it).
    public func setAssociated(_ id: ObjectID, key: String, _ value: Value, ownership: Ownership = .strong) throws {
        try checkUsable(id, "setAssociatedObject")
        let keyID = intern(key)
        // Keys are compared through `name`, never by indexing `names`: past the intern
        // table's 65,535 names `intern` returns `UInt16.max`, which is no index of it (a
        // script adding that many script message handlers must not trap the host).
        var entries = associated[id.raw] ?? []
        let slot: Int
        if let i = entries.firstIndex(where: { $0.keyID == keyID && name($0.keyID) == key }) {
            slot = Int(entries[i].slot)
            let oldOwnership = entries[i].ownership
            if oldOwnership != ownership {
                // A new policy. As `objc_setAssociatedObject` does, take the new reference
                // before letting go of the old one: releasing first would deallocate a
                // value that is only re-set under another policy (then fail on it as a
                // zombie), and a rejected value must leave the old association intact.
                // The entry carries the new policy before the old value is released, so
                // if that release deallocates the owner, its teardown sees the new value.
                let old = slots[slot]
                if oldOwnership == .weak { unlinkWeak(slot: UInt32(slot)) }
                slots[slot] = .nil
                entries[i].ownership = ownership
                associated[id.raw] = entries
                do {
                    try store(value, at: slot, ownership: ownership, owner: id.raw, detail: keyID, cause: .associated, name: key)
                } catch {
                    // `store` throws before changing anything: put the old association back.
                    entries[i].ownership = oldOwnership
                    associated[id.raw] = entries
                    slots[slot] = old
                    if oldOwnership == .weak, case .object(let t) = old {
                        linkWeak(slot: UInt32(slot), owner: id.raw, target: t.raw)
                    }
                    throw error
                }
                if oldOwnership.retains {
                    try releaseValue(old, cause: .associated, detail: keyID, owner: id.raw)
                }
                return
            }
        } else {
            slot = slots.count
            slots.append(.nil)
            entries.append(AssociatedEntry(keyID: keyID, ownership: ownership, slot: UInt32(slot)))
        }
        associated[id.raw] = entries
        try store(value, at: slot, ownership: ownership, owner: id.raw, detail: keyID, cause: .associated, name: key)
    }

    /// The associated value `key` of `id`, nil when unset.
    public func associatedValue(_ id: ObjectID, key: String) throws -> Value {
        try checkUsable(id, "getAssociatedObject")
        guard let e = associated[id.raw]?.first(where: { name($0.keyID) == key }) else { return .nil }
        let v = slots[Int(e.slot)]
        if e.ownership == .unowned, case .object(let t) = v, states[Int(t.raw)] != .alive {
            throw unownedReadError(owner: id, property: key, target: t)
        }
        return v
    }
}
