/// The main run loop (SPEC 3.6, rules 22, 24, 31): its timers on the virtual clock, the
/// work queued for this turn's layout pass, and the Foundation objects that stand for it
/// — `RunLoop.main`, `DispatchQueue.main` and `OperationQueue.main`, each made on first
/// access and held for the life of the app, so the ids of a script that never uses one do
/// not change (rule 24).
final class MainRunLoop: Subsystem {
    unowned(unsafe) var sim: Simulator!
    // Its hot paths call these subsystems directly; the simulator sets them when it wires
    // the subsystems (Subsystem.swift says why).
    unowned(unsafe) var lifecycle: ControllerLifecycle!
    unowned(unsafe) var transitions: Transitions!
    unowned(unsafe) var windowing: Windows!
    let heap: Heap
    /// `RunLoop.main`, once made.
    let runLoopHold: HoldReason
    /// `DispatchQueue.main`, once made, and each block on it until the block has run.
    let mainQueueHold: HoldReason
    /// `OperationQueue.main`, once made.
    let mainOperationQueueHold: HoldReason
    /// The timers and the layout queue (RunLoopQueues.swift), which check their own
    /// invariants.
    private var queues = RunLoopQueues()
    /// `RunLoop.main` once made, else id 0.
    private(set) var mainRunLoopID = ObjectID(0)
    /// `DispatchQueue.main` once made, else id 0.
    private(set) var mainQueueID = ObjectID(0)
    /// `OperationQueue.main` once made, else id 0.
    private(set) var mainOperationQueueID = ObjectID(0)
    var log = InvariantLog()

    init(_ heap: Heap) {
        self.heap = heap
        runLoopHold = Simulator.declaredHold("RunLoop.main", heap)
        mainQueueHold = Simulator.declaredHold("DispatchQueue.main", heap)
        mainOperationQueueHold = Simulator.declaredHold("OperationQueue.main", heap)
    }

    /// The queues' own invariants, and every main object once made is alive and held under
    /// its name (rule 24: for the life of the app).
    func violations() -> [String] {
        log.failures + queues.violations()
            + heap.singletonViolations([(mainRunLoopID, runLoopHold, "RunLoop.main"), (mainQueueID, mainQueueHold, "DispatchQueue.main"),
                                        (mainOperationQueueID, mainOperationQueueHold, "OperationQueue.main")])
    }

    /// The pending timers and animations, in no particular order.
    var timers: [QueuedTimer] { queues.timers }

    /// The work queued for this turn's layout pass.
    var layoutQueue: [LayoutWork] { queues.layoutQueue }

    /// Adds a timer firing at virtual time `time`, after every timer scheduled before it
    /// for that time. `label` names it in an explorer's orders (docs/explore.md).
    func schedule(at time: Int64, label: String, _ work: @escaping LayoutWork) { queues.schedule(at: time, label: label, work) }

    /// Schedules work from virtual time `time` to `latest` (a timer's leeway): an explorer
    /// chooses the moment; without one it runs at `time`.
    func schedule(at time: Int64, latest: Int64, label: String, _ work: @escaping LayoutWork) {
        queues.schedule(at: time, latest: latest, label: label, work)
    }

    /// Schedules internal work (an animation's end) `seconds` from now on the virtual clock.
    func schedule(after seconds: Double, label: String, _ work: @escaping LayoutWork) {
        queues.schedule(at: sim.time(after: seconds), label: label, work)
    }

    /// Schedules work at a moment the script left uncertain: from `earliest` to `latest`
    /// seconds from now (a user's action `within` a window, a response under a latency
    /// window). Without an explorer it runs at its earliest moment.
    func schedule(between earliest: Double, and latest: Double, label: String, _ work: @escaping LayoutWork) {
        queues.schedule(at: sim.time(after: earliest), latest: sim.time(after: latest), label: label, work)
    }

    /// Queues work for this turn's layout pass (non-animated "did" callbacks,
    /// completions, tab switches).
    func enqueueLayout(_ work: @escaping LayoutWork) { queues.enqueueLayout(work) }

