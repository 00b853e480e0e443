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
            throw SimError.crash(.retainDuringDeinit(ref(ObjectID(target))), object: ObjectID(target))
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
        pushRelease(PendingRelease(target: target, cause: cause, detail: detail, owner: owner))
        try runReleases(downTo: base)
    }

    /// Queues a release for `runReleases`. Internal invariant: the pending releases are at
    /// most the strong references of the objects being torn down, which the run's limits
    /// bound (the object cap, and the work budget for the elements of collections), so the
    /// queue needs no more memory than the references the heap already stores; a release
    /// cannot be dropped without corrupting the retain counts, so a queue that cannot grow
    /// stops the process, as any of the heap's own arrays would.
    @inline(__always)
    func pushRelease(_ r: PendingRelease) {
        guard releaseStack.append(r) else { fatalError("no memory to queue a release") }
    }
}

/// A release waiting on the cascade stack.
struct PendingRelease {
    var target: UInt32
    var cause: TraceEvent.Cause
    var detail: UInt16
    var owner: UInt32
}
