/// `WKWebViewConfiguration`, as the model names it: its class and the properties the model reads and writes.
package enum WKWebViewConfiguration: ModelClass {
    package static let handle = ClassHandle("WKWebViewConfiguration")
    package static var declaration: SimulatorClassDeclaration { ScriptMessageHandlers.webViewConfigurationDeclaration }
    package static let userContentController = handle.property("userContentController")
}

extension ScriptMessageHandlers {
    /// `WKWebViewConfiguration` (SPEC rule 41): what a web view is made with. A new one
    /// makes its own `WKUserContentController`; a copy shares it, as WebKit's
    /// `-copyWithZone:` does.
    static let webViewConfigurationDeclaration = ClassDeclaration(WKWebViewConfiguration.handle,
        summary: "A web view's settings; it keeps its user content controller, which its copies share.") {
        PropertyDeclaration(WKWebViewConfiguration.userContentController, .strong, .object("WKUserContentController"),
                            summary: "A new `WKUserContentController` when the configuration is made; copies share it (rule 41).")

        Method.initializer(summary: "A configuration with a new user content controller.") { sim, inv in
            let ucc = sim.heap.alloc(sim[WKUserContentController.self])
            try sim.write(inv.receiver, sim[WKWebViewConfiguration.userContentController], ucc)
            return .object(inv.receiver)
        }
    }

    /// A copy of a configuration, of its class, sharing its user content controller (SPEC
    /// rule 41: WebKit's `-copyWithZone:` copies the reference, not the controller). The
    /// copy starts owned by the autorelease pool, as `-copy` followed by `autorelease`.
    func copyConfiguration(_ configuration: ObjectID) throws -> ObjectID {
        let copy = heap.alloc(heap.classOf(configuration))
        try write(copy, heap[WKWebViewConfiguration.userContentController], try heap.readSlot(configuration, WKWebViewConfiguration.userContentController))
        return copy
    }
}
