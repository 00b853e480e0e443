/// `URLSession`, as the model names it: its class and the properties the model reads and writes.
package enum URLSession: ModelClass {
    package static let handle = ClassHandle("URLSession")
    package static var declaration: SimulatorClassDeclaration { URLLoading.urlSessionDeclaration }
    package static let configuration = handle.property("configuration")
    package static let delegate = handle.property("delegate")
    package static let delegateQueue = handle.property("delegateQueue")
    package static let tasks = handle.property("tasks")
}

/// What the model knows of a session beyond its properties (SPEC rule 46).
struct URLSessionState {
    /// `URLSession.shared`, which ignores both invalidations.
    var isShared = false
    /// Whether the model holds it (the `URLSession` root) until it is invalidated.
    var isHeld = false
    /// `finishTasksAndInvalidate()` or `invalidateAndCancel()` ran: no new tasks.
    var isInvalidating = false
    /// `invalidateAndCancel()` ran: a second call (from a callback it made) does nothing.
    var isCancelling = false
    /// The delegate was told and released.
    var isInvalidated = false
}

/// URL loading (SPEC rules 46, 48, 51): the sessions' invalidation states, the session of
/// each task that has not completed, `URLSession.shared` and
/// `URLSessionConfiguration.default` (rule 24), and the holds that keep sessions alive.
final class URLLoading: Subsystem {
    unowned(unsafe) var sim: Simulator!
    let heap: Heap
    /// A session until it is invalidated (the `URLSession` root): it keeps its delegate
    /// until then.
    let urlSessionHold: HoldReason
    /// The shared session, once made, for the life of the app.
    let sharedSessionHold: HoldReason
    /// The default session configuration, once made, for the life of the app.
    let sessionConfigurationHold: HoldReason
    /// `URLSession.shared` once made, else id 0.
    private(set) var sharedSessionID = ObjectID(0)
    /// `URLSessionConfiguration.default` once made, else id 0 (changed only by the methods
    /// of URLSessionConfiguration.swift).
    var defaultSessionConfigurationID = ObjectID(0)
    /// Each session's invalidation state, by session id.
    private(set) var sessions: [UInt32: URLSessionState] = [:]
    /// The session of each task that has not completed, by task id (changed only by the
    /// methods of URLSessionDataTask.swift).
    var taskSessions: [UInt32: ObjectID] = [:]
    var log = InvariantLog()

    init(_ heap: Heap) {
        self.heap = heap
        urlSessionHold = Simulator.declaredHold("URLSession", heap)
        sharedSessionHold = Simulator.declaredHold("URLSession.shared", heap)
        sessionConfigurationHold = Simulator.declaredHold("URLSessionConfiguration.default", heap)
    }

    /// The shared session and default configuration, once made, are alive (held for the
    /// life of the app), and the shared session is the only session marked shared and is
    /// never held as an invalidatable one; a session held until its invalidation is alive
    /// and not yet invalidated; an invalidated or cancelling session is invalidating.
    func violations() -> [String] {
        var out = log.failures + heap.singletonViolations([(sharedSessionID, sharedSessionHold, "URLSession.shared"),
                                                           (defaultSessionConfigurationID, sessionConfigurationHold, "URLSessionConfiguration.default")])
        if sharedSessionID.raw != 0 && sessions[sharedSessionID.raw]?.isShared != true {
            out.append("URLSession.shared #\(sharedSessionID) is not marked shared")
        }
        for (id, s) in sessions.sorted(by: { $0.key < $1.key }) {
            if s.isShared && (id != sharedSessionID.raw || s.isHeld) {
                out.append("session #\(id) is marked shared but is not URLSession.shared"); break
            }
            if s.isHeld && (s.isInvalidated || !heap.isAlive(ObjectID(id))) {
                out.append("session #\(id), held until its invalidation, is invalidated or not alive"); break
            }
            if (s.isInvalidated || s.isCancelling) && !s.isInvalidating {
                out.append("session #\(id) is invalidated or cancelling without invalidating"); break
            }
        }
        return out
    }
}

