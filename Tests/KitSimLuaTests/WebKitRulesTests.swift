import Testing
@testable import KitSim
@testable import KitSimBridge
@testable import KitSimLua

/// SPEC rules 41, 42 and 51's WebKit part: a web view's configuration, its user content
/// controller's script message handlers and `sim.postMessage`.
@Suite struct WebKitRulesTests {
    func run(_ code: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> LuaSandbox {
        try RuleScript().passes(code, sourceLocation: sourceLocation)
    }

    @Test func rule41_aWebViewKeepsACopyOfItsConfigurationSharingTheUserContentController() throws {
        _ = try run("""
            local config = WKWebViewConfiguration()                     -- #4, its controller #5
            local ucc = config.userContentController
            assert(tostring(ucc) == "WKUserContentController#5", tostring(ucc))
            local web = sim.hold(WKWebView(CGRect(0, 0, 320, 480), config))   -- #6, its copy #7
            assert(web:isKind(UIView) and web.frame.width == 320)
            local a, b = web.configuration, web.configuration
            assert(a ~= b and a ~= config, "each read is a new copy")
            assert(a.userContentController == ucc and b.userContentController == ucc, "every copy shares the controller")
            sim.drain()
            assert(not sim.alive(a) and not sim.alive(b), "the copies read are autoreleased")
            assert(not sim.alive(config), "the configuration given is copied, not kept")
            local why = sim.why(ucc)
            assert(why:find("[sim.hold] WKWebView#6.configuration (copy) → WKWebViewConfiguration#7.userContentController (strong) → WKUserContentController#5", 1, true), why)
            -- The delegates are weak.
            local Delegate = NSObject:subclass("Delegate")
            web.navigationDelegate = Delegate()
            web.uiDelegate = web.navigationDelegate
            assert(web.uiDelegate ~= nil)
            sim.drain()
            assert(web.navigationDelegate == nil and web.uiDelegate == nil)
            -- load(URLRequest) records the URL; nothing loads.
            assert(web.url == nil and web.isLoading == false)
            web:load("https://example.com/page")
            web:reload() web:stopLoading()
            assert(web.url == "https://example.com/page" and web.isLoading == false)
            -- init(frame:) without a configuration makes one of its own.
            local plain = sim.hold(WKWebView())
            assert(plain.configuration.userContentController ~= ucc and plain.configuration.userContentController ~= nil)
            """)
    }

    @Test func rule42_aControllerThatHandlesItsOwnWebViewsMessagesIsARetainCycle() throws {
        _ = try run("""
            local Page = NSObject:subclass("Page", { webView = "strong" })
            local received = {}
            function Page:userContentController_didReceive(ucc, message)
              assert(ucc == self.webView.configuration.userContentController, "the controller comes first")
              received[#received + 1] = { name = message.name, body = message.body, webView = message.webView,
                                          class = message:isKind(WKScriptMessage), at = sim.now }
            end
            local page = Page()                                          -- #4
            page.webView = WKWebView(nil, WKWebViewConfiguration())      -- configuration #5, controller #6, web view #7, copy #8
            local web = page.webView
            local ucc = web.configuration.userContentController
            ucc:add(page, "dummy")
            sim.drain()
            -- self → webView → configuration → userContentController → self.
            local why = sim.why(page)
            assert(why:find('[not reachable from any root: a retain cycle] WKUserContentController#6.scriptMessageHandlers["dummy"] (strong) → Page#4', 1, true), why)
            local leaks = sim.leaks()
            assert(#leaks == 1 and leaks[1].kind == "cycle", #leaks)
            assert(leaks[1].message:find('Page#4.webView (strong) → WKWebView#7.configuration (copy) → WKWebViewConfiguration#8.userContentController (strong) → WKUserContentController#6.scriptMessageHandlers["dummy"] (strong) → Page#4', 1, true), leaks[1].message)
            -- The page posts: the handler is called at once with a new message.
            assert(sim.postMessage(web, "dummy", { kind = "tap", items = { 1, 2, page } }) == true)
            local m = received[1]
            assert(m and m.name == "dummy" and m.webView == web and m.class and m.body.kind == "tap" and m.body.items[3] == page)
            assert(sim.why(page):find("WKScriptMessage#%d+%.body%.items%[3%] %(strong%) → Page#4"), "the body retains what it holds (rule 26)")
            assert(sim.postMessage(web, "other", 1) == false, "no handler has that name")
            assert(sim.postMessage(web, "dummy") == true and received[2].body == nil)
            -- A name in use raises.
            local ok, e = pcall(ucc.add, ucc, NSObject(), "dummy")
            assert(not ok and e.name == "NSInvalidArgumentException", tostring(e))
            assert(e.reason == "Attempt to add script message handler with name 'dummy' when one already exists.", e.reason)
            -- Removing the handler breaks the cycle.
            sim.label(page, "page")
            ucc:removeScriptMessageHandler("dummy")
            ucc:removeScriptMessageHandler("dummy")                       -- a name not in use: nothing
            sim.drain()
            assert(not sim.alive(page) and not sim.alive(web) and not sim.alive(ucc))
            assert(#sim.leaks() == 0)
            """)
    }

    @Test func rule42_removeAllReleasesEveryHandlerAndAHandlerMustRespond() throws {
        _ = try run("""
            local ucc = sim.hold(WKUserContentController())
            local released = {}
            local H = NSObject:subclass("H", { tag = "assign" })
            function H:deinit() released[#released + 1] = self.tag end
            local handlers = {}
            for i, name in ipairs({ "b", "a", "c\\"q" }) do handlers[i] = H() handlers[i].tag = name ucc:add(handlers[i], name) end
            sim.drain()
            assert(#released == 0, "the controller keeps its handlers")
            -- A name is printed as a Lua string literal.
            local why = sim.why(handlers[3])
            assert(why:find('[sim.hold] WKUserContentController#4.scriptMessageHandlers["c\\\\"q"] (strong) → H#7', 1, true), why)
            ucc:removeAllScriptMessageHandlers()
            assert(table.concat(released, ",") == 'b,a,c"q', table.concat(released, ","))
            -- A handler without userContentController_didReceive is an unrecognized selector.
            local web = sim.hold(WKWebView())
            web.configuration.userContentController:add(UIView(), "mute")
            local ok, e = pcall(sim.postMessage, web, "mute", 1)
            assert(not ok and e.name == "NSInvalidArgumentException" and e.reason:find("-[UIView userContentController_didReceive]: unrecognized selector", 1, true), tostring(e))
            """)
    }

    @Test func badWebKitArgumentsFailInLuasWords() throws {
        let sandbox = try LuaSandbox()
        for (code, message) in [
            ("WKUserContentController():add(nil, 'x')", "bad argument #1 to 'add' (NSObject expected, got nil)"),
            ("WKUserContentController():add(UIView(), 3)", "bad argument #2 to 'add' (string expected, got number)"),
            ("WKUserContentController():removeScriptMessageHandler()", "bad argument #1 to 'removeScriptMessageHandler' (string expected, got nil)"),
            ("WKWebView(nil, UIView())", "bad argument #2 to 'WKWebView' (WKWebViewConfiguration expected, got UIView)"),
            ("sim.postMessage(nil, 'x')", "bad argument #1 to 'postMessage' (WKWebView expected, got nil)"),
            ("sim.postMessage(UIView(), 'x')", "bad argument #1 to 'postMessage' (WKWebView expected, got UIView)"),
            ("sim.postMessage(WKWebView(), {})", "bad argument #2 to 'postMessage' (string expected, got table)"),
            ("local w = WKWebView() w.configuration.userContentController:add(NSObject(), 'x') local t = {} t[1] = t sim.postMessage(w, 'x', t)", nil),
        ] {
            let outcome = sandbox.run(chunk: code, name: "=bad")
            let first = outcome.message?.split(separator: "\n").first.map(String.init)
            if let message {
                #expect(first == "bad:1: " + message)
            } else {
                // A table containing itself is refused as a property value is (rule 26), an error, never a trap.
                #expect(outcome.status == .scriptError && first?.contains("contains itself") == true, "\(first ?? "")")
            }
        }
        // A dead web view is a zombie message.
        let outcome = sandbox.run(chunk: "local w = WKWebView() sim.drain() sim.postMessage(w, 'x')", name: "=dead")
        #expect(outcome.message?.contains("message sent to deallocated instance") == true, "\(outcome.message ?? "")")
    }

    @Test func rule51_webKitOnOlderProfiles() throws {
        _ = try run("""
            sim.configure{ ios = 7 }
            local ok, e = pcall(WKWebView, nil, WKWebViewConfiguration())
            assert(not ok and e.name == "NSInvalidArgumentException", tostring(e))
            assert(e.reason == "WKWebView is not available on iOS 7 (introduced in iOS 8)", e.reason)
            assert(tostring(e) == "NSInvalidArgumentException: WKWebView is not available on iOS 7 (introduced in iOS 8)")
            assert(WKWebView ~= nil and WKUserContentController ~= nil, "the classes exist as globals on every profile")
            -- removeAllScriptMessageHandlers is iOS 14+.
            local ucc = sim.hold(WKUserContentController())        -- #6 (the refused web view took #5)
            ucc:add(NSObject(), "a")
            sim.configure{ ios = 13 }
            local ok2, e2 = pcall(ucc.removeAllScriptMessageHandlers, ucc)
            assert(not ok2 and e2.name == "NSInvalidArgumentException", tostring(e2))
            assert(e2.reason == "-[WKUserContentController removeAllScriptMessageHandlers]: unrecognized selector sent to instance " .. tostring(ucc):match("#%d+"), e2.reason)
            sim.configure{ ios = 8 }
            local web = sim.hold(WKWebView())
            sim.configure{ ios = 14 }
            ucc:removeAllScriptMessageHandlers()
            """)
    }
}
