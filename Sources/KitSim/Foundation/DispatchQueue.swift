/// `DispatchQueue`, as the model names it: its class and the properties the model reads and writes.
package enum DispatchQueue: ModelClass {
    package static let handle = ClassHandle("DispatchQueue")
    package static var declaration: SimulatorClassDeclaration { MainRunLoop.dispatchQueueDeclaration }
}

extension MainRunLoop {
    /// `DispatchQueue` (SPEC rule 31): only the main queue is modelled. It runs each block
    /// in a run-loop turn of its own on the virtual clock and keeps the block until it has
    /// run, so a block that captures a dismissed controller strongly delays its
    /// deallocation; it does not leak it.
    static let dispatchQueueDeclaration = ClassDeclaration(DispatchQueue.handle,
        summary: "The main queue: it keeps each block until the block has run.") {
        Static("main", .object("DispatchQueue"), lazy: true, summary: "The main queue, made on first access (rule 24).") { sim in
            .object(sim.runLoop.mainQueue())
        }
        HoldDeclaration("DispatchQueue.main", "the main queue, once made, and each block on it (`async`, `asyncAfter`, `sim.after`) until the block has run")

        Method("async", swift: "async(execute:)", .function("block", optional: false),
               summary: "Runs the block in a new turn at the current time, after work already due.") { sim, inv in
            try sim.runLoop.enqueueOnMainQueue(at: sim.heap.now, inv.argument(0))
            return .nil
        }
        Method("asyncAfter", swift: "asyncAfter(deadline:execute:)", Parameter("deadline", .time), .function("block", optional: false),
               summary: "Runs the block in the first turn at or after the deadline (`DispatchTime.now() + 10`).") { sim, inv in
            try sim.runLoop.enqueueOnMainQueue(at: max(sim.heap.now, inv.timeArgument(0)), inv.argument(1))
            return .nil
        }
    }
}
