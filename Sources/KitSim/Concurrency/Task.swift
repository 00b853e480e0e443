/// `Task`, as the model names it: its class and the properties the model reads and writes.
package enum Task: ModelClass {
    package static let handle = ClassHandle("Task")
    package static var declaration: SimulatorClassDeclaration { Tasks.declaration }
    package static let operation = handle.property("operation")
}

/// What the model knows of a task beyond its properties (rules 91–94).
struct TaskState {
    enum Phase: Equatable {
        /// Made, its first run queued on the main actor.
        case enqueued
        /// Its body is running.
        case running
        /// Waiting at an await.
        case suspended
        case finished
    }

    /// What a suspended task waits for.
    enum Wait: Equatable {
        case none
        /// `Task.sleep`: a wake-up on the virtual clock.
        case sleep
        /// `Task.yield`: the next turn of the main actor.
        case yield
        /// `task:value()` of another task.
        case value(ObjectID)
        /// The next element of an async sequence.
        case sequence(ObjectID)
    }

    /// The body's coroutine; nil once the task has finished.
    var coroutine: ForeignBox?
    var phase: Phase = .enqueued
    var wait: Wait = .none
    var isCancelled = false
    let isDetached: Bool
    /// Where the task was made, `file.lua:12`.
    let site: String
    /// The hold keeping it while it is queued, runs or waits (rule 91).
    var hold: HoldReason
    /// Bumped at each suspension, so that a wake-up meant for an earlier one is dropped.
    var generation: UInt64 = 0
    /// The body's result once finished; `failure` when it threw.
    var result: Value = .nil
    var failure: SimError?
    /// Tasks awaiting this one's value, in the order they began to.
    var waiters: [ObjectID] = []
    /// `withTaskCancellationHandler`'s handlers in force, innermost last.
    var cancellationHandlers: [(token: Int, handler: Value)] = []
    /// The keys under which the task keeps what its suspended frames' locals hold.
    var localKeys: [String] = []
    /// Where it waits, while suspended (`feed.lua:18`).
    var suspendedAt: String?
}

/// Swift concurrency on the main actor (rules 91–94): every task's body is a coroutine the
/// main run loop resumes, on the virtual clock. A task is held while it is queued, runs or
/// waits (a root: `task suspended at feed.lua:18`); it keeps its operation, and so what
/// the operation captures, until it finishes, and while suspended, what its frames'
/// locals hold. `Task.detached` runs on the same loop: the model has one thread.
final class Tasks: Subsystem {
    unowned(unsafe) var sim: Simulator!
    let heap: Heap
    let runningHold: HoldReason
    /// A cancellation handler's block while `withTaskCancellationHandler`'s operation runs.
    let handlerHold: HoldReason
    /// Each task's state, by task id; a finished task stays (its value can be read).
    private(set) var states: [UInt32: TaskState] = [:]
    /// The tasks whose bodies are running, innermost last (a task's body may run the run
    /// loop, which resumes another).
    private(set) var running: [ObjectID] = []
    private var nextHandlerToken = 0
    var log = InvariantLog()

    init(_ heap: Heap) {
        self.heap = heap
        runningHold = Simulator.declaredHold("task running", heap)
        handlerHold = Simulator.declaredHold("cancellation handler", heap)
    }

    /// Every task not finished is alive and held, and has its coroutine; a running one is
    /// on the running list.
    func violations() -> [String] {
        var out = log.failures
        for (id, s) in states.sorted(by: { $0.key < $1.key }) where s.phase != .finished {
            if !heap.isAlive(ObjectID(id)) { out.append("the unfinished task #\(id) is not alive"); break }
            if heap.holdCount(ObjectID(id), s.hold) < 1 { out.append("the unfinished task #\(id) is not held"); break }
            if s.coroutine == nil { out.append("the unfinished task #\(id) has no coroutine"); break }
            if (s.phase == .running) != running.contains(ObjectID(id)) { out.append("task #\(id) runs off the running list"); break }
        }
        return out
    }

    /// The task whose body runs now, if any.
    var current: ObjectID? { running.last }

