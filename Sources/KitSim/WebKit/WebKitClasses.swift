/// The registered WebKit classes and the properties the model reads and writes, looked
/// up once per simulator, as `FoundationClasses` does for Foundation's.
public final class WebKitClasses {
    let heap: Heap
    public private(set) lazy var webView: SimClass = c("WKWebView")
    public private(set) lazy var configuration: SimClass = c("WKWebViewConfiguration")
    public private(set) lazy var userContentController: SimClass = c("WKUserContentController")
    public private(set) lazy var scriptMessage: SimClass = c("WKScriptMessage")
    lazy var webViewConfiguration: Property = p(webView, "configuration")
    lazy var webViewURL: Property = p(webView, "url")
    lazy var configurationUserContentController: Property = p(configuration, "userContentController")
    lazy var messageName: Property = p(scriptMessage, "name")
    lazy var messageBody: Property = p(scriptMessage, "body")
    lazy var messageWebView: Property = p(scriptMessage, "webView")

    /// Keeps the heap only: each class and property is looked up (and the class
    /// materialised, `Heap.defer`) on its first use, then kept.
    init(_ heap: Heap) {
        self.heap = heap
    }

    // Declared in `Simulator.deferredClasses`: the lookups cannot fail.
    private func c(_ name: String) -> SimClass { heap.classNamed(name)! }
    private func p(_ c: SimClass, _ name: String) -> Property { heap.resolvedProperty(c, name)! }
}
