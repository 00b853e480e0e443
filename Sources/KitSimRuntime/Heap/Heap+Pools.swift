extension Heap {
    /// Drains the innermost autorelease pool: every object it owns is released, most
    /// recent first, as `AutoreleasePoolPage::releaseUntil` does. The run loop calls
    /// this at the end of each turn (SPEC §3.6).
    public func drain() throws {
        let mark = poolMarks.last ?? 0
        var firstError: Error?
        while poolEntries.count > mark {
            let id = poolEntries.removeLast()
            do { try releaseFromPool(id) }
            catch { if firstError == nil { firstError = error } }
        }
        if let firstError { throw firstError }
    }

    /// The pool's release of `id`: `release(id, .pool, …)` without going through the
    /// cascade stack for the entry itself (only what a deallocation releases goes there).
    @inline(__always)
    private func releaseFromPool(_ id: UInt32) throws {
        let t = Int(id)
        guard retainCounts[t] > 0, states[t] == .alive else {
            return try release(id, .pool, detail: poolReason, owner: 0)    // reports the over-release
        }
        retainCounts[t] &-= 1
        if recordsHistory { record(.release, .pool, detail: poolReason, object: id, other: 0) }
        guard retainCounts[t] == 0 && activeCalls[t] == 0 && !holdsPendingReceiver(t) else { return }
        let base = releaseStack.count
        var failure = deallocate(id)
        do { try runReleases(downTo: base) } catch { if failure == nil { failure = error } }
        if let failure { throw failure }
    }

    /// Opens a nested pool (`@autoreleasepool { … }`).
    public func pushPool() { poolMarks.append(poolEntries.count) }

    /// How many nested pools are open: the `autoreleasepool` blocks running now.
    public var nestedPoolCount: Int { poolMarks.count }

    /// Drains and closes the innermost nested pool.
    public func popPool() throws {
        guard !poolMarks.isEmpty else {
            throw SimError.misuse(.unmatchedPopPool)
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
