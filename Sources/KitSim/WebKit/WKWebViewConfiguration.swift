extension ScriptMessageHandlers {
    /// `WKWebViewConfiguration` (SPEC rule 41): what a web view is made with. A new one
    /// makes its own `WKUserContentController`; a copy shares it, as WebKit's
    /// `-copyWithZone:` does.
    static let webViewConfigurationDeclaration = ClassDeclaration("WKWebViewConfiguration",
        summary: "A web view's settings; it keeps its user content controller, which its copies share.") {
        PropertyDeclaration("userContentController", .strong, .object("WKUserContentController"),
                            summary: "A new `WKUserContentController` when the configuration is made; copies share it (rule 41).")

        Method.initializer(summary: "A configuration with a new user content controller.") { sim, inv in
            let ucc = sim.heap.alloc(sim.webkit.userContentController)
            try sim.write(inv.receiver, sim.webkit.configurationUserContentController, ucc)
            return .object(inv.receiver)
        }
    }

    /// A copy of a configuration, of its class, sharing its user content controller (SPEC
    /// rule 41: WebKit's `-copyWithZone:` copies the reference, not the controller). The
    /// copy starts owned by the autorelease pool, as `-copy` followed by `autorelease`.
    func copyConfiguration(_ configuration: ObjectID) throws -> ObjectID {
        let w = sim.webkit
        let copy = heap.alloc(heap.classOf(configuration))
        try sim.write(copy, w.configurationUserContentController, try heap.readSlot(configuration, w.configurationUserContentController))
        return copy
    }
}
