/// `WKScriptMessage`, as the model names it: its class and the properties the model reads and writes.
package enum WKScriptMessage: ModelClass {
    package static let handle = ClassHandle("WKScriptMessage")
    package static var declaration: SimulatorClassDeclaration { ScriptMessageHandlers.scriptMessageDeclaration }
    package static let name = handle.property("name")
    package static let body = handle.property("body")
    package static let webView = handle.property("webView")
}

extension ScriptMessageHandlers {
    /// `WKScriptMessage` (SPEC rule 42): what a handler receives for the page's
    /// `window.webkit.messageHandlers[name].postMessage(body)`.
    static let scriptMessageDeclaration = ClassDeclaration(WKScriptMessage.handle,
        summary: "A message the page posted to a script message handler.") {
        PropertyDeclaration(WKScriptMessage.name, .copy, .string, readOnly: true, summary: "The handler's name the page posted to.")
        PropertyDeclaration(WKScriptMessage.body, .strong, .any, readOnly: true,
                            summary: "What the page posted: a table is an NSArray or NSDictionary snapshot (rule 26).")
        PropertyDeclaration(WKScriptMessage.webView, .weak, .object("WKWebView"), readOnly: true, summary: "The web view whose page posted it.")
    }

    /// `sim.postMessage(webView, name, body)` (SPEC rule 42): calls the handler of `name` in
    /// the web view's user content controller at once with a new `WKScriptMessage`, and
    /// returns true; false when no handler has that name. `body` makes the message's body
    /// once the message exists (the snapshot of rule 26 names the message as its owner).
    func postMessage(_ webView: ObjectID, name: String, body: (ObjectID) throws -> Value) throws -> Bool {
        try heap.checkUsable(webView, "postMessage")
        guard heap.isKind(webView, of: WKWebView.handle),
              let configuration = try object(webView, WKWebView.configuration),
              let ucc = try object(configuration, WKWebViewConfiguration.userContentController),
              let handler = try self.handler(named: name, in: ucc) else { return false }
        let message = heap.alloc(heap[WKScriptMessage.self])
        try write(message, heap[WKScriptMessage.name], .string(name))
        try write(message, heap[WKScriptMessage.body], try body(message))
        try write(message, heap[WKScriptMessage.webView], webView)
        _ = try heap.send(handler, .userContentController_didReceive, args: Arguments(.object(ucc), .object(message)))
        return true
    }
}

extension Selector {
    /// `WKScriptMessageHandler`'s one method (SPEC rule 42).
    static let userContentController_didReceive = Selector("userContentController_didReceive")
}

extension Simulator {
    /// `sim.postMessage(webView, name, body)` (SPEC rule 42, `ScriptMessageHandlers.postMessage`):
    /// whether a handler of that name received the message.
    public func postMessage(_ webView: ObjectID, name: String, body: (ObjectID) throws -> Value) throws -> Bool {
        try scriptMessageHandlers.postMessage(webView, name: name, body: body)
    }
}