    func state(_ t: ObjectID) -> TaskState? { states[t.raw] }

    /// The tasks not finished, in id order (rule 91).
    var unfinished: [UnfinishedTask] {
        states.keys.sorted().compactMap { raw in
            guard let s = states[raw], s.phase != .finished else { return nil }
            return UnfinishedTask(task: ObjectID(raw), madeAt: s.site, waitsAt: s.suspendedAt)
        }
    }

    // MARK: Making and running

    /// `Task { … }`: keeps the operation (a block with its captures, rule 25), makes its
    /// coroutine and queues its first run on the main actor, after the work already queued.
    func start(_ t: ObjectID, operation: Value, detached: Bool) throws {
        try write(t, heap[Task.operation], operation)
        let stored = try heap.readSlot(t, heap[Task.operation])
        let site = heap.currentSourceLocation.map { "\($0.file):\($0.line)" } ?? "?"
        let hold = heap.holdReason("task enqueued at \(site)")
        try heap.hold(t, hold)
        var s = TaskState(isDetached: detached, site: site, hold: hold)
        if let (function, arguments) = try entry(stored), let d = heap.foreignDispatcher {
            s.coroutine = try d.makeCoroutine(function)
            states[t.raw] = s
            let generation = s.generation
            sim.runLoop.schedule(at: heap.now, label: sim.timerLabel("task starts")) { [unowned self] in
                guard let s = states[t.raw], s.phase == .enqueued, s.generation == generation else { return }
                try step(t, arguments, raising: nil)
            }
        } else {
            // Nothing to run (a weakened capture already gone): it finishes at once.
            states[t.raw] = s
            try finish(t, result: .nil, failure: nil)
        }
    }

    /// The function a task's coroutine runs and its first arguments.
    private func entry(_ operation: Value) throws -> (ForeignBox, [Value])? {
        switch operation {
        case .foreign(let f) where f.box.isFunction: return (f.box, [])
        case .object(let block): return try heap.blockEntry(block)
        default: return nil
        }
    }

    /// Resumes a task's body (its first run too) until it awaits or ends.
    func step(_ t: ObjectID, _ values: [Value], raising: SimError?) throws {
        guard var s = states[t.raw], s.phase != .finished, s.phase != .running, let co = s.coroutine,
              let d = heap.foreignDispatcher else { return }
        try heap.hold(t, runningHold)
        try heap.unhold(t, s.hold)
        s.hold = runningHold
        s.phase = .running
        s.wait = .none
        s.suspendedAt = nil
        states[t.raw] = s
        running.append(t)
        let outcome: CoroutineStep
        do {
            outcome = try d.resume(co, values, raising: raising)
        } catch {
            running.removeAll { $0 == t }
            try finish(t, result: .nil, failure: nil)
            throw error
        }
        running.removeAll { $0 == t }
        switch outcome {
        case .suspended:
            try suspended(t, frames: d.suspendedFrames(co))
        case .returned(let v):
            try finish(t, result: v, failure: nil)
        case .failed(let e, let name):
            try finish(t, result: .nil, failure: e)
            // A task that throws ends with its error, for `task:value()` to rethrow; Swift
            // has no other error a body can throw here, so any other one is the script's
            // own failure (or the app's crash), and ends the run.
            if name != "CancellationError" { throw e }
        }
    }

    /// After an await suspended the body: the hold names where it waits (a root in
    /// `sim.why`), and the task keeps what its frames' locals hold, as an async function's
    /// frame does while suspended (rule 91).
    private func suspended(_ t: ObjectID, frames: SuspendedFrames) throws {
        guard var s = states[t.raw] else { return }
        let hold = heap.holdReason("task suspended at \(frames.site)")
        try heap.hold(t, hold)
        try heap.unhold(t, s.hold)
        s.hold = hold
        s.phase = .suspended
        s.suspendedAt = frames.site
        let keys = frames.locals.map { Heap.frameLocalPrefix + $0.name.dropFirst() }
        // The new locals are kept before the old ones are let go: an object held by both
        // must not deallocate in between.
        for (key, local) in zip(keys, frames.locals) where heap.isAlive(local.object) {
            try heap.setAssociated(t, key: key, .object(local.object))
        }
        for key in s.localKeys where !keys.contains(key) { try heap.setAssociated(t, key: key, .nil) }
        s.localKeys = keys
        states[t.raw] = s
    }

