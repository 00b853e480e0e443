extension Heap {
    /// Processes releases until the stack is back to `base`. Iterative, never recursive:
    /// a 1,000,000-long chain deallocates in constant stack depth. Pushing a
    /// dying object's references in reverse slot order makes the order of events the
    /// same as a recursive release would give (first property first, depth first).
    func runReleases(downTo base: Int) throws {
        var firstError: Error?
        while releaseStack.count > base {
            let r = releaseStack.removeLast()
            let t = Int(r.target)
            // Internal invariant: a release always matches an earlier retain.
            guard retainCounts[t] > 0, states[t] == .alive else {
                assertionFailure("over-release of \(describe(ObjectID(r.target)))")
                continue
            }
            retainCounts[t] &-= 1
            if recordsHistory {
                record(.release, r.cause, detail: r.detail, object: r.target, other: r.owner)
            }
            if retainCounts[t] == 0 && activeCalls[t] == 0 && !holdsPendingReceiver(t) {
                if let e = deallocate(r.target), firstError == nil { firstError = e }
            }
        }
        if let firstError { throw firstError }
    }

    /// Deallocates an object whose retain count reached zero: weak references to it
    /// are zeroed (so they read nil inside its `deinit`, as in Swift), its `deinit`
    /// runs, and its references are queued for release. Returns a `deinit` error
    /// instead of throwing so the caller finishes the cascade first.
    func deallocate(_ raw: UInt32) -> Error? {
        let t = Int(raw)
        let cid = classIndex[t]
        // The common case, an object of a class without `deinit` in a heap without a
        // dealloc hook, reads nothing of the class object (no retain of it) and goes from
        // alive to deallocated in one store: nothing can observe the state between.
        let imp = classes[Int(cid)].deinitImplementation
        guard imp != nil || onDealloc != nil else {
            states[t] = .deallocated
            zeroWeakReferences(to: raw)
            if recordsHistory { record(.dealloc, object: raw, other: cid) }
            tearDown(raw, classID: cid)
            deallocObserver?(ObjectID(raw))
            return nil
        }
        states[t] = .deallocating
        zeroWeakReferences(to: raw)
        var failure: Error?
        if let imp {
            do { _ = try invoke(imp, receiver: ObjectID(raw), selector: .deinit, arguments: [], original: nil) }
            catch { failure = error }
        }
        if let hook = onDealloc, let e = hook(ObjectID(raw)), failure == nil { failure = e }
        states[t] = .deallocated
        if recordsHistory { record(.dealloc, object: raw, other: cid) }
        tearDown(raw, classID: cid)
        deallocObserver?(ObjectID(raw))
        return failure
    }

    /// Queues the releases of everything a dead object owned and unlinks its weak
    /// references, then clears its slots so it holds nothing. Reads each slot's ownership
    /// and name from the flat `propertyAccess` table, never from the class object.
    func tearDown(_ raw: UInt32, classID cid: UInt32) {
        // Most heaps have few blocks and associated references: skip the hashes when there are none.
        if !blockBodies.isEmpty { blockBodies.removeValue(forKey: raw) }
        if !weakenedClosures.isEmpty { weakenedClosures.removeValue(forKey: raw) }
        if !associated.isEmpty, let entries = associated.removeValue(forKey: raw) {
            for e in entries.reversed() {
                tearDownSlot(Int(e.slot), e.ownership, detail: e.keyID, owner: raw, cause: .associated)
            }
        }
        let base = Int(slotBase[Int(raw)])
        let access = Int(propertyAccessBase[Int(cid)])
        let count = propertyAccessEnd(Int(cid)) - access
        var i = count
        while i > 0 {
            i -= 1
            let a = propertyAccess[access + i]
            tearDownSlot(base + i, a.ownership, detail: a.nameID, owner: raw, cause: .teardown)
        }
    }

    @inline(__always)
    func tearDownSlot(_ index: Int, _ ownership: Ownership, detail: UInt16, owner: UInt32, cause: TraceEvent.Cause) {
        // An object and nil are tested in place, without copying the slot's value: they
        // are what almost every slot holds when its owner dies.
        if case .object(let target) = slots[index] {
            switch ownership {
            case .strong, .copy:
                pushRelease(PendingRelease(target: target.raw, cause: cause == .associated ? .associated : .teardown,
                                                   detail: detail, owner: owner))
            case .weak:
                unlinkWeak(slot: UInt32(index))
            case .unowned, .assign:
                break
            }
            clearObjectSlot(index)
            return
        }
        if case .nil = slots[index] { return }
        tearDownOtherSlot(index, ownership, detail: detail, owner: owner)
    }

    /// Stores nil in a slot that holds an object (anything else is destroyed as usual):
    /// the old value is a plain id, so there is nothing to destroy, and the store skips
    /// the value's destroy call.
    @inline(__always)
    func clearObjectSlot(_ index: Int) {
        slots.withUnsafeMutableBufferPointer { slots in
            precondition(index >= 0 && index < slots.count, "slot out of range")
            if case .object = slots[index] {
                (slots.baseAddress! + index).initialize(to: .nil)
            } else {
                slots[index] = .nil
            }
        }
    }

    /// `tearDownSlot` for a slot holding neither nil nor an object: collections are
    /// released element by element, anything else is dropped.
    @inline(never)
    func tearDownOtherSlot(_ index: Int, _ ownership: Ownership, detail: UInt16, owner: UInt32) {
        switch slots[index] {
        case .array(let elements) where ownership.retains && elements.allSatisfy({ $0.objectID != nil }):
            // UIKit's arrays: each element named by its cached index name (`subviews[2]`).
            // The pending releases are a stack: pushed in reverse, they run in order.
            for i in elements.indices.reversed() {
                if case .object(let target) = elements[i] {
                    pushRelease(PendingRelease(target: target.raw, cause: .teardown,
                                                       detail: elementNameID(detail, i), owner: owner))
                }
            }
        case .array, .dictionary:
            if ownership.retains {
                for entry in slots[index].objectPaths(name(detail)).reversed() {
                    pushRelease(PendingRelease(target: entry.object.raw, cause: .teardown,
                                                       detail: internPath(entry.path, base: detail), owner: owner))
                }
            }
        default:
            break
        }
        slots[index] = .nil
    }

    /// Called when a message send returns: an object whose last owner let go during the
    /// call deallocates now (SPEC §2: a call keeps its receiver alive).
    func endCall(_ raw: UInt32) throws {
        let t = Int(raw)
        activeCalls[t] &-= 1
        if activeCalls[t] == 0 && retainCounts[t] == 0 && states[t] == .alive {
            let base = releaseStack.count
            let e = deallocate(raw)
            try runReleases(downTo: base)
            if let e { throw e }
        }
    }
}
