/// A pending piece of work of the run loop.
typealias LayoutWork = () throws -> Void

/// A timer on the virtual clock: fires at `time`; ties go in scheduling order.
struct QueuedTimer {
    var time: Int64
    var sequence: UInt64
    var work: LayoutWork
}

/// The main run loop's queues (SPEC 3.6, rule 22): timers on the virtual clock (`after`
/// callbacks, the ends of animations) and the work queued for this turn's layout pass.
/// The type owns them and checks its invariants after every mutation when
/// `Simulator.checksInvariants` is on, and on every `sim.verify()`.
struct RunLoopQueues {
    private(set) var timers: [QueuedTimer] = []
    private var lastSequence: UInt64 = 0
    private(set) var layoutQueue: [LayoutWork] = []
    /// Whether the layout pass is running (work it runs may queue more, not start another).
    var inLayoutPass = false
    private(set) var failuresAfterMutations: [String] = []

    /// Adds a timer firing at `time`, after every timer scheduled before it for that time.
    mutating func schedule(at time: Int64, _ work: @escaping LayoutWork) {
        lastSequence += 1
        timers.append(QueuedTimer(time: time, sequence: lastSequence, work: work))
        if Simulator.checksInvariants { note(time < 0 ? "a timer fires before the clock's start" : nil) }
    }

    /// Removes and returns the timer due first at or before `end` (ties in scheduling
    /// order), or nil.
    mutating func popTimer(until end: Int64) -> QueuedTimer? {
        var best: Int?
        for (i, t) in timers.enumerated() where t.time <= end {
            if let b = best, (timers[b].time, timers[b].sequence) <= (t.time, t.sequence) { continue }
            best = i
        }
        guard let best else { return nil }
        let timer = timers.remove(at: best)
        if Simulator.checksInvariants { note(timer.time > end ? "a timer fired before its time" : nil) }
        return timer
    }

    /// Returns a timer `popTimer` gave that did not fire, with its time and sequence, so
    /// that it fires as it would have.
    mutating func putBack(_ timer: QueuedTimer) {
        timers.append(timer)
        if Simulator.checksInvariants { note(timer.sequence > lastSequence ? "a timer's sequence number is later than the last one given" : nil) }
    }

    mutating func enqueueLayout(_ work: @escaping LayoutWork) { layoutQueue.append(work) }

    /// Removes and returns the next piece of layout work, first queued first.
    mutating func popLayout() -> LayoutWork? { layoutQueue.isEmpty ? nil : layoutQueue.removeFirst() }

    /// Timers have distinct sequence numbers, none later than the last one given, and no
    /// time before the clock's start.
    func violations() -> [String] {
        var out = failuresAfterMutations
        if Set(timers.map(\.sequence)).count != timers.count { out.append("two timers share a sequence number") }
        if timers.contains(where: { $0.sequence > lastSequence }) { out.append("a timer's sequence number is later than the last one given") }
        if timers.contains(where: { $0.time < 0 }) { out.append("a timer fires before the clock's start") }
        return out
    }

    /// After a mutation, when `Simulator.checksInvariants` is on: what it could break, in
    /// constant time; `violations` checks the whole.
    private mutating func note(_ failure: String?) {
        guard let f = failure, !failuresAfterMutations.contains(f) else { return }
        failuresAfterMutations.append(f)
    }
}
