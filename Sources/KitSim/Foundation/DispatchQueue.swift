extension Simulator {
    /// `DispatchQueue` (SPEC rule 31): only the main queue is modelled. It runs each block
    /// in a run-loop turn of its own on the virtual clock and keeps the block until it has
    /// run, so a block that captures a dismissed controller strongly delays its
    /// deallocation; it does not leak it.
    static let dispatchQueueDeclaration = ClassDeclaration("DispatchQueue",
        summary: "The main queue: it keeps each block until the block has run.") {
        Static("main", .object("DispatchQueue"), lazy: true, summary: "The main queue, made on first access (rule 24).") { sim in
            .object(sim.mainQueue())
        }
        HoldDeclaration("DispatchQueue.main", "the main queue, once made, and each block on it (`async`, `asyncAfter`, `sim.after`) until the block has run")

        Method("async", swift: "async(execute:)", .function("block", optional: false),
               summary: "Runs the block in a new turn at the current time, after work already due.") { sim, inv in
            try sim.enqueueOnMainQueue(at: sim.heap.now, inv.argument(0))
            return .nil
        }
        Method("asyncAfter", swift: "asyncAfter(deadline:execute:)", Parameter("deadline", .time), .function("block", optional: false),
               summary: "Runs the block in the first turn at or after the deadline (`DispatchTime.now() + 10`).") { sim, inv in
            try sim.enqueueOnMainQueue(at: max(sim.heap.now, inv.timeArgument(0)), inv.argument(1))
            return .nil
        }
    }

    /// `DispatchQueue.main`, made (and held for the life of the app) on first access, so the
    /// ids of a script that never uses it do not change (SPEC rule 24).
    public func mainQueue() -> ObjectID {
        singleton(&mainQueueID, foundation.dispatchQueue, mainQueueHold)
    }

    /// Queues a block on the main queue for virtual time `at` (SPEC rule 31). A block
    /// object is held under `DispatchQueue.main` until it has run, even if it raised, and
    /// is called with (captures…); a plain Lua function is called with no arguments.
    func enqueueOnMainQueue(at time: Int64, _ block: Value, function: String = "asyncAfter") throws {
        switch block {
        case .foreign: break
        case .object(let b) where heap.isKind(b, of: heap.blockClass): try heap.hold(b, mainQueueHold)
        default:
            throw SimError.badArgument(2, function, expected: "function", got: heap.describeType(of: block))
        }
        runLoop.schedule(at: time) { [unowned self] in
            defer { if case .object(let b) = block, heap.isAlive(b) { try? heap.unhold(b, mainQueueHold) } }
            try callCallback(block, [])
        }
    }
}
