/// `AsyncStream`, as the model names it: its class and the properties the model reads and writes.
package enum AsyncStream: ModelClass {
    package static let handle = ClassHandle("AsyncStream")
    package static var declaration: SimulatorClassDeclaration { AsyncSequences.streamDeclaration }
    package static let buffer = handle.property("buffer")
}

/// `AsyncStream.Continuation`, as the model names it.
package enum AsyncStreamContinuation: ModelClass {
    package static let handle = ClassHandle("AsyncStream.Continuation", global: false)
    package static var declaration: SimulatorClassDeclaration { AsyncSequences.continuationDeclaration }
    package static let stream = handle.property("stream")
    package static let onTermination = handle.property("onTermination")
}

/// `NotificationCenter.Notifications`, as the model names it.
package enum NotificationSequence: ModelClass {
    package static let handle = ClassHandle("NotificationCenter.Notifications", global: false)
    package static var declaration: SimulatorClassDeclaration { AsyncSequences.notificationsDeclaration }
    package static let buffer = handle.property("buffer")
}

/// What the model knows of an async sequence beyond its properties (rule 94).
struct SequenceState {
    enum Source: Equatable {
        /// An `AsyncStream`, fed through its continuation.
        case stream(continuation: ObjectID)
        /// `notifications(named:)`: a block observer of `center`, registered as `token`.
        case notifications(center: ObjectID, token: ObjectID)
    }
    let source: Source
    /// The elements yielded and not yet taken, oldest first (the buffer property keeps them).
    var buffer: [Value] = []
    var isFinished = false
    /// The task awaiting the next element.
    var waiter: ObjectID?
}

/// Async sequences a task iterates with a Lua `for` (rule 94): `AsyncStream` with its
/// continuation, and a notification center's `notifications(named:)`. Each buffers what
/// is yielded until it is taken (unbounded, as both default to); a task awaiting the next
/// element resumes in a turn of its own once there is one, or with nil once the sequence
/// has finished. Cancelling the task that iterates ends the sequence.
final class AsyncSequences: Subsystem {
    unowned(unsafe) var sim: Simulator!
    let heap: Heap
    private(set) var sequences: [UInt32: SequenceState] = [:]
    var log = InvariantLog()

    init(_ heap: Heap) { self.heap = heap }

    /// A sequence's waiter is a task that waits for it, and a finished sequence has none.
    func violations() -> [String] {
        var out = log.failures
        for (id, s) in sequences.sorted(by: { $0.key < $1.key }) {
            if let w = s.waiter, sim.tasks.state(w)?.wait != .sequence(ObjectID(id)) {
                out.append("the waiter #\(w) of sequence #\(id) does not wait for it"); break
            }
            if s.isFinished && s.waiter != nil { out.append("the finished sequence #\(id) has a waiter"); break }
        }
        return out
    }

    // MARK: AsyncStream

    /// `AsyncStream { continuation in … }`: the build closure runs now, with the continuation.
    func makeStream(_ stream: ObjectID, build: Value) throws {
        let c = heap.alloc(heap[AsyncStreamContinuation.self])
        try write(c, heap[AsyncStreamContinuation.stream], stream)
        try write(stream, heap[AsyncStream.buffer], .array([]))
        sequences[stream.raw] = SequenceState(source: .stream(continuation: c))
        try heap.hold(c)
        defer { if heap.isAlive(c) { try? heap.unhold(c) } }
        try sim.callCallback(build, [.object(c)])
    }

    /// `continuation.yield(v)`: buffered for the iterating task; nothing once finished.
    func yield(_ continuation: ObjectID, _ value: Value) throws {
        guard let stream = try object(continuation, AsyncStreamContinuation.stream) else { return }
        try deliver(stream, value)
    }

    /// `continuation.finish()`: the iteration ends after the buffered elements, and
    /// `onTermination` runs now with "finished".
    func finish(_ continuation: ObjectID) throws {
        guard let stream = try object(continuation, AsyncStreamContinuation.stream) else { return }
        try terminate(stream, "finished")
    }

    // MARK: notifications(named:)

    /// `center.notifications(named:object:)`: a sequence the center feeds through a block
    /// observer of its own, which keeps the sequence (rule 94).
    func makeNotifications(_ center: ObjectID, name: String?, object: ObjectID?) throws -> ObjectID {
        let seq = heap.alloc(heap[NotificationSequence.self])
        try heap.hold(seq)
        defer { if heap.isAlive(seq) { try? heap.unhold(seq) } }
        try write(seq, heap[NotificationSequence.buffer], .array([]))
        let block = try heap.makeBlock(strong: [seq], body: .native { [unowned self] inv in
            guard inv.args.count >= 2, let s = inv.args[0].objectID else { return .nil }
            try deliver(s, inv.args[1])
            return .nil
        })
        let token = try sim.notifications.addBlockObserver(center, name: name, object: object, block: .object(block))
        sequences[seq.raw] = SequenceState(source: .notifications(center: center, token: token))
        return seq
    }

    // MARK: Iterating

    /// An element arrives: buffered, and the waiting task resumed to take it.
    func deliver(_ seq: ObjectID, _ value: Value) throws {
        guard var s = sequences[seq.raw], !s.isFinished else { return }
        s.buffer.append(value)
        sequences[seq.raw] = s
        try storeBuffer(seq)
        wakeWaiter(seq)
    }