    /// SPEC rule 22: finishes the current turn, then fires the timers due at or before
    /// `end` in time order, each in a turn of its own that ends with a layout pass and an
    /// autorelease drain; finally the clock stands at `end`.
    ///
    /// Where more than one event may fire next (an uncertain moment is pending), the
    /// heap's order chooser picks one; without one the earliest fires (docs/explore.md).
    /// An event fires at its earliest time, or now if that has passed.
    ///
    /// Inside an `autoreleasepool` block (rule 76) the current turn cannot end, since the
    /// code that runs the loop is still in it: its layout pass runs and its pool is left
    /// alone, and each timer's turn drains a pool of its own, as a nested run of the run
    /// loop does, so what the block autoreleased lives until the block ends.
    func run(until end: Int64) throws {
        let nested = heap.nestedPoolCount > 0
        if nested { try layoutPass() } else { try finishTurn() }
        try heap.afterTurn?(nil)
        while let timer = try nextTimer(until: end) {
            // A turn costs one unit and one more per 8 windows its layout pass walks.
            do {
                try heap.onTurn?(1 + windowing.stack.count / 8)
            } catch {
                // A turn the work budget refuses never starts: its timer stays pending, so
                // the work it would do (a rotation's or transition's end, which releases
                // the hold it took) is not lost, only never reached.
                queues.putBack(timer)
                throw error
            }
            if heap.onLeakSighted != nil { sim.lifecycle.sightAbandoned(upTo: timer.time) }
            heap.advanceClock(to: timer.time)
            heap.orderChooser?.ran(timer.event, at: heap.now)
            if nested {
                heap.pushPool()
                do {
                    try timer.work()
                    try layoutPass()
                } catch {
                    // The turn's own pool goes with it; the error that ended the turn is the one reported.
                    try? heap.popPool()
                    throw error
                }
                try heap.popPool()
            } else {
                try timer.work()
                try finishTurn()
            }
            try heap.afterTurn?(timer.label)
        }
        if heap.onLeakSighted != nil { sim.lifecycle.sightAbandoned(upTo: end) }
        heap.advanceClock(to: end)
    }

    /// The timer to fire next before the clock passes `end`, removed from the queue, or
    /// nil when the run ends first. Only while an uncertain moment is pending is there a
    /// choice (`RunLoopQueues.candidates`); the chooser makes it.
    private func nextTimer(until end: Int64) throws -> QueuedTimer? {
        guard queues.uncertainCount > 0 else { return queues.popTimer(until: end) }
        let offered = queues.candidates(until: end)
        var pick = 0
        if offered.count > 1, let chooser = heap.orderChooser {
            pick = try chooser.choose(offered, now: heap.now)
            // A chooser's index outside the offer is the chooser's bug; the default keeps
            // the run going.
            if !offered.indices.contains(pick) { pick = 0 }
        }
        let chosen = offered[pick]
        if chosen.isEndOfRun {
            heap.orderChooser?.ran(chosen, at: end)
            return nil
        }
        return queues.remove(sequence: chosen.sequence)
    }

    /// Ends the current run-loop turn: the layout pass, then the autorelease drain.
    func finishTurn() throws {
        try layoutPass()
        try heap.drain()
    }

    /// The layout pass: queued work in order, then containers load the views of their
    /// visible children (rule 17) and lists lay out their cells (rule 39), until nothing
    /// is left to do.
    func layoutPass() throws {
        guard !queues.inLayoutPass else { return }
        queues.inLayoutPass = true
        defer { queues.inLayoutPass = false }
        var rounds = 0
        repeat {
            while let work = queues.popLayout() { try work() }
            try lifecycle.layoutContainers()
            try sim.lists.layOut()
            rounds += 1
            if rounds > 10_000 {
                throw SimError.limitExceeded(.layoutPass(rounds: 10_000))
            }
        } while !queues.layoutQueue.isEmpty
    }

    /// Objects the run loop still holds for a transition or a block although no timer,
    /// animation or layout work is pending and no custom transition waits for its
    /// animator, each with its hold reasons (`Simulator.strandedHolds()`).
    func strandedHolds() -> [(object: ObjectID, reasons: [String])] {
        // SPEC rule 58: a custom transition is in flight until its animator calls
        // `completeTransition`, however long that takes; what it holds is not stranded.
        guard queues.timers.isEmpty, queues.layoutQueue.isEmpty, transitions.customTransitions.isEmpty else { return [] }
        var out: [(ObjectID, [String])] = []
        for id in heap.heldObjects {
            var reasons: [String] = []
            if heap.holdCount(id, transitions.transitionHold) > 0 { reasons.append("transition in flight") }
            // The queue itself is held under the same name for the life of the app.
            if heap.holdCount(id, mainQueueHold) > 0, id != mainQueueID { reasons.append("DispatchQueue.main") }
            if !reasons.isEmpty { out.append((id, reasons)) }
        }
        return out
    }

    /// `RunLoop.main`, made (and held for the life of the app) on first access (SPEC rule 24).
    func mainRunLoop() -> ObjectID {
        sim.singleton(&mainRunLoopID, heap[RunLoop.self], runLoopHold)
    }

    /// `DispatchQueue.main`, made (and held for the life of the app) on first access (SPEC
    /// rule 24).
    func mainQueue() -> ObjectID {
        sim.singleton(&mainQueueID, heap[DispatchQueue.self], mainQueueHold)
    }

    /// `OperationQueue.main`, made (and held for the life of the app) on first access
    /// (SPEC rule 24).
    func mainOperationQueue() -> ObjectID {
        sim.singleton(&mainOperationQueueID, heap[OperationQueue.self], mainOperationQueueHold)
    }

