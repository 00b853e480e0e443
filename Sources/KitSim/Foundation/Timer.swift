/// `Timer`, as the model names it: its class and the properties the model reads and writes.
package enum Timer: ModelClass {
    package static let handle = ClassHandle("Timer")
    package static var declaration: SimulatorClassDeclaration { Timers.declaration }
    package static let target = handle.property("target")
    package static let userInfo = handle.property("userInfo")
    package static let block = handle.property("block")
    package static let timeInterval = handle.property("timeInterval")
}

/// What the model knows of a valid `Timer` beyond its properties (SPEC rules 28–29): when
/// it fires next, how often, and what it calls.
struct TimerSchedule {
    /// Virtual nanoseconds of the next firing.
    var next: Int64
    /// Nanoseconds between firings (repeating timers).
    var interval: Int64
    var repeats: Bool
    /// The target's method, for the target form; nil for the block form.
    var selector: Selector?
    /// Bumped when the schedule changes, so a firing queued for an older one is dropped.
    var generation: UInt64
}

/// The valid timers (SPEC rules 28–29) and the display links (rule 30): what the model
/// knows of each beyond its properties, and their firings on the main run loop. A timer
/// is here from `scheduledTimer` until it is invalidated, and the run loop keeps it all
/// that time, so every timer here is alive; a display link is here from `init` until it
/// is invalidated, and one added to a mode is kept by the run loop.
final class Timers: Subsystem {
    unowned(unsafe) var sim: Simulator!
    let heap: Heap
    /// A timer or display link while its own callback runs (rule 29).
    let firingHold: HoldReason
    /// The valid timers' schedules, by timer id.
    private(set) var schedules: [UInt32: TimerSchedule] = [:]
    /// The display links' selectors, modes and frames, by link id (changed only by the
    /// methods of CADisplayLink.swift).
    var links: [UInt32: DisplayLinkState] = [:]
    var log = InvariantLog()

    init(_ heap: Heap) {
        self.heap = heap
        firingHold = Simulator.declaredHold("timer firing", heap)
    }

    /// Every valid timer and every display link added to a mode is alive (the run loop
    /// keeps it), and every schedule repeats at least a nanosecond apart.
    func violations() -> [String] {
        var out = log.failures
        for id in schedules.keys.sorted() where !heap.isAlive(ObjectID(id)) {
            out.append("the valid timer #\(id) is not alive"); break
        }
        for (id, s) in links.sorted(by: { $0.key < $1.key }) where !s.modes.isEmpty && !heap.isAlive(ObjectID(id)) {
            out.append("the display link #\(id), added to the run loop, is not alive"); break
        }
        if schedules.values.contains(where: { $0.interval < 1 }) { out.append("a timer's interval is under a nanosecond") }
        return out
    }

    /// `fireDate = t`: the timer fires next at `t` (not before now); a firing queued for
    /// the old date is dropped.
    func move(_ t: ObjectID, to next: Int64) {
        guard var s = schedules[t.raw] else { return }
        s.next = next
        s.generation &+= 1
        schedules[t.raw] = s
        log.note(next < heap.now ? "timer #\(t) moved into the past" : nil)
        queueFiring(t)
    }

    /// Makes a timer, schedules it on `RunLoop.main` (which keeps it) and queues its first
    /// firing. An interval of 0 or less is 0.0001 s, as Foundation makes it.
    func schedule(interval: Double, repeats: Bool, target: ObjectID?, selector: Selector?,
                       userInfo: Value, block: Value) throws -> ObjectID {
        let seconds = interval > 0 ? interval : 0.0001
        let t = heap.alloc(heap[Timer.self])
        try write(t, heap[Timer.target], target)
        try write(t, heap[Timer.userInfo], userInfo)
        try write(t, heap[Timer.block], block)
        try write(t, heap[Timer.timeInterval], .double(repeats ? seconds : 0))
        let step = max(1, sim.time(after: seconds) - heap.now)
        schedules[t.raw] = TimerSchedule(next: heap.now + step, interval: step, repeats: repeats, selector: selector, generation: 0)
        try heap.insertElement(t, into: sim.mainRunLoop(), heap[RunLoop.timers])
        queueFiring(t)
        return t
    }

    /// Queues the next firing of a valid timer; a firing of an older schedule is dropped.
    /// A repeating timer's firings keep the label of its first: the line that made it, not
    /// the `sim.run` it fires in.
    func queueFiring(_ t: ObjectID, label given: String? = nil) {
        guard let s = schedules[t.raw] else { return }
        let generation = s.generation
        let label = given ?? sim.timerLabel("timer fires")
        sim.runLoop.schedule(at: s.next, label: label) { [unowned self] in
            guard var s = schedules[t.raw], s.generation == generation else { return }
            if s.repeats {
                // The next firing is scheduled from the schedule, not from now: no drift.
                s.next = s.next.addingReportingOverflow(s.interval).overflow ? Int64.max : s.next + s.interval
                schedules[t.raw] = s
                queueFiring(t, label: label)
            }
            try fire(t, s)
            if !s.repeats { try invalidate(t) }
        }
    }