    /// The body returned or threw: the task lets go of its operation and its frames'
    /// locals, and its waiters resume with its value (or its error).
    private func finish(_ t: ObjectID, result: Value, failure: SimError?) throws {
        guard var s = states[t.raw], s.phase != .finished else { return }
        s.phase = .finished
        s.wait = .none
        s.coroutine = nil
        s.result = result
        s.failure = failure
        let handlers = s.cancellationHandlers
        s.cancellationHandlers = []
        let waiters = s.waiters
        s.waiters = []
        let keys = s.localKeys
        s.localKeys = []
        let hold = s.hold
        states[t.raw] = s
        // The task object may be kept by the script; what it ran is let go now (rule 91).
        try heap.hold(t, runningHold)
        defer { if heap.isAlive(t) { try? heap.unhold(t, runningHold) } }
        try heap.unhold(t, hold)
        for key in keys { try heap.setAssociated(t, key: key, .nil) }
        for h in handlers { try release(h.handler) }
        try write(t, heap[Task.operation], .nil)
        for w in waiters { resumeSoon(w, awaiting: .value(t), values: [result], raising: failure) }
    }

    // MARK: Awaits

    /// Checks that an await may suspend the running task here, and returns it.
    func awaitingTask(_ function: String) throws -> ObjectID {
        guard let t = current, let co = states[t.raw]?.coroutine else {
            throw SimError.model(ConcurrencyProblem.awaitOutsideTask(function: function, inTask: false))
        }
        guard heap.foreignDispatcher?.canSuspend(co) == true else {
            throw SimError.model(ConcurrencyProblem.awaitOutsideTask(function: function, inTask: true))
        }
        return t
    }

    /// Suspends the running task (when its call returns) until something resumes it for
    /// `wait`; a wake-up queued for an earlier suspension is dropped.
    func suspend(_ t: ObjectID, for wait: TaskState.Wait) {
        guard var s = states[t.raw] else { return }
        s.generation &+= 1
        s.wait = wait
        states[t.raw] = s
        heap.foreignDispatcher?.suspendCaller()
    }

    /// Resumes `t` in a turn of the main actor of its own, queued now, if it still waits
    /// for `wait`.
    func resumeSoon(_ t: ObjectID, awaiting wait: TaskState.Wait, values: [Value], raising: SimError? = nil,
                    label: String = "task resumes") {
        resumeSoon(t, awaiting: wait, label: label) { (values, raising) }
    }

    /// `resumeSoon` with the values read when the task resumes (an element taken from a
    /// sequence's buffer then, which keeps it until that moment).
    /// With `at` and `latest`, the task resumes at a moment of that window (a sleep's
    /// wake-up, rule 92), which an explorer chooses; else now, after the work queued.
    func resumeSoon(_ t: ObjectID, awaiting wait: TaskState.Wait, label: String, at: Int64? = nil, latest: Int64? = nil,
                    _ outcome: @escaping () throws -> ([Value], SimError?)) {
        guard let s = states[t.raw], s.wait == wait else { return }
        let generation = s.generation
        let work: () throws -> Void = { [unowned self] in
            guard let s = states[t.raw], s.phase == .suspended, s.wait == wait, s.generation == generation else { return }
            let (values, raising) = try outcome()
            try step(t, values, raising: raising)
        }
        if let at, let latest { sim.runLoop.schedule(at: at, latest: latest, label: sim.timerLabel(label), work) }
        else { sim.runLoop.schedule(at: heap.now, label: sim.timerLabel(label), work) }
    }