extension URLLoading {
    /// `URLSession` (SPEC rules 46, 48): it keeps its delegate strongly and is kept alive (the
    /// `URLSession` root) until it is invalidated, so a session an app never invalidates
    /// leaks with its delegate. Its tasks complete `latency` (rule 51) after `resume()`.
    static let urlSessionDeclaration = ClassDeclaration(URLSession.handle,
        summary: "Runs data tasks; it keeps its delegate, and is kept alive, until it is invalidated.") {
        PropertyDeclaration(URLSession.configuration, .copy, .object("URLSessionConfiguration"), readOnly: true,
                            summary: "A copy of the configuration it was made with.")
        PropertyDeclaration(URLSession.delegate, .strong, .object("NSObject"), readOnly: true,
                            summary: "Kept until the session is invalidated, then released (rule 46).")
        PropertyDeclaration(URLSession.delegateQueue, .strong, .object("NSObject"), readOnly: true,
                            summary: "The queue it was given; KitSim calls the delegate on the main run loop.")
        PropertyDeclaration(URLSession.tasks, .strong, .array("URLSessionDataTask"), readOnly: true,
                            summary: "The resumed tasks that have not completed (`getAllTasks`); it keeps each until it completes.")
        HoldDeclaration("URLSession", "a session until it is invalidated: it keeps its delegate until then (rule 46)")
        HoldDeclaration("URLSession.shared", "the shared session, once made, for the life of the app")
        Static("shared", .object("URLSession"), lazy: true,
               summary: "The shared session, made on first access (rule 24); it has no delegate and ignores invalidation.") { sim in
            .object(sim.urlLoading.sharedSession())
        }

        Method.initializer(swift: "init(configuration:delegate:delegateQueue:)",
                           .object("configuration", "URLSessionConfiguration"), .object("delegate", "NSObject", optional: true),
                           .object("delegateQueue", "NSObject", optional: true),
                           summary: "Keeps a copy of the configuration and the delegate; kept alive until invalidated (rule 46).") { sim, inv in
            try sim.urlLoading.initializeSession(inv.receiver, configuration: inv.objectArgument(0),
                                                 delegate: inv.optionalObjectArgument(1), queue: inv.optionalObjectArgument(2))
            return .object(inv.receiver)
        }
        Method("dataTask", swift: "dataTask(with:completionHandler:)", .string("url"), .function("completionHandler"),
               returns: .object("URLSessionDataTask"),
               summary: "A suspended task keeping the completion; an invalidated session raises (rule 46).") { sim, inv in
            .object(try sim.urlLoading.makeDataTask(in: inv.receiver, url: inv.stringArgument(0) ?? "", completion: inv.argument(1)))
        }
        Method("dataTaskPublisher", swift: "dataTaskPublisher(for:)", .string("url"), returns: .object("Publisher"),
               summary: "Combine's publisher of one response: each subscription runs a data task; `{ data, response }` then \"finished\", `latency` seconds later (rule 89).") { sim, inv in
            .object(try sim.combine.makeRoot(.dataTask(session: inv.receiver, url: inv.stringArgument(0) ?? "")))
        }
        Method("finishTasksAndInvalidate",
               summary: "No new tasks; once the running ones complete, the delegate is told and released.") { sim, inv in
            try sim.urlLoading.invalidateSession(inv.receiver, cancelling: false)
            return .nil
        }
        Method("invalidateAndCancel",
               summary: "Completes the running tasks now with NSURLErrorCancelled, then tells and releases the delegate.") { sim, inv in
            try sim.urlLoading.invalidateSession(inv.receiver, cancelling: true)
            return .nil
        }
    }

}

extension URLLoading {
    /// `URLSession.shared`, made on first access (SPEC rule 24) and held for the life of the
    /// app: no delegate, a default configuration, and invalidation ignored.
    func sharedSession() -> ObjectID {
        if sharedSessionID.raw != 0 { return sharedSessionID }
        let id = heap.alloc(heap[URLSession.self])
        // A fresh object of a fresh class accepts a hold and a configuration.
        try? heap.hold(id, sharedSessionHold)
        try? write(id, heap[URLSession.configuration], heap.alloc(heap[URLSessionConfiguration.self]))
        sessions[id.raw] = URLSessionState(isShared: true)
        sharedSessionID = id
        return id
    }

