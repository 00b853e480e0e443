/// `URLSessionDataTask`, as the model names it: its class and the properties the model reads and writes.
package enum URLSessionDataTask: ModelClass {
    package static let handle = ClassHandle("URLSessionDataTask")
    package static var declaration: SimulatorClassDeclaration { URLLoading.urlSessionDataTaskDeclaration }
    package static let url = handle.property("url")
    package static let completionHandler = handle.property("completionHandler")
    package static let state = handle.property("state")
    package static let error = handle.property("error")
}

extension URLLoading {
    /// `URLSessionTask.State` as scripts read it.
    static let taskStates = EnumType("URLSessionTask.State", ["running", "suspended", "canceling", "completed"])

    /// `URLSessionDataTask` (SPEC rule 46): it keeps its completion until it completes;
    /// once resumed its session keeps it. It completes `latency` (rule 51) after `resume()`:
    /// the completion gets `(data, response, nil)`, or, for a task made without one, the
    /// session's delegate gets `urlSession_task_didCompleteWithError(session, task, nil)`.
    static let urlSessionDataTaskDeclaration = ClassDeclaration(URLSessionDataTask.handle,
        summary: "A request; it keeps its completion until it completes, its session keeps it while it runs.") {
        PropertyDeclaration(URLSessionDataTask.url, .copy, .string, readOnly: true, summary: "Swift's `originalRequest?.url`.")
        PropertyDeclaration(URLSessionDataTask.completionHandler, .strong, .function, readOnly: true,
                            summary: "The completion it was made with, kept until the task completes (rule 46).")
        PropertyDeclaration(URLSessionDataTask.state, .assign, .enumeration(URLLoading.taskStates), readOnly: true, default: .string("suspended"))
        PropertyDeclaration(URLSessionDataTask.error, .strong, .any, readOnly: true,
                            summary: "nil, or `{ domain = \"NSURLErrorDomain\", code = -999 }` once cancelled.")
        URLLoading.taskStates

        Method("resume", summary: "Starts a suspended task: it completes `latency` seconds later (rules 46, 51).") { sim, inv in
            try sim.urlLoading.resumeTask(inv.receiver)
            return .nil
        }
        Method("cancel", summary: "Completes a task that has not completed now, with NSURLErrorCancelled.") { sim, inv in
            try sim.urlLoading.completeTask(inv.receiver, error: URLLoading.cancelledError)
            return .nil
        }
    }

}

extension URLLoading {
    /// `dataTask(with:completionHandler:)`: a suspended task keeping `completion`. A session
    /// being invalidated, or invalidated, raises Foundation's NSGenericException (SPEC rule 46).
    func makeDataTask(in session: ObjectID, url: String, completion: Value) throws -> ObjectID {
        if let s = sessions[session.raw], s.isInvalidating || s.isInvalidated {
            throw sim.raise(.crash(.invalidatedSession, object: session))
        }
        let task = heap.alloc(heap[URLSessionDataTask.self])
        try write(task, heap[URLSessionDataTask.url], .string(url))
        try write(task, heap[URLSessionDataTask.completionHandler], completion)
        taskSessions[task.raw] = session
        return task
    }

    /// `resume()`: a suspended task of a session that takes tasks starts; its session keeps
    /// it, and it completes `latency` seconds from now (or within the latency window). A running or completed task, or a
    /// task of a session invalidated since it was made, is left as it is.
    func resumeTask(_ task: ObjectID) throws {
        guard let session = taskSessions[task.raw], heap.isAlive(session),
              try heap.readSlot(task, URLSessionDataTask.state) == .string("suspended") else { return }
        if let s = sessions[session.raw], s.isInvalidating || s.isInvalidated { return }
        try write(task, heap[URLSessionDataTask.state], .string("running"))
        try heap.insertElement(task, into: session, heap[URLSession.tasks])
        // An uncertain latency (`sim.configure{ latency = {lo, hi} }`) leaves the moment of
        // the response to an explorer (docs/explore.md).
        let c = sim.configuration
        sim.runLoop.schedule(between: c.latency, and: max(c.latency, c.latestLatency ?? c.latency), label: sim.eventLabel("response")) { [unowned self] in
            guard heap.isAlive(task), try heap.readSlot(task, URLSessionDataTask.state) == .string("running") else { return }
            try completeTask(task, error: .nil)
        }
    }

    /// Completes a task that has not completed: with `error` nil, the completion gets
    /// `(data, { url, statusCode = 200 }, nil)`; with an error, `(nil, nil, error)`. A task
    /// without a completion tells its session's delegate instead. Then the task releases
    /// its completion and the session the task; the last task of a session being
    /// invalidated ends the invalidation (SPEC rule 46). The completion or delegate runs
    /// while the session still keeps the task, so the task lives through the call.
    func completeTask(_ task: ObjectID, error: Value) throws {
        guard heap.isAlive(task), try heap.readSlot(task, URLSessionDataTask.state) != .string("completed") else { return }
        try write(task, heap[URLSessionDataTask.state], .string("completed"))
        try write(task, heap[URLSessionDataTask.error], error)
        let session = taskSessions.removeValue(forKey: task.raw)
        let completion = try heap.readSlot(task, URLSessionDataTask.completionHandler)
        var firstError: Error?
        if !completion.isNil {
            let url = try heap.readSlot(task, URLSessionDataTask.url)
            let response = Value.dictionary(sorting: [
                Value.Entry(key: .string("url"), value: url),
                Value.Entry(key: .string("statusCode"), value: .int(200)),
            ])
            // SPEC rule 25: the completion gets its captures first, then these.
            let arguments: [Value] = error.isNil ? [.string(""), response, .nil] : [.nil, .nil, error]
            attempt(&firstError) { try sim.callCallback(completion, arguments) }
        } else if let session, heap.isAlive(session), let delegate = try object(session, URLSession.delegate),
                  heap.responds(delegate, to: .urlSession_task_didCompleteWithError) {
            attempt(&firstError) {
                _ = try heap.send(delegate, .urlSession_task_didCompleteWithError,
                                  args: Arguments(.object(session), .object(task), error))
            }
        }
        if heap.isAlive(task) { try write(task, heap[URLSessionDataTask.completionHandler], .nil) }
        if let session, heap.isAlive(session) {
            _ = try heap.removeElement(task, from: session, heap[URLSession.tasks])
            if let s = sessions[session.raw], s.isInvalidating, !s.isInvalidated,
               try objects(session, URLSession.tasks).isEmpty {
                attempt(&firstError) { try finishInvalidation(session) }
            }
        }
        if let firstError { throw firstError }
    }
}