    /// Queues a block on the main queue for virtual time `at` (SPEC rule 31). A block
    /// object is held under `DispatchQueue.main` until it has run, even if it raised, and
    /// is called with (captures…); a plain Lua function is called with no arguments.
    func enqueueOnMainQueue(at time: Int64, latest: Int64? = nil, label: String, _ block: Value, function: String = "asyncAfter") throws {
        switch block {
        case .foreign: break
        case .object(let b) where heap.isKind(b, of: heap.blockClass): try heap.hold(b, mainQueueHold)
        default:
            throw SimError.badArgument(2, function, expected: "function", got: heap.describeType(of: block))
        }
        queues.schedule(at: time, latest: latest, label: label) { [unowned self] in
            defer { if case .object(let b) = block, heap.isAlive(b) { try? heap.unhold(b, mainQueueHold) } }
            try sim.callCallback(block, [])
        }
    }
}

extension Simulator {
    /// SPEC rule 22: `sim.run(seconds)` — finishes the current turn, then fires timers,
    /// `after` callbacks and animation completions in time order, each in a turn of its
    /// own that ends with a layout pass and an autorelease drain; finally the clock
    /// stands at now + seconds. `run(0)` just finishes the current turn.
    public func run(_ seconds: Double) throws {
        guard seconds >= 0, seconds.isFinite else {
            throw SimError.badArgument(1, "run", expected: "a finite number of seconds >= 0", got: formatNumber(seconds), kind: .invalidUse)
        }
        try runLoop.run(until: time(after: seconds))
    }

    /// Ends the current run-loop turn: the layout pass, then the autorelease drain.
    public func finishTurn() throws { try runLoop.finishTurn() }

    /// `sim.after(delay, fn)`: `DispatchQueue.main.asyncAfter(deadline: .now() + delay)`
    /// (SPEC rule 31) with `callback` a host function or a block, which the queue keeps
    /// until it has run; `label` names it in an explorer's orders.
    public func after(_ delay: Double, _ callback: Value, label: String? = nil) throws {
        guard delay >= 0, delay.isFinite else {
            throw SimError.badArgument(1, "after", expected: "a finite delay >= 0", got: formatNumber(delay), kind: .invalidUse)
        }
        try runLoop.enqueueOnMainQueue(at: time(after: delay), label: try checkedLabel(label, "after", argument: 3) ?? eventLabel("after"), callback, function: "after")
    }

    /// `sim.after({lo, hi}, fn, { label = … })`: `asyncAfter` whose delay is uncertain, from
    /// `earliest` to `latest` seconds; without an explorer the block runs after `earliest`
    /// (docs/explore.md). `label` names it in the explorer's orders (default `after
    /// (file:line)`).
    public func after(between earliest: Double, and latest: Double, _ callback: Value, label: String? = nil) throws {
        try checkWindow(earliest, latest, "after", argument: 1)
        let name = try checkedLabel(label, "after", argument: 3) ?? eventLabel("after")
        try runLoop.enqueueOnMainQueue(at: time(after: earliest), latest: time(after: latest), label: name, callback, function: "after")
    }

    /// A user's action at an uncertain moment (`sim.tap(button, { within = {0, 0.6} })`):
    /// `action` runs in a turn of its own from `earliest` to `latest` seconds from now,
    /// at its earliest without an explorer, at the moment an explorer chooses with one
    /// (docs/explore.md).
    public func atUncertainMoment(between earliest: Double, and latest: Double, label: String,
                                  _ action: @escaping () throws -> Void) {
        runLoop.schedule(between: earliest, and: latest, label: label, action)
    }

    /// The options that put an action or event at an uncertain moment: `{ within =
    /// {earliest, latest}, label = "…" }` (docs/explore.md).
    public struct MomentOptions: Equatable, Sendable {
        /// Seconds from now; nil: now (an action) or the call's own time (an event).
        public var window: (earliest: Double, latest: Double)?
        /// The name the explorer's orders and a schedule give it.
        public var label: String?

        public init(window: (earliest: Double, latest: Double)? = nil, label: String? = nil) {
            self.window = window
            self.label = label
        }

        public static func == (a: MomentOptions, b: MomentOptions) -> Bool {
            a.window?.earliest == b.window?.earliest && a.window?.latest == b.window?.latest && a.label == b.label
        }
    }