    /// `URLSession(configuration:delegate:delegateQueue:)`: the session keeps a copy of the
    /// configuration, the delegate and the queue, and the model holds it until it is
    /// invalidated (SPEC rule 46, root `[URLSession]`).
    func initializeSession(_ session: ObjectID, configuration: ObjectID, delegate: ObjectID?, queue: ObjectID?) throws {
        guard sessions[session.raw] == nil else { return }
        try write(session, heap[URLSession.configuration], try copySessionConfiguration(configuration))
        try write(session, heap[URLSession.delegate], delegate)
        try write(session, heap[URLSession.delegateQueue], queue)
        try heap.hold(session, urlSessionHold)
        sessions[session.raw] = URLSessionState(isHeld: true)
    }

    /// `finishTasksAndInvalidate()` (`cancelling` false) and `invalidateAndCancel()`: no new
    /// tasks from now; the running ones complete (at once with NSURLErrorCancelled when
    /// cancelling), then the delegate is told and released and the model lets go of the
    /// session (SPEC rule 46). The shared session ignores both.
    func invalidateSession(_ session: ObjectID, cancelling: Bool) throws {
        var s = sessions[session.raw] ?? URLSessionState()
        guard !s.isShared, !s.isInvalidated, !s.isCancelling, cancelling || !s.isInvalidating else { return }
        s.isInvalidating = true
        s.isCancelling = cancelling
        sessions[session.raw] = s
        var firstError: Error?
        if cancelling {
            for task in try objects(session, URLSession.tasks) {
                attempt(&firstError) { try completeTask(task, error: URLLoading.cancelledError) }
            }
        }
        if try objects(session, URLSession.tasks).isEmpty {
            attempt(&firstError) { try finishInvalidation(session) }
        }
        if let firstError { throw firstError }
    }

    /// The end of an invalidation: `urlSession_didBecomeInvalidWithError(session, nil)` to a
    /// delegate that implements it, then the session releases the delegate and the model
    /// the session. The state changes first, so the delegate's callback cannot invalidate
    /// the session again.
    func finishInvalidation(_ session: ObjectID) throws {
        guard var s = sessions[session.raw], !s.isInvalidated else { return }
        log.note(s.isInvalidating ? nil : "session #\(session) finished an invalidation it did not start")
        s.isInvalidated = true
        let wasHeld = s.isHeld
        s.isHeld = false
        sessions[session.raw] = s
        var firstError: Error?
        if let delegate = try object(session, URLSession.delegate), heap.responds(delegate, to: .urlSession_didBecomeInvalidWithError) {
            attempt(&firstError) {
                _ = try heap.send(delegate, .urlSession_didBecomeInvalidWithError, args: Arguments(.object(session), .nil))
            }
        }
        if heap.isAlive(session) {
            try write(session, heap[URLSession.delegate], nil)
            if wasHeld { try heap.unhold(session, urlSessionHold) }
        }
        if let firstError { throw firstError }
    }

    /// NSURLErrorCancelled, what `invalidateAndCancel()` and `cancel()` complete tasks with.
    static let cancelledError = Value.dictionary(sorting: [
        Value.Entry(key: .string("domain"), value: .string("NSURLErrorDomain")),
        Value.Entry(key: .string("code"), value: .int(-999)),
    ])
}

extension Selector {
    /// `URLSessionTaskDelegate.urlSession(_:task:didCompleteWithError:)` (SPEC rule 23's name).
    static let urlSession_task_didCompleteWithError = Selector("urlSession_task_didCompleteWithError")
    /// `URLSessionDelegate.urlSession(_:didBecomeInvalidWithError:)`.
    static let urlSession_didBecomeInvalidWithError = Selector("urlSession_didBecomeInvalidWithError")
}