    /// `Task.sleep(seconds)`: throws at once in a cancelled task; else suspends until the
    /// clock passes the deadline, within the timer leeway libdispatch gives (rule 92), or
    /// until the task is cancelled.
    func sleep(_ seconds: Double) throws {
        let t = try awaitingTask("Task.sleep")
        if states[t.raw]?.isCancelled == true { throw SimError.model(ConcurrencyProblem.cancelled) }
        let delay = max(0, sim.time(after: max(0, seconds)) - heap.now)
        let leeway = min(max(delay / 10, 1_000_000), 60_000_000_000)
        suspend(t, for: .sleep)
        let at = heap.now.addingReportingOverflow(delay).overflow ? Int64.max : heap.now + delay
        let latest = at.addingReportingOverflow(leeway).overflow ? Int64.max : at + leeway
        resumeSoon(t, awaiting: .sleep, label: "task wakes", at: at, latest: latest) { ([], nil) }
    }

    /// `Task.yield()`: the task lets the work queued on the main actor run first.
    func yield() throws {
        let t = try awaitingTask("Task.yield")
        suspend(t, for: .yield)
        resumeSoon(t, awaiting: .yield, values: [])
    }

    /// `await task.value`: at once for a finished task (its error rethrown), else when it
    /// finishes. Awaiting is not cancellable (an unstructured task's value is awaited to its end).
    func value(of target: ObjectID) throws -> Value {
        guard let s = states[target.raw] else { return .nil }
        if s.phase == .finished {
            if let f = s.failure { throw f }
            return s.result
        }
        // A task awaiting its own value waits for ever, as it does in Swift.
        let t = try awaitingTask("value")
        suspend(t, for: .value(target))
        states[target.raw]?.waiters.append(t)
        return .nil
    }

    /// `task.cancel()`: marks it; runs its cancellation handlers at once, on the caller's
    /// side; a sleep throws `CancellationError`, a sequence it iterates ends (rule 93).
    func cancel(_ t: ObjectID) throws {
        guard var s = states[t.raw], s.phase != .finished, !s.isCancelled else { return }
        s.isCancelled = true
        let handlers = s.cancellationHandlers
        states[t.raw] = s
        for h in handlers.reversed() { try sim.callCallback(h.handler, []) }
        guard let s = states[t.raw], s.phase == .suspended else { return }
        switch s.wait {
        case .sleep:
            resumeSoon(t, awaiting: .sleep, values: [], raising: SimError.model(ConcurrencyProblem.cancelled),
                       label: "cancelled task resumes")
        case .sequence(let seq):
            try sim.asyncSequences.consumerCancelled(seq, task: t)
        case .none, .yield, .value:
            break
        }
    }

    /// `withTaskCancellationHandler`'s start: the handler runs now if the task is already
    /// cancelled, else when it is cancelled before `removeCancellationHandler(token)`.
    func addCancellationHandler(_ handler: Value) throws -> Int {
        guard let t = current, var s = states[t.raw] else { return 0 }
        if s.isCancelled {
            try sim.callCallback(handler, [])
            return 0
        }
        // The task keeps the handler (and what it captures) while the operation runs.
        if case .object(let b) = handler { try heap.hold(b, handlerHold) }
        nextHandlerToken += 1
        s.cancellationHandlers.append((nextHandlerToken, handler))
        states[t.raw] = s
        return nextHandlerToken
    }

    func removeCancellationHandler(_ token: Int) throws {
        guard let t = current, let i = states[t.raw]?.cancellationHandlers.firstIndex(where: { $0.token == token }),
              let removed = states[t.raw]?.cancellationHandlers.remove(at: i) else { return }
        try release(removed.handler)
    }

    /// Lets go of a handler's block.
    private func release(_ handler: Value) throws {
        if case .object(let b) = handler, heap.isAlive(b), heap.holdCount(b, handlerHold) > 0 { try heap.unhold(b, handlerHold) }
    }

    /// Whether the running task is cancelled (false outside tasks, as in Swift).
    var currentIsCancelled: Bool { current.flatMap { states[$0.raw]?.isCancelled } ?? false }
}

