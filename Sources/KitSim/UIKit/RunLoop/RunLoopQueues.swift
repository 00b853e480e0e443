/// A pending piece of work of the run loop.
typealias LayoutWork = () throws -> Void

/// A timer on the virtual clock: fires at `time`; ties go in scheduling order. A timer
/// whose moment is uncertain (a user's action `within` a window, a network response under
/// a latency window) may fire at any time from `time` to `latest`; an explorer chooses
/// when, relative to the other pending events (docs/explore.md).
struct QueuedTimer {
    var time: Int64
    /// The latest it may fire; `time` for a certain one.
    var latest: Int64
    var sequence: UInt64
    /// What it is, for an explorer's choices and the orders it prints.
    var label: String
    var work: LayoutWork

    var event: PendingEvent { PendingEvent(label: label, earliest: time, latest: latest, sequence: sequence) }
}

/// The main run loop's queues (SPEC 3.6, rule 22): timers on the virtual clock (`after`
/// callbacks, the ends of animations) and the work queued for this turn's layout pass.
/// The type owns them and checks its invariants after every mutation when
/// `Simulator.checksInvariants` is on, and on every `sim.verify()`.
struct RunLoopQueues {
    private(set) var timers: [QueuedTimer] = []
    private var lastSequence: UInt64 = 0
    /// How many pending timers have an uncertain moment: while none has, the next timer
    /// is the first due, with no choice to offer.
    private(set) var uncertainCount = 0
    private(set) var layoutQueue: [LayoutWork] = []
    /// Whether the layout pass is running (work it runs may queue more, not start another).
    var inLayoutPass = false
    private(set) var failuresAfterMutations: [String] = []

    /// Adds a timer firing at `time`, after every timer scheduled before it for that time;
    /// with `latest` later than `time`, at a moment of that window an explorer chooses.
    mutating func schedule(at time: Int64, latest: Int64? = nil, label: String, _ work: @escaping LayoutWork) {
        lastSequence += 1
        let last = max(latest ?? time, time)
        if last > time { uncertainCount += 1 }
        timers.append(QueuedTimer(time: time, latest: last, sequence: lastSequence, label: label, work: work))
        if Simulator.checksInvariants { note(time < 0 ? "a timer fires before the clock's start" : nil) }
    }

    /// The events that may run next before the clock passes `end`, in the default order,
    /// with the end of the run last when it may come first (docs/explore.md, "The model of
    /// time and order"):
    /// - timers whose moment is certain keep their order (the main queue is FIFO, timers
    ///   with equal fire dates fire in the order they were made, an animation's end follows
    ///   its start), so only the first of them is offered;
    /// - an event may run next when its earliest time is not after the earliest deadline
    ///   of the pending events (the latest time of each, `end` for the run's end);
    /// - the run may end first only when every pending timer may still fire after `end`.
    /// Labels shared by events offered together get ` #2`, ` #3` in scheduling order.
    func candidates(until end: Int64) -> [PendingEvent] {
        var firstCertain: Int?
        var deadline = end
        for (i, t) in timers.enumerated() {
            deadline = min(deadline, t.latest)
            if t.latest == t.time, firstCertain.map({ (timers[$0].time, timers[$0].sequence) > (t.time, t.sequence) }) ?? true {
                firstCertain = i
            }
        }
        var out: [PendingEvent] = []
        for (i, t) in timers.enumerated() where t.time <= deadline && (t.latest > t.time || i == firstCertain) {
            out.append(t.event)
        }
        out.sort { ($0.earliest, $0.sequence) < ($1.earliest, $1.sequence) }
        if timers.allSatisfy({ $0.latest > end }) {
            let endEvent = PendingEvent(label: PendingEvent.endOfRunLabel, earliest: end, latest: end, sequence: 0)
            let at = out.firstIndex { $0.earliest > end } ?? out.count
            out.insert(endEvent, at: at)
        }
        return Self.distinctLabels(out)
    }

    /// The events with a ` #n` added to each label an earlier one of them has.
    static func distinctLabels(_ events: [PendingEvent]) -> [PendingEvent] {
        guard events.count > 1 else { return events }
        var seen: [String: Int] = [:]
        var anyShared = false
        for e in events {
            seen[e.label, default: 0] += 1
            if seen[e.label, default: 0] > 1 { anyShared = true }
        }
        guard anyShared else { return events }
        // Numbered in scheduling order, whatever the order offered.
        var numbers: [UInt64: Int] = [:]
        var counts: [String: Int] = [:]
        for e in events.sorted(by: { $0.sequence < $1.sequence }) where seen[e.label, default: 0] > 1 {
            counts[e.label, default: 0] += 1
            numbers[e.sequence] = counts[e.label, default: 0]
        }
        return events.map { e in
            guard let n = numbers[e.sequence], n > 1 else { return e }
            return PendingEvent(label: "\(e.label) #\(n)", earliest: e.earliest, latest: e.latest, sequence: e.sequence)
        }
    }

    /// Removes and returns the timer scheduled as `sequence`.
    mutating func remove(sequence: UInt64) -> QueuedTimer? {
        guard let i = timers.firstIndex(where: { $0.sequence == sequence }) else { return nil }
        let timer = timers.remove(at: i)
        if timer.latest > timer.time { uncertainCount -= 1 }
        return timer
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
        if timer.latest > timer.time { uncertainCount -= 1 }
        if Simulator.checksInvariants { note(timer.time > end ? "a timer fired before its time" : nil) }
        return timer
    }

    /// Returns a timer `popTimer` gave that did not fire, with its time and sequence, so
    /// that it fires as it would have.
    mutating func putBack(_ timer: QueuedTimer) {
        timers.append(timer)
        if timer.latest > timer.time { uncertainCount += 1 }
        if Simulator.checksInvariants { note(timer.sequence > lastSequence ? "a timer's sequence number is later than the last one given" : nil) }
    }

    mutating func enqueueLayout(_ work: @escaping LayoutWork) { layoutQueue.append(work) }

    /// Removes and returns the next piece of layout work, first queued first.
    mutating func popLayout() -> LayoutWork? { layoutQueue.isEmpty ? nil : layoutQueue.removeFirst() }

    /// Timers have distinct sequence numbers, none later than the last one given, and no
    /// time before the clock's start; the uncertain ones are counted right.
    func violations() -> [String] {
        var out = failuresAfterMutations
        if Set(timers.map(\.sequence)).count != timers.count { out.append("two timers share a sequence number") }
        if timers.contains(where: { $0.sequence > lastSequence }) { out.append("a timer's sequence number is later than the last one given") }
        if timers.contains(where: { $0.time < 0 }) { out.append("a timer fires before the clock's start") }
        if timers.filter({ $0.latest > $0.time }).count != uncertainCount { out.append("the count of uncertain timers is wrong") }
        return out
    }

    /// After a mutation, when `Simulator.checksInvariants` is on: what it could break, in
    /// constant time; `violations` checks the whole.
    private mutating func note(_ failure: String?) {
        guard let f = failure, !failuresAfterMutations.contains(f) else { return }
        failuresAfterMutations.append(f)
    }
}
