extension Heap {
    /// The objects in a strong array property (`subviews`, `viewControllers`).
    public func objects(_ id: ObjectID, _ p: Property) throws -> [ObjectID] {
        guard case .array(let elements) = try readSlot(id, p) else { return [] }
        return elements.compactMap(\.objectID)
    }

    /// Inserts `element` into the strong array property `p` of `id` at `index`
    /// (appends when nil): one retain, so the trace shows one reference added rather
    /// than the whole array re-assigned.
    public func insertElement(_ element: ObjectID, into id: ObjectID, _ p: Property, at index: Int? = nil) throws {
        try checkUsable(id, p.name)
        guard p.ownership.retains else { throw SimError.misuse(.notStrongArray(property: p.name)) }
        try typeCheck(.array([.object(element)]), p.type, property: p.name, owner: id)
        let slot = Int(slotBase[Int(id.raw)]) + p.slot
        var elements: [Value] = []
        if case .array(let a) = slots[slot] { elements = a }
        let at = min(max(index ?? elements.count, 0), elements.count)
        try retain(element.raw, .element, detail: elementNameID(p.nameID, at), owner: id.raw)
        elements.insert(.object(element), at: at)
        slots[slot] = .array(elements)
    }

    /// Removes the element at `index` from the strong array property `p` of `id` and
    /// releases it (it may deallocate at once).
    public func removeElement(at index: Int, from id: ObjectID, _ p: Property) throws {
        try checkUsable(id, p.name)
        let slot = Int(slotBase[Int(id.raw)]) + p.slot
        guard case .array(var elements) = slots[slot], elements.indices.contains(index) else { return }
        let removed = elements.remove(at: index)
        // SPEC rule 27: an emptied array reads {}, never nil.
        slots[slot] = .array(elements)
        if case .object(let t) = removed, p.ownership.retains {
            try release(t.raw, .element, detail: elementNameID(p.nameID, index), owner: id.raw)
        }
    }

    /// Removes the first occurrence of `element`, if present. Returns whether it was there.
    @discardableResult
    public func removeElement(_ element: ObjectID, from id: ObjectID, _ p: Property) throws -> Bool {
        guard let i = try objects(id, p).firstIndex(of: element) else { return false }
        try removeElement(at: i, from: id, p)
        return true
    }
}
