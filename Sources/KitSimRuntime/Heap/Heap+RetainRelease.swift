extension Heap {
    /// Adds one to `target`'s retain count on behalf of `owner`'s property `detail`
    /// (or of a hold or pool, per `cause`).
    ///
    /// A dead target is a zombie; a target in its `deinit` cannot gain an owner that
    /// would outlive it (Swift traps: "Object … deallocated with non-zero retain count").
    @inline(__always)
    func retain(_ target: UInt32, _ cause: TraceEvent.Cause, detail: UInt16, owner: UInt32) throws {
        let t = Int(target)
        switch states[t] {
        case .alive: break
        case .deallocating:
            throw SimError(.retainDuringDeinit,
                           "Object \(describe(ObjectID(target))) deallocated with non-zero retain count: "
                           + "its deinit, or something called from it, created a strong reference to it",
                           object: ObjectID(target))
        case .deallocated:
            throw zombieError(ObjectID(target), "retain")
        }
        retainCounts[t] &+= 1
        if recordsHistory {
            record(.retain, cause, detail: detail, object: target, other: owner)
        }
    }

    /// Takes one from `target`'s retain count; at zero the object deallocates at once,
    /// cascading iteratively (Heap+Dealloc). Errors raised by `deinit` callbacks are
    /// rethrown after the cascade has completed, so the heap is always consistent.
    func release(_ target: UInt32, _ cause: TraceEvent.Cause, detail: UInt16, owner: UInt32) throws {
        let base = releaseStack.count
        releaseStack.append(PendingRelease(target: target, cause: cause, detail: detail, owner: owner))
        try runReleases(downTo: base)
    }
}

/// A release waiting on the cascade stack.
struct PendingRelease {
    var target: UInt32
    var cause: TraceEvent.Cause
    var detail: UInt16
    var owner: UInt32
}
