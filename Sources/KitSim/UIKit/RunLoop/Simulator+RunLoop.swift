extension Simulator {
    /// SPEC rule 22: `sim.run(seconds)` — finishes the current turn, then fires timers,
    /// `after` callbacks and animation completions in time order, each in a turn of its
    /// own that ends with a layout pass and an autorelease drain; finally the clock
    /// stands at now + seconds. `run(0)` just finishes the current turn.
    public func run(_ seconds: Double) throws {
        guard seconds >= 0, seconds.isFinite else {
            throw SimError.badArgument(1, "run", expected: "a finite number of seconds >= 0", got: formatNumber(seconds), kind: .invalidUse)
        }
        let end = time(after: seconds)
        try finishTurn()
        while let timer = runLoop.popTimer(until: end) {
            // A turn costs one unit and one more per 8 windows its layout pass walks.
            do {
                try heap.onTurn?(1 + windowing.stack.count / 8)
            } catch {
                // A turn the work budget refuses never starts: its timer stays pending, so
                // the work it would do (a rotation's or transition's end, which releases
                // the hold it took) is not lost, only never reached.
                runLoop.putBack(timer)
                throw error
            }
            heap.advanceClock(to: timer.time)
            try timer.work()
            try finishTurn()
        }
        heap.advanceClock(to: end)
    }

    /// Ends the current run-loop turn: the layout pass, then the autorelease drain.
    public func finishTurn() throws {
        try layoutPass()
        try heap.drain()
    }

    /// `sim.after(delay, fn)`: `DispatchQueue.main.asyncAfter(deadline: .now() + delay)`
    /// (SPEC rule 31) with `callback` a host function or a block, which the queue keeps
    /// until it has run.
    public func after(_ delay: Double, _ callback: Value) throws {
        guard delay >= 0, delay.isFinite else {
            throw SimError.badArgument(1, "after", expected: "a finite delay >= 0", got: formatNumber(delay), kind: .invalidUse)
        }
        try enqueueOnMainQueue(at: time(after: delay), callback, function: "after")
    }

    /// Schedules internal work (an animation's end) on the virtual clock.
    func schedule(after seconds: Double, _ work: @escaping LayoutWork) {
        runLoop.schedule(at: time(after: seconds), work)
    }

    /// Runs one step of a transition whose callbacks (Lua overrides, swizzles) may fail:
    /// the first error is kept and the transition goes on, so that it never stops
    /// half-done (a hold nothing releases, a root without its view); the caller rethrows
    /// the error at the end.
    func attempt(_ firstError: inout Error?, _ body: () throws -> Void) {
        do { try body() } catch { if firstError == nil { firstError = error } }
    }

    /// Queues work for this turn's layout pass (non-animated "did" callbacks,
    /// completions, tab switches).
    func enqueueLayout(_ work: @escaping LayoutWork) { runLoop.enqueueLayout(work) }

    /// Number of pending timers and animations.
    public var pendingTimerCount: Int { runLoop.timers.count }

    /// Whether work is queued for this turn's layout pass.
    public var hasPendingLayoutWork: Bool { !runLoop.layoutQueue.isEmpty }

    /// Objects the run loop still holds for a transition or a timer although no timer,
    /// animation or layout work is pending and no custom transition waits for its
    /// animator, each with its hold reasons: a hold the model took and failed to release
    /// (the fuzzer checks there are none). The model owns these reasons, so no client
    /// needs their names.
    public func strandedHolds() -> [(object: ObjectID, reasons: [String])] {
        // SPEC rule 58: a custom transition is in flight until its animator calls
        // `completeTransition`, however long that takes; what it holds is not stranded.
        guard runLoop.timers.isEmpty, runLoop.layoutQueue.isEmpty, customTransitions.isEmpty else { return [] }
        var out: [(ObjectID, [String])] = []
        for id in heap.heldObjects {
            var reasons: [String] = []
            if heap.holdCount(id, transitionHold) > 0 { reasons.append("transition in flight") }
            // The queue itself is held under the same name for the life of the app.
            if heap.holdCount(id, mainQueueHold) > 0, id != mainQueueID { reasons.append("DispatchQueue.main") }
            if !reasons.isEmpty { out.append((id, reasons)) }
        }
        return out
    }

    /// The layout pass: queued work in order, then containers load the views of their
    /// visible children (rule 17), until nothing is left to do.
    func layoutPass() throws {
        guard !runLoop.inLayoutPass else { return }
        runLoop.inLayoutPass = true
        defer { runLoop.inLayoutPass = false }
        var rounds = 0
        repeat {
            while let work = runLoop.popLayout() { try work() }
            try layoutContainers()
            try layoutLists()
            rounds += 1
            if rounds > 10_000 {
                throw SimError.limitExceeded(.layoutPass(rounds: 10_000))
            }
        } while !runLoop.layoutQueue.isEmpty
    }

    /// Seconds as nanoseconds, clamped to 10^9 s (about 31 years): a script's
    /// `sim.after(2^63, f)` is a timer that never fires, never an `Int64` trap
    /// (DEVELOPERS.md rule 2).
    func nanoseconds(_ seconds: Double) -> Int64 {
        guard seconds.isFinite else { return seconds > 0 ? Simulator.maxDelay : 0 }
        return Int64((Swift.min(Swift.max(seconds, 0), 1e9) * 1e9).rounded())
    }

    static let maxDelay: Int64 = 1_000_000_000 * 1_000_000_000

    /// The virtual time `seconds` after the start of the clock.
    func time(at seconds: Double) -> Int64 { nanoseconds(seconds) }

    /// The virtual time `seconds` from now, saturating instead of overflowing.
    func time(after seconds: Double) -> Int64 {
        let (t, overflow) = heap.now.addingReportingOverflow(nanoseconds(seconds))
        return overflow ? Int64.max : t
    }
}
