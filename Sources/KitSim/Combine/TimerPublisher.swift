/// `Timer.TimerPublisher`, as the model names it.
package enum TimerPublisher: ModelClass {
    package static let handle = ClassHandle("TimerPublisher", global: false)
    package static var declaration: SimulatorClassDeclaration { Pipelines.timerPublisherDeclaration }
}

extension Pipelines {
    /// `Timer.TimerPublisher` (rule 89): made by `Timer.publish(every:on:in:)`; it keeps its
    /// live subscriptions, and `autoconnect()` connects it at the first subscription: a
    /// repeating timer on the main run loop, whose block keeps the publisher, sends the
    /// time at each firing, until the last subscription ends.
    static let timerPublisherDeclaration = ClassDeclaration(TimerPublisher.handle, superclass: "Publisher",
        summary: "Timer.publish's publisher: connected, a timer on the main run loop keeps it and sends the time.") {
        Method("autoconnect", swift: "autoconnect()", returns: .object("Publisher"),
               summary: "Connects at the first subscription, disconnects (invalidates its timer) when the last one ends (rule 89).") { sim, inv in
            .object(try sim.combine.makeAutoconnect(over: inv.receiver))
        }
        Method.callback("timerFired", summary: "Sent by its timer at each firing: the time, in virtual seconds, to each live subscription.") { sim, inv in
            try sim.combine.timerFired(inv.receiver)
            return .nil
        }
    }

    /// `Timer.publish(every:on:in:)`: a timer publisher, not connected.
    func makeTimerPublisher(every interval: Double) throws -> ObjectID {
        guard interval.isFinite else { throw SimError.badArgument(1, "publish", "the interval must be a finite number of seconds") }
        let p = heap.alloc(heap[TimerPublisher.self])
        try write(p, heap[Publisher.subscriptions], .array([]))
        made(p, .timer(interval: interval))
        return p
    }
}
