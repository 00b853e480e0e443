/// The registered WebKit classes and the properties the model reads and writes, looked
/// up once per simulator, as `FoundationClasses` does for Foundation's.
public final class WebKitClasses {
    let heap: Heap
    public private(set) lazy var webView: SimClass = c("WKWebView")
    public private(set) lazy var configuration: SimClass = c("WKWebViewConfiguration")
    public private(set) lazy var userContentController: SimClass = c("WKUserContentController")
    public private(set) lazy var scriptMessage: SimClass = c("WKScriptMessage")
    var webViewConfiguration: Property { @inline(__always) get { webViewProperties.webViewConfiguration } }
    var webViewURL: Property { @inline(__always) get { webViewProperties.webViewURL } }
    var configurationUserContentController: Property { @inline(__always) get { configurationProperties.configurationUserContentController } }
    var messageName: Property { @inline(__always) get { scriptMessageProperties.messageName } }
    var messageBody: Property { @inline(__always) get { scriptMessageProperties.messageBody } }
    var messageWebView: Property { @inline(__always) get { scriptMessageProperties.messageWebView } }

    /// Keeps the heap only: each class and property is looked up (and the class
    /// materialised, `Heap.defer`) on its first use, then kept.
    init(_ heap: Heap) {
        self.heap = heap
    }

    // The properties as `let`s of one object per class, made when the model first reads one
    // of them (which registers the class): a read borrows the property, where a `lazy var`
    // would copy it out of its optional storage (UIKitClasses does the same).
    final class WebViewProperties {
        let webViewConfiguration: Property
        let webViewURL: Property
        init(_ k: WebKitClasses) {
            let c = k.webView
            webViewConfiguration = k.p(c, "configuration")
            webViewURL = k.p(c, "url")
        }
    }
    private(set) lazy var webViewProperties = WebViewProperties(self)
    final class ConfigurationProperties {
        let configurationUserContentController: Property
        init(_ k: WebKitClasses) {
            let c = k.configuration
            configurationUserContentController = k.p(c, "userContentController")
        }
    }
    private(set) lazy var configurationProperties = ConfigurationProperties(self)
    final class ScriptMessageProperties {
        let messageName: Property
        let messageBody: Property
        let messageWebView: Property
        init(_ k: WebKitClasses) {
            let c = k.scriptMessage
            messageName = k.p(c, "name")
            messageBody = k.p(c, "body")
            messageWebView = k.p(c, "webView")
        }
    }
    private(set) lazy var scriptMessageProperties = ScriptMessageProperties(self)

    // Declared in `Simulator.deferredClasses`: the lookups cannot fail.
    private func c(_ name: String) -> SimClass { heap.classNamed(name)! }
    fileprivate func p(_ c: SimClass, _ name: String) -> Property { heap.resolvedProperty(c, name)! }
}
