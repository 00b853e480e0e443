/// The registered WebKit classes and the properties the model reads and writes, looked
/// up once per simulator, as `FoundationClasses` does for Foundation's.
public final class WebKitClasses {
    public let webView, configuration, userContentController, scriptMessage: SimClass
    let webViewConfiguration, webViewURL, configurationUserContentController: Property
    let messageName, messageBody, messageWebView: Property

    init(_ heap: Heap) {
        // Declared in `Simulator.declarations`, which is registered before this runs.
        func c(_ name: String) -> SimClass { heap.classNamed(name)! }
        func p(_ c: SimClass, _ name: String) -> Property { c.property(named: name)! }
        webView = c("WKWebView"); configuration = c("WKWebViewConfiguration")
        userContentController = c("WKUserContentController"); scriptMessage = c("WKScriptMessage")
        webViewConfiguration = p(webView, "configuration"); webViewURL = p(webView, "url")
        configurationUserContentController = p(configuration, "userContentController")
        messageName = p(scriptMessage, "name"); messageBody = p(scriptMessage, "body"); messageWebView = p(scriptMessage, "webView")
    }
}