    /// `for v in seq do`: the next element, nil once finished; else the task awaits one.
    func next(_ seq: ObjectID) throws -> Value {
        guard sequences[seq.raw] != nil else { return .nil }
        let t = try sim.tasks.awaitingTask("next")
        if sim.tasks.state(t)?.isCancelled == true { try terminate(seq, "cancelled") }
        guard var s = sequences[seq.raw] else { return .nil }
        if !s.buffer.isEmpty { return try take(seq) }
        if s.isFinished { return .nil }
        if let w = s.waiter, w != t { throw sim.raise(SimError.model(ConcurrencyProblem.iteratedByTwoTasks)) }
        s.waiter = t
        sequences[seq.raw] = s
        sim.tasks.suspend(t, for: .sequence(seq))
        return .nil
    }

    /// The task iterating `seq` was cancelled while it waited: the sequence ends
    /// (an AsyncStream's `onTermination` runs with "cancelled").
    func consumerCancelled(_ seq: ObjectID, task: ObjectID) throws {
        try terminate(seq, "cancelled")
    }

    private func take(_ seq: ObjectID) throws -> Value {
        guard var s = sequences[seq.raw], !s.buffer.isEmpty else { return .nil }
        let v = s.buffer.removeFirst()
        sequences[seq.raw] = s
        // The element stays alive for the caller through the invocation's result.
        try storeBuffer(seq)
        return v
    }

    private func wakeWaiter(_ seq: ObjectID) {
        guard var s = sequences[seq.raw], let w = s.waiter else { return }
        s.waiter = nil
        sequences[seq.raw] = s
        sim.tasks.resumeSoon(w, awaiting: .sequence(seq), label: "task resumes with the next element") { [unowned self] in
            guard let s = sequences[seq.raw] else { return ([.nil], nil) }
            if s.buffer.isEmpty { return ([.nil], nil) }
            return ([try take(seq)], nil)
        }
    }

    private func storeBuffer(_ seq: ObjectID) throws {
        guard let s = sequences[seq.raw], heap.isAlive(seq) else { return }
        let property = heap.classOf(seq) === heap[AsyncStream.self] ? heap[AsyncStream.buffer] : heap[NotificationSequence.buffer]
        try write(seq, property, .array(s.buffer))
    }

    /// Ends `seq`: no more elements are taken in; the waiter resumes with what is left.
    private func terminate(_ seq: ObjectID, _ reason: String) throws {
        guard var s = sequences[seq.raw], !s.isFinished else { return }
        s.isFinished = true
        if reason == "cancelled" { s.buffer = [] }
        sequences[seq.raw] = s
        try storeBuffer(seq)
        wakeWaiter(seq)
        switch s.source {
        case .stream(let c):
            guard heap.isAlive(c) else { return }
            let handler = try heap.readSlot(c, heap[AsyncStreamContinuation.onTermination])
            try write(c, heap[AsyncStreamContinuation.onTermination], .nil)
            try sim.callCallback(handler, [.string(reason)])
        case .notifications(let center, let token):
            guard heap.isAlive(center) else { return }
            try sim.notifications.removeObserver(center, token, name: nil, object: nil, filtered: false)
        }
    }
}

extension AsyncSequences {
    /// `AsyncStream` (rule 94).
    static let streamDeclaration = ClassDeclaration(AsyncStream.handle, introduced: 13,
        summary: "An async sequence fed through its continuation; a task iterates it with `for v in stream do`.") {
        PropertyDeclaration(AsyncStream.buffer, .strong, .any, readOnly: true,
                            summary: "The elements yielded and not yet taken (unbounded).")
        Method.initializer(swift: "init(_:bufferingPolicy:_:)", .function("build", optional: false),
                           summary: "Runs `build(continuation)` now; the continuation keeps the stream.") { sim, inv in
            try sim.asyncSequences.makeStream(inv.receiver, build: inv.argument(0))
            return .object(inv.receiver)
        }
        Method("next", swift: "makeAsyncIterator().next()", returns: .any,
               summary: "Awaits the next element; nil once the stream has finished. `for v in stream do` calls it.") { sim, inv in
            try sim.asyncSequences.next(inv.receiver)
        }
    }

    /// `AsyncStream.Continuation` (rule 94).
    static let continuationDeclaration = ClassDeclaration(AsyncStreamContinuation.handle,
        summary: "Feeds its stream; it keeps the stream (its buffer) and its onTermination closure.") {
        PropertyDeclaration(AsyncStreamContinuation.stream, .strong, .object("AsyncStream"), readOnly: true,
                            summary: "The stream's storage, kept as long as the continuation is.")
        PropertyDeclaration(AsyncStreamContinuation.onTermination, .strong, .function,
                            summary: "Called once with \"finished\" or \"cancelled\" when the stream ends; kept until then.")
        Method("yield", swift: "yield(_:)", Parameter("value", .any),
               summary: "Buffers `value` for the iterating task (resumed in a turn of its own); nothing once finished.") { sim, inv in
            try sim.asyncSequences.yield(inv.receiver, inv.argument(0))
            return .nil
        }
        Method("finish", swift: "finish()", summary: "Ends the stream after its buffered elements; onTermination runs now.") { sim, inv in
            try sim.asyncSequences.finish(inv.receiver)
            return .nil
        }
    }

    /// `NotificationCenter.Notifications` (rule 94).
    static let notificationsDeclaration = ClassDeclaration(NotificationSequence.handle,
        summary: "The notifications a center posts, as an async sequence; the center's observer keeps it until the iterating task is cancelled.") {
        PropertyDeclaration(NotificationSequence.buffer, .strong, .any, readOnly: true,
                            summary: "The notifications posted and not yet taken.")
        Method("next", swift: "makeAsyncIterator().next()", returns: .any,
               summary: "Awaits the next notification. `for note in seq do` calls it.") { sim, inv in
            try sim.asyncSequences.next(inv.receiver)
        }
    }
}
