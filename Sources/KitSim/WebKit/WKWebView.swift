/// `WKWebView`, as the model names it: its class and the properties the model reads and writes.
package enum WKWebView: ModelClass {
    package static let handle = ClassHandle("WKWebView")
    package static var declaration: SimulatorClassDeclaration { ScriptMessageHandlers.webViewDeclaration }
    package static let configuration = handle.property("configuration")
    package static let url = handle.property("url")
}

extension ScriptMessageHandlers {
    /// `WKWebView` (SPEC rules 41, 51): a view showing a page, made with a configuration it
    /// keeps a copy of. The copy shares the user content controller, so a script message
    /// handler added through either is kept for as long as the web view lives. Its
    /// delegates are weak. KitSim loads no pages: `load` records the URL.
    static let webViewDeclaration = ClassDeclaration(WKWebView.handle, superclass: "UIView", introduced: 8,
        summary: "A web view; it keeps a copy of its configuration, sharing the user content controller.") {
        PropertyDeclaration(WKWebView.configuration, .copy, .object("WKWebViewConfiguration"), readOnly: true, getter: "configuration",
                            summary: "Each read returns a new copy of the web view's own copy, sharing its user content controller (rule 41).")
        PropertyDeclaration("navigationDelegate", .weak, .object("NSObject"))
        PropertyDeclaration("uiDelegate", .weak, .object("NSObject"))
        PropertyDeclaration(WKWebView.url, .copy, .string, readOnly: true, summary: "The URL `load` was given last, or nil.")
        PropertyDeclaration("isLoading", .assign, .bool, readOnly: true, default: .bool(false),
                            summary: "Always false: KitSim loads no pages.")

        Method.initializer(swift: "init(frame:configuration:)", .rect("frame", optional: true),
                           .object("configuration", "WKWebViewConfiguration", optional: true),
                           summary: "Keeps a copy of the configuration (a new one when nil, as `init(frame:)` does).") { sim, inv in
            try sim.views.initializeView(inv.receiver, frame: inv.argument(0).rectValue ?? .zero)
            let given = try inv.optionalObjectArgument(1) ?? sim.make(sim[WKWebViewConfiguration.self])
            try sim.write(inv.receiver, sim[WKWebView.configuration], try sim.scriptMessageHandlers.copyConfiguration(given))
            return .object(inv.receiver)
        }
        Method.accessor("configuration", returns: .object("WKWebViewConfiguration")) { sim, inv in
            // SPEC rule 41: WKWebView's `-configuration` returns `[_configuration copy]`
            // autoreleased, a new object at each read.
            guard let own = try sim.object(inv.receiver, WKWebView.configuration) else { return .nil }
            return .object(try sim.scriptMessageHandlers.copyConfiguration(own))
        }
        Method("load", swift: "load(_:)", .string("url"),
               summary: "Swift's `load(URLRequest(url:))`: records the URL in `url`; no page loads.") { sim, inv in
            try sim.write(inv.receiver, sim[WKWebView.url], inv.argument(0))
            return .nil
        }
        Method("reload", summary: "Nothing to reload: KitSim loads no pages.") { _, _ in .nil }
        Method("stopLoading", summary: "Nothing is loading: KitSim loads no pages.") { _, _ in .nil }
    }
}
