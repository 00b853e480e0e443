extension Heap {
    /// Allocates an instance of `cls`. SPEC §2: a new object starts owned by the current
    /// autorelease pool (retain count 1), so it lives until the pool drains unless
    /// something else takes ownership first. Every property starts nil, but for
    /// non-optional arrays, which start empty (SPEC rule 27).
    public func alloc(_ cls: SimClass) -> ObjectID {
        let raw = UInt32(classIndex.count)
        classIndex.append(cls.id)
        retainCounts.append(1)
        states.append(.alive)
        slotBase.append(UInt32(slots.count))
        weakHead.append(0)
        activeCalls.append(0)
        let n = cls.slotCount
        if let initial = cls.initialSlots {
            slots.append(contentsOf: initial)
        } else if n > 8 {
            slots.append(contentsOf: repeatElement(Value.nil, count: n))
        } else {
            for _ in 0..<n { slots.append(.nil) }
        }
        poolEntries.append(raw)
        if recordsHistory {
            record(.alloc, .pool, detail: poolReason, object: raw, other: cls.id)
        }
        return ObjectID(raw)
    }

    /// Reserves room for `count` more objects of about `slotsEach` properties, so a
    /// bulk allocation does not regrow the tables (benchmarks, generated scenarios).
    public func reserveCapacity(objects count: Int, slotsEach: Int) {
        let n = classIndex.count + count
        classIndex.reserveCapacity(n)
        retainCounts.reserveCapacity(n)
        states.reserveCapacity(n)
        slotBase.reserveCapacity(n)
        weakHead.reserveCapacity(n)
        activeCalls.reserveCapacity(n)
        slots.reserveCapacity(slots.count + count * slotsEach)
    }
}

extension Heap {
    /// Allocates and initialises an instance (`init` with the arguments, as `Class(...)`
    /// does in Lua). The object starts owned by the autorelease pool.
    public func make(_ cls: SimClass, args: consuming Arguments) throws -> ObjectID {
        let id = alloc(cls)
        _ = try send(id, .initialize, args: args)
        return id
    }

    /// `make` with the class's `init` looked up by the caller: `initializer` must be what
    /// `cls.implementation(for: .initialize)` returns as `.native` while
    /// `SimClass.methodsVersion` is unchanged (the Lua bridge caches it per class). The
    /// same events and errors as `make`, without the method-table lookup.
    public func make(_ cls: SimClass, initializer: NativeMethod, args: consuming Arguments) throws -> ObjectID {
        let id = alloc(cls)
        _ = try sendNative(id, .initialize, initializer, args: args)
        return id
    }
}

extension Selector {
    /// The initializer `Heap.make` runs.
    public static let initialize = Selector("init")
}