/// A task that had not finished (rule 91): `kitsim run` names each at the end of a run,
/// since nothing will ever finish it there (a sleep past the end, a sequence nobody ends).
public struct UnfinishedTask: Equatable, Sendable {
    public let task: ObjectID
    /// Where it was made, `feed.lua:12`.
    public let madeAt: String
    /// Where it waits, `feed.lua:18`; nil for one whose body has not started.
    public let waitsAt: String?
}

extension Tasks {
    /// `Task` (rules 91–94): a unit of Swift concurrency on the main actor, its body a
    /// coroutine the run loop resumes.
    static let declaration = ClassDeclaration(Task.handle, introduced: 13,
        summary: "Swift concurrency's task, on the main actor: it keeps its operation until it ends, and is held while it runs or waits.") {
        PropertyDeclaration(Task.operation, .strong, .function, readOnly: true,
                            summary: "The body, a closure: kept (with what it captures) until the task ends (rule 91).")
        PropertyDeclaration("isCancelled", .assign, .bool, readOnly: true, getter: "isCancelled")
        HoldDeclaration("task running", "a task while its body runs")
        HoldDeclaration("cancellation handler", "withTaskCancellationHandler's onCancel block while its operation runs")
        HoldDeclaration("task enqueued at FILE:LINE", "a task made at FILE:LINE, before its body first runs")
        HoldDeclaration("task suspended at FILE:LINE", "a task whose body waits at FILE:LINE (an await)")

        Method.initializer(swift: "init(operation:)", .function("operation", optional: false),
                           summary: "`Task { … }`: runs the operation on the main actor from the next turn (rule 91).") { sim, inv in
            try sim.tasks.start(inv.receiver, operation: inv.argument(0), detached: false)
            return .object(inv.receiver)
        }
        Method.classMethod("detached", swift: "detached(operation:)", .function("operation", optional: false),
                           returns: .object("Task"),
                           summary: "`Task.detached { … }`: a task that inherits nothing; the model runs it on the one loop too.") { sim, inv in
            let t = sim.heap.alloc(sim.heap[Task.self])
            try sim.tasks.start(t, operation: inv.argument(0), detached: true)
            return .object(t)
        }
        Method.classMethod("sleep", swift: "sleep(for:)", .number("seconds"),
                           summary: "Awaits `seconds` of virtual time; throws CancellationError once the task is cancelled (rule 92).") { sim, inv in
            try sim.tasks.sleep(inv.numberArgument(0))
            return .nil
        }
        Method.classMethod("yield", swift: "yield()", summary: "Awaits a turn of the main actor: the work queued before runs first.") { sim, _ in
            try sim.tasks.yield()
            return .nil
        }
        Method.classMethod("checkCancellation", swift: "checkCancellation()",
                           summary: "Throws CancellationError in a cancelled task (the running one); nothing outside tasks.") { sim, _ in
            if sim.tasks.currentIsCancelled { throw SimError.model(ConcurrencyProblem.cancelled) }
            return .nil
        }
        Method.classMethod("addCancellationHandler", swift: "withTaskCancellationHandler(operation:onCancel:)",
                           .function("onCancel", optional: false), returns: .number,
                           summary: "The first half of `withTaskCancellationHandler`: runs `onCancel` when the task is cancelled (now if it is).") { sim, inv in
            .int(try sim.tasks.addCancellationHandler(inv.argument(0)))
        }
        Method.classMethod("removeCancellationHandler", .number("token"),
                           summary: "The second half of `withTaskCancellationHandler`, as its operation ends.") { sim, inv in
            try sim.tasks.removeCancellationHandler(clampedInt(inv.numberArgument(0)))
            return .nil
        }
        Method("cancel", summary: "Cancels it: its handlers run now; a sleep throws CancellationError, a sequence it iterates ends (rule 93).") { sim, inv in
            try sim.tasks.cancel(inv.receiver)
            return .nil
        }
        Method("value", swift: "value", returns: .any,
               summary: "Awaits its end and returns its result (rethrows its error).") { sim, inv in
            try sim.tasks.value(of: inv.receiver)
        }
        Method.accessor("isCancelled", returns: .bool) { sim, inv in .bool(sim.tasks.state(inv.receiver)?.isCancelled ?? false) }
    }
}