    /// Reads argument `position` of `function`, an options table (nil: none) with `within`
    /// and `label`; keys in `others` are the caller's to read, any other key is refused.
    public func momentOptions(_ options: Value, _ function: String, position: Int, others: Set<String> = []) throws -> MomentOptions {
        var out = MomentOptions()
        switch try heap.snapshot(options, path: "options", owner: application) {
        case .nil: return out
        case .dictionary(let entries):
            for e in entries {
                guard case .string(let key) = e.key else {
                    throw SimError.badArgument(position, function, "options are named: within, label\(others.isEmpty ? "" : ", " + others.sorted().joined(separator: ", "))", kind: .unknownName)
                }
                switch key {
                case "within": out.window = try window(e.value, function, position: position, name: "within")
                case "label":
                    guard case .string(let label) = e.value else {
                        throw SimError.badArgument(position, function, "string expected for 'label', got \(heap.describeType(of: e.value))", kind: .typeMismatch)
                    }
                    out.label = try checkedLabel(label, function, argument: position)
                default:
                    guard others.contains(key) else {
                        let expected = (["within", "label"] + others.sorted()).joined(separator: ", ")
                        throw SimError.badArgument(position, function, "unknown option '\(key)'; expected \(expected)", kind: .unknownName)
                    }
                }
            }
            return out
        case .array(let a) where a.isEmpty: return out
        default:
            throw SimError.badArgument(position, function, expected: "table", got: heap.describeType(of: options))
        }
    }

    /// A window `{earliest, latest}` of seconds, checked (`checkWindow`); `name` is the
    /// option or argument it came as.
    public func window(_ value: Value, _ function: String, position: Int, name: String) throws -> (earliest: Double, latest: Double) {
        guard case .array(let pair) = try heap.snapshot(value, path: name, owner: application), pair.count == 2,
              let lo = pair[0].number, let hi = pair[1].number else {
            throw SimError.badArgument(position, function, "\(name) must be {earliest, latest} in seconds, got \(heap.describeType(of: value))", kind: .typeMismatch)
        }
        try checkWindow(lo, hi, function, argument: position)
        return (lo, hi)
    }

    /// Refuses a window that is not `0 <= earliest <= latest`, both finite: argument
    /// `argument` of `function` (rule 2: the clock's arithmetic never sees nan).
    public func checkWindow(_ earliest: Double, _ latest: Double, _ function: String, argument: Int) throws {
        guard earliest.isFinite, latest.isFinite, earliest >= 0, latest >= earliest else {
            throw SimError.badArgument(argument, function, "a window must be {earliest, latest} in seconds with 0 <= earliest <= latest, got {\(formatNumber(earliest)), \(formatNumber(latest))}", kind: .invalidUse)
        }
    }

    /// The label as given when a schedule can name it, nil for none; refuses one with a
    /// `;` or line break (`Schedule.problem(withLabel:)`).
    public func checkedLabel(_ label: String?, _ function: String, argument: Int) throws -> String? {
        guard let label else { return nil }
        if let problem = Schedule.problem(withLabel: label) {
            throw SimError.badArgument(argument, function, "bad label '\(label)': \(problem)", kind: .invalidUse)
        }
        return label
    }

    /// The label of the model's own timer (a transition's end): with an explorer or a
    /// replayed schedule attached, `name (file.lua:12)` with the script line that started
    /// it, else just `name` (the line costs a lookup that no one would read).
    func timerLabel(_ name: String) -> String { heap.orderChooser == nil ? name : eventLabel(name) }

    /// `what (file.lua:12)`: an event's default label, with the script line that made it
    /// (the file's last path component), or `what` alone outside a script.
    public func eventLabel(_ what: String) -> String {
        guard let loc = heap.currentSourceLocation else { return what }
        let file = loc.file.split(separator: "/").last.map(String.init) ?? loc.file
        return "\(what) (\(file):\(loc.line))"
    }

    /// Schedules internal work (an animation's end) on the virtual clock; `label` names it
    /// in an explorer's orders.
    func schedule(after seconds: Double, label: String, _ work: @escaping LayoutWork) { runLoop.schedule(after: seconds, label: label, work) }

    /// Queues work for this turn's layout pass (non-animated "did" callbacks,
    /// completions, tab switches).
    func enqueueLayout(_ work: @escaping LayoutWork) { runLoop.enqueueLayout(work) }

    /// `RunLoop.main`, made (and held for the life of the app) on first access, so the ids
    /// of a script that never uses it do not change (SPEC rule 24).
    public func mainRunLoop() -> ObjectID { runLoop.mainRunLoop() }

    /// Number of pending timers and animations.
    public var pendingTimerCount: Int { runLoop.timers.count }

    /// Whether work is queued for this turn's layout pass.
    public var hasPendingLayoutWork: Bool { !runLoop.layoutQueue.isEmpty }

    /// Objects the run loop still holds for a transition or a timer although no timer,
    /// animation or layout work is pending and no custom transition waits for its
    /// animator, each with its hold reasons: a hold the model took and failed to release
    /// (the fuzzer checks there are none). The model owns these reasons, so no client
    /// needs their names.
    public func strandedHolds() -> [(object: ObjectID, reasons: [String])] { runLoop.strandedHolds() }

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
