-- Pattern · a web view's script message handler keeps its controller — the fix (rules 41, 42: docs/rules.md#rule-41, #rule-42)
--
-- The common fix: the user content controller keeps a small proxy instead of the screen,
-- and the proxy keeps the screen weakly and forwards each message to it
-- (`WeakScriptMessageHandler(delegate: self)`). Nothing on the cycle retains the screen,
-- so it deallocates at the pop, and with it its web view, the configuration, the user
-- content controller and the proxy.
-- Expected: the screen receives the page's messages while on screen, deallocates after
-- the pop with its web view and the proxy; no leaks.
local navApp = require("lib.nav_app")

local WeakScriptMessageHandler = NSObject:subclass("WeakScriptMessageHandler", { delegate = "weak" })
function WeakScriptMessageHandler:init(delegate)
  NSObject.init(self)
  self.delegate = delegate
  return self
end
function WeakScriptMessageHandler:userContentController_didReceive(userContentController, message)
  local delegate = self.delegate
  if delegate then delegate:userContentController_didReceive(userContentController, message) end
end

local WebScreen = UIViewController:subclass("WebScreen", { webView = "strong", messages = "assign" })
local proxy
function WebScreen:viewDidLoad()
  UIViewController.viewDidLoad(self)
  local configuration = WKWebViewConfiguration()
  proxy = WeakScriptMessageHandler(self)
  configuration.userContentController:add(proxy, "dummy")
  self.webView = WKWebView(self.view.bounds, configuration)
  self.view:addSubview(self.webView)
  self.webView:load("https://example.com/page")
end
function WebScreen:userContentController_didReceive(userContentController, message)
  self.messages = (self.messages or 0) + 1
  expect(message.body.action).to.equal("like")
end

local nav = navApp.launch()
local screen = sim.label(WebScreen(), "webScreen")
nav:pushViewController(screen, false)
sim.run(1)
local webView = screen.webView
expect(sim.postMessage(webView, "dummy", { action = "like", id = 7 })).to.equal(true)
expect(screen.messages).to.equal(1)
expect(sim.why(screen):find("scriptMessageHandlers", 1, true) == nil).to.be.truthy()
nav:popViewController(false)
sim.run(3)

expect(screen).to.be.deallocated()
expect(webView).to.be.deallocated()
expect(proxy).to.be.deallocated()
sim.verify()
expect(sim.leaks()).to.be.empty()
