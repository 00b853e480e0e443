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
            try sim.runLoop.enqueueOnMainQueue(at: sim.heap.now, label: sim.eventLabel("async"), inv.argument(0))
            return .nil
        }
        Method("asyncAfter", swift: "asyncAfter(deadline:execute:)", Parameter("deadline", .time), .function("block", optional: false),
               Parameter("options", .table, optional: true),
               summary: "Runs the block in the first turn at or after the deadline (`DispatchTime.now() + 10`); `{ within = {lo, hi}, label = \"…\" }`: from lo to hi seconds after it, as `kitsim explore` chooses.") { sim, inv in
            let deadline = max(sim.heap.now, inv.timeArgument(0))
            let options = try sim.momentOptions(inv.argument(2), "asyncAfter", position: 3)
            guard let window = options.window else {
                try sim.runLoop.enqueueOnMainQueue(at: deadline, label: options.label ?? sim.eventLabel("asyncAfter"), inv.argument(1))
                return .nil
            }
            // An uncertain moment is late by `within` after the deadline: a main thread
            // busy with other work runs the block that much later (docs/explore.md).
            let (earliest, lateness) = deadline.addingReportingOverflow(sim.nanoseconds(window.earliest))
            let (latest, late) = deadline.addingReportingOverflow(sim.nanoseconds(window.latest))
            try sim.runLoop.enqueueOnMainQueue(at: lateness ? Int64.max : earliest, latest: late ? Int64.max : latest,
                                               label: options.label ?? sim.eventLabel("asyncAfter"), inv.argument(1))
            return .nil
        }
    }
}
