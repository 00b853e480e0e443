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
        var entries = associated[id.raw] ?? []
        let slot: Int
        if let i = entries.firstIndex(where: { $0.keyID == keyID && names[Int($0.keyID)] == key }) {
            if entries[i].ownership != ownership {
                // A new policy: drop the old reference under the old policy first.
                try store(.nil, at: Int(entries[i].slot), ownership: entries[i].ownership, owner: id.raw,
                          detail: keyID, cause: .associated, name: key)
                entries[i].ownership = ownership
            }
            slot = Int(entries[i].slot)
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
        guard let e = associated[id.raw]?.first(where: { names[Int($0.keyID)] == key }) else { return .nil }
        let v = slots[Int(e.slot)]
        if e.ownership == .unowned, case .object(let t) = v, states[Int(t.raw)] != .alive {
            throw unownedReadError(owner: id, property: key, target: t)
        }
        return v
    }
}
