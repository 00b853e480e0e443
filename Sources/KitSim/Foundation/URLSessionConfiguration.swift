/// `URLSessionConfiguration`, as the model names it: its class and the properties the model reads and writes.
package enum URLSessionConfiguration: ModelClass {
    package static let handle = ClassHandle("URLSessionConfiguration")
    package static var declaration: SimulatorClassDeclaration { URLLoading.urlSessionConfigurationDeclaration }
    package static let timeoutIntervalForRequest = handle.property("timeoutIntervalForRequest")
}

extension URLLoading {
    /// `URLSessionConfiguration` (SPEC rule 46): what a session is made with; the session
    /// keeps a copy.
    static let urlSessionConfigurationDeclaration = ClassDeclaration(URLSessionConfiguration.handle,
        summary: "A session's settings; a session keeps a copy.") {
        PropertyDeclaration(URLSessionConfiguration.timeoutIntervalForRequest, .assign, .number, default: .double(60),
                            summary: "Seconds; recorded only (KitSim's requests take `latency`, rule 51).")
        Static("default", .object("URLSessionConfiguration"), lazy: true,
               summary: "The default configuration, made on first access (rule 24) and kept for the life of the app.") { sim in
            .object(sim.urlLoading.defaultSessionConfiguration())
        }
        HoldDeclaration("URLSessionConfiguration.default", "the default session configuration, once made, for the life of the app")
    }

}

extension URLLoading {
    /// `URLSessionConfiguration.default`, made (and held for the life of the app) on first
    /// access, so the ids of a script that never uses it do not change (SPEC rule 24).
    /// Foundation returns a new object at each read; one shared object behaves the same for
    /// ownership, because every session keeps a copy of its configuration.
    func defaultSessionConfiguration() -> ObjectID {
        sim.singleton(&defaultSessionConfigurationID, heap[URLSessionConfiguration.self], sessionConfigurationHold)
    }

    /// A copy of a session configuration, of its class, with its settings.
    func copySessionConfiguration(_ configuration: ObjectID) throws -> ObjectID {
        let copy = heap.alloc(heap.classOf(configuration))
        try write(copy, heap[URLSessionConfiguration.timeoutIntervalForRequest], try heap.readSlot(configuration, URLSessionConfiguration.timeoutIntervalForRequest))
        return copy
    }
}