    /// One firing: `target:selector(timer)` or the block with (captures…, timer); the
    /// firing keeps the timer alive until the callback returns (SPEC rule 29).
    func fire(_ t: ObjectID, _ s: TimerSchedule) throws {
        try heap.hold(t, firingHold)
        defer { if heap.isAlive(t) { try? heap.unhold(t, firingHold) } }
        if let selector = s.selector {
            guard let target = try object(t, Timer.target) else { return }
            _ = try heap.send(target, selector, args: Arguments(.object(t)))
        } else {
            try sim.callCallback(try heap.readSlot(t, Timer.block), [.object(t)])
        }
    }

    /// `invalidate()`: no more firings; before it returns the run loop releases the timer
    /// and the timer its target, userInfo and block (SPEC rule 29).
    func invalidate(_ t: ObjectID) throws {
        guard schedules.removeValue(forKey: t.raw) != nil else { return }
        try heap.hold(t, firingHold)
        defer { if heap.isAlive(t) { try? heap.unhold(t, firingHold) } }
        try heap.removeElement(t, from: sim.mainRunLoop(), heap[RunLoop.timers])
        try write(t, heap[Timer.target], nil)
        try write(t, heap[Timer.userInfo], .nil)
        try write(t, heap[Timer.block], .nil)
    }
}

extension Timers {
    /// `Timer` (SPEC rules 28–29): scheduled on `RunLoop.main`, which keeps it; it keeps its
    /// target, userInfo and block until it is invalidated. It fires at t₀ + k·interval on the
    /// virtual clock, each firing a turn of its own.
    static let declaration = ClassDeclaration(Timer.handle, summary: "Fires on the main run loop; it keeps its target until invalidated.") {
        PropertyDeclaration(Timer.target, .strong, .object("NSObject"), readOnly: true,
                            summary: "Kept until the timer is invalidated (rule 28).")
        PropertyDeclaration(Timer.userInfo, .strong, .any, readOnly: true)
        PropertyDeclaration(Timer.block, .strong, .function, readOnly: true, summary: "The block form's block, kept until invalidated.")
        PropertyDeclaration("isValid", .assign, .bool, readOnly: true, getter: "isValid")
        PropertyDeclaration("fireDate", .assign, .number, getter: "fireDate", setter: "setFireDate",
                            summary: "When it fires next, in virtual seconds; setting it moves the schedule.")
        PropertyDeclaration(Timer.timeInterval, .assign, .number, readOnly: true, default: .double(0),
                            summary: "Seconds between firings; 0 for a timer that does not repeat.")
        HoldDeclaration("timer firing", "a timer or display link while its own callback runs, invalidated or not")

        Method.classMethod("scheduledTimer", swift: "scheduledTimer(timeInterval:target:selector:userInfo:repeats:)",
                           .number("interval"), .object("target", "NSObject"), .string("selector"),
                           Parameter("userInfo", .any, optional: true), .bool("repeats", default: false), returns: .object("Timer"),
                           summary: "Schedules on RunLoop.main; calls target:selector(timer) at each firing (rule 28).") { sim, inv in
            .object(try sim.timers.schedule(interval: inv.numberArgument(0), repeats: inv.bool(4, default: false),
                                          target: inv.objectArgument(1), selector: Selector(inv.stringArgument(2) ?? ""),
                                          userInfo: inv.argument(3), block: .nil))
        }
        Method.classMethod("scheduledTimer_withTimeInterval", swift: "scheduledTimer(withTimeInterval:repeats:block:)",
                           .number("interval"), .bool("repeats"), .function("block", optional: false), returns: .object("Timer"),
                           introduced: 10,
                           summary: "The block form: the timer keeps the block, called with (captures…, timer) (rule 29).") { sim, inv in
            .object(try sim.timers.schedule(interval: inv.numberArgument(0), repeats: inv.bool(1, default: false),
                                                 target: nil, selector: nil, userInfo: .nil, block: inv.argument(2)))
        }
        Method.classMethod("publish", swift: "publish(every:tolerance:on:in:options:)", .number("every"),
                           Parameter("on", .any, optional: true), Parameter("in", .any, optional: true),
                           returns: .object("TimerPublisher"),
                           summary: "Combine's timer publisher, not connected: `autoconnect()` runs a timer on the main run loop at the first subscription (rule 89).") { sim, inv in
            .object(try sim.combine.makeTimerPublisher(every: inv.numberArgument(0)))
        }
        Method("invalidate", summary: "No more firings; the run loop releases the timer, the timer its target, userInfo and block.") { sim, inv in
            try sim.timers.invalidate(inv.receiver)
            return .nil
        }
        Method("fire", summary: "Fires now, the schedule unchanged; a timer that does not repeat is then invalidated.") { sim, inv in
            guard let s = sim.timers.schedules[inv.receiver.raw] else { return .nil }
            try sim.timers.fire(inv.receiver, s)
            if !s.repeats { try sim.timers.invalidate(inv.receiver) }
            return .nil
        }
        Method.accessor("isValid", returns: .bool) { sim, inv in .bool(sim.timers.schedules[inv.receiver.raw] != nil) }
        Method.accessor("fireDate", returns: .number) { sim, inv in
            sim.timers.schedules[inv.receiver.raw].map { .double(Double($0.next) / 1e9) } ?? .nil
        }
        Method.accessor("setFireDate") { sim, inv in
            let date = try inv.number(0, "fireDate")
            sim.timers.move(inv.receiver, to: max(sim.heap.now, sim.time(at: date)))
            return .nil
        }
    }
}
