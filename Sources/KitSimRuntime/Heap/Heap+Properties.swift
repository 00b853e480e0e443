extension Heap {
    /// The property `name` of the object's class, or an error naming the class.
    public func property(_ name: String, of id: ObjectID) throws -> Property {
        try checkUsable(id, name)
        let cls = classOf(id)
        guard let p = cls.property(named: name) else {
            throw SimError.misuse(.noProperty(className: cls.name, property: name), object: id)
        }
        return p
    }

    /// Reads a property by name (through its getter method, if it has one).
    public func get(_ id: ObjectID, _ name: String) throws -> Value {
        try get(id, try property(name, of: id))
    }

    /// Writes a property by name (through its setter method, if it has one).
    public func set(_ id: ObjectID, _ name: String, _ value: Value) throws {
        try set(id, try property(name, of: id), value)
    }

    /// Reads a property as a caller from outside the class would: through its getter.
    public func get(_ id: ObjectID, _ p: Property) throws -> Value {
        if !isUsable(id) { try failUnusable(id, p.name) }
        if let getter = p.getter { return try send(id, getter) }
        return try readSlot(id, p)
    }

    /// Writes a property as a caller from outside the class would: read-only
    /// properties refuse, and a setter method runs when the class has one.
    public func set(_ id: ObjectID, _ p: Property, _ value: Value) throws {
        if !isUsable(id) { try failUnusable(id, p.name) }
        if p.isReadOnly {
            throw SimError.misuse(.readOnly(property: p.name, className: classOf(id).name), object: id)
        }
        if let setter = p.setter {
            _ = try send(id, setter, [value])
            return
        }
        try writeSlot(id, p, value)
    }

    /// `get(id, classOf(id).properties[index])`: the path of `obj.name` in Lua once
    /// `plainValue` has declined (getters, dead objects, unowned references), with the
    /// index checked against the object's class.
    public func get(_ id: ObjectID, propertyAt index: Int) throws -> Value {
        let raw = Int(id.raw)
        guard raw != 0 && raw < classIndex.count else { return try get(id, classOf(id).properties[index]) }
        let cid = Int(classIndex[raw])
        try checkPropertyIndex(index, classID: cid, id)
        return try get(id, classes[cid].properties[index])
    }

    /// The stored value of property `index` of a live object when reading it is only a
    /// read: no getter, not `unowned` (whose read checks its target), and `index` one of
    /// the object's class. Nil when `get(_:propertyAt:)` has more to do. It records
    /// nothing and runs nothing, so a host calls it first, without preparing for callbacks.
    @inline(__always)
    public func plainValue(_ id: ObjectID, propertyAt index: Int) -> Value? {
        let raw = Int(id.raw)
        guard raw != 0 && raw < classIndex.count, states[raw] != .deallocated else { return nil }
        let cid = Int(classIndex[raw])
        let base = Int(propertyAccessBase[cid])
        guard index >= 0 && base + index < propertyAccessEnd(cid) else { return nil }
        let a = propertyAccess[base + index]
        guard !a.hasGetter && a.ownership != .unowned else { return nil }
        return slots[Int(slotBase[raw]) + Int(a.slot)]
    }

    /// Stores `value` in property `index` of a live object when that is all assigning it
    /// does (SPEC 2): a number, flag or nil into an `assign` or `unowned` slot without a
    /// setter, not read-only, whose type takes it. Returns false when
    /// `set(_:propertyAt:_:)` has more to do (ownership, events, setters, errors). It
    /// records nothing and runs nothing, so a host calls it first.
    @inline(__always)
    public func storePlain(_ id: ObjectID, propertyAt index: Int, _ value: Value) -> Bool {
        let raw = Int(id.raw)
        guard raw != 0 && raw < classIndex.count, states[raw] != .deallocated else { return false }
        let cid = Int(classIndex[raw])
        let base = Int(propertyAccessBase[cid])
        guard index >= 0 && base + index < propertyAccessEnd(cid) else { return false }
        let a = propertyAccess[base + index]
        guard (a.ownership == .assign || a.ownership == .unowned) && !a.isReadOnly && !a.hasSetter else { return false }
        // An observed object's sets take the general path, which calls its observers.
        if observedCount != 0 && observedObjects[id.raw] != nil { return false }
        switch value {
        case .nil: break
        case .int, .double: guard a.kind == .number || a.kind == .any else { return false }
        case .bool: guard a.kind == .bool || a.kind == .any else { return false }
        default: return false
        }
        slots[Int(slotBase[raw]) + Int(a.slot)] = value
        return true
    }

    /// Property `index` of the object's class, or nil for an index that is not one of its
    /// class's (a host names the property in its messages and converts values by its type).
    public func declaredProperty(of id: ObjectID, at index: Int) -> Property? {
        guard isValid(id) else { return nil }
        let props = classOf(id).properties
        return props.indices.contains(index) ? props[index] : nil
    }

    @inline(__always)
    func propertyAccessEnd(_ cid: Int) -> Int {
        Int(propertyAccessEnds[cid])
    }

    /// A property index from a host (the Lua bridge's `__index` closure) must be one of
    /// the object's class: a script that gave a handle another class's metatable must get
    /// an error, never an out-of-bounds read (rule 2). Integer compares only.
    @inline(__always)
    func checkPropertyIndex(_ index: Int, classID cid: Int, _ id: ObjectID) throws {
        let base = Int(propertyAccessBase[cid])
        guard index >= 0 && base + index < propertyAccessEnd(cid) else {
            throw SimError.misuse(.foreignMetatable(ref(id)))
        }
    }

    /// `set(id, classOf(id).properties[index], value)` without copying the `Property`
    /// (`obj.name = value` in Lua, once `storePlain` has declined). Setters, read-only
    /// properties, dead objects and type errors take the general path.
    public func set(_ id: ObjectID, propertyAt index: Int, _ value: Value) throws {
        let raw = Int(id.raw)
        guard raw != 0 && raw < classIndex.count else { return try set(id, classOf(id).properties[index], value) }
        let cid = Int(classIndex[raw])
        try checkPropertyIndex(index, classID: cid, id)
        let a = propertyAccess[Int(propertyAccessBase[cid]) + index]
        // A host function or table takes the declared path, which makes it the closure or
        // the collection a strong or copy property keeps (`writeSlot`).
        if case .foreign = value { return try set(id, classes[cid].properties[index], value) }
        var fits: Bool
        switch (a.kind, value) {
        case (.any, _), (_, .nil), (.bool, .bool), (.number, .int), (.number, .double), (.string, .string),
             (.rect, .rect), (.point, .point):
            fits = true
        case (.anyObject, .object(let target)):
            fits = isValid(target) && states[Int(target.raw)] != .deallocated
        default:
            fits = false
        }
        if !fits || states[raw] == .deallocated || a.isReadOnly || a.hasSetter
            || (observedCount != 0 && observedObjects[id.raw] != nil) {
            return try set(id, classes[cid].properties[index], value)
        }
        try store(value, at: Int(slotBase[raw]) + Int(a.slot), ownership: a.ownership, owner: id.raw,
                  detail: a.nameID, cause: .property, name: self.classes[cid].properties[index].name)
    }

    /// Reads the stored value, bypassing any getter. SPEC §2: reading an `unowned`
    /// reference whose target died is a crash; an `assign` one returns the dangling id.
    public func readSlot(_ id: ObjectID, _ p: Property) throws -> Value {
        if !isUsable(id) { try failUnusable(id, p.name) }
        let v = slots[Int(slotBase[Int(id.raw)]) + p.slot]
        if p.ownership == .unowned, case .object(let target) = v, states[Int(target.raw)] != .alive {
            throw unownedReadError(owner: id, property: p.name, target: target)
        }
        return v
    }

    /// Writes the stored value with the property's ownership semantics, bypassing any
    /// setter (the model's own accessors use this).
    public func writeSlot(_ id: ObjectID, _ p: Property, _ value: Value) throws {
        if !isUsable(id) { try failUnusable(id, p.name) }
        // The model's hot path stores at once; a host table and an observed object take
        // the slow path (one comparison each while neither is in use).
        if case .foreign = value, p.ownership.retains { return try writeSlotSlowly(id, p, value) }
        if observedCount != 0 { return try writeSlotSlowly(id, p, value) }
        try writeSlot(id, p, value, snapshotted: ())
    }

    @inline(never)
    private func writeSlotSlowly(_ id: ObjectID, _ p: Property, _ value: Value) throws {
        // SPEC rule 26: a host table the model stores in a strong or copy property (a
        // timer's userInfo) is an NSArray or NSDictionary that retains its objects.
        var stored = value
        if case .foreign(let f) = value, p.ownership.retains {
            // SPEC §2: a function a strong or copy property keeps is a closure that captures
            // what it uses; a table is the NSArray or NSDictionary it stands for (rule 26).
            stored = f.box.isFunction ? try closure(value) : try snapshot(value, path: p.name, owner: id)
        }
        // SPEC rule 35: an observed object's set calls its observers before and after.
        if observedCount != 0, observedObjects[id.raw] != nil, let hook = onObservedSet {
            let old = slots[Int(slotBase[Int(id.raw)]) + p.slot]
            try hook(id, p, old, true)
            try writeSlot(id, p, stored, snapshotted: ())
            return try hook(id, p, old, false)
        }
        try writeSlot(id, p, stored, snapshotted: ())
    }

    /// Starts or stops (`by: -1`) calling `onObservedSet` for sets of `id`'s properties:
    /// one count per observation (SPEC rule 35).
    public func observeSets(of id: ObjectID, by delta: Int = 1) {
        let n = (observedObjects[id.raw] ?? 0) + delta
        if n > 0 { observedObjects[id.raw] = n } else { observedObjects.removeValue(forKey: id.raw) }
        observedCount = observedObjects.count
    }

    @inline(__always)
    private func writeSlot(_ id: ObjectID, _ p: Property, _ value: Value, snapshotted: Void) throws {
        switch (p.type, value) {
        case (.any, _), (_, .nil), (.number, .int), (.number, .double), (.bool, .bool), (.string, .string): break
        default: try typeCheck(value, p.type, property: p.name, owner: id)
        }
        let index = Int(slotBase[Int(id.raw)]) + p.slot
        if p.ownership == .assign || p.ownership == .unowned, value.isScalar {
            slots[index] = value                     // SPEC 2: a plain value, nothing to link
            return
        }
        try store(value, at: index, ownership: p.ownership, owner: id.raw, detail: p.nameID,
                  cause: .property, name: p.name)
    }

    /// SPEC §2 and rule 25: Swift's trap (`swift_abortRetainUnowned`), with the object's id
    /// where Swift prints its address, and the reference that was read (`Card#4.owner`).
    func unownedReadError(owner: ObjectID, property: String, target: ObjectID) -> SimError {
        SimError.crash(.unownedRead(target: target), object: target, reference: edgeName(owner, property))
    }

    /// Stores `value` in a slot with `ownership` semantics (SPEC §2). Strong: retain the
    /// new value first, then release the old, so assigning the current value is safe.
    /// Weak: link the new target for zeroing. Unowned and assign: store the id.
    func store(_ value: Value, at index: Int, ownership: Ownership, owner: UInt32, detail: UInt16,
               cause: TraceEvent.Cause, name: @autoclosure () -> String) throws {
        switch ownership {
        case .strong, .copy:
            let old = slots[index]
            switch value {
            case .object(let t):
                try retain(t.raw, cause, detail: detail, owner: owner)
            case .array, .dictionary:
                try retainAll(in: value, detail: detail, owner: owner)
            default: break
            }
            slots[index] = value
            try releaseValue(old, cause: cause, detail: detail, owner: owner)
        case .unowned, .assign:
            // A plain value replaces a plain value: nothing to check or link (the common
            // case of numbers, flags and strings).
            switch value {
            case .nil, .bool, .int, .double, .string, .rect, .point, .size, .foreign:
                slots[index] = value
                return
            default: break
            }
            fallthrough
        case .weak:
            var stored = value
            switch value {
            case .object(let t):
                try checkUsable(t, "retainWeak")
                if states[Int(t.raw)] == .deallocating {
                    // Swift and ObjC store nil when the object is already deallocating.
                    stored = .nil
                }
            case .array, .dictionary:
                // SPEC rule 26: only a strong or copy collection retains what it holds.
                if value.containsObject {
                    let isArray = if case .array = value { true } else { false }
                    throw SimError.misuse(.collectionInWeakProperty(property: name(), ownership: "\(ownership)", isArray: isArray),
                                          object: ObjectID(owner))
                }
            default: break
            }
            if ownership == .weak {
                unlinkWeak(slot: UInt32(index))
                if case .object(let t) = stored { linkWeak(slot: UInt32(index), owner: owner, target: t.raw) }
            }
            slots[index] = stored
        }
    }

    /// Retains every object in a collection (SPEC rule 26), each as the reference its
    /// path names (`items[1]`, `map.a`) below the property or key `detail`, in path order.
    private func retainAll(in collection: Value, detail: UInt16, owner: UInt32) throws {
        let paths = collection.objectPaths(name(detail))
        for (i, entry) in paths.enumerated() {
            do { try retain(entry.object.raw, .element, detail: internPath(entry.path, base: detail), owner: owner) }
            catch {
                // Undo the retains already taken so a failed store changes nothing.
                for undo in paths[..<i] {
                    try? release(undo.object.raw, .element, detail: internPath(undo.path, base: detail), owner: owner)
                }
                throw error
            }
        }
    }

    /// Releases what a strong slot held.
    func releaseValue(_ old: Value, cause: TraceEvent.Cause, detail: UInt16, owner: UInt32) throws {
        switch old {
        case .object(let t):
            try release(t.raw, cause, detail: detail, owner: owner)
        case .array, .dictionary:
            // The pending releases are a stack: pushed in reverse, they run in path order.
            let base = releaseStack.count
            for entry in old.objectPaths(name(detail)).reversed() {
                pushRelease(PendingRelease(target: entry.object.raw, cause: .element,
                                                   detail: internPath(entry.path, base: detail), owner: owner))
            }
            try runReleases(downTo: base)
        default: break
        }
    }

    /// Checks a value against a property's declared type.
    func typeCheck(_ value: Value, _ type: ValueType, property: String, owner: ObjectID) throws {
        func fail(_ expected: String) -> SimError {
            SimError.misuse(.badPropertyValue(property: property, className: classOf(owner).name, expected: expected,
                                               got: describeType(of: value)), object: owner)
        }
        switch (type, value) {
        case (.any, _), (_, .nil): return
        case (.bool, .bool), (.number, .int), (.number, .double), (.string, .string),
             (.rect, .rect), (.point, .point):
            return
        case (.object(let cls), .object(let id)):
            try checkUsable(id, "retain")
            if let cls, !classOf(id).isSubclass(of: cls) { throw fail(cls.name) }
        case (.objectArray(let cls), .array(let elements)):
            for e in elements {
                guard case .object(let id) = e else { throw fail("array of \(cls?.name ?? "object")") }
                try checkUsable(id, "retain")
                if let cls, !classOf(id).isSubclass(of: cls) { throw fail("array of \(cls.name)") }
            }
        default:
            throw fail(type.description)
        }
    }

    /// A value's type for messages: objects by class name, the rest as Lua names them.
    public func describeType(of value: Value) -> String {
        if case .object(let id) = value, isValid(id) { return classOf(id).name }
        return value.typeName
    }
}
