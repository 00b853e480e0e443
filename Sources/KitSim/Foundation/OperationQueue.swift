/// `OperationQueue`, as the model names it: its class and the properties the model reads and writes.
package enum OperationQueue: ModelClass {
    package static let handle = ClassHandle("OperationQueue")
    package static var declaration: SimulatorClassDeclaration { MainRunLoop.operationQueueDeclaration }
}

extension MainRunLoop {
    /// `OperationQueue` (SPEC rule 24): only the main queue, the queue block observers may
    /// name. Its operations run as the main dispatch queue's blocks do (rule 31), which is
    /// what `OperationQueue.main` is built on.
    static let operationQueueDeclaration = ClassDeclaration(OperationQueue.handle,
        summary: "The main operation queue: `addObserver_forName`'s queue; it runs operations on the main queue.") {
        Static("main", .object("OperationQueue"), lazy: true, summary: "The main operation queue, made on first access (rule 24).") { sim in
            .object(sim.runLoop.mainOperationQueue())
        }
        HoldDeclaration("OperationQueue.main", "the main operation queue, once made, for the life of the app")
        Method("addOperation", swift: "addOperation(_:)", .function("block", optional: false),
               summary: "Runs the block in a later turn, as `DispatchQueue.main:async` does; the queue keeps it until then.") { sim, inv in
            try sim.runLoop.enqueueOnMainQueue(at: sim.heap.now, label: sim.eventLabel("addOperation"), inv.argument(0), function: "addOperation")
            return .nil
        }
    }
}
