extension Heap {
    /// Drains the innermost autorelease pool: every object it owns is released, most
    /// recent first, as `AutoreleasePoolPage::releaseUntil` does. The run loop calls
    /// this at the end of each turn (SPEC §3.6).
    public func drain() throws {
        let mark = poolMarks.last ?? 0
        var firstError: Error?
        while poolEntries.count > mark {
            let id = poolEntries.removeLast()
            do { try release(id, .pool, detail: poolReason, owner: 0) }
            catch { if firstError == nil { firstError = error } }
        }
        if let firstError { throw firstError }
    }

    /// Opens a nested pool (`@autoreleasepool { … }`).
    public func pushPool() { poolMarks.append(poolEntries.count) }

    /// Drains and closes the innermost nested pool.
    public func popPool() throws {
        guard !poolMarks.isEmpty else {
            throw SimError(.invalidUse, "popPool without a matching pushPool")
        }
        defer { poolMarks.removeLast() }
        try drain()
    }

    /// Hands the object to the current pool: one more reference, released at the next
    /// drain (`autorelease`).
    public func autorelease(_ id: ObjectID) throws {
        try checkUsable(id, "autorelease")
        try retain(id.raw, .pool, detail: poolReason, owner: 0)
        poolEntries.append(id.raw)
    }

    /// How many references the pools hold on `id`.
    public func poolCount(_ id: ObjectID) -> Int { poolEntries.reduce(0) { $0 + ($1 == id.raw ? 1 : 0) } }
}
